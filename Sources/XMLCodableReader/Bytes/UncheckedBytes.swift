// UncheckedBytes: the one way the reader and the decoder read a document's bytes.
//
// Why it exists
// -------------
// The scanner reads every byte of a document, most of them in loops of one load and one table
// test, so it cannot afford a bounds check per byte, nor a retain of an array per event. It reads
// through raw memory instead. Before this type, that meant `UnsafeRawBufferPointer` parameters and
// `load(fromByteOffset:as:)` calls spread over some twenty files, each an unchecked access whose
// safety rested on a comment nearby, or on none. Now every read of the document goes through this
// view, and what is unchecked says so at the call: `buf[unchecked: p]`, `loadWord(uncheckedAt:)`,
// `extracting(unchecked:)`. (swift-foundation's `BufferView` is the model.) Input decoding
// (`InputDecoding`, `ChunkTranscoder`) and the writers' escaping and CDATA splitting
// (`XMLEscaping`) take and hand on these views too.
//
// What is unchecked, and what checks it
// -------------------------------------
// * Bounds. The `unchecked` operations do not check their offsets in release builds: the caller
//   guarantees them, almost always by a loop condition against a limit that is at most `count`
//   (`while p < end`, `if p + 8 <= end`). In debug builds (the tests, the W3C suite) and in
//   internal-checks builds (the fuzzers; `InternalCheck.swift`) every one of them checks its
//   bounds (`internalCheck`), so a scanner bug that reads past a limit stops the tests at once
//   instead of reading a neighbour's memory.
// * Lifetime. The view does not own its bytes. It is made from a buffer borrowed for one call
//   (`withUnsafeBytes`, `[UInt8].withUncheckedBytes` below, `XMLReader.Input.withUncheckedBytes`, a
//   `StreamInput` window until it next moves its bytes) and must not outlive it; a view of a
//   string literal (`init(_:)` of a `StaticString`) is valid for the life of the program. No
//   view is stored beyond such a call but the decoder's `document`, which
//   `XMLDecoderImpl.checkInUse()` refuses to read once the call has returned.
//
// A worked example: finding the end of an attribute value, eight bytes at a time.
//
//     let bytes = UncheckedBytes(raw)                 // raw: `name="A&amp;B"`, count 14
//     var p = 6                                       // after the quote
//     while p + 8 <= end {                            // end <= bytes.count: the word is in bounds
//         let stops = WordScan.attributeValueStops(bytes.loadWord(uncheckedAt: p))
//         if stops != 0 { p += stops.trailingZeroBitCount / 8; break }   // p = 7: the '&'
//         p += 8
//     }
//     bytes[unchecked: p]                             // 0x26, '&' (p < end: checked above)
//     bytes.extracting(unchecked: 6..<13)             // `A&amp;B`, another view of the same memory
//
// In a release build each of those is the plain load the loop would make through a raw pointer;
// in a debug build, `bytes.loadWord(uncheckedAt: 10)` (bytes 10 ..< 18 of 14) stops with
// "word at 10 ..< 18 is outside 0 ..< 14".

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A borrowed, read-only view of contiguous bytes, read without bounds checks in release builds.
///
/// The view neither owns nor retains its bytes: it is valid only while the buffer it was made
/// from is (see the file's header comment). Its `unchecked` reads do not check their offsets in
/// release builds; debug and internal-checks builds check them (`internalCheck`).
///
/// ```swift
/// bytes.withUnsafeBytes { raw in
///     let view = UncheckedBytes(raw)
///     var p = 0
///     while p < view.count, view[unchecked: p] == 0x20 { p += 1 }   // skips spaces
/// }
/// ```
@usableFromInline package struct UncheckedBytes {
    /// The bytes as the standard library's buffer, for the APIs that take one (`String(decoding:as:)`,
    /// hashing, copying). Reading it is bounds-checked in debug builds only, like this view.
    @usableFromInline package let unsafeRawBuffer: UnsafeRawBufferPointer

    /// A view of `buffer`'s bytes, valid for as long as `buffer` is.
    @inlinable @inline(__always)
    package init(_ buffer: UnsafeRawBufferPointer) {
        unsafeRawBuffer = buffer
    }

    /// A view of `buffer`'s bytes (a `String`'s `withUTF8`, for example), valid for as long as
    /// `buffer` is.
    @inlinable @inline(__always)
    package init(_ buffer: UnsafeBufferPointer<UInt8>) {
        unsafeRawBuffer = UnsafeRawBufferPointer(buffer)
    }

    /// A view of `count` bytes at `start` (which may be `nil` only when `count` is 0).
    @inlinable @inline(__always)
    package init(start: UnsafeRawPointer?, count: Int) {
        internalCheck(count >= 0 && (count == 0 || start != nil), "UncheckedBytes: \(count) bytes at a nil address")
        unsafeRawBuffer = UnsafeRawBufferPointer(start: start, count: count)
    }

    /// A view of a string literal's UTF-8 bytes (a reference, a CDATA delimiter), valid for the
    /// life of the program. The literal must be a string (a literal of one scalar has no bytes to
    /// view: `utf8Start` stops on it).
    @inlinable @inline(__always)
    package init(_ literal: StaticString) {
        self.init(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// A view of no bytes.
    @inlinable package static var empty: UncheckedBytes { UncheckedBytes(UnsafeRawBufferPointer(start: nil, count: 0)) }

    /// The bytes as a buffer of `UInt8`, for the APIs that take one (a writer's sink, an array's
    /// `append(contentsOf:)`). The view's memory holds bytes, so it is bound to `UInt8` (as
    /// `String.withUTF8` and `[UInt8].withUnsafeBytes` lend it).
    @inlinable @inline(__always)
    package var unsafeBuffer: UnsafeBufferPointer<UInt8> { unsafeRawBuffer.assumingMemoryBound(to: UInt8.self) }

    /// The number of bytes in the view.
    @inlinable @inline(__always)
    package var count: Int { unsafeRawBuffer.count }

    /// Whether the view has no bytes.
    @inlinable @inline(__always)
    package var isEmpty: Bool { unsafeRawBuffer.isEmpty }

    /// The address of the first byte. Read only by the accessors below, after their bounds
    /// assertion: an offset in bounds means the view is not empty, so its address is not `nil`
    /// (`unsafelyUnwrapped` checks that in debug builds too).
    @inlinable @inline(__always)
    var base: UnsafeRawPointer { unsafeRawBuffer.baseAddress.unsafelyUnwrapped }

    // MARK: - Debug checks

    /// Checks that `width` bytes at `offset` lie in the view (debug and internal-checks builds only).
    @inlinable @inline(__always)
    package func assertInBounds(_ offset: Int, width: Int = 1, _ what: @autoclosure () -> String = "byte") {
        internalCheck(
            offset >= 0 && width >= 0 && offset <= count &- width,
            "UncheckedBytes: \(what()) at \(offset) ..< \(offset &+ width) is outside 0 ..< \(count)")
    }

    // MARK: - Unchecked reads

    /// The byte at `offset`, which the caller guarantees is in `0 ..< count`.
    @inlinable @inline(__always)
    package subscript(unchecked offset: Int) -> UInt8 {
        assertInBounds(offset)
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The eight bytes at `offset` as one word, the first byte in the lowest bits whatever the
    /// platform's byte order; the caller guarantees `offset + 8 <= count`. Any alignment.
    @inlinable @inline(__always)
    package func loadWord(uncheckedAt offset: Int) -> UInt64 {
        assertInBounds(offset, width: 8, "word")
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The sixteen bytes at `offset` as a vector (lane 0 the first byte); the caller guarantees
    /// `offset + 16 <= count`. Any alignment.
    @inlinable @inline(__always)
    package func loadVector(uncheckedAt offset: Int) -> SIMD16<UInt8> {
        assertInBounds(offset, width: 16, "vector")
        return base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    }

    /// A view of the bytes in `range`, which the caller guarantees is within `0 ..< count`.
    @inlinable @inline(__always)
    package func extracting(unchecked range: Range<Int>) -> UncheckedBytes {
        assertInBounds(range.lowerBound, width: range.count, "range")
        return UncheckedBytes(UnsafeRawBufferPointer(rebasing: unsafeRawBuffer[range]))
    }

    /// The bytes in `range` (within `0 ..< count`, as for `extracting(unchecked:)`) as the
    /// standard library's buffer.
    @inlinable @inline(__always)
    package func rawBuffer(unchecked range: Range<Int>) -> UnsafeRawBufferPointer {
        extracting(unchecked: range).unsafeRawBuffer
    }

    // MARK: - Checked operations

    /// The view's bytes decoded as UTF-8 (invalid sequences repaired), for messages and names.
    package var string: String { String(decoding: unsafeRawBuffer, as: UTF8.self) }

    /// Whether the view holds the same bytes as `other`: eight bytes at a time, then the tail.
    @inlinable @inline(__always)
    package func elementsEqual(_ other: UncheckedBytes) -> Bool {
        let count = self.count
        guard count == other.count else { return false }
        var index = 0
        while index &+ 8 <= count {
            if loadWord(uncheckedAt: index) != other.loadWord(uncheckedAt: index) { return false }
            index &+= 8
        }
        while index < count {
            if self[unchecked: index] != other[unchecked: index] { return false }
            index &+= 1
        }
        return true
    }

    /// Whether the bytes at `offset` are those of `literal`, and all within `limit` (at most `count`).
    @inlinable @inline(__always)
    package func hasPrefix(_ literal: StaticString, at offset: Int, limit: Int) -> Bool {
        internalCheck(limit <= count, "UncheckedBytes: limit \(limit) beyond \(count)")
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, length <= limit &- offset else { return false }
        let expected = literal.utf8Start
        var index = 0
        while index < length {
            if self[unchecked: offset &+ index] != expected[index] { return false }
            index &+= 1
        }
        return true
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with a view of the array's bytes, valid only during the call: the one way a
    /// `[UInt8]` is lent as `UncheckedBytes` (as `withUnsafeBytes`, with the error typed).
    ///
    /// ```swift
    /// let detected = try head.withUncheckedBytes { bytes throws(InputDecoding.Failure) in
    ///     try InputDecoding.detect(bytes, final: false)
    /// }
    /// ```
    @inlinable @inline(__always)
    package func withUncheckedBytes<Value, Failure: Error>(_ body: (UncheckedBytes) throws(Failure) -> Value)
        throws(Failure) -> Value
    {
        let outcome: Result<Value, Failure> = withUnsafeBytes { raw in
            Result { () throws(Failure) in try body(UncheckedBytes(raw)) }
        }
        return try outcome.get()
    }

    /// Appends a copy of the view's bytes (one copy of the run, as for a buffer of `UInt8`).
    @inlinable @inline(__always)
    package mutating func append(contentsOf bytes: UncheckedBytes) {
        append(contentsOf: bytes.unsafeBuffer)
    }
}

extension UncheckedBytes {
    /// Calls `body` with a view of `array`'s bytes, valid only during the call: the form of
    /// `[UInt8].withUncheckedBytes` for a caller that rethrows its own closure's error (a reader's
    /// input, lent once per slice read; no `Result` between the two).
    ///
    /// ```swift
    /// UncheckedBytes.withView(of: [0x61, 0x62]) { $0.count }   // 2
    /// ```
    @inlinable @inline(__always)
    package static func withView<R>(of array: [UInt8], _ body: (UncheckedBytes) throws -> R) rethrows -> R {
        try array.withUnsafeBytes { try body(UncheckedBytes($0)) }
    }

    /// Calls `body` with a view of `data`'s bytes, valid only during the call (as `withUnsafeBytes`).
    ///
    /// ```swift
    /// UncheckedBytes.withView(of: Data("<a/>".utf8)) { $0[unchecked: 0] }   // 0x3C
    /// ```
    @inlinable @inline(__always)
    package static func withView<R>(of data: Data, _ body: (UncheckedBytes) throws -> R) rethrows -> R {
        try data.withUnsafeBytes { try body(UncheckedBytes($0)) }
    }

    /// The sixteen bytes of a comparison's mask over sixteen bytes (each lane all ones or all
    /// zeros, lane 0 first) as two words, lane 0 the lowest byte of the first in memory order
    /// (`VectorScan` reads them so). Both are plain 16-byte values with every bit pattern valid,
    /// so the cast reads nothing but the value; the standard library has no conversion that
    /// keeps the bytes.
    ///
    /// ```swift
    /// UncheckedBytes.words(of: SIMD16<UInt8>(repeating: 0x3C) .== 0x3C)   // [UInt64.max, UInt64.max]
    /// ```
    @inlinable @inline(__always)
    package static func words(of mask: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
        unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    }
}

/// Whether two buffers hold the same bytes (eight at a time, as `UncheckedBytes.elementsEqual`):
/// for the buffers `XMLReader`'s public `withDecodedBytes(of:_:)` lends (`ElementPath` compares a
/// name it reads so); the library's own layers compare views.
@inline(__always)
package func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    UncheckedBytes(a).elementsEqual(UncheckedBytes(b))
}

extension String {
    /// Calls `body` with a view of the string's UTF-8 bytes, valid only during the call: the one
    /// way a `String` is lent as `UncheckedBytes` (as `withUTF8`, which first makes a string that
    /// is not contiguous UTF-8 so; a key's literal already is).
    @inlinable @inline(__always)
    package mutating func withUncheckedUTF8<Result>(_ body: (UncheckedBytes) throws -> Result) rethrows -> Result {
        try withUTF8 { try body(UncheckedBytes($0)) }
    }
}

// MARK: - Searching and short loads (xmlc's writers, `XMLMarkup`)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UncheckedBytes {
    /// The offset of the first `byte` in `range` (which must be within `0 ..< count`, checked in
    /// debug and internal-checks builds), or `nil` when there is none: the C library's `memchr`,
    /// which reads many bytes a step.
    ///
    /// ```swift
    /// UncheckedBytes("a\nb\n").firstIndex(of: 0x0A, in: 2..<4)   // 3
    /// ```
    @inlinable
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        assertInBounds(range.lowerBound, width: range.count, "range")
        guard !range.isEmpty, let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found)
    }

    /// The four bytes at `offset` as one value, the first byte in the lowest bits whatever the
    /// platform's byte order; the caller guarantees `offset + 4 <= count`. Any alignment. (For a
    /// short run that `loadWord(uncheckedAt:)` would read past.)
    @inlinable @inline(__always)
    package func loadUInt32(uncheckedAt offset: Int) -> UInt32 {
        assertInBounds(offset, width: 4, "4 bytes")
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// A copy of the view's bytes in an allocation of its own, as a view of it (`empty`, and no
    /// allocation, for no bytes): for a store that keeps bytes at an address that never moves
    /// (`DTDStore`'s buffers, which slices name by number). The copy is valid until its owner
    /// frees it with `deallocate()`, once; no view of it may be used after that.
    ///
    /// ```swift
    /// let kept = UncheckedBytes("&amp;").allocatedCopy()   // 5 bytes of its own
    /// kept.deallocate()
    /// ```
    package func allocatedCopy() -> UncheckedBytes {
        guard !isEmpty else { return .empty }
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
        pointer.copyMemory(from: base, byteCount: count)
        return UncheckedBytes(start: pointer, count: count)
    }

    /// Frees the allocation of a view that `allocatedCopy()` made (nothing for an empty one). The
    /// caller owns that copy, frees it once, and uses no view of it afterwards.
    package func deallocate() {
        unsafeRawBuffer.deallocate()
    }

    /// Copies the view's bytes to `destination`, which the caller guarantees has room for
    /// `count` bytes (a buffer it reserved them in): the one copy out of a view through an address.
    @inlinable @inline(__always)
    package func copyBytes(to destination: UnsafeMutableRawPointer) {
        guard !isEmpty else { return }
        destination.copyMemory(from: base, byteCount: count)
    }
}
