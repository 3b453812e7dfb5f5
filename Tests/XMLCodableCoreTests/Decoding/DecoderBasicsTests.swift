// XMLDecoder basics: entry points, the three container kinds, nested containers, scalars, the
// seed catalog (and the same model from JSON), and sharing one decoder between tasks.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Note: Codable, Equatable, Sendable {
    var to: String
    var from: String
    var body: String
}

private let noteXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <note>
      <to>Tove</to>
      <from>Jani</from>
      <body>Don't forget me this weekend!</body>
    </note>
    """
private let expectedNote = Note(to: "Tove", from: "Jani", body: "Don't forget me this weekend!")

// MARK: - The seed catalog

private struct Book: Codable, Equatable, Sendable {
    @Attribute var name: String
    var author: String
    var publisher: String
    var category: String
    var description: String
}

private let catalogXML = """
    <?xml version="1.0"?>
    <books>
      <book name="Mastering Swift">
        <author>Jon Hoffman</author>
        <publisher>PacktPub</publisher>
        <category>Programming</category>
        <description>Learning Swift &amp; more</description>
      </book>
      <book name="Swift &lt;Basics&gt;">
        <author>Ann</author>
        <publisher>P</publisher>
        <category>C</category>
        <description>D</description>
      </book>
    </books>
    """

private let catalogJSON = """
    [
      {"name": "Mastering Swift", "author": "Jon Hoffman", "publisher": "PacktPub",
       "category": "Programming", "description": "Learning Swift & more"},
      {"name": "Swift <Basics>", "author": "Ann", "publisher": "P", "category": "C", "description": "D"}
    ]
    """

private let expectedBooks: [Book] = [
    Book(
        name: "Mastering Swift", author: "Jon Hoffman", publisher: "PacktPub", category: "Programming",
        description: "Learning Swift & more"),
    Book(name: "Swift <Basics>", author: "Ann", publisher: "P", category: "C", description: "D"),
]

@Suite struct DecoderEntryPointTests {
    @Test func fromData() throws {
        #expect(try XMLDecoder().decode(Note.self, from: Data(noteXML.utf8)) == expectedNote)
    }

    @Test func fromBytes() throws {
        #expect(try XMLDecoder().decode(Note.self, from: Array(noteXML.utf8)) == expectedNote)
    }

    @Test func fromString() throws {
        #expect(try XMLDecoder().decode(Note.self, from: noteXML) == expectedNote)
    }

    @Test func fromFileURL() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlcodable-note-\(UUID().uuidString).xml")
        try Data(noteXML.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        // The file entry point is spelled `decode(_:contentsOf:)` in this implementation.
        #expect(try XMLDecoder().decode(Note.self, contentsOf: url) == expectedNote)
    }

    @Test func missingFileThrows() {
        let url = URL(fileURLWithPath: "/nonexistent/xmlcodable-\(UUID().uuidString).xml")
        #expect(throws: (any Error).self) { try XMLDecoder().decode(Note.self, contentsOf: url) }
    }

    @Test func rootElementNameIsIgnored() throws {
        let xml = """
            <anything><to>a</to><from>b</from><body>c</body></anything>
            """
        #expect(try decode(Note.self, xml) == Note(to: "a", from: "b", body: "c"))
    }

    @Test func utf16DocumentWithBOM() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-16"?>
            <note><to>Tøve</to><from>J</from><body>ß</body></note>
            """
        var data = Data([0xFF, 0xFE])
        data.append(xml.data(using: .utf16LittleEndian)!)
        #expect(try XMLDecoder().decode(Note.self, from: data) == Note(to: "Tøve", from: "J", body: "ß"))
    }
}

@Suite struct DecoderSeedCatalogTests {
    @Test func catalogAsTopLevelArray() throws {
        let books = try decode([Book].self, catalogXML)
        #expect(books == expectedBooks)
    }

    @Test func catalogAsStructWithUnwrappedList() throws {
        struct Catalog: Codable, Equatable { var book: [Book] }
        #expect(try decode(Catalog.self, catalogXML) == Catalog(book: expectedBooks))
    }

    @Test func sameBookTypeFromJSON() throws {
        let fromXML = try decode([Book].self, catalogXML)
        let fromJSON = try JSONDecoder().decode([Book].self, from: Data(catalogJSON.utf8))
        #expect(fromJSON == fromXML)
        #expect(fromJSON == expectedBooks)
    }

    @Test func bookEncodesToJSONAsPlainMembers() throws {
        let json = try JSONEncoder().encode(expectedBooks[0])
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["name"] as? String == "Mastering Swift")
    }
}

