// FuzzDecoder: the libFuzzer entry point for XMLCodable's XMLDecoder.
//
// Each input is decoded into a model that uses most of what the decoder does: attributes and
// elements (plain keys and property wrappers), the "" key for an element's own text, repeated
// elements as arrays (of structs, of optionals, of enums with associated values), a wrapped list,
// dictionaries, optionals, nested containers, numbers of several widths, booleans, dates (ISO
// 8601), data (base64), URLs, a superclass through `superDecoder()`, a top-level array, and maps of
// entries in each form (`XMLMapCoding`) with per-property date and data formats. With
// three decoder configurations (defaults; key strategy and namespaces; non-conforming floats and
// milliseconds dates), every path a document can reach is tried. A thrown DecodingError is the
// expected outcome for most inputs; a crash or a sanitizer report is a finding.
//
// It is also a differential target for the index's layout white space (the runs of spaces, tabs
// and line feeds between two sibling elements, which the index may leave out and find again in the
// document when a value needs them): each input is decoded by pairs of decoders that differ only
// in `keepsLayoutWhitespace` (the `Testing` SPI), into Equatable models that read those runs — an
// `XMLTree.Element`, `[XMLTree.Node]`, a choice list of mixed content, a list of any element's
// content, an element's own text through the `""` key, and subtrees and lists under keys — with
// and without trimming, `removeWhitespaceElements` and namespaces. Different values, or an error
// from one decoder only, is a finding (`fatalError`); when both throw, their descriptions must be
// the same too.
//
// The file is not `main.swift`: libFuzzer provides `main`.

import Foundation
import XMLCodable
@_spi(Testing) import XMLCodableCore

enum Shape: Codable {
    case circle(radius: Double)
    case square(Int)
    case none
}

struct Item: Codable, XMLListCoding {
    @Attribute var id: Int
    @Element var name: String?
    var price: Price?
    var tags: [String]
    var shapes: [Shape]
    var flags: [Bool?]
    var extra: [String: Int]?
    var when: Date?
    var blob: Data?
    var link: URL?
    var small: Int8?
    var big: UInt64?
    var ratio: Float?

    struct Price: Codable {
        @Attribute var currency: String?
        var value: Decimal?
        enum CodingKeys: String, CodingKey {
            case currency
            case value = ""
        }
    }

    static func xmlListItemName(for key: any CodingKey) -> String? {
        key.stringValue == "tags" ? "tag" : nil
    }
}

class Base: Codable {
    var created: String?
    var owner: Int?
}

final class Catalog: Base, @unchecked Sendable {
    var item: [Item] = []
    var title: String = ""

    enum CodingKeys: String, CodingKey { case item, title }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        item = try container.decode([Item].self, forKey: .item)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        try super.init(from: container.superDecoder())
    }
}

/// Maps (`XMLMapCoding`) in each form, with per-property formats and enum payloads that read
/// the case element's content.
struct Maps: Codable, XMLMapCoding {
    var wrapped: [String: Int]?
    var flat: [String: [String]]?
    var strings: [String: String?]?
    var points: [Int: Item.Price]?
    var shapes: [String: Shape]?
    var nested: [String: [String: Int]]?
    @OptionalFormatted<HTTPDateFormat> var modified: Date?
    @OptionalFormatted<RFC822DateFormat> var published: Date?
    @OptionalFormatted<HexDataFormat> var digest: Data?

    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        switch key.stringValue {
        case "wrapped", "nested", "shapes": .wrapped
        case "flat": .flattened
        case "strings": XMLMapFormat(entry: "string", key: "name", value: nil, keyPlacement: .attribute, isFlattened: true)
        case "points": XMLMapFormat(entry: "{urn:p}point", key: "id", value: "{urn:p}at", keyPlacement: .attribute)
        default: nil
        }
    }
}

