// Lists and dictionaries: unwrapped repeated elements (the default), arrays of scalars, optionals
// and empty elements, missing lists, dictionaries, top-level arrays, and wrapped lists.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderListsTests {
    struct Numbers: Decodable, Equatable { var n: [Int] }

    @Test(arguments: [
        ("<r><n>1</n><n>2</n><n>3</n></r>", [1, 2, 3]),
        ("<r><n>7</n></r>", [7]),
        ("<r/>", []),
        ("<r><other>1</other></r>", []),
        ("<r><n>1</n><x/><n>2</n></r>", [1, 2]),
    ])
    func unwrappedRepeatedElements(_ xml: String, _ expected: [Int]) throws {
        #expect(try decode(Numbers.self, xml).n == expected)
    }

    @Test func listsOfStructs() throws {
        struct Item: Decodable, Equatable { @Attribute var id: Int; var name: String }
        struct Order: Decodable, Equatable { var item: [Item]; var total: Int }
        let xml = """
            <order>
              <item id="1"><name>a</name></item>
              <total>3</total>
              <item id="2"><name>b</name></item>
            </order>
            """
        let order = try decode(Order.self, xml)
        #expect(order.item == [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        #expect(order.total == 3)
    }

    @Test func singleElementListOfStructs() throws {
        struct Item: Decodable, Equatable { var name: String }
        struct Order: Decodable { var item: [Item] }
        #expect(try decode(Order.self, "<o><item><name>a</name></item></o>").item == [Item(name: "a")])
    }

    @Test func arrayOfStrings() throws {
        struct S: Decodable { var s: [String] }
        let xml = """
            <r>
              <s>a</s>
              <s> b c </s>
              <s/>
              <s>d &amp; e</s>
            </r>
            """
        #expect(try decode(S.self, xml).s == ["a", "b c", "", "d & e"])
    }

    @Test func arrayOfOptionalInts() throws {
        struct S: Decodable { var n: [Int?] }
        let xml = """
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <n>1</n>
              <n/>
              <n xsi:nil="true"/>
              <n>4</n>
            </r>
            """
        #expect(try decode(S.self, xml).n == [1, nil, nil, 4])
    }

    @Test func arrayOfOptionalStrings() throws {
        struct S: Decodable { var s: [String?] }
        let xml = """
            <r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <s>a</s>
              <s/>
              <s xsi:nil="true"/>
            </r>
            """
        // An empty element is an empty string; xsi:nil is nil.
        #expect(try decode(S.self, xml).s == ["a", "", nil])
    }

    @Test func arrayOfEmptyElements() throws {
        struct Marker: Decodable, Equatable {}
        struct S: Decodable { var br: [Marker] }
        let xml = """
            <r><br/><br/><br></br></r>
            """
        #expect(try decode(S.self, xml).br.count == 3)
    }

    @Test func arrayOfEmptyStructsWithOptionalFields() throws {
        struct Opt: Decodable, Equatable { var a: String?; var b: Int? }
        struct S: Decodable { var e: [Opt] }
        #expect(try decode(S.self, "<r><e/><e b=\"2\"/></r>").e == [Opt(a: nil, b: nil), Opt(a: nil, b: 2)])
    }

    @Test func missingListIsEmpty() throws {
        struct S: Decodable, Equatable { var a: [String]; var b: [Int]; var c: [String: Int] }
        #expect(try decode(S.self, "<r/>") == S(a: [], b: [], c: [:]))
    }

    @Test func missingSetIsEmptyAndPresentSetHoldsTheItems() throws {
        struct S: Codable, Equatable { var tag: Set<String>; var n: ContiguousArray<Int> }
        #expect(try decode(S.self, "<r/>") == S(tag: [], n: []))
        #expect(
            try decode(S.self, "<r><tag>b</tag><n>1</n><tag>a</tag><tag>b</tag></r>") == S(tag: ["a", "b"], n: [1]))
    }

    @Test func optionalListMissingIsNil() throws {
        struct S: Decodable { var a: [String]? }
        #expect(try decode(S.self, "<r/>").a == nil)
        #expect(try decode(S.self, "<r><a>x</a><a>y</a></r>").a == ["x", "y"])
    }

    @Test func stringDictionary() throws {
        let xml = """
            <r>
              <alpha>1</alpha>
              <beta>two</beta>
            </r>
            """
        #expect(try decode([String: String].self, xml) == ["alpha": "1", "beta": "two"])
    }

    @Test func intDictionaryAsProperty() throws {
        struct S: Decodable { var scores: [String: Int] }
        let xml = """
            <r>
              <scores>
                <ann>3</ann>
                <bob>5</bob>
              </scores>
            </r>
            """
        #expect(try decode(S.self, xml).scores == ["ann": 3, "bob": 5])
    }

    @Test func dictionaryFromAttributes() throws {
        #expect(try decode([String: Int].self, #"<r a="1" b="2"/>"#) == ["a": 1, "b": 2])
    }

    @Test func dictionaryOfStructs() throws {
        struct P: Decodable, Equatable { var x: Int }
        #expect(
            try decode([String: P].self, "<r><one x=\"1\"/><two><x>2</x></two></r>") == [
                "one": P(x: 1), "two": P(x: 2),
            ])
    }

    @Test func topLevelArrayFromRootChildren() throws {
        let xml = """
            <list>
              <i>1</i>
              <j>2</j>
              <k>3</k>
            </list>
            """
        #expect(try decode([Int].self, xml) == [1, 2, 3])
    }

    @Test func topLevelEmptyArray() throws {
        #expect(try decode([Int].self, "<list/>") == [])
        #expect(try decode([Int].self, "<list>\n  \n</list>") == [])
    }

    @Test func topLevelArrayOfStructs() throws {
        struct P: Decodable, Equatable { var name: String }
        let xml = """
            <people><person name="a"/><person><name>b</name></person></people>
            """
        #expect(try decode([P].self, xml) == [P(name: "a"), P(name: "b")])
    }

    @Test func listOfListsThroughItemStruct() throws {
        struct Row: Decodable { var c: [Int] }
        struct Table: Decodable { var row: [Row] }
        let xml = """
            <t><row><c>1</c><c>2</c></row><row/><row><c>3</c></row></t>
            """
        #expect(try decode(Table.self, xml).row.map(\.c) == [[1, 2], [], [3]])
    }

    @Test func largeList() throws {
        struct S: Decodable { var n: [Int] }
        let xml = "<r>" + (0..<5000).map { "<n>\($0)</n>" }.joined() + "</r>"
        #expect(try decode(S.self, xml).n == Array(0..<5000))
    }

    // MARK: Wrapped lists

    // Chosen per property with `XMLListCoding` (Sources/XMLCodableCore/Support/XMLListCoding.swift).
    struct Wrapped: Decodable, Equatable, XMLListCoding {
        var title: String
        var authors: [String]
        var scores: [Int]
        var tag: [String]
        static func xmlListItemName(for key: any CodingKey) -> String? {
            switch key.stringValue {
            case "authors": "author"
            case "scores": "score"
            default: nil
            }
        }
    }

    @Test
    func wrappedListsPerProperty() throws {
        let xml = """
            <book>
              <title>T</title>
              <authors>
                <author>A</author>
                <author>B</author>
              </authors>
              <scores><score>1</score><other>9</other><score>2</score></scores>
              <tag>x</tag>
              <tag>y</tag>
            </book>
            """
        #expect(
            try decode(Wrapped.self, xml)
                == Wrapped(title: "T", authors: ["A", "B"], scores: [1, 2], tag: ["x", "y"]))
    }

    @Test
    func wrappedListWithOneItemAndEmptyWrapper() throws {
        #expect(
            try decode(Wrapped.self, "<b><title>T</title><authors><author>A</author></authors><scores/></b>")
                == Wrapped(title: "T", authors: ["A"], scores: [], tag: []))
    }

    @Test
    func missingWrappedListIsEmpty() throws {
        #expect(
            try decode(Wrapped.self, "<b><title>T</title></b>") == Wrapped(title: "T", authors: [], scores: [], tag: [])
        )
    }

    @Test
    func wrappedListErrorPath() throws {
        let error = try #require(
            decodingError(Wrapped.self, "<b><title>T</title><scores><score>1</score><score>x</score></scores></b>"))
        #expect(error.fullPath == ["scores", "1"])
    }

    @Test
    func wrappedListModelFromJSON() throws {
        let json = #"{"title":"T","authors":["A","B"],"scores":[1,2],"tag":["x"]}"#
        #expect(
            try JSONDecoder().decode(Wrapped.self, from: Data(json.utf8))
                == Wrapped(title: "T", authors: ["A", "B"], scores: [1, 2], tag: ["x"]))
    }
}
