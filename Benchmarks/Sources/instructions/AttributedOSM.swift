// The osm model with its node fields placed as attributes (mode encode-osm5k-attributes): the
// shape of the benchmark document and of the cross-language benchmark's osm encode, where the
// encoder writes six attributes per node and two per tag through `DynamicNodeEncoding`.
//
// Workloads' `OSM`, `OSMNode` and `OSMTag` stay without conformances in this tool (encode-osm5k
// writes every property as a child element, as its baseline was taken), so these are copies of
// them with the same coding keys, the same synthesized `encode(to:)`, and the placement of
// Encoders/XMLCodableEncoding.swift: every scalar of a node and a tag an attribute, the root's
// version and generator attributes, `node` and `tag` elements. For example a node is written
// `<node id="1" lat="51.5" lon="-0.1" version="2" user="ann" visible="true"><tag k="a" v="b"/></node>`.

import Workloads
import XMLCodable

/// `OSMTag` with both fields attributes.
struct AttributedOSMTag: Encodable, DynamicNodeEncoding {
    var k: String
    var v: String

    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding { .attribute }
}

/// `OSMNode` with every scalar an attribute and its tags `<tag>` elements.
struct AttributedOSMNode: Encodable, DynamicNodeEncoding {
    var id: Int
    var lat: Double
    var lon: Double
    var version: Int
    var user: String
    var visible: Bool
    var tags: [AttributedOSMTag]

    enum CodingKeys: String, CodingKey {
        case id, lat, lon, version, user, visible
        case tags = "tag"
    }

    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.tags.stringValue ? .element : .attribute
    }
}

/// `OSM` with its version and generator attributes and its nodes `<node>` elements.
struct AttributedOSM: Encodable, DynamicNodeEncoding {
    var version: String
    var generator: String
    var nodes: [AttributedOSMNode]

    enum CodingKeys: String, CodingKey {
        case version, generator
        case nodes = "node"
    }

    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.nodes.stringValue ? .element : .attribute
    }

    /// The copy of `model`, every field the same.
    init(_ model: OSM) {
        version = model.version
        generator = model.generator
        nodes = model.nodes.map { node in
            AttributedOSMNode(
                id: node.id, lat: node.lat, lon: node.lon, version: node.version, user: node.user,
                visible: node.visible, tags: node.tags.map { AttributedOSMTag(k: $0.k, v: $0.v) })
        }
    }
}
