// UncheckedElements: an array's elements read by position without a bounds check in release builds.
//
// Why it exists
// -------------
// The decoder's key lookup walks the index (`XMLIndex.nodes`, `XMLIndex.attributes`) once per key
// of every decoded value, following links the index builder made: a node's first child, its next
// sibling, an element's run of attributes. Indexing the arrays directly costs a bounds check per
// step and, in a loop that calls anything the optimizer cannot see into, a retain of the array
// around it. So the lookup borrows the array's storage for the loop and reads it by position; this
// view is that borrow, with the unchecked read named as such (`nodes[unchecked: i]`) and checked
// in debug and internal-checks builds.
//
// What is unchecked, and what checks it
// -------------------------------------
// * Bounds: `subscript(unchecked:)` checks `0 <= i < count` in debug builds and internal-checks
//   builds only (`internalCheck`, `InternalCheck.swift`). The caller
//   guarantees it in release builds: the positions it reads are links the index holds, which
//   `XMLIndex` makes only to nodes and attributes it has appended (see its header comment).
// * Lifetime: the view exists only inside `withUncheckedElements`, which borrows the array for
//   the closure; it must not escape it (as for `withUnsafeBufferPointer`). The one exception is
//   `uncheckedElementsOfHeldArray()`, for a holder that keeps the array in a property, never lets
//   it change but through that property, and makes the view again whenever the property changes
//   (the decoder's views of its index, `XMLDecoderImpl.index`): an array's storage stays where it
//   is for as long as it is neither changed nor freed, and the holder's property keeps it.
//
// A worked example: the children of element 0 in `<a><b/>x<c/></a>`, whose nodes are
// [a(firstChild 1), b(next 2), "x"(next 3), c(next -1)].
//
//     index.nodes.withUncheckedElements { nodes in
//         var child = nodes[unchecked: 0].firstChild          // 1
//         while child >= 0 {                                   // 1, 2, 3: links the builder made
//             visit(nodes[unchecked: Int(child)])
//             child = nodes[unchecked: Int(child)].nextSibling
//         }
//     }
//
// In a debug build a link past the end (a builder bug) stops with "element 4 is outside 0 ..< 4"
// rather than reading the memory after the array.

/// A borrowed view of an array's elements, read by position without a bounds check in release
/// builds (asserted in debug builds). Made only by `Array.withUncheckedElements(_:)`.
internal struct UncheckedElements<Element> {
    /// The array's storage, borrowed for the length of `withUncheckedElements`.
    private let buffer: UnsafeBufferPointer<Element>

    @inline(__always)
    fileprivate init(_ buffer: UnsafeBufferPointer<Element>) {
        self.buffer = buffer
    }

    /// The number of elements.
    @inline(__always)
    var count: Int { buffer.count }

    /// The element at `index`, which the caller guarantees is in `0 ..< count`.
    @inline(__always)
    subscript(unchecked index: Int) -> Element {
        internalCheck(
            index >= 0 && index < buffer.count, "UncheckedElements: element \(index) is outside 0 ..< \(buffer.count)")
        // In bounds, so the buffer is not empty and its address is not nil.
        return buffer.baseAddress.unsafelyUnwrapped[index]
    }
}

extension Array {
    /// Calls `body` with a view of the array's elements that reads them without bounds checks in
    /// release builds (see `UncheckedElements`). The view must not escape `body`.
    ///
    /// ```swift
    /// let total = numbers.withUncheckedElements { view in
    ///     (0..<view.count).reduce(0) { $0 + view[unchecked: $1] }
    /// }
    /// ```
    @inline(__always)
    func withUncheckedElements<R>(_ body: (UncheckedElements<Element>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body(UncheckedElements($0)) }
    }

    /// A view of the array's elements for a holder that keeps this array in a property and makes
    /// the view again whenever the property changes (see the file's header comment): valid only
    /// while that property holds this storage unchanged. Reading through it then retains nothing,
    /// where `withUncheckedElements` on a class's property retains the array around its closure.
    @inline(__always)
    func uncheckedElementsOfHeldArray() -> UncheckedElements<Element> {
        withUnsafeBufferPointer { UncheckedElements($0) }
    }
}

extension Array where Element == UInt8 {
    /// A byte view of the array for a holder that keeps it in a property and makes the view again
    /// whenever the property changes, as `uncheckedElementsOfHeldArray()` (see the file's header
    /// comment; the decoder's `KeyNameTable`).
    @inline(__always)
    func uncheckedBytesOfHeldArray() -> UncheckedBytes {
        withUnsafeBufferPointer { UncheckedBytes($0) }
    }
}

/// The byte a value of a type of one byte is stored as, or 0 for a type of no bytes (one value):
/// what tells the values of such a type apart (`KeyNameTable`). For any other size, 0 as well
/// (callers ask only for types of at most one byte: `KeyNameTable.fitsTable`). `unsafeBitCast`
/// rather than `withUnsafeBytes(of:)`, whose closure generic code calls unspecialized (40
/// instructions a key); the cast checks the sizes, which are equal here, and a value of one
/// byte is that byte whatever its type, no padding, no reference.
@inline(__always)
func storedByte<T>(of value: T) -> UInt8 {
    MemoryLayout<T>.size == 1 ? unsafeBitCast(value, to: UInt8.self) : 0
}
