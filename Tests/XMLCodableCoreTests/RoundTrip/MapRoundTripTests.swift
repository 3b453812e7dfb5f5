// Maps chosen with `XMLMapCoding`: wrapped and flattened entries, keys as elements or attributes,
// renamed and namespaced entry/key/value names, the value as the entry's content; empty, single
// and many entries, optional maps, list and struct values; both directions with the XML written
// out, round trips through XML and JSON, and the errors for what a map cannot be. Also custom
// collections under `XMLListCoding` (an unkeyed container of their own).

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private struct Bucket: Codable, Equatable, XMLMapCoding {
    var name: String
    var tags: [String: String]
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { key.stringValue == "tags" ? .wrapped : nil }
}

private struct Flat: Codable, Equatable, XMLMapCoding {
    var tags: [String: Int]
    var name = "n"
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        key.stringValue == "tags" ? XMLMapFormat(entry: "Tag", key: "Key", value: "Value", isFlattened: true) : nil
    }
}

/// Android's strings.xml: `<string name="…">text</string>` straight in the root.
private struct Strings: Codable, Equatable, XMLMapCoding {
    var string: [String: String]
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        XMLMapFormat(entry: "string", key: "name", value: nil, keyPlacement: .attribute, isFlattened: true)
    }
}

private struct AttributeKeys: Codable, Equatable, XMLMapCoding {
    var limits: [String: Int]
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        XMLMapFormat(entry: "limit", key: "name", value: "max", keyPlacement: .attribute)
    }
}

private struct OptionalMaps: Codable, Equatable, XMLMapCoding {
    var wrapped: [String: String]?
    var flat: [String: String]?
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        key.stringValue == "flat" ? .flattened : .wrapped
    }
}

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

private struct Values: Codable, Equatable, XMLMapCoding {
    var lists: [String: [String]]
    var points: [Int: Point]
    var optionals: [String: Int?]
    var nested: [String: [String: Int]]
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
}

private struct Namespaced: Codable, Equatable, XMLMapCoding {
    var attributes: [String: String]
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        XMLMapFormat(entry: "{urn:q}entry", key: "{urn:q}name", value: "{urn:q}value", isFlattened: true)
    }
}

private func xml<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try XMLEncoder().encode(value, withRootKey: "r"), as: UTF8.self)
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try XMLDecoder().decode(type, from: Data(text.utf8))
}

/// Equal after XMLEncoder → XMLDecoder and after JSONEncoder → JSONDecoder.
private func roundTrips<T: Codable & Equatable>(_ value: T) throws -> Bool {
    let throughXML = try XMLDecoder().decode(T.self, from: XMLEncoder().encode(value, withRootKey: "r"))
    let throughJSON = try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    return throughXML == value && throughJSON == value
}

@Suite("Maps: XMLMapCoding") struct MapRoundTripTests {
    @Test func aWrappedMapIsEntriesOfKeyAndValue() throws {
        let one = Bucket(name: "b", tags: ["env": "prod"])
        #expect(try xml(one) == "<r><name>b</name><tags><entry><key>env</key><value>prod</value></entry></tags></r>")
        let text =
            "<r><name>b</name><tags><entry><key>env</key><value>prod</value></entry><entry><key>team</key><value>io</value></entry></tags></r>"
        #expect(try decode(Bucket.self, text) == Bucket(name: "b", tags: ["env": "prod", "team": "io"]))
        #expect(try roundTrips(one))
        #expect(try roundTrips(Bucket(name: "b", tags: ["env": "prod", "team": "io", "a b": "", "<&>": "'\""])))
    }

    @Test func anEmptyWrappedMapIsAnEmptyWrapperAndAMissingOneIsEmpty() throws {
        let empty = Bucket(name: "b", tags: [:])
        #expect(try xml(empty) == "<r><name>b</name><tags /></r>")
        #expect(try decode(Bucket.self, "<r><name>b</name><tags/></r>") == empty)
        #expect(try decode(Bucket.self, "<r><name>b</name></r>") == empty)
        #expect(try roundTrips(empty))
    }

    @Test func keysAreDataNotNames() throws {
        // Any string is a key, the empty one too; the key strategy does not touch it.
        let value = Bucket(name: "b", tags: ["": "empty", "1 not a name": "x"])
        #expect(try roundTrips(value))
        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let snake = Bucket(name: "b", tags: ["someKey": "v"])
        let written = try encoder.encode(snake, withRootKey: "r")
        #expect(String(decoding: written, as: UTF8.self).contains("<key>someKey</key>"))
        #expect(try decoder.decode(Bucket.self, from: written) == snake)
    }

