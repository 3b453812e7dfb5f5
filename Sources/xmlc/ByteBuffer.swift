// Byte buffers for the streaming writers: appending in one copy, without per-append bookkeeping.
//
// Design: the writers append small pieces (a tag, an escaped run, a line break) millions of
// times, into held output that is later released. `[UInt8]` pays for a uniqueness check, a
// capacity check through the generic `append(contentsOf:)` and, for an `UnsafeRawBufferPointer`,
// an element-by-element copy on every call. `ByteBuffer` is raw memory instead: a struct holding
// its address, fill and capacity, which frees the memory in its `deinit`. Two copies of it would
// share that memory (and free it twice), so it is `~Copyable`: the compiler refuses a copy, and
// the writers move buffers (`swap`, `consuming` parameters) or build new ones. What holds one is
// `~Copyable` too (the writers' held items, their sinks, the writers), and a list of them is a
// `UniqueArray` (UniqueArray.swift), since `Array` needs copyable elements. Growth doubles (memory reserved
// but not yet written to is not resident, so a buffer holds about what it holds), and a buffer
// that grew large is freed when it is emptied (`removeAll(keepingCapacityUpTo:)`).
//
// For example, `var a = ByteBuffer(); a.append(0x3C); let b = a` moves `a` into `b`: using `a`
// after that is a compile error ("'a' used after consume"), so no two buffers ever append into
// the same memory.
//
// Two small helpers for `[UInt8]` and raw buffers are here too: appending raw bytes in one
// `memcpy`, and comparing bytes with a short ASCII literal without the generic `elementsEqual`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable buffer of bytes in raw memory that it owns and frees. It cannot be copied: move it.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    /// The bytes in the buffer.
    private(set) var count = 0
    /// The bytes the buffer can hold before it grows.
    private(set) var capacity = 0

    init() {}

    deinit {
        base?.deallocate()
    }

    /// Whether the buffer holds no bytes.
    var isEmpty: Bool { count == 0 }

    /// The bytes, valid until the buffer is next changed.
    var contents: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Makes room for at least `needed` bytes in all.
    mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: needed)
        if let base {
            if count > 0 { grown.update(from: base, count: count) }
            base.deallocate()
        }
        base = grown
        capacity = needed
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(max(256, capacity * 2)) }
        base.unsafelyUnwrapped[count] = byte
        count += 1
    }

    /// Appends bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity - count { reserve(max(256, capacity * 2, count + bytes.count)) }
        (base.unsafelyUnwrapped + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Empties the buffer, keeping its memory unless it holds more than `limit` bytes.
    mutating func removeAll(keepingCapacityUpTo limit: Int) {
        count = 0
        if capacity > limit {
            base?.deallocate()
            base = nil
            capacity = 0
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends raw bytes in one copy (an `UnsafeBufferPointer<UInt8>` offers contiguous storage;
    /// an `UnsafeRawBufferPointer` is copied byte by byte).
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }
}

extension UnsafeRawBufferPointer {
    /// Whether the bytes are those of `literal`.
    @inline(__always)
    func equals(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount, let base = baseAddress else {
            return count == 0 && literal.utf8CodeUnitCount == 0
        }
        return memcmp(base, literal.utf8Start, count) == 0
    }
}
