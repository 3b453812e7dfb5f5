// AsyncByteSource: where a reader over an `AsyncSequence` gets its bytes — a sequence of byte
// chunks (`[UInt8]`, `Data`, `ArraySlice<UInt8>`, NIO's `ByteBufferView`…) or of single bytes.
//
//     let chunks = AsyncStream<[UInt8]> { … 64 KiB arrays … }
//     for try await node in XMLDecoder().decodeElements(Node.self, at: "osm/node", from: chunks) { … }
//
//     chunks:  [64 KiB][64 KiB][ 1 MiB ……………………………………………… ][][12 B]   (then the end)
//     reads:   [64 KiB][64 KiB][64 KiB][64 KiB] … [64 KiB]   [12 B]   (then false)
//
// A sequence of chunks costs one `await` per chunk, and each chunk is handed to the reader whole,
// through its contiguous storage: no byte goes through an `await` of its own. A chunk larger than
// the reader's chunk size is handed over a chunk size at a time, the rest kept here until the
// next read (the reader's window never holds more than it would for a file); an empty chunk is
// skipped. A sequence of single bytes is drained into a buffer a chunk size at a time, in a loop
// made by an `@inlinable` initializer where the sequence's type is known (a closure, so that each
// `next` is a direct call to that iterator's, not a generic one).
//
// Both pass the isolation of the caller on to the iterator's `next(isolation:)`, so that a loop on
// the main actor (or any actor) reads on that actor, without hopping to another executor and back
// for every chunk.

/// An asynchronous source of bytes for a reader, read on the caller's actor.
@usableFromInline
package protocol AsyncByteSource: AnyObject {
    /// Waits for the next bytes and hands at most `limit` of them to `take` (one call); returns
    /// `false`, without calling `take`, at the end of the input.
    func read(limit: Int, isolation: isolated (any Actor)?, _ take: (UncheckedBytes) -> Void) async throws
        -> Bool
}

/// Reads an `AsyncSequence` of single bytes a buffer at a time.
@usableFromInline
internal final class AsyncSequenceByteSource: AsyncByteSource {
    /// Appends the next bytes to a buffer, up to a count of bytes in all (fewer only at the end
    /// of the sequence).
    @usableFromInline
    typealias Fill = (isolated (any Actor)?, inout [UInt8], Int) async throws -> Void

    private let fill: Fill
    /// The bytes of the read under way (emptied for the next, keeping its capacity).
    private var buffer: [UInt8] = []

    @usableFromInline
    init(fill: @escaping Fill) {
        self.fill = fill
    }

    /// Reads `bytes` through its iterator. The loop that drains it is made here, where the
    /// sequence's type is known: a caller's specialization of this initializer specializes it.
    @inlinable
    convenience init<Bytes: AsyncSequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Only this closure uses the iterator, and only one call of it runs at a time: the reader
        // that owns this source is not `Sendable`, and awaits each read before the next. The
        // compiler cannot know that a closure with an isolated parameter is only ever called
        // from its owner's region, hence `nonisolated(unsafe)`.
        nonisolated(unsafe) var iterator = bytes.makeAsyncIterator()
        self.init { isolation, buffer, limit in
            // A local copy, written back at the end: the captured variable would be checked
            // for exclusive access at every byte. (Unsafe for the same reason: older systems
            // call `next()` off the actor, while this read waits for it.)
            nonisolated(unsafe) var local = iterator
            defer { iterator = local }
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                while buffer.count < limit, let byte = try await local.next(isolation: isolation) {
                    buffer.append(byte)
                }
            } else {
                while buffer.count < limit, let byte = try await local.next() { buffer.append(byte) }
            }
        }
    }

    @usableFromInline
    func read(limit: Int, isolation: isolated (any Actor)?, _ take: (UncheckedBytes) -> Void) async throws
        -> Bool
    {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(limit)
        try await fill(isolation, &buffer, max(1, limit))
        guard !buffer.isEmpty else { return false }
        buffer.withUncheckedBytes(take)
        return true
    }
}

/// Reads an `AsyncSequence` of byte chunks, one `await` per chunk.
@usableFromInline
internal final class AsyncSequenceChunkSource<Chunks: AsyncSequence>: AsyncByteSource
where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
    private var iterator: Chunks.AsyncIterator
    /// The chunk being handed over (one larger than a read's limit takes several reads), and
    /// how many of its bytes have been.
    private var pending: Chunks.Element?
    /// A chunk without contiguous storage, copied once, in place of `pending`.
    private var copied: [UInt8] = []
    private var handed = 0

    @usableFromInline
    init(_ chunks: Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    @usableFromInline
    func read(limit: Int, isolation: isolated (any Actor)?, _ take: (UncheckedBytes) -> Void) async throws
        -> Bool
    {
        let limit = max(1, limit)
        while true {
            if handOver(limit: limit, take) { return true }
            let next: Chunks.Element?
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                next = try await iterator.next(isolation: isolation)
            } else {
                // Before Swift 6's `next(isolation:)` (older Apple systems): the iterator's
                // `next()` runs off the actor, while this read waits for it (see above).
                nonisolated(unsafe) var local = iterator
                defer { iterator = local }
                next = try await local.next()
            }
            guard let next else { return false }
            pending = next
            handed = 0
        }
    }

    /// Hands the next bytes of the pending chunk (at most `limit`) to `take`; `false` when
    /// none are left.
    private func handOver(limit: Int, _ take: (UncheckedBytes) -> Void) -> Bool {
        func from(_ bytes: UncheckedBytes) -> Bool {
            guard handed < bytes.count else { return false }
            let end = handed + min(limit, bytes.count - handed)
            take(bytes.extracting(unchecked: handed..<end))
            handed = end
            return true
        }
        if let pending {
            switch pending.withContiguousStorageIfAvailable({ from(UncheckedBytes($0)) }) {
            case true?:
                return true
            case false?:
                self.pending = nil
                return false
            case nil:
                // No contiguous storage: the rest of the chunk is copied, once.
                copied = Array(pending.dropFirst(handed))
                handed = 0
                self.pending = nil
            }
        }
        if copied.withUncheckedBytes(from) { return true }
        copied = []
        handed = 0
        return false
    }
}
