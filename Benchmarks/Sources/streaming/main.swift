// `swift run -c release streaming [options]`: documents of any size in bounded memory.
//
// The questions (issue: "Streaming: read, decode and write documents of any size in bounded
// memory"): decoding every `<node>` of a 1 GB osm document one at a time with
// `XMLDecoder.decodeElements`, what is the peak resident memory (bar: 64 MB) and the throughput
// against decoding the 50k document in memory (bar: 80%)? And the peak memory of `xmlc check` on
// the 1 GB file, and of writing a 1 GB document node by node with `XMLEncoder.ElementWriter`
// (bars: 64 MB)? The 18 MB books document is decoded both ways too.
//
// Method (Linux; every measurement in a fresh process — this executable run with `--child` under
// `/usr/bin/time -f %M`, whose maximum resident set size is the peak figure):
//   1. the parent writes osm 50k and books 50k (the benchmark documents) to a folder, and
//      generates the 1 GB osm document there a block at a time (`OSMGenerator.writeXML`: the same
//      fixed sequence of nodes as osm 50k, as many as make 1 GiB), computing a digest of every
//      node as it goes;
//   2. in-memory decoding: a child reads the 50k document into memory and decodes it `--runs`
//      times — with a decoder made for each call (`XMLDecoder().decode(OSM.self, from: data)`,
//      as most code does) and, in another child, with one decoder reused — and reports the
//      median; the clock runs around decoding and the digest of the decoded nodes. The osm
//      measurements of 2 and 3 alternate for `--rounds` rounds and each is the median of its
//      rounds, since the machine's speed drifts and the bar is a ratio of the two;
//   3. streaming decoding: a child decodes every node of a file with `decodeElements` and
//      digests each in the closure, the clock around the whole call (so reading the file counts);
//   4. `xmlc check --quiet` on the 1 GB file (the release build of this repository's `xmlc`);
//   5. streaming encoding: a child generates the same nodes one at a time and writes them with an
//      `ElementWriter` to a file; then another child decodes that file as in 3, and its digest
//      must be the generated one (the encoder's output read back is the same nodes).
// Every decoded digest is compared with the generated one; a difference makes the run fail
// (exit status 1). The bars are reported as met or not, with the figures.
//
// Options:
//   --bytes N      size of the big document (default 1073741824, 1 GiB)
//   --runs N       in-memory decodes per child, median reported (default 10)
//   --rounds N     rounds of the osm decodes, medians reported (default 3)
//   --keep DIR     write the documents to DIR and keep them (default: a temporary folder, removed)
//   --xmlc PATH    the xmlc executable (default: built with `swift build -c release --product xmlc`
//                  in the repository this package is in)
//   --skip-big     only the 50k documents (quick check of the tool itself)
//
// `swift run -c release streaming async-chunks [options]` measures decoding from asynchronous
// sequences (chunks, single bytes, on and off the main actor) instead: see AsyncChunks.swift.
// `swift run -c release streaming async-write [options]` measures the asynchronous writers
// against the synchronous one: see AsyncWriting.swift.

import Decoders
import Encoders
import Foundation
import Workloads
import XMLCodable

// MARK: - Digests

/// FNV-1a over the fields of decoded values, to check a streamed decode got every value right
/// without holding the values.
struct Digest: Equatable, CustomStringConvertible {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var items = 0

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        add(0xFF as UInt8)
    }

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01B3
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { for byte in $0 { add(byte) } }
    }

    mutating func add(_ node: OSMNode) {
        items += 1
        add(UInt64(bitPattern: Int64(node.id)))
        add(node.lat.bitPattern)
        add(node.lon.bitPattern)
        add(UInt64(node.version))
        add(node.user.utf8)
        add(node.visible ? 1 : 0 as UInt8)
        for tag in node.tags {
            add(tag.k.utf8)
            add(tag.v.utf8)
        }
    }

    mutating func add(_ book: Book) {
        items += 1
        add(book.name.utf8)
        add(book.author.utf8)
        add(book.publisher.utf8)
        add(book.category.utf8)
        add(book.description.utf8)
    }

    var description: String { "\(items):\(String(value, radix: 16))" }

    init() {}

    init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let items = Int(parts[0]), let value = UInt64(parts[1], radix: 16) else { return nil }
        self.items = items
        self.value = value
    }
}

// MARK: - Children

enum Model: String {
    case osm, books

