// XMLDecoder.decodeElements over an asynchronous sequence of byte chunks: the same elements and
// errors as from the whole document, wherever the chunks are cut; cancellation, an upstream
// error, and the loop's actor (the iterator's next(isolation:)).

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Item: Codable, Equatable, Sendable {
    @Attribute var id: Int
    var title: String
}

/// A feed of `count` items whose titles have references, CDATA and multi-byte characters.
private func feed(_ count: Int) -> (xml: String, items: [Item]) {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss><channel>\n"
    var items: [Item] = []
    for id in 0..<count {
        let title = "t\(id) & é😀 <x> ]]"
        items.append(Item(id: Attribute(id), title: title))
        if id % 2 == 0 {
            xml += "  <item id=\"\(id)\"><title>t\(id) &amp; &#233;😀 &lt;x&gt; ]]</title></item>\n"
        } else {
            xml += "  <item id=\"\(id)\"><title><![CDATA[t\(id) & é😀 <x> ]]]]><![CDATA[]]></title></item>\n"
        }
    }
    xml += "</channel></rss>\n"
    return (xml, items)
}

/// The items decoded, or the error's description, from `chunks`.
private func decode<Chunks: AsyncSequence>(_ chunks: Chunks) async -> Result<[Item], DecodingErrorDescription>
where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
    var items: [Item] = []
    do {
        for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
            items.append(item)
        }
        return .success(items)
    } catch {
        return .failure(DecodingErrorDescription(error, items: items.count))
    }
}

/// What a decoding error says, and where, for comparing the chunked path with the whole document.
private struct DecodingErrorDescription: Error, Equatable {
    var text: String

    init(_ error: any Error, items: Int) {
        if case .dataCorrupted(let context) = error as? DecodingError,
            let parsing = context.underlyingError as? XMLParsingError
        {
            text =
                "\(items) items, then \(parsing.reason) at \(parsing.line):\(parsing.column) offset \(parsing.offset)"
        } else {
            text = "\(items) items, then \(error)"
        }
    }
}

/// The same from the whole document in memory.
private func decodeWhole(_ bytes: [UInt8]) -> Result<[Item], DecodingErrorDescription> {
    var items: [Item] = []
    do {
        try XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: Data(bytes)) { items.append($0) }
        return .success(items)
    } catch {
        return .failure(DecodingErrorDescription(error, items: items.count))
    }
}

/// Counts the tokens alive, to check a cancelled or finished iteration releases its source.
private final class LiveTokens: @unchecked Sendable {
    private let lock = NSLock()
    private var live = 0
    var count: Int { lock.withLock { live } }
    func add(_ delta: Int) { lock.withLock { live += delta } }
}

private final class Token {
    let live: LiveTokens
    init(_ live: LiveTokens) {
        self.live = live
        live.add(1)
    }
    deinit { live.add(-1) }
}

/// Chunks from an `AsyncStream`, through an iterator that holds a `Token` and records the
/// isolation its `next(isolation:)` is called with.
private struct TrackedChunks: AsyncSequence {
    typealias Element = [UInt8]
    let base: AsyncStream<[UInt8]>
    var live = LiveTokens()
    let onMainActor: @Sendable (Bool) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<[UInt8]>.Iterator
        let token: Token
        let onMainActor: @Sendable (Bool) -> Void

        mutating func next() async -> [UInt8]? {
            onMainActor(false)
            return await base.next()
        }

        mutating func next(isolation actor: isolated (any Actor)?) async -> [UInt8]? {
            onMainActor(actor.map { $0 === MainActor.shared } ?? false)
            return await base.next(isolation: actor)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), token: Token(live), onMainActor: onMainActor)
    }
}

@Suite struct DecoderAsyncChunksTests {
    @Test func everySplitPointGivesTheElementsOfTheWholeDocument() async {
        let bytes = Array(feed(6).xml.utf8)
        let expected = decodeWhole(bytes)
        #expect((try? expected.get())?.count == 6)
        for split in 0...bytes.count {
            let got = await decode(chunkStream([Array(bytes[..<split]), Array(bytes[split...])]))
            #expect(got == expected, "split at \(split)")
            if got != expected { break }
        }
    }

    @Test func threePiecesAndEmptyChunks() async {
        let bytes = Array(feed(5).xml.utf8)
        let expected = decodeWhole(bytes)
        for first in stride(from: 0, through: bytes.count, by: 11) {
            for second in stride(from: first, through: bytes.count, by: 13) {
                let got = await decode(
                    chunkStream([
                        [], Array(bytes[..<first]), [], Array(bytes[first..<second]), Array(bytes[second...]), [],
                    ]))
                #expect(got == expected, "cuts at \(first) and \(second)")
                if got != expected { return }
            }
        }
    }

    @Test func errorsAreLocatedInTheWholeDocumentWhateverTheCuts() async {
        let good = feed(4).xml
        for broken in [
            good.replacingOccurrences(
                of: "</title></item>\n  <item id=\"3\">", with: "</titel></item>\n  <item id=\"3\">"),
            good.replacingOccurrences(of: "&amp;", with: "&amp"),
            good.replacingOccurrences(of: "id=\"2\"", with: "id=\"two\""),
            String(good.dropLast(12)),
        ] {
            let bytes = Array(broken.utf8)
            let expected = decodeWhole(bytes)
            guard case .failure = expected else {
                Issue.record("expected an error for \(broken)")
                continue
            }
            for split in stride(from: 0, through: bytes.count, by: 3) {
                let got = await decode(chunkStream([Array(bytes[..<split]), Array(bytes[split...])]))
                #expect(got == expected, "split at \(split)")
                if got != expected { break }
            }
        }
    }

