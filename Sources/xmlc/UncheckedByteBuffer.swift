// UncheckedByteBuffer: the one place xmlc stores bytes without Swift's checks.
//
// Why it exists
// -------------
// xmlc's streaming writers (`format`, `to-json`) append small pieces (a tag, an escaped run, a
// line break) millions of times: into the output, gathered 64 KiB at a time (`OutputBuffer`), and
// into the held output of elements whose layout is not decided yet. `[UInt8]` pays for a
// uniqueness check and a capacity check through the generic `append(contentsOf:)` on every call,
// so the writers store into memory this buffer owns instead: a struct of an address, a fill and a
// capacity, freed in its `deinit`. Two copies of it would share that memory (and free it twice),
// so it is `~Copyable`: the compiler refuses a copy, and the writers move buffers (`swap`,
// `consuming` parameters) or build new ones; what holds one is `~Copyable` too, and a list of
// them is a `UniqueArray` (UniqueArray.swift), as `Array` needs copyable elements. Growth doubles
// (memory reserved but not yet written is not resident), and a buffer that grew large is freed
// when it is emptied (`removeAll(keepingCapacityUpTo:)`). Everything else in xmlc reads bytes as
// `UncheckedBytes` views (the reader's type) and stores them here or in arrays; the one other
// store through a pointer, `read(2)` into an array (`[UInt8].appendRead(from:upTo:)`), is at the
// end of this file.
//
// What is unchecked, and what checks it
// -------------------------------------
// * Room. Every store checks that its bytes fit, and grows the buffer when they do not, so none
//   lands outside the allocation; the stores themselves are plain: a byte's `storeBytes`, and a
//   run's copy, without a call when it is short (up to 16 bytes, read through the view as two
//   overlapping words or 4-byte values), by `copyMemory` when it is longer.
// * Lifetime. `view` is not lifetime-checked: it is valid until the next mutating call, which may
//   move the bytes. The writers read a buffer's view only while they hold the buffer unchanged
//   (taken out of its depth, `take`, and written elsewhere).
//
// A worked example:
//
//     var buffer = UncheckedByteBuffer()              // no memory yet: count 0, capacity 0
//     buffer.append(UncheckedBytes("<a>"))            // "<a>"         count 3, capacity 256
//     buffer.append(0x78)                             // "<a>x"        count 4
//     buffer.view.extracting(unchecked: 1..<2).string // "a", valid until the next change
//     var moved = buffer                              // moves it: using `buffer` now is a compile
//                                                     // error ("'buffer' used after consume")
//     moved.removeAll(keepingCapacityUpTo: 1 << 20)   // count 0, the 256 bytes kept
//     moved.removeAll(keepingCapacityUpTo: 0)         // count 0, the memory freed
//
// In a debug build a store that ended past the allocation (a bug here) stops with
// "UncheckedByteBuffer: 300 bytes in 256".

import XMLCodableCore

/// A growable buffer of bytes in memory it owns and frees, stored into with plain stores that
/// check only that the bytes fit (growing it when they do not), and read through `view`. It
/// cannot be copied: move it.
///
/// ```swift
/// var buffer = UncheckedByteBuffer()
/// buffer.append(UncheckedBytes("<n/>"))
/// buffer.append(0x0A)
/// buffer.view.string   // "<n/>\n"
/// ```
struct UncheckedByteBuffer: ~Copyable {
    /// The allocation: `capacity` bytes, the first `count` written; `nil` before the first store.
    private var base: UnsafeMutableRawPointer?
    /// The bytes in the buffer.
    private(set) var count = 0
    /// The bytes the buffer can hold before it grows.
    private(set) var capacity = 0

