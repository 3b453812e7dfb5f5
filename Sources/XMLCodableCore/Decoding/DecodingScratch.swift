// DecodingScratch: the working memory of a decoding call (the index's node and attribute arrays,
// the decoder's list array), kept by an `XMLDecoder` from one call to the next.
//
// Design: these arrays are most of what a decoding call allocates (for a 766 KB attribute-heavy
// document, about 3 MB), and they die at the end of the call. Allocated afresh for every call,
// they come back as pages the process has never touched, or has given back to the system, and
// touching those costs more than filling them (in a virtual machine, about 10 µs per page when
// the host has to back it). So an `XMLDecoder` keeps the arrays of its last call, emptied but with
// their capacity, and the next call fills them again. At most `maxKeptBytes` is kept; a larger
// set is freed as before. Calls that run at the same time on one decoder each take the kept set
// if it is there, else start empty; the set given back last is kept.

internal struct DecodingScratch {
    var nodes: [XMLIndex.Node] = []
    var attributes: [XMLAttribute] = []
    var listNodes: [Int32] = []

    /// The most memory an `XMLDecoder` keeps between calls.
    static let maxKeptBytes = 32 << 20

    /// The memory the arrays hold (their capacity).
    var byteCount: Int {
        nodes.capacity * MemoryLayout<XMLIndex.Node>.stride + attributes.capacity * MemoryLayout<XMLAttribute>.stride
            + listNodes.capacity * MemoryLayout<Int32>.stride
    }

    /// The arrays emptied, keeping their capacity, if they are worth keeping; else `nil`.
    consuming func emptied() -> DecodingScratch? {
        guard byteCount <= Self.maxKeptBytes else { return nil }
        nodes.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        listNodes.removeAll(keepingCapacity: true)
        return self
    }
}
