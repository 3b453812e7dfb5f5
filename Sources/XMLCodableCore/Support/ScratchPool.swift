// ScratchPool: working memory that finished calls give back for later calls, process-wide and
// bounded. The decoder's index arrays (`DecodingScratch`) and the encoder's trees
// (`EncodingScratch`) are each kept in one.
//
// Design: most code makes a new coder per call, so memory kept by a coder would die with it; the
// pool is the process's. A call takes the item given back last (its memory the most recently
// touched); calls that run at the same time each take one if there is one, else start afresh. The
// pool keeps at most `maxItems` items and `maxBytes` in all, letting the oldest go first, and never
// keeps an item larger than `maxBytes`. An item of up to `smallItemBytes` is kept as it comes; a
// larger one (the working memory of a document of tens of megabytes) only when the call that gives
// it back filled at least half of it, so that a process that stops handling large documents holds
// the last large item only until its next call (which takes it, fills a little of it, and frees it).
// Items are freed after the lock is released:
//
//     let pool = ScratchPool<[UInt8]>(maxItems: 2, maxBytes: 1 << 20, smallItemBytes: 1 << 16,
//                                     bytes: { $0.capacity }, usedBytes: { $0.count })
//     var buffer = pool.take() ?? []     // nil: the pool is empty
//     buffer.append(contentsOf: bytes)   // ... the call's work ...
//     pool.keep(buffer) { $0.removeAll(keepingCapacity: true) }
//                                        // emptied and kept: the next `take()` gets it, with its
//                                        // capacity (one over `maxBytes`, or over 64 KiB and less
//                                        // than half filled, is neither emptied nor kept)
//
// Why keep large items at all: one that is not kept is freed, and malloc gives blocks that large
// back to the system (`munmap`), so the next call of that size writes into new memory, a page
// fault for every 4 KiB (about a tenth of decoding a 100 MB document, a third of encoding one).
internal final class ScratchPool<Item>: Sendable {
    /// The most items the pool keeps (for calls running at the same time).
    let maxItems: Int
    /// The most memory the pool keeps between calls, all items together.
    let maxBytes: Int
    /// The largest item kept however little of it the call that gives it back used.
    let smallItemBytes: Int
    /// The memory an item holds.
    private let bytes: @Sendable (Item) -> Int
    /// The memory of an item that the call giving it back filled.
    private let usedBytes: @Sendable (Item) -> Int
    /// The items given back, the most recent last.
    private let items: Locked<[Item]>

    init(
        maxItems: Int, maxBytes: Int, smallItemBytes: Int, bytes: @escaping @Sendable (Item) -> Int,
        usedBytes: @escaping @Sendable (Item) -> Int
    ) {
        self.maxItems = maxItems
        self.maxBytes = maxBytes
        self.smallItemBytes = smallItemBytes
        self.bytes = bytes
        self.usedBytes = usedBytes
        items = Locked([])
    }

    /// How many items the pool holds and their bytes (for tests).
    var pooled: (count: Int, bytes: Int) {
        items.withLock { items in (items.count, items.reduce(0) { $0 + bytes($1) }) }
    }

    /// The item given back last, or `nil` when the pool is empty.
    func take() -> Item? {
        items.withLock { $0.popLast() }
    }

    /// Whether `keep` keeps `item`: it holds at most `maxBytes`, and at most `smallItemBytes` or
    /// is at least half filled. (The one place the size rules are written.)
    func keeps(_ item: Item) -> Bool {
        let size = bytes(item)
        return size <= maxBytes && (size <= smallItemBytes || usedBytes(item) >= size / 2)
    }

    /// Keeps `item`, emptied by `emptying` (which keeps its capacity), if `keeps(_:)` says so;
    /// otherwise it is neither emptied nor kept, and goes when the caller lets it go. Lets the
    /// oldest items go to stay within the bounds.
    func keep(_ item: consuming Item, emptying: (inout Item) -> Void) {
        var kept = item
        guard keeps(kept) else { return }
        let size = bytes(kept)
        emptying(&kept)
        // The items let go of are returned, so that they are freed after the lock is released.
        _ = items.withLock { items -> [Item] in
            var dropped: [Item] = []
            var total = items.reduce(size) { $0 + bytes($1) }
            while !items.isEmpty, items.count >= maxItems || total > maxBytes {
                let oldest = items.removeFirst()
                total -= bytes(oldest)
                dropped.append(oldest)
            }
            items.append(kept)
            return dropped
        }
    }

    /// Frees every item the pool holds.
    func releaseAll() {
        _ = items.withLock { items -> [Item] in
            defer { items = [] }
            return items
        }
    }
}