    @Test func aFlattenedMapRepeatsItsEntriesInTheParent() throws {
        let one = Flat(tags: ["a": 1])
        #expect(try xml(one) == "<r><Tag><Key>a</Key><Value>1</Value></Tag><name>n</name></r>")
        let two = "<r><Tag><Key>a</Key><Value>1</Value></Tag><name>n</name><Tag><Key>b</Key><Value>2</Value></Tag></r>"
        #expect(try decode(Flat.self, two) == Flat(tags: ["a": 1, "b": 2]))
        // A single entry is one entry, not the entry's children.
        #expect(try decode(Flat.self, "<r><Tag><Key>a</Key><Value>1</Value></Tag><name>n</name></r>") == one)
        // No entries: an empty map.
        #expect(try xml(Flat(tags: [:])) == "<r><name>n</name></r>")
        #expect(try decode(Flat.self, "<r><name>n</name></r>") == Flat(tags: [:]))
        #expect(try roundTrips(Flat(tags: ["a": 1, "b": -2, "c": 3])))
    }

    @Test func keysAsAttributesAndValuesAsTheEntrysContent() throws {
        let strings = Strings(string: ["app_name": "Reader"])
        #expect(try xml(strings) == "<r><string name=\"app_name\">Reader</string></r>")
        let text = """
            <resources>
                <string name="app_name">Reader</string>
                <string name="empty"></string>
                <string name="greeting">Hello, &lt;b&gt;%s&lt;/b&gt;!</string>
            </resources>
            """
        #expect(
            try decode(Strings.self, text)
                == Strings(string: ["app_name": "Reader", "empty": "", "greeting": "Hello, <b>%s</b>!"]))
        #expect(try roundTrips(Strings(string: ["a": "1", "b": "", "c": "two words"])))

