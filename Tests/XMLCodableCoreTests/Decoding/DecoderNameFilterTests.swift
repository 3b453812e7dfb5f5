// The name filter (NameFilter.swift): once a key of an element is found absent, the element's
// 64-bit summary of its names answers the other absent keys. It must never answer "absent" for a
// key that names something: every key below is read after a first one that misses, so that the
// filter is made and used, and what it reads is compared with what the names say.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderNameFilterTests {
    /// A key made from a string.
    struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let keysKey = CodingUserInfoKey(rawValue: "keys")!

    /// Reads the keys in `userInfo[keysKey]`, in order, with `decodeIfPresent(String.self)` and
    /// `contains`: the values found, and the keys `contains` said are there.
    struct Probe: Decodable {
        var values: [String: String] = [:]
        var contained: Set<String> = []

        init(from decoder: any Decoder) throws {
            let keys = decoder.userInfo[DecoderNameFilterTests.keysKey] as? [String] ?? []
            let container = try decoder.container(keyedBy: Name.self)
            for key in keys {
                if container.contains(Name(stringValue: key)) { contained.insert(key) }
                if let value = try container.decodeIfPresent(String.self, forKey: Name(stringValue: key)) {
                    values[key] = value
                }
            }
        }
    }

    /// Decodes `xml`'s root with `keys`, the first of which must be absent.
    static func probe(_ xml: String, keys: [String], namespaces: Bool = false) throws -> Probe {
        try decode(Probe.self, xml) {
            $0.userInfo[keysKey] = keys
            $0.shouldProcessNamespaces = namespaces
        }
    }

    /// Every key of one and two lowercase letters: most are absent, and with 64 bits many share
    /// a bit with a name that is there, so both answers of the filter are met.
    static let shortKeys: [String] = {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        return letters + letters.flatMap { first in letters.map { first + $0 } }
    }()

    @Test func absentKeysAreAbsentAndPresentOnesAreFound() throws {
        let xml = #"<p id="7" la="48.2" lo="16.3" t="s"><el>170</el><ti>06:00</ti><hr>92</hr><v>3</v></p>"#
        let expected = [
            "id": "7", "la": "48.2", "lo": "16.3", "t": "s", "el": "170", "ti": "06:00", "hr": "92", "v": "3",
        ]
        let keys = ["missing"] + Self.shortKeys
        let probe = try Self.probe(xml, keys: keys)
        #expect(probe.values == expected)
        #expect(probe.contained == Set(expected.keys))
        // The same keys in reverse: the filter is made at another key, with other names found first.
        let reversed = try Self.probe(xml, keys: ["missing"] + Self.shortKeys.reversed())
        #expect(reversed.values == expected)
    }

    @Test func prefixedNamesWithNamespacesProcessed() throws {
        // Elements by local name, attributes by name as written, declarations by their whole name.
        let xml = #"<e xmlns:p="urn:p" xmlns:r="urn:r" r:id="rel" id="plain"><p:hr>5</p:hr><p:x>6</p:x></e>"#
        let keys = ["missing", "hr", "x", "r:id", "id", "xmlns:p", "p:hr", "p:x", "d", "i"]
        let probe = try Self.probe(xml, keys: keys, namespaces: true)
        #expect(probe.values == ["hr": "5", "x": "6", "r:id": "rel", "id": "plain", "xmlns:p": "urn:p"])
    }

    @Test func prefixedNamesAsWritten() throws {
        let xml = #"<e xmlns:p="urn:p" p:a="1"><p:hr>5</p:hr><p:x>6</p:x></e>"#
        let keys = ["missing", "hr", "x", "p:hr", "p:x", "a", "p:a", ":x"]
        let probe = try Self.probe(xml, keys: keys)
        #expect(probe.values == ["p:hr": "5", "p:x": "6", "p:a": "1"])
    }

    @Test func namesFromEntitiesAndTheDTD() throws {
        // A child whose name is in an entity's replacement text, an attribute the DTD defaults:
        // names outside the document's bytes, which the filter does not summarize.
        let xml = """
            <!DOCTYPE r [
              <!ENTITY e "<hr>5</hr>">
              <!ATTLIST r d CDATA "default">
            ]>
            <r a="1">&e;</r>
            """
        let probe = try Self.probe(xml, keys: ["missing", "hr", "d", "a", "zz"])
        #expect(probe.values == ["hr": "5", "d": "default", "a": "1"])
    }

    @Test func listsAndAbsentListsAfterAMiss() throws {
        struct Items: Decodable, Equatable {
            var missing: String?
            var item: [String]
            var other: [String]
        }
        let items = try decode(Items.self, "<r><item>1</item><item>2</item></r>")
        #expect(items == Items(missing: nil, item: ["1", "2"], other: []))
    }

    @Test func aNameAndItsLocalPartHaveTheSameBit() {
        func bit(_ name: String) -> UInt64 {
            var name = name
            return name.withUTF8 { NameFilter.bit(of: UncheckedBytes($0), start: 0, end: $0.count) }
        }
        #expect(bit("p:hr") == bit("hr"))
        #expect(bit("gpxtpx:hr") == bit("hr"))
        #expect(bit("p:x") == bit("x"))
        #expect(bit("r:id") == bit("id"))
        #expect(bit("p:abc") == bit("abc"))
        #expect(bit("dc:creator") == bit("creator"))
        // Three bytes, not two: short names of real models that end alike get bits of their own.
        #expect(bit("name") != bit("time"))
        #expect(bit("sat") != bit("lat"))
        // Distinct bits for names that differ in their last bytes, mostly: the 676 two-letter
        // names cover all 64 bits.
        #expect(Set(Self.shortKeys.map(bit)).count == 64)
    }

    /// Every key of three letters from a to f, and each of them with a prefix.
    static let threeLetterKeys: [String] = {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "f")).map { String(UnicodeScalar($0)) }
        let plain = letters.flatMap { a in letters.flatMap { b in letters.map { a + b + $0 } } }
        return plain + plain.map { "p:" + $0 }
    }()

    @Test func threeLetterNamesPrefixedOrNot() throws {
        // Names whose last three bytes the filter reads, some behind a prefix.
        let xml = #"<e xmlns:p="urn:p" fed="1" p:ace="2"><abc>3</abc><p:dab>4</p:dab><bad>5</bad></e>"#
        let keys = ["missing"] + Self.threeLetterKeys
        let asWritten = try Self.probe(xml, keys: keys)
        #expect(asWritten.values == ["fed": "1", "p:ace": "2", "abc": "3", "p:dab": "4", "bad": "5"])
        // Elements by local name; attributes still by name as written.
        let local = try Self.probe(xml, keys: keys, namespaces: true)
        #expect(local.values == ["fed": "1", "p:ace": "2", "abc": "3", "dab": "4", "bad": "5"])
    }
}
