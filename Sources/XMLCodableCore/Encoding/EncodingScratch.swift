// EncodingScratch: the encoder's trees (their node, attribute and byte buffers), kept from one
// encoding call to the next in a small process-wide pool, as `DecodingScratch` keeps the decoder's.
//
// Design: an encoding call builds the whole document as an `XMLEncodedTree` before writing it,
// and the tree's buffers are most of what the call allocates (for a 1 MB document of books, about
// 3 MB, grown by doubling from 4 KB). Allocated afresh for every call, they come back as pages the
// process has given back to the system, and touching those again costs more than filling them:
// in a `perf` count of page faults, the tree's buffers took 70% of those of an encoding call. So a
// finished call gives its tree back, emptied (names too) but with its buffers, and the next call,
// whichever encoder makes it, encodes into it:
//
//     try XMLEncoder().encode(catalog)   // pool empty: a new tree, grown as it fills, then given
//                                        // back emptied (3 MB of buffers)
//     try XMLEncoder().encode(catalog)   // takes it: no growing, no new pages
//
// A tree goes back only when nothing else holds it (a container kept past its call holds its
// encoder, which holds the tree): it is then freed as before. The pool keeps at most
// `maxPooledTrees` trees and `maxKeptBytes` in all, the oldest going first; a larger tree is freed.
internal enum EncodingScratch {
    /// The most memory the pool keeps between calls, all trees together.
    static let maxKeptBytes = 32 << 20

    /// The most trees the pool keeps (for calls running at the same time).
    static let maxPooledTrees = 4

    /// The trees given back by finished calls, the most recent last.
    private static let pool = Locked<[XMLEncodedTree]>([])

    /// How many trees the pool holds and their bytes (for tests).
    static var pooled: (trees: Int, bytes: Int) {
        pool.withLock { trees in (trees.count, trees.reduce(0) { $0 + $1.heldBytes }) }
    }

    /// Frees every tree the pool holds.
    static func releaseAll() {
        _ = pool.withLock { trees -> [XMLEncodedTree] in
            defer { trees = [] }
            return trees
        }
    }

    /// A tree for a new call: the one given back last (empty), or `nil`.
    static func take() -> XMLEncodedTree? {
        pool.withLock { $0.popLast() }
    }

    /// Gives a finished call's tree back to the pool, emptied, if nothing else holds it and it is
    /// worth keeping.
    static func giveBack(_ tree: consuming XMLEncodedTree) {
        var tree = tree
        guard isKnownUniquelyReferenced(&tree), tree.heldBytes <= maxKeptBytes else { return }
        tree.removeAll()
        let kept = tree
        // The trees the pool lets go of are returned, so that they are freed after the lock is released.
        _ = pool.withLock { trees -> [XMLEncodedTree] in
            var dropped: [XMLEncodedTree] = []
            var total = trees.reduce(kept.heldBytes) { $0 + $1.heldBytes }
            while !trees.isEmpty, trees.count >= maxPooledTrees || total > maxKeptBytes {
                let oldest = trees.removeFirst()
                total -= oldest.heldBytes
                dropped.append(oldest)
            }
            trees.append(kept)
            return dropped
        }
    }
}
