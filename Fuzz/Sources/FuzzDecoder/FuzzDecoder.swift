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
// The file is not `main.swift`: libFuzzer provides `main`.

import Foundation
import XMLCodable

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
    return 0
}
