// The key-name table (KeyNameTable.swift): a key type whose values are one byte or none has its
// keys' names learnt once per decoding call and found again by that byte. Every kind of such a key
// type must read the same values as a key type of strings would, the names that take the usual
// path (Clark, `_0`) must still take it, the empty name (the element's own text) must read as it
// does by its string, and two key types in one call must not mix.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderKeyNameTableTests {
    /// A synthesized `CodingKeys` with raw values (one byte): names that differ from the cases.
    struct Point: Codable, Equatable {
        var lat: Double
        var lon: Double
        var ele: Double?
        var time: String?
        var name: String?
        var sat: Int?

        enum CodingKeys: String, CodingKey {
            case lat, lon, ele, time
            case name = "nm"
            case sat = "gps:sat"
        }
    }

    struct Track: Codable, Equatable {
        var name: String?
        var points: [Point]

        enum CodingKeys: String, CodingKey {
            case name
            case points = "trkpt"
        }
    }

    @Test func sparseItemsReadTheirOwnKeysEveryTime() throws {
        let xml = """
            <trk xmlns:gps="urn:gps"><name>T</name>\
            <trkpt lat="1" lon="2"><ele>3</ele></trkpt>\
            <trkpt lat="4" lon="5"><time>t5</time><nm>five</nm></trkpt>\
            <trkpt lat="6" lon="7"/>\
            <trkpt lat="8" lon="9"><gps:sat>12</gps:sat><ele>10</ele></trkpt>\
            </trk>
            """
        let track = try decode(Track.self, xml)
        #expect(
            track
                == Track(
                    name: "T",
                    points: [
                        Point(lat: 1, lon: 2, ele: 3),
                        Point(lat: 4, lon: 5, time: "t5", name: "five"),
                        Point(lat: 6, lon: 7),
                        Point(lat: 8, lon: 9, ele: 10, sat: 12),
                    ]))
    }

    /// A key type of one case has no bytes at all: its one value is entry 0.
    struct One: Decodable, Equatable {
        var only: String?
        enum CodingKeys: CodingKey { case only }
    }

    @Test func aKeyTypeOfOneCaseIsFound() throws {
        #expect(MemoryLayout<One.CodingKeys>.size == 0)
        #expect(
            try decode([One].self, "<l><i><only>a</only></i><i/><i><only>c</only></i></l>") == [
                One(only: "a"), One(only: nil), One(only: "c"),
            ])
    }

    /// Keys written by hand as a one-byte struct and as an enum with a `Bool` payload: one byte
    /// each, told apart by that byte whatever the type.
    struct Flag: CodingKey {
        var on: Bool
        var stringValue: String { on ? "yes" : "no" }
        init(on: Bool) { self.on = on }
        init?(stringValue: String) {
            switch stringValue {
            case "yes": on = true
            case "no": on = false
            default: return nil
            }
        }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    enum Switch: CodingKey {
        case state(Bool)
        case label

        var stringValue: String {
            switch self {
            case .state(let on): on ? "up" : "down"
            case .label: "label"
            }
        }
        init?(stringValue: String) {
            switch stringValue {
            case "up": self = .state(true)
            case "down": self = .state(false)
            case "label": self = .label
            default: return nil
            }
        }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    struct Handmade: Decodable, Equatable {
        var yes: String?
        var no: String?
        var up: String?
        var down: String?
        var label: String?

        init(yes: String? = nil, no: String? = nil, up: String? = nil, down: String? = nil, label: String? = nil) {
            (self.yes, self.no, self.up, self.down, self.label) = (yes, no, up, down, label)
        }

        init(from decoder: any Decoder) throws {
            let flags = try decoder.container(keyedBy: Flag.self)
            let switches = try decoder.container(keyedBy: Switch.self)
            // Interleaved, twice: the two tables must not mix, and the second asks find the names.
            for _ in 0..<2 {
                yes = try flags.decodeIfPresent(String.self, forKey: Flag(on: true))
                up = try switches.decodeIfPresent(String.self, forKey: .state(true))
                no = try flags.decodeIfPresent(String.self, forKey: Flag(on: false))
                down = try switches.decodeIfPresent(String.self, forKey: .state(false))
                label = try switches.decodeIfPresent(String.self, forKey: .label)
            }
        }
    }

    @Test func handmadeOneByteKeysKeepTheirValuesApart() throws {
        #expect(MemoryLayout<Flag>.size == 1)
        #expect(MemoryLayout<Switch>.size == 1)
        let items = try decode(
            [Handmade].self,
            #"<l><i yes="Y" down="D"><label>L</label></i><i no="N" up="U"/><i/></l>"#)
        #expect(
            items == [
                Handmade(yes: "Y", down: "D", label: "L"), Handmade(no: "N", up: "U"), Handmade(),
            ])
    }

    /// The names the plain path does not take: the element's own text (`""`, answered from its
    /// entry), a Clark name, and an enum case's payload (`_0`), which stay on the usual path each
    /// time they are asked for.
    struct Special: Decodable, Equatable {
        var text: String
        var clark: String?
        var plain: String?

        enum CodingKeys: String, CodingKey {
            case text = ""
            case clark = "{urn:x}c"
            case plain = "p"
        }
    }

    @Test func emptyAndClarkKeysStillTakeTheirOwnPath() throws {
        let xml = #"<l xmlns:x="urn:x"><i x:c="1" p="2">a</i><i>b</i><i x:c="3">c</i></l>"#
        let items = try decode([Special].self, xml) { $0.shouldProcessNamespaces = true }
        #expect(
            items == [
                Special(text: "a", clark: "1", plain: "2"), Special(text: "b"), Special(text: "c", clark: "3"),
            ])
    }

    /// The element's own text under the `""` key, known from the table after the first item: as
    /// a string (one run, references, runs joined across CDATA, empty), an optional (`nil` when
    /// empty) and a number, each item read for itself.
    struct Content: Decodable, Equatable {
        var text: String
        var kind: String?

        enum CodingKeys: String, CodingKey {
            case text = ""
            case kind
        }
    }

    struct OptionalContent: Decodable, Equatable {
        var text: String?
        var number: Int?

        enum CodingKeys: String, CodingKey {
            case text = ""
            case number = "n"
        }
    }

    struct NumberContent: Decodable, Equatable {
        var value: Int

        enum CodingKeys: String, CodingKey {
            case value = ""
        }
    }

    @Test func theElementsOwnTextIsReadFromItsEntry() throws {
        let xml = """
            <l><i kind="a">one</i><i>x &amp; y</i><i kind="c"><![CDATA[<b>]]> and more</i>            <i kind="d"/><i>last</i></l>
            """
        #expect(
            try decode([Content].self, xml) == [
                Content(text: "one", kind: "a"), Content(text: "x & y"), Content(text: "<b> and more", kind: "c"),
                Content(text: "", kind: "d"), Content(text: "last"),
            ])
        #expect(
            try decode([OptionalContent].self, #"<l><i>a</i><i n="2"/><i n="3">c</i></l>"#) == [
                OptionalContent(text: "a"), OptionalContent(number: 2), OptionalContent(text: "c", number: 3),
            ])
        #expect(try decode([NumberContent].self, "<l><i>1</i><i>22</i><i>-3</i></l>").map(\.value) == [1, 22, -3])
        #expect(throws: DecodingError.self) {
            try decode([NumberContent].self, "<l><i>1</i><i>two</i></l>")
        }
    }

    /// An optional own text of an element with attributes: `nil` without character data (no
    /// text, or blank text when values are trimmed), the text otherwise; blank text is kept when
    /// values are not trimmed. The plain path and the full one agree on each.
    @Test func anOptionalOwnTextBesideAttributesIsNilOnlyWithoutCharacterData() throws {
        let xml = #"<l><i n="1"/><i n="2"></i><i n="3">  </i><i n="4"> d </i><i n="5">e<!-- c -->f</i></l>"#
        #expect(
            try decode([OptionalContent].self, xml) == [
                OptionalContent(number: 1), OptionalContent(number: 2), OptionalContent(number: 3),
                OptionalContent(text: "d", number: 4), OptionalContent(text: "ef", number: 5),
            ])
        #expect(
            try decode([OptionalContent].self, xml) { $0.trimValueWhitespaces = false } == [
                OptionalContent(number: 1), OptionalContent(number: 2), OptionalContent(text: "  ", number: 3),
                OptionalContent(text: " d ", number: 4), OptionalContent(text: "ef", number: 5),
            ])
    }

    /// A list item's path is lent to its decoding, not kept: an error in the third item still
    /// names the item's position and its key (the element's own text, `""`).
    @Test func anErrorInAListItemNamesItsPosition() throws {
        let error = decodingError([NumberContent].self, "<l><i>1</i><i>2</i><i>three</i></l>")
        #expect(error?.fullPath == ["2", ""])
    }

    enum Shape: Decodable, Equatable {
        case circle(Double)
        case square(side: Double)
    }

    @Test func anEnumCasePayloadIsStillFound() throws {
        let shapes = try decode(
            [Shape].self, "<l><circle>2</circle><square><side>3</side></square><circle>4</circle></l>")
        #expect(shapes == [.circle(2), .square(side: 3), .circle(4)])
    }

    /// A missing required key is still reported with its name, after its table entry is known.
    @Test func aMissingKeyIsReportedByName() throws {
        #expect {
            _ = try decode([Point].self, #"<l><p lat="1" lon="2"/><p lat="3"/></l>"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "lon"
        }
    }

    /// One decoder reused for calls of different models: the tables it keeps stay right.
    @Test func aReusedDecoderKeepsItsTablesRight() throws {
        let decoder = XMLDecoder()
        for _ in 0..<3 {
            let track = try decoder.decode(
                Track.self, from: Data(#"<trk><trkpt lat="1" lon="2"><nm>a</nm></trkpt></trk>"#.utf8))
            #expect(track.points == [Point(lat: 1, lon: 2, name: "a")])
            let one = try decoder.decode(One.self, from: Data("<i><only>x</only></i>".utf8))
            #expect(one == One(only: "x"))
        }
    }

    /// A key type per type argument: each instantiation is a type of its own, with its own table.
    enum GenericKey<T>: CodingKey {
        case a, b
    }
    struct Nest<T> {}

    struct Probe<T>: Decodable, Equatable {
        var a: String?
        var b: String?
        init(a: String?, b: String?) { (self.a, self.b) = (a, b) }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: GenericKey<T>.self)
            a = try container.decodeIfPresent(String.self, forKey: .a)
            b = try container.decodeIfPresent(String.self, forKey: .b)
        }
    }

    /// Decodes `<p a="…"><b>…</b></p>` keyed by `GenericKey<T>`, then with `Nest<T>` for `T`,
    /// `count` times: as many key types as that, more than the tables kept.
    static func decodeWithKeyTypes<T>(_ type: T.Type, count: Int, found: inout Int) throws {
        guard count > 0 else { return }
        let probe = try decode(Probe<T>.self, #"<p a="x\#(count)"><b>y</b></p>"#)
        if probe == Probe(a: "x\(count)", b: "y") { found += 1 }
        try decodeWithKeyTypes(Nest<T>.self, count: count - 1, found: &found)
    }

    @Test func keysOfMoreTypesThanTablesAreStillFound() throws {
        var found = 0
        let count = KeyNameTable.maxTypes + 16
        try Self.decodeWithKeyTypes(Int.self, count: count, found: &found)
        #expect(found == count)
    }

    @Test func theTableKeepsAtMostItsTypesAndLearnsPlainNamesOnly() {
        var table = KeyNameTable()
        var identifiers: [ObjectIdentifier] = []
        func collect<T>(_ type: T.Type, _ count: Int) {
            guard count > 0 else { return }
            identifiers.append(ObjectIdentifier(GenericKey<T>.self))
            collect(Nest<T>.self, count - 1)
        }
        collect(Int.self, KeyNameTable.maxTypes + 1)
        let first = table.table(for: identifiers[0])
        #expect(first == 0)
        for (number, identifier) in identifiers.dropLast().enumerated() {
            #expect(table.table(for: identifier) == Int32(number * 256))
        }
        #expect(table.table(for: identifiers.last!) == -1)
        #expect(table.table(for: identifiers[1]) == 256)

        #expect(table.entry(3).state == .unknown)
        let plain = table.learn("gpx:ele", at: 3)
        #expect(plain.state == .plain && plain.count == 7)
        #expect(plain.bit == NameFilter.bit(of: UncheckedBytes("ele"), start: 0, end: 3))
        #expect(table.entry(3).state == .plain)
        for special in ["{urn:x}c", "_0"] {
            #expect(table.learn(special, at: 4).state == .other)
        }
        #expect(table.learn("", at: 6).state == .content)
        let second = table.learn("time", at: 5)
        #expect(second.start == plain.start + 7 && second.count == 4)
    }
}
