// Layout white space: the runs of spaces, tabs and line feeds between two sibling elements
// (`</a>\n  <b>`) that the decoder's index may leave out and find again in the document when a
// value needs them. Every case is decoded twice, with `keepsLayoutWhitespace` on (a node for every
// run, as the index always did) and off, and each result is checked against the expected value:
// subtrees (`XMLTree.Element`, `[XMLTree.Node]`) keep the runs byte for byte, an element's own text
// under the `""` key includes them, and mixed content read as a list gets them as items, in order.
// A generated differential test then compares the two settings on a few hundred small documents
// through the same lenses.

import Foundation
import Testing
import XMLCodableTestSupport
@_spi(Testing) @testable import XMLCodableCore

// MARK: - Helpers

/// Decodes `type` from `xml` with layout white space kept and left out, and expects both results
/// to be `expected`.
private func expectBoth<T: Decodable & Equatable>(
    _ type: T.Type, _ xml: String, _ expected: T, configure: (XMLDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for keeps in [true, false] {
        let value = try decode(type, xml) { decoder in
            configure(decoder)
            decoder.keepsLayoutWhitespace = keeps
        }
        #expect(value == expected, "keepsLayoutWhitespace = \(keeps)", sourceLocation: sourceLocation)
    }
}

/// An item of mixed content read through a choice: text (the `""` case) or one of three elements,
/// each holding its own content as a list. (An element whose child element is named by a case is
/// read as a wrapper of that case, as `<value><int>42</int></value>` is.)
private indirect enum Inline: Decodable, Equatable {
    case text(String)
    case b([Inline])
    case i([Inline])
    case c([Inline])

    enum CodingKeys: String, XMLChoiceCodingKey {
        case text = ""
        case b, i, c
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch container.allKeys.first {
        case .text: self = .text(try container.decode(String.self, forKey: .text))
        case .b: self = .b(try container.decode([Inline].self, forKey: .b))
        case .i: self = .i(try container.decode([Inline].self, forKey: .i))
        case .c: self = .c(try container.decode([Inline].self, forKey: .c))
        case nil: throw DecodingError.dataCorruptedError(forKey: .text, in: container, debugDescription: "no case")
        }
    }
}

/// An item of mixed content read without choice keys: an element (its content as a list, through
/// the unkeyed container) or a run of text.
private indirect enum Content: Decodable, Equatable {
    case text(String)
    case element([Content])

    init(from decoder: any Decoder) throws {
        if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
            var list = try decoder.unkeyedContainer()
            var items: [Content] = []
            while !list.isAtEnd { items.append(try list.decode(Content.self)) }
            self = .element(items)
        } else {
            self = .text(try decoder.singleValueContainer().decode(String.self))
        }
    }
}

/// An element's own text, through the `""` key.
private struct OwnText: Decodable, Equatable {
    var value: String
    enum CodingKeys: String, CodingKey { case value = "" }
}

/// An element's content as nodes, through the `""` key.
private struct OwnNodes: Decodable, Equatable {
    var value: [XMLTree.Node]
    enum CodingKeys: String, CodingKey { case value = "" }
}

/// Builds a subtree's expected value.
private func element(_ name: String, _ children: XMLTree.Node...) -> XMLTree.Node {
    .element(XMLTree.Element(XMLTree.Name(stringLiteral: name), children: children))
}

private func text(_ string: String) -> XMLTree.Node { .text(string) }

private func untrimmed(_ decoder: XMLDecoder) { decoder.trimValueWhitespaces = false }

// MARK: - Hand-written cases

@Suite struct DecoderLayoutWhitespaceTests {
    struct Library: Decodable, Equatable {
        var name: String
        var book: [Book]
    }

    struct Book: Decodable, Equatable {
        @Attribute var id: Int
        var title: String
        var author: [String]
        var price: Double?
    }

    @Test func prettyPrintedRecords() throws {
        let xml = """
            <?xml version="1.0"?>
            <library>
                <name>City</name>
                <book id="1">
                    <title>Mastering Swift</title>
                    <author>Jon Hoffman</author>
                    <price>39.5</price>
                </book>
                <book id="2">
                    <title>Swift in Depth</title>
                    <author>Tjeerd in 't Veen</author>
                    <author>Someone Else</author>
                </book>
            </library>
            """
        let expected = Library(
            name: "City",
            book: [
                Book(id: Attribute(1), title: "Mastering Swift", author: ["Jon Hoffman"], price: 39.5),
                Book(
                    id: Attribute(2), title: "Swift in Depth", author: ["Tjeerd in 't Veen", "Someone Else"], price: nil
                ),
            ])
        try expectBoth(Library.self, xml, expected)
        try expectBoth(Library.self, xml, expected, configure: untrimmed)
        try expectBoth(Library.self, xml, expected) { $0.removeWhitespaceElements = true }
    }