    /// An empty buffer, which allocates nothing until its first store.
    init() {}

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        reserve(capacity)
    }

    /// A buffer holding a copy of `bytes` (a table the writers copy pieces of, such as line
    /// breaks and indentation).
    init(copying bytes: [UInt8]) {
        bytes.withUncheckedBytes { append($0) }
    }

    deinit {
        base?.deallocate()
    }

    /// Whether the buffer holds no bytes.
    var isEmpty: Bool { count == 0 }

    /// The bytes, valid until the buffer is next changed.
    @inline(__always)
    var view: UncheckedBytes { UncheckedBytes(start: base, count: count) }

    /// Makes room for at least `needed` bytes in all (the bytes may move: earlier views become
    /// invalid).
    mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 1)
        if let base {
            if count > 0 { grown.copyMemory(from: base, byteCount: count) }
            base.deallocate()
        }
        base = grown
        capacity = needed
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(Swift.max(256, capacity &* 2)) }
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        didStore(1)
    }

    /// Appends a copy of `bytes` (which must not be a view of this buffer: growing would free them).
    @inline(__always)
    mutating func append(_ bytes: UncheckedBytes) {
        let length = bytes.count
        guard length > 0 else { return }
        if length > capacity &- count { reserve(Swift.max(256, capacity &* 2, count &+ length)) }
        store(bytes)
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

    /// The allocation's address, once there is one (every store makes room first, so there is).
    @inline(__always)
    private var storage: UnsafeMutableRawPointer { base.unsafelyUnwrapped }

    /// Stores a copy of `bytes` (at least one byte) after the bytes there are, in room the caller
    /// made. A run of up to 16 bytes (most names and values) is read through the view as two
    /// overlapping words (8 to 16 bytes), two overlapping 4-byte values (4 to 7), or its first,
    /// middle and last bytes (1 to 3), and stored the same way, without a call; a longer one is
    /// copied by `copyMemory`.
    @inline(__always)
    private mutating func store(_ bytes: UncheckedBytes) {
        let length = bytes.count
        let target = storage + count
        if length > 16 {
            bytes.copyBytes(to: target)
        } else if length >= 8 {
            storePair(bytes.loadWord(uncheckedAt: 0), bytes.loadWord(uncheckedAt: length &- 8), length)
        } else if length >= 4 {
            storePair(bytes.loadUInt32(uncheckedAt: 0), bytes.loadUInt32(uncheckedAt: length &- 4), length)
        } else {
            // 1 to 3 bytes: the first, the middle and the last (two of them the same byte below 3).
            let middle = length &>> 1
            target.storeBytes(of: bytes[unchecked: 0], as: UInt8.self)
            target.storeBytes(of: bytes[unchecked: middle], toByteOffset: middle, as: UInt8.self)
            target.storeBytes(of: bytes[unchecked: length &- 1], toByteOffset: length &- 1, as: UInt8.self)
        }
        didStore(length)
    }

    /// Stores the first and the last `Value.bitWidth / 8` bytes of a run of `length` (which
    /// overlap when it is shorter than two of them) after the bytes there are; `head` and `tail`
    /// hold them as loaded, the first byte in the lowest bits.
    @inline(__always)
    private func storePair<Value: FixedWidthInteger>(_ head: Value, _ tail: Value, _ length: Int) {
        let target = storage + count
        target.storeBytes(of: head.littleEndian, as: Value.self)
        target.storeBytes(of: tail.littleEndian, toByteOffset: length &- Value.bitWidth / 8, as: Value.self)
    }

    /// Counts `length` bytes just stored after the others; debug and internal-checks builds check
    /// that they were within the allocation.
    @inline(__always)
    private mutating func didStore(_ length: Int) {
        count &+= length
        internalCheck(count <= capacity, "UncheckedByteBuffer: \(count) bytes in \(capacity)")
    }
}

extension Array where Element == UInt8 {
    /// Appends what one read of at most `limit` bytes from `descriptor` gives (`SystemIO.read`,
    /// retried after a signal), and returns how many bytes that was: 0 at the end of the input.
    /// When the read fails, the array is left as it was.
    ///
    /// ```swift
    /// var chunk: [UInt8] = []
    /// let count = try chunk.appendRead(from: 0, upTo: 1 << 16)   // standard input's next bytes
    /// ```
    mutating func appendRead(from descriptor: Int32, upTo limit: Int) throws(SystemError) -> Int {
        let start = count
        append(contentsOf: repeatElement(0, count: limit))
        let outcome = UncheckedMutableBytes.withView(of: &self) { bytes in
            Result { () throws(SystemError) in
                try SystemIO.read(descriptor, into: bytes.extracting(unchecked: start..<bytes.count))
            }
        }
        switch outcome {
        case .success(let read):
            removeLast(limit - read)
            return read
        case .failure(let error):
            removeLast(limit)
            throw error
        }
    }
}
