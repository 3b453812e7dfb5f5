// Reading benchmarks: XMLCodable's XMLReader against Foundation's XMLParser on the same bytes.
//
// For each input (books 5k/50k, osm 5k/50k, the real freedesktop.org.xml) there are:
//   "XMLReader events: <input>"          every event pulled; names, attribute names and values and
//                                        text touched as raw bytes (`withUnsafeRawBytes(of:)`).
//   "XMLReader decoded: <input>"         the same, but attribute values and text through
//                                        `withDecodedBytes(of:)` (references replaced), which is
//                                        the work XMLParser does for every value it hands over.
//   "Foundation XMLParser: <input>"      `XMLParser(data:)` with a delegate whose callbacks are empty.
//   "XMLReader mallocs: <input>"         one document read per iteration, allocation counts only.
//   "Foundation XMLParser mallocs: <input>"
// plus "Foundation XMLParser, no delegate: freedesktop.org.xml" (see below).
//
// One iteration reads one whole document (scalingFactor .one): `throughput` is documents per
// second; the custom "throughput (kB/s)" metric is the same thing in 1000-byte units (so 16234
// means 16.2 MB/s), and "elements" is the divisor for per-element figures
// (mallocCountTotal ÷ elements = mallocs per element). See README.md.
//
// Inputs are built (or read) in each benchmark's setup, in the benchmark's own process, never at
// registration: package-benchmark starts a process per benchmark and registers all of them in
// each. A benchmark that cannot run says why once, on standard output, and then reports a single
// custom metric named "SKIPPED: …" instead of timings, so a failure is never timed as if it were
// a parse:
//   - XMLParser `parse()` returns false (on Linux, for books 50k: libxml2 2.9 refuses more than
//     10,000,000 bytes handed over in one chunk, "Huge input lookup", NSXMLParserErrorDomain Code=1;
//     see FoundationXMLParserRun.swift);
//   - XMLParser with a delegate would crash (SIGSEGV) on a DTD declaring #IMPLIED or #REQUIRED
//     attributes (Linux; freedesktop.org.xml) — then the no-delegate variant still runs;
//   - the real document is not installed (`apt-get install shared-mime-info`).
// The XMLReader benchmarks instead fail (package-benchmark's error, non-zero exit) if the reader
// throws or reads a different number of elements than the document has: that is a bug to see.

import Benchmark
#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import ReaderTouch
import Workloads
import XMLCodable

// MARK: - Metrics and configurations

/// Bytes read per second in units of 1000 bytes, measured around the read inside the closure.
let kilobytesPerSecond = BenchmarkMetric.custom("throughput (kB/s)", polarity: .prefersLarger, useScalingFactor: false)
/// The document's element count: divide a per-document count by it for a per-element figure.
let elementsMetric = BenchmarkMetric.custom("elements", polarity: .prefersSmaller, useScalingFactor: false)

/// How long a benchmark may run, by input size: small inputs get more iterations.
func maxIterations(for id: WorkloadID) -> Int {
    switch id {
    case .books5k, .osm5k, .real: 200
    case .books50k, .osm50k: 25
    case .sheet20k, .sheet200k, .sheet2m, .rss3k, .gpx8k: 25  // not read by this suite (see readerInputs)
    }
}

func throughputConfiguration(_ id: WorkloadID) -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, kilobytesPerSecond, elementsMetric],
        units: [.mallocCountTotal: .count, kilobytesPerSecond: .count, elementsMetric: .count],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: maxIterations(for: id)
    )
}

/// One document read per iteration, allocation metrics only (the counts are exact, so three
/// iterations suffice). mallocCountTotal ÷ elements = mallocs per element.
func mallocConfiguration(_ id: WorkloadID) -> Benchmark.Configuration {
    .init(
        metrics: [.mallocCountTotal, .mallocCountSmall, .mallocCountLarge, .mallocBytesCount, elementsMetric],
        units: [.mallocCountTotal: .count, .mallocCountSmall: .count, .mallocCountLarge: .count, elementsMetric: .count],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 3
    )
}

// MARK: - Registration with checked inputs

/// What a benchmark's setup hands its closure: the input, or the reason it is skipped.
final class BenchmarkSlot: @unchecked Sendable {
    weak var benchmark: Benchmark?
    var workload: XMLWorkload?
}

/// Registers `name: <input>`. In setup (in the benchmark's own process) the input is loaded and
/// `check` may return a reason to skip; the body then runs once per iteration.
func register(
    _ name: String,
    _ id: WorkloadID,
    configuration: Benchmark.Configuration,
    check: @escaping (XMLWorkload) -> (metric: String, message: String)? = { _ in nil },
    body: @escaping (Benchmark, XMLWorkload) throws -> Void
) {
    let fullName = "\(name): \(id.rawValue)"
    let slot = BenchmarkSlot()
    var skipMetric: BenchmarkMetric?

    func skip(metric: String, message: String) {
        print("\n\(fullName) — SKIPPED: \(message)\n")
        let marker = BenchmarkMetric.custom("SKIPPED: \(metric)", polarity: .prefersSmaller, useScalingFactor: false)
        skipMetric = marker
        slot.benchmark?.configuration.metrics = [marker]
        slot.benchmark?.configuration.units = [marker: .count]
        slot.benchmark?.configuration.warmupIterations = 0
        slot.benchmark?.configuration.maxIterations = 1
    }

    let benchmark = Benchmark(
        fullName,
        configuration: configuration,
        closure: { benchmark in
            guard let workload = slot.workload else {
                if let skipMetric { benchmark.measurement(skipMetric, 1) }
                return
            }
            try body(benchmark, workload)
            benchmark.measurement(elementsMetric, workload.elementCount)
        },
        setup: {
            let workload: XMLWorkload
            do {
                workload = try id.load()
            } catch {
                skip(
                    metric: "document missing (apt-get install \(RealDocument.debianPackage))",
                    message: String(describing: error))
                return
            }
            if let reason = check(workload) {
                skip(metric: reason.metric, message: reason.message)
                return
            }
            slot.workload = workload
        }
    )
    slot.benchmark = benchmark
}

