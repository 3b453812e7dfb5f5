// The Swift floor for decoding (issue 36): the books and osm models read by hand from XMLReader's
// events, as a careful programmer would write it for these two documents and nothing else — no
// Codable, no index, no coding paths, no containers, no checks beyond the shape these documents
// have. What decoding costs above this is the cost of `Codable` and of a general decoder; what
// this costs is reading, plus making the model's strings and numbers.
//
// For example, `<node id="1" lat="51.5" lon="-0.1" version="2" user="ann" visible="true"><tag
// k="a" v="b"/></node>` becomes `OSMNode(id: 1, lat: 51.5, lon: -0.1, version: 2, user: "ann",
// visible: true, tags: [OSMTag(k: "a", v: "b")])`: the attributes by name, the tags by their
// start tags. The modes `floor-books5k` and `floor-osm5k` check every call's model against the one
// the document was generated from, so a floor that skipped work would fail.

import Workloads
import XMLCodable

enum HandWrittenDecoders {
    struct ShapeError: Error, CustomStringConvertible {
        let description: String
    }

    /// `<books><book name="…"><author>…</author><publisher>…</publisher><category>…</category>
    /// <description>…</description></book>…</books>`.
    static func catalog(from bytes: [UInt8]) throws -> Catalog {
        var reader = try XMLReader(bytes)
        var books: [Book] = []
        var name = ""
        var fields = ["", "", "", ""]
        var field = -1
        while let event = try reader.next() {
            switch event {
            case .startElement(let element):
                if reader.name(element, equals: "book") {
                    guard let attribute = reader.attributes.first else { throw ShapeError(description: "a book without its name") }
                    name = reader.string(attribute.value)
                    fields = ["", "", "", ""]
                } else if reader.name(element, equals: "author") {
                    field = 0
                } else if reader.name(element, equals: "publisher") {
                    field = 1
                } else if reader.name(element, equals: "category") {
                    field = 2
                } else if reader.name(element, equals: "description") {
                    field = 3
                }
            case .text(let text), .cdata(let text):
                if field >= 0 { fields[field] += reader.string(text) }
            case .endElement(let element):
                if field >= 0 {
                    field = -1
                } else if reader.name(element, equals: "book") {
                    books.append(Book(name: name, author: fields[0], publisher: fields[1], category: fields[2], description: fields[3]))
                }
            default:
                break
            }
        }
        return Catalog(books: books)
    }

    /// `<osm version generator><node id lat lon version user visible><tag k v/>…</node>…</osm>`.
    static func osm(from bytes: [UInt8]) throws -> OSM {
        var reader = try XMLReader(bytes)
        var version = ""
        var generator = ""
        var nodes: [OSMNode] = []
        var node = OSMNode(id: 0, lat: 0, lon: 0, version: 0, user: "", visible: false, tags: [])
        while let event = try reader.next() {
            switch event {
            case .startElement(let element):
                if reader.name(element, equals: "tag") {
                    var tag = OSMTag(k: "", v: "")
                    for attribute in reader.attributes {
                        if reader.name(attribute.name, equals: "k") {
                            tag.k = reader.string(attribute.value)
                        } else if reader.name(attribute.name, equals: "v") {
                            tag.v = reader.string(attribute.value)
                        }
                    }
                    node.tags.append(tag)
                } else if reader.name(element, equals: "node") {
                    node = OSMNode(id: 0, lat: 0, lon: 0, version: 0, user: "", visible: false, tags: [])
                    for attribute in reader.attributes {
                        let value = attribute.value
                        let name = attribute.name
                        if reader.name(name, equals: "id") {
                            node.id = try integer(reader.string(value))
                        } else if reader.name(name, equals: "lat") {
                            node.lat = try double(reader.string(value))
                        } else if reader.name(name, equals: "lon") {
                            node.lon = try double(reader.string(value))
                        } else if reader.name(name, equals: "version") {
                            node.version = try integer(reader.string(value))
                        } else if reader.name(name, equals: "user") {
                            node.user = reader.string(value)
                        } else if reader.name(name, equals: "visible") {
                            node.visible = reader.string(value) == "true"
                        }
                    }
                } else if reader.name(element, equals: "osm") {
                    for attribute in reader.attributes {
                        if reader.name(attribute.name, equals: "version") {
                            version = reader.string(attribute.value)
                        } else if reader.name(attribute.name, equals: "generator") {
                            generator = reader.string(attribute.value)
                        }
                    }
                }
            case .endElement(let element):
                if reader.name(element, equals: "node") { nodes.append(node) }
            default:
                break
            }
        }
        return OSM(version: version, generator: generator, nodes: nodes)
    }

    private static func integer(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw ShapeError(description: "not an integer: \(text)") }
        return value
    }

    private static func double(_ text: String) throws -> Double {
        guard let value = Double(text) else { throw ShapeError(description: "not a number: \(text)") }
        return value
    }
}