        let limits = AttributeKeys(limits: ["cpu": 4])
        #expect(try xml(limits) == "<r><limits><limit name=\"cpu\"><max>4</max></limit></limits></r>")
        #expect(try roundTrips(AttributeKeys(limits: ["cpu": 4, "memory": 512])))
    }

    @Test func optionalMapsAreNilWhenAbsentAndEmptyWhenWrappedEmpty() throws {
        #expect(try decode(OptionalMaps.self, "<r/>") == OptionalMaps(wrapped: nil, flat: nil))
        #expect(try decode(OptionalMaps.self, "<r><wrapped/></r>") == OptionalMaps(wrapped: [:], flat: nil))
        let some = OptionalMaps(wrapped: ["a": "1"], flat: ["b": "2"])
        #expect(
            try xml(some)
                == "<r><wrapped><entry><key>a</key><value>1</value></entry></wrapped><flat><key>b</key><value>2</value></flat></r>"
        )
        #expect(try roundTrips(some))
        #expect(try roundTrips(OptionalMaps(wrapped: nil, flat: nil)))
        #expect(try roundTrips(OptionalMaps(wrapped: [:], flat: nil)))
        // An empty flattened optional map writes nothing, as nil does: refused, not lost.
        #expect(throws: EncodingError.self) { try xml(OptionalMaps(wrapped: nil, flat: [:])) }
        // A wrapper marked nil is nil.
        let marked = "<r xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'><wrapped xsi:nil='true'/></r>"
        #expect(try decode(OptionalMaps.self, marked) == OptionalMaps(wrapped: nil, flat: nil))
    }

    @Test func valuesThatAreListsStructsOptionalsAndMaps() throws {
        let value = Values(
            lists: ["none": [], "one": [""], "two": ["a", "b"]],
            points: [7: Point(x: 1, y: 2)],
            optionals: ["nil": nil, "five": 5],
            nested: ["inner": ["k": 1]])
        #expect(try roundTrips(value))
        let one = Values(
            lists: ["two": ["a", "b"]], points: [7: Point(x: 1, y: 2)], optionals: ["nil": nil],
            nested: ["inner": ["k": 1]])
        #expect(
            try xml(one)
                == "<r xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                + "<lists><entry><key>two</key><value>a</value><value>b</value></entry></lists>"
                + "<points><entry><key>7</key><value><x>1</x><y>2</y></value></entry></points>"
                + "<optionals><entry><key>nil</key><value xsi:nil=\"true\" /></entry></optionals>"
                + "<nested><entry><key>inner</key><value><k>1</k></value></entry></nested></r>")
        #expect(try XMLDecoder().decode(Values.self, from: XMLEncoder().encode(one, withRootKey: "r")) == one)
        // An entry without a value element is an empty list for a list value.
        let noValue = "<r><lists><entry><key>e</key></entry></lists><points/><optionals/><nested/></r>"
        #expect(try decode(Values.self, noValue) == Values(lists: ["e": []], points: [:], optionals: [:], nested: [:]))
    }

    @Test func namespacedNamesAreMatchedByURIAndWrittenWithAPrefix() throws {
        let value = Namespaced(attributes: ["color": "red"])
        #expect(
            try xml(value)
                == "<r xmlns:ns1=\"urn:q\"><ns1:entry><ns1:name>color</ns1:name><ns1:value>red</ns1:value></ns1:entry></r>"
        )
        let text =
            "<r xmlns:q='urn:q' xmlns:o='urn:other'><q:entry><q:name>a</q:name><q:value>1</q:value></q:entry><o:entry/><entry/></r>"
        #expect(try decode(Namespaced.self, text) == Namespaced(attributes: ["a": "1"]))
        #expect(try roundTrips(Namespaced(attributes: ["a": "1", "b": "2"])))
    }

    @Test func whatAMapCannotBeIsAnErrorWithItsPlace() throws {
        let duplicate =
            "<r><name>b</name><tags><entry><key>a</key><value>1</value></entry>\n<entry><key>a</key><value>2</value></entry></tags></r>"
        let error = try #require(throws: DecodingError.self) { try decode(Bucket.self, duplicate) }
        #expect("\(error)".contains("Two entries of the map have the key \"a\", at line 2, column 2"))
        let keyless = "<r><name>b</name><tags><entry><value>1</value></entry></tags></r>"
        let missing = try #require(throws: DecodingError.self) { try decode(Bucket.self, keyless) }
        #expect("\(missing)".contains("has no key element \"key\", at line 1, column 25"))
        // Text in the wrapper is not lost silently.
        #expect(throws: DecodingError.self) { try decode(Bucket.self, "<r><name>b</name><tags>text</tags></r>") }
        // A value that is not text where text is expected.
        #expect(throws: DecodingError.self) {
            try decode(Flat.self, "<r><Tag><Key>a</Key><Value><x/></Value></Tag><name>n</name></r>")
        }
        // The value as the entry's content needs the key in an attribute.
        struct ContentWithElementKey: Codable, XMLMapCoding {
            var m: [String: String]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { XMLMapFormat(value: nil) }
        }
        #expect(throws: EncodingError.self) { try xml(ContentWithElementKey(m: ["a": "1"])) }
        #expect(throws: DecodingError.self) { try decode(ContentWithElementKey.self, "<r><m/></r>") }
        // A value written as a map must have keys.
        struct NotAMap: Codable, XMLMapCoding {
            var m: Int
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        #expect(throws: EncodingError.self) { try xml(NotAMap(m: 1)) }
        // Keys that are neither strings nor integers encode as a list: refused.
        struct DoubleKeys: Codable, XMLMapCoding {
            var m: [Double: String]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        #expect(throws: EncodingError.self) { try xml(DoubleKeys(m: [1.5: "x"])) }
        // Invalid names are refused.
        struct BadName: Codable, XMLMapCoding {
            var m: [String: String]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { XMLMapFormat(entry: "1entry") }
        }
        #expect(throws: EncodingError.self) { try xml(BadName(m: ["a": "1"])) }
    }

    @Test func aCustomCollectionUnderXMLListCodingIsWrapped() throws {
        struct Bag: Codable, Equatable {
            var items: [Int]
            init(_ items: [Int]) { self.items = items }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for item in items { try container.encode(item) }
            }
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                items = []
                while !container.isAtEnd { items.append(try container.decode(Int.self)) }
            }
        }
        struct Holder: Codable, Equatable, XMLListCoding {
            var plain: Bag
            var wrapped: Bag
            static func xmlListItemName(for key: any CodingKey) -> String? { key.stringValue == "wrapped" ? "i" : nil }
        }
        let value = Holder(plain: Bag([1, 2]), wrapped: Bag([3, 4]))
        #expect(try xml(value) == "<r><plain>1</plain><plain>2</plain><wrapped><i>3</i><i>4</i></wrapped></r>")
        #expect(try roundTrips(value))
        #expect(try roundTrips(Holder(plain: Bag([1]), wrapped: Bag([3]))))
        #expect(
            try decode(Holder.self, "<r><plain>1</plain><wrapped><i>3</i></wrapped></r>")
                == Holder(plain: Bag([1]), wrapped: Bag([3])))
    }
}