    var path: String { self == .osm ? "osm/node" : "books/book" }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("streaming: \(message)\n".utf8))
    exit(1)
}

/// Decodes every item of `file` one at a time; prints the time, the count and the digest.
func childStreamDecode(_ model: Model, file: String) {
    let url = URL(fileURLWithPath: file)
    var digest = Digest()
    let clock = ContinuousClock()
    let start = clock.now
    do {
        switch model {
        case .osm: try XMLDecoder().decodeElements(OSMNode.self, at: model.path, from: url) { digest.add($0) }
        case .books: try XMLDecoder().decodeElements(Book.self, at: model.path, from: url) { digest.add($0) }
        }
    } catch {
        fail("decoding \(file) failed: \(error)")
    }
    let elapsed = seconds(clock.now - start)
    print("seconds=\(elapsed)")
    print("digest=\(digest)")
}

/// Reads `file` into memory and decodes it `runs` times; prints the median time and the digest.
func childMemoryDecode(_ model: Model, file: String, runs: Int, reused: Bool) {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    let shared = XMLDecoder()
    let clock = ContinuousClock()
    var times: [Double] = []
    var digest = Digest()
    for _ in 0..<max(runs, 1) {
        digest = Digest()
        let start = clock.now
        do {
            let decoder = reused ? shared : XMLDecoder()
            switch model {
            case .osm: for node in try decoder.decode(OSM.self, from: data).nodes { digest.add(node) }
            case .books: for book in try decoder.decode(Catalog.self, from: data).books { digest.add(book) }
            }
        } catch {
            fail("decoding \(file) failed: \(error)")
        }
        times.append(seconds(clock.now - start))
    }
    times.sort()
    print("seconds=\(times[times.count / 2])")
    print("digest=\(digest)")
}

/// Writes the first `nodes` nodes of the fixed sequence to `file` with an element writer.
func childStreamEncode(file: String, nodes: Int) {
    guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
        fail("cannot create \(file)")
    }
    let clock = ContinuousClock()
    let start = clock.now
    do {
        let writer = try XMLEncoder().elementWriter(
            withRootKey: "osm", itemKey: "node", rootAttributes: ["version": "0.6", "generator": "XMLCodable benchmarks"],
            header: XMLHeader(version: 1.0, encoding: "UTF-8"), to: handle)
        var sequence = OSMGenerator.NodeSequence()
        for _ in 0..<nodes { try writer.write(sequence.next()) }
        try writer.finish()
        try handle.close()
    } catch {
        fail("writing \(file) failed: \(error)")
    }
    print("seconds=\(seconds(clock.now - start))")
}

// MARK: - The parent

struct Measurement {
    var seconds = 0.0
    var peakKB = 0
    var digest: Digest?
}

/// Runs `arguments` under `/usr/bin/time -f %M`; returns its `key=value` lines and its peak RSS.
func measure(_ executable: String, _ arguments: [String]) -> Measurement {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "maxrss=%M", executable] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        fail("cannot run /usr/bin/time (install Debian's `time` package): \(error)")
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorText = String(decoding: errorData, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        fail("\(([executable] + arguments).joined(separator: " ")) exited with \(process.terminationStatus):\n\(errorText)")
    }
    var result = Measurement()
    for line in (String(decoding: outputData, as: UTF8.self) + "\n" + errorText).split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        switch parts[0] {
        case "seconds": result.seconds = Double(parts[1]) ?? 0
        case "maxrss": result.peakKB = Int(parts[1]) ?? 0
        case "digest": result.digest = Digest(parts[1])
        default: break
        }
    }
    return result
}

/// Times a command that prints nothing we need (xmlc), with its peak RSS.
func measureCommand(_ executable: String, _ arguments: [String]) -> Measurement {
    let clock = ContinuousClock()
    let start = clock.now
    var result = measure(executable, arguments)
    result.seconds = seconds(clock.now - start)
    return result
}

func option(_ name: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + 1]
}

func megabytes(_ kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) * 1024 / 1_000_000) }
func rate(_ items: Int, _ seconds: Double) -> Double { seconds > 0 ? Double(items) / seconds : 0 }
/// Runs `body` on the main actor or off any actor (a detached task), then exits: the end of an
/// asynchronous child.
func runThenExit(onMainActor: Bool, _ body: @escaping @Sendable (isolated (any Actor)?) async -> Void) -> Never {
    Task { @MainActor in
        if onMainActor {
            await body(MainActor.shared)
        } else {
            await Task.detached { await body(nil) }.value
        }
        exit(0)
    }
    dispatchMain()
}

