// FuzzFieldStream: the libFuzzer entry point for the field stream (`XMLFieldStream`), the runtime
// that `@XMLFieldDecodable`'s generated readers call, against the Codable path.
//
// The models conform to `XMLFieldDecodable` by hand here, with code of the shape the macro
// generates (Sources/XMLFieldMacrosPlugin; Tests/XMLFieldMacrosTests/MacroExpansionTests.swift
// shows it), so that this package needs no swift-syntax: attributes and elements, required and
// optional scalars of several widths, a nested struct and an optional one, lists of structs and
// of strings (appended through the stream, which reserves room for long lists), and fields of
// types with no generated reader (an enum, a `Date`) decoded through Codable for that field alone.
//
// Each input is decoded twice: by `XMLDecoder()` (defaults, so the field stream, with its
// restart through Codable for a repeated single-valued child) and by a decoder whose `userInfo`
// is not empty (so Codable). Both must give equal values, or both throw the same `DecodingError`
// case with the same coding path; anything else is a finding (`fatalError`), as is a crash or a
// sanitizer report. Built with XMLCODABLE_INTERNAL_CHECKS=1 (Docs/Fuzzing.md), the stream's
// unchecked reads are bounds-checked too.
//
// The file is not `main.swift`: libFuzzer provides `main`.

import Foundation
import XMLCodable
import XMLCodableCore

enum Kind: String, Codable, Equatable {
    case a, b
}

struct Tag: Codable, Equatable {
    var k: String
    var v: String?
}

struct Person: Codable, Equatable {
    @Attribute var name: String
    var age: Int?
}

struct Node: Codable, Equatable {
    var id: Int
    var lat: Double?
    var visible: Bool?
    var small: Int8?
    var big: UInt64?
    var ratio: Float?
    var user: String?
    var tags: [Tag]
    var notes: [String]
    var owner: Person?
    var kind: Kind?
    var when: Date?

    enum CodingKeys: String, CodingKey {
        case id, lat, visible, small, big, ratio, user, owner, kind, when
        case tags = "tag"
        case notes = "note"
    }
}

struct Root: Codable, Equatable {
    var title: String
    var main: Person
    var node: [Node]
}

// MARK: - The readers, as the macro generates them

extension Tag: XMLFieldDecodable {
    static let xmlFieldNames = XMLFieldNames(for: Tag.self, [XMLFieldNames.Field("k"), XMLFieldNames.Field("v")])

    init(xmlFields stream: inout XMLFieldStream) throws {
        var _k: String? = nil
        var _v: String? = nil
        let fieldNames = Self.xmlFieldNames
        while let field = try stream.next(in: fieldNames) {
            do {
                switch field {
                case 0: _k = try stream.string()
                default: _v = try stream.optionalString()
                }
            } catch {
                try stream.fail(error)
            }
        }
        guard _k != nil else { throw stream.missing("k", field: 0) }
        try stream.checkFailures()
        self.k = _k.take()!
        self.v = _v.take()
    }
}

extension Person: XMLFieldDecodable {
    static let xmlFieldNames = XMLFieldNames(
        for: Person.self, [XMLFieldNames.Field("name", placement: .attribute), XMLFieldNames.Field("age")])

    init(xmlFields stream: inout XMLFieldStream) throws {
        var _name: String? = nil
        var _age: Int? = nil
        let fieldNames = Self.xmlFieldNames
        while let field = try stream.next(in: fieldNames) {
            do {
                switch field {
                case 0: _name = try stream.string()
                default: _age = try stream.optionalInt()
                }
            } catch {
                try stream.fail(error)
            }
        }
        guard _name != nil else { throw stream.missing("name", field: 0) }
        try stream.checkFailures()
        self._name = Attribute(_name.take()!)
        self.age = _age.take()
    }
}

// Numbered in the order of CodingKeys' cases, as the macro numbers them: synthesized
// `init(from:)` decodes in that order, not the properties', and throws the first error in it.
extension Node: XMLFieldDecodable {
    static let xmlFieldNames = XMLFieldNames(
        for: Node.self,
        [
            XMLFieldNames.Field("id"), XMLFieldNames.Field("lat"), XMLFieldNames.Field("visible"),
            XMLFieldNames.Field("small"), XMLFieldNames.Field("big"), XMLFieldNames.Field("ratio"),
            XMLFieldNames.Field("user"), XMLFieldNames.Field("owner"), XMLFieldNames.Field("kind"),
            XMLFieldNames.Field("when"), XMLFieldNames.Field("tag", isList: true),
            XMLFieldNames.Field("note", isList: true),
        ])

