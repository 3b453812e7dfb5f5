// The encoding comparison: one model per input, three encoders, the same values.
//
// For each generated input (books 5k/50k, osm 5k/50k) an `EncodeCase` holds the model the
// decoding benchmarks' documents were generated from (the very values the decoders produce), and
// makes an `EncodeRun` for each encoder:
//   - XMLCodable's `XMLEncoder` (`encode(_:withRootKey:header:)`, root "books"/"osm"),
//   - XMLCoder 0.18.2's `XMLEncoder` (the same call),
//   - Foundation's `JSONEncoder` (`encode(_:)`).
// All three encode the same plain Codable models (`Catalog`/`Book`, `OSM`/`OSMNode`/`OSMTag` from
// Workloads). Both XML encoders are given the same attribute placement (each through its own
// `DynamicNodeEncoding` protocol: XMLCoder's in Workloads/XMLCoderConformances.swift, XMLCodable's
// in XMLCodableEncoding.swift), so both write the shape of the benchmark documents.
//
// `EncodeRun.verify()` encodes once and checks the output:
//   - XML: the document has exactly as many elements and attributes as the benchmark document of
//     the same model (so the attribute placement is the same), and XMLCodable's `XMLDecoder` decodes
//     it to a model equal (`==`, every field of every item) to the one encoded;
//   - JSON: `JSONDecoder` decodes it to an equal model.
// The benchmarks run it in setup and fail if it reports anything.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workloads

/// The three encoders compared.
public enum EncoderKind: String, CaseIterable, Sendable {
    case xmlCodable = "XMLEncoder (XMLCodable)"
    case xmlCoder = "XMLEncoder (XMLCoder 0.18.2)"
    case json = "JSONEncoder"

    /// Whether the encoder writes XML (else JSON).
    public var writesXML: Bool { self != .json }
}

/// One encoder set up on one model.
public struct EncodeRun: @unchecked Sendable {
    public let kind: EncoderKind
    /// Encodes the model once and returns the size of the output in bytes and how long the
    /// `encode` call took. The output is released after the clock stops, before it returns.
    public let encode: () throws -> (bytes: Int, duration: Duration)
    /// Encodes once and checks the output (see the file's header): the output's size in bytes, or
    /// what is wrong with it.
    public let verify: () -> Result<Int, EncodeCheckFailure>
}

/// What the check found wrong with an encoder's output.
public struct EncodeCheckFailure: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// The encoder itself threw (rather than writing something wrong).
    public let encoderThrew: Bool
}

/// One input of the encoding comparison: the model and what its XML must contain.
public struct EncodeCase: @unchecked Sendable {
    public let id: WorkloadID
    /// The root element's name: "books" or "osm".
    public let rootKey: String
    /// Books or nodes: the items of the model's one list.
    public let items: Int
    /// Scalar values in the model (strings, numbers, booleans): the divisor for "per encoded value".
    /// books: 5 per book; osm: the root's 2, 6 per node, 2 per tag (the same as for decoding).
    public let values: Int
    /// Elements and attributes the XML must have (those of the benchmark document of this model).
    public let elements: Int
    public let attributes: Int
    /// What an item is called ("books", "nodes").
    public let itemName: String
    private let makeRun: (EncoderKind) -> EncodeRun

    public func run(_ kind: EncoderKind) -> EncodeRun { makeRun(kind) }

    /// The generated inputs.
    public static let ids: [WorkloadID] = [.books5k, .books50k, .osm5k, .osm50k]

    /// The case for a generated input (its model built on first use); `nil` for the real document.
    public static func load(_ id: WorkloadID) -> EncodeCase? {
        switch id {
        case .books5k: books(id, Workloads.books5kCatalog)
        case .books50k: books(id, Workloads.books50kCatalog)
        case .osm5k: osm(id, Workloads.osm5kModel)
        case .osm50k: osm(id, Workloads.osm50kModel)
        case .real, .sheet20k, .sheet200k, .sheet2m, .rss3k, .gpx8k: nil
        }
    }

