// XMLCodable's encoder, in a file of its own: XMLCodable and XMLCoder both name their encoder
// `XMLEncoder`, so no file here imports both.
//
// The models' attribute placement for XMLCodable: without it XMLCodable writes every property as a
// child element. These conformances (XMLCodable's `DynamicNodeEncoding`, not XMLCoder's protocol of
// the same name, which the models adopt in Workloads/XMLCoderConformances.swift) place exactly the
// keys XMLCoder's conformances place, so both encoders write the shape of the benchmark documents:
// `Book.name`, every scalar of `OSMNode`, both fields of `OSMTag` and the two `OSM` root fields as
// attributes, everything else as elements.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workloads
import XMLCodable

extension Book: XMLCodable.DynamicNodeEncoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLCodable.XMLEncoder.NodeEncoding {
        key.stringValue == "name" ? .attribute : .element
    }
}

extension OSMTag: XMLCodable.DynamicNodeEncoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLCodable.XMLEncoder.NodeEncoding { .attribute }
}

extension OSMNode: XMLCodable.DynamicNodeEncoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLCodable.XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.tags.stringValue ? .element : .attribute
    }
}

extension OSM: XMLCodable.DynamicNodeEncoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLCodable.XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.nodes.stringValue ? .element : .attribute
    }
}

enum XMLCodableEncoding {
    /// The encoder as a user would make it: default settings (compact output).
    static func encoder() -> XMLEncoder {
        XMLEncoder()
    }

    @inline(never)
    static func encode<Model: Encodable>(_ value: Model, rootKey: String, with encoder: XMLEncoder) throws -> Data {
        try encoder.encode(value, withRootKey: rootKey, header: XMLHeader(version: 1.0, encoding: "UTF-8"))
    }

    /// XMLCodable's decoder (default settings), for the round-trip check of every XML encoder's output.
    static func decode<Model: Decodable>(_ type: Model.Type, from data: Data) throws -> Model {
        try XMLDecoder().decode(type, from: data)
    }
}
