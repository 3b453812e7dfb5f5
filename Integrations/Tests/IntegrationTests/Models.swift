// The models every integration test sends and receives, written as a user would write them for
// the Bookshop API of OpenAPI/openapi.yaml: `id` an attribute, `authors` a wrapped list.

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

/// One element of a long streamed list: `<node id="…" lat="…" lon="…"><tag k="…" v="…"/></node>`.
struct Node: Codable, Equatable, Sendable {
    @Attribute var id: Int
    @Attribute var lat: Double
    @Attribute var lon: Double
    var tag: [Tag]

    struct Tag: Codable, Equatable, Sendable {
        @Attribute var k: String
        @Attribute var v: String
    }

    init(id: Int, lat: Double, lon: Double, tag: [Tag]) {
        (_id, _lat, _lon, self.tag) = (Attribute(id), Attribute(lat), Attribute(lon), tag)
    }

    /// The `index`th node of a made-up map, with 0–2 tags.
    static func numbered(_ index: Int) -> Node {
        Node(
            id: index, lat: 50 + Double(index % 1000) / 1000, lon: Double(index % 977) / 100,
            tag: (0..<(index % 3)).map { Tag(k: Attribute("k\($0)"), v: Attribute("value \(index) & <\($0)>")) })
    }
}

/// Nodes `0..<count`, produced one at a time as an asynchronous sequence, failing with
/// `SourceFailed` after `failAfter` of them if given.
struct NodeSource: AsyncSequence, Sendable {
    typealias Element = Node

    let count: Int
    var failAfter: Int?

    struct SourceFailed: Error {}

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: NodeSource
        var next = 0

        mutating func next() async throws -> Node? {
            if let failAfter = source.failAfter, next == failAfter { throw SourceFailed() }
            guard next < source.count else { return nil }
            defer { next += 1 }
            return Node.numbered(next)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

/// The book every test sends, and its bytes.
enum Fixtures {
    static let book = Book(id: "b1", title: "Dune & Co", price: 9.5, authors: ["Frank Herbert", "Brian Herbert"])
    static let bookXML =
        #"<book id="b1"><title>Dune &amp; Co</title><price>9.5</price>"#
        + "<authors><author>Frank Herbert</author><author>Brian Herbert</author></authors></book>"
}
