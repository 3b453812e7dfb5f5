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

// The sparse real models (Sheet.swift, Feed.swift, GPX.swift): the attributes of each element,
// everything else a child element. A type whose keys are all elements needs no conformance.

extension SheetDimension: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
}

extension SheetRow: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.cells.stringValue ? .element : .attribute
    }
}

extension SheetCell: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        switch key.stringValue {
        case CodingKeys.reference.stringValue, CodingKeys.style.stringValue, CodingKeys.type.stringValue: .attribute
        default: .element
        }
    }
}

extension SheetFormula: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.text.stringValue ? .element : .attribute
    }
}

extension RSSFeed: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == "version" ? .attribute : .element
    }
}

extension AtomLink: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
}

extension RSSCategory: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.value.stringValue ? .element : .attribute
    }
}

extension RSSGUID: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.value.stringValue ? .element : .attribute
    }
}

extension RSSSource: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.value.stringValue ? .element : .attribute
    }
}

extension RSSEnclosure: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
}

extension MediaThumbnail: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
}

extension MediaContent: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .attribute }
}

extension GPX: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == "version" || key.stringValue == "creator" ? .attribute : .element
    }
}

extension GPXPoint: DynamicNodeDecoding {
    public static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == "lat" || key.stringValue == "lon" ? .attribute : .element
    }
}
