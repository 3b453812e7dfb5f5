// OwnedByteBuffer: a growable byte buffer that owns its memory, for a reader's window.
//
// Why it exists
// -------------
// A reader fed in chunks keeps the bytes it has not finished with in one contiguous window
// (`StreamInput`): new bytes are appended at the end (read(2) writes straight into it), bytes
// already read are dropped from the front by moving the rest down, and the scanner reads the
// window in place, as an `UncheckedBytes` view, once or more per event. An `[UInt8]` would check
// uniqueness on every write and could not lend its storage to a read(2) without a closure per
// chunk; so the window is a manual allocation. This type is that allocation with its bookkeeping
// (`count <= capacity`, every byte below `count` initialized) in one place, checked in debug
// builds after every change (`checkInvariants()`), and freed exactly once (it is `~Copyable`,
// with a `deinit`).
//
// What is unchecked, and what checks it
// -------------------------------------
// * Every mutating operation checks its arguments against `count` and `capacity` (they run once
//   per chunk, not per byte, so the checks cost nothing measurable) and clamps rather than traps.
// * The views it lends — `view` (the bytes) and `unusedCapacity(reserving:)` (room for a read) —
//   are not lifetime-checked: they are valid until the next mutating call, which may move the
//   bytes.
//   `StreamInput` hands `view` to the scanner for one event at a time and mutates the buffer only
//   between events.
//
// A worked example: a window of capacity 8 reading a document in chunks of 4.
//
//     var window = OwnedByteBuffer(capacity: 8)
//     let room = window.unusedCapacity(reserving: 4)   // 4 bytes after the last
//     window.didAppend(read(fd, room))                 // "<a>x"        count 4
//     window.append(chunk)                             // "<a>x</a>"    count 8
//     window.removeFirst(3)                            // "x</a>"       count 5 (moved down)
//     window.reserve(4)                                // room for 4 more: capacity 16 if needed
//     window.view[unchecked: 0]                        // 'x', valid until the next change

/// A growable buffer of bytes that owns its allocation (freed when the buffer is), for a reader's
/// window: appended at the end, dropped from the front, read in place through `view`.
///
/// Mutations are checked (and clamp their arguments); the views it lends are valid only until the
/// next mutation. Debug builds check its invariants after each change.
internal struct OwnedByteBuffer: ~Copyable {
    /// The allocation: `capacity` bytes, the first `count` initialized.
    private var storage: UnsafeMutableRawPointer
    /// The bytes allocated.
    private(set) var capacity: Int
    /// The bytes in the buffer.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes (at least one).
    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
        checkInvariants()
    }

    deinit {
        storage.deallocate()
    }

    /// Checks, in debug and internal-checks builds, that `count` is within `0 ... capacity`.
    @inline(__always)
    private func checkInvariants() {
        internalCheck(
            capacity > 0 && count >= 0 && count <= capacity, "OwnedByteBuffer: count \(count), capacity \(capacity)")
    }

    /// The bytes, valid until the next mutating call.
    @inline(__always)
    var view: UncheckedBytes { UncheckedBytes(start: storage, count: count) }

    /// Makes room for at least `needed` more bytes, doubling the capacity as often as that takes
    /// (the bytes move, so earlier views become invalid).
    mutating func reserve(_ needed: Int) {
        guard needed > capacity &- count else { return }
        var newCapacity = capacity
        while newCapacity - count < needed { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
        checkInvariants()
    }

    /// Appends a copy of `bytes` (making room first).
    mutating func append(_ bytes: UncheckedBytes) {
        guard let source = bytes.unsafeRawBuffer.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
        checkInvariants()
    }

    /// Room for `limit` more bytes straight after the buffer's bytes (made first), for a read to
    /// fill; `didAppend(_:)` then keeps what it wrote. Valid until the next mutating call.
    mutating func unusedCapacity(reserving limit: Int) -> UncheckedMutableBytes {
        let limit = Swift.max(0, limit)
        reserve(limit)
        return UncheckedMutableBytes(start: storage + count, count: limit)
    }

    /// Keeps `written` bytes written into `unusedCapacity(reserving:)` (clamped to the room
    /// there is).
    mutating func didAppend(_ written: Int) {
        count += Swift.min(Swift.max(0, written), capacity &- count)
        checkInvariants()
    }

    /// Drops the first `dropped` bytes (clamped to the count), moving the rest to the front.
    mutating func removeFirst(_ dropped: Int) {
        let dropped = Swift.min(Swift.max(0, dropped), count)
        guard dropped > 0 else { return }
        if dropped < count { storage.copyMemory(from: storage + dropped, byteCount: count - dropped) }
        count -= dropped
        checkInvariants()
    }

    /// Keeps only the first `newCount` bytes (clamped to the count).
    mutating func truncate(to newCount: Int) {
        count = Swift.min(Swift.max(0, newCount), count)
        checkInvariants()
    }
}
