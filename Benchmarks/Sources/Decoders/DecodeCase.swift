// The decoding comparison: one model type per document, three decoders, the same values.
//
// For each generated input (books 5k/50k, osm 5k/50k, and the sparse real models of
// SparseDecodeCases.swift: sheet 20k/200k/2m, rss 3k, gpx 8k) a `DecodeCase` holds the XML document,
// its JSON twin and the model they were generated from, and makes a `DecodeRun` for each decoder:
//   - XMLCodable's `XMLDecoder` on the XML (`decode(_:from: Data)`),
//   - XMLCoder 0.18.2's `XMLDecoder` on the XML (with the models' `DynamicNodeDecoding` mapping),
//   - Foundation's `JSONDecoder` on the JSON twin.
// All three decode into the very same plain Codable models (`Catalog`/`Book`, `OSM`/`OSMNode`/
// `OSMTag` from Workloads): XMLCodable needs no annotation for them, since it looks a key up
// among child elements first and then among attributes. XMLCoder needs its own protocol to read
// attributes, which the models adopt in Workloads/XMLCoderConformances.swift (XMLCodable ignores
// that protocol: it is XMLCoder's, not XMLCodable's `DynamicNodeDecoding`).
//
// `DecodeRun.verify()` decodes once and compares the result with the generated model, field by
// field (`==`), describing the first difference. The benchmarks run it in setup and fail if it
// reports anything; the memory tool runs it after measuring.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GeneratedModels
import Workloads

/// The three decoders compared.
public enum DecoderKind: String, CaseIterable, Sendable {
    case xmlCodable = "XMLDecoder (XMLCodable)"
    case xmlCoder = "XMLDecoder (XMLCoder 0.18.2)"
    case json = "JSONDecoder"
    /// `XMLDecoder` on the model's twin with `@XMLFieldDecodable` (books and osm only): the readers
    /// the macro generated (Sources/GeneratedModels).
    case generated = "XMLDecoder (XMLCodable, @XMLFieldDecodable)"

    /// A short name for command lines and tables.
    public var shortName: String {
        switch self {
        case .xmlCodable: "xmlcodable"
        case .xmlCoder: "xmlcoder"
        case .json: "json"
        case .generated: "generated"
        }
    }

    public init?(shortName: String) {
        guard let kind = Self.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = kind
    }

    /// Whether the decoder reads the XML document (else the JSON twin).
    public var readsXML: Bool { self != .json }
}

/// One decoder set up on one input: what it reads, and a closure that decodes it once.
public struct DecodeRun: @unchecked Sendable {
    public let kind: DecoderKind
    /// The bytes the decoder reads (the XML document, or the JSON twin): the MB/s divisor.
    public let input: Data
    /// Decodes `input` once and returns how many items (books or nodes) the model holds and how
    /// long the `decode` call took. The model is released after the clock stops, before it returns.
    public let decode: () throws -> (items: Int, duration: Duration)
    /// The same, with a decoder made inside the timed call and released with it, as most code
    /// writes it: `try XMLDecoder().decode(Model.self, from: data)`.
    public let decodeFresh: () throws -> (items: Int, duration: Duration)
    /// Decodes once, compares with the generated model; the first difference, or `nil`.
    public let verify: () -> String?
    /// Decodes once, with a decoder made for the call and released after it (and XMLCodable's
    /// working memory freed), and keeps the model (for the memory tool); returns it type-erased.
    public let decodeAndKeep: () throws -> AnyObject
    /// Compares a model kept by `decodeAndKeep` with the generated model; the first difference, or `nil`.
    public let verifyKept: (AnyObject) -> String?
}

/// One input of the decoding comparison: the XML, its JSON twin, and the expected model.
public struct DecodeCase: @unchecked Sendable {
    public let id: WorkloadID
    public let xml: XMLWorkload
    public let json: Data
    /// Books or nodes: the items of the document's one list.
    public let items: Int
    /// Scalar values in the model (strings, numbers, booleans): the divisor for "per decoded value".
    /// books: 5 per book; osm: the root's 2, 6 per node, 2 per tag.
    public let values: Int
    /// What an item is called ("books", "nodes").
    public let itemName: String
    let makeRun: (DecoderKind) -> DecodeRun

    public func run(_ kind: DecoderKind) -> DecodeRun { makeRun(kind) }

    /// The generated inputs (the real document has no model).
    public static let ids: [WorkloadID] = [.books5k, .books50k, .osm5k, .osm50k]

