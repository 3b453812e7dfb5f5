// What `@XMLFieldDecodable` expands to, and what it refuses: `assertMacroExpansion` (swift-syntax's
// macro test support, in its form that reports through a handler, here to Swift Testing) runs the
// macro's implementation on source text.

#if FieldMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import Testing
import XMLFieldMacrosPlugin

/// `assertMacroExpansion` with `@XMLFieldDecodable`, its failures recorded as issues.
private func expand(
    _ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expanded, diagnostics: diagnostics,
        macroSpecs: ["XMLFieldDecodable": MacroSpec(type: XMLFieldDecodableMacro.self)],
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
}

/// A refused declaration: the source, and the diagnostic's message, line and column.
struct Refusal: Sendable, CustomTestStringConvertible {
    var source: String
    var message: String
    var line: Int
    var column: Int
    var testDescription: String { message }
}

private let refusals = [
    Refusal(
        source: """
            class Book: Codable {
                var title: String = ""
            }
            """,
        message: "@XMLFieldDecodable applies to a struct", line: 1, column: 1),
    Refusal(
        source: """
            enum Kind: String, Codable {
                case a, b
            }
            """,
        message: "@XMLFieldDecodable applies to a struct", line: 1, column: 1),
    Refusal(
        source: """
            struct Box<T: Codable>: Codable {
                var value: T
            }
            """,
        message: "@XMLFieldDecodable does not handle generic structs", line: 2, column: 8),
    Refusal(
        source: """
            struct Book: Codable {
                var title: String
                init(from decoder: any Decoder) throws { title = "" }
            }
            """,
        message: "@XMLFieldDecodable cannot be used with a custom init(from:): the generated reader would not run it",
        line: 4, column: 5),
    Refusal(
        source: """
            struct Book: Codable {
                var title = ""
            }
            """,
        message: "@XMLFieldDecodable needs the type of 'title' written out", line: 3, column: 9),
    Refusal(
        source: """
            struct Book: Codable {
                var titles: [String: Int]
            }
            """,
        message: "'titles': a Dictionary has no generated reader; decode this type with Codable", line: 3,
        column: 17),
    Refusal(
        source: """
            struct Book: Codable {
                @Formatted<HTTPDateFormat> var date: Date
            }
            """,
        message: "@XMLFieldDecodable reads @Attribute, @Element and @ElementAndAttribute alone; a property with "
            + "@Formatted needs Codable (remove @XMLFieldDecodable)",
        line: 3, column: 5),
    Refusal(
        source: """
            struct Book: Codable {
                @Attribute var tags: [String]
            }
            """,
        message: "'tags': @XMLFieldDecodable does not read a list in a placement wrapper; declare it without the "
            + "wrapper",
        line: 3, column: 26),
    Refusal(
        source: """
            struct Book: Codable, DynamicNodeDecoding {
                var title: String
            }
            """,
        message: "@XMLFieldDecodable cannot be used with DynamicNodeDecoding: a type that places its keys itself is "
            + "decoded through Codable",
        line: 2, column: 23),
    Refusal(
        source: """
            struct Price: Codable {
                var value: Double
                enum CodingKeys: String, CodingKey {
                    case value = ""
                }
            }
            """,
        message: "@XMLFieldDecodable does not read the key \"\" (an element's text, a Clark name or a namespace "
            + "declaration); decode this type with Codable",
        line: 5, column: 14),
    Refusal(
        source: """
            struct Pair: Codable {
                var a: String
                var b: String
                enum CodingKeys: String, CodingKey {
                    case a = "x"
                    case b = "x"
                }
            }
            """,
        message: "'b' and 'a' have the same name \"x\"", line: 4, column: 9),
]

@Suite("@XMLFieldDecodable expansion")
struct MacroExpansionTests {
    @Test("a plain struct")
    func plain() {
        expand(
            """
            @XMLFieldDecodable
            struct Tag: Codable {
                var k: String
                var v: Int
            }
            """,
            """
            struct Tag: Codable {
                var k: String
                var v: Int
            }

            extension Tag: XMLCodableCore.XMLFieldDecodable {
                static let xmlFieldNames = XMLCodableCore.XMLFieldNames(
                    for: Tag.self, [XMLCodableCore.XMLFieldNames.Field("k"), XMLCodableCore.XMLFieldNames.Field("v")])
                @inline(__always) init(xmlFields stream: inout XMLCodableCore.XMLFieldStream) throws {
                    var _k: String? = nil
                    var _v: Int? = nil
                    let fieldNames = Self.xmlFieldNames
                    while let field = try stream.next(in: fieldNames) {
                        do {
                            switch field {
                            case 0:
                                _k = try stream.string()
                            default:
                                _v = try stream.int()
                            }
                        } catch {
                            try stream.fail(error)
                        }
                    }
                    guard _k != nil else {
                        throw stream.missing("k", field: 0)
                    }
                    guard _v != nil else {
                        throw stream.missing("v", field: 1)
                    }
                    try stream.checkFailures()
                    self.k = _k.take()!
                    self.v = _v.take()!
                }
            }
            """)
    }

