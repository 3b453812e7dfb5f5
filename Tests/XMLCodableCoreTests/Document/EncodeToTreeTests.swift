// XMLEncoder.encodeToTree builds the tree from the encoder's own element tree, without writing
// bytes: for every model and setting, the tree equals what the reader makes of `encode`'s
// compact output, and what the encoder or a reader refuses is refused.

import Foundation
import Testing
@testable import XMLCodableCore

private let stock = "https://example.com/stock"
private let soap = "http://www.w3.org/2003/05/soap-envelope"

private struct Book: Codable, Equatable {
    @Attribute var id: Int
    var title: String
    var authors: [String]
    var note: String?
    var price: Double
}

private struct Catalog: Codable, Equatable {
    @Attribute var version: String
    var book: [Book]
    var tags: [String: String]
}

private struct Mixed: Codable, Equatable {
    @Attribute var lang: String
    var text: String
    enum CodingKeys: String, CodingKey {
        case lang = "xml:lang"
        case text = ""
    }
}

private struct Special: Codable, Equatable {
    @Attribute var quote: String
    var body: String
    var empty: String
    var spaces: String
    var cdataish: String
}

/// A quote declaring its own prefix (`q`) inside a SOAP body whose names the encoder prefixes.
private struct Quote: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["q": stock]
    var symbol: String
    @Attribute var currency: String
    enum CodingKeys: String, CodingKey {
        case symbol = "{https://example.com/stock}Symbol"
        case currency = "{https://example.com/stock}currency"
    }
}

private struct Envelope: Codable, Equatable {
    var body: Body
    enum CodingKeys: String, CodingKey { case body = "{http://www.w3.org/2003/05/soap-envelope}Body" }
    struct Body: Codable, Equatable {
        @Attribute var id: String
        var quote: Quote
        var audit: String?
        enum CodingKeys: String, CodingKey {
            case id = "{https://example.com/stock}id"
            case quote = "{https://example.com/stock}Quote"
            case audit = "{https://example.com/stock}Audit"
        }
    }
}

private struct DefaultNamespaced: Codable, Equatable {
    var item: [String]
    var inner: Inner
    struct Inner: Codable, Equatable {
        var value: String
    }
}

private struct SnakeCase: Codable, Equatable {
    var firstName: String
    var lastName: String
    @Attribute var userID: Int
}

private struct Grouped: Codable, Equatable {
    @Attribute var outer: String
    var content: Inner
    var after: String
    enum CodingKeys: String, CodingKey {
        case outer
        case content = ""
        case after
    }
    struct Inner: Codable, Equatable {
        @Attribute var hoisted: String
        var first: String
        var second: [Int]
    }
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(side: Double)
}

private struct Shapes: Codable, Equatable {
    var shape: [Shape]
}

/// Encoder settings a case is run with.
private struct Setting: Sendable, CustomTestStringConvertible {
    let name: String
    let configure: @Sendable (XMLEncoder) -> Void
    var testDescription: String { name }
}

private let settings: [Setting] = [
    Setting(name: "defaults") { _ in },
    Setting(name: "compact, minimal escaping") { $0.outputFormatting = [.compactEmptyElements, .minimalEscaping] },
    Setting(name: "sorted keys") { $0.outputFormatting = [.sortedKeys] },
    Setting(name: "sorted, no empty elements") { $0.outputFormatting = [.sortedKeys, .noEmptyElements] },
    Setting(name: "CDATA strings") { $0.stringEncodingStrategy = .cdata },
    Setting(name: "CDATA strings, compact") {
        $0.stringEncodingStrategy = .cdata
        $0.outputFormatting = [.compactEmptyElements]
    },
    Setting(name: "snake case keys, xsi:nil") {
        $0.keyEncodingStrategy = .convertToSnakeCase
        $0.nilEncodingStrategy = .xsiNil
    },
    Setting(name: "empty elements for nil, custom tables") {
        $0.nilEncodingStrategy = .emptyElement
        $0.charactersEscapedInElements = [("&", "&amp;"), ("é", "&#233;")]
    },
]