    /// The sparse real models of the default runs: sheet 20k and 200k, rss 3k, gpx 8k.
    public static let sparseIDs: [WorkloadID] = WorkloadID.sparseModels

    /// Every input with a model, "sheet 2m" (about 100 MB, for manual runs) included.
    public static let allIDs: [WorkloadID] = ids + sparseIDs + [.sheet2m]

    /// The case for a generated input (built on first use); `nil` for the real document.
    public static func load(_ id: WorkloadID) -> DecodeCase? {
        switch id {
        case .books5k: books(id, Workloads.books5k, Workloads.books5kJSON, Workloads.books5kCatalog)
        case .books50k: books(id, Workloads.books50k, Workloads.books50kJSON, Workloads.books50kCatalog)
        case .osm5k: osm(id, Workloads.osm5k, Workloads.osm5kJSON, Workloads.osm5kModel)
        case .osm50k: osm(id, Workloads.osm50k, Workloads.osm50kJSON, Workloads.osm50kModel)
        case .real: nil
        case .sheet20k, .sheet200k, .sheet2m, .rss3k, .gpx8k: sparse(id)
        }
    }

    /// The case from documents already in memory (the memory tool reads them from files) and a
    /// closure that makes the expected model only when `verify` runs.
    public static func load(_ id: WorkloadID, xml: Data, json: Data, items: Int, values: Int) -> DecodeCase? {
        let workload = XMLWorkload(name: id.rawValue, bytes: [], elementCount: 0, attributeCount: 0, origin: "file")
        switch id {
        case .books5k, .books50k:
            return DecodeCase(id: id, xml: workload, json: json, items: items, values: values, itemName: "books") { kind in
                makeRun(
                    kind, input: kind.readsXML ? xml : json, expected: { BooksGenerator.catalog(count: items) },
                    count: { $0.books.count }, describe: describeDifference)
            }
        case .osm5k, .osm50k:
            return DecodeCase(id: id, xml: workload, json: json, items: items, values: values, itemName: "nodes") { kind in
                makeRun(
                    kind, input: kind.readsXML ? xml : json, expected: { OSMGenerator.osm(count: items) },
                    count: { $0.nodes.count }, describe: describeDifference)
            }
        case .real:
            return nil
        case .sheet20k, .sheet200k, .sheet2m, .rss3k, .gpx8k:
            return sparse(id, xml: xml, json: json, items: items, values: values)
        }
    }

    /// A small document of the same shape (the first `count` items of the same sequence), made on
    /// the spot: the memory tool decodes one first, so that code and one-time runtime set-up are in
    /// memory before it measures.
    public static func small(like id: WorkloadID, count: Int) -> DecodeCase? {
        switch id {
        case .books5k, .books50k:
            let model = BooksGenerator.catalog(count: count)
            return books(id, BooksGenerator.xml(model, name: "books \(count)"), try! BooksGenerator.json(model), model)
        case .osm5k, .osm50k:
            let model = OSMGenerator.osm(count: count)
            return osm(id, OSMGenerator.xml(model, name: "osm \(count)"), try! OSMGenerator.json(model), model)
        case .real:
            return nil
        case .sheet20k, .sheet200k, .sheet2m, .rss3k, .gpx8k:
            return sparse(like: id, count: count)
        }
    }

    private static func books(_ id: WorkloadID, _ xml: XMLWorkload, _ json: Data, _ model: Catalog) -> DecodeCase {
        DecodeCase(id: id, xml: xml, json: json, items: model.books.count, values: valueCount(model), itemName: "books") { kind in
            makeRun(
                kind, input: kind.readsXML ? xml.data : json, expected: { model },
                count: { $0.books.count }, describe: describeDifference)
        }
    }

    private static func osm(_ id: WorkloadID, _ xml: XMLWorkload, _ json: Data, _ model: OSM) -> DecodeCase {
        DecodeCase(id: id, xml: xml, json: json, items: model.nodes.count, values: valueCount(model), itemName: "nodes") { kind in
            makeRun(
                kind, input: kind.readsXML ? xml.data : json, expected: { model },
                count: { $0.nodes.count }, describe: describeDifference)
        }
    }

    public static func valueCount(_ catalog: Catalog) -> Int { catalog.books.count * 5 }

    public static func valueCount(_ osm: OSM) -> Int {
        osm.nodes.reduce(2) { $0 + 6 + 2 * $1.tags.count }
    }

