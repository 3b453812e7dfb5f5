// ScratchPool: working memory that finished calls give back for later calls, process-wide and
// bounded. The decoder's index arrays (`DecodingScratch`) and the encoder's trees
// (`EncodingScratch`) are each kept in one.
//
// Design: most code makes a new coder per call, so memory kept by a coder would die with it; the
// pool is the process's. A call takes the item given back last (its memory the most recently
// touched); calls that run at the same time each take one if there is one, else start afresh. The
// pool keeps at most `maxItems` items and `maxBytes` in all, letting the oldest go first, and never
// keeps an item larger than `maxBytes`. Items are freed after the lock is released:
//
//     let pool = ScratchPool<[UInt8]>(maxItems: 2, maxBytes: 1 << 20) { $0.capacity }
//     var buffer = pool.take() ?? []     // nil: the pool is empty
//     buffer.append(contentsOf: bytes)   // ... the call's work ...
//     pool.keep(buffer) { $0.removeAll(keepingCapacity: true) }
//                                        // emptied and kept: the next `take()` gets it, with its
//                                        // capacity (one over `maxBytes` is neither emptied nor kept)
internal final class ScratchPool<Item>: Sendable {
    /// The most items the pool keeps (for calls running at the same time).
    let maxItems: Int
    /// The most memory the pool keeps between calls, all items together.
    let maxBytes: Int
    /// The memory an item holds.
    private let bytes: @Sendable (Item) -> Int
    /// The items given back, the most recent last.
    private let items: Locked<[Item]>

    init(maxItems: Int, maxBytes: Int, bytes: @escaping @Sendable (Item) -> Int) {
        self.maxItems = maxItems
        self.maxBytes = maxBytes
        self.bytes = bytes
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

    /// Keeps `item`, emptied by `emptying` (which keeps its capacity), unless it holds more than
    /// `maxBytes`: then it is neither emptied nor kept, and goes when the caller lets it go. Lets
    /// the oldest items go to stay within the bounds. (The one place the size limit is tested.)
    func keep(_ item: consuming Item, emptying: (inout Item) -> Void) {
        var kept = item
        let size = bytes(kept)
        guard size <= maxBytes else { return }
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
