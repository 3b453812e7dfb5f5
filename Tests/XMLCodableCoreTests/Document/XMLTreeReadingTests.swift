// The document model, reading: parsing into values, safe lookups and the reasons misses give,
// attributes, namespaces, text around references, CDATA, comments and processing instructions.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct XMLTreeReadingTests {
    static let catalog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- the catalog -->
        <books>
          <book name="Mastering Swift" year="2017">
            <author>Jon Hoffman</author>
            <publisher>PacktPub</publisher>
          </book>
          <book name="Swift in Depth">
            <author>Tjeerd in &apos;t Veen</author>
            <publisher>Manning</publisher>
          </book>
        </books>
        <?done now?>
        """

    @Test func safeSubscriptsReadTheCatalog() throws {
        let tree = try XMLTree(parsing: Self.catalog)
        #expect(tree["books"]["book"].count == 2)
        #expect(tree["books"]["book"][1]["author"].text == "Tjeerd in 't Veen")
        #expect(tree["books"]["book"][0].attributes["name"] == "Mastering Swift")
        #expect(tree["books"]["book"][0].attributes["year"] == "2017")
        #expect(tree["books"]["book"]["publisher"].elements.map(\.text) == ["PacktPub", "Manning"])
        #expect(tree.root["book"][1].attributes["name"] == "Swift in Depth")
        #expect(tree["books"]["book"][1]["author"].path == "books/book[1]/author")
        #expect(tree.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8"))
        #expect(tree.prologue == [.comment(" the catalog ")])
        #expect(tree.epilogue == [.processingInstruction(target: "done", data: "now")])
        // Children in order, with the white space between them.
        let book = try tree["books"]["book"][0].require()
        #expect(book.children.count == 5)
        #expect(book.elements.map(\.name.qualifiedName) == ["author", "publisher"])
        #expect(Array(book.attributes.map(\.name.qualifiedName)) == ["name", "year"])
    }

    @Test(arguments: [
        (["library"], "the root element is <books>, not <library>"),
        (["books", "magazine"], "books: no child element <magazine>"),
        (["books", "book", "5"], "books/book: index 5 is out of range: 2 elements selected"),
        (["books", "book", "-1"], "books/book: index -1 is out of range: 2 elements selected"),
        (["books", "book", "0", "isbn", "author"], "books/book[0]: no child element <isbn>"),
        (["books", "book", "1", "author", "first"], "books/book[1]/author: no child element <first>"),
    ])
    func missesAreEmptyAndSayWhy(steps: [String], expected: String) throws {
        let tree = try XMLTree(parsing: Self.catalog)
        var selection = tree[steps[0]]
        for step in steps.dropFirst() {
            if let index = Int(step) { selection = selection[index] } else { selection = selection[step] }
        }
        #expect(selection.isEmpty)
        #expect(selection.element == nil)
        #expect(selection.text == nil)
        #expect(selection.attributes.isEmpty)
        #expect(selection.attributes["name"] == nil)
        #expect(selection.failure?.description == expected)
        #expect(throws: XMLTree.LookupFailure.self) { try selection.require() }
        do {
            _ = try selection.require()
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func failureReasonsCanBeSwitchedOver() throws {
        let tree = try XMLTree(parsing: "<a><b/></a>")
        #expect(tree["x"].failure?.reason == .rootNameMismatch(expected: "x", found: "a"))
        #expect(tree["a"]["c"].failure?.reason == .noChildElement("c"))
        #expect(tree["a"]["b"][3].failure?.reason == .indexOutOfRange(index: 3, count: 1))
        #expect(tree["a"]["b"].failure == nil)
    }

    @Test func textIsJoinedAroundReferencesAndKeepsItsSpaces() throws {
        let tree = try XMLTree(
            parsing: """
                <!DOCTYPE t [<!ENTITY who "World">]>
                <t> Hello &who; &amp; &#x263A; <![CDATA[<raw> & ]]> end </t>
                """)
        #expect(tree.root.children == [.text(" Hello World & \u{263A} "), .cdata("<raw> & "), .text(" end ")])
        #expect(tree.root.text == " Hello World & \u{263A} <raw> &  end ")
        #expect(tree.doctype?.name == "t")
        #expect(tree.doctype?.entityNames == ["who"])
    }

    @Test func attributesKeepOrderAndDefaultsAreApplied() throws {
        let tree = try XMLTree(
            parsing: """
                <!DOCTYPE r [<!ATTLIST r lang CDATA "en">]>
                <r z="1" a="tab&#9;and&#10;newline" m="&lt;&quot;"/>
                """)
        #expect(tree.root.attributes.map(\.name.qualifiedName) == ["z", "a", "m", "lang"])
        #expect(tree.root.attributes["a"] == "tab\tand\nnewline")
        #expect(tree.root.attributes["m"] == "<\"")
        #expect(tree.root.attributes["lang"] == "en")
        #expect(tree.root.attributes["missing"] == nil)
    }

    @Test func namespaceURIsOfEveryName() throws {
        let tree = try XMLTree(
            parsing: """
                <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
                  <entry dc:lang="en"><dc:title>One</dc:title><title>Two</title></entry>
                </feed>
                """)
        #expect(tree.root.name.namespaceURI == "http://www.w3.org/2005/Atom")
        let entry = try tree["feed"]["entry"].require()
        #expect(
            entry.attributes.first?.name == XMLTree.Name("dc:lang", namespaceURI: "http://purl.org/dc/elements/1.1/"))
        #expect(
            entry.elements.map(\.name.namespaceURI) == [
                "http://purl.org/dc/elements/1.1/", "http://www.w3.org/2005/Atom",
            ])
        #expect(entry.elements[0].name.prefix == "dc")
        #expect(entry.elements[0].name.localName == "title")
        #expect(entry.elements[1].name.prefix == nil)
        // Lookup by URI whatever the prefix, in Clark notation, for elements and attributes.
        #expect(entry["{http://purl.org/dc/elements/1.1/}title"].text == "One")
        #expect(entry["{http://www.w3.org/2005/Atom}title"].text == "Two")
        #expect(entry.attributes["{http://purl.org/dc/elements/1.1/}lang"] == "en")
        #expect(tree["{http://www.w3.org/2005/Atom}feed"]["{http://www.w3.org/2005/Atom}entry"].count == 1)
        #expect(tree["{urn:other}feed"].isEmpty)
    }

    @Test func commentsAndProcessingInstructionsInContent() throws {
        let tree = try XMLTree(parsing: "<a>x<!--c--><?pi data here?><b/></a>")
        #expect(
            tree.root.children == [
                .text("x"), .comment("c"), .processingInstruction(target: "pi", data: "data here"),
                .element(XMLTree.Element("b")),
            ])
    }

    @Test func parseErrorsAreTheReadersErrors() {
        #expect(throws: XMLParsingError.self) { try XMLTree(parsing: "<a><b></a>") }
        do {
            _ = try XMLTree(parsing: "<a>\n  <b></c>\n</a>")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 6)
            if case .mismatchedEndTag = error.reason {} else { Issue.record("unexpected reason \(error.reason)") }
        }
    }

    @Test func depthIsBoundedForTrees() throws {
        let deep =
            String(repeating: "<a>", count: XMLTree.maxDepth + 1)
            + String(repeating: "</a>", count: XMLTree.maxDepth + 1)
        var options = XMLReader.Options()
        options.limits.maxDepth = 1_000_000
        do {
            _ = try XMLTree(parsing: deep, options: options)
            Issue.record("expected the depth limit")
        } catch {
            #expect(error.reason == .depthLimitExceeded(limit: XMLTree.maxDepth))
        }
        let allowed =
            String(repeating: "<a>", count: XMLTree.maxDepth) + String(repeating: "</a>", count: XMLTree.maxDepth)
        let tree = try XMLTree(parsing: allowed, options: options)
        // Written back without recursion.
        #expect(
            try tree.xmlString() == String(repeating: "<a>", count: XMLTree.maxDepth - 1) + "<a/>"
                + String(repeating: "</a>", count: XMLTree.maxDepth - 1))
    }

    @Test func parsesFromBytesDataAndFiles() throws {
        let bytes = Array("<r a='1'/>".utf8)
        #expect(try XMLTree(parsing: bytes) == XMLTree(parsing: Data(bytes)))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xmltree-\(UUID().uuidString).xml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try XMLTree(contentsOf: url).root.attributes["a"] == "1")
    }
}
