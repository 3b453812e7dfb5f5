// UncheckedStorage: a growable buffer of plain values read and written by position without a
// bounds check in release builds, for the encoder's tree.
//
// Why it exists
// -------------
// The encoder's tree (`XMLEncodedTree`) keeps every node and attribute in one flat buffer and
// links them by index: an element to its first and last child and attribute, each node to its
// next sibling. Building a document follows and rewrites those links several times per value,
// and the writer follows them again. In an `[Node]` each step would be a bounds check, and each
// write a uniqueness check, on an array only the tree ever holds. So the tree keeps them here: an
// allocation it owns, grown by doubling, accessed by address.
//
// What is unchecked, and what checks it
// -------------------------------------
// * Bounds. The subscript does not check its index in release builds: every index the tree uses
//   is one it made, by appending (a link is only ever to a node or attribute the tree holds). In
//   debug builds (the tests) and internal-checks builds (the fuzzers; `InternalCheck.swift`) it
//   checks `0 ..< count` (`internalCheck`).
// * Lifetime. The storage is a plain value holding its pointer, not `~Copyable`: the tree holds
//   it in properties and calls `deallocate()` once, in its `deinit`. The elements are
//   `BitwiseCopyable`, so nothing is owed them when they are forgotten or moved.
//
// A worked example: the nodes of `<a><b/>x</a>`, with room for two.
//
//     var nodes = UncheckedStorage<Node>(capacity: 2)
//     nodes.append(Node(kind: .element, name: a))     // 0             count 1
//     nodes.append(Node(kind: .element, name: b))     // 1             count 2
//     nodes[0].firstChild = 1                         // a link the tree made, to a node it holds
//     nodes.append(Node(kind: .text, text: x))        // 2: room for 4 count 3 (moved)
//     nodes[1].next = 2
//     nodes.removeAll()                               // count 0, room for 4 kept
//
// In a debug build, `nodes[3]` there stops with "UncheckedStorage: element 3 is outside 0 ..< 3".

/// Nodes or attributes: a buffer of plain values the holder owns, grown by doubling, read and
/// written by position without bounds checks in release builds (checked in debug builds).
///
/// The holder frees the buffer once, with `deallocate()` (see the file's header comment).
///
/// ```swift
/// var storage = UncheckedStorage<Int32>(capacity: 16)
/// storage.append(7)
/// storage[0] += 1          // 8
/// storage.deallocate()
/// ```
internal struct UncheckedStorage<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    /// The elements stored.
    private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` elements (at least one).
    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the buffer; the storage must not be used again.
    func deallocate() {
        base.deallocate()
    }

    /// The element at `index`, which the caller guarantees is in `0 ..< count` (checked in debug
    /// and internal-checks builds).
    subscript(index: Int) -> Element {
        unsafeAddress {
            internalCheck(index >= 0 && index < count, "UncheckedStorage: element \(index) is outside 0 ..< \(count)")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            internalCheck(index >= 0 && index < count, "UncheckedStorage: element \(index) is outside 0 ..< \(count)")
            return base + index
        }
    }

    /// How many elements the buffer has room for.
    var allocated: Int { capacity }

    /// Forgets the elements (plain values: nothing to deinitialize), keeping the buffer.
    mutating func removeAll() {
        count = 0
    }

    /// Appends an element, doubling the buffer first if it is full.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