@Suite("Maps: edges") struct MapEdgeTests {
    @Test func flattenedMapsAreNamedByTheirKeysAndDoNotMerge() throws {
        struct TwoMaps: Codable, Equatable, XMLMapCoding {
            var tags: [String: String]
            var metadata: [String: String]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .flattened }
        }
        let value = TwoMaps(tags: ["env": "prod"], metadata: ["owner": "ops"])
        let written = try xml(value)
        #expect(
            written
                == "<r><tags><key>env</key><value>prod</value></tags><metadata><key>owner</key><value>ops</value></metadata></r>"
        )
        #expect(try roundTrips(value))
        #expect(try roundTrips(TwoMaps(tags: ["a": "1", "b": "2"], metadata: [:])))
        // Entries named like elements already written in the same element are refused.
        struct Shared: Codable, XMLMapCoding {
            var entry: String
            var tags: [String: String]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                key.stringValue == "tags" ? XMLMapFormat(isFlattened: true) : nil
            }
        }
        #expect(throws: EncodingError.self) { try xml(Shared(entry: "x", tags: ["a": "1"])) }
        // A nil flattened map writes nothing, whatever the nil strategy.
        struct OptionalFlat: Codable, Equatable, XMLMapCoding {
            var tags: [String: String]?
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .flattened }
        }
        for strategy in [XMLEncoder.NilEncodingStrategy.omitted, .emptyElement, .xsiNil] {
            let encoder = XMLEncoder()
            encoder.nilEncodingStrategy = strategy
            let text = String(decoding: try encoder.encode(OptionalFlat(tags: nil), withRootKey: "r"), as: UTF8.self)
            #expect(text == "<r />" || text == "<r></r>", "\(strategy)")
        }
    }

    @Test func keysAreReadVerbatim() throws {
        let value = Bucket(name: "b", tags: [" a ": "1", "\n": "2", "a": "3"])
        #expect(try roundTrips(value))
        #expect(try roundTrips(Strings(string: [" spaced key ": "v"])))
    }

    @Test func nilValuesAreMarkedNilWhateverTheStrategy() throws {
        struct Nils: Codable, Equatable, XMLMapCoding {
            var strings: [String: String?]
            var content: [String: Int?]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                key.stringValue == "strings"
                    ? .wrapped : XMLMapFormat(entry: "e", key: "k", value: nil, keyPlacement: .attribute)
            }
        }
        let value = Nils(strings: ["n": nil, "e": ""], content: ["n": nil, "one": 1])
        for strategy in [XMLEncoder.NilEncodingStrategy.omitted, .emptyElement, .xsiNil] {
            let encoder = XMLEncoder()
            encoder.nilEncodingStrategy = strategy
            #expect(
                try XMLDecoder().decode(Nils.self, from: encoder.encode(value, withRootKey: "r")) == value,
                "\(strategy)")
        }
        // An entry without its value element is nil for an optional value.
        let missing = "<r><strings><entry><key>a</key></entry></strings><content/></r>"
        #expect(try decode(Nils.self, missing) == Nils(strings: ["a": nil], content: [:]))
    }

    @Test func entriesAreSortedUnderSortedKeys() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .sortedKeys
        let value = Bucket(name: "b", tags: ["c": "3", "a": "1", "b": "2"])
        let written = String(decoding: try encoder.encode(value, withRootKey: "r"), as: UTF8.self)
        #expect(
            written
                == "<r><name>b</name><tags><entry><key>a</key><value>1</value></entry><entry><key>b</key><value>2</value></entry>"
                + "<entry><key>c</key><value>3</value></entry></tags></r>")
    }

    @Test func contentValuesKeepTheirKeysOrAreRefused() throws {
        struct Tagged: Codable, Equatable {
            @Attribute var name: String
        }
        struct ContentMaps: Codable, XMLMapCoding {
            var structs: [String: Tagged]
            var lists: [String: [String]]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                XMLMapFormat(entry: "p", key: "name", value: nil, keyPlacement: .attribute)
            }
        }
        #expect(throws: EncodingError.self) { try xml(ContentMaps(structs: ["k": Tagged(name: "inner")], lists: [:])) }
        #expect(throws: EncodingError.self) { try xml(ContentMaps(structs: [:], lists: ["k": ["a"]])) }
    }

    @Test func aMapThroughASuperEncoderIsStillAMap() throws {
        struct Custom: Codable, Equatable, XMLMapCoding {
            var tags: [String: String]
            enum CodingKeys: String, CodingKey { case tags }
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
            init(tags: [String: String]) { self.tags = tags }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                tags = try [String: String](from: container.superDecoder(forKey: .tags))
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try tags.encode(to: container.superEncoder(forKey: .tags))
            }
        }
        let value = Custom(tags: ["a": "1", "b": "2"])
        let written = try xml(Custom(tags: ["a": "1"]))
        #expect(written == "<r><tags><entry><key>a</key><value>1</value></entry></tags></r>")
        #expect(try roundTrips(value))
    }

    @Test func strayContentInAMapIsRefused() throws {
        // An element that is not an entry, in the wrapper (a document of the plain dictionary form).
        #expect(throws: DecodingError.self) {
            try decode(Bucket.self, "<r><name>b</name><tags><env>prod</env></tags></r>")
        }
        // Text inside an entry.
        #expect(throws: DecodingError.self) {
            try decode(Bucket.self, "<r><name>b</name><tags><entry>lost<key>a</key><value>1</value></entry></tags></r>")
        }
    }

    @Test func badNamesAreRefused() throws {
        struct Named: Codable, XMLMapCoding {
            var m: [String: String]
            static let formats = [
                XMLMapFormat(key: "xmlns:p", keyPlacement: .attribute),
                XMLMapFormat(key: "xmlns", keyPlacement: .attribute),
                XMLMapFormat(key: "same", value: "same"), XMLMapFormat(entry: "xsi:nil"),
            ]
            nonisolated(unsafe) static var format = formats[0]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { format }
        }
        for format in Named.formats {
            Named.format = format
            #expect(throws: EncodingError.self, "\(format)") { try xml(Named(m: ["a": "1"])) }
        }
    }

    @Test func aClassWrittenAsAMapReadsItsSuperclass() throws {
        class Base: Codable {
            var a: Int
            init(a: Int) { self.a = a }
        }
        final class Derived: Base, @unchecked Sendable {
            var b: Int
            enum CodingKeys: String, CodingKey { case b }
            init(a: Int, b: Int) {
                self.b = b
                super.init(a: a)
            }
            required init(from decoder: any Decoder) throws {
                b = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .b)
                try super.init(from: decoder.container(keyedBy: CodingKeys.self).superDecoder())
            }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(b, forKey: .b)
                try super.encode(to: container.superEncoder())
            }
        }
        struct Holder: Codable, XMLMapCoding {
            var d: Derived
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        let written = try xml(Holder(d: Derived(a: 1, b: 2)))
        let back = try decode(Holder.self, written)
        #expect(back.d.a == 1 && back.d.b == 2)
    }

    @Test func optionalListValuesThatWouldReadBackOtherwiseAreRefused() throws {
        struct OptionalLists: Codable, Equatable, XMLMapCoding {
            var m: [String: [String?]?]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        #expect(try roundTrips(OptionalLists(m: ["nil": nil, "one": ["a"], "two": ["a", nil]])))
        for refused: [String?]? in [[], [""], [nil]] {
            #expect(throws: EncodingError.self, "\(String(describing: refused))") {
                try xml(OptionalLists(m: ["k": refused]))
            }
        }
    }

    @Test func aCustomCollectionValueOfOneEmptyItemKeepsIt() throws {
        struct Bag: Codable, Equatable {
            var items: [String]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for item in items { try container.encode(item) }
            }
            init(_ items: [String]) { self.items = items }
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                items = []
                while !container.isAtEnd { items.append(try container.decode(String.self)) }
            }
        }
        struct Bags: Codable, Equatable, XMLMapCoding {
            var m: [String: Bag]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? { .wrapped }
        }
        #expect(try roundTrips(Bags(m: ["one": Bag([""]), "two": Bag(["a", "b"])])))
    }

    @Test func aDictionaryAsAnEntrysContentIsRefused() throws {
        struct Nested: Codable, XMLMapCoding {
            var m: [String: [String: Int]]
            static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
                XMLMapFormat(entry: "e", key: "name", value: nil, keyPlacement: .attribute)
            }
        }
        #expect(throws: EncodingError.self) { try xml(Nested(m: ["k": ["a": 1]])) }
    }
}