    @Test func oneChunkLargerThanTheWindowAndSmallChunks() async {
        // 64 KiB is the reader's chunk size: a 320 KB chunk is read in pieces.
        let (xml, items) = feed(4_000)
        let bytes = Array(xml.utf8)
        #expect(bytes.count > 3 * XMLReader.defaultChunkSize)
        #expect(await decode(chunkStream([bytes])) == .success(items))
        var pieces: [[UInt8]] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1 + offset % 97)
            pieces.append(Array(bytes[offset..<end]))
            offset = end
        }
        #expect(await decode(chunkStream(pieces)) == .success(items))
    }

    @Test func dataAndSliceChunks() async throws {
        let (xml, items) = feed(50)
        let bytes = Array(xml.utf8)
        let cuts = Array(stride(from: 0, to: bytes.count, by: 333)) + [bytes.count]
        #expect(await decode(chunkStream(zip(cuts, cuts.dropFirst()).map { Data(bytes[$0..<$1]) })) == .success(items))
        #expect(await decode(chunkStream(zip(cuts, cuts.dropFirst()).map { bytes[$0..<$1] })) == .success(items))
        // Single bytes still work, through their own overload.
        let single = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        var decoded: [Item] = []
        for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: single) {
            decoded.append(item)
        }
        #expect(decoded == items)
    }

    @Test func theArticlesStreamOverAFile() async throws {
        let (xml, items) = feed(3_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("async-chunks-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        // LargeDocuments.md, "Asynchronous chunks": the Linux way to read a file in chunks.
        let handle = try FileHandle(forReadingFrom: url)
        let chunks = AsyncThrowingStream<Data, any Error> {
            let chunk = try handle.read(upToCount: 1 << 16)
            return chunk?.isEmpty == false ? chunk : nil
        }
        var decoded: [Item] = []
        for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
            decoded.append(item)
        }
        #expect(decoded == items)
        try handle.close()
    }

    @Test func anErrorOfTheSequenceSurfacesAfterTheElementsBeforeIt() async throws {
        struct Reset: Error, CustomStringConvertible {
            var description: String { "connection reset" }
        }
        let bytes = Array(feed(10).xml.utf8)
        let chunks = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array(bytes[..<(bytes.count / 2)]))
            continuation.finish(throwing: Reset())
        }
        var decoded = 0
        do {
            for try await _ in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
                decoded += 1
            }
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            let parsing = try #require(context.underlyingError as? XMLParsingError)
            #expect(parsing.reason == .inputFailed("connection reset"))
            #expect(parsing.offset == bytes.count / 2)
        }
        #expect(decoded > 0 && decoded < 10)
    }

    @Test func cancellingTheTaskStopsTheLoopWithCancellationErrorAndReleasesTheSource() async throws {
        let bytes = Array(feed(10).xml.utf8)
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        // The first half, then nothing: the loop waits for more until it is cancelled.
        continuation.yield(Array(bytes[..<(bytes.count / 2)]))
        let firstElement = AsyncStream<Void>.makeStream()
        let live = LiveTokens()
        let task = Task {
            var decoded = 0
            let chunks = TrackedChunks(base: stream, live: live) { _ in }
            for try await _ in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
                decoded += 1
                firstElement.continuation.yield()
            }
            return decoded
        }
        var signals = firstElement.stream.makeAsyncIterator()
        _ = await signals.next()
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(live.count == 0)
        continuation.finish()
    }

    @Test func cancelledBeforeTheFirstChunk() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var decoded = 0
            for try await _ in XMLDecoder().decodeElements(
                Item.self, at: "rss/channel/item", from: chunkStream([Array(feed(3).xml.utf8)]))
            {
                decoded += 1
            }
            return decoded
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// A loop on an actor: its state is touched for every element without an `await`.
private actor Collector {
    var titles: [String] = []

    func collect(_ chunks: AsyncStream<[UInt8]>) async throws -> Int {
        for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
            titles.append(item.title)
        }
        return titles.count
    }
}

extension DecoderAsyncChunksTests {
    @MainActor @Test func aLoopOnTheMainActorReadsOnTheMainActor() async throws {
        let (xml, items) = feed(300)
        let bytes = Array(xml.utf8)
        let cuts = Array(stride(from: 0, to: bytes.count, by: 1_000)) + [bytes.count]
        let (calls, callsContinuation) = AsyncStream<Bool>.makeStream()
        let chunks = TrackedChunks(base: chunkStream(zip(cuts, cuts.dropFirst()).map { Array(bytes[$0..<$1]) })) {
            onMain in
            callsContinuation.yield(onMain)
        }
        var decoded: [Item] = []
        for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
            MainActor.assertIsolated()
            decoded.append(item)
        }
        callsContinuation.finish()
        #expect(decoded == items)
        // Every read of the source was given the main actor as its isolation.
        var reads = 0
        for await onMain in calls {
            #expect(onMain, "a read off the main actor")
            reads += 1
        }
        #expect(reads >= cuts.count - 1)
    }

    @Test func aLoopInAnActor() async throws {
        let (xml, items) = feed(100)
        let collector = Collector()
        let count = try await collector.collect(chunkStream([Array(xml.utf8)]))
        #expect(count == items.count)
        #expect(await collector.titles == items.map(\.title))
    }
}
