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
// It holds at most four sets and 32 MB in all; a larger set is freed as before:
//
//     try XMLDecoder().decode(OSM.self, from: a)   // pool empty: arrays grown as the index fills
//                                                  // them, then given back (3 MB, emptied)
//     try XMLDecoder().decode(OSM.self, from: b)   // takes them: no allocation, no new pages
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

    /// The sets finished calls gave back: at most four, and 32 MB in all.
    static let pool = ScratchPool<DecodingScratch>(maxItems: 4, maxBytes: 32 << 20) { $0.byteCount }

    /// A set for a new call: the one given back last, or empty arrays.
    static func take() -> DecodingScratch {
        pool.take() ?? DecodingScratch()
    }

    /// Gives a finished call's arrays back to the pool, emptied, if they are worth keeping (within
    /// the pool's size limit: `ScratchPool.keep`).
    static func giveBack(_ scratch: consuming DecodingScratch) {
        pool.keep(scratch) { $0.empty() }
    }

    /// The memory the arrays hold (their capacity).
    var byteCount: Int {
        nodes.capacity * MemoryLayout<XMLIndex.Node>.stride + attributes.capacity
            * MemoryLayout<XMLIndex.CompactAttribute>.stride
            + listNodes.capacity * MemoryLayout<Int32>.stride + keyNames.byteCount
    }

    /// Empties the arrays, keeping their capacity.
    mutating func empty() {
        nodes.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        listNodes.removeAll(keepingCapacity: true)
    }
}
