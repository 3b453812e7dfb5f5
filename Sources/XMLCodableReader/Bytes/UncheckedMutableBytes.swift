// UncheckedMutableBytes: a borrowed view of writable bytes, written without bounds checks.
//
// The decoder decodes a value's text (references replaced, line ends normalized) straight into a
// buffer it has reserved, a temporary one or a string's own storage, rather than into an array
// (`XMLReader.decodeCharacterData(_:_:into:)`). The scanner writes through this view: one byte at
// a time (`subscript(unchecked:)`) or a run of the document copied at once
// (`copy(_:uncheckedTo:)`). A reader in chunks reads a file into such a view too (the window's
// unused room, `OwnedByteBuffer.unusedCapacity(reserving:)`, or a scratch array lent by
// `withView(of:_:)`), through the system's `read` (`SystemIO.read(_:into:)`).
//
// What is unchecked, and what checks it
// -------------------------------------
// * Bounds. The writes do not check their offsets in release builds: the writer checks them
//   against `count` itself before each write (`guard w < capacity`, `offset + bytes.count <=
//   out.count`), as it must anyway to decline a buffer too small. Debug and internal-checks
//   builds check every write again (`internalCheck`).
// * Lifetime. The view neither owns nor retains its bytes: it is made from a buffer lent for one
//   call and must not outlive it.
//
// A worked example: writing `a&amp;` decoded, `a&`, into a buffer of four bytes.
//
//     let out = UncheckedMutableBytes(buffer)            // buffer: 4 bytes
//     out.copy(UncheckedBytes("a"), uncheckedTo: 0)      // [a, _, _, _]
//     out[unchecked: 1] = UInt8(ascii: "&")              // [a, &, _, _]: 2 bytes written
//     out[unchecked: 4] = 0                              // debug: "byte at 4 ..< 5 is outside 0 ..< 4"

/// A borrowed view of writable bytes, written without bounds checks in release builds (see the
/// file's header comment). Writing does not change the view, only the bytes it views.
///
/// ```swift
/// let out = UncheckedMutableBytes(buffer)   // a buffer of at least one byte
/// if out.count > 0 { out[unchecked: 0] = 0x0A }
/// ```
@usableFromInline package struct UncheckedMutableBytes {
    /// The bytes as the standard library's buffer, for the APIs that take one (a system call's
    /// `read`). Writing it is bounds-checked in debug builds only, like this view.
    @usableFromInline package let unsafeMutableRawBuffer: UnsafeMutableRawBufferPointer

    /// A view of `buffer`'s bytes, valid for as long as `buffer` is.
    @inlinable @inline(__always)
    package init(_ buffer: UnsafeMutableRawBufferPointer) {
        unsafeMutableRawBuffer = buffer
    }

    /// A view of `count` bytes at `start`, valid for as long as the allocation they are in is
    /// and nothing else writes them (`OwnedByteBuffer`'s unused room).
    @inlinable @inline(__always)
    package init(start: UnsafeMutableRawPointer, count: Int) {
        internalCheck(count >= 0, "UncheckedMutableBytes: \(count) bytes")
        unsafeMutableRawBuffer = UnsafeMutableRawBufferPointer(start: start, count: count)
    }

    /// The number of bytes in the view.
    @inlinable @inline(__always)
    package var count: Int { unsafeMutableRawBuffer.count }

    /// Checks that `width` bytes at `offset` lie in the view (debug and internal-checks builds only).
    @inlinable @inline(__always)
    func assertInBounds(_ offset: Int, width: Int = 1) {
        internalCheck(
            offset >= 0 && width >= 0 && offset <= count &- width,
            "UncheckedMutableBytes: byte at \(offset) ..< \(offset &+ width) is outside 0 ..< \(count)")
    }

    /// The byte at `offset`, which the caller guarantees is in `0 ..< count`.
    @inlinable
    package subscript(unchecked offset: Int) -> UInt8 {
        @inline(__always) get {
            assertInBounds(offset)
            return unsafeMutableRawBuffer[offset]
        }
        @inline(__always) nonmutating set {
            assertInBounds(offset)
            unsafeMutableRawBuffer[offset] = newValue
        }
    }

    /// Copies `bytes` to `offset`; the caller guarantees `offset + bytes.count <= count`.
    @inlinable @inline(__always)
    package func copy(_ bytes: UncheckedBytes, uncheckedTo offset: Int) {
        assertInBounds(offset, width: bytes.count)
        UnsafeMutableRawBufferPointer(rebasing: unsafeMutableRawBuffer[offset..<offset &+ bytes.count])
            .copyMemory(from: bytes.unsafeRawBuffer)
    }

    /// A view of the bytes in `range`, which the caller guarantees is within `0 ..< count`.
    @inlinable @inline(__always)
    package func extracting(unchecked range: Range<Int>) -> UncheckedMutableBytes {
        assertInBounds(range.lowerBound, width: range.count)
        return UncheckedMutableBytes(UnsafeMutableRawBufferPointer(rebasing: unsafeMutableRawBuffer[range]))
    }

    /// Calls `body` with a writable view of `array`'s bytes, valid only during the call (as
    /// `withUnsafeMutableBytes`): a read's scratch buffer, a file's bytes read at an offset.
    ///
    /// ```swift
    /// var scratch = [UInt8](repeating: 0, count: 4)
    /// UncheckedMutableBytes.withView(of: &scratch) { $0[unchecked: 0] = 0x3C }   // [0x3C, 0, 0, 0]
    /// ```
    @inlinable @inline(__always)
    package static func withView<R>(of array: inout [UInt8], _ body: (UncheckedMutableBytes) throws -> R) rethrows
        -> R
    {
        try array.withUnsafeMutableBytes { try body(UncheckedMutableBytes($0)) }
    }
}
