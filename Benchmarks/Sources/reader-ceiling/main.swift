// `swift run -c release reader-ceiling`: how fast this machine reads the benchmark documents'
// events, with XMLCodable's reader and with two lean readers that check the same bytes but leave
// out everything else a real reader needs (LeanReader.swift in Swift, Sources/CLeanReader in C);
// the Swift one also through a `next()` that is a call of its own ("lean-call"), as
// `XMLReader.next()` is a call into the library.
// README.md, "How far a reader can go on this machine", has the figures and what they mean.
//
// Each reader touches every event's bytes as the "XMLReader events" benchmark does (every name,
// attribute name and value and text: its length and one byte). All the sums must be equal, or
// the tool stops: the lean readers read the same events as XMLCodable's. Calls are timed one by
// one and the readers take turns, call for call, so they share the machine's moods; each
// reader's best call (p0, as the benchmarks report it) and median call give MB/s of the document.
//
//   swift run -c release reader-ceiling                       # books 5k and osm 5k, 1,500 calls each
//   swift run -c release reader-ceiling --calls 3000 --input osm5k
//   reader-ceiling --only lean --calls 3 --input osm5k        # one reader, untimed: for callgrind
//                                                             (xmlcodable, lean, lean-call or c)
//
// Worked example: books 5k is 1,818,398 bytes; a best call of 1.75 ms is 1,818,398 / 1.75 ms =
// 1,039 MB/s.

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import CLeanReader
import Foundation
import ReaderTouch
import Workloads

enum Reader: String, CaseIterable {
    case xmlcodable
    case lean
    /// The lean reader through a `next()` that is a call of its own, as `XMLReader.next()` is a
    /// call into the library: what the call boundary costs a reader.
    case leanCall = "lean-call"
    case c
}

/// The lean Swift reader, touched the same way; each event read by a call of its own when
/// `calling` (`LeanReader.nextByCall()`), else inlined into this loop.
func touchLean(_ bytes: [UInt8], calling: Bool) throws -> Int {
    try bytes.withUnsafeBufferPointer { buffer in
        try LeanReader.table.withUnsafeBufferPointer { classes in
            guard let base = buffer.baseAddress, let table = classes.baseAddress else { return 0 }
            var reader = LeanReader(base, count: buffer.count, classes: table)
            defer { reader.deallocate() }
            @inline(__always) func first(_ s: LeanReader.Slice) -> Int { s.end > s.start ? Int(base[Int(s.start)]) : 0 }
            @inline(__always) func last(_ s: LeanReader.Slice) -> Int { s.end > s.start ? Int(base[Int(s.end) - 1]) : 0 }
            var checksum = 0
            while let event = try (calling ? reader.nextByCall() : reader.next()) {
                switch event {
                case .start(let name):
                    checksum &+= Int(name.end - name.start) &+ first(name)
                    for i in 0..<reader.attributeCount {
                        let attribute = reader.attributes[i]
                        checksum &+= Int(attribute.name.end - attribute.name.start) &+ first(attribute.name)
                        checksum &+= Int(attribute.value.end - attribute.value.start) &+ last(attribute.value)
                    }
                case .end(let name):
                    checksum &+= Int(name.end - name.start)
                case .text(let text):
                    checksum &+= Int(text.end - text.start) &+ last(text)
                }
            }
            return checksum
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// The lean C reader.
func touchC(_ bytes: [UInt8]) throws -> Int {
    var offset = 0
    let sum = bytes.withUnsafeBufferPointer { cleanreader_touch($0.baseAddress, $0.count, &offset) }
    if sum < 0 { throw Failure(description: "the C lean reader stopped at offset \(offset)") }
    return Int(sum)
}

func touch(_ reader: Reader, _ bytes: [UInt8]) throws -> Int {
    switch reader {
    case .xmlcodable: return try touchRawEvents(of: bytes).checksum  // as the "XMLReader events" benchmark reads
    case .lean: return try touchLean(bytes, calling: false)
    case .leanCall: return try touchLean(bytes, calling: true)
    case .c: return try touchC(bytes)
    }
}

// MARK: - Command line

/// Parses the arguments, then times the readers (or runs one, untimed, with `--only`).
func run() throws {

    var calls = 1500
    var inputs: [String] = []
    var only: Reader?
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--calls":
            guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { throw Failure(description: "--calls needs a positive number") }
            calls = value
        case "--input":
            guard let value = arguments.popFirst(), ["books5k", "osm5k"].contains(value) else { throw Failure(description: "--input is books5k or osm5k") }
            inputs.append(value)
        case "--only":
            guard let value = arguments.popFirst().flatMap(Reader.init(rawValue:)) else {
                throw Failure(description: "--only is xmlcodable, lean, lean-call or c")
            }
            only = value
        default:
            throw Failure(description: "unknown argument \(argument); see the header of Sources/reader-ceiling/main.swift")
        }
    }
    if inputs.isEmpty { inputs = ["books5k", "osm5k"] }

    for input in inputs {
        let workload = input == "books5k" ? Workloads.books5k : Workloads.osm5k
        let bytes = workload.bytes
        if let only {
            // Untimed, for callgrind: `calls` calls of one reader.
            var sum = 0
            for _ in 0..<calls { sum &+= try touch(only, bytes) }
            print("\(input) \(only.rawValue) \(calls) calls, sum \(sum)")
            continue
        }
        var samples: [Reader: [Double]] = [:]
        var sums: [Reader: Int] = [:]
        for _ in 0..<calls {
            for reader in Reader.allCases {
                let start = DispatchTime.now().uptimeNanoseconds
                let sum = try touch(reader, bytes)
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
                samples[reader, default: []].append(elapsed)
                if let earlier = sums[reader], earlier != sum { throw Failure(description: "\(reader) touched \(sum), then \(earlier)") }
                sums[reader] = sum
            }
        }
        let expected = sums[.xmlcodable]
        for reader in Reader.allCases where sums[reader] != expected {
            throw Failure(description: "\(input): \(reader.rawValue) touched \(sums[reader] ?? 0), XMLCodable \(expected ?? 0): not the same events")
        }
        print("\(input) (\(bytes.count) bytes, \(calls) calls of each reader, taking turns; all touched \(expected ?? 0))")
        let base = samples[.xmlcodable]!.min()!
        for reader in Reader.allCases {
            let sorted = samples[reader]!.sorted()
            let best = sorted[0]
            let median = sorted[sorted.count / 2]
            let label = reader == .c && cleanreader_has_sse2() == 0 ? "c (no SSE2)" : reader.rawValue
            let line = String(
                format: "  %-12@ p0 %7.1f MB/s  p50 %7.1f MB/s  best call %.3f ms  %.2fx XMLCodable's best",
                label as NSString, Double(bytes.count) / best * 1e3, Double(bytes.count) / median * 1e3, best / 1e6, base / best)
            print(line)
        }
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("reader-ceiling: \(error)\n".utf8))
    exit(1)
}