/// The median of measurements by time, with the highest peak RSS among them.
func median(_ measurements: [Measurement]) -> Measurement {
    var result = measurements.sorted { $0.seconds < $1.seconds }[measurements.count / 2]
    result.peakKB = measurements.map(\.peakKB).max() ?? 0
    return result
}

/// Prints a bar of the benchmark as met or not.
func bar(_ text: String, _ met: Bool) { print("- \(met ? "met" : "NOT MET"): \(text)") }

/// The folder a parent writes its documents to: `--keep DIR`, or a temporary one that `cleanUp`
/// removes.
func scratchFolder(_ name: String) -> (url: URL, cleanUp: () -> Void) {
    let keep = option("--keep")
    let folder = URL(fileURLWithPath: keep ?? NSTemporaryDirectory() + "\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        fail("cannot create \(folder.path): \(error)")
    }
    return (folder, { if keep == nil { try? FileManager.default.removeItem(at: folder) } })
}

/// Prints the table of measurements taken in rounds: each one's median, MB/s of `bytes`, speed
/// against the first, peak RSS and each round's time; returns the medians.
@discardableResult
func printRounds(_ labels: [String], _ results: [[Measurement]], bytes: Int, header: (first: String, speed: String)) -> [Measurement] {
    let medians = results.map(median)
    let first = medians[0].seconds
    print("| \(header.first) | Seconds | MB/s | \(header.speed) | Peak RSS | Each round (s) |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for (index, (label, m)) in zip(labels, medians).enumerated() {
        let each = results[index].map { String(format: "%.2f", $0.seconds) }.joined(separator: ", ")
        let speed = String(format: "%.0f%%", first / m.seconds * 100)
        print(
            "| \(label) | \(String(format: "%.2f", m.seconds)) | \(String(format: "%.1f", Double(bytes) / m.seconds / 1e6)) | \(speed) | \(megabytes(m.peakKB)) | \(each) |"
        )
    }
    print("")
    return medians
}

func grouped(_ value: Double) -> String {
    let number = NSNumber(value: Int(value.rounded()))
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.groupingSeparator = ","
    return formatter.string(from: number) ?? String(Int(value))
}