    init(xmlFields stream: inout XMLFieldStream) throws {
        var _id: Int? = nil
        var _lat: Double? = nil
        var _visible: Bool? = nil
        var _small: Int8? = nil
        var _big: UInt64? = nil
        var _ratio: Float? = nil
        var _user: String? = nil
        var _tags: [Tag] = []
        var _notes: [String] = []
        var _owner: Person? = nil
        var _kind: Kind? = nil
        var _when: Date? = nil
        let fieldNames = Self.xmlFieldNames
        while let field = try stream.next(in: fieldNames) {
            do {
                switch field {
                case 0: _id = try stream.int()
                case 1: _lat = try stream.optionalDouble()
                case 2: _visible = try stream.optionalBool()
                case 3: _small = try stream.optionalInt8()
                case 4: _big = try stream.optionalUint64()
                case 5: _ratio = try stream.optionalFloat()
                case 6: _user = try stream.optionalString()
                case 7: _owner = try stream.optionalNestedFields(Person.self)
                case 8: _kind = try stream.optionalNestedFields(Kind.self)
                case 9: _when = try stream.optionalNestedFields(Date.self)
                case 10:
                    do {
                        let item = try stream.nestedFields(Tag.self)
                        stream.append(item, to: &_tags)
                    } catch {
                        try stream.fail(error, item: _tags.count)
                    }
                default:
                    do {
                        let item = try stream.string()
                        stream.append(item, to: &_notes)
                    } catch {
                        try stream.fail(error, item: _notes.count)
                    }
                }
            } catch {
                try stream.fail(error)
            }
        }
        guard _id != nil else { throw stream.missing("id", field: 0) }
        try stream.checkFailures()
        self.id = _id.take()!
        self.lat = _lat.take()
        self.visible = _visible.take()
        self.small = _small.take()
        self.big = _big.take()
        self.ratio = _ratio.take()
        self.user = _user.take()
        self.tags = XMLFieldStream.finished(consume _tags)
        self.notes = XMLFieldStream.finished(consume _notes)
        self.owner = _owner.take()
        self.kind = _kind.take()
        self.when = _when.take()
    }
}

extension Root: XMLFieldDecodable {
    static let xmlFieldNames = XMLFieldNames(
        for: Root.self,
        [XMLFieldNames.Field("title"), XMLFieldNames.Field("main"), XMLFieldNames.Field("node", isList: true)])

    init(xmlFields stream: inout XMLFieldStream) throws {
        var _title: String? = nil
        var _main: Person? = nil
        var _node: [Node] = []
        let fieldNames = Self.xmlFieldNames
        while let field = try stream.next(in: fieldNames) {
            do {
                switch field {
                case 0: _title = try stream.string()
                case 1: _main = try stream.nestedFields(Person.self)
                default:
                    do {
                        let item = try stream.nestedFields(Node.self)
                        stream.append(item, to: &_node)
                    } catch {
                        try stream.fail(error, item: _node.count)
                    }
                }
            } catch {
                try stream.fail(error)
            }
        }
        guard _title != nil else { throw stream.missing("title", field: 0) }
        guard _main != nil else { throw stream.missing("main", field: 1) }
        try stream.checkFailures()
        self.title = _title.take()!
        self.main = _main.take()!
        self.node = XMLFieldStream.finished(consume _node)
    }
}

// MARK: - The comparison (DecodingOutcome.swift: a link to the macro tests' file)

let codable: XMLDecoder = {
    let decoder = XMLDecoder()
    decoder.userInfo[CodingUserInfoKey(rawValue: "forceCodable")!] = true
    return decoder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let stream = DecodingOutcome { try XMLDecoder().decode(Root.self, from: data) }
    let reference = DecodingOutcome { try codable.decode(Root.self, from: data) }
    if stream != reference {
        fatalError(
            """
            the field stream and Codable differ on \(String(decoding: data, as: UTF8.self).debugDescription)
              field stream: \(stream)
              Codable:      \(reference)
            """)
    }
    return 0
}
