// What the generated round trips (GeneratedModelRoundTripTests) and the structured fuzzer found in
// maps, formats per property and enum payloads in the case element, each reduced to its smallest
// model. Each test asserts the correct behaviour — the value reads back, or the encoder refuses it
// with an EncodingError. All are fixed but one, which stays disabled with its reason (an empty
// `Data` in an optional reads back as nil, as plain `Data?` always has); the generator leaves
// that value out (GeneratedShapes.swift names the test beside the rule). Where the fix is a
// refusal, the generator still leaves the value out, to keep refusals rare.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

/// Whether `value` reads back equal through XMLEncoder → XMLDecoder, or the encoder refuses it
/// with an EncodingError (as for the documented ambiguities); a decoding error or a different
/// value is a write that does not read back.
private func readsBackOrIsRefused<T: Codable & Equatable>(_ value: T, configure: (XMLEncoder) -> Void = { _ in })
    -> Bool
{
    let encoder = XMLEncoder()
    configure(encoder)
    let xml: Data
    do {
        xml = try encoder.encode(value, withRootKey: "r")
    } catch is EncodingError {
        return true
    } catch {
        return false
    }
    return (try? XMLDecoder().decode(T.self, from: xml)) == value
}

private func caseElement(_ encoder: XMLEncoder) { encoder.enumPayloadEncodingStrategy = .caseElement }

/// A collection of its own: an unkeyed container of unkeyed containers.
private struct OwnGrid: Codable, Equatable {
    var rows: [[Int]]
    init(rows: [[Int]]) { self.rows = rows }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for row in rows {
            var nested = container.nestedUnkeyedContainer()
            for item in row { try nested.encode(item) }
        }
    }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var rows: [[Int]] = []
        while !container.isAtEnd {
            var nested = try container.nestedUnkeyedContainer()
            var row: [Int] = []
            while !nested.isAtEnd { row.append(try nested.decode(Int.self)) }
            rows.append(row)
        }
        self.rows = rows
    }
}

/// A list through a single-value container.
private struct ListInASingleValue: Codable, Equatable {
    var value: [String]
    init(_ value: [String]) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode([String].self) }
}

@Suite("Round trips of reduced models") struct ReducedModelRoundTripTests {
    // MARK: - Formats per property

    @Test(.disabled("finding, open: a present empty Data in an optional reads back as nil, as plain Data? always has"))
    func anEmptyDataInAnOptionalIsReadBackAsNil() {
        // Each is written with empty text, `<r><d></d></r>` (`<r u="1"></r>` for the element's
        // own text), which reads back as nil; not refused, as an empty optional string as the
        // element's own text is. (As an attribute, `<r d="" />`, it reads back as Data().)
        struct Wrapped: Codable, Equatable { @OptionalFormatted<HexDataFormat> var d: Data? }
        struct WrappedOptional: Codable, Equatable { var d: Formatted<Base64DataFormat>? }
        struct Items: Codable, Equatable { var d: [Formatted<HexDataFormat>?] }
        struct OwnText: Codable, Equatable {
            @Attribute var u: Int
            @OptionalFormatted<HexDataFormat> var d: Data?
            enum CodingKeys: String, CodingKey {
                case u
                case d = ""
            }
        }
        struct Plain: Codable, Equatable { var d: Data? }
        #expect(readsBackOrIsRefused(Wrapped(d: Data())))
        #expect(readsBackOrIsRefused(WrappedOptional(d: Formatted(Data()))))
        #expect(readsBackOrIsRefused(Items(d: [Formatted(Data())])))
        #expect(readsBackOrIsRefused(OwnText(u: Attribute(1), d: Data())))
        #expect(readsBackOrIsRefused(Plain(d: Data())))
    }

    // MARK: - Maps

