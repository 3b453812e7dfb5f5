// DecodingScratch: the working memory of a decoding call (the index's node and attribute arrays,
// the decoder's list array), kept from one call to the next in a small process-wide pool.
//
// Design: these arrays are most of what a decoding call allocates (for a 766 KB attribute-heavy
// document, about 3 MB), and they die at the end of the call. Allocated afresh for every call,
// they come back as pages the process has never touched, or has given back to the system, and
// touching those costs more than filling them (in a virtual machine, about 10 µs per page when
// the host has to back it). So a finished call gives its arrays back, emptied but with their
// capacity, and the next call fills them again.
//
// The pool is the process's, not a decoder's (`ScratchPool`): most code makes a new decoder per
// call (`try XMLDecoder().decode(T.self, from: data)`), and a decoder's own set would die with it.
// It holds at most four sets. Sets of up to 32 MB are kept as they come (32 MB in all); a larger
// set (a document of tens of megabytes: the index is about its size) is kept only when the call
// that gives it back filled at least half of it, and the pool holds 256 MB in all:
//
//     try XMLDecoder().decode(OSM.self, from: a)   // pool empty: arrays grown as the index fills
//                                                  // them, then given back (3 MB, emptied)
//     try XMLDecoder().decode(OSM.self, from: b)   // takes them: no allocation, no new pages
//
//     try XMLDecoder().decode(Catalog.self, from: hundredMB)  // a 100 MB set, kept: the next call
//     try XMLDecoder().decode(Catalog.self, from: hundredMB)  // of that size faults in no pages
//     try XMLDecoder().decode(Catalog.self, from: oneMB)      // takes it, fills 1%: freed
//
// Why large sets too: a set that is not kept is freed, and malloc gives blocks this large back
// to the system (munmap), so the next call's index is new memory again, a page fault for every
// 4 KB it writes. On a 100 MB books document that was 23,600 faults a call, about a tenth of its
// time, and what made decoding cost more per byte at 100 MB than at 1 or 10 MB. The rule for
// large sets bounds what a process holds once it stops decoding large documents: the last such
// set, until the next call (`XMLDecoder.releaseWorkingMemory()` frees it at once).
internal struct DecodingScratch {
    var nodes: [XMLIndex.Node] = []
    var attributes: [XMLIndex.CompactAttribute] = []
    var listNodes: [Int32] = []
    /// The names of the keys calls have asked for (KeyNameTable.swift). Never emptied: a key's
    /// name does not change, so what one call learnt saves the next the learning (and the table's
    /// allocation), which for a small document would cost more than the names save.
    var keyNames = KeyNameTable()
    /// The keyed containers' boxes calls have kept, by key type (KeyedContainerState.swift), for
    /// the next call, with `keyNames`.
    var containerBoxes = UncheckedKeyedContainerBoxes()

    /// The sets finished calls gave back: at most four, and 256 MB in all; sets over 32 MB only
    /// when their call filled at least half of them (see `giveBack`).
    static let pool = ScratchPool<DecodingScratch>(
        maxItems: 4, maxBytes: 256 << 20, smallItemBytes: 32 << 20, bytes: { $0.byteCount },
        usedBytes: { $0.usedByteCount })

    /// A set for a new call: the one given back last, or empty arrays.
    static func take() -> DecodingScratch {
        pool.take() ?? DecodingScratch()
    }

    /// Gives a finished call's arrays back to the pool, emptied, if they are worth keeping: a set of
    /// up to 32 MB, or a larger one that the call filled at least half of, within the pool's size
    /// limit (`ScratchPool.keeps`). A large set a smaller document took is freed.
    static func giveBack(_ scratch: consuming DecodingScratch) {
        pool.keep(scratch) { $0.empty() }
    }

    /// The memory the arrays hold (their capacity).
    var byteCount: Int {
        nodes.capacity * MemoryLayout<XMLIndex.Node>.stride + attributes.capacity
            * MemoryLayout<XMLIndex.CompactAttribute>.stride
            + listNodes.capacity * MemoryLayout<Int32>.stride + keyNames.byteCount
    }

    /// The memory the call filled (the arrays' counts; the key names' table is counted whole).
    var usedByteCount: Int {
        nodes.count * MemoryLayout<XMLIndex.Node>.stride + attributes.count
            * MemoryLayout<XMLIndex.CompactAttribute>.stride
            + listNodes.count * MemoryLayout<Int32>.stride + keyNames.byteCount
    }

    /// Empties the arrays, keeping their capacity.
    mutating func empty() {
        nodes.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        listNodes.removeAll(keepingCapacity: true)
    }
}
