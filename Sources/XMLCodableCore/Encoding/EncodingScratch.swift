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
// most four trees and 32 MB in all; a larger tree is freed (`XMLEncoder.releaseWorkingMemory()`
// frees them all).
internal enum EncodingScratch {
    /// The trees finished calls gave back: at most four, and 32 MB in all.
    static let pool = ScratchPool<XMLEncodedTree>(maxItems: 4, maxBytes: 32 << 20) { $0.heldBytes }

    /// Gives a finished call's tree back to the pool, emptied, if nothing else holds it and it is
    /// worth keeping.
    static func giveBack(_ tree: consuming XMLEncodedTree) {
        var tree = tree
        guard isKnownUniquelyReferenced(&tree) else { return }
        pool.keep(tree) { $0.removeAll() }
    }
}
