// How the workload models map onto XML for XMLCoder (the comparison decoder/encoder).
//
// XMLCoder encodes every property as a child element unless the type says otherwise through
// `DynamicNodeEncoding`/`DynamicNodeDecoding`. These conformances make `Book.name`, every
// scalar of `OSMNode`, both fields of `OSMTag` and the two `OSM` root fields attributes, so that
// XMLCoder reads and writes exactly the documents the generators produce.

import XMLCoder

extension Book: DynamicNodeEncoding, DynamicNodeDecoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == "name" ? .attribute : .element
    }

    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == "name" ? .attribute : .element
    }
}

extension OSMTag: DynamicNodeEncoding, DynamicNodeDecoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding { .attribute }
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
}

extension OSMNode: DynamicNodeEncoding, DynamicNodeDecoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.tags.stringValue ? .element : .attribute
    }

    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.tags.stringValue ? .element : .attribute
    }
}

extension OSM: DynamicNodeEncoding, DynamicNodeDecoding {
    public static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.nodes.stringValue ? .element : .attribute
    }

    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.nodes.stringValue ? .element : .attribute
    }
}

/// Decoders configured for the workloads (XMLCoder trims values by default; the generated values
/// have no surrounding white space, so trimming changes nothing).
public enum XMLCoderSetup {
    public static func decoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.shouldProcessNamespaces = false
        return decoder
    }
}