/// The tree `encodeToTree` builds, and the tree the reader makes of `encode`'s output.
private func bothTrees<T: Encodable>(
    _ value: T, rootKey: String, rootAttributes: [String: String]? = nil, header: XMLHeader? = nil, _ setting: Setting
) throws -> (built: XMLTree, parsed: XMLTree) {
    let encoder = XMLEncoder()
    setting.configure(encoder)
    let built = try encoder.encodeToTree(value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header)
    let data = try encoder.encode(value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header)
    var options = XMLReader.Options()
    options.limits.maxDepth = XMLTree.maxDepth
    return (built, try XMLTree(parsing: data, options: options))
}

@Suite("encodeToTree builds what the reader reads from encode") struct EncodeToTreeTests {
    fileprivate static let catalog = Catalog(
        version: Attribute("2"),
        book: [
            Book(id: Attribute(1), title: "Swift & XML <1>", authors: ["Ann", "Bob"], note: nil, price: 12.5),
            Book(id: Attribute(2), title: "", authors: [], note: "\"quoted\" 'single' \r\n\ttab", price: 0),
        ],
        tags: ["b": "two", "a": "one"])

    @Test(arguments: settings)
    fileprivate func nestedModelsListsAndAttributes(_ setting: Setting) throws {
        let (built, parsed) = try bothTrees(
            Self.catalog, rootKey: "catalog", header: XMLHeader(version: 1.0, encoding: "UTF-8"), setting)
        #expect(built == parsed)
        #expect(built.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8"))
    }

    @Test(arguments: settings)
    fileprivate func specialCharactersAndEmptyStrings(_ setting: Setting) throws {
        let value = Special(
            quote: "a\"b'c<d>&e\t\n\r", body: "x]]>y]]]>z & <tag> é \u{10FFFF}", empty: "", spaces: "  \n  ",
            cdataish: "<![CDATA[ ]]> \r\n")
        let (built, parsed) = try bothTrees(value, rootKey: "s", setting)
        #expect(built == parsed)
        // An empty string is an empty element (as CDATA without compactEmptyElements, an empty section).
        let empty = try #require(built.root["empty"].element)
        #expect(empty.children == [] || empty.children == [.cdata("")])
        #expect(empty.text == "")
    }

    @Test(arguments: settings)
    fileprivate func textWithAttributesAndGroups(_ setting: Setting) throws {
        let mixed = try bothTrees(Mixed(lang: Attribute("en"), text: "Hello & bye"), rootKey: "p", setting)
        #expect(mixed.built == mixed.parsed)
        #expect(mixed.built.root.attributes.first?.name.namespaceURI == "http://www.w3.org/XML/1998/namespace")
        let grouped = try bothTrees(
            Grouped(
                outer: Attribute("o"), content: .init(hoisted: Attribute("h"), first: "1", second: [2, 3]), after: "a"),
            rootKey: "g",
            rootAttributes: ["z": "1", "a": "2"], setting)
        #expect(grouped.built == grouped.parsed)
        let shapes = try bothTrees(Shapes(shape: [.circle(radius: 1), .square(side: 2)]), rootKey: "shapes", setting)
        #expect(shapes.built == shapes.parsed)
    }

    @Test(arguments: settings)
    fileprivate func namespacesWithPrefixesAndADefaultNamespace(_ setting: Setting) throws {
        let envelope = Envelope(
            body: .init(id: Attribute("7"), quote: Quote(symbol: "IBM", currency: Attribute("USD")), audit: "yes"))
        let prefixed = try bothTrees(
            envelope, rootKey: "{\(soap)}Envelope", rootAttributes: ["xmlns:soap": soap], setting)
        #expect(prefixed.built == prefixed.parsed)
        let body = try #require(prefixed.built.root.children.first?.element)
        #expect(body.name.namespaceURI == soap)
        #expect(body.attributes.first { $0.name.localName == "id" }?.name.namespaceURI == stock)
        let defaulted = try bothTrees(
            DefaultNamespaced(item: ["a", "b"], inner: .init(value: "v")), rootKey: "list",
            rootAttributes: ["xmlns": "urn:default"], setting)
        #expect(defaulted.built == defaulted.parsed)
        #expect(defaulted.built.root["item"].element?.name.namespaceURI == "urn:default")
        // An attribute without a prefix is in no namespace; a declaration is in none either.
        #expect(defaulted.built.root.attributes.allSatisfy { $0.name.namespaceURI == nil })
    }

