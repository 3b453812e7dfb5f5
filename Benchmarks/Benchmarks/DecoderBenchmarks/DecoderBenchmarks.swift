// Decoding benchmarks: XMLCodable's XMLDecoder against XMLCoder 0.18.2's XMLDecoder on the same XML,
// and against Foundation's JSONDecoder on the equivalent JSON, all into the same Codable models.
//
// For each generated input (books 5k/50k, osm 5k/50k, and the sparse real models sheet 20k/200k,
// rss 3k, gpx 8k: Decoders/SparseDecodeCases.swift) there are:
//   "XMLDecoder (XMLCodable): <input>"        `XMLDecoder().decode(Model.self, from: Data)` on the XML
//   "XMLDecoder (XMLCoder 0.18.2): <input>"   the same call with XMLCoder's decoder on the same XML
//   "JSONDecoder: <input>"                    Foundation's `JSONDecoder().decode(Model.self, from:)` on
//                                             the JSON twin (same values, `JSONEncoder` output)
// The model is `Catalog` (books), `OSM` (osm), `Worksheet`, `RSSFeed` or `GPX` from Workloads, the
// same type for all three.
//
// Each of these is also run with a new decoder per call, as most code writes it (`try
// XMLDecoder().decode(Model.self, from: data)`): "<decoder>, new decoder per call: <input>", the
// decoder made and released inside the timed call.
//
// One iteration decodes one whole document (scalingFactor .one): `throughput` is documents per
// second. Custom metrics, timed around the `decode` call only (the decoded model is released after
// the clock stops; the decoder object is made once, in setup, unless made per call):
//   "throughput (kB/s)"   the decoder's own input bytes per second, in 1000-byte units (÷ 1000 = MB/s);
//                         the XML and the JSON twin differ in size, so compare documents/s or items/s
//   "items/s"             books or nodes decoded per second: documents/s × items, the like-for-like figure
//   "items", "values"     the divisors for per-item and per-value figures: books or nodes, and the
//                         scalar values in the model (strings, numbers, booleans)
// mallocCountTotal ÷ values = mallocs per decoded value.
//
// Every benchmark first decodes its input once in setup and compares the result with the model the
// input was generated from (`==`, so the three decoders are checked to decode equal values). A
// difference, or an error, makes the benchmark fail loudly: it prints "FAILED CHECK: …" with the
// first differing item and its process exits non-zero, which package-benchmark reports ("Failed to
// run …") and turns into a non-zero exit of the whole run (a thrown error would not: 1.38.1 prints
// it and exits 0). Each iteration also checks the number of items decoded.
// One exception is reported as skipped rather than failed: XMLCoder reads through Foundation's
// XMLParser, which on Linux refuses documents over 10,000,000 bytes (libxml2 2.9, "Huge input
// lookup"; see FoundationXMLParserRun.swift), so XMLCoder cannot decode books 50k or sheet 200k
// there. When XMLCoder throws *and* XMLParser fails on the same document, the benchmark says so once
// and reports a single metric named "SKIPPED: …" (value 1) instead of timings.

import Benchmark
import Decoders
import Foundation
import Workloads

// MARK: - Metrics and configuration

let kilobytesPerSecond = BenchmarkMetric.custom("throughput (kB/s)", polarity: .prefersLarger, useScalingFactor: false)
let itemsPerSecond = BenchmarkMetric.custom("items/s", polarity: .prefersLarger, useScalingFactor: false)
let itemsMetric = BenchmarkMetric.custom("items", polarity: .prefersSmaller, useScalingFactor: false)
let valuesMetric = BenchmarkMetric.custom("values", polarity: .prefersSmaller, useScalingFactor: false)

func configuration(_ id: WorkloadID, _ kind: DecoderKind) -> Benchmark.Configuration {
    let large = id == .books50k || id == .osm50k || id == .sheet200k
    // XMLCoder takes around a second per 5k document and several per 50k one: fewer, longer runs.
    let maxDuration: Duration = kind == .xmlCoder ? .seconds(large ? 20 : 6) : .seconds(3)
    return .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, kilobytesPerSecond, itemsPerSecond, itemsMetric, valuesMetric],
        units: [
            .mallocCountTotal: .count, kilobytesPerSecond: .count, itemsPerSecond: .count,
            itemsMetric: .count, valuesMetric: .count,
        ],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: maxDuration,
        maxIterations: large ? 25 : 200
    )
}