/// The repository this package is in: three levels above this file's folder.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func buildXMLC() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "-c", "release", "--product", "xmlc", "--package-path", repository.path]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.standardError
    do {
        try process.run()
    } catch {
        fail("cannot run swift build: \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("building xmlc failed") }
    return repository.appendingPathComponent(".build/release/xmlc").path
}

func parent() {
    let bigBytes = option("--bytes").flatMap(Int.init) ?? 1 << 30
    let runs = option("--runs").flatMap(Int.init) ?? 10
    let rounds = max(1, option("--rounds").flatMap(Int.init) ?? 3)
    let bigLabel = bigBytes % (1 << 30) == 0 ? "\(bigBytes >> 30) GiB" : String(format: "%.0f MB", Double(bigBytes) / 1e6)
    let skipBig = CommandLine.arguments.contains("--skip-big")
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let (folder, cleanUp) = scratchFolder("xmlcodable-streaming")
    defer { cleanUp() }
    let xmlc = skipBig ? "" : option("--xmlc") ?? buildXMLC()

    // 1. The documents.
    let osm50k = folder.appendingPathComponent("osm-50k.xml").path
    let books50k = folder.appendingPathComponent("books-50k.xml").path
    let big = folder.appendingPathComponent("osm-big.xml").path
    let written = folder.appendingPathComponent("osm-big-written.xml").path
    guard FileManager.default.createFile(atPath: osm50k, contents: Workloads.osm50k.data),
        FileManager.default.createFile(atPath: books50k, contents: Workloads.books50k.data)
    else { fail("cannot write the 50k documents to \(folder.path)") }
    var osm50kDigest = Digest()
    for node in Workloads.osm50kModel.nodes { osm50kDigest.add(node) }
    var books50kDigest = Digest()
    for book in Workloads.books50kCatalog.books { books50kDigest.add(book) }

    var bigDigest = Digest()
    var bigSize = (nodes: 0, bytes: 0)
    if !skipBig {
        guard FileManager.default.createFile(atPath: big, contents: nil), let handle = FileHandle(forWritingAtPath: big) else {
            fail("cannot create \(big)")
        }
        do {
            bigSize = try OSMGenerator.writeXML(minimumBytes: bigBytes) { try handle.write(contentsOf: $0) }
            try handle.close()
        } catch {
            fail("writing \(big) failed: \(error)")
        }
        var sequence = OSMGenerator.NodeSequence()
        for _ in 0..<bigSize.nodes { bigDigest.add(sequence.next()) }
        FileHandle.standardError.write(Data("generated \(big): \(bigSize.bytes) bytes, \(bigSize.nodes) nodes\n".utf8))
    }

    // 2–5. The measurements, each in a child process.
    func child(_ arguments: [String], expecting digest: Digest?, _ what: String) -> Measurement {
        FileHandle.standardError.write(Data("measuring: \(what)\n".utf8))
        let result = measure(me, ["--child"] + arguments)
        if let digest, result.digest != digest {
            fail("\(what): decoded \(result.digest.map(String.init(describing:)) ?? "nothing"), expected \(digest)")
        }
        return result
    }
    // The in-memory and streaming decodes of osm alternate, `rounds` times, and each figure is
    // the median of its rounds: the machine's speed drifts, and the bar is a ratio of the two.
    var freshRounds: [Measurement] = []
    var reusedRounds: [Measurement] = []
    var bigRounds: [Measurement] = []
    var smallRounds: [Measurement] = []
    for round in 1...rounds {
        freshRounds.append(
            child(["memory-decode", "osm", osm50k, String(runs), "fresh"], expecting: osm50kDigest, "osm 50k in memory, a decoder per call (round \(round))"))
        reusedRounds.append(
            child(["memory-decode", "osm", osm50k, String(runs), "reused"], expecting: osm50kDigest, "osm 50k in memory, one decoder (round \(round))"))
        smallRounds.append(child(["stream-decode", "osm", osm50k], expecting: osm50kDigest, "osm 50k streamed (round \(round))"))
        if !skipBig {
            bigRounds.append(child(["stream-decode", "osm", big], expecting: bigDigest, "osm \(bigLabel) streamed (round \(round))"))
        }
    }
    let memoryFresh = median(freshRounds)
    let memoryReused = median(reusedRounds)
    let stream50k = median(smallRounds)
    let booksFresh = child(["memory-decode", "books", books50k, String(runs), "fresh"], expecting: books50kDigest, "books 50k in memory, a decoder per call")
    let booksReused = child(["memory-decode", "books", books50k, String(runs), "reused"], expecting: books50kDigest, "books 50k in memory, one decoder")
    let booksStream = child(["stream-decode", "books", books50k], expecting: books50kDigest, "books 50k streamed")
    var streamBig = Measurement()
    var check = Measurement()
    var encode = Measurement()
    var readBack = Measurement()
    var writtenBytes = 0
    if !skipBig {
        streamBig = median(bigRounds)
        FileHandle.standardError.write(Data("measuring: xmlc check\n".utf8))
        check = measureCommand(xmlc, ["check", "--quiet", big])
        encode = child(["stream-encode", written, String(bigSize.nodes)], expecting: nil, "osm \(bigLabel) written by an element writer")
        writtenBytes = (try? FileManager.default.attributesOfItem(atPath: written)[.size] as? Int) ?? 0
        readBack = child(["stream-decode", "osm", written], expecting: bigDigest, "the written document read back")
    }

    // The report.
    let nodes50k = Workloads.osm50kModel.nodes.count
    let books = Workloads.books50kCatalog.books.count
    let osm50kSize = Workloads.osm50k.bytes.count
    let books50kSize = Workloads.books50k.bytes.count
    func row(_ what: String, _ bytes: Int, _ items: Int, _ m: Measurement) -> String {
        "| \(what) | \(grouped(Double(bytes))) | \(grouped(Double(items))) | \(String(format: "%.2f", m.seconds)) | \(grouped(rate(items, m.seconds))) | \(String(format: "%.1f", Double(bytes) / m.seconds / 1e6)) | \(megabytes(m.peakKB)) |"
    }
    print(
        "Medians of \(rounds) rounds for the osm decodes (each in-memory figure itself the median of \(runs) decodes in one process); peak RSS the highest of the rounds."
    )
    print("")
    print("| Measurement | Bytes | Items | Seconds | Items/s | MB/s | Peak RSS |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(row("osm 50k, in memory, `XMLDecoder()` per call", osm50kSize, nodes50k, memoryFresh))
    print(row("osm 50k, in memory, one decoder reused", osm50kSize, nodes50k, memoryReused))
    print(row("osm 50k, `decodeElements` from the file", osm50kSize, nodes50k, stream50k))
    if !skipBig {
        print(row("osm \(bigLabel), `decodeElements` from the file", bigSize.bytes, bigSize.nodes, streamBig))
        print(row("osm \(bigLabel), `xmlc check --quiet`", bigSize.bytes, bigSize.nodes, check))
        print(row("osm \(bigLabel), written by `ElementWriter` (nodes generated as it goes)", writtenBytes, bigSize.nodes, encode))
        print(row("that output, `decodeElements` (same nodes: checked)", writtenBytes, bigSize.nodes, readBack))
    }
    print(row("books 50k, in memory, `XMLDecoder()` per call", books50kSize, books, booksFresh))
    print(row("books 50k, in memory, one decoder reused", books50kSize, books, booksReused))
    print(row("books 50k, `decodeElements` from the file", books50kSize, books, booksStream))
    print("")
    let perCall = rate(nodes50k, memoryFresh.seconds)
    let reused = rate(nodes50k, memoryReused.seconds)
    if !skipBig {
        let streamed = rate(bigSize.nodes, streamBig.seconds)
        bar("streaming decode of \(bigLabel), peak RSS \(megabytes(streamBig.peakKB)) ≤ 64 MB", streamBig.peakKB * 1024 <= 64_000_000)
        bar(
            String(
                format: "streaming decode of \(bigLabel) at %.0f%% of in-memory osm 50k with a decoder per call (%.0f%% of a reused decoder) ≥ 80%%",
                streamed / perCall * 100, streamed / reused * 100), streamed >= 0.8 * perCall)
        bar("`xmlc check` of \(bigLabel), peak RSS \(megabytes(check.peakKB)) ≤ 64 MB", check.peakKB * 1024 <= 64_000_000)
        bar("streaming encode of \(bigLabel), peak RSS \(megabytes(encode.peakKB)) ≤ 64 MB", encode.peakKB * 1024 <= 64_000_000)
    }
    bar("streaming decode of books 50k, peak RSS \(megabytes(booksStream.peakKB)) ≤ 64 MB", booksStream.peakKB * 1024 <= 64_000_000)
    let booksStreamed = rate(books, booksStream.seconds)
    print(
        String(
            format: "- books 50k streamed at %.0f%% of in memory with a decoder per call (%.0f%% of a reused decoder)",
            booksStreamed / rate(books, booksFresh.seconds) * 100, booksStreamed / rate(books, booksReused.seconds) * 100))
}

// MARK: - Entry

if let index = CommandLine.arguments.firstIndex(of: "--child") {
    let arguments = Array(CommandLine.arguments[(index + 1)...])
    switch arguments.first {
    case "stream-decode" where arguments.count == 3:
        guard let model = Model(rawValue: arguments[1]) else { fail("unknown model \(arguments[1])") }
        childStreamDecode(model, file: arguments[2])
    case "memory-decode" where arguments.count == 5:
        guard let model = Model(rawValue: arguments[1]), let runs = Int(arguments[3]) else { fail("bad arguments \(arguments)") }
        childMemoryDecode(model, file: arguments[2], runs: runs, reused: arguments[4] == "reused")
    case "stream-encode" where arguments.count == 3:
        guard let nodes = Int(arguments[2]) else { fail("bad arguments \(arguments)") }
        childStreamEncode(file: arguments[1], nodes: nodes)
    case "async-encode" where arguments.count == 5:
        guard let nodes = Int(arguments[3]) else { fail("bad arguments \(arguments)") }
        childAsyncEncode(kind: arguments[1], file: arguments[2], nodes: nodes, actor: arguments[4])
    case "async-decode" where arguments.count == 5:
        guard let chunk = Int(arguments[3]) else { fail("bad arguments \(arguments)") }
        childAsyncDecode(source: arguments[1], file: arguments[2], chunk: chunk, actor: arguments[4])
    default:
        fail("unknown child \(arguments)")
    }
} else if CommandLine.arguments.dropFirst().first == "async-chunks" {
    // See AsyncChunks.swift.
    asyncChunksParent()
} else if CommandLine.arguments.dropFirst().first == "async-write" {
    // See AsyncWriting.swift.
    asyncWritingParent()
} else {
    parent()
}
