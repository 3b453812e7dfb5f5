// Entry points (encode → Data, encodeToString), top-level scalars and arrays, every kind of
// container, nested containers, superEncoder order, the "" key, coding paths and userInfo.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderBasicsTests {
    struct Note: Codable, Equatable { var to: String; var body: String }

    // MARK: Entry points

    @Test func encodeReturnsUTF8DataNamedAfterTheType() throws {
        let data = try XMLEncoder().encode(Note(to: "Tove", body: "Hi"))
        #expect(
            String(decoding: data, as: UTF8.self) == """
                <Note><to>Tove</to><body>Hi</body></Note>
                """)
        #expect(try XMLDecoder().decode(Note.self, from: data) == Note(to: "Tove", body: "Hi"))
    }

    @Test func encodeWithEveryParameter() throws {
        let data = try XMLEncoder().encode(
            Note(to: "Tove", body: "Hi"), withRootKey: "note", rootAttributes: ["lang": "en"],
            header: XMLHeader(version: 1.0, encoding: "UTF-8"),
            doctype: .system(rootElement: "note", dtdLocation: "note.dtd"))
        let xml = String(decoding: data, as: UTF8.self)
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE note SYSTEM "note.dtd">
                <note lang="en"><to>Tove</to><body>Hi</body></note>
                """)
        expectWellFormed(xml)
        #expect(try XMLDecoder().decode(Note.self, from: data) == Note(to: "Tove", body: "Hi"))
    }

    @Test func encodeToStringMatchesEncode() throws {
        let encoder = XMLEncoder()
        let note = Note(to: "Ann & Bo", body: "<hi>")
        let string = try encoder.encodeToString(note, withRootKey: "note", header: XMLHeader(version: 1.0))
        let data = try encoder.encode(note, withRootKey: "note", header: XMLHeader(version: 1.0))
        #expect(Data(string.utf8) == data)
        #expect(
            string == """
                <?xml version="1.0"?>
                <note><to>Ann &amp; Bo</to><body>&lt;hi&gt;</body></note>
                """)
    }

    // MARK: Top-level scalars and arrays (XMLCoder crashed on scalars)

    @Test func topLevelScalars() throws {
        try roundTrip(42, expectedXML: "<Int>42</Int>", rootKey: nil)
        try roundTrip(-7, expectedXML: "<n>-7</n>", rootKey: "n")
        try roundTrip("hi & bye", expectedXML: "<String>hi &amp; bye</String>", rootKey: nil)
        try roundTrip("", expectedXML: "<String></String>", rootKey: nil)
        try roundTrip(1.5, expectedXML: "<Double>1.5</Double>", rootKey: nil)
        try roundTrip(Float(0.25), expectedXML: "<Float>0.25</Float>", rootKey: nil)
        try roundTrip(true, expectedXML: "<Bool>true</Bool>", rootKey: nil)
        try roundTrip(UInt8(255), expectedXML: "<UInt8>255</UInt8>", rootKey: nil)
        try roundTrip(Date(timeIntervalSince1970: 86_400), expectedXML: "<Date>86400.0</Date>", rootKey: nil)
        try roundTrip(Data([0, 1, 2, 255]), expectedXML: "<Data>AAEC/w==</Data>", rootKey: nil)
        try roundTrip(
            URL(string: "https://example.com/a?b=1&c=2")!, expectedXML: "<URL>https://example.com/a?b=1&amp;c=2</URL>",
            rootKey: nil)
        try roundTrip(Decimal(string: "3.14159")!, expectedXML: "<Decimal>3.14159</Decimal>", rootKey: nil)
    }

    @Test func topLevelOptionals() throws {
        try roundTrip(Int?.some(3), expectedXML: "<Optional>3</Optional>", rootKey: nil)
        try roundTrip(
            Int?.none,
            expectedXML: "<Optional xsi:nil=\"true\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" />",
            rootKey: nil)
        try roundTrip(String?.some("x"), expectedXML: "<value>x</value>", rootKey: "value")
    }

    @Test func topLevelArrays() throws {
        try roundTrip(
            [1, 2, 3], expectedXML: "<Array><Array>1</Array><Array>2</Array><Array>3</Array></Array>", rootKey: nil)
        try roundTrip(
            [1, 2], expectedXML: "<numbers><numbers>1</numbers><numbers>2</numbers></numbers>", rootKey: "numbers")
        try roundTrip([Int](), expectedXML: "<Array />", rootKey: nil)
        try roundTrip(
            ["a", "", "c"], expectedXML: "<list><list>a</list><list></list><list>c</list></list>", rootKey: "list")
        try roundTrip(
            [Note(to: "a", body: "b")], expectedXML: "<notes><notes><to>a</to><body>b</body></notes></notes>",
            rootKey: "notes")
        try roundTrip(
            [[1, 2], [], [3]], expectedXML: "<m><m><m>1</m><m>2</m></m><m /><m><m>3</m></m></m>", rootKey: "m")
    }

    @Test func topLevelDictionary() throws {
        try roundTrip(
            ["b": 2, "a": 1], expectedXML: "<Dictionary><a>1</a><b>2</b></Dictionary>", rootKey: nil,
            encoder: { $0.outputFormatting = .sortedKeys })
    }

    // MARK: Keyed container, every scalar

    struct AllScalars: Codable, Equatable {
        var bool = true
        var string = "s"
        var double = 1.5
        var float: Float = 2.5
        var int = -1
        var int8: Int8 = -8
        var int16: Int16 = -16
        var int32: Int32 = -32
        var int64: Int64 = -64
        var uint: UInt = 1
        var uint8: UInt8 = 8
        var uint16: UInt16 = 16
        var uint32: UInt32 = 32
        var uint64: UInt64 = 64
        var decimal = Decimal(string: "12.34")!
        var url = URL(string: "https://example.com/")!
        var data = Data("hi".utf8)
        var date = Date(timeIntervalSince1970: 1.5)
    }

    @Test func keyedContainerEveryScalar() throws {
        try roundTrip(
            AllScalars(),
            expectedXML: """
                <root><bool>true</bool><string>s</string><double>1.5</double><float>2.5</float><int>-1</int><int8>-8</int8><int16>-16</int16><int32>-32</int32><int64>-64</int64><uint>1</uint><uint8>8</uint8><uint16>16</uint16><uint32>32</uint32><uint64>64</uint64><decimal>12.34</decimal><url>https://example.com/</url><data>aGk=</data><date>1.5</date></root>
                """)
    }

    // MARK: Nested containers

    /// A keyed container nested in a keyed container, and an unkeyed one, written by hand.
    struct Nested: Codable, Equatable {
        var id: Int
        var street: String
        var city: String
        var matrix: [[Int]]

        enum CodingKeys: String, CodingKey { case id, address, matrix }
        enum AddressKeys: String, CodingKey { case street, city }

        init(id: Int, street: String, city: String, matrix: [[Int]]) {
            self.id = id; self.street = street; self.city = city; self.matrix = matrix
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int.self, forKey: .id)
            let address = try c.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
            street = try address.decode(String.self, forKey: .street)
            city = try address.decode(String.self, forKey: .city)
            var rows = try c.nestedUnkeyedContainer(forKey: .matrix)
            matrix = []
            while !rows.isAtEnd {
                var row = try rows.nestedUnkeyedContainer()
                var values: [Int] = []
                while !row.isAtEnd { values.append(try row.decode(Int.self)) }
                matrix.append(values)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            var address = c.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
            try address.encode(street, forKey: .street)
            try address.encode(city, forKey: .city)
            var rows = c.nestedUnkeyedContainer(forKey: .matrix)
            for values in matrix {
                var row = rows.nestedUnkeyedContainer()
                for value in values { try row.encode(value) }
            }
        }
    }

    @Test func nestedKeyedAndUnkeyedContainers() throws {
        try roundTrip(
            Nested(id: 1, street: "Main St", city: "Oslo", matrix: [[1, 2], [3]]),
            expectedXML: """
                <root><id>1</id><address><street>Main St</street><city>Oslo</city></address><matrix><matrix>1</matrix><matrix>2</matrix></matrix><matrix><matrix>3</matrix></matrix></root>
                """)
    }

    /// An unkeyed container at the top, holding scalars, a keyed container and a nested list.
    struct Mixed: Codable, Equatable {
        var number: Int
        var word: String
        var x: Int
        var inner: [String]
        enum PointKeys: String, CodingKey { case x }

        init(number: Int, word: String, x: Int, inner: [String]) {
            self.number = number; self.word = word; self.x = x; self.inner = inner
        }

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            number = try c.decode(Int.self)
            word = try c.decode(String.self)
            x = try c.nestedContainer(keyedBy: PointKeys.self).decode(Int.self, forKey: .x)
            inner = try c.decode([String].self)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(number)
            try c.encode(word)
            var point = c.nestedContainer(keyedBy: PointKeys.self)
            try point.encode(x, forKey: .x)
            try c.encode(inner)
        }
    }

    @Test func unkeyedContainerWithNestedContainers() throws {
        try roundTrip(
            Mixed(number: 7, word: "w", x: 3, inner: ["a", "b"]),
            expectedXML: """
                <root><root>7</root><root>w</root><root><x>3</x></root><root><root>a</root><root>b</root></root></root>
                """)
    }

    // MARK: superEncoder: its element is made when the superclass writes to it (XMLCoder adds it
    // when the superclass is done), so it follows what was written before that

    struct Base: Codable, Equatable { var x: Int }

    struct WithSuper: Codable, Equatable {
        var a: Int
        var base: Base
        var z: Int
        enum CodingKeys: String, CodingKey { case a, z }

        init(a: Int, base: Base, z: Int) { self.a = a; self.base = base; self.z = z }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            a = try c.decode(Int.self, forKey: .a)
            base = try Base(from: c.superDecoder())
            z = try c.decode(Int.self, forKey: .z)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(a, forKey: .a)
            let superEncoder = c.superEncoder()
            try c.encode(z, forKey: .z)
            try base.encode(to: superEncoder)  // written after <z>, and placed there (as XMLCoder does)
        }
    }

    @Test func superEncoderIsPlacedWhereItsContentIsWritten() throws {
        try roundTrip(
            WithSuper(a: 1, base: Base(x: 2), z: 3),
            expectedXML: """
                <root><a>1</a><z>3</z><super><x>2</x></super></root>
                """)
    }

    struct WithSuperForKey: Codable, Equatable {
        var a: Int
        var base: Base
        var z: Int
        enum CodingKeys: String, CodingKey { case a, parent, z }

        init(a: Int, base: Base, z: Int) { self.a = a; self.base = base; self.z = z }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            a = try c.decode(Int.self, forKey: .a)
            base = try Base(from: c.superDecoder(forKey: .parent))
            z = try c.decode(Int.self, forKey: .z)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            let superEncoder = c.superEncoder(forKey: .parent)
            try c.encode(a, forKey: .a)
            try c.encode(z, forKey: .z)
            #expect(pathStrings(superEncoder.codingPath) == ["parent"])
            try base.encode(to: superEncoder)
        }
    }

    @Test func superEncoderForKeyIsPlacedWhereItsContentIsWritten() throws {
        try roundTrip(
            WithSuperForKey(a: 1, base: Base(x: 2), z: 3),
            expectedXML: """
                <root><a>1</a><z>3</z><parent><x>2</x></parent></root>
                """)
    }

    @Test func unkeyedSuperEncoderKeepsItsPlace() throws {
        struct Items: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.unkeyedContainer()
                try c.encode(1)
                let sup = c.superEncoder()
                try c.encode(3)
                var single = sup.singleValueContainer()
                try single.encode(2)
            }
        }
        let xml = try encodeXML(Items(), rootKey: "r")
        #expect(try XMLDecoder().decode([Int].self, from: Data(xml.utf8)) == [1, 2, 3], "\(xml)")
    }

    // MARK: The "" key

    struct Price: Codable, Equatable {
        @Attribute var currency: String
        var value: Double
        enum CodingKeys: String, CodingKey { case currency, value = "" }
    }

    @Test func emptyKeyWritesElementText() throws {
        struct Item: Codable, Equatable { var name: String; var price: Price }
        try roundTrip(
            Item(name: "pen", price: Price(currency: "EUR", value: 12.5)),
            expectedXML: """
                <root><name>pen</name><price currency="EUR">12.5</price></root>
                """)
        try roundTrip(
            Price(currency: "USD", value: 3),
            expectedXML: """
                <price currency="USD">3.0</price>
                """, rootKey: "price")
    }

    @Test func emptyKeyStringText() throws {
        struct Label: Codable, Equatable {
            @Attribute var lang: String
            var text: String
            enum CodingKeys: String, CodingKey { case lang, text = "" }
        }
        try roundTrip(
            [Label(lang: "en", text: "Hello & <bye>"), Label(lang: "fr", text: "")],
            expectedXML: """
                <labels><labels lang="en">Hello &amp; &lt;bye&gt;</labels><labels lang="fr"></labels></labels>
                """, rootKey: "labels")
    }

    // MARK: Coding paths, userInfo

    @Test func codingPathsDuringEncoding() throws {
        final class Probe: Encodable, @unchecked Sendable {
            let paths = Recorder<[String]>()
            struct Leaf: Encodable {
                let paths: Recorder<[String]>
                func encode(to encoder: any Encoder) throws {
                    paths.append(pathStrings(encoder.codingPath))
                    var c = encoder.singleValueContainer()
                    try c.encode(1)
                }
            }
            struct Middle: Encodable {
                let paths: Recorder<[String]>
                enum K: String, CodingKey { case leaf, list }
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: K.self)
                    try c.encode(Leaf(paths: paths), forKey: .leaf)
                    try c.encode([Leaf(paths: paths), Leaf(paths: paths)], forKey: .list)
                }
            }
            enum K: String, CodingKey { case middle }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                try c.encode(Middle(paths: paths), forKey: .middle)
            }
        }
        let probe = Probe()
        let xml = try encodeXML(probe, rootKey: "root")
        #expect(xml == "<root><middle><leaf>1</leaf><list>1</list><list>1</list></middle></root>")
        #expect(probe.paths.values == [["middle", "leaf"], ["middle", "list", "0"], ["middle", "list", "1"]])
    }

    @Test func userInfoReachesEncodeTo() throws {
        struct Probe: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "tag")!] as? String ?? "missing")
            }
        }
        let xml = try encodeXML(
            Probe(), rootKey: "root", configure: { $0.userInfo = [CodingUserInfoKey(rawValue: "tag")!: "found"] })
        #expect(xml == "<root>found</root>")
    }
}