    @Test func aSubtreePropertyKeepsItsIndentation() throws {
        struct Holder: Decodable, Equatable {
            var id: Int
            var extra: XMLTree.Element
            var after: String
        }
        let xml =
            "<r>\n  <id>7</id>\n  <extra a=\"1\">\n    <b>x</b>\n    <c/>\n    <d>\n      <e/>\n    </d>\n  </extra>\n  <after>z</after>\n</r>"
        var extra = XMLTree.Element("extra", attributes: ["a": "1"])
        extra.children = [
            text("\n    "), element("b", text("x")), text("\n    "), element("c"), text("\n    "),
            element("d", text("\n      "), element("e"), text("\n    ")), text("\n  "),
        ]
        for configure in [{ (_: XMLDecoder) in }, untrimmed, { $0.removeWhitespaceElements = true }] {
            try expectBoth(Holder.self, xml, Holder(id: 7, extra: extra, after: "z"), configure: configure)
        }
        // The root itself, at the top level.
        try expectBoth(
            XMLTree.Element.self, "<a>\n <b/>\n <c>t</c>\n</a>",
            XMLTree.Element(
                "a", children: [text("\n "), element("b"), text("\n "), element("c", text("t")), text("\n")]))
    }

    @Test func nodesKeepTheRunsBetweenElements() throws {
        struct Entry: Decodable, Equatable { var summary: [XMLTree.Node] }
        let xml = "<entry><summary>\n  <b>x</b>\n  <i>y</i>\n</summary></entry>"
        try expectBoth(
            Entry.self, xml,
            Entry(summary: [text("\n  "), element("b", text("x")), text("\n  "), element("i", text("y")), text("\n")]))
        try expectBoth(
            OwnNodes.self, "<r>\t<a/>\t<b/>\t</r>",
            OwnNodes(value: [text("\t"), element("a"), text("\t"), element("b"), text("\t")]))
    }

    @Test func theEmptyKeyJoinsTheRunsBetweenChildElements() throws {
        let xml = "<a>\n  <b>x</b>\n  <c/>\n\t<d>y</d>\n</a>"
        try expectBoth(OwnText.self, xml, OwnText(value: "\n  \n  \n\t\n"), configure: untrimmed)
        try expectBoth(OwnText.self, xml, OwnText(value: ""))
        try expectBoth(
            OwnText.self, "<a><b/>\n<c/>text<d/>  <e/></a>", OwnText(value: "\ntext  "), configure: untrimmed)
    }

    @Test func anElementOfWhiteSpaceOnly() throws {
        try expectBoth(OwnText.self, "<a>\n  </a>", OwnText(value: "\n  "), configure: untrimmed)
        try expectBoth(OwnText.self, "<a>\n  </a>", OwnText(value: ""))
        try expectBoth(XMLTree.Element.self, "<a>\n  </a>", XMLTree.Element("a", children: [text("\n  ")]))
    }

    @Test func mixedContentWhoseTextComesAfterTheIndentedElements() throws {
        let xml = "<p>\n  <b>x</b>\n  <i>y</i>\n  tail</p>"
        try expectBoth(
            [Inline].self, xml, [.text("\n  "), .b([.text("x")]), .text("\n  "), .i([.text("y")]), .text("\n  tail")],
            configure: untrimmed)
        try expectBoth([Inline].self, xml, [.text(""), .b([.text("x")]), .text(""), .i([.text("y")]), .text("tail")])
        try expectBoth([Inline].self, xml, [.b([.text("x")]), .i([.text("y")]), .text("tail")]) {
            $0.removeWhitespaceElements = true
        }
        try expectBoth([String].self, xml, ["\n  ", "x", "\n  ", "y", "\n  tail"], configure: untrimmed)
        try expectBoth(
            [Content].self, xml,
            [.text("\n  "), .element([.text("x")]), .text("\n  "), .element([.text("y")]), .text("\n  tail")],
            configure: untrimmed)
        try expectBoth(
            XMLTree.Element.self, xml,
            XMLTree.Element(
                "p",
                children: [
                    text("\n  "), element("b", text("x")), text("\n  "), element("i", text("y")), text("\n  tail"),
                ]))
    }