    @Test(arguments: settings)
    fileprivate func keyStrategies(_ setting: Setting) throws {
        let (built, parsed) = try bothTrees(
            SnakeCase(firstName: "A", lastName: "B", userID: Attribute(3)), rootKey: "user", setting)
        #expect(built == parsed)
    }

    @Test func snakeCaseNamesAreTheStrategysNames() throws {
        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let tree = try encoder.encodeToTree(
            SnakeCase(firstName: "A", lastName: "B", userID: Attribute(3)), withRootKey: "user")
        #expect(tree.root.children.compactMap { $0.element?.name.qualifiedName } == ["first_name", "last_name"])
        #expect(tree.root.attributes["user_id"] == "3")
    }

    @Test func cdataIsSplitAndTextWithCarriageReturnsIsText() throws {
        let encoder = XMLEncoder()
        encoder.stringEncodingStrategy = .cdata
        struct Note: Encodable {
            var a: String
            var b: String
            var c: String
        }
        let tree = try encoder.encodeToTree(Note(a: "x]]>y", b: "one\rtwo", c: ""), withRootKey: "n")
        #expect(tree.root["a"].element?.children == [.cdata("x]]"), .cdata(">y")])
        #expect(tree.root["b"].element?.children == [.text("one\rtwo")])
        #expect(tree.root["c"].element?.children == [.cdata("")])
    }

