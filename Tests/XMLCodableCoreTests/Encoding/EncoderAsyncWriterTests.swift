// The asynchronous writers: `asyncElementWriter` (blocks pushed to an async sink) and
// `encodedChunks` (blocks pulled by the consumer). Both write the bytes `encode` writes for the
// whole list, in blocks of about 64 KiB, pace themselves by their consumer, run on the caller's
// actor, and end a cancelled or failed document with an error, never with an end tag.

import Foundation
import Testing
@testable import XMLCodableCore

private struct Tag: Codable, Equatable, Sendable {
    @Attribute var k: String
    @Attribute var v: String
}

private struct Node: Codable, Equatable, Sendable {
    @Attribute var id: Int
    var name: String
    var tag: [Tag]
}

/// The struct whose one property holds the items under `node`, as `itemKey` does.
private struct OSM: Encodable {
    var node: [Node]
}

private func nodes(_ count: Int) -> [Node] {
    (0..<count).map { id in
        Node(
            id: Attribute(id), name: "n\(id) & <\(id % 3)>",
            tag: (0..<(id % 3)).map { Tag(k: Attribute("k\($0)"), v: Attribute("v\($0)")) })
    }
}

private func stream<T: Sendable>(_ items: [T]) -> AsyncStream<T> {
    AsyncStream { continuation in
        for item in items { continuation.yield(item) }
        continuation.finish()
    }
}

private let blockSize = XMLEncoder.ElementWriter.blockSize

/// Items that count how many have been pulled, and say whether each pull was on the main actor.
private final class PullLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pulled = 0
    private var offMain = 0
    func record(onMain: Bool) {
        lock.withLock {
            pulled += 1
            if !onMain { offMain += 1 }
        }
    }
    var counts: (pulled: Int, offMain: Int) { lock.withLock { (pulled, offMain) } }
}

private struct LoggedItems: AsyncSequence {
    typealias Element = Node
    let items: [Node]
    let log: PullLog

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Node>
        let log: PullLog
        mutating func next() async -> Node? {
            log.record(onMain: false)
            return rest.popFirst()
        }
        mutating func next(isolation actor: isolated (any Actor)?) async -> Node? {
            log.record(onMain: actor.map { $0 === MainActor.shared } ?? false)
            return rest.popFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: items[...], log: log) }
}

private struct Broken: Error, Equatable {}

/// Items that fail after `count` of them.
private struct FailingItems: AsyncSequence {
    typealias Element = Node
    let items: [Node]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Node>
        mutating func next() async throws -> Node? {
            guard let item = rest.popFirst() else { throw Broken() }
            return item
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: items[...]) }
}

@Suite struct EncoderAsyncWriterTests {
    @Test(arguments: [0, 1, 2, 3_000])
    func theAsyncWriterWritesWhatEncodeWrites(_ count: Int) async throws {
        for pretty in [false, true] {
            let encoder = XMLEncoder()
            if pretty { encoder.outputFormatting = .prettyPrinted }
            let items = nodes(count)
            let header = XMLHeader(version: 1.0, encoding: "UTF-8")
            let whole = try encoder.encode(
                OSM(node: items), withRootKey: "osm", rootAttributes: ["version": "0.6"], header: header)
            var blocks: [[UInt8]] = []
            let writer = try encoder.asyncElementWriter(
                withRootKey: "osm", itemKey: "node", rootAttributes: ["version": "0.6"], header: header
            ) {
                blocks.append($0)
            }
            for item in items { try await writer.write(item) }
            #expect(writer.count == count)
            try await writer.finish()
            try await writer.finish()
            #expect(Data(blocks.joined()) == whole, "pretty: \(pretty), \(count) items")
            // Every block but the last is full, and none holds much more than a block.
            #expect(blocks.dropLast().allSatisfy { $0.count >= blockSize && $0.count < blockSize + 4_096 })
            #expect(count < 3_000 || blocks.count > 2)
            await #expect(throws: EncodingError.self) { try await writer.write(items.first ?? nodes(1)[0]) }
        }
    }

    @Test(arguments: [0, 1, 3_000])
    func theChunksAreWhatEncodeWrites(_ count: Int) async throws {
        let items = nodes(count)
        let encoder = XMLEncoder()
        let whole = try encoder.encode(OSM(node: items), withRootKey: "osm")
        var chunks: [[UInt8]] = []
        for try await chunk in encoder.encodedChunks(of: stream(items), withRootKey: "osm", itemKey: "node") {
            chunks.append(chunk)
        }
        #expect(Data(chunks.joined()) == whole)
        #expect(chunks.dropLast().allSatisfy { $0.count >= blockSize })
        #expect(!chunks.isEmpty)
        // Items named like the root: a top-level array.
        let numbers = [3, 1, 2]
        var joined: [UInt8] = []
        for try await chunk in encoder.encodedChunks(of: stream(numbers), withRootKey: "n") { joined += chunk }
        #expect(String(decoding: joined, as: UTF8.self) == (try encoder.encodeToString(numbers, withRootKey: "n")))
    }

