// `swift run -c release streaming async-chunks [options]`: decoding element by element from an
// asynchronous sequence, against the same file read synchronously (issue 38, items 1 and 2).
//
// The questions: decoding every `<node>` of a ~300 MB osm document from 64 KiB chunks delivered
// by an `AsyncStream<[UInt8]>`, is it at ≥ 90% of the speed of `decodeElements(from: URL)` (the
// file read synchronously, in the same run), with the same peak memory? Is a `for try await` loop
// on the main actor within 10% of the same loop off any actor? And what does a sequence of single
// bytes cost (a `FileHandle.bytes`-like sequence that reads 64 KiB and hands out one byte per
// `next()`)?
//
// Method: the parent generates the document (`OSMGenerator.writeXML`, the nodes of osm 50k over
// and over), then, for `--rounds` rounds, runs each measurement in a fresh child under
// `/usr/bin/time -f %M` (the peak RSS), in turn:
//   - file, sync:    `XMLDecoder().decodeElements(OSMNode.self, at:, from: url) { … }`;
//   - file, async:   `for try await` over `decodeElements(OSMNode.self, at:, from: url)`;
//   - chunks:        `for try await` over `decodeElements(…, from: AsyncStream<[UInt8]>)`, the
//                    stream made with `AsyncStream(unfolding:)` over `FileHandle.read(upToCount:)`
//                    of `--chunk` bytes (pull: the file is read as the decoder asks, no buffering),
//                    off any actor (a detached task) and on the main actor;
//   - FileChunks:    the same over a sequence of `[UInt8]` that reads the file in its iterator's
//                    `next(isolation:)`, on the caller's actor (the unfolding stream's closure
//                    runs off the actor: on the main actor, each chunk hops there and back);
//   - bytes:         the same over `FileBytes` (below), a sequence of `UInt8`, off any actor.
// Every child digests the decoded nodes; the digest must be the generated nodes'. The figures
// are the medians of the rounds (the peak RSS the highest).
//
// Options: --bytes N (default 300000000), --rounds N (default 3), --chunk N (default 65536),
// --keep DIR (keep the document in DIR, and reuse it if it is there), --skip-bytes (leave out the
// slow single-byte measurement).

import Dispatch
import Foundation
import Workloads
import XMLCodable

/// A sequence of the bytes of a file, read 64 KiB at a time and handed out one by one, as
/// Foundation's `FileHandle.AsyncBytes` does on Apple platforms (which Linux does not have).
struct FileBytes: AsyncSequence {
    typealias Element = UInt8
    let handle: FileHandle

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle
        var buffer: [UInt8] = []
        var index = 0

        mutating func next() async throws -> UInt8? {
            if index < buffer.count {
                defer { index &+= 1 }
                return buffer[index]
            }
            return try refill()
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws -> UInt8? {
            if index < buffer.count {
                defer { index &+= 1 }
                return buffer[index]
            }
            return try refill()
        }

        private mutating func refill() throws -> UInt8? {
            guard let data = try handle.read(upToCount: 1 << 16), !data.isEmpty else { return nil }
            buffer = Array(data)
            index = 1
            return buffer[0]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle) }
}

/// The chunks of a file, read in the iterator's `next(isolation:)` on the caller's actor (no hop
/// per chunk, unlike `AsyncStream(unfolding:)`, whose closure runs off the actor).
struct FileChunks: AsyncSequence {
    typealias Element = [UInt8]
    let handle: FileHandle
    let chunk: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle
        let chunk: Int

        mutating func next() async throws -> [UInt8]? { try read() }

