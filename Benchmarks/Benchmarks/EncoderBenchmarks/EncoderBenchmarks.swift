// Encoding benchmarks: XMLCodable's XMLEncoder against XMLCoder 0.18.2's XMLEncoder, and against
// Foundation's JSONEncoder, all encoding the same Codable models.
//
// For each generated input (books 5k/50k, osm 5k/50k) there are:
//   "XMLEncoder (XMLCodable): <input>"        `XMLEncoder().encode(model, withRootKey:header:)` to XML
//   "XMLEncoder (XMLCoder 0.18.2): <input>"   the same call with XMLCoder's encoder
//   "JSONEncoder: <input>"                    Foundation's `JSONEncoder().encode(model)` (default settings)
// The model is `Catalog` (books, root "books") or `OSM` (osm, root "osm") from Workloads: the values
// the decoding benchmarks' documents were generated from, made once in setup, the same for all
// three. Both XML encoders place the same keys in attributes (each through its own
// `DynamicNodeEncoding`; see Sources/Encoders/), so they write the shape of the benchmark documents;
// both write the declaration `<?xml version="1.0" encoding="UTF-8"?>` and compact output.
//
// One iteration encodes one whole model (scalingFactor .one): `throughput` is documents per second.
// Custom metrics, timed around the `encode` call only (the output is released after the clock
// stops; the encoder object is made once, in setup):
//   "throughput (kB/s)"   the encoder's own *output* bytes per second, in 1000-byte units (÷ 1000 =
//                         MB/s); the outputs differ in size, so compare documents/s or items/s
//   "items/s"             books or nodes encoded per second: documents/s × items, the like-for-like figure
//   "items", "values", "output bytes"   the divisors for per-item, per-value and per-byte figures
// mallocCountTotal ÷ values = mallocs per encoded value.
//
// Every benchmark first encodes its model once in setup and checks the output: an XML document must
// have exactly the elements and attributes of the benchmark document of that model and must decode,
// with XMLCodable's XMLDecoder, to a model equal (`==`) to the one encoded; the JSON must decode with
// JSONDecoder to an equal model. A difference makes the benchmark fail loudly: it prints
// "FAILED CHECK: …" and its process exits non-zero, which package-benchmark reports ("Failed to run
// …") and turns into a non-zero exit of the whole run. Each iteration also checks that the output
// has the size of the checked one.
// XMLCoder is the comparison library, so its failures are reported as skipped rather than failed:
// when it throws, or when one encode takes longer than `xmlCoderTimeLimit`, the benchmark says so
// once and reports a single metric named "SKIPPED: …" (value 1) instead of timings.

import Benchmark
import Dispatch
import Encoders
import Foundation
import Workloads

// MARK: - Metrics and configuration

let kilobytesPerSecond = BenchmarkMetric.custom("throughput (kB/s)", polarity: .prefersLarger, useScalingFactor: false)
let itemsPerSecond = BenchmarkMetric.custom("items/s", polarity: .prefersLarger, useScalingFactor: false)
let itemsMetric = BenchmarkMetric.custom("items", polarity: .prefersSmaller, useScalingFactor: false)
let valuesMetric = BenchmarkMetric.custom("values", polarity: .prefersSmaller, useScalingFactor: false)
let outputBytesMetric = BenchmarkMetric.custom("output bytes", polarity: .prefersSmaller, useScalingFactor: false)

/// The longest the setup waits for XMLCoder's one checked encode before skipping it.
let xmlCoderTimeLimit: Double = 120

func configuration(_ id: WorkloadID, _ kind: EncoderKind) -> Benchmark.Configuration {
    let large = id == .books50k || id == .osm50k
    let maxDuration: Duration = kind == .xmlCoder ? .seconds(large ? 20 : 6) : .seconds(3)
    return .init(
        metrics: [
            .wallClock, .throughput, .mallocCountTotal, kilobytesPerSecond, itemsPerSecond,
            itemsMetric, valuesMetric, outputBytesMetric,
        ],
        units: [
            .mallocCountTotal: .count, kilobytesPerSecond: .count, itemsPerSecond: .count,
            itemsMetric: .count, valuesMetric: .count, outputBytesMetric: .count,
        ],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: maxDuration,
        maxIterations: large ? 25 : 200
    )
}

