// http-streaming: a long XML document through HTTP on 127.0.0.1, against the same document read
// from a file, in one process per measurement (so that /usr/bin/time gives each its peak memory).
// Benchmark-only: Scripts/http-streaming runs it; the figures are in Benchmarks/README.md.
//
//     http-streaming prepare FILE BYTES   # writes <osm><node …/>…</osm> of about BYTES, prints its node count
//     http-streaming file FILE            # decodeElements(from: URL)
//     http-streaming chunks FILE          # decodeElements over AsyncStream<[UInt8]> of 64 KiB chunks of FILE
//     http-streaming http-in FILE         # Hummingbird serves FILE in 64 KiB blocks; AsyncHTTPClient's body
//                                         # goes into decodeElements
//     http-streaming http-out FILE COUNT  # Hummingbird streams COUNT nodes out through encodedChunks;
//                                         # AsyncHTTPClient's body is compared with FILE byte for byte
//
// Each prints one line: the mode, the seconds, the nodes, and a checksum of what was decoded (or
// whether the bytes were identical). A new XMLDecoder per document, as users write it.

import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import StreamingNodes
import XMLCodable
import XMLHummingbird

/// What was decoded: the count and a checksum that depends on every value.
struct Tally {
    var nodes = 0
    var checksum: UInt64 = 0
    mutating func add(_ node: Node) {
        nodes += 1
        checksum =
            checksum &* 31 &+ UInt64(bitPattern: Int64(node.id)) &+ UInt64(node.lat * 1000)
            &+ UInt64(node.tag.count)
    }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func decode(_ nodes: XMLDecoder.Elements<Node>) async throws -> Tally {
    var tally = Tally()
    for try await node in nodes { tally.add(node) }
    return tally
}

/// 64 KiB chunks of a file, read as they are asked for.
func fileChunks(_ path: String) throws -> AsyncStream<[UInt8]> {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    return AsyncStream(unfolding: {
        let data = try? handle.read(upToCount: 1 << 16)
        guard let data, !data.isEmpty else { return nil }
        return [UInt8](data)
    })
}

/// Runs `body` with a Hummingbird server on 127.0.0.1 whose routes are `routes`' and its port.
func withServer(
    _ configure: (Router<BasicRequestContext>) -> Void, _ body: @escaping @Sendable (Int) async throws -> Void
)
    async throws
{
    let router = Router()
    configure(router)
    let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "http-streaming")
    logger.logLevel = .critical
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.runService(gracefulShutdownSignals: []) }
        var ports = portStream.makeAsyncIterator()
        guard let port = await ports.next() else { return }
        try await body(port)
        group.cancelAll()
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: http-streaming prepare|file|chunks|http-in|http-out FILE [BYTES|COUNT]\n".utf8))
    exit(2)
}
let path = arguments[arguments.startIndex + 1]
let extra = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2]) ?? 0 : 0
let start = ContinuousClock.now

switch mode {
case "prepare":
    FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    var written = 0
    let writer = try XMLEncoder().elementWriter(withRootKey: "osm", itemKey: "node") { data in
        written += data.count
        handle.write(data)
    }
    var count = 0
    while written < extra {
        try writer.write(Node.numbered(count))
        count += 1
    }
    try writer.finish()
    try handle.close()
    print(count)
case "file":
    let tally = try await decode(
        XMLDecoder().decodeElements(Node.self, at: "osm/node", from: URL(fileURLWithPath: path)))
    print("file \(seconds(since: start)) s, \(tally.nodes) nodes, checksum \(tally.checksum)")
case "chunks":
    let tally = try await decode(XMLDecoder().decodeElements(Node.self, at: "osm/node", from: try fileChunks(path)))
    print("chunks \(seconds(since: start)) s, \(tally.nodes) nodes, checksum \(tally.checksum)")
case "http-in":
    let serveFile: (Router<BasicRequestContext>) -> Void = { router in
        router.get("osm") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/xml"],
                body: ResponseBody { writer in
                    for await chunk in try fileChunks(path) { try await writer.write(ByteBuffer(bytes: chunk)) }
                    try await writer.finish(nil)
                })
        }
    }
    try await withServer(serveFile) { port in
        let started = ContinuousClock.now
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)/osm"), timeout: .seconds(3600))
        let tally = try await decode(
            XMLDecoder().decodeElements(Node.self, at: "osm/node", from: response.body.map(\.readableBytesView)))
        print("http-in \(seconds(since: started)) s, \(tally.nodes) nodes, checksum \(tally.checksum)")
    }
case "http-out":
    let serveNodes: (Router<BasicRequestContext>) -> Void = { router in
        router.get("osm") { _, _ in Response.xmlDocument(of: NodeSource(count: extra), withRootKey: "osm", itemKey: "node") }
    }
    try await withServer(serveNodes) { port in
        let started = ContinuousClock.now
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)/osm"), timeout: .seconds(3600))
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        var identical = true
        var bytes = 0
        var pending: [UInt8] = []
        for try await buffer in response.body {
            pending += buffer.readableBytesView
            bytes += buffer.readableBytes
            while pending.count >= 1 << 16 {
                let expected = try file.read(upToCount: 1 << 16) ?? Data()
                if !pending.prefix(1 << 16).elementsEqual(expected) { identical = false }
                pending.removeFirst(1 << 16)
            }
        }
        let rest = try file.readToEnd() ?? Data()
        if !pending.elementsEqual(rest) { identical = false }
        print("http-out \(seconds(since: started)) s, \(bytes) bytes, identical to the file: \(identical)")
        if !identical { exit(1) }
    }
default:
    FileHandle.standardError.write(Data("http-streaming: unknown mode \(mode)\n".utf8))
    exit(2)
}
