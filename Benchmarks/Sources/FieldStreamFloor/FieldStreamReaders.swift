// The Swift floor for decoding (issue 36), as a generated decoder would read the models: the books
// and osm models read with `XMLFieldStream` (Sources/XMLCodableCore/Decoding/XMLFieldStream.swift),
// field by field from the reader's events — each field's name matched in a table, its value read
// with the decoder's own scalar parsing and string making — with no index, no `Codable` container
// and no coding path but the one an error needs. Written by hand the way serde's derived
// `Deserialize` reads a struct (a loop over fields, a `switch` on the field's number, the missing
// ones reported at the end), which is what a Swift macro could generate; what `XMLDecoder` costs
// above this is the cost of `Codable` and of its index.
//
// For example, `<node id="1" lat="51.5" lon="-0.1" version="2" user="ann" visible="true"><tag
// k="a" v="b"/></node>` becomes `OSMNode(id: 1, lat: 51.5, lon: -0.1, version: 2, user: "ann",
// visible: true, tags: [OSMTag(k: "a", v: "b")])`: fields 0 to 5 are the attributes, field 6 each
// `<tag>`, read by `tag(_:)` through `nested`. The benchmarks check each call's model against the
// one the document was generated from, so a floor that skipped work would fail.

import XMLCodableCore
import Workloads

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public enum FieldStreamReaders {
    /// `try XMLDecoder().decode(Catalog.self, from: data)`, read field by field.
    public static func catalog(from data: Data) throws -> Catalog {
        try XMLDecoder().decodeFields(from: data, catalog)
    }

    /// `try XMLDecoder().decode(OSM.self, from: data)`, read field by field.
    public static func osm(from data: Data) throws -> OSM {
        try XMLDecoder().decodeFields(from: data, osm)
    }

    static let catalogNames = XMLFieldNames("book")
    static let bookNames = XMLFieldNames("name", "author", "publisher", "category", "description")
    static let osmNames = XMLFieldNames("version", "generator", "node")
    static let nodeNames = XMLFieldNames("id", "lat", "lon", "version", "user", "visible", "tag")
    static let tagNames = XMLFieldNames("k", "v")

    static func catalog(_ stream: inout XMLFieldStream) throws -> Catalog {
        var books: [Book] = []
        while try stream.next(in: catalogNames) != nil { books.append(try stream.nested(book)) }
        return Catalog(books: books)
    }

    static func book(_ stream: inout XMLFieldStream) throws -> Book {
        var name: String?
        var author: String?
        var publisher: String?
        var category: String?
        var description: String?
        while let field = try stream.next(in: bookNames) {
            switch field {
            case 0: name = try stream.string()
            case 1: author = try stream.string()
            case 2: publisher = try stream.string()
            case 3: category = try stream.string()
            default: description = try stream.string()
            }
        }
        guard let name else { throw stream.missing("name") }
        guard let author else { throw stream.missing("author") }
        guard let publisher else { throw stream.missing("publisher") }
        guard let category else { throw stream.missing("category") }
        guard let description else { throw stream.missing("description") }
        return Book(name: name, author: author, publisher: publisher, category: category, description: description)
    }

    static func osm(_ stream: inout XMLFieldStream) throws -> OSM {
        var version: String?
        var generator: String?
        var nodes: [OSMNode] = []
        while let field = try stream.next(in: osmNames) {
            switch field {
            case 0: version = try stream.string()
            case 1: generator = try stream.string()
            default: nodes.append(try stream.nested(node))
            }
        }
        guard let version else { throw stream.missing("version") }
        guard let generator else { throw stream.missing("generator") }
        return OSM(version: version, generator: generator, nodes: nodes)
    }

    static func node(_ stream: inout XMLFieldStream) throws -> OSMNode {
        var id: Int?
        var lat: Double?
        var lon: Double?
        var version: Int?
        var user: String?
        var visible: Bool?
        var tags: [OSMTag] = []
        while let field = try stream.next(in: nodeNames) {
            switch field {
            case 0: id = try stream.int()
            case 1: lat = try stream.double()
            case 2: lon = try stream.double()
            case 3: version = try stream.int()
            case 4: user = try stream.string()
            case 5: visible = try stream.bool()
            default: tags.append(try stream.nested(tag))
            }
        }
        guard let id else { throw stream.missing("id") }
        guard let lat else { throw stream.missing("lat") }
        guard let lon else { throw stream.missing("lon") }
        guard let version else { throw stream.missing("version") }
        guard let user else { throw stream.missing("user") }
        guard let visible else { throw stream.missing("visible") }
        return OSMNode(id: id, lat: lat, lon: lon, version: version, user: user, visible: visible, tags: tags)
    }

    static func tag(_ stream: inout XMLFieldStream) throws -> OSMTag {
        var k: String?
        var v: String?
        while let field = try stream.next(in: tagNames) {
            if field == 0 { k = try stream.string() } else { v = try stream.string() }
        }
        guard let k else { throw stream.missing("k") }
        guard let v else { throw stream.missing("v") }
        return OSMTag(k: k, v: v)
    }
}
