// The books and osm models again, with `@XMLFieldDecodable`, so that
// `XMLDecoder().decode(_:from:)` reads them with the macro's generated field-stream readers.
// Same fields, names and CodingKeys as Workloads' `Catalog`/`Book` and `OSM`/`OSMNode`/`OSMTag`
// (their synthesized Codable is kept, for the Codable path); `model` converts them to those, so
// that the benchmarks check each decoded value against the generated document's model.

import Foundation
import Workloads
import XMLFieldMacros

@XMLFieldDecodable
public struct GBook: Codable, Equatable, Sendable {
    public var name: String
    public var author: String
    public var publisher: String
    public var category: String
    public var description: String
}

@XMLFieldDecodable
public struct GCatalog: Codable, Equatable, Sendable {
    public var books: [GBook]

    public enum CodingKeys: String, CodingKey {
        case books = "book"
    }

    public var model: Catalog {
        Catalog(books: books.map {
            Book(name: $0.name, author: $0.author, publisher: $0.publisher, category: $0.category, description: $0.description)
        })
    }
}

@XMLFieldDecodable
public struct GOSMTag: Codable, Equatable, Sendable {
    public var k: String
    public var v: String
}

@XMLFieldDecodable
public struct GOSMNode: Codable, Equatable, Sendable {
    public var id: Int
    public var lat: Double
    public var lon: Double
    public var version: Int
    public var user: String
    public var visible: Bool
    public var tags: [GOSMTag]

    public enum CodingKeys: String, CodingKey {
        case id, lat, lon, version, user, visible
        case tags = "tag"
    }
}

@XMLFieldDecodable
public struct GOSM: Codable, Equatable, Sendable {
    public var version: String
    public var generator: String
    public var nodes: [GOSMNode]

    public enum CodingKeys: String, CodingKey {
        case version, generator
        case nodes = "node"
    }

    public var model: OSM {
        OSM(version: version, generator: generator, nodes: nodes.map { node in
            OSMNode(
                id: node.id, lat: node.lat, lon: node.lon, version: node.version, user: node.user,
                visible: node.visible, tags: node.tags.map { OSMTag(k: $0.k, v: $0.v) })
        })
    }
}

/// osm with generated readers for the root and the nodes, and Workloads' plain Codable `OSMTag`
/// for the tags: every `<tag>` decoded through the Codable fall-back (`XMLFieldStream.codable`).
@XMLFieldDecodable
public struct GFOSMNode: Codable, Equatable, Sendable {
    public var id: Int
    public var lat: Double
    public var lon: Double
    public var version: Int
    public var user: String
    public var visible: Bool
    public var tags: [OSMTag]

    public enum CodingKeys: String, CodingKey {
        case id, lat, lon, version, user, visible
        case tags = "tag"
    }
}

@XMLFieldDecodable
public struct GFOSM: Codable, Equatable, Sendable {
    public var version: String
    public var generator: String
    public var nodes: [GFOSMNode]

    public enum CodingKeys: String, CodingKey {
        case version, generator
        case nodes = "node"
    }

    public var model: OSM {
        OSM(version: version, generator: generator, nodes: nodes.map { node in
            OSMNode(
                id: node.id, lat: node.lat, lon: node.lon, version: node.version, user: node.user,
                visible: node.visible, tags: node.tags)
        })
    }
}

/// `XMLDecoder().decode` of a Workloads model's twin with `@XMLFieldDecodable` (books and osm),
/// for the tools that take a Workloads model type: the twin is kept as decoded (its memory is
/// the model's), and converted to the Workloads model only to be checked.
public enum GeneratedDecoding {
    /// A decoded twin, kept as an object.
    final class Twin<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The type has no twin with generated readers.
    public struct NoTwin: Error, CustomStringConvertible {
        public let type: String
        public var description: String { "\(type) has no twin with @XMLFieldDecodable (books and osm only)" }
        public init(type: String) { self.type = type }
    }

    /// Decodes `data` as `Model`'s twin with a new `XMLDecoder`, which runs its generated readers.
    public static func decodeTwin<Model>(_ type: Model.Type, from data: Data) throws -> AnyObject {
        if Model.self == Catalog.self { return Twin(try XMLDecoder().decode(GCatalog.self, from: data)) }
        if Model.self == OSM.self { return Twin(try XMLDecoder().decode(GOSM.self, from: data)) }
        throw NoTwin(type: "\(Model.self)")
    }

    /// The Workloads model of a twin `decodeTwin` made, or `nil` for another object.
    public static func model<Model>(ofTwin twin: AnyObject, as type: Model.Type) -> Model? {
        if let catalog = twin as? Twin<GCatalog> { return catalog.value.model as? Model }
        if let osm = twin as? Twin<GOSM> { return osm.value.model as? Model }
        return nil
    }
}