    @Test
    func aListAsAMapEntrysContent() {
        struct Strings: Codable, Equatable, XMLMapCoding {
            var m: [String: [String]]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                XMLMapFormat(entry: "e", key: "k", value: nil, keyPlacement: .attribute)
            }
        }
        struct Item: Codable, Equatable { var items: [String] }
        struct Items: Codable, Equatable, XMLMapCoding {
            var m: [String: [Item]]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                XMLMapFormat(entry: "e", key: "k", value: nil, keyPlacement: .attribute)
            }
        }
        // <r><m><e k="a"><e>x</e><e>y</e></e></m></r>: typeMismatch, "Expected to decode String
        // but found element <e>" (the entry itself is read as the one item).
        #expect(readsBackOrIsRefused(Strings(m: ["a": ["x", "y"]])))
        // <r><m><e k="a" /></m></r>: read back as [""].
        #expect(readsBackOrIsRefused(Strings(m: ["a": []])))
        // <r><m><e k="a"><e><items>x</items></e><e><items>y</items></e></e></m></r>: read back,
        // without an error, as [Item(items: [])].
        #expect(readsBackOrIsRefused(Items(m: ["a": [Item(items: ["x"]), Item(items: ["y"])]])))
    }

    @Test
    func aDictionaryAsAMapEntrysContent() {
        struct Nested: Codable, Equatable, XMLMapCoding {
            var m: [String: [String: String]]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                XMLMapFormat(entry: "e", key: "k", value: nil, keyPlacement: .attribute)
            }
        }
        // <r><m><e k="a"><x>1</x></e></m></r>: read back as ["a": ["k": "a", "x": "1"]].
        #expect(readsBackOrIsRefused(Nested(m: ["a": ["x": "1"]])))
    }

    @Test
    func anOptionalListOfOneNilAsAMapValue() {
        struct Map: Codable, Equatable, XMLMapCoding {
            var m: [String: [String?]?]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        // <r xmlns:xsi="…"><m><entry><key>a</key><value xsi:nil="true" /></entry></m></r>: read
        // back as ["a": nil]. (As a property, the encoder refuses it: "An optional list of one nil
        // item cannot be told apart from nil".)
        #expect(readsBackOrIsRefused(Map(m: ["a": [nil]])))
    }

    @Test
    func anOptionalListOfOneEmptyItemAsAMapValue() {
        struct Map: Codable, Equatable, XMLMapCoding {
            var m: [String: [String]?]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        struct Wrapper: Codable, Equatable { var items: [Int] }
        struct Wrappers: Codable, Equatable, XMLMapCoding {
            var m: [String: [Wrapper]?]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        // <r><m><entry><key>a</key><value></value></entry></m></r>: read back as ["a": []] (a
        // list that is not optional, [String], reads back [""]).
        #expect(readsBackOrIsRefused(Map(m: ["a": [""]])))
        // <r><m><entry><key>a</key><value /></entry></m></r>: read back as ["a": []]. (As a
        // property, the encoder refuses it: "A list of one item that is written as an empty
        // element cannot be told apart from an empty list".)
        #expect(readsBackOrIsRefused(Wrappers(m: ["a": [Wrapper(items: [])]])))
    }

    @Test
    func aCollectionOfOneEmptyListAsAMapValue() {
        struct Grids: Codable, Equatable, XMLMapCoding {
            var m: [String: OwnGrid]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        struct Singles: Codable, Equatable, XMLMapCoding {
            var m: [String: ListInASingleValue]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        // <r><m><entry><key>a</key><value /></entry></m></r>: read back as OwnGrid(rows: []). (As a
        // property or a dictionary's value, the encoder refuses it: "A list of one item that is
        // written as an empty element cannot be told apart from an empty list".)
        #expect(readsBackOrIsRefused(Grids(m: ["a": OwnGrid(rows: [[]])])))
        // <r><m><entry><key>a</key><value></value></entry></m></r>: read back as ListInASingleValue([]).
        #expect(readsBackOrIsRefused(Singles(m: ["a": ListInASingleValue([""])])))
    }

    @Test
    func aCaseNamedLikeTheMapsValueElementUnderAKeyStrategy() {
        // Found by the structured fuzzer (Fuzz/Sources/FuzzStructured, which composes these
        // shapes under key strategies): Mapped<String, Choice<Int>, FlatEntries, …>.
        enum Choice: Codable, Equatable {
            case value(Int)
            case empty
        }
        struct Map: Codable, Equatable, XMLMapCoding {
            var m: [String: Choice]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = .capitalized
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromCapitalized
        // <r><M><entry><key>a</key><value><Empty /></value></entry></M></r> (the map's names are
        // written as given): dataCorrupted at m.a.value._0, "Expected to decode Int but found """
        // (the value element is taken for the case `value`). Without a key strategy, or with the
        // case named otherwise, it reads back.
        for value in [Map(m: ["a": .empty]), Map(m: ["a": .value(1)])] {
            #expect((try? decoder.decode(Map.self, from: encoder.encode(value, withRootKey: "r"))) == value)
        }
        // The same without a map: the root element named like a case.
        #expect((try? decoder.decode(Choice.self, from: Data("<value><Empty /></value>".utf8))) == .empty)
    }

    // MARK: - Enum payloads

    @Test
    func aNilOptionalStructPayloadInTheCaseElement() {
        struct Inner: Codable, Equatable { var value: Int }
        enum Payload: Codable, Equatable { case one(Inner?) }
        enum Generic<T: Codable & Equatable>: Codable, Equatable { case one(T) }
        // <r><one /></r>: keyNotFound "value" at one._0 (an empty case element is documented to
        // be nil for an optional payload; the default strategy writes <one><_0 … /></one>).
        #expect(readsBackOrIsRefused(Payload.one(nil), configure: caseElement))
        // <r xmlns:xsi="…"><one xsi:nil="true" /></r>: the same error.
        #expect(readsBackOrIsRefused(Generic<Inner?>.one(nil), configure: caseElement))
    }

    @Test
    func anEmptyOptionalStringThroughAGenericPayload() {
        enum Generic<T: Codable & Equatable>: Codable, Equatable { case one(T) }
        struct OwnText<T: Codable & Equatable>: Codable, Equatable {
            @Attribute var u: Int
            var v: T
            enum CodingKeys: String, CodingKey {
                case u
                case v = ""
            }
        }
        // <r><one></one></r>: read back as .one(nil). The refusal of an empty optional string as
        // the element's own text is made by encodeIfPresent(String?), which a generic payload
        // (encode(T) with T == String?) does not call; `case one(String?)` is refused.
        #expect(readsBackOrIsRefused(Generic<String?>.one(""), configure: caseElement))
        // The same under the "" key of a generic property: <r u="1"></r>, read back as v == nil.
        #expect(readsBackOrIsRefused(OwnText<String?>(u: Attribute(1), v: "")))
    }

    @Test
    func anEmptyListBesideASecondPayload() {
        enum Payload: Codable, Equatable { case both([String], Int) }
        // <r><both><_1>5</_1></both></r>, with either strategy: read back as .both(["5"], 5). The
        // decoder reads a missing _0 as the case element's content even when the case has a _1.
        #expect(readsBackOrIsRefused(Payload.both([], 5)))
        #expect(readsBackOrIsRefused(Payload.both([], 5), configure: caseElement))
    }
}
