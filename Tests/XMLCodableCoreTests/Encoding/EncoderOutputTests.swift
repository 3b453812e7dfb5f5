// Output formatting: compact by default with XMLCoder's spelling (`<a />`, `<a></a>` for an
// empty string), pretty printing with spaces or tabs (never touching text), sorted keys, no
// empty-element tags, the compact forms, the XML declaration, DOCTYPE and root attributes.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderOutputTests {
    struct Item: Codable, Equatable { var name: String }
    struct Price: Codable, Equatable {
        @Attribute var currency: String
        var value: Double
        enum CodingKeys: String, CodingKey { case currency, value = "" }
    }
    struct Doc: Codable, Equatable {
        @Attribute var id: Int
        var title: String
        var empty: String
        var items: [Item]
        var price: Price
    }

    private let doc = Doc(
        id: 1, title: "T", empty: "", items: [Item(name: "a"), Item(name: "b")],
        price: Price(currency: "EUR", value: 1.5))

    @Test func compactByDefault() throws {
        try roundTrip(
            doc,
            expectedXML: """
                <doc id="1"><title>T</title><empty></empty><items><name>a</name></items><items><name>b</name></items><price currency="EUR">1.5</price></doc>
                """, rootKey: "doc")
    }

    @Test func compactEmptyElementsAndMinimalEscaping() throws {
        try roundTrip(
            doc,
            expectedXML: """
                <doc id="1"><title>T</title><empty/><items><name>a</name></items><items><name>b</name></items><price currency="EUR">1.5</price></doc>
                """, rootKey: "doc", encoder: { $0.outputFormatting = [.compactEmptyElements, .minimalEscaping] })
    }

    @Test func prettyPrintedWithFourSpacesByDefault() throws {
        try roundTrip(
            doc,
            expectedXML: """
                <doc id="1">
                    <title>T</title>
                    <empty></empty>
                    <items>
                        <name>a</name>
                    </items>
                    <items>
                        <name>b</name>
                    </items>
                    <price currency="EUR">1.5</price>
                </doc>
                """, rootKey: "doc", encoder: { $0.outputFormatting = .prettyPrinted })
    }

    @Test func prettyPrintedWithTwoSpaces() throws {
        try roundTrip(
            [Item(name: "a")],
            expectedXML: """
                <list>
                  <list>
                    <name>a</name>
                  </list>
                </list>
                """, rootKey: "list",
            encoder: {
                $0.outputFormatting = .prettyPrinted; $0.prettyPrintIndentation = .spaces(2)
            })
    }

    @Test func prettyPrintedWithTabs() throws {
        try roundTrip(
            doc,
            expectedXML:
                "<doc id=\"1\">\n\t<title>T</title>\n\t<empty></empty>\n\t<items>\n\t\t<name>a</name>\n\t</items>\n\t<items>\n\t\t<name>b</name>\n\t</items>\n\t<price currency=\"EUR\">1.5</price>\n</doc>",
            rootKey: "doc",
            encoder: {
                $0.outputFormatting = .prettyPrinted; $0.prettyPrintIndentation = .tabs(1)
            })
    }

    @Test func prettyPrintedWithHeaderAndDoctype() throws {
        let xml = try encodeXML(
            Item(name: "a"), rootKey: "item", header: XMLHeader(version: 1.0, encoding: "UTF-8"),
            doctype: .system(rootElement: "item", dtdLocation: "item.dtd"),
            configure: { $0.outputFormatting = .prettyPrinted })
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE item SYSTEM "item.dtd">
                <item>
                    <name>a</name>
                </item>
                """)
    }

    /// Pretty printing adds white space only between elements of element-only content: text,
    /// white-space-only text, and mixed content are written exactly as they are.
    @Test func prettyPrintingDoesNotChangeText() throws {
        struct Mixed: Codable, Equatable {
            @Attribute var a: String
            var text: String
            var child: Item
            enum CodingKeys: String, CodingKey { case a, text = "", child }
        }
        struct Texts: Codable, Equatable {
            var padded: String
            var spaces: String
            var lines: String
            var list: [String]
            var mixed: Mixed
            var nested: [[String]]
        }
        let value = Texts(
            padded: "  p  ", spaces: "   ", lines: "\n line\n\tnext\r\n", list: [" ", "", "\n"],
            mixed: Mixed(a: " x ", text: " text ", child: Item(name: " n ")), nested: [[" a "], []])
        for indentation in [XMLEncoder.PrettyPrintIndentation.spaces(4), .spaces(0), .tabs(2)] {
            let compact = try roundTrip(value, rootKey: "t", decoder: { $0.trimValueWhitespaces = false })
            let pretty = try roundTrip(
                value, rootKey: "t",
                encoder: {
                    $0.outputFormatting = .prettyPrinted; $0.prettyPrintIndentation = indentation
                },
                decoder: { $0.trimValueWhitespaces = false })
            #expect(pretty != compact || indentation == .spaces(0))
        }
        let pretty = try encodeXML(value, rootKey: "t", configure: { $0.outputFormatting = .prettyPrinted })
        #expect(
            pretty == """
                <t>
                    <padded>  p  </padded>
                    <spaces>   </spaces>
                    <lines>
                 line
                \tnext&#13;
                </lines>
                    <list> </list>
                    <list></list>
                    <list>
                </list>
                    <mixed a=" x "> text <child>
                            <name> n </name>
                        </child></mixed>
                    <nested>
                        <nested> a </nested>
                    </nested>
                    <nested />
                </t>
                """)
    }

    @Test func sortedKeysSortsAttributesAndElements() throws {
        struct S: Codable, Equatable {
            var zeta: Int
            @Attribute var beta: Int
            var alpha: [Int]
            @Attribute var alpha2: Int
            var mid: Item
        }
        try roundTrip(
            S(zeta: 1, beta: 2, alpha: [3, 1, 2], alpha2: 4, mid: Item(name: "m")),
            expectedXML: """
                <s alpha2="4" beta="2"><alpha>3</alpha><alpha>1</alpha><alpha>2</alpha><mid><name>m</name></mid><zeta>1</zeta></s>
                """, rootKey: "s", encoder: { $0.outputFormatting = .sortedKeys })
    }

    @Test func sortedKeysLeavesMixedContentInOrder() throws {
        struct M: Codable, Equatable {
            var z: Int
            var text: String
            var a: Int
            enum CodingKeys: String, CodingKey { case z, text = "", a }
        }
        try roundTrip(
            M(z: 1, text: "t", a: 2), expectedXML: "<m><z>1</z>t<a>2</a></m>", rootKey: "m",
            encoder: { $0.outputFormatting = .sortedKeys })
    }

    @Test func sortedPrettyPrinted() throws {
        struct S: Codable, Equatable { var b: Int; var a: Item }
        try roundTrip(
            S(b: 1, a: Item(name: "x")),
            expectedXML: """
                <s>
                    <a>
                        <name>x</name>
                    </a>
                    <b>1</b>
                </s>
                """, rootKey: "s", encoder: { $0.outputFormatting = [.prettyPrinted, .sortedKeys] })
    }

    @Test func noEmptyElements() throws {
        struct E: Codable, Equatable { var s: String; var inner: [String: String]; @Attribute var a: String }
        try roundTrip(
            E(s: "", inner: [:], a: ""), expectedXML: #"<e a=""><s></s><inner></inner></e>"#, rootKey: "e",
            encoder: { $0.outputFormatting = .noEmptyElements })
        try roundTrip(E(s: "", inner: [:], a: ""), expectedXML: #"<e a=""><s></s><inner /></e>"#, rootKey: "e")
        try roundTrip(
            E(s: "", inner: [:], a: ""), expectedXML: #"<e a=""><s/><inner/></e>"#, rootKey: "e",
            encoder: { $0.outputFormatting = .compactEmptyElements })
        try roundTrip(
            [String](), expectedXML: "<list></list>", rootKey: "list",
            encoder: { $0.outputFormatting = .noEmptyElements })
        try roundTrip(
            E(s: "", inner: [:], a: "x"),
            expectedXML: """
                <e a="x">
                    <s></s>
                    <inner></inner>
                </e>
                """, rootKey: "e", encoder: { $0.outputFormatting = [.noEmptyElements, .prettyPrinted] })
    }

    // MARK: Declaration, DOCTYPE, root attributes

    @Test func xmlHeader() throws {
        let item = Item(name: "a")
        #expect(
            try encodeXML(item, rootKey: "i", header: XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "yes"))
                == """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <i><name>a</name></i>
                """)
        #expect(
            try encodeXML(item, rootKey: "i", header: XMLHeader(version: 1.0))
                == "<?xml version=\"1.0\"?>\n<i><name>a</name></i>")
        #expect(try encodeXML(item, rootKey: "i", header: XMLHeader()) == "<i><name>a</name></i>")
        try roundTrip(item, rootKey: "i", header: XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "no"))
    }

    @Test func doctypes() throws {
        let item = Item(name: "a")
        #expect(
            try encodeXML(item, rootKey: "i", doctype: .system(rootElement: "i", dtdLocation: "i.dtd")) == """
                <!DOCTYPE i SYSTEM "i.dtd">
                <i><name>a</name></i>
                """)
        let xml = try encodeXML(
            item, rootKey: "html", header: XMLHeader(version: 1.0),
            doctype: .public(
                rootElement: "html", dtdName: "-//W3C//DTD XHTML 1.0 Strict//EN",
                dtdLocation: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"))
        #expect(
            xml == """
                <?xml version="1.0"?>
                <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
                <html><name>a</name></html>
                """)
        expectWellFormed(xml)
        #expect(try XMLDecoder().decode(Item.self, from: Data(xml.utf8)) == item)
    }

    @Test func doctypesThatCannotBeWrittenAreRefused() throws {
        let item = Item(name: "a")
        #expect(encodingError(item, doctype: .system(rootElement: "1root", dtdLocation: "x.dtd")) != nil)
        #expect(encodingError(item, doctype: .system(rootElement: "r", dtdLocation: "a\"b")) != nil)
        #expect(encodingError(item, doctype: .public(rootElement: "r", dtdName: "a\"b", dtdLocation: "x")) != nil)
        #expect(encodingError(item, doctype: .system(rootElement: "r", dtdLocation: "a\u{1}b")) != nil)
        // A quote followed by a combining mark is one Swift Character but still a quote in XML.
        #expect(encodingError(item, doctype: .system(rootElement: "r", dtdLocation: "a\"\u{301}b")) != nil)
    }

    /// The output is UTF-8: a declaration naming another encoding would make readers misread every
    /// non-ASCII character, so it is refused (XMLCoder writes it and the bytes disagree).
    @Test(arguments: [
        XMLHeader(version: 1.0, encoding: "ISO-8859-1"), XMLHeader(encoding: "UTF-16"), XMLHeader(version: 2.0),
        XMLHeader(version: 0.9), XMLHeader(standalone: "maybe"),
    ])
    func headersThatWouldLieAreRefused(header: XMLHeader) throws {
        #expect(throws: EncodingError.self) {
            try XMLEncoder().encode(Item(name: "é"), withRootKey: "i", header: header)
        }
        #expect(throws: EncodingError.self) {
            try XMLEncoder().encodeToTree(Item(name: "é"), withRootKey: "i", header: header)
        }
    }

    @Test func headerEncodingUTF8InAnyCase() throws {
        #expect(
            try encodeXML(Item(name: "é"), rootKey: "i", header: XMLHeader(version: 1.1, encoding: "utf-8"))
                == "<?xml version=\"1.1\" encoding=\"utf-8\"?>\n<i><name>é</name></i>")
    }

    /// `rootAttributes` is a Dictionary (XMLCoder's API), whose order is unspecified; this
    /// implementation writes them sorted by name, before the value's own attributes.
    @Test func rootAttributesAreWrittenSortedByNameFirst() throws {
        struct Tagged: Codable, Equatable { @Attribute var own: String; var name: String }
        try roundTrip(
            Tagged(own: "o", name: "n"),
            expectedXML: """
                <r alpha="2" mid="a&amp;&quot;b&lt;" xmlns="urn:x" xmlns:p="urn:p" zeta="1" own="o"><name>n</name></r>
                """, rootKey: "r",
            rootAttributes: ["zeta": "1", "alpha": "2", "mid": "a&\"b<", "xmlns": "urn:x", "xmlns:p": "urn:p"])
        for _ in 0..<5 {
            var attributes: [String: String] = [:]
            for i in (0..<20).shuffled() { attributes["a\(i)"] = "\(i)" }
            let xml = try encodeXML(Item(name: "x"), rootKey: "r", rootAttributes: attributes)
            let names = attributes.keys.sorted().map { "\($0)=\"\(attributes[$0]!)\"" }.joined(separator: " ")
            #expect(xml == "<r \(names)><name>x</name></r>")
        }
    }

    @Test func invalidRootAttributesAreRefused() throws {
        let item = Item(name: "a")
        #expect(encodingError(item, rootAttributes: ["1a": "x"]) != nil)
        #expect(encodingError(item, rootAttributes: ["": "x"]) != nil)
        #expect(encodingError(item, rootAttributes: ["a": "\u{0}"]) != nil)
    }

    @Test func defaultRootNameIsTheTypeName() throws {
        struct Generic<T: Codable & Equatable>: Codable, Equatable { var v: T }
        #expect(try encodeXML(Generic(v: 1), rootKey: nil) == "<Generic><v>1</v></Generic>")
        #expect(try encodeXML(Item(name: "a"), rootKey: nil) == "<Item><name>a</name></Item>")
    }
}