    private static func books(_ id: WorkloadID, _ model: Catalog) -> EncodeCase {
        let count = model.books.count
        return EncodeCase(
            id: id, rootKey: "books", items: count, values: count * 5,
            elements: 1 + 5 * count, attributes: count, itemName: "books"
        ) { kind in
            makeRun(
                kind, model: model, rootKey: "books", elements: 1 + 5 * count, attributes: count,
                describe: describeDifference)
        }
    }

    private static func osm(_ id: WorkloadID, _ model: OSM) -> EncodeCase {
        let tags = model.nodes.reduce(0) { $0 + $1.tags.count }
        let count = model.nodes.count
        let elements = 1 + count + tags
        let attributes = 2 + 6 * count + 2 * tags
        return EncodeCase(
            id: id, rootKey: "osm", items: count, values: 2 + 6 * count + 2 * tags,
            elements: elements, attributes: attributes, itemName: "nodes"
        ) { kind in
            makeRun(
                kind, model: model, rootKey: "osm", elements: elements, attributes: attributes,
                describe: describeDifference)
        }
    }

    private static func makeRun<Model: Codable & Equatable>(
        _ kind: EncoderKind, model: Model, rootKey: String, elements: Int, attributes: Int,
        describe: @escaping (Model, Model) -> String
    ) -> EncodeRun {
        let encodeModel: (Model) throws -> Data
        let decodeOutput: (Data) throws -> Model
        switch kind {
        case .xmlCodable:
            let encoder = XMLCodableEncoding.encoder()
            encodeModel = { try XMLCodableEncoding.encode($0, rootKey: rootKey, with: encoder) }
            decodeOutput = { try XMLCodableEncoding.decode(Model.self, from: $0) }
        case .xmlCoder:
            let encoder = XMLCoderEncoding.encoder()
            encodeModel = { try XMLCoderEncoding.encode($0, rootKey: rootKey, with: encoder) }
            decodeOutput = { try XMLCodableEncoding.decode(Model.self, from: $0) }
        case .json:
            let encoder = JSONEncoder()
            encodeModel = { try encoder.encode($0) }
            decodeOutput = { try JSONDecoder().decode(Model.self, from: $0) }
        }
        return EncodeRun(
            kind: kind,
            encode: {
                let clock = ContinuousClock()
                let start = clock.now
                let output = try encodeModel(model)
                let duration = clock.now - start
                return (output.count, duration)
            },
            verify: {
                let output: Data
                do {
                    output = try encodeModel(model)
                } catch {
                    return .failure(EncodeCheckFailure(description: "\(kind.rawValue) threw: \(error)", encoderThrew: true))
                }
                func failure(_ text: String) -> Result<Int, EncodeCheckFailure> {
                    .failure(EncodeCheckFailure(description: "\(kind.rawValue): " + text, encoderThrew: false))
                }
                if kind.writesXML {
                    let counts = RealDocument.countMarkup([UInt8](output))
                    if counts.elements != elements || counts.attributes != attributes {
                        return failure(
                            "wrote \(counts.elements) elements and \(counts.attributes) attributes, "
                                + "expected \(elements) and \(attributes) (the benchmark document's shape); "
                                + "output begins: \(String(decoding: output.prefix(300), as: UTF8.self))")
                    }
                }
                let decoded: Model
                do {
                    decoded = try decodeOutput(output)
                } catch {
                    return failure(
                        "its output (\(output.count) bytes) does not decode "
                            + "(\(kind.writesXML ? "XMLCodable's XMLDecoder" : "JSONDecoder")): \(error); "
                            + "output begins: \(String(decoding: output.prefix(300), as: UTF8.self))")
                }
                if decoded != model {
                    return failure("its output decodes to different values: " + describe(decoded, model))
                }
                return .success(output.count)
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
