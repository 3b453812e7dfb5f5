// Writing elements built or changed in code (XMLWriter+Tree.swift): they are laid out as a store,
// checked as they are laid out, and written by the store writer, stored elements among them from
// their own stores. StoredTreeWriterTests compares this with writing the same content parsed.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct TreeLayoutWriterTests {
    /// What writing gives: the text, or the error's description.
    static func written(_ element: XMLTree.Element, _ formatting: XMLEncoder.OutputFormatting = []) -> String {
        do { return try element.xmlString(outputFormatting: formatting, prettyPrintIndentation: .spaces(2)) } catch {
            return "error: \(error)"
        }
    }

    @Test func theHeadersExampleWritesAsItSays() throws {
        var tree = try XMLTree(parsing: "<books><book id=\"1\">A</book></books>")
        tree.root.children.append(
            .element(XMLTree.Element(XMLTree.Name("dc:title", namespaceURI: "urn:dc"), text: "B")))
        #expect(
            try tree.xmlString()
                == "<books><book id=\"1\">A</book><dc:title xmlns:dc=\"urn:dc\">B</dc:title></books>")
    }

    @Test func emptyTextIsContent() {
        let element = XMLTree.Element("a") {
            XMLTree.Element("b")
            XMLTree.Node.text("")
        }
        // The empty text keeps the element from being indented, as text would.
        #expect(Self.written(element, .prettyPrinted) == "<a><b/></a>")
        #expect(Self.written(XMLTree.Element("a", children: [.text("")])) == "<a></a>")
        #expect(Self.written(XMLTree.Element("a", children: [.cdata("")])) == "<a><![CDATA[]]></a>")
        #expect(Self.written(XMLTree.Element("a")) == "<a/>")
    }

    @Test func theFirstFailureInDocumentOrderIsReported() {
        let element = XMLTree.Element("r") {
            XMLTree.Element("z", text: "\u{1}")
            XMLTree.Element("a b")
        }
        // Sorted, `a b` would be written first; the layout checks in document order.
        for formatting: XMLEncoder.OutputFormatting in [[], .sortedKeys, [.sortedKeys, .prettyPrinted]] {
            #expect(Self.written(element, formatting) == "error: r/z: U+1 cannot be represented in XML 1.0")
        }
    }

    @Test func storedElementsAmongValuesAreWrittenFromTheirStores() throws {
        let parsed = try XMLTree(parsing: "<x xmlns:p=\"urn:p\"><p:b k=\"1\">b &amp; c<!--n--></p:b><a/></x>")
        guard case .element(let stored) = parsed.root.children[0] else {
            Issue.record("no element")
            return
        }
        let element = XMLTree.Element("r") {
            XMLTree.Element("z")
            stored
            parsed.root.children[1].element!
        }
        #expect(
            Self.written(element)
                == "<r><z/><p:b k=\"1\" xmlns:p=\"urn:p\">b &amp; c<!--n--></p:b><a/></r>")
        #expect(
            Self.written(element, [.sortedKeys, .prettyPrinted])
                == "<r>\n  <a/>\n  <p:b k=\"1\" xmlns:p=\"urn:p\">b &amp; c<!--n--></p:b>\n  <z/>\n</r>")
        // Under an element that binds the prefix to the same URI, no declaration is added.
        let bound = XMLTree.Element("r", attributes: ["xmlns:p": "urn:p"], children: [.element(stored)])
        #expect(Self.written(bound) == "<r xmlns:p=\"urn:p\"><p:b k=\"1\">b &amp; c<!--n--></p:b></r>")
    }

    @Test func duplicateAttributesAreFoundInOrder() {
        // `q:a` is `p:a` by expanded name (both prefixes are bound to urn:u) and comes before the
        // second `p:a`, so it is the one reported.
        let element = XMLTree.Element(
            "e",
            attributes: [
                .init("xmlns:p", value: "urn:u"), .init("xmlns:q", value: "urn:u"), .init("p:a", value: "1"),
                .init("q:a", value: "2"), .init("p:a", value: "3"),
            ])
        #expect(Self.written(element) == "error: e: attribute q:a appears more than once")
        // More attributes than are compared pairwise.
        var many = (0..<20).map { XMLTree.Attribute(XMLTree.Name("a\($0)"), value: "") }
        many.append(XMLTree.Attribute("a7", value: ""))
        #expect(
            Self.written(XMLTree.Element("e", attributes: XMLTree.Attributes(many)))
                == "error: e: attribute a7 appears more than once")
        many.removeLast()
        #expect(Self.written(XMLTree.Element("e", attributes: XMLTree.Attributes(many))).hasPrefix("<e a0=\"\""))
    }

    @Test func withoutNamespacesAnAttributeIsCheckedWholeBeforeTheNext() throws {
        // The duplicate (second) comes before the bad name (third).
        let root = XMLTree.Element(
            "e",
            attributes: XMLTree.Attributes([.init("a:b", value: ""), .init("a:b", value: ""), .init("1", value: "")]))
        let tree = XMLTree(root: root, shouldProcessNamespaces: false)
        #expect(throws: XMLTree.SerializationError(reason: .duplicateAttribute("a:b"), path: "e")) {
            try tree.xmlData()
        }
    }

    @Test func leavesTakeTheDefaultNamespaceInScopeAndFaultyOnesAreRefusedWithTheirPath() throws {
        // Leaves (a name, no attributes, no content or one text) are laid out without a frame;
        // they must come out as any other element does.
        let root = XMLTree.Element("r", attributes: XMLTree.Attributes([.init("xmlns", value: "urn:d")])) {
            XMLTree.Element("a", text: "1 < 2")
            XMLTree.Element("b")
            XMLTree.Element("c") { XMLTree.Element("a", text: "x") }
            XMLTree.Element(XMLTree.Name("e", namespaceURI: "urn:e"), text: "y")
        }
        let expected =
            "<r xmlns=\"urn:d\"><a>1 &lt; 2</a><b/><c><a>x</a></c><e xmlns=\"urn:e\">y</e></r>"
        #expect(Self.written(root) == expected)
        let reread = try XMLTree(parsing: Self.written(root))
        #expect(
            reread.root.children.compactMap { $0.element?.name.namespaceURI } == ["urn:d", "urn:d", "urn:d", "urn:e"])
        // Without namespaces, a leaf's name is in none, and a colon is a name character.
        let plain = XMLTree(
            root: XMLTree.Element("r") {
                XMLTree.Element("a:b", text: "1")
                XMLTree.Element("xmlns", text: "2")
            }, shouldProcessNamespaces: false)
        #expect(try plain.xmlString() == "<r><a:b>1</a:b><xmlns>2</xmlns></r>")
        // A faulty leaf is refused with its path, the second of two same-named siblings counted.
        let faulty = XMLTree.Element("r") {
            XMLTree.Element("a", text: "ok")
            XMLTree.Element("a", text: "\u{1}")
        }
        #expect(Self.written(faulty) == "error: r/a[1]: U+1 cannot be represented in XML 1.0")
        #expect(Self.written(XMLTree.Element("r") { XMLTree.Element("1a", text: "x") }).hasPrefix("error: r"))
    }
}