// MARK: - Registration with a checked encode

/// What a benchmark's setup hands its closure: the encoder on its model and the size of its
/// checked output, or the reason the benchmark is skipped.
final class EncoderSlot: @unchecked Sendable {
    weak var benchmark: Benchmark?
    var encodeCase: EncodeCase?
    var run: EncodeRun?
    var outputBytes = 0
    var skipMetric: BenchmarkMetric?
}

/// Ends the benchmark's process with a non-zero status, after saying why (see DecoderBenchmarks:
/// package-benchmark 1.38.1 exits 0 after a thrown error, but reports a process that exits non-zero
/// and then exits non-zero itself).
func failLoudly(_ message: String) -> Never {
    print("\n\(message)\n")
    fflush(nil)
    exit(1)
}

/// Holds the result of a check run on another thread.
final class CheckResult: @unchecked Sendable {
    var value: Result<Int, EncodeCheckFailure>?
}

/// Runs the check on a thread of its own and waits at most `seconds` for it; `nil` if it took
/// longer (the thread is left running: the benchmark's process ends soon after, having measured
/// nothing).
func verify(_ run: EncodeRun, within seconds: Double) -> Result<Int, EncodeCheckFailure>? {
    let done = DispatchSemaphore(value: 0)
    let result = CheckResult()
    let thread = Thread {
        result.value = run.verify()
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.value
}

func register(_ kind: EncoderKind, _ id: WorkloadID) {
    let fullName = "\(kind.rawValue): \(id.rawValue)"
    let slot = EncoderSlot()

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
            guard let run = slot.run, let encodeCase = slot.encodeCase else {
                if let marker = slot.skipMetric { benchmark.measurement(marker, 1) }
                return
            }
            let (bytes, duration) = try run.encode()
            guard bytes == slot.outputBytes else {
                failLoudly("\(fullName) — FAILED CHECK: wrote \(bytes) bytes, the checked output had \(slot.outputBytes)")
            }
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            if seconds > 0 {
                benchmark.measurement(kilobytesPerSecond, Int((Double(bytes) / seconds / 1000).rounded()))
                benchmark.measurement(itemsPerSecond, Int((Double(encodeCase.items) / seconds).rounded()))
            }
            benchmark.measurement(itemsMetric, encodeCase.items)
            benchmark.measurement(valuesMetric, encodeCase.values)
            benchmark.measurement(outputBytesMetric, bytes)
        },
        setup: {
            guard let encodeCase = EncodeCase.load(id) else { failLoudly("\(fullName) — no model for this input") }
            let run = encodeCase.run(kind)
            let checked: Result<Int, EncodeCheckFailure>
            if kind == .xmlCoder {
                guard let result = verify(run, within: xmlCoderTimeLimit) else {
                    skip(
                        metric: "XMLCoder too slow (over \(Int(xmlCoderTimeLimit)) s per document)",
                        message: "one XMLCoder encode of \(encodeCase.items) \(encodeCase.itemName) did not finish "
                            + "within \(Int(xmlCoderTimeLimit)) s")
                    return
                }
                checked = result
            } else {
                checked = run.verify()
            }
            switch checked {
            case .success(let bytes):
                slot.outputBytes = bytes
            case .failure(let failure) where kind == .xmlCoder && failure.encoderThrew:
                skip(metric: "XMLCoder fails: it throws", message: failure.description)
                return
            case .failure(let failure):
                failLoudly("\(fullName) — FAILED CHECK: \(failure)")
            }
            slot.encodeCase = encodeCase
            slot.run = run
        }
    )
    slot.benchmark = benchmark
}

// MARK: - The benchmarks

let benchmarks: @Sendable () -> Void = {
    for id in EncodeCase.ids {
        for kind in EncoderKind.allCases {
            register(kind, id)
        }
    }
}