// MARK: - Containers

@Suite struct DecoderContainerTests {
    struct Person: Decodable, Equatable {
        var id: Int
        var name: String
        var address: Address
        struct Address: Decodable, Equatable {
            var city: String
            var zip: String
        }
    }

    @Test func keyedFromAttributesAndChildElements() throws {
        let xml = """
            <person id="42">
              <name>Ada</name>
              <address zip="12345">
                <city>London</city>
              </address>
            </person>
            """
        let person = try decode(Person.self, xml)
        #expect(person == Person(id: 42, name: "Ada", address: .init(city: "London", zip: "12345")))
    }

    @Test func elementWinsOverAttributeForPlainProperty() throws {
        struct V: Decodable { var v: String }
        let xml = """
            <r v="attribute"><v>element</v></r>
            """
        #expect(try decode(V.self, xml).v == "element")
    }

    @Test func singleValueAtTopLevel() throws {
        #expect(try decode(String.self, "<r>hi</r>") == "hi")
        #expect(try decode(Int.self, "<r>5</r>") == 5)
        #expect(try decode(Double.self, "<r>2.5</r>") == 2.5)
        #expect(try decode(Bool.self, "<r>true</r>") == true)
    }

    @Test func customSingleValueType() throws {
        struct Celsius: Decodable, Equatable {
            var degrees: Double
            init(from decoder: any Decoder) throws {
                degrees = try decoder.singleValueContainer().decode(Double.self)
            }
        }
        struct Reading: Decodable, Equatable { var temperature: Celsius; var at: Celsius }
        let xml = """
            <reading at="-3.5"><temperature>21.5</temperature></reading>
            """
        let reading = try decode(Reading.self, xml)
        #expect(reading.temperature.degrees == 21.5)
        #expect(reading.at.degrees == -3.5)
    }

    @Test func singleValueContainerDecodesStruct() throws {
        struct Wrapper: Decodable {
            var note: Note
            init(from decoder: any Decoder) throws { note = try decoder.singleValueContainer().decode(Note.self) }
        }
        #expect(try decode(Wrapper.self, noteXML).note == expectedNote)
    }