    @Test func theSettingsAreThoseOfTheCall() async throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let chunks = encoder.encodedChunks(of: stream(nodes(2)), withRootKey: "osm", itemKey: "node")
        encoder.outputFormatting = []
        var joined: [UInt8] = []
        for try await chunk in chunks { joined += chunk }
        encoder.outputFormatting = .prettyPrinted
        #expect(Data(joined) == (try encoder.encode(OSM(node: nodes(2)), withRootKey: "osm")))
    }

    @Test func theConsumerPacesTheItems() async throws {
        let log = PullLog()
        let chunks = XMLEncoder().encodedChunks(
            of: LoggedItems(items: nodes(20_000), log: log), withRootKey: "osm", itemKey: "node")
        var iterator = chunks.makeAsyncIterator()
        let first = try await iterator.next()
        #expect((first?.count ?? 0) >= blockSize)
        // One chunk's worth of items was pulled, not the list.
        let pulled = log.counts.pulled
        #expect(pulled > 100 && pulled < 2_000, "\(pulled) items pulled for the first chunk")
    }

    @Test func theSinkPacesTheWriter() async throws {
        // The writer awaits the sink before it encodes further: when the sink is handed a block,
        // the items written so far are those of that block.
        var countsAtBlocks: [Int] = []
        var writer: XMLEncoder.AsyncElementWriter?
        writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node") { _ in
            await Task.yield()
            countsAtBlocks.append(writer?.count ?? -1)
        }
        let items = nodes(5_000)
        for item in items { try await writer?.write(item) }
        try await writer?.finish()
        #expect(countsAtBlocks.count > 3)
        #expect(zip(countsAtBlocks, countsAtBlocks.dropFirst()).allSatisfy { $0 < $1 })
        #expect(countsAtBlocks.last == items.count)
        writer = nil
    }

    @Test func anItemThatCannotBeEncodedIsRefusedWithItsPosition() async throws {
        var output: [UInt8] = []
        let writer = try XMLEncoder().asyncElementWriter(withRootKey: "r", itemKey: "s") { output += $0 }
        try await writer.write("ok")
        let error = await #expect(throws: EncodingError.self) { try await writer.write("bad \u{1}") }
        if case .invalidValue(_, let context) = error {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["s", "1"])
        }
        try await writer.write("fine")
        try await writer.finish()
        #expect(String(decoding: output, as: UTF8.self) == "<r><s>ok</s><s>fine</s></r>")
        #expect(throws: EncodingError.self) {
            try XMLEncoder().asyncElementWriter(withRootKey: "r", itemKey: "1bad") { _ in }
        }

        // Pulled, the error ends the chunks: no end tag after it.
        var chunks = XMLEncoder().encodedChunks(
            of: stream(["ok", "bad \u{1}", "fine"]), withRootKey: "r", itemKey: "s"
        ).makeAsyncIterator()
        await #expect(throws: EncodingError.self) { _ = try await chunks.next() }
        #expect(try await chunks.next() == nil)
        var badRoot = XMLEncoder().encodedChunks(of: stream(["x"]), withRootKey: "1bad").makeAsyncIterator()
        await #expect(throws: EncodingError.self) { _ = try await badRoot.next() }
    }

    @Test func theSinksAndTheItemsErrorsSurface() async throws {
        let writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node") { _ in throw Broken() }
        await #expect(throws: Broken.self) {
            for item in nodes(5_000) { try await writer.write(item) }
        }
        var chunks = XMLEncoder().encodedChunks(of: FailingItems(items: nodes(3)), withRootKey: "osm", itemKey: "node")
            .makeAsyncIterator()
        await #expect(throws: Broken.self) { _ = try await chunks.next() }
        #expect(try await chunks.next() == nil)
    }

    @Test func aCancelledDocumentEndsWithCancellationErrorNotAnEndTag() async throws {
        let (items, continuation) = AsyncStream<Node>.makeStream()
        continuation.yield(nodes(1)[0])
        let firstPulled = AsyncStream<Void>.makeStream()
        let task = Task {
            var joined: [UInt8] = []
            let logged = items.map { item in
                firstPulled.continuation.yield()
                return item
            }
            for try await chunk in XMLEncoder().encodedChunks(of: logged, withRootKey: "osm", itemKey: "node") {
                joined += chunk
            }
            return joined
        }
        var signals = firstPulled.stream.makeAsyncIterator()
        _ = await signals.next()
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        continuation.finish()

        let pushed = Task {
            var output: [UInt8] = []
            let writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node") { output += $0 }
            try await writer.write(nodes(1)[0])
            withUnsafeCurrentTask { $0?.cancel() }
            try await writer.finish()
            return output
        }
        await #expect(throws: CancellationError.self) { try await pushed.value }
    }

    @MainActor @Test func onTheMainActorTheItemsArePulledThere() async throws {
        let log = PullLog()
        var joined: [UInt8] = []
        let items = nodes(3_000)
        for try await chunk in XMLEncoder().encodedChunks(
            of: LoggedItems(items: items, log: log), withRootKey: "osm", itemKey: "node")
        {
            MainActor.assertIsolated()
            joined += chunk
        }
        #expect(log.counts.pulled == items.count + 1)
        #expect(log.counts.offMain == 0)
        // The sink's closure is the main actor's: it touches main-actor state without `await`.
        var blocks = 0
        let writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node") { _ in
            MainActor.assertIsolated()
            blocks += 1
        }
        for item in items { try await writer.write(item) }
        try await writer.finish()
        #expect(blocks > 1)
    }
}