let plain = XMLDecoder()
let renaming: XMLDecoder = {
    let decoder = XMLDecoder(trimValueWhitespaces: false, removeWhitespaceElements: true)
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.shouldProcessNamespaces = true
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()
let lenient: XMLDecoder = {
    let decoder = XMLDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
    decoder.dateDecodingStrategy = .millisecondsSince1970
    var limits = XMLReader.Limits()
    limits.maxDepth = 16
    limits.maxEntityExpansionBytes = 4096
    decoder.limits = limits
    return decoder
}()

// MARK: - Layout white space, kept and left out

/// An element's content as nodes, through the `""` key.
struct LayoutNodes: Decodable, Equatable {
    var value: [XMLTree.Node]
    enum CodingKeys: String, CodingKey { case value = "" }
}

/// An element's own text, through the `""` key.
struct LayoutText: Decodable, Equatable {
    var value: String
    enum CodingKeys: String, CodingKey { case value = "" }
}

/// Subtrees and text under keys, as a model holds them.
struct LayoutHolder: Decodable, Equatable {
    var a: [XMLTree.Element]?
    var b: [LayoutNodes]?
    var c: [LayoutText]?
    var i: [[LayoutInline]]?
}

/// An item of mixed content read through a choice: text (the `""` case) or one of a few element
/// names, each holding its own content as a list.
indirect enum LayoutInline: Decodable, Equatable {
    case text(String)
    case a([LayoutInline])
    case b([LayoutInline])
    case c([LayoutInline])
    case i([LayoutInline])

    enum CodingKeys: String, XMLChoiceCodingKey {
        case text = ""
        case a, b, c, i
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch container.allKeys.first {
        case .text: self = .text(try container.decode(String.self, forKey: .text))
        case .a: self = .a(try container.decode([LayoutInline].self, forKey: .a))
        case .b: self = .b(try container.decode([LayoutInline].self, forKey: .b))
        case .c: self = .c(try container.decode([LayoutInline].self, forKey: .c))
        case .i: self = .i(try container.decode([LayoutInline].self, forKey: .i))
        case nil: throw DecodingError.dataCorruptedError(forKey: .text, in: container, debugDescription: "no case")
        }
    }
}

/// Any coding key, for `LayoutContent`.
struct LayoutAnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// An item of any element's content: an element (its content as a list) or a run of text.
indirect enum LayoutContent: Decodable, Equatable {
    case text(String)
    case element([LayoutContent])

    init(from decoder: any Decoder) throws {
        if (try? decoder.container(keyedBy: LayoutAnyKey.self)) != nil {
            var list = try decoder.unkeyedContainer()
            var items: [LayoutContent] = []
            while !list.isAtEnd { items.append(try list.decode(LayoutContent.self)) }
            self = .element(items)
        } else {
            self = .text(try decoder.singleValueContainer().decode(String.self))
        }
    }
}

/// Two decoders that differ only in whether the index keeps the layout white-space nodes.
struct LayoutPair {
    let kept: XMLDecoder
    let dropped: XMLDecoder

    init(trimValueWhitespaces: Bool, removeWhitespaceElements: Bool, shouldProcessNamespaces: Bool = false) {
        func make(keeps: Bool) -> XMLDecoder {
            let decoder = XMLDecoder(trimValueWhitespaces: trimValueWhitespaces, removeWhitespaceElements: removeWhitespaceElements)
            decoder.shouldProcessNamespaces = shouldProcessNamespaces
            decoder.keepsLayoutWhitespace = keeps
            return decoder
        }
        kept = make(keeps: true)
        dropped = make(keeps: false)
    }

    /// Decodes `type` with both decoders and stops the run when they disagree.
    func compare<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8]) {
        let kept = Result { try self.kept.decode(type, from: bytes) }
        let dropped = Result { try self.dropped.decode(type, from: bytes) }
        switch (kept, dropped) {
        case (.success(let a), .success(let b)):
            if a != b {
                fatalError("layout white space: \(type) decodes differently with keepsLayoutWhitespace true and false:\n\(a)\n\(b)")
            }
        case (.failure(let a), .failure(let b)):
            if String(describing: a) != String(describing: b) {
                fatalError("layout white space: \(type) throws differently with keepsLayoutWhitespace true and false:\n\(a)\n\(b)")
            }
        case (.success(let value), .failure(let error)):
            fatalError("layout white space: \(type) decodes with keepsLayoutWhitespace true (\(value)) but throws without it: \(error)")
        case (.failure(let error), .success(let value)):
            fatalError("layout white space: \(type) throws with keepsLayoutWhitespace true (\(error)) but decodes without it: \(value)")
        }
    }
}

let layoutPairs = [
    LayoutPair(trimValueWhitespaces: false, removeWhitespaceElements: false),
    LayoutPair(trimValueWhitespaces: true, removeWhitespaceElements: false),
    LayoutPair(trimValueWhitespaces: false, removeWhitespaceElements: true, shouldProcessNamespaces: true),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    for decoder in [plain, renaming, lenient] {
        _ = try? decoder.decode(Catalog.self, from: bytes)
        _ = try? decoder.decode([Item].self, from: bytes)
        _ = try? decoder.decode([String: [Shape?]].self, from: bytes)
        _ = try? decoder.decode(Double.self, from: bytes)
        _ = try? decoder.decode(Maps.self, from: bytes)
        _ = try? decoder.decode([Maps].self, from: bytes)
    }
    for pair in layoutPairs {
        pair.compare(XMLTree.Element.self, bytes)
        pair.compare(LayoutNodes.self, bytes)
        pair.compare([LayoutInline].self, bytes)
        pair.compare([LayoutContent].self, bytes)
        pair.compare(LayoutText.self, bytes)
        pair.compare(LayoutHolder.self, bytes)
    }
    return 0
}
