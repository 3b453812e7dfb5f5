// Editing the document model: each edit, checked by the bytes the edited tree writes.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct XMLTreeEditingTests {
    static let books = """
        <books><book name="Mastering Swift"><author>Jon Hoffman</author><year>2017</year></book>\
        <book name="Swift in Depth"><author>?</author></book></books>
        """

    func tree() throws -> XMLTree { try XMLTree(parsing: Self.books) }

    @Test func settingTextReplacesCharacterDataAndKeepsElements() throws {
        var price = XMLTree.Element("price", attributes: ["currency": "EUR"], text: "39.99")
        price.text = "35.00"
        #expect(try price.xmlString() == #"<price currency="EUR">35.00</price>"#)
        var mixed = try XMLTree(parsing: "<p>a <b>b</b> c<![CDATA[d]]><!--n--></p>").root
        mixed.text = "z"
        #expect(try mixed.xmlString() == "<p>z<b>b</b><!--n--></p>")
        mixed.text = ""
        #expect(try mixed.xmlString() == "<p><b>b</b><!--n--></p>")
        var empty = XMLTree.Element("e")
        empty.text = "t"
        #expect(try empty.xmlString() == "<e>t</e>")
    }

    @Test func settingAndRemovingAttributes() throws {
        var book = XMLTree.Element("book", attributes: ["id": "1", "lang": "en"])
        book.setAttribute("id", to: "2")
        book.setAttribute(XMLTree.Name("dc:ref", namespaceURI: "urn:dc"), to: "x")
        book.attributes["year"] = "2017"
        #expect(try book.xmlString() == #"<book id="2" lang="en" dc:ref="x" year="2017" xmlns:dc="urn:dc"/>"#)
        // Matched by namespace URI whatever the prefix.
        book.setAttribute(XMLTree.Name("other:ref", namespaceURI: "urn:dc"), to: "y")
        #expect(book.removeAttribute("lang") == "en")
        #expect(book.removeAttribute("missing") == nil)
        #expect(try book.xmlString() == #"<book id="2" dc:ref="y" year="2017" xmlns:dc="urn:dc"/>"#)
    }

    @Test func appendingInsertingAndRemovingChildren() throws {
        var book = try tree()["books"]["book"][0].require()
        book.append(XMLTree.Element("pages", text: "500"))
        book.append(.comment("checked"))
        try book.insert(.element(XMLTree.Element("title", text: "MS")), at: 0)
        let position = book.insert(.text("!"), beforeElement: "year")
        #expect(position == 2)
        #expect(book.childPosition(ofElement: "pages") == 4)
        #expect(
            try book.xmlString()
                == #"<book name="Mastering Swift"><title>MS</title><author>Jon Hoffman</author>!<year>2017</year><pages>500</pages><!--checked--></book>"#
        )
        #expect(try book.removeChild(at: 2) == .text("!"))
        #expect(
            try book.replaceChild(at: 0, with: .element(XMLTree.Element("isbn", text: "1")))
                == .element(XMLTree.Element("title", text: "MS")))
        #expect(book.removeElements(named: "year") == 1)
        #expect(book.removeChildren { if case .comment = $0 { true } else { false } } == 1)
        #expect(
            try book.xmlString()
                == #"<book name="Mastering Swift"><isbn>1</isbn><author>Jon Hoffman</author><pages>500</pages></book>"#)
    }

    @Test(arguments: [-1, 4, Int.max, Int.min])
    func positionsOutOfRangeThrowAndChangeNothing(position: Int) throws {
        var book = try tree()["books"]["book"][0].require()
        let before = book
        #expect(throws: XMLTree.EditError(reason: .indexOutOfRange(index: position, count: 2), path: "book")) {
            try book.removeChild(at: position)
        }
        #expect(throws: XMLTree.EditError.self) { try book.replaceChild(at: position, with: .text("x")) }
        if position != 2 {
            #expect(throws: XMLTree.EditError.self) { try book.insert(.text("x"), at: position == 4 ? 3 : position) }
        }
        #expect(book == before)
        #expect(
            XMLTree.EditError(reason: .indexOutOfRange(index: 4, count: 2), path: "book").description
                == "book: position 4 is out of range: the element has 2 child nodes")
    }

    @Test func modifyingThroughAPath() throws {
        var tree = try tree()
        #expect(try tree.modify("books/book[1]/author") { $0.text = "Tjeerd in 't Veen" } == 1)
        #expect(try tree.modify("books/book") { $0.attributes["checked"] = "yes" } == 2)
        try tree.modify("books") { try $0.removeChild(at: 0) }
        #expect(
            try tree.xmlString()
                == #"<books><book name="Swift in Depth" checked="yes"><author>Tjeerd in 't Veen</author></book></books>"#
        )
        // Relative to an element, and by namespace URI.
        var root = try XMLTree(parsing: #"<r xmlns:a="urn:a"><a:x><a:y>1</a:y></a:x></r>"#).root
        try root.modify("{urn:a}x/{urn:a}y") { $0.text = "2" }
        #expect(try root.xmlString() == #"<r xmlns:a="urn:a"><a:x><a:y>2</a:y></a:x></r>"#)
    }

    @Test func anIndexCountsAcrossEverythingSelected() throws {
        var tree = try XMLTree(parsing: "<r><s><b>0</b><b>1</b></s><s><b>2</b></s></r>")
        try tree.modify("r/s/b[2]") { $0.text = "two" }
        #expect(try tree.xmlString() == "<r><s><b>0</b><b>1</b></s><s><b>two</b></s></r>")
        // The same element the subscripts select.
        #expect(tree["r"]["s"]["b"][2].text == "two")
    }

    @Test(arguments: [
        ("books/book[7]/author", "books/book: index 7 is out of range: 2 elements selected"),
        ("books/book[1]/price", "books/book[1]: no child element <price>"),
        ("library/book", "the root element is <books>, not <library>"),
        ("books[1]", "books: index 1 is out of range: 1 element selected"),
    ])
    func aPathThatMissesSaysWhichStepMissedAndChangesNothing(path: String, message: String) throws {
        var tree = try tree()
        let before = tree
        let error = #expect(throws: XMLTree.LookupFailure.self) { try tree.modify(path) { $0.text = "x" } }
        #expect(error?.description == message)
        #expect(tree == before)
        // The failure is the one the subscripts give.
        if path == "books/book[7]/author" { #expect(tree["books"]["book"][7]["author"].failure == error) }
    }

    @Test(arguments: ["", "books//book", "books/book[x]", "books/book[-1]", "{urn:a"])
    func aPathThatCannotBeReadIsAnEditError(path: String) throws {
        var tree = try tree()
        #expect(throws: XMLTree.EditError.self) { try tree.modify(path) { _ in } }
    }

    @Test func removingElementsThroughAPath() throws {
        var tree = try XMLTree(parsing: "<r><s><b>0</b><b>1</b></s><s><b>2</b><c/></s></r>")
        #expect(try tree.removeElements(at: "r/s/b") == 3)
        #expect(try tree.xmlString() == "<r><s/><s><c/></s></r>")
        #expect(throws: XMLTree.EditError.self) { try tree.removeElements(at: "r") }
        #expect(throws: XMLTree.LookupFailure(reason: .noChildElement("b"), path: "r/s")) {
            try tree.removeElements(at: "r/s/b")
        }
    }

    @Test func anInvalidNameIsRefusedWhenTheTreeIsWritten() throws {
        var tree = try tree()
        try tree.modify("books/book[1]/author") { $0.name = XMLTree.Name("first author") }
        #expect(
            throws: XMLTree.SerializationError(reason: .invalidName("first author"), path: "books/book[1]/first author")
        ) {
            try tree.xmlData()
        }
        struct Holder: Encodable { var element: XMLTree.Element }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(Holder(element: tree.root)) }
    }

    @Test func theArticlesExample() throws {
        var tree = try XMLTree(
            parsing: """
                <books>
                  <book name="Mastering Swift"><author>Jon Hoffman</author></book>
                  <book name="Swift in Depth"><author>?</author></book>
                </books>
                """)
        try tree.modify("books/book[1]/author") { $0.text = "Tjeerd in 't Veen" }
        try tree.modify("books/book") { $0.attributes["checked"] = "yes" }
        try tree.modify("books/book[0]") { book in
            book.append(XMLTree.Element("year", text: "2017"))
            book.insert(.element(XMLTree.Element("title", text: "MS")), beforeElement: "author")
            book.removeAttribute("checked")
        }
        #expect(tree["books"]["book"][1]["author"].text == "Tjeerd in 't Veen")
        try tree.removeElements(at: "books/book[1]/author")
        let error = #expect(throws: XMLTree.LookupFailure.self) { try tree.modify("books/book[7]") { _ in } }
        #expect(error?.description == "books/book: index 7 is out of range: 2 elements selected")
        #expect(
            try tree.xmlString() == """
                <books>
                  <book name="Mastering Swift"><title>MS</title><author>Jon Hoffman</author><year>2017</year></book>
                  <book name="Swift in Depth" checked="yes"/>
                </books>
                """)
    }
}
