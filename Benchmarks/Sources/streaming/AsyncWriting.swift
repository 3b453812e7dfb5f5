// `swift run -c release streaming async-write [options]`: writing a document item by item through
// the asynchronous writers, against the synchronous element writer (issue 38, item 3).
//
// The questions: writing a ~300 MB osm document node by node through `asyncElementWriter` (an
// async sink awaited with each 64 KiB block) and through `encodedChunks` (an `AsyncSequence` of
// blocks the consumer pulls, its items an `AsyncSequence` that generates the nodes as it is
// iterated), are the bytes those of the synchronous `ElementWriter`, is the peak memory as flat,
// and how fast is it, off any actor and on the main actor?
//
// Method: for `--rounds` rounds, each writer runs in a fresh child under `/usr/bin/time -f %M`
// (its peak RSS), generating the nodes of osm 50k over and over (`OSMGenerator.NodeSequence`) as
// it writes, for the node count that makes `--bytes` bytes. Each sink writes its blocks to a file
// with `FileHandle.write(contentsOf:)`; after each child the parent compares the file with the
// synchronous writer's, byte for byte (a difference fails the run). The figures are the medians
// of the rounds (the peak RSS the highest).
//
// Options: --bytes N (default 300000000), --rounds N (default 3), --keep DIR (write the files to
// DIR and keep them).

import Dispatch
import Foundation
import Workloads
import XMLCodable

/// The root's attributes and header every writer of this benchmark writes.
private let rootAttributes = ["version": "0.6", "generator": "XMLCodable benchmarks"]
private let header = XMLHeader(version: 1.0, encoding: "UTF-8")

/// The generated nodes as an asynchronous sequence, each made when it is asked for (as a
/// database cursor hands out rows).
private struct GeneratedNodes: AsyncSequence {
    typealias Element = OSMNode
    let count: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var sequence = OSMGenerator.NodeSequence()
        var left: Int

        mutating func next() async -> OSMNode? { take() }

        mutating func next(isolation actor: isolated (any Actor)?) async -> OSMNode? { take() }

        private mutating func take() -> OSMNode? {
            guard left > 0 else { return nil }
            left -= 1
            return sequence.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(left: count) }
}

/// Writes `nodes` generated nodes to `handle` with `kind` ("sink" or "chunks") on the caller's
/// actor; returns the seconds it took.
private func writeAsync(kind: String, nodes: Int, to handle: FileHandle, isolation: isolated (any Actor)? = #isolation) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    switch kind {
    case "sink":
        let writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node", rootAttributes: rootAttributes, header: header) {
            try handle.write(contentsOf: $0)
        }
        var sequence = OSMGenerator.NodeSequence()
        for _ in 0..<nodes { try await writer.write(sequence.next()) }
        try await writer.finish()
    case "chunks":
        let chunks = XMLEncoder().encodedChunks(
            of: GeneratedNodes(count: nodes), withRootKey: "osm", itemKey: "node", rootAttributes: rootAttributes, header: header)
        for try await chunk in chunks { try handle.write(contentsOf: chunk) }
    default:
        fail("unknown writer \(kind)")
    }
    return seconds(clock.now - start)
}

/// A child of `async-write`: writes the document with `kind` on `actor` (main or off).
func childAsyncEncode(kind: String, file: String, nodes: Int, actor: String) -> Never {
    guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
        fail("cannot create \(file)")
    }
    @Sendable func run(isolation: isolated (any Actor)? = #isolation) async {
        do {
            print("seconds=\(try await writeAsync(kind: kind, nodes: nodes, to: handle))")
            try handle.close()
        } catch {
            fail("writing \(file) failed: \(error)")
        }
    }
    runThenExit(onMainActor: actor == "main", run)
}

/// Whether two files hold the same bytes.
private func sameBytes(_ first: String, _ second: String) -> Bool {
    guard let a = FileHandle(forReadingAtPath: first), let b = FileHandle(forReadingAtPath: second) else { return false }
    defer {
        try? a.close()
        try? b.close()
    }
    while true {
        let x = (try? a.read(upToCount: 1 << 20)) ?? nil
        let y = (try? b.read(upToCount: 1 << 20)) ?? nil
        if x != y { return false }
        if x == nil || x?.isEmpty == true { return true }
    }
}

/// The parent of `async-write`.
func asyncWritingParent() {
    let bytes = option("--bytes").flatMap(Int.init) ?? 300_000_000
    let rounds = max(1, option("--rounds").flatMap(Int.init) ?? 3)
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let (folder, cleanUp) = scratchFolder("xmlcodable-async-write")
    defer { cleanUp() }
    // The node count that makes `bytes` bytes of document, as the generator counts them.
    let nodes: Int
    do {
        nodes = try OSMGenerator.writeXML(minimumBytes: bytes) { _ in }.nodes
    } catch {
        fail("counting the nodes failed: \(error)")
    }
    let reference = folder.appendingPathComponent("sync.xml").path
    let kinds: [(label: String, arguments: [String], file: String)] = [
        ("`ElementWriter` to a `FileHandle` (sync)", ["stream-encode", reference, String(nodes)], reference),
        ("`asyncElementWriter`, sink writing to a file, off any actor", ["async-encode", "sink", "off"], "sink-off.xml"),
        ("`asyncElementWriter`, sink writing to a file, on the main actor", ["async-encode", "sink", "main"], "sink-main.xml"),
        ("`encodedChunks` of an `AsyncSequence` of nodes, off any actor", ["async-encode", "chunks", "off"], "chunks-off.xml"),
        ("`encodedChunks` of an `AsyncSequence` of nodes, on the main actor", ["async-encode", "chunks", "main"], "chunks-main.xml"),
    ]
    var results = Array(repeating: [Measurement](), count: kinds.count)
    var size = 0
    for round in 1...rounds {
        for (index, kind) in kinds.enumerated() {
            FileHandle.standardError.write(Data("measuring: \(kind.label) (round \(round))\n".utf8))
            let file = index == 0 ? reference : folder.appendingPathComponent(kind.file).path
            let arguments = index == 0 ? kind.arguments : [kind.arguments[0], kind.arguments[1], file, String(nodes), kind.arguments[2]]
            results[index].append(measure(me, ["--child"] + arguments))
            if index == 0 {
                size = (try? FileManager.default.attributesOfItem(atPath: reference)[.size] as? Int) ?? 0
            } else {
                guard sameBytes(file, reference) else { fail("\(kind.label): the output differs from the synchronous writer's") }
                try? FileManager.default.removeItem(atPath: file)
            }
        }
    }
    print(
        "Medians of \(rounds) rounds, \(grouped(Double(size))) bytes, \(grouped(Double(nodes))) nodes, every output byte-identical to the synchronous writer's; peak RSS the highest of the rounds."
    )
    print("")
    let medians = printRounds(kinds.map(\.label), results, bytes: size, header: ("Writer", "Speed vs sync"))
    let sync = medians[0]
    for (kind, m) in zip(kinds, medians).dropFirst() {
        bar(
            "\(kind.label): peak RSS \(megabytes(m.peakKB)) within 10% (or 4 MB) of the synchronous writer's \(megabytes(sync.peakKB))",
            Double(m.peakKB) <= max(Double(sync.peakKB) * 1.1, Double(sync.peakKB) + 4096))
    }
}
