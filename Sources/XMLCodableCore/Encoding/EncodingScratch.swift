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
// encoder, which holds the tree): it is then freed as before. The pool (`ScratchPool`) keeps at
// most four trees. Trees of up to 32 MB are kept as they come; a larger one (a document of tens of
// megabytes: the tree is about two to four times its size) only when its call filled at least
// half of it, and the pool holds 512 MB in all (`XMLEncoder.releaseWorkingMemory()` frees them
// all). Without that, every call encoding a 100 MB osm document faulted its 369 MB tree in anew:
// 733 ms a call, against 451 ms with the tree kept (the per-byte rate of a 1 MB document).
internal enum EncodingScratch {
    /// The trees finished calls gave back: at most four, and 512 MB in all; trees over 32 MB only
    /// when their call filled at least half of them.
    static let pool = ScratchPool<XMLEncodedTree>(
        maxItems: 4, maxBytes: 512 << 20, smallItemBytes: 32 << 20, bytes: { $0.heldBytes },
        usedBytes: { $0.usedBytes })

    /// Gives a finished call's tree back to the pool, emptied, if nothing else holds it and it is
    /// worth keeping.
    static func giveBack(_ tree: consuming XMLEncodedTree) {
        var tree = tree
        guard isKnownUniquelyReferenced(&tree) else { return }
        pool.keep(tree) { $0.removeAll() }
    }
}