// MARK: - Registration with a checked decode

/// What a benchmark's setup hands its closure: the decoder on its input, the reason the benchmark
/// is skipped, or the difference that makes it fail.
final class DecoderSlot: @unchecked Sendable {
    weak var benchmark: Benchmark?
    var decodeCase: DecodeCase?
    var run: DecodeRun?
    var skipMetric: BenchmarkMetric?
}

/// Ends the benchmark's process with a non-zero status, after saying why. A decoder that decodes
/// the wrong values gets no figure, and the run must not look successful: package-benchmark 1.38.1
/// reports an error thrown by a benchmark but still exits 0, whereas a benchmark process that exits
/// non-zero is reported ("Failed to run …", "1 benchmark job(s) failed during runtime") and makes
/// the whole run exit non-zero. The other benchmarks still run.
func failLoudly(_ message: String) -> Never {
    print("\n\(message)\n")
    fflush(nil)
    exit(1)
}

func register(_ kind: DecoderKind, _ id: WorkloadID, newDecoderPerCall: Bool) {
    let fullName = "\(kind.rawValue)\(newDecoderPerCall ? ", new decoder per call" : ""): \(id.rawValue)"
    let slot = DecoderSlot()

    func skip(metric: String, message: String) {
        print("\n\(fullName) — SKIPPED: \(message)\n")
        let marker = BenchmarkMetric.custom("SKIPPED: \(metric)", polarity: .prefersSmaller, useScalingFactor: false)
        slot.skipMetric = marker
        slot.benchmark?.configuration.metrics = [marker]
        slot.benchmark?.configuration.units = [marker: .count]
        slot.benchmark?.configuration.warmupIterations = 0
        slot.benchmark?.configuration.maxIterations = 1
    }

    let benchmark = Benchmark(
        fullName,
        configuration: configuration(id, kind),
        closure: { benchmark in
            guard let run = slot.run, let decodeCase = slot.decodeCase else {
                if let marker = slot.skipMetric { benchmark.measurement(marker, 1) }
                return
            }
            let (items, duration) = try newDecoderPerCall ? run.decodeFresh() : run.decode()
            guard items == decodeCase.items else {
                failLoudly("\(fullName) — FAILED CHECK: decoded \(items) \(decodeCase.itemName), expected \(decodeCase.items)")
            }
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            if seconds > 0 {
                benchmark.measurement(kilobytesPerSecond, Int((Double(run.input.count) / seconds / 1000).rounded()))
                benchmark.measurement(itemsPerSecond, Int((Double(items) / seconds).rounded()))
            }
            benchmark.measurement(itemsMetric, decodeCase.items)
            benchmark.measurement(valuesMetric, decodeCase.values)
        },
        setup: {
            guard let decodeCase = DecodeCase.load(id) else { failLoudly("\(fullName) — no model for this input") }
            let run = decodeCase.run(kind)
            if let difference = run.verify() {
                if kind == .xmlCoder {
                    let parser = FoundationXMLParserRun.parse(decodeCase.xml.data)
                    if !parser.succeeded {
                        skip(
                            metric: "XMLCoder fails: XMLParser parse() returned false",
                            message: "\(difference). XMLCoder reads through Foundation's XMLParser, which fails on this "
                                + "document too (\(decodeCase.xml.bytes.count) bytes): \(parser.summary)")
                        return
                    }
                }
                failLoudly("\(fullName) — FAILED CHECK: \(difference)")
            }
            slot.decodeCase = decodeCase
            slot.run = run
        }
    )
    slot.benchmark = benchmark
}

// MARK: - The benchmarks

let benchmarks: @Sendable () -> Void = {
    for id in DecodeCase.ids + DecodeCase.sparseIDs {
        for newDecoderPerCall in [false, true] {
            for kind in DecoderKind.allCases {
                register(kind, id, newDecoderPerCall: newDecoderPerCall)
            }
        }
    }
}