    @Test func refusalsAreTheEncoders() throws {
        struct Bad: Encodable { var value: String }
        let encoder = XMLEncoder()
        // A character XML cannot carry, a name that is not a name, a declaration that would lie.
        #expect(throws: EncodingError.self) { try encoder.encodeToTree(Bad(value: "\u{1}"), withRootKey: "r") }
        #expect(throws: EncodingError.self) { try encoder.encodeToTree(Bad(value: "v"), withRootKey: "1r") }
        #expect(throws: EncodingError.self) {
            try encoder.encodeToTree(Bad(value: "v"), withRootKey: "r", header: XMLHeader(version: 2.0))
        }
        #expect(throws: EncodingError.self) {
            try encoder.encodeToTree(Bad(value: "v"), withRootKey: "r", header: XMLHeader(encoding: "UTF-8"))
        }
        #expect(throws: EncodingError.self) {
            try encoder.encode(Bad(value: "v"), withRootKey: "r", header: XMLHeader(encoding: "UTF-8"))
        }
    }

    /// What the encoder writes but a reader refuses (a prefix nothing declares) cannot be held
    /// as a tree, as it could not when the tree was read back from the bytes.
    @Test func whatAReaderRefusesIsRefused() throws {
        struct Prefixed: Encodable {
            var value: String
            enum CodingKeys: String, CodingKey { case value = "p:value" }
        }
        let encoder = XMLEncoder()
        let data = try encoder.encode(Prefixed(value: "v"), withRootKey: "r")
        #expect(throws: XMLParsingError.self) { try XMLTree(parsing: data) }
        do {
            _ = try encoder.encodeToTree(Prefixed(value: "v"), withRootKey: "r")
            Issue.record("expected an EncodingError")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(
                context.debugDescription
                    == "The encoded document cannot be held as a tree: the namespace prefix 'p' is not declared.")
        }
        // Declared through the root attributes, the same name is fine.
        let declared = try bothTrees(
            Prefixed(value: "v"), rootKey: "r", rootAttributes: ["xmlns:p": "urn:p"], settings[0])
        #expect(declared.built == declared.parsed)
        #expect(declared.built.root.children.first?.element?.name.namespaceURI == "urn:p")
    }

    /// Misused namespace bindings and two attributes with one expanded name, declared through
    /// the root attributes: refused as the reader refuses the bytes `encode` writes.
    @Test(arguments: [
        (
            ["xmlns:a": "urn:same", "xmlns:b": "urn:same", "a:x": "1", "b:x": "2"],
            "attribute b:x has the namespace and local name of another"
        ),
        (
            ["xmlns": "http://www.w3.org/XML/1998/namespace"],
            "the default namespace cannot be http://www.w3.org/XML/1998/namespace"
        ),
        (
            ["xmlns:x": "http://www.w3.org/XML/1998/namespace"],
            "only the prefix 'xml' can be bound to http://www.w3.org/XML/1998/namespace, and only to it"
        ),
        (
            ["xmlns:xml": "urn:other"],
            "only the prefix 'xml' can be bound to http://www.w3.org/XML/1998/namespace, and only to it"
        ),
        (["xmlns:p": "http://www.w3.org/2000/xmlns/"], "no prefix can be bound to http://www.w3.org/2000/xmlns/"),
        (["xmlns:p": ""], "the prefix 'p' cannot be undeclared (an empty namespace name)"),
        (["q:id": "1"], "the namespace prefix 'q' is not declared"),
    ])
    func namespaceMisuseIsRefused(rootAttributes: [String: String], message: String) throws {
        struct Empty: Encodable {}
        let encoder = XMLEncoder()
        let data = try encoder.encode(Empty(), withRootKey: "r", rootAttributes: rootAttributes)
        #expect(throws: XMLParsingError.self) { try XMLTree(parsing: data) }
        do {
            _ = try encoder.encodeToTree(Empty(), withRootKey: "r", rootAttributes: rootAttributes)
            Issue.record("expected an EncodingError for \(rootAttributes)")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription == "The encoded document cannot be held as a tree: \(message).")
        }
    }

    /// The tree is laid out as a store of its own (no values made per node): its elements have no
    /// source positions, it decodes back to the model, a decoding error says where it was built,
    /// and a changed element leaves the rest of the tree as it was.
    @Test func theTreeDecodesAndChangesAsAnyTree() throws {
        let encoder = XMLEncoder()
        var tree = try encoder.encodeToTree(Self.catalog, withRootKey: "catalog")
        #expect(tree.root.sourceLocation == nil)
        #expect(tree.root["book"].element?.sourceLocation(ofAttribute: "id") == nil)
        #expect(try XMLDecoder().decode(Catalog.self, from: tree) == Self.catalog)
        #expect(try XMLDecoder().decode(Book.self, from: tree.root["book"][1].require()) == Self.catalog.book[1])
        struct Priced: Decodable { var price: Int }
        do {
            _ = try XMLDecoder().decode(Priced.self, from: tree.root["book"][0].require())
            Issue.record("12.5 is not an Int")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("built in code (no source position)"))
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.debugDescription.contains("built in code (no source position)"))
        }
        tree.root.attributes["version"] = "3"
        var expected = Self.catalog
        expected.version = "3"
        #expect(try XMLDecoder().decode(Catalog.self, from: tree) == expected)
        // A tree is written compactly, with minimal escaping (see aTreeWrittenIsTheEncodersCompactOutput).
        encoder.outputFormatting = [.compactEmptyElements, .minimalEscaping]
        #expect(try tree.xmlData() == encoder.encode(expected, withRootKey: "catalog"))
    }

    @Test func aTreeWrittenIsTheEncodersCompactOutput() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = [.compactEmptyElements, .minimalEscaping]
        let tree = try encoder.encodeToTree(Self.catalog, withRootKey: "catalog")
        #expect(try tree.xmlData() == encoder.encode(Self.catalog, withRootKey: "catalog"))
        encoder.outputFormatting = [.compactEmptyElements, .minimalEscaping, .prettyPrinted]
        #expect(
            try tree.xmlData(outputFormatting: .prettyPrinted) == encoder.encode(Self.catalog, withRootKey: "catalog"))
    }
}