    @Test func mixedContentThroughCDATA() throws {
        let xml = "<p>\n  <b>x</b>\n  <i>y</i>\n  <c/><![CDATA[z]]></p>"
        try expectBoth(
            [Inline].self, xml,
            [.text("\n  "), .b([.text("x")]), .text("\n  "), .i([.text("y")]), .text("\n  "), .c([]), .text("z")],
            configure: untrimmed)
        try expectBoth([Inline].self, xml, [.b([.text("x")]), .i([.text("y")]), .c([]), .text("z")]) {
            $0.removeWhitespaceElements = true
        }
        try expectBoth(
            XMLTree.Element.self, xml,
            XMLTree.Element(
                "p",
                children: [
                    text("\n  "), element("b", text("x")), text("\n  "), element("i", text("y")), text("\n  "),
                    element("c"), .cdata("z"),
                ]))
    }

    @Test func mixedContentThroughAnEntity() throws {
        let xml = """
            <!DOCTYPE p [<!ENTITY t "tail">]>
            <p>
              <b>x</b>
              <i>y</i>
              <c/>&t;</p>
            """
        try expectBoth(
            [Inline].self, xml,
            [.text("\n  "), .b([.text("x")]), .text("\n  "), .i([.text("y")]), .text("\n  "), .c([]), .text("tail")],
            configure: untrimmed)
        try expectBoth(OwnText.self, xml, OwnText(value: "\n  \n  \n  tail"), configure: untrimmed)
        try expectBoth([String].self, xml, ["", "x", "", "y", "", "", "tail"])
    }

    @Test func commentsAndProcessingInstructionsBetweenElements() throws {
        let xml = "<a>\n  <b>x</b><!--c-->\n  <c/><?pi data?>\n  <b>y</b>\n</a>"
        try expectBoth(
            XMLTree.Element.self, xml,
            XMLTree.Element(
                "a",
                children: [
                    text("\n  "), element("b", text("x")), text("\n  "), element("c"), text("\n  "),
                    element("b", text("y")), text("\n"),
                ]))
        try expectBoth(OwnText.self, xml, OwnText(value: "\n  \n  \n  \n"), configure: untrimmed)
        try expectBoth([Inline].self, xml, [.b([.text("x")]), .c([]), .b([.text("y")])])
        let mixed = "<a>\n  <b>x</b><!--c-->\n  <c/><?pi data?>\n  <b>y</b>t</a>"
        try expectBoth(
            [Inline].self, mixed,
            [.text("\n  "), .b([.text("x")]), .text("\n  "), .c([]), .text("\n  "), .b([.text("y")]), .text("t")],
            configure: untrimmed)
    }

    @Test func tabsAndLineEndings() throws {
        // CR LF and a lone CR are read as LF.
        let xml = "<a>\r\n\t<b/>\r\n\t<c/>\r\r\n \t<d/>\r</a>"
        try expectBoth(
            XMLTree.Element.self, xml,
            XMLTree.Element(
                "a",
                children: [
                    text("\n\t"), element("b"), text("\n\t"), element("c"), text("\n\n \t"), element("d"), text("\n"),
                ]))
        try expectBoth(OwnText.self, xml, OwnText(value: "\n\t\n\t\n\n \t\n"), configure: untrimmed)
        try expectBoth(
            [Inline].self, "<p>\r\n\t<b>x</b>\r\n\t<i>y</i>\r\nz</p>",
            [.text("\n\t"), .b([.text("x")]), .text("\n\t"), .i([.text("y")]), .text("\nz")],
            configure: untrimmed)
    }

    @Test func elementsFromAnEntityFollowedByLayout() throws {
        let xml = """
            <!DOCTYPE a [<!ENTITY e "<b>x</b>
              <i>y</i>">]>
            <a>
              &e;
              <c/>
              &e;
            </a>
            """
        try expectBoth(
            XMLTree.Element.self, xml,
            XMLTree.Element(
                "a",
                children: [
                    text("\n  "), element("b", text("x")), text("\n  "), element("i", text("y")), text("\n  "),
                    element("c"), text("\n  "),
                    element("b", text("x")), text("\n  "), element("i", text("y")), text("\n"),
                ]))
        try expectBoth(OwnText.self, xml, OwnText(value: "\n  \n  \n  \n  \n  \n"), configure: untrimmed)
        try expectBoth(
            [Inline].self, xml, [.b([.text("x")]), .i([.text("y")]), .c([]), .b([.text("x")]), .i([.text("y")])])
        let mixed = xml.replacingOccurrences(of: "</a>", with: "end</a>")
        try expectBoth(
            [Inline].self, mixed,
            [
                .text("\n  "), .b([.text("x")]), .text("\n  "), .i([.text("y")]), .text("\n  "), .c([]), .text("\n  "),
                .b([.text("x")]),
                .text("\n  "), .i([.text("y")]), .text("\nend"),
            ],
            configure: untrimmed)
    }