    @Test("CodingKeys renames and orders (the fields numbered as its cases), optionals, lists, a public struct, a let")
    func renamedOptionalsLists() {
        expand(
            """
            @XMLFieldDecodable
            public struct Node: Codable {
                public let id: Int64
                public var user: String?
                public var score: Float?
                public var tags: [Tag]
                public var owner: Person?
                public var seen: [Date]
                let kind = "node"

                enum CodingKeys: String, CodingKey {
                    case id, user, score, owner
                    case tags = "tag"
                    case seen = "seen-at"
                }
            }
            """,
            """
            public struct Node: Codable {
                public let id: Int64
                public var user: String?
                public var score: Float?
                public var tags: [Tag]
                public var owner: Person?
                public var seen: [Date]
                let kind = "node"

                enum CodingKeys: String, CodingKey {
                    case id, user, score, owner
                    case tags = "tag"
                    case seen = "seen-at"
                }
            }

            extension Node: XMLCodableCore.XMLFieldDecodable {
                public static let xmlFieldNames = XMLCodableCore.XMLFieldNames(
                    for: Node.self, [XMLCodableCore.XMLFieldNames.Field("id"), XMLCodableCore.XMLFieldNames.Field("user"), XMLCodableCore.XMLFieldNames.Field("score"), XMLCodableCore.XMLFieldNames.Field("owner"), XMLCodableCore.XMLFieldNames.Field("tag", isList: true), XMLCodableCore.XMLFieldNames.Field("seen-at", isList: true)])
                @inline(__always) public init(xmlFields stream: inout XMLCodableCore.XMLFieldStream) throws {
                    var _id: Int64? = nil
                    var _user: String? = nil
                    var _score: Float? = nil
                    var _owner: Person? = nil
                    var _tags: [Tag] = []
                    var _seen: [Date] = []
                    let fieldNames = Self.xmlFieldNames
                    while let field = try stream.next(in: fieldNames) {
                        do {
                            switch field {
                            case 0:
                                _id = try stream.int64()
                            case 1:
                                _user = try stream.optionalString()
                            case 2:
                                _score = try stream.optionalFloat()
                            case 3:
                                _owner = try stream.optionalNestedFields(Person.self)
                            case 4:
                                do {
                                    let item = try stream.nestedFields(Tag.self)
                                    stream.append(item, to: &_tags)
                                } catch {
                                    try stream.fail(error, item: _tags.count)
                                }
                            default:
                                do {
                                    let item = try stream.nestedFields(Date.self)
                                    stream.append(item, to: &_seen)
                                } catch {
                                    try stream.fail(error, item: _seen.count)
                                }
                            }
                        } catch {
                            try stream.fail(error)
                        }
                    }
                    guard _id != nil else {
                        throw stream.missing("id", field: 0)
                    }
                    try stream.checkFailures()
                    self.id = _id.take()!
                    self.user = _user.take()
                    self.score = _score.take()
                    self.owner = _owner.take()
                    self.tags = XMLCodableCore.XMLFieldStream.finished(consume _tags)
                    self.seen = XMLCodableCore.XMLFieldStream.finished(consume _seen)
                }
            }
            """)
    }

    @Test("placement wrappers: where each field is read, the wrapper's storage assigned")
    func wrappers() {
        expand(
            """
            @XMLFieldDecodable
            struct Book: Codable {
                @Attribute var id: Int
                @Element var title: String
                @ElementAndAttribute var isbn: String?
            }
            """,
            """
            struct Book: Codable {
                @Attribute var id: Int
                @Element var title: String
                @ElementAndAttribute var isbn: String?
            }

            extension Book: XMLCodableCore.XMLFieldDecodable {
                static let xmlFieldNames = XMLCodableCore.XMLFieldNames(
                    for: Book.self, [XMLCodableCore.XMLFieldNames.Field("id", placement: .attribute), XMLCodableCore.XMLFieldNames.Field("title", placement: .element), XMLCodableCore.XMLFieldNames.Field("isbn")])
                @inline(__always) init(xmlFields stream: inout XMLCodableCore.XMLFieldStream) throws {
                    var _id: Int? = nil
                    var _title: String? = nil
                    var _isbn: String? = nil
                    let fieldNames = Self.xmlFieldNames
                    while let field = try stream.next(in: fieldNames) {
                        do {
                            switch field {
                            case 0:
                                _id = try stream.int()
                            case 1:
                                _title = try stream.string()
                            default:
                                _isbn = try stream.optionalString()
                            }
                        } catch {
                            try stream.fail(error)
                        }
                    }
                    guard _id != nil else {
                        throw stream.missing("id", field: 0)
                    }
                    guard _title != nil else {
                        throw stream.missing("title", field: 1)
                    }
                    try stream.checkFailures()
                    self._id = XMLCodableCore.Attribute(_id.take()!)
                    self._title = XMLCodableCore.Element(_title.take()!)
                    self._isbn = XMLCodableCore.ElementAndAttribute(_isbn.take())
                }
            }
            """)
    }

    @Test("what the macro refuses, and why", arguments: refusals)
    func refused(_ refusal: Refusal) {
        expand(
            "@XMLFieldDecodable\n" + refusal.source, refusal.source,
            diagnostics: [DiagnosticSpec(message: refusal.message, line: refusal.line, column: refusal.column)])
    }
}
#endif
