// The models every integration test sends and receives, written as a user would write them for
// the Bookshop API of OpenAPI/openapi.yaml: `id` an attribute, `authors` a wrapped list. The long
// list the streaming tests send, `Node` and `NodeSource`, is the StreamingNodes target's, which the
// http-streaming benchmark shares.

import XMLCodable

/// `<book id="…"><title>…</title><price>…</price><authors><author>…</author>…</authors></book>`.
struct Book: Codable, Equatable, Sendable, XMLElementNaming {
    static let xmlElementName = "book"

    @Attribute var id: String
    var title: String
    var price: Double?
    var authors: Authors

    init(id: String, title: String, price: Double? = nil, authors: [String]) {
        self._id = Attribute(id)
        self.title = title
        self.price = price
        self.authors = Authors(author: authors)
    }
}

/// The wrapped list of a book's authors.
struct Authors: Codable, Equatable, Sendable {
    var author: [String]
}

/// `<catalog><book …/>…</catalog>`.
struct Catalog: Codable, Equatable, Sendable, XMLElementNaming {
    static let xmlElementName = "catalog"

    var book: [Book]
}

/// The book every test sends, and its bytes.
enum Fixtures {
    static let book = Book(id: "b1", title: "Dune & Co", price: 9.5, authors: ["Frank Herbert", "Brian Herbert"])
    static let bookXML =
        #"<book id="b1"><title>Dune &amp; Co</title><price>9.5</price>"#
        + "<authors><author>Frank Herbert</author><author>Brian Herbert</author></authors></book>"
}