    static func makeRun<Model: Decodable & Equatable>(
        _ kind: DecoderKind, input: Data, expected: @escaping () -> Model,
        count: @escaping (Model) -> Int, describe: @escaping (Model, Model) -> String
    ) -> DecodeRun {
        // A decoder, made once per run (as an application would), or once per call (`decodeAndKeep`,
        // for the memory tool: XMLCodable's decoder keeps its working memory for its next call, and
        // that memory must count as the decoding's, not the model's; it goes with the decoder).
        func makeDecodeModel() -> (Data) throws -> Model {
            switch kind {
            case .xmlCodable:
                let decoder = XMLCodableDecoding.decoder()
                return { try XMLCodableDecoding.decode(Model.self, from: $0, with: decoder) }
            case .xmlCoder:
                let decoder = XMLCoderDecoding.decoder()
                return { try XMLCoderDecoding.decode(Model.self, from: $0, with: decoder) }
            case .json:
                let decoder = JSONDecoder()
                return { try decoder.decode(Model.self, from: $0) }
            case .generated:
                return { data in
                    let twin = try GeneratedDecoding.decodeTwin(Model.self, from: data)
                    guard let model = GeneratedDecoding.model(ofTwin: twin, as: Model.self) else {
                        throw GeneratedDecoding.NoTwin(type: "\(Model.self)")
                    }
                    return model
                }
            }
        }
        let decodeModel = makeDecodeModel()
        // Times one decode; the model is counted inside the clock and released after it stops.
        func timed(_ decode: () throws -> Model) rethrows -> (items: Int, duration: Duration) {
            let clock = ContinuousClock()
            let start = clock.now
            let items = try count(decode())
            return (items, clock.now - start)
        }
        func compare(_ decoded: Model) -> String? {
            let model = expected()
            if decoded == model { return nil }
            return "\(kind.rawValue) decoded different values: " + describe(decoded, model)
        }
        return DecodeRun(
            kind: kind,
            input: input,
            decode: { try timed { try decodeModel(input) } },
            decodeFresh: { try timed { try makeDecodeModel()(input) } },
            verify: {
                let decoded: Model
                do {
                    decoded = try decodeModel(input)
                } catch {
                    return "\(kind.rawValue) threw: \(error)"
                }
                return compare(decoded)
            },
            decodeAndKeep: {
                // XMLCodable keeps its working memory for the next call, whichever decoder makes
                // it; freed here, it is not counted as the model's.
                defer { if kind == .xmlCodable || kind == .generated { XMLCodableDecoding.releaseWorkingMemory() } }
                // The generated readers' twin is kept as decoded (converted only to be checked).
                if kind == .generated { return try GeneratedDecoding.decodeTwin(Model.self, from: input) }
                return Box(try makeDecodeModel()(input))
            },
            verifyKept: { kept in
                if kind == .generated {
                    guard let model = GeneratedDecoding.model(ofTwin: kept, as: Model.self) else {
                        return "\(kind.rawValue): not a decoded twin of \(Model.self)"
                    }
                    return compare(model)
                }
                guard let box = kept as? Box<Model> else { return "\(kind.rawValue): not a decoded \(Model.self)" }
                return compare(box.value)
            }
        )
    }

    static func describeDifference(_ decoded: Catalog, _ expected: Catalog) -> String {
        if decoded.books.count != expected.books.count {
            return "\(decoded.books.count) books, expected \(expected.books.count)"
        }
        for (index, pair) in zip(decoded.books, expected.books).enumerated() where pair.0 != pair.1 {
            return "book \(index): decoded \(pair.0), expected \(pair.1)"
        }
        return "the catalogs differ"
    }

    static func describeDifference(_ decoded: OSM, _ expected: OSM) -> String {
        if decoded.version != expected.version || decoded.generator != expected.generator {
            return "root attributes: decoded \(decoded.version), \(decoded.generator); expected \(expected.version), \(expected.generator)"
        }
        if decoded.nodes.count != expected.nodes.count {
            return "\(decoded.nodes.count) nodes, expected \(expected.nodes.count)"
        }
        for (index, pair) in zip(decoded.nodes, expected.nodes).enumerated() where pair.0 != pair.1 {
            return "node \(index): decoded \(pair.0), expected \(pair.1)"
        }
        return "the documents differ"
    }
}

/// A decoded model kept alive by reference.
public final class Box<Value> {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