/// Records the custom throughput metric for one read of `workload` that took `duration`.
func recordThroughput(_ benchmark: Benchmark, _ workload: XMLWorkload, _ duration: Duration) {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    guard seconds > 0 else { return }
    benchmark.measurement(kilobytesPerSecond, Int((Double(workload.bytes.count) / seconds / 1000).rounded()))
}

// MARK: - The reads being measured

struct ReaderMismatch: Error, CustomStringConvertible {
    let description: String
}

/// Reads every event of the document with XMLReader, touching names, attribute names and values
/// and text (`ReaderTouch`, the definition the `instructions` and `reader-ceiling` tools share).
/// `decodeValues` passes values and text through `withDecodedBytes` instead of the raw bytes.
@inline(never)
func readAllEvents(_ workload: XMLWorkload, decodeValues: Bool) throws -> Int {
    let touched = try decodeValues ? touchDecodedEvents(of: workload.bytes) : touchRawEvents(of: workload.bytes)
    guard touched.elements == workload.elementCount else {
        throw ReaderMismatch(
            description: "XMLReader read \(touched.elements) elements of \(workload.name), "
                + "which has \(workload.elementCount)\(touched.elements == 0 ? " (is the scanner still a stub?)" : "")")
    }
    return touched.checksum
}

/// Parses the document with Foundation's XMLParser and a delegate whose callbacks are empty.
@inline(never)
func parseWithXMLParser(_ workload: XMLWorkload, delegate: Bool) -> (succeeded: Bool, parser: XMLParser) {
    let parser = XMLParser(data: workload.data)
    let noOp = NoOpParserDelegate()
    if delegate { parser.delegate = noOp }
    let succeeded = parser.parse()
    withExtendedLifetime(noOp) {}
    return (succeeded, parser)
}

/// Skips an XMLParser benchmark whose parse would crash or fail, saying why.
func xmlParserCheck(delegate: Bool) -> (XMLWorkload) -> (metric: String, message: String)? {
    { workload in
        if delegate, let crash = FoundationXMLParserRun.knownCrash(in: workload.bytes) {
            return (
                "XMLParser with a delegate crashes on this DTD (Linux)",
                crash + ". See \"Foundation XMLParser, no delegate: \(workload.name)\" instead."
            )
        }
        let outcome =
            delegate
            ? FoundationXMLParserRun.parse(workload.data)
            : FoundationXMLParserRun.parseWithoutDelegate(workload.data)
        if outcome.succeeded { return nil }
        return (
            "XMLParser parse() returned false",
            "Foundation XMLParser on \(workload.name) (\(workload.bytes.count) bytes): \(outcome.summary)"
        )
    }
}

func xmlParserFailure(_ workload: XMLWorkload, _ parser: XMLParser) -> String {
    "Foundation XMLParser parse() returned false on \(workload.name) at line \(parser.lineNumber): "
        + (parser.parserError.map { String(describing: $0) } ?? "no error reported")
}

// MARK: - The benchmarks

let benchmarks: @Sendable () -> Void = {
    let clock = ContinuousClock()

    for id in WorkloadID.readerInputs {
        register("XMLReader events", id, configuration: throughputConfiguration(id)) { benchmark, workload in
            let start = clock.now
            let checksum = try readAllEvents(workload, decodeValues: false)
            recordThroughput(benchmark, workload, clock.now - start)
            blackHole(checksum)
        }

        register("XMLReader decoded", id, configuration: throughputConfiguration(id)) { benchmark, workload in
            let start = clock.now
            let checksum = try readAllEvents(workload, decodeValues: true)
            recordThroughput(benchmark, workload, clock.now - start)
            blackHole(checksum)
        }

        register(
            "Foundation XMLParser", id, configuration: throughputConfiguration(id),
            check: xmlParserCheck(delegate: true)
        ) { benchmark, workload in
            let start = clock.now
            let (succeeded, parser) = parseWithXMLParser(workload, delegate: true)
            let duration = clock.now - start
            guard succeeded else { return benchmark.error(xmlParserFailure(workload, parser)) }
            recordThroughput(benchmark, workload, duration)
        }

        register("XMLReader mallocs", id, configuration: mallocConfiguration(id)) { _, workload in
            blackHole(try readAllEvents(workload, decodeValues: false))
        }

        register(
            "Foundation XMLParser mallocs", id, configuration: mallocConfiguration(id),
            check: xmlParserCheck(delegate: true)
        ) { benchmark, workload in
            let (succeeded, parser) = parseWithXMLParser(workload, delegate: true)
            guard succeeded else { return benchmark.error(xmlParserFailure(workload, parser)) }
        }
    }

    // XMLParser with a delegate crashes on freedesktop.org.xml on Linux (see above); without a
    // delegate it parses it. This is a lower bound on XMLParser's cost (no strings are made for
    // callbacks), so a ratio against it understates XMLReader's advantage.
    register(
        "Foundation XMLParser, no delegate", .real, configuration: throughputConfiguration(.real),
        check: xmlParserCheck(delegate: false)
    ) { benchmark, workload in
        let start = clock.now
        let (succeeded, parser) = parseWithXMLParser(workload, delegate: false)
        let duration = clock.now - start
        guard succeeded else { return benchmark.error(xmlParserFailure(workload, parser)) }
        recordThroughput(benchmark, workload, duration)
    }
}
