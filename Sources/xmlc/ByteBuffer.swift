// Byte buffers for the streaming writers: appending in one copy, without per-append bookkeeping.
//
// Design: the writers append small pieces (a tag, an escaped run, a line break) millions of
// times, into held output that is later released. `[UInt8]` pays for a uniqueness check, a
// capacity check through the generic `append(contentsOf:)` and, for an `UnsafeRawBufferPointer`,
// an element-by-element copy on every call. `ByteBuffer` is raw memory instead: a struct holding
// its address, fill and capacity, with an object whose only job is to free the memory. It must
// not be copied and then appended to through both copies (they would share the memory); the
// writers only ever move buffers (`swap`) or build new ones. Growth doubles (memory reserved but
// not yet written to is not resident, so a buffer holds about what it holds), and a buffer that
// grew large is freed when it is emptied (`removeAll(keepingCapacityUpTo:)`).
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

/// A growable buffer of bytes in raw memory. Move it; never append through two copies.
struct ByteBuffer {
    /// Frees the memory when the last reference goes.
    private final class Memory {
        let base: UnsafeMutablePointer<UInt8>
        init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    private var memory: Memory?
    private var base: UnsafeMutablePointer<UInt8>?
    /// The bytes in the buffer.
    private(set) var count = 0
    /// The bytes the buffer can hold before it grows.
    private(set) var capacity = 0

    init() {}

    /// Whether the buffer holds no bytes.
    var isEmpty: Bool { count == 0 }

    /// The bytes, valid until the buffer is next changed.
    var contents: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Makes room for at least `needed` bytes in all.
    mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = Memory(capacity: needed)
        if let base, count > 0 { grown.base.update(from: base, count: count) }
        memory = grown
        base = grown.base
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
            memory = nil
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