    @Test func removeWhitespaceElementsOnAndOff() throws {
        let xml = "<p>\n  <b>x</b>\n  <i>y</i> and <b>z</b>\n</p>"
        try expectBoth(
            [Inline].self, xml,
            [
                .text("\n  "), .b([.text("x")]), .text("\n  "), .i([.text("y")]), .text(" and "), .b([.text("z")]),
                .text("\n"),
            ],
            configure: untrimmed)
        try expectBoth([Inline].self, xml, [.b([.text("x")]), .i([.text("y")]), .text(" and "), .b([.text("z")])]) {
            $0.trimValueWhitespaces = false
            $0.removeWhitespaceElements = true
        }
        try expectBoth([Inline].self, xml, [.b([.text("x")]), .i([.text("y")]), .text("and"), .b([.text("z")])]) {
            $0.removeWhitespaceElements = true
        }
        // Element-only content: the runs are never items.
        try expectBoth([String].self, "<l>\n  <i>1</i>\n  <i>2</i>\n</l>", ["1", "2"], configure: untrimmed)
        try expectBoth([String].self, "<l>\n  <i>1</i>\n  <i>2</i>\n</l>", ["1", "2"]) {
            $0.removeWhitespaceElements = true
        }
    }

    private class MixedBase: Decodable {
        let items: [Inline]
        required init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            var items: [Inline] = []
            while !list.isAtEnd { items.append(try list.decode(Inline.self)) }
            self.items = items
        }
    }

    private final class MixedChild: MixedBase, @unchecked Sendable {
        let id: String
        enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            try super.init(from: container.superDecoder())
        }
    }

    @Test func aSuperclassReadsMixedContent() throws {
        // The superclass's values are under <super>, between two runs of layout.
        let xml = "<r id=\"k\">\n  <super>\n    <b>x</b>\n    <i>y</i>\n    tail\n  </super>\n</r>"
        for keeps in [true, false] {
            let child = try decode(MixedChild.self, xml) {
                $0.trimValueWhitespaces = false
                $0.keepsLayoutWhitespace = keeps
            }
            #expect(child.id == "k")
            #expect(
                child.items == [
                    .text("\n    "), .b([.text("x")]), .text("\n    "), .i([.text("y")]), .text("\n    tail\n  "),
                ])
        }
    }

    @Test func nestedDepth() throws {
        let xml =
            "<a>\n <b>\n  <c>\n   <b>x</b>\n   <i>y</i>\n  </c>\n  <c>\n   <i>z</i>\n   w\n  </c>\n </b>\n <i>v</i>\n</a>"
        // Through choices: lists of mixed content deep in a model. (Choice elements hold text
        // only: an element whose child is named by a choice key is read as a choice wrapper,
        // `<value><int>42</int></value>`, whatever the white space.)
        struct Doc: Decodable, Equatable { var sec: Section }
        struct Section: Decodable, Equatable { var p: [[Inline]] }
        let paragraphs =
            "<doc>\n <sec>\n  <p>\n   <b>x</b>\n   <i>y</i>\n  t</p>\n  <p>\n   <i>z</i>\n   <c/>\n  </p>\n </sec>\n</doc>"
        try expectBoth(
            Doc.self, paragraphs,
            Doc(
                sec: Section(p: [
                    [.text("\n   "), .b([.text("x")]), .text("\n   "), .i([.text("y")]), .text("\n  t")],
                    [.i([.text("z")]), .c([])],
                ])),
            configure: untrimmed)
        try expectBoth(
            [Content].self, xml,
            [
                .element([
                    .element([.element([.text("x")]), .element([.text("y")])]),
                    .element([.text("\n   "), .element([.text("z")]), .text("\n   w\n  ")]),
                ]), .element([.text("v")]),
            ],
            configure: untrimmed)
        try expectBoth(
            XMLTree.Element.self, xml,
            XMLTree.Element(
                "a",
                children: [
                    text("\n "),
                    element(
                        "b", text("\n  "),
                        element(
                            "c", text("\n   "), element("b", text("x")), text("\n   "), element("i", text("y")),
                            text("\n  ")),
                        text("\n  "), element("c", text("\n   "), element("i", text("z")), text("\n   w\n  ")),
                        text("\n ")),
                    text("\n "), element("i", text("v")), text("\n"),
                ]))
    }

    @Test func selfClosingTags() throws {
        let xml = "<r><a/>\n<b/>\n<a/>t</r>"
        try expectBoth(
            OwnNodes.self, xml,
            OwnNodes(value: [element("a"), text("\n"), element("b"), text("\n"), element("a"), text("t")]))
        try expectBoth(
            [Content].self, xml, [.element([]), .text("\n"), .element([]), .text("\n"), .element([]), .text("t")],
            configure: untrimmed)
    }

    @Test func runsBeforeTheFirstAndAfterTheLastChild() throws {
        let xml = "<a>\n <b/>\n</a>"
        try expectBoth(
            XMLTree.Element.self, xml, XMLTree.Element("a", children: [text("\n "), element("b"), text("\n")]))
        try expectBoth(OwnText.self, xml, OwnText(value: "\n \n"), configure: untrimmed)
        try expectBoth([Content].self, xml, [.element([])], configure: untrimmed)
    }

    @Test func namespaces() throws {
        struct Doc: Decodable, Equatable {
            var a: [Int]
            var b: String
        }
        let xml = "<r xmlns=\"urn:x\" xmlns:p=\"urn:p\">\n  <p:a>1</p:a>\n  <p:a>2</p:a>\n  <b>t</b>\n</r>"
        let namespaces: (XMLDecoder) -> Void = { $0.shouldProcessNamespaces = true }
        try expectBoth(Doc.self, xml, Doc(a: [1, 2], b: "t"), configure: namespaces)
        for keeps in [true, false] {
            let root = try decode(XMLTree.Element.self, xml) {
                $0.shouldProcessNamespaces = true
                $0.keepsLayoutWhitespace = keeps
            }
            let texts = root.children.compactMap { node -> String? in
                if case .text(let string) = node { string } else { nil }
            }
            #expect(texts == ["\n  ", "\n  ", "\n  ", "\n"])
            #expect(root.children.compactMap { $0.element?.name.qualifiedName } == ["p:a", "p:a", "b"])
            #expect(root.children.compactMap { $0.element?.name.namespaceURI } == ["urn:p", "urn:p", "urn:x"])
        }
        let mixed = "<r xmlns=\"urn:x\" xmlns:p=\"urn:p\">\n  <p:b>1</p:b>\n  <i>2</i>\n  t</r>"
        try expectBoth(
            [Inline].self, mixed, [.text("\n  "), .b([.text("1")]), .text("\n  "), .i([.text("2")]), .text("\n  t")],
            configure: {
                $0.shouldProcessNamespaces = true
                $0.trimValueWhitespaces = false
            })
    }
}

