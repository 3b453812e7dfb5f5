// Choice enums (XMLChoiceCodingKey and Swift's synthesized Codable for enums with associated
// values), wrapped (XMLListCoding) and unwrapped lists, sets, and dictionaries.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// XMLCoder's IntOrString, hand-written with XMLChoiceCodingKey.
private enum IntOrString: Codable, Equatable {
    case int(Int)
    case string(String)

    enum CodingKeys: String, XMLChoiceCodingKey { case int, string }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(Int.self, forKey: .int) {
            self = .int(value)
        } else {
            self = .string(try container.decode(String.self, forKey: .string))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .int(let value): try container.encode(value, forKey: .int)
        case .string(let value): try container.encode(value, forKey: .string)
        }
    }
}

/// Synthesized Codable with `_0 = ""`, so the associated value is the element's text.
private enum Synthesized: Codable, Equatable {
    case int(Int)
    case string(String)
    case pair(x: Int, y: Int)
    case none

    enum CodingKeys: String, XMLChoiceCodingKey { case int, string, pair, none }
    enum IntCodingKeys: String, CodingKey { case _0 = "" }
    enum StringCodingKeys: String, CodingKey { case _0 = "" }
}

/// Synthesized Codable with no custom keys.
private enum Plain: Codable, Equatable {
    case int(Int)
    case string(String)
    case circle(radius: Double)
    case empty
}

private enum Suit: String, Codable { case hearts, spades }

@Suite struct EncoderChoiceTests {
    @Test func handWrittenChoice() throws {
        try roundTrip(IntOrString.int(42), expectedXML: "<value><int>42</int></value>", rootKey: "value")
        try roundTrip(
            IntOrString.string("forty-two"), expectedXML: "<value><string>forty-two</string></value>", rootKey: "value")
    }

    @Test func choiceArrayPropertyWrapsEachItemInTheKey() throws {
        struct Doc: Codable, Equatable { var value: [IntOrString]; var single: IntOrString }
        try roundTrip(
            Doc(value: [.int(1), .string("a")], single: .int(9)),
            expectedXML: """
                <doc><value><int>1</int></value><value><string>a</string></value><single><int>9</int></single></doc>
                """, rootKey: "doc")
    }

    @Test func topLevelChoiceArray() throws {
        try roundTrip([IntOrString.int(1), .string("two"), .int(3)], rootKey: "list")
        try roundTrip([Synthesized.int(1), .none, .string("s"), .pair(x: 1, y: 2)], rootKey: "list")
    }

    @Test func synthesizedWithEmptyStringKeys() throws {
        try roundTrip(Synthesized.int(1), expectedXML: "<v><int>1</int></v>", rootKey: "v")
        try roundTrip(Synthesized.string("a & b"), expectedXML: "<v><string>a &amp; b</string></v>", rootKey: "v")
        try roundTrip(Synthesized.pair(x: 1, y: 2), expectedXML: "<v><pair><x>1</x><y>2</y></pair></v>", rootKey: "v")
        try roundTrip(Synthesized.none, expectedXML: "<v><none /></v>", rootKey: "v")
    }

    @Test func synthesizedWithoutCustomKeys() throws {
        try roundTrip(Plain.int(1), expectedXML: "<v><int><_0>1</_0></int></v>", rootKey: "v")
        try roundTrip(Plain.string(""), expectedXML: "<v><string><_0></_0></string></v>", rootKey: "v")
        try roundTrip(
            Plain.circle(radius: 2), expectedXML: "<v><circle><radius>2.0</radius></circle></v>", rootKey: "v")
        try roundTrip(Plain.empty, expectedXML: "<v><empty /></v>", rootKey: "v")
    }

    @Test func synthesizedChoicesInAStruct() throws {
        struct Doc: Codable, Equatable { var v: [Plain]; var s: Synthesized; var o: Synthesized? }
        try roundTrip(
            Doc(v: [.int(1), .empty, .string("x")], s: .pair(x: 3, y: 4), o: nil),
            expectedXML: """
                <doc><v><int><_0>1</_0></int></v><v><empty /></v><v><string><_0>x</_0></string></v><s><pair><x>3</x><y>4</y></pair></s></doc>
                """, rootKey: "doc")
        try roundTrip(Doc(v: [], s: .none, o: .string("y")), rootKey: "doc")
    }

    @Test func rawValueEnums() throws {
        struct Card: Codable, Equatable { @Attribute var suit: Suit; var other: Suit }
        try roundTrip(
            Card(suit: Attribute(.spades), other: .hearts),
            expectedXML: """
                <card suit="spades"><other>hearts</other></card>
                """, rootKey: "card")
    }
}

@Suite struct EncoderListTests {
    struct Tags: Codable, Equatable { var tag: [String]; var n: [Int] }

    @Test func unwrappedListsAreRepeatedElements() throws {
        try roundTrip(
            Tags(tag: ["a", "b", ""], n: [1]),
            expectedXML: """
                <r><tag>a</tag><tag>b</tag><tag></tag><n>1</n></r>
                """, rootKey: "r")
        try roundTrip(Tags(tag: [], n: []), expectedXML: "<r />", rootKey: "r")
    }

    struct Book: Codable, Equatable, XMLListCoding {
        var title: String
        var authors: [String]
        var chapter: [String]
        var pages: [Int]

