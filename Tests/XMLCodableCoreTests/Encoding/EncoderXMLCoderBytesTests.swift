// XMLCoder 0.18.2's bytes, group by group: empty elements and empty strings, the escaping tables
// (and what is escaped whatever they say), pretty layouts, list item names, choices, the node
// strategy's stack, lists that are dictionary values or optional properties, and the two options
// that give the compact form. Each expected document is what XMLCoder writes for the same value
// and settings, except where a comment says why not.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderXMLCoderBytesTests {
    struct Note: Codable, Equatable {
        var title: String
        var body: String?
    }

    struct Tagged: Codable, Equatable, DynamicNodeEncoding {
        var id: Int
        var text: String
        enum CodingKeys: String, CodingKey { case id, text = "" }
        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            key.stringValue == "id" ? .attribute : .element
        }
    }

    struct Empty: Codable, Equatable {}

    // MARK: - Empty elements and empty strings

    @Test func emptyElementsHaveASpaceBeforeTheSlash() throws {
        struct Holder: Codable, Equatable { var empty = Empty(); var list: [Int] = []; var note: Note? }
        #expect(
            try encodeXML(Holder(note: Note(title: "", body: nil)), rootKey: "r") == """
                <r><empty /><note><title></title></note></r>
                """)
        #expect(try encodeXML(Empty(), rootKey: "r") == "<r />")
        #expect(try encodeXML(Tagged(id: 1, text: ""), rootKey: "t") == #"<t id="1"></t>"#)
    }

    @Test func anEmptyStringIsAnElementWithText() throws {
        try roundTrip(
            Note(title: "", body: ""), expectedXML: "<note><title></title><body></body></note>", rootKey: "note")
        try roundTrip([""], expectedXML: "<list><list></list></list>", rootKey: "list")
    }

    @Test func noEmptyElements() throws {
        struct Holder: Codable, Equatable { var empty = Empty(); var title = "" }
        #expect(
            try encodeXML(Holder(), rootKey: "r", configure: { $0.outputFormatting = .noEmptyElements }) == """
                <r><empty></empty><title></title></r>
                """)
        #expect(
            try encodeXML(
                Holder(), rootKey: "r", configure: { $0.outputFormatting = [.noEmptyElements, .prettyPrinted] }) == """
                    <r>
                        <empty></empty>
                        <title></title>
                    </r>
                    """)
    }

    // MARK: - Escaping

    @Test func defaultTablesEscapeQuotesAndApostrophes() throws {
        struct S: Codable, Equatable { @Attribute var a: String; var s: String }
        try roundTrip(
            S(a: #"<Tom's "book" & more>"#, s: #"<Tom's "book" & more>"#),
            expectedXML: """
                <s a="&lt;Tom&apos;s &quot;book&quot; &amp; more&gt;"><s>&lt;Tom&apos;s &quot;book&quot; &amp; more&gt;</s></s>
                """, rootKey: "s")
    }

    @Test func whatIsAlwaysEscaped() throws {
        struct S: Codable, Equatable { @Attribute var a: String; var s: String }
        let value = S(a: "a&b<c\"d\te\nf\rg", s: "a&b<c\rd]]>e>f")
        // With empty tables, what XML needs stays escaped, so the value reads back unchanged.
        try roundTrip(
            value,
            expectedXML: """
                <s a="a&amp;b&lt;c&quot;d&#9;e&#10;f&#13;g"><s>a&amp;b&lt;c&#13;d]]&gt;e>f</s></s>
                """, rootKey: "s",
            encoder: {
                $0.charactersEscapedInElements = []; $0.charactersEscapedInAttributes = []
            },
            decoder: { $0.trimValueWhitespaces = false })
        // With XMLCoder's default tables, tab, line feed and carriage return are still references
        // (XMLCoder writes them raw, and a reader turns them into spaces or a line feed).
        try roundTrip(
            value,
            expectedXML: """
                <s a="a&amp;b&lt;c&quot;d&#9;e&#10;f&#13;g"><s>a&amp;b&lt;c&#13;d]]&gt;e&gt;f</s></s>
                """, rootKey: "s", decoder: { $0.trimValueWhitespaces = false })
    }

    @Test func tableEntriesAreApplied() throws {
        struct S: Codable, Equatable { @Attribute var a: String; var s: String }
        // XMLCoder's own example: line feeds in attributes as references.
        let xml = try encodeXML(
            S(a: "x\ny", s: "é'"), rootKey: "s",
            configure: {
                $0.charactersEscapedInAttributes.append(("\n", "&#10;"))
                $0.charactersEscapedInElements = [("&", "&amp;"), ("<", "&lt;"), ("é", "&#xE9;")]
            })
        #expect(xml == #"<s a="x&#10;y"><s>&#xE9;'</s></s>"#)
        #expect(try XMLDecoder().decode(S.self, from: Data(xml.utf8)) == S(a: "x\ny", s: "é'"))
    }

    @Test(arguments: [
        ("ab", "&#97;"), ("a", "&amp;"), ("a", "x"), ("a", "&#98;"), ("a", "&#x62;"), ("\u{1}", "&#1;"), ("a", "&#97"),
        ("&", "&foo;"), ("a", "&#X61;"),
    ])
    func badTableEntriesAreRefused(entry: (String, String)) throws {
        struct S: Codable, Equatable { @Attribute var a: String; var s: String }
        let inText = try #require(
            encodingError(S(a: "a", s: "a"), configure: { $0.charactersEscapedInElements.append(entry) }))
        #expect(inText.debugDescription.contains("charactersEscapedInElements"))
        let inAttribute = try #require(
            encodingError(S(a: "a", s: "a"), configure: { $0.charactersEscapedInAttributes.append(entry) }))
        #expect(inAttribute.debugDescription.contains("charactersEscapedInAttributes"))
        // Not used, so not checked, under .minimalEscaping.
        #expect(
            try encodeXML(
                S(a: "a", s: "a"), rootKey: "s",
                configure: {
                    $0.charactersEscapedInElements.append(entry); $0.outputFormatting = .minimalEscaping
                })
                == #"<s a="a"><s>a</s></s>"#)
    }

    @Test func minimalEscapingIgnoresTheTables() throws {
        struct S: Codable, Equatable { @Attribute var a: String; var s: String }
        #expect(
            try encodeXML(
                S(a: #"'>" x"#, s: #"'>" x"#), rootKey: "s",
                configure: {
                    $0.outputFormatting = .minimalEscaping
                    $0.charactersEscapedInElements.append(("x", "&#120;"))
                }) == #"<s a="'>&quot; x"><s>'&gt;" x</s></s>"#)
    }

    // MARK: - Pretty printing

    @Test func prettyLayoutWithSortedKeysAndTabs() throws {
        struct Book: Codable, Equatable, DynamicNodeEncoding {
            var title: String
            var id: Int
            var tags: [String]
            var note: Note
            static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
                key.stringValue == "id" ? .attribute : .element
            }
        }
        let book = Book(title: "T", id: 1, tags: ["a", "b"], note: Note(title: "n", body: nil))
        try roundTrip(
            book,
            expectedXML: """
                <book id="1">
                \t<note>
                \t\t<title>n</title>
                \t</note>
                \t<tags>a</tags>
                \t<tags>b</tags>
                \t<title>T</title>
                </book>
                """, rootKey: "book",
            encoder: {
                $0.outputFormatting = [.prettyPrinted, .sortedKeys]; $0.prettyPrintIndentation = .tabs(1)
            })
    }

    /// A value under the `""` key that has keys of its own: XMLCoder writes its attributes on the
    /// element holding it, after that element's own, and, pretty printed, its elements on one line.
    @Test func prettyLayoutOfAnIntrinsicStruct() throws {
        struct Inner: Codable, Equatable, DynamicNodeEncoding {
            var kind: String
            var x: Int
            var y: Int
            static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
                key.stringValue == "kind" ? .attribute : .element
            }
        }
        struct Outer: Encodable, DynamicNodeEncoding {
            var inner: Inner
            var id: Int
            var other: Int
            enum CodingKeys: String, CodingKey { case inner = "", id, other }
            static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
                key.stringValue == "id" ? .attribute : .element
            }
        }
        let value = Outer(inner: Inner(kind: "k", x: 2, y: 3), id: 1, other: 4)
        #expect(try encodeXML(value, rootKey: "r") == #"<r id="1" kind="k"><x>2</x><y>3</y><other>4</other></r>"#)
        #expect(
            try encodeXML(value, rootKey: "r", configure: { $0.outputFormatting = .prettyPrinted }) == """
                <r id="1" kind="k">
                    <x>2</x>    <y>3</y>
                    <other>4</other>
                </r>
                """)
    }

    /// An element holding text and elements is written as it is: XMLCoder would add line breaks
    /// and indentation to its text (and `.sortedKeys` would move the text first).
    @Test func mixedContentIsWrittenAsItIs() throws {
        struct M: Codable, Equatable {
            var z: Int
            var text: String
            var a: Int
            enum CodingKeys: String, CodingKey { case z, text = "", a }
        }
        try roundTrip(
            M(z: 1, text: " t ", a: 2), expectedXML: "<m><z>1</z> t <a>2</a></m>", rootKey: "m",
            encoder: { $0.outputFormatting = [.prettyPrinted, .sortedKeys] },
            decoder: { $0.trimValueWhitespaces = false })
    }

    // MARK: - List item names

    @Test func listItemsAreNamedAfterTheirKeyAtEveryLevel() throws {
        try roundTrip([1, 2], expectedXML: "<n><n>1</n><n>2</n></n>", rootKey: "n")
        try roundTrip(
            [[1, 2], [3]],
            expectedXML:
                "<element><element><element>1</element><element>2</element></element><element><element>3</element></element></element>",
            rootKey: "element")
        // Without a root key, the root and its items take the type's name (XMLCoder's
        // `Array<Int>` is not an XML name).
        try roundTrip([1], expectedXML: "<Array><Array>1</Array></Array>", rootKey: nil)
        struct Grid: Codable, Equatable { var rows: [[Int]] }
        try roundTrip(
            Grid(rows: [[1], []]), expectedXML: "<grid><rows><rows>1</rows></rows><rows /></grid>", rootKey: "grid")
    }

    @Test func nestedContainerInAListIsAnItem() throws {
        struct Points: Encodable {
            enum Keys: String, CodingKey { case x }
            func encode(to encoder: any Encoder) throws {
                var list = encoder.unkeyedContainer()
                var point = list.nestedContainer(keyedBy: Keys.self)
                try point.encode(1, forKey: .x)
                var row = list.nestedUnkeyedContainer()
                try row.encode(2)
            }
        }
        #expect(try encodeXML(Points(), rootKey: "p") == "<p><p><x>1</x></p><p><p>2</p></p></p>")
    }

    // MARK: - Choices

    enum IntOrString: Codable, Equatable {
        case int(Int)
        case string(String)
        enum CodingKeys: String, XMLChoiceCodingKey { case int, string }
    }

    enum Run: Encodable {
        case text(String)
        case bold(String)
        enum CodingKeys: String, XMLChoiceCodingKey { case text = "", bold = "b" }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let value): try container.encode(value, forKey: .text)
            case .bold(let value): try container.encode(value, forKey: .bold)
            }
        }
    }

    @Test func choicesInAListAreWrittenInPlaceOfTheItems() throws {
        #expect(
            try encodeXML([IntOrString.int(1), .string("a")], rootKey: "container")
                == "<container><int><_0>1</_0></int><string><_0>a</_0></string></container>")
        #expect(
            try encodeXML([Run.text("first"), .bold("b"), .text("second")], rootKey: "container")
                == "<container>first<b>b</b>second</container>")
        #expect(
            try encodeXML(
                [Run.text("first"), .bold("b")], rootKey: "p", configure: { $0.outputFormatting = .prettyPrinted })
                == "<p>first<b>b</b></p>")
    }

    @Test func choicesUnderAKey() throws {
        struct Holder: Encodable { var one: Run; var many: [Run] }
        // Under a key, a list's items keep their element; a single choice is written inside its
        // key's element (XMLCoder writes `<one />`, losing the value).
        #expect(
            try encodeXML(Holder(one: .bold("x"), many: [.text("t"), .bold("y")]), rootKey: "h")
                == "<h><one><b>x</b></one><many>t</many><many><b>y</b></many></h>")
    }

    // MARK: - Node encoding strategy

    /// As XMLCoder: the closure is asked for the type of the value stored under each key, and a
    /// list's items use the closure chosen for the list's type.
    @Test func nodeStrategyForAnArrayTypePlacesItsItemsKeys() throws {
        struct Item: Codable, Equatable { var a: Int; var b: String }
        struct Holder: Codable, Equatable { var items: [Item]; var single: Item }
        let value = Holder(items: [Item(a: 1, b: "x"), Item(a: 2, b: "y")], single: Item(a: 3, b: "z"))
        try roundTrip(
            value,
            expectedXML: """
                <h><items a="1" b="x" /><items a="2" b="y" /><single><a>3</a><b>z</b></single></h>
                """, rootKey: "h",
            encoder: {
                $0.nodeEncodingStrategy = .custom { type, _ in
                    guard type is [Item].Type else { return { _ in nil } }
                    return { _ in .attribute }
                }
            })
    }

    // MARK: - Lists that must read back present

    @Test func dictionaryOfListsIsRepeatedElements() throws {
        #expect(try encodeXML(["k": [1, 2]], rootKey: "d") == "<d><k>1</k><k>2</k></d>")
        // An empty list keeps its key (XMLCoder writes nothing, and the entry is lost).
        #expect(try encodeXML(["k": [Int]()], rootKey: "d") == "<d><k /></d>")
        #expect(try encodeXML(["k": [3]], rootKey: "d") == "<d><k>3</k></d>")
    }

    @Test func aListOfOneEmptyItemThatWouldReadBackEmptyIsRefused() throws {
        for value in [["k": [""]], ["k": [String]()].mapValues { _ in [""] }] {
            let error = try #require(encodingError(value, rootKey: "d"))
            #expect(error.path == ["k"])
            #expect(error.debugDescription.contains("cannot be told apart from an empty list"))
        }
        #expect(encodingError(["k": [Empty()]], rootKey: "d") != nil)
        struct S: Codable, Equatable { var list: [String]? }
        #expect(encodingError(S(list: [""]), rootKey: "s") != nil)
        // Two items, or an item with content, are fine.
        #expect(try encodeXML(["k": ["", ""]], rootKey: "d") == "<d><k></k><k></k></d>")
    }

    @Test func optionalListThatIsEmptyIsAnEmptyElement() throws {
        struct S: Codable, Equatable { var list: [Int]?; var plain: [Int] }
        #expect(try encodeXML(S(list: [], plain: []), rootKey: "s") == "<s><list /></s>")
        #expect(try encodeXML(S(list: nil, plain: []), rootKey: "s") == "<s />")
        #expect(
            try encodeXML(S(list: [1, 2], plain: [3]), rootKey: "s")
                == "<s><list>1</list><list>2</list><plain>3</plain></s>")
    }

    // MARK: - The compact form

    @Test func compactEmptyElements() throws {
        struct Holder: Codable, Equatable { var empty = Empty(); var title = ""; var tagged = Tagged(id: 1, text: "") }
        try roundTrip(
            Holder(), expectedXML: #"<r><empty/><title/><tagged id="1"/></r>"#, rootKey: "r",
            encoder: { $0.outputFormatting = .compactEmptyElements })
        #expect(
            try encodeXML(
                Holder(), rootKey: "r", configure: { $0.outputFormatting = [.compactEmptyElements, .noEmptyElements] })
                == #"<r><empty></empty><title></title><tagged id="1"></tagged></r>"#)
        #expect(
            try encodeXML(
                Holder(), rootKey: "r", configure: { $0.outputFormatting = [.compactEmptyElements, .prettyPrinted] })
                    == """
                    <r>
                        <empty/>
                        <title/>
                        <tagged id="1"/>
                    </r>
                    """)
    }

    @Test func theFormerCompactForm() throws {
        struct S: Codable, Equatable { @Attribute var a: String; var s: String; var e: String }
        try roundTrip(
            S(a: #"'>""#, s: #"'>""#, e: ""), expectedXML: #"<s a="'>&quot;"><s>'&gt;"</s><e/></s>"#, rootKey: "s",
            encoder: { $0.outputFormatting = [.compactEmptyElements, .minimalEscaping] })
    }
}