// MARK: - Generated documents, decoded with and without the layout nodes

/// Choices from the tests' seeded generator (`SplitMix64`, RoundTrip/Generation.swift), so that
/// every run sees the same documents.
private struct LayoutRandom {
    var generator: SplitMix64

    init(state: UInt64) { generator = SplitMix64(seed: state) }

    mutating func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}

/// Small documents made of what decides whether a run is layout: elements (mostly pretty printed),
/// text, CDATA, comments, processing instructions, character references, predefined entities, and
/// with an internal subset a text entity, a white-space entity and an element-producing entity.
private struct LayoutDocuments {
    var random: LayoutRandom
    private var hasSubset = false

    init(seed: UInt64) { random = LayoutRandom(state: seed) }

    mutating func document() -> String {
        hasSubset = random.chance(40)
        var xml = random.chance(20) ? "<?xml version=\"1.0\"?>\n" : ""
        if hasSubset {
            xml += "<!DOCTYPE r [<!ENTITY t \"tail\"><!ENTITY w \" \"><!ENTITY e \"<b>x</b>\n  <c/>\">]>\n"
        }
        return xml + "<r>" + content(depth: 0) + "</r>"
    }

    private mutating func content(depth: Int) -> String {
        let count = random.below(depth == 0 ? 6 : 5)
        let pretty = random.chance(75)
        var xml = ""
        for _ in 0..<count {
            if pretty { xml += layout(depth + 1) }
            xml += part(depth: depth)
        }
        if pretty, count > 0 { xml += layout(depth) }
        return xml
    }