        mutating func next(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? { try read() }

        private func read() throws -> [UInt8]? {
            guard let data = try handle.read(upToCount: chunk), !data.isEmpty else { return nil }
            return Array(data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle, chunk: chunk) }
}

/// `AsyncStream<[UInt8]>` over a file, `chunk` bytes at a time, read as it is iterated.
func fileChunks(_ file: String, chunk: Int) -> AsyncStream<[UInt8]> {
    guard let handle = FileHandle(forReadingAtPath: file) else { fail("cannot open \(file)") }
    return AsyncStream<[UInt8]>(unfolding: {
        guard let data = try? handle.read(upToCount: chunk), !data.isEmpty else { return nil }
        return Array(data)
    })
}

/// The loop every async child runs: decodes the nodes, digests them, prints the time and digest.
/// It runs on the caller's actor (`#isolation`): the main actor's or none.
func decodeAsync(_ elements: XMLDecoder.Elements<OSMNode>, isolation: isolated (any Actor)? = #isolation) async {
    var digest = Digest()
    let clock = ContinuousClock()
    let start = clock.now
    do {
        for try await node in elements { digest.add(node) }
    } catch {
        fail("decoding failed: \(error)")
    }
    print("seconds=\(seconds(clock.now - start))")
    print("digest=\(digest)")
}

/// A child of `async-chunks`: `source` is chunks, bytes or url; `actor` is main or off.
func childAsyncDecode(source: String, file: String, chunk: Int, actor: String) -> Never {
    let path = Model.osm.path
    /// The loop over `source`, on the caller's actor.
    @Sendable func decode(isolation: isolated (any Actor)? = #isolation) async {
        let decoder = XMLDecoder()
        func opened() -> FileHandle {
            guard let handle = FileHandle(forReadingAtPath: file) else { fail("cannot open \(file)") }
            return handle
        }
        switch source {
        case "chunks": await decodeAsync(decoder.decodeElements(OSMNode.self, at: path, from: fileChunks(file, chunk: chunk)))
        case "url": await decodeAsync(decoder.decodeElements(OSMNode.self, at: path, from: URL(fileURLWithPath: file)))
        case "file-chunks": await decodeAsync(decoder.decodeElements(OSMNode.self, at: path, from: FileChunks(handle: opened(), chunk: chunk)))
        case "bytes" where actor != "main": await decodeAsync(decoder.decodeElements(OSMNode.self, at: path, from: FileBytes(handle: opened())))
        default: fail("unknown source \(source) (\(actor))")
        }
    }
    runThenExit(onMainActor: actor == "main", decode)
}

/// The parent of `async-chunks`.
func asyncChunksParent() {
    let bytes = option("--bytes").flatMap(Int.init) ?? 300_000_000
    let rounds = max(1, option("--rounds").flatMap(Int.init) ?? 3)
    let chunk = max(1, option("--chunk").flatMap(Int.init) ?? 1 << 16)
    let skipBytes = CommandLine.arguments.contains("--skip-bytes")
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let keep = option("--keep")
    let (folder, cleanUp) = scratchFolder("xmlcodable-async")
    defer { cleanUp() }
    let file = folder.appendingPathComponent("osm-\(bytes).xml").path
    var size = (nodes: 0, bytes: 0)
    if keep != nil, let existing = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int, existing >= bytes {
        // The generator's node count for this size, without writing the file again.
        size = (try? OSMGenerator.writeXML(minimumBytes: bytes) { _ in }) ?? (0, 0)
    } else {
        guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
            fail("cannot create \(file)")
        }
        do {
            size = try OSMGenerator.writeXML(minimumBytes: bytes) { try handle.write(contentsOf: $0) }
            try handle.close()
        } catch {
            fail("writing \(file) failed: \(error)")
        }
    }
    var expected = Digest()
    var sequence = OSMGenerator.NodeSequence()
    for _ in 0..<size.nodes { expected.add(sequence.next()) }
    FileHandle.standardError.write(Data("document \(file): \(size.bytes) bytes, \(size.nodes) nodes\n".utf8))

    var kinds: [(label: String, arguments: [String])] = [
        ("`decodeElements(from: URL) { … }` (file, sync)", ["stream-decode", "osm", file]),
        ("`for try await` over `decodeElements(from: URL)`, off any actor", ["async-decode", "url", file, String(chunk), "off"]),
        ("`for try await` over `decodeElements(from: URL)`, on the main actor", ["async-decode", "url", file, String(chunk), "main"]),
        ("`AsyncStream<[UInt8]>` of \(chunk >> 10) KiB chunks, off any actor", ["async-decode", "chunks", file, String(chunk), "off"]),
        ("`AsyncStream<[UInt8]>` of \(chunk >> 10) KiB chunks, on the main actor", ["async-decode", "chunks", file, String(chunk), "main"]),
    ]
    kinds.append(("`FileChunks` (chunks read in `next(isolation:)`), off any actor", ["async-decode", "file-chunks", file, String(chunk), "off"]))
    kinds.append(("`FileChunks` (chunks read in `next(isolation:)`), on the main actor", ["async-decode", "file-chunks", file, String(chunk), "main"]))
    if !skipBytes { kinds.append(("`FileBytes` (an `AsyncSequence` of `UInt8`), off any actor", ["async-decode", "bytes", file, String(chunk), "off"])) }
    var results = Array(repeating: [Measurement](), count: kinds.count)
    for round in 1...rounds {
        for (index, kind) in kinds.enumerated() {
            FileHandle.standardError.write(Data("measuring: \(kind.label) (round \(round))\n".utf8))
            let result = measure(me, ["--child"] + kind.arguments)
            if result.digest != expected {
                fail("\(kind.label): decoded \(result.digest.map(String.init(describing:)) ?? "nothing"), expected \(expected)")
            }
            results[index].append(result)
        }
    }
    print("Medians of \(rounds) rounds, \(grouped(Double(size.bytes))) bytes, \(grouped(Double(size.nodes))) nodes; peak RSS the highest of the rounds.")
    print("")
    let medians = printRounds(kinds.map(\.label), results, bytes: size.bytes, header: ("Measurement", "Speed vs file (sync)"))
    let file0 = medians[0].seconds
    let chunksOff = medians[3]
    let chunksMain = medians[4]
    bar(String(format: "chunks at %.0f%% of the file's speed ≥ 90%%", file0 / chunksOff.seconds * 100), file0 / chunksOff.seconds >= 0.9)
    bar(
        "chunks peak RSS \(megabytes(chunksOff.peakKB)) within 10% (or 4 MB) of the file's \(megabytes(medians[0].peakKB))",
        Double(chunksOff.peakKB) <= max(Double(medians[0].peakKB) * 1.1, Double(medians[0].peakKB) + 4096))
    bar(
        String(format: "main-actor loop at %.0f%% of the off-actor loop's speed (chunks) ≥ 90%%", chunksOff.seconds / chunksMain.seconds * 100),
        chunksOff.seconds / chunksMain.seconds >= 0.9)
    bar(
        String(format: "main-actor loop at %.0f%% of the off-actor loop's speed (file) ≥ 90%%", medians[1].seconds / medians[2].seconds * 100),
        medians[1].seconds / medians[2].seconds >= 0.9)
    bar(
        String(format: "main-actor loop at %.0f%% of the off-actor loop's speed (FileChunks) ≥ 90%%", medians[5].seconds / medians[6].seconds * 100),
        medians[5].seconds / medians[6].seconds >= 0.9)
}
