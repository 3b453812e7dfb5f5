// The document model, building and writing: the result builder, attribute order, the same bytes as
// XMLEncoder for the same content, round trips through the reader, refusals of what XML cannot
// carry, namespace declarations, and removing layout white space.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct XMLTreeWritingTests {
    struct Book: Codable, Equatable {
        @Attribute var name: String
        var author: String
        var publisher: String
    }
    struct Catalog: Codable, Equatable { var book: [Book] }

    static let books = [
        Book(name: Attribute("Mastering Swift"), author: "Jon Hoffman", publisher: "PacktPub"),
        Book(name: Attribute("A & B <\"quoted\">"), author: "Tab\tand ]]> end", publisher: ""),
    ]

    static func catalogTree() -> XMLTree.Element {
        XMLTree.Element("books") {
            for book in books {
                XMLTree.Element("book", attributes: ["name": book.name]) {
                    XMLTree.Element("author", text: book.author)
                    XMLTree.Element("publisher", text: book.publisher)
                }
            }
        }
    }

    @Test(arguments: [
        XMLEncoder.OutputFormatting(), .prettyPrinted, .sortedKeys, .noEmptyElements,
        [.prettyPrinted, .sortedKeys, .noEmptyElements],
    ])
    func sameBytesAsXMLEncoder(formatting: XMLEncoder.OutputFormatting) throws {
        // A tree is written in the compact form: the encoder's with these two options.
        let encoder = XMLEncoder()
        encoder.outputFormatting = formatting.union([.compactEmptyElements, .minimalEscaping])
        encoder.prettyPrintIndentation = .spaces(2)
        let encoded = try encoder.encode(Catalog(book: Self.books), withRootKey: "books")
        let written = try XMLTree(root: Self.catalogTree()).xmlData(
            outputFormatting: formatting, prettyPrintIndentation: .spaces(2))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        // And the tree XMLEncoder produces is the same tree.
        let tree = try encoder.encodeToTree(Catalog(book: Self.books), withRootKey: "books")
        #expect(tree.root.removingWhitespaceBetweenElements() == Self.catalogTree())
        #expect(try tree.xmlData(outputFormatting: formatting, prettyPrintIndentation: .spaces(2)) == encoded)
    }

    @Test func builderWritesWhatItSays() throws {
        let includeNote = true
        let element = XMLTree.Element("r", attributes: ["z": "1", "a": "2"]) {
            "lead "
            XMLTree.Element("b", text: "bold")
            if includeNote { XMLTree.Node.comment(" note ") } else { "never" }
            XMLTree.Node.processingInstruction(target: "go", data: "")
            XMLTree.Node.cdata("x]]>y")
            [XMLTree.Element("i"), XMLTree.Element("j")]
            ""
        }
        #expect(
            try element.xmlString()
                == #"<r z="1" a="2">lead <b>bold</b><!-- note --><?go?><![CDATA[x]]]]><![CDATA[>y]]><i/><j/></r>"#)
        let document = XMLTree(
            root: element, declaration: XMLDeclaration(version: "1.0", encoding: "ISO-8859-1", standalone: true),
            doctype: XMLDocumentType(name: "r", publicID: "-//X//EN", systemID: "r.dtd"),
            prologue: [.comment("p")], epilogue: [.processingInstruction(target: "e", data: "1")])
        let text = try document.xmlString()
        #expect(
            text.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<!DOCTYPE r PUBLIC \"-//X//EN\" \"r.dtd\">\n<!--p-->\n<r "
            ))
        #expect(text.hasSuffix("</r>\n<?e 1?>"))
        // Read back, it is the same document.
        let reread = try XMLTree(parsing: text)
        // A CDATA section holding "]]>" is written as two sections: the same text, split.
        var expected = element
        expected.children[4...4] = [.cdata("x]]"), .cdata(">y")]
        #expect(reread.root == expected)
        #expect(reread.root.text == element.text)
        #expect(reread.prologue == document.prologue)
        #expect(reread.epilogue == document.epilogue)
        #expect(reread.doctype?.publicID == "-//X//EN")
    }

    @Test func attributesEditedByName() {
        var attributes: XMLTree.Attributes = ["b": "1", "a": "2"]
        attributes["c"] = "3"
        attributes["b"] = "one"
        attributes["a"] = nil
        attributes["zz"] = nil
        #expect(attributes.map(\.name.qualifiedName) == ["b", "c"])
        #expect(attributes["b"] == "one")
        attributes[0].value = "first"
        #expect(attributes.first?.value == "first")
    }

    static let roundTripDocuments = [
        "<a/>",
        "<a x=\"1\" y=\"&lt;&amp;&quot;&#9;&#10;&#13;\">text &amp; more<b>  </b><![CDATA[ <c> ]]><!--c--><?p d?></a>",
        "<p:a xmlns:p=\"urn:p\" xmlns=\"urn:d\" p:x=\"1\"><b><p:c/></b><d xmlns=\"\"/></p:a>",
        "<a>\r\n line\u{1F600}\u{0085}\u{2028} </a>",
        "<a xml:space=\"preserve\"> <b/> </a>",
        "<a xml:space=\"preserve\"><b><c/></b><d xml:space=\"default\"><e/></d></a>",
        "<a><!--only a comment--></a>",
        "<a><b><!--c--><?p?></b><c/></a>",
    ]

    @Test(arguments: roundTripDocuments)
    func parseWriteParseGivesTheSameTree(document: String) throws {
        let tree = try XMLTree(parsing: document)
        for formatting: XMLEncoder.OutputFormatting in [[], .noEmptyElements] {
            let written = try tree.xmlString(outputFormatting: formatting)
            #expect(try XMLTree(parsing: written) == tree)
        }
        // Pretty printed after the layout white space is removed: the same content.
        let compact = tree.removingWhitespaceBetweenElements()
        let pretty = try compact.xmlString(outputFormatting: .prettyPrinted)
        #expect(try XMLTree(parsing: pretty).removingWhitespaceBetweenElements() == compact)
    }

    @Test func treeParsedWithoutNamespacesIsWrittenWithoutNamespaceChecks() throws {
        // Found by FuzzTree: an undeclared prefix is an ordinary name without namespace processing.
        let document = #"<feed><dc:item x:id="?>" a:b:c="1" xmlns:p="u" xmlns:q="u" p:v="1" q:v="2"/><?t:x d?></feed>"#
        var options = XMLReader.Options()
        options.shouldProcessNamespaces = false
        let tree = try XMLTree(parsing: document, options: options)
        #expect(!tree.shouldProcessNamespaces)
        let written = try tree.xmlString()
        #expect(written == document)
        #expect(try XMLTree(parsing: written, options: options) == tree)
        // The same names in a namespace-aware tree are refused.
        var aware = tree
        aware.shouldProcessNamespaces = true
        #expect(throws: XMLTree.SerializationError.self) { try aware.xmlData() }
        #expect(try XMLTree(parsing: "<a/>").shouldProcessNamespaces)
        // Found by FuzzTree: a doctype name is a Name, colons anywhere.
        let doctype = try XMLTree(parsing: "<!DOCTYPE :a><a/>", options: options)
        #expect(try doctype.xmlString() == "<!DOCTYPE :a>\n<a/>")
        // Found by FuzzTree: an element may be called "xmlns" (only the prefix is reserved).
        #expect(try XMLTree(parsing: "<r><xmlns\n/></r>").xmlString() == "<r><xmlns/></r>")
        #expect(throws: XMLTree.SerializationError.self) {
            try XMLTree.Element(XMLTree.Name("xmlns:a", namespaceURI: "u")).xmlData()
        }
        // Found by FuzzTree: a colon followed by a combining mark is still a colon in a name.
        let combining = "<\u{7830}:\u{302F}\u{78CD}:\u{302F}/>"
        #expect(try XMLTree(parsing: combining, options: options).xmlString() == combining)
    }

    @Test func namesAndMarkupAreComparedAsCodePoints() throws {
        // "é" precomposed and decomposed are different XML names, though equal Swift strings.
        let tree = try XMLTree(parsing: "<r \u{E9}=\"1\" e\u{301}=\"2\"><\u{E9}/><e\u{301}/></r>")
        #expect(try XMLTree(parsing: tree.xmlString()) == tree)
        #expect(tree.root["\u{E9}"].count == 1)
        #expect(tree.root.attributes["e\u{301}"] == "2")
        // A "--" or "?>" whose second character carries a combining mark is still markup.
        for bad in [
            XMLTree.Node.comment("a--\u{301}b"), .comment("a-\u{301}-"),
            .processingInstruction(target: "p", data: "?>\u{301}"),
        ] {
            #expect(throws: XMLTree.SerializationError.self) { try XMLTree.Element("a", children: [bad]).xmlData() }
        }
    }

    @Test func whitespaceBetweenElementsOnly() throws {
        let tree = try XMLTree(
            parsing: """
                <r>
                  <a> keep </a>
                  <b>   </b>
                  <m>mixed <i>x</i> text</m>
                  <s xml:space="preserve">
                    <k/>
                  </s>
                </r>
                """)
        let compact = tree.removingWhitespaceBetweenElements()
        #expect(
            try compact.xmlString()
                == "<r><a> keep </a><b>   </b><m>mixed <i>x</i> text</m><s xml:space=\"preserve\">\n    <k/>\n  </s></r>"
        )
        #expect(
            try compact.xmlString(outputFormatting: .prettyPrinted, prettyPrintIndentation: .spaces(1)) == """
                <r>
                 <a> keep </a>
                 <b>   </b>
                 <m>mixed <i>x</i> text</m>
                 <s xml:space="preserve">
                    <k/>
                  </s>
                </r>
                """)
    }

    @Test func namespacesAreDeclaredWhereNeeded() throws {
        let element = XMLTree.Element(XMLTree.Name("a:root", namespaceURI: "urn:a")) {
            XMLTree.Element(
                XMLTree.Name("a:child", namespaceURI: "urn:a"),
                attributes: [XMLTree.Attribute(XMLTree.Name("b:x", namespaceURI: "urn:b"), value: "1")])
            XMLTree.Element(XMLTree.Name("item", namespaceURI: "urn:default"))
        }
        let text = try element.xmlString()
        #expect(
            text == #"<a:root xmlns:a="urn:a"><a:child b:x="1" xmlns:b="urn:b"/><item xmlns="urn:default"/></a:root>"#)
        #expect(try XMLTree(parsing: text).root == XMLTree(parsing: text).root)
        let reread = try XMLTree(parsing: text)
        #expect(reread.root["{urn:a}child"].attributes["{urn:b}x"] == "1")
        // A subtree written on its own declares the prefixes its ancestors declared.
        let tree = try XMLTree(parsing: "<r xmlns:p='urn:p'><p:k p:v='1'><p:l/></p:k></r>")
        #expect(try tree["r"]["p:k"].require().xmlString() == #"<p:k p:v="1" xmlns:p="urn:p"><p:l/></p:k>"#)
    }

    @Test(arguments: [
        (XMLTree.Element("a", text: "bad \u{1}"), "a: U+1 cannot be represented in XML 1.0"),
        (XMLTree.Element("a", attributes: ["v": "\u{FFFE}"]), "a: U+FFFE cannot be represented in XML 1.0"),
        (XMLTree.Element("1a"), "1a: \"1a\" is not a valid XML name here"),
        (XMLTree.Element("a", attributes: ["b c": "1"]), "a: \"b c\" is not a valid XML name here"),
        (
            XMLTree.Element("a", children: [.comment("x--y")]),
            "a: the comment \"x--y\" contains \"--\" or ends with \"-\""
        ),
        (XMLTree.Element("a", children: [.comment("x-")]), "a: the comment \"x-\" contains \"--\" or ends with \"-\""),
        (
            XMLTree.Element("a", children: [.processingInstruction(target: "t", data: "?>")]),
            "a: the processing instruction data \"?>\" contains \"?>\""
        ),
        (
            XMLTree.Element("a", children: [.processingInstruction(target: "XmL", data: "")]),
            "a: \"XmL\" is not a valid XML name here"
        ),
        (
            XMLTree.Element("a", attributes: [XMLTree.Attribute("x", value: "1"), XMLTree.Attribute("x", value: "2")]),
            "a: attribute x appears more than once"
        ),
        (
            XMLTree.Element("a", attributes: ["xmlns:p": "urn:p", "xmlns:q": "urn:p", "p:x": "1", "q:x": "2"]),
            "a: attribute q:x appears more than once"
        ),
        (XMLTree.Element("p:a"), "p:a: namespace prefix \"p\" is not declared and has no namespace URI"),
        (
            XMLTree.Element("a") {
                XMLTree.Element("b") { XMLTree.Element("c", text: "\u{0}") }; XMLTree.Element("b")
            }, "a/b[0]/c: U+0 cannot be represented in XML 1.0"
        ),
        (
            XMLTree.Element("a") {
                XMLTree.Element("b"); XMLTree.Element("b", attributes: ["q:z": "1"])
            }, "a/b[1]: namespace prefix \"q\" is not declared and has no namespace URI"
        ),
    ])
    func refusesWhatXMLCannotCarry(element: XMLTree.Element, expected: String) {
        do {
            let text = try element.xmlString()
            Issue.record("wrote \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func refusesContentOutsideTheRootAndBadDeclarations() {
        let root = XMLTree.Element("r")
        #expect(throws: XMLTree.SerializationError(reason: .contentOutsideRoot, path: "")) {
            try XMLTree(root: root, prologue: [.text("x")]).xmlData()
        }
        #expect(throws: XMLTree.SerializationError.self) {
            try XMLTree(root: root, declaration: XMLDeclaration(version: "2.0")).xmlData()
        }
        #expect(throws: XMLTree.SerializationError.self) {
            try XMLTree(root: root, doctype: XMLDocumentType(name: "r", systemID: "a\"b'c")).xmlData()
        }
    }
}