    private mutating func layout(_ depth: Int) -> String {
        let lineEnd = random.pick(["\n", "\n", "\n", "\r\n", "\r", ""])
        let unit = random.pick(["  ", "  ", "\t", " "])
        return lineEnd + String(repeating: unit, count: depth)
    }

    private mutating func part(depth: Int) -> String {
        switch random.below(depth >= 3 ? 9 : 14) {
        case 0: return random.pick(["x", "tail", " y ", "a b", "\u{E9}"])
        case 1: return random.pick(["<![CDATA[z]]>", "<![CDATA[ ]]>", "<![CDATA[]]>", "<![CDATA[\n]]>"])
        case 2: return "<!--c-->"
        case 3: return "<?pi d?>"
        case 4: return random.pick(["&#32;", "&#10;", "&#9;", "&#x20;", "&#65;", "&#13;"])
        case 5: return random.pick(["&amp;", "&lt;", "&quot;"])
        case 6: return hasSubset ? random.pick(["&t;", "&w;", "&e;", "&e;"]) : " "
        case 7, 8: return "<\(name())/>"
        default:
            let name = name()
            let attribute = random.chance(20) ? " k=\"1\"" : ""
            return "<\(name)\(attribute)>" + content(depth: depth + 1) + "</\(name)>"
        }
    }

    private mutating func name() -> String { random.chance(5) ? "a" : random.pick(["b", "i", "c"]) }
}

/// A decoded value, or the description of what was thrown.
private enum Outcome<T: Equatable>: Equatable {
    case value(T)
    case error(String)

    init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch {
            self = .error(String(describing: error))
        }
    }

    var succeeded: Bool { if case .value = self { true } else { false } }
}

@Suite struct DecoderLayoutWhitespaceDifferentialTests {
    /// A decoder with each setting that matters here.
    private struct Setting {
        var trims: Bool
        var removesWhitespace: Bool
        var kept: XMLDecoder
        var dropped: XMLDecoder

        init(trims: Bool, removesWhitespace: Bool) {
            self.trims = trims
            self.removesWhitespace = removesWhitespace
            func make(keeps: Bool) -> XMLDecoder {
                let decoder = XMLDecoder(trimValueWhitespaces: trims, removeWhitespaceElements: removesWhitespace)
                decoder.keepsLayoutWhitespace = keeps
                return decoder
            }
            kept = make(keeps: true)
            dropped = make(keeps: false)
        }
    }

    /// Decodes `type` with both decoders of `setting`, expects the same outcome, and says whether it
    /// was a value.
    private func compare<T: Decodable & Equatable>(_ type: T.Type, _ xml: String, _ setting: Setting, seed: UInt64)
        -> Bool
    {
        let data = Data(xml.utf8)
        let kept = Outcome { try setting.kept.decode(type, from: data) }
        let dropped = Outcome { try setting.dropped.decode(type, from: data) }
        #expect(
            kept == dropped,
            "seed \(seed), \(type), trim \(setting.trims), removeWhitespaceElements \(setting.removesWhitespace): \(xml.debugDescription)"
        )
        return dropped.succeeded
    }

    @Test func generatedDocumentsDecodeTheSameWithAndWithoutLayoutNodes() {
        let settings = [(true, false), (false, false), (true, true), (false, true)].map {
            Setting(trims: $0.0, removesWhitespace: $0.1)
        }
        var successes: [String: Int] = [:]
        for seed in UInt64(1)...300 {
            var documents = LayoutDocuments(seed: seed)
            let xml = documents.document()
            for setting in settings {
                let results = [
                    ("element", compare(XMLTree.Element.self, xml, setting, seed: seed)),
                    ("nodes", compare(OwnNodes.self, xml, setting, seed: seed)),
                    ("choices", compare([Inline].self, xml, setting, seed: seed)),
                    ("content", compare([Content].self, xml, setting, seed: seed)),
                    ("text", compare(OwnText.self, xml, setting, seed: seed)),
                    ("strings", compare([String].self, xml, setting, seed: seed)),
                ]
                for (lens, succeeded) in results where succeeded { successes[lens, default: 0] += 1 }
            }
        }
        // The documents are well-formed, so the subtrees always decode; the other lenses must
        // decode often enough to compare values, not only errors.
        #expect(successes["element"] == 1200)
        #expect(successes["nodes"] == 1200)
        for (lens, least) in [("choices", 1000), ("content", 1000), ("text", 1000), ("strings", 500)] {
            #expect(successes[lens, default: 0] >= least, "\(lens): \(successes[lens, default: 0]) of 1200")
        }
    }
}