        static func xmlListItemName(for key: any CodingKey) -> String? {
            switch key.stringValue {
            case "authors": "author"
            case "pages": "page"
            default: nil
            }
        }
    }

    @Test func wrappedListsPerProperty() throws {
        try roundTrip(
            Book(title: "T", authors: ["A", "B"], chapter: ["1", "2"], pages: [10]),
            expectedXML: """
                <book><title>T</title><authors><author>A</author><author>B</author></authors><chapter>1</chapter><chapter>2</chapter><pages><page>10</page></pages></book>
                """, rootKey: "book")
    }

    @Test func emptyWrappedList() throws {
        try roundTrip(
            Book(title: "T", authors: [], chapter: [], pages: []),
            expectedXML: """
                <book><title>T</title><authors /><pages /></book>
                """, rootKey: "book")
    }

    @Test func wrappedListsAreArraysInJSON() throws {
        let book = Book(title: "T", authors: ["A"], chapter: [], pages: [1, 2])
        let json = try JSONEncoder().encode(book)
        #expect(try JSONDecoder().decode(Book.self, from: json) == book)
    }

    @Test func listOfStructsAndNestedLists() throws {
        struct Item: Codable, Equatable { var name: String; var sizes: [Int] }
        struct Order: Codable, Equatable { var item: [Item]; var grid: [[String]] }
        try roundTrip(
            Order(
                item: [Item(name: "a", sizes: [1, 2]), Item(name: "b", sizes: [])], grid: [["x", "y"], [], ["z"]]),
            expectedXML: """
                <o><item><name>a</name><sizes>1</sizes><sizes>2</sizes></item><item><name>b</name></item><grid><grid>x</grid><grid>y</grid></grid><grid /><grid><grid>z</grid></grid></o>
                """, rootKey: "o")
    }

    @Test func optionalList() throws {
        struct S: Codable, Equatable { var a: [String]?; var b: [Int]? }
        try roundTrip(S(a: ["x"], b: nil), expectedXML: "<s><a>x</a></s>", rootKey: "s")
    }

    @Test func sets() throws {
        struct S: Codable, Equatable { var tag: Set<String> }
        let xml = try roundTrip(S(tag: ["a", "b", "c"]), rootKey: "s")
        #expect(xml.components(separatedBy: "<tag>").count == 4)
    }

    @Test func nestedUnkeyedContainerForKeyIsAnUnwrappedList() throws {
        struct Points: Codable, Equatable {
            var xs: [Int]
            enum CodingKeys: String, CodingKey { case point }
            init(xs: [Int]) { self.xs = xs }
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .point)
                xs = []
                while !list.isAtEnd { xs.append(try list.decode(Int.self)) }
            }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                var list = c.nestedUnkeyedContainer(forKey: .point)
                for x in xs { try list.encode(x) }
            }
        }
        try roundTrip(
            Points(xs: [1, 2, 3]), expectedXML: "<p><point>1</point><point>2</point><point>3</point></p>", rootKey: "p")
    }
}

@Suite struct EncoderDictionaryTests {
    @Test func stringKeyedDictionaryProperty() throws {
        struct S: Codable, Equatable { var scores: [String: Int] }
        try roundTrip(
            S(scores: ["bob": 5, "ann": 3]),
            expectedXML: """
                <s><scores><ann>3</ann><bob>5</bob></scores></s>
                """, rootKey: "s", encoder: { $0.outputFormatting = .sortedKeys })
        try roundTrip(S(scores: [:]), expectedXML: "<s><scores /></s>", rootKey: "s")
    }

    @Test func dictionaryOfStructsAndLists() throws {
        struct P: Codable, Equatable { @Attribute var x: Int; var tag: [String] }
        try roundTrip(
            ["one": P(x: 1, tag: ["a"]), "two": P(x: 2, tag: [])],
            expectedXML: """
                <d><one x="1"><tag>a</tag></one><two x="2" /></d>
                """, rootKey: "d", encoder: { $0.outputFormatting = .sortedKeys })
    }

    /// An array value is an unwrapped list under its key, as for a property (and in XMLCoder).
    @Test func dictionaryOfLists() throws {
        try roundTrip(["k": ["a", "b"]], expectedXML: "<d><k>a</k><k>b</k></d>", rootKey: "d")
    }

    /// An empty array value writes nothing, so its key disappears and the decoded dictionary
    /// lacks the entry: the round trip loses it.
    @Test func dictionaryWithEmptyArrayValueKeepsTheKey() throws {
        try roundTrip(
            ["empty": [String](), "full": ["x"]], rootKey: "d", encoder: { $0.outputFormatting = .sortedKeys })
        try roundTrip(["empty": [Int]()], rootKey: "d")
    }

    @Test func dictionaryWithoutSortedKeysStillRoundTrips() throws {
        var big: [String: String] = [:]
        for i in 0..<50 { big["key\(i)"] = "v\(i) & <\(i)>" }
        try roundTrip(big, rootKey: "d")
    }

    @Test func dictionaryKeysThatAreNotXMLNamesAreRefused() throws {
        // Int keys become "1", "2": not XML names.
        let error = try #require(encodingError([1: "a"]))
        #expect(error.debugDescription.contains("not a valid XML name"))
        #expect(encodingError(["has space": 1]) != nil)
    }
}