    @Test func nestedKeyedContainer() throws {
        struct Flat: Decodable, Equatable {
            var name: String
            var city: String
            var zip: Int
            enum Keys: String, CodingKey { case name, address }
            enum AddressKeys: String, CodingKey { case city, zip }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                name = try c.decode(String.self, forKey: .name)
                let address = try c.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
                city = try address.decode(String.self, forKey: .city)
                zip = try address.decode(Int.self, forKey: .zip)
                #expect(pathStrings(address.codingPath) == ["address"])
            }
        }
        let xml = """
            <person>
              <name>Ada</name>
              <address zip="12345"><city>London</city></address>
            </person>
            """
        let flat = try decode(Flat.self, xml)
        #expect(flat.name == "Ada")
        #expect(flat.city == "London")
        #expect(flat.zip == 12345)
    }

    @Test func nestedUnkeyedContainerOverRepeatedElements() throws {
        struct Numbers: Decodable {
            var values: [Int] = []
            enum Keys: String, CodingKey { case n }
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .n)
                #expect(list.count == 3)
                while !list.isAtEnd { values.append(try list.decode(Int.self)) }
            }
        }
        let xml = """
            <r><n>1</n><n>2</n><n>3</n></r>
            """
        #expect(try decode(Numbers.self, xml).values == [1, 2, 3])
    }

    // Docs/XMLCoderAPI.md §6: "An element with exactly one keyed child, asked for through
    // nestedUnkeyedContainer(forKey:), is opened up into its children."
    @Test func nestedUnkeyedContainerOverWrapperElement() throws {
        struct Numbers: Decodable {
            var values: [Int] = []
            enum Keys: String, CodingKey { case items }
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .items)
                while !list.isAtEnd { values.append(try list.decode(Int.self)) }
            }
        }
        let xml = """
            <r>
              <items>
                <i>1</i>
                <i>2</i>
              </items>
            </r>
            """
        #expect(try decode(Numbers.self, xml).values == [1, 2])
    }

    @Test func unkeyedItemsWithNestedKeyedContainers() throws {
        struct Pairs: Decodable {
            var pairs: [String] = []
            enum Keys: String, CodingKey { case k, v }
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                while !list.isAtEnd {
                    let item = try list.nestedContainer(keyedBy: Keys.self)
                    pairs.append(try item.decode(String.self, forKey: .k) + "=" + item.decode(String.self, forKey: .v))
                }
            }
        }
        let xml = """
            <pairs>
              <pair k="a"><v>1</v></pair>
              <pair k="b"><v>2</v></pair>
            </pairs>
            """
        #expect(try decode(Pairs.self, xml).pairs == ["a=1", "b=2"])
    }

    @Test func unkeyedNestedUnkeyed() throws {
        struct Matrix: Decodable {
            var rows: [[Int]] = []
            init(from decoder: any Decoder) throws {
                var outer = try decoder.unkeyedContainer()
                while !outer.isAtEnd {
                    var inner = try outer.nestedUnkeyedContainer()
                    var row: [Int] = []
                    while !inner.isAtEnd { row.append(try inner.decode(Int.self)) }
                    rows.append(row)
                }
            }
        }
        let xml = """
            <m>
              <row><c>1</c><c>2</c></row>
              <row><c>3</c><c>4</c></row>
            </m>
            """
        #expect(try decode(Matrix.self, xml).rows == [[1, 2], [3, 4]])
        #expect(try decode([[Int]].self, xml) == [[1, 2], [3, 4]])
    }

    @Test func allKeysAndContains() throws {
        struct Keys: Decodable {
            var keys: Set<String>
            var containsB: Bool
            var containsZ: Bool
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: AnyKey.self)
                keys = Set(c.allKeys.map(\.stringValue))
                containsB = c.contains(AnyKey("b"))
                containsZ = c.contains(AnyKey("z"))
            }
        }
        let xml = """
            <r a="1" xmlns:x="urn:x"><b>2</b><c/><b>3</b></r>
            """
        let result = try decode(Keys.self, xml)
        #expect(result.keys == ["a", "b", "c"])
        #expect(result.containsB)
        #expect(!result.containsZ)
    }

    @Test func userInfoReachesInitFromDecoder() throws {
        let key = CodingUserInfoKey(rawValue: "unit")!
        struct Reads: Decodable {
            var unit: String?
            init(from decoder: any Decoder) throws {
                unit = decoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String
            }
        }
        let result = try decode(Reads.self, "<r/>") { $0.userInfo = [key: "cm"] }
        #expect(result.unit == "cm")
    }

    @Test func codingPathInsideNestedValues() throws {
        struct Leaf: Decodable {
            var path: [String]
            init(from decoder: any Decoder) throws { path = pathStrings(decoder.codingPath) }
        }
        struct Mid: Decodable { var leaf: [Leaf] }
        struct Top: Decodable { var mid: Mid }
        let xml = """
            <top><mid><leaf/><leaf/></mid></top>
            """
        let top = try decode(Top.self, xml)
        #expect(top.mid.leaf.map(\.path) == [["mid", "leaf", "0"], ["mid", "leaf", "1"]])
    }
}

// MARK: - Scalars

@Suite struct DecoderScalarTests {
    struct AllIntegers: Decodable, Equatable {
        var i: Int; var i8: Int8; var i16: Int16; var i32: Int32; var i64: Int64
        var u: UInt; var u8: UInt8; var u16: UInt16; var u32: UInt32; var u64: UInt64
    }

    @Test func integersAtTheirLimits() throws {
        let xml = """
            <r>
              <i>-9223372036854775808</i><i8>-128</i8><i16>32767</i16><i32>-2147483648</i32>
              <i64>9223372036854775807</i64><u>18446744073709551615</u><u8>255</u8>
              <u16>65535</u16><u32>4294967295</u32><u64>+18446744073709551615</u64>
            </r>
            """
        let value = try decode(AllIntegers.self, xml)
        #expect(
            value
                == AllIntegers(
                    i: .min, i8: -128, i16: 32767, i32: .min, i64: .max, u: .max, u8: 255,
                    u16: 65535, u32: .max, u64: .max))
    }

    @Test func integersFromAttributes() throws {
        struct A: Decodable { var a: Int; var b: UInt8 }
        let value = try decode(A.self, #"<r a=" -7 " b="200"/>"#)
        #expect(value.a == -7)
        #expect(value.b == 200)
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-0.25", -0.25), ("1e3", 1000), ("1E-2", 0.01), (".5", 0.5), ("5.", 5), ("  42  ", 42),
        ("+3", 3),
    ])
    func doubles(_ text: String, _ expected: Double) throws {
        #expect(try decode(Double.self, "<d>\(text)</d>") == expected)
    }

    @Test func floatsAndDecimals() throws {
        struct F: Decodable { var f: Float; var d: Decimal }
        let value = try decode(F.self, "<r><f>0.5</f><d>12.345</d></r>")
        #expect(value.f == 0.5)
        #expect(value.d == Decimal(string: "12.345"))
    }

    @Test func urls() throws {
        struct U: Decodable { var home: URL; var link: URL }
        let value = try decode(
            U.self, #"<r link="https://example.com/a?b=c&amp;d=e"><home>https://swift.org/</home></r>"#)
        #expect(value.home == URL(string: "https://swift.org/"))
        #expect(value.link.absoluteString == "https://example.com/a?b=c&d=e")
    }

    @Test func rawValueEnums() throws {
        enum Color: String, Decodable { case red, green }
        enum Level: Int, Decodable { case low = 1, high = 2 }
        struct E: Decodable { var color: Color; var level: Level; var colors: [Color] }
        let xml = """
            <r level="2"><color>red</color><colors>green</colors><colors>red</colors></r>
            """
        let value = try decode(E.self, xml)
        #expect(value.color == .red)
        #expect(value.level == .high)
        #expect(value.colors == [.green, .red])
        // An unknown raw value is an error.
        #expect(decodingError(E.self, "<r level=\"3\"><color>red</color></r>") != nil)
    }

    @Test func entitiesAndCDATAInText() throws {
        struct T: Decodable { var a: String; var b: String; var c: String }
        let xml = """
            <r c="&quot;q&quot; &amp; &#65;">
              <a>&lt;tag&gt; &amp; &#x263A;</a>
              <b><![CDATA[<raw> & stuff]]></b>
            </r>
            """
        let value = try decode(T.self, xml)
        #expect(value.a == "<tag> & ☺")
        #expect(value.b == "<raw> & stuff")
        #expect(value.c == "\"q\" & A")
    }

    @Test func internalEntityInText() throws {
        let xml = """
            <!DOCTYPE r [<!ENTITY who "World">]>
            <r>Hello, &who;!</r>
            """
        #expect(try decode(String.self, xml) == "Hello, World!")
    }

    @Test func elementsAndAttributesFromAnEntitysReplacementText() throws {
        // Names that lie in the internal subset, not in the document's bytes: keys are matched
        // through the reader (children, lists, attributes, and a namespace declaration by name).
        struct Item: Decodable, Equatable { var name: String; @Attribute var id: Int }
        struct Root: Decodable, Equatable {
            var item: [Item]
            var title: String
            var declaration: String
            enum CodingKeys: String, CodingKey {
                case item, title
                case declaration = "xmlns:x"
            }
        }
        let xml = """
            <!DOCTYPE r [
              <!ENTITY items "<item id='1'><name>one</name></item><item id='2'><name>two</name></item>">
              <!ENTITY head "<title>Catalog</title>">
            ]>
            <r xmlns:x="urn:x">&head;&items;</r>
            """
        let value = try decode(Root.self, xml)
        #expect(
            value
                == Root(
                    item: [Item(name: "one", id: 1), Item(name: "two", id: 2)], title: "Catalog", declaration: "urn:x"))
    }
}

// MARK: - Sharing one decoder

@Suite struct DecoderConcurrencyTests {
    @Test func oneDecoderSharedByManyTasks() async throws {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .iso8601
        struct Item: Decodable, Sendable {
            @Attribute var id: Int; var title: String; var when: Date; var tags: [String]
        }
        let results = await withTaskGroup(of: (Int, Item?).self) { group in
            for task in 0..<16 {
                group.addTask {
                    let xml = """
                        <item id="\(task)">
                          <title>Item \(task) &amp; co</title>
                          <when>2024-05-01T12:30:\(String(format: "%02d", task))Z</when>
                          \((0..<task).map { "<tags>t\($0)</tags>" }.joined())
                        </item>
                        """
                    var last: Item?
                    for _ in 0..<20 { last = try? decoder.decode(Item.self, from: Data(xml.utf8)) }
                    return (task, last)
                }
            }
            var all: [(Int, Item?)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for (task, item) in results {
            let item = try #require(item, "task \(task) failed to decode")
            #expect(item.id == task)
            #expect(item.title == "Item \(task) & co")
            #expect(item.when == Date(timeIntervalSince1970: 1_714_566_600 + Double(task)))
            #expect(item.tags == (0..<task).map { "t\($0)" })
        }
    }

    @Test func settingsAreCopiedPerCall() async throws {
        // Changing a setting between calls affects only later calls.
        let decoder = XMLDecoder()
        #expect(try decoder.decode(String.self, from: "<a>  x  </a>") == "x")
        decoder.trimValueWhitespaces = false
        #expect(try decoder.decode(String.self, from: "<a>  x  </a>") == "  x  ")
    }
}
