// UncheckedByteSink: the one place the encoder's bytes are stored without Swift's checks.
//
// Why it exists
// -------------
// The encoder copies every value into its tree's byte arena as the value arrives, and the compact
// writer then copies the document, name by name and value by value, into the buffer of the `Data`
// it returns. Both are stores of short runs (a name, a number, a word) once per node or value, so
// an `[UInt8]` (a uniqueness and a capacity check per append, a call for each run's copy) would
// cost several percent of encoding. They used to do it with pointers of their own: the tree's
// `byteBase` and its word-copying `copy`, and the writer's `RawSink` over `malloc`'d memory. Now
// both store into this sink, which owns its allocation (`~Copyable`: freed once, in `deinit`, or
// handed to a `Data` by `data()`) and is the only code that stores into it. What reads the bytes
// back does so through `view`, an `UncheckedBytes`.
//
// Two ways to store: the tree `append`s, which grows the allocation when the bytes do not fit;
// the compact writer `put`s into the room the tree's size estimate made, which never grows it
// (so the writer's loops keep its address at hand) and, when the bytes do not fit, stores nothing
// and sets `overflowed`: the writer then gives up and the general writer writes the document.
//
// What is unchecked, and what checks it
// -------------------------------------
// * Room. Every store checks that its bytes fit (one comparison against `capacity`; the puts of
//   several runs, as `put(element:text:)`, one for all of them), so none lands outside the
//   allocation; that check is the only one. The stores themselves are plain:
//   short runs by two overlapping word loads and stores within the run, longer ones by
//   `copyMemory`.
// * Bounds. `appendCopy(unchecked:)` copies bytes the sink already holds; the caller guarantees
//   the range is within `0 ..< count`. Debug and internal-checks builds check it
//   (`internalCheck`, `InternalCheck.swift`), and that every store ended within the allocation.
// * Lifetime. `view` is not lifetime-checked: it is valid until the next mutating call, which
//   may move the bytes. The encoder's tree lends its views to the writer, which does not change
//   the tree while it writes.
//
// A worked example: a sink of capacity 8.
//
//     var sink = UncheckedByteSink(capacity: 8)
//     sink.append(UncheckedBytes("<a>"))               // "<a>"               count 3
//     sink.appendDecimal(-42)                          // "<a>-42"            count 6, capacity 26
//     sink.append(UncheckedBytes("</a>"))              // "<a>-42</a>"        count 10
//     sink.appendCopy(unchecked: 0..<3)                // "<a>-42</a><a>"     count 13
//     sink.view.extracting(unchecked: 3..<6).string    // "-42", valid until the next change
//     sink.put(UncheckedBytes("<b/>"))                 // "<a>-42</a><a><b/>" count 17, no growth
//     sink.put(UncheckedBytes("<c>too long</c>"))      // 15 bytes, 9 of room: nothing stored,
//                                                      // `overflowed` (a writer would give up)
//     sink.removeAll()                                 // count 0, not overflowed, capacity 26
//     sink.append(UncheckedBytes("<a/>"))
//     let data = sink.data()                           // "<a/>", in the same memory
//
// (`appendDecimal` makes room for the longest decimal of its type, 23 bytes for an `Int`, before
// writing the digits: 3 + 23 bytes, more than twice 8.) In a debug build,
// `sink.appendCopy(unchecked: 8..<16)` there stops with
// "UncheckedByteSink: range 8 ..< 16 is outside 0 ..< 13".

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffer of bytes that owns its `malloc`'d allocation, stored into with plain stores that check
/// only that the bytes fit (`append` then grows the buffer, `put` sets `overflowed`), and read
/// through `view`.
///
/// The buffer is freed when the sink is, or handed to a `Data` by `data()`. `view` is valid until
/// the next mutating call; `appendCopy(unchecked:)` trusts its range (checked in debug builds).
///
/// ```swift
/// var sink = UncheckedByteSink(capacity: 64)
/// sink.append(UncheckedBytes("<n>"))
/// sink.appendDecimal(7)
/// sink.append(UncheckedBytes("</n>"))
/// let document = sink.data()   // "<n>7</n>"
/// ```
internal struct UncheckedByteSink: ~Copyable {
    /// The allocation: `capacity` bytes, the first `count` written.
    private var base: UnsafeMutableRawPointer
    /// The bytes allocated.
    private(set) var capacity: Int
    /// The bytes written.
    private(set) var count = 0
    /// Whether a `put` did not fit (and stored nothing): the bytes written since are incomplete.
    private(set) var overflowed = false

    /// An empty sink with room for `capacity` bytes (at least one).
    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        guard let memory = malloc(self.capacity) else {
            fatalError("UncheckedByteSink: could not allocate \(self.capacity) bytes")
        }
        base = memory
    }

    deinit {
        free(base)
    }

    /// The bytes written, valid until the next mutating call.
    @inline(__always)
    var view: UncheckedBytes { UncheckedBytes(start: base, count: count) }

    /// Makes room for `extra` more bytes: at least double the capacity when it grows (the bytes
    /// may move, so earlier views become invalid).
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > capacity &- count { grow(extra) }
    }

    private mutating func grow(_ extra: Int) {
        internalCheck(extra >= 0, "UncheckedByteSink: room for \(extra) bytes")
        let newCapacity = Swift.max(capacity * 2, count + extra)
        // A new allocation and a copy of the bytes written (not `realloc`, which would copy the
        // whole allocation when it cannot grow in place).
        guard let memory = malloc(newCapacity) else {
            fatalError("UncheckedByteSink: could not allocate \(newCapacity) bytes")
        }
        memory.copyMemory(from: base, byteCount: count)
        free(base)
        base = memory
        capacity = newCapacity
    }

    /// Counts `length` bytes just stored after the others; debug and internal-checks builds check
    /// that they were within the allocation.
    @inline(__always)
    private mutating func didStore(_ length: Int) {
        count &+= length
        internalCheck(length >= 0 && count <= capacity, "UncheckedByteSink: \(count) bytes in \(capacity)")
    }

    // MARK: - Stores into the room there is

    /// Stores a copy of `bytes` if they fit in the room left; else stores nothing and sets
    /// `overflowed`. Never moves the bytes, so the caller's loop keeps the sink's address at hand.
    @inline(__always)
    mutating func put(_ bytes: UncheckedBytes) {
        let length = bytes.count
        guard length <= capacity &- count else {
            overflowed = true
            return
        }
        guard let source = bytes.unsafeRawBuffer.baseAddress else { return }
        Self.copy(source, to: base + count, count: length)
        didStore(length)
    }

    /// Stores one byte if it fits in the room left; else stores nothing and sets `overflowed`.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        didStore(1)
    }

    /// Stores `<name>text</name>` if it fits in the room left; else stores nothing and sets
    /// `overflowed`: the compact writer's element that holds one text and nothing else, with one
    /// check of room for its seven runs rather than one each.
    @inline(__always)
    mutating func put(element name: UncheckedBytes, text: UncheckedBytes) {
        let nameLength = name.count
        let textLength = text.count
        guard 2 &* nameLength &+ textLength &+ 5 <= capacity &- count else {
            overflowed = true
            return
        }
        guard let nameSource = name.unsafeRawBuffer.baseAddress, let textSource = text.unsafeRawBuffer.baseAddress
        else {
            // An empty run: stored one run at a time.
            put(UInt8(ascii: "<"))
            put(name)
            put(UInt8(ascii: ">"))
            put(text)
            put(endTag: name)
            return
        }
        let target = base + count
        target.storeBytes(of: UInt8(ascii: "<"), as: UInt8.self)
        Self.copy(nameSource, to: target + 1, count: nameLength)
        var offset = nameLength &+ 1
        target.storeBytes(of: UInt8(ascii: ">"), toByteOffset: offset, as: UInt8.self)
        Self.copy(textSource, to: target + (offset &+ 1), count: textLength)
        offset &+= textLength &+ 1
        target.storeBytes(of: UInt8(ascii: "<"), toByteOffset: offset, as: UInt8.self)
        target.storeBytes(of: UInt8(ascii: "/"), toByteOffset: offset &+ 1, as: UInt8.self)
        Self.copy(nameSource, to: target + (offset &+ 2), count: nameLength)
        target.storeBytes(of: UInt8(ascii: ">"), toByteOffset: offset &+ 2 &+ nameLength, as: UInt8.self)
        didStore(offset &+ 3 &+ nameLength)
    }

    /// Stores `</name>` if it fits in the room left; else stores nothing and sets `overflowed`.
    @inline(__always)
    mutating func put(endTag name: UncheckedBytes) {
        let nameLength = name.count
        guard nameLength &+ 3 <= capacity &- count else {
            overflowed = true
            return
        }
        let target = base + count
        target.storeBytes(of: UInt8(ascii: "<"), as: UInt8.self)
        target.storeBytes(of: UInt8(ascii: "/"), toByteOffset: 1, as: UInt8.self)
        if let source = name.unsafeRawBuffer.baseAddress { Self.copy(source, to: target + 2, count: nameLength) }
        target.storeBytes(of: UInt8(ascii: ">"), toByteOffset: nameLength &+ 2, as: UInt8.self)
        didStore(nameLength &+ 3)
    }

    /// Stores ` name="value"` if it fits in the room left; else stores nothing and sets
    /// `overflowed`: the compact writer's attribute whose value needs no escaping, with one check
    /// of room for its five runs.
    @inline(__always)
    mutating func put(attribute name: UncheckedBytes, value: UncheckedBytes) {
        let nameLength = name.count
        let valueLength = value.count
        guard nameLength &+ valueLength &+ 4 <= capacity &- count else {
            overflowed = true
            return
        }
        let target = base + count
        target.storeBytes(of: 0x20, as: UInt8.self)
        if let source = name.unsafeRawBuffer.baseAddress { Self.copy(source, to: target + 1, count: nameLength) }
        target.storeBytes(of: UInt8(ascii: "="), toByteOffset: nameLength &+ 1, as: UInt8.self)
        target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: nameLength &+ 2, as: UInt8.self)
        if let source = value.unsafeRawBuffer.baseAddress {
            Self.copy(source, to: target + (nameLength &+ 3), count: valueLength)
        }
        target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: nameLength &+ 3 &+ valueLength, as: UInt8.self)
        didStore(nameLength &+ valueLength &+ 4)
    }

    // MARK: - Appends that grow the sink

    /// Appends a copy of `bytes` (making room first).
    @inline(__always)
    mutating func append(_ bytes: UncheckedBytes) {
        let length = bytes.count
        reserve(length)
        guard let source = bytes.unsafeRawBuffer.baseAddress else { return }
        Self.copy(source, to: base + count, count: length)
        didStore(length)
    }

    /// Appends a copy of the bytes in `range`, which the caller guarantees is within `0 ..< count`
    /// (checked in debug and internal-checks builds).
    mutating func appendCopy(unchecked range: Range<Int>) {
        internalCheck(
            range.lowerBound >= 0 && range.upperBound <= count,
            "UncheckedByteSink: range \(range.lowerBound) ..< \(range.upperBound) is outside 0 ..< \(count)")
        reserve(range.count)
        // After `reserve`, which may move the bytes; the two runs do not overlap (the copy goes
        // after `count`).
        Self.copy(base + range.lowerBound, to: base + count, count: range.count)
        didStore(range.count)
    }

    /// Appends the decimal digits of `value` (a `-` first if it is negative), and returns how
    /// many bytes that was.
    @discardableResult
    mutating func appendDecimal<Integer: FixedWidthInteger>(_ value: Integer) -> Int {
        // A decimal digit holds more than three bits: room for every digit and a sign, which are
        // written backwards from the end of that room, then moved to `count`.
        let room = Integer.bitWidth / 3 &+ 2
        reserve(room)
        let end = count &+ room
        var position = end
        var magnitude = value.magnitude
        // Two digits per division while three or more are left (half the divisions of the wide
        // type), stored as one 16-bit value: the tens digit first in memory.
        while magnitude >= 100 { storeLastPair(of: &magnitude, at: &position) }
        if magnitude >= 10 {
            storeLastPair(of: &magnitude, at: &position)
        } else {
            storeBackwards(UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0"), at: &position)
        }
        return finishBackwards(from: position, to: end, negative: value < 0)
    }

    /// Appends `true` or `false`, and returns how many bytes that was: one store of eight bytes
    /// into room made for them, of which the word's four or five count.
    @discardableResult
    mutating func appendBool(_ value: Bool) -> Int {
        reserve(8)
        // "true" and "false" as little-endian words, the first letter lowest.
        let word: UInt64 = value ? 0x6575_7274 : 0x65_736C_6166
        let length = value ? 4 : 5
        base.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt64.self)
        didStore(length)
        return length
    }

    /// Appends `digits` × 10^−`fractionDigits` in fixed-point notation, as `Double.description`
    /// writes a number of that value: a `-` first if `negative`, the integer part (`0` when there
    /// is none), a `.`, then exactly `fractionDigits` digits (leading zeros included), or `0` when
    /// `fractionDigits` is 0. Returns how many bytes that was. For example `(5151234, 5, false)`
    /// appends `51.51234`, `(12, 4, true)` `-0.0012`, and `(7, 0, false)` `7.0`.
    /// `fractionDigits` is below 20; the caller leaves out the trailing zeros it does not want.
    @discardableResult
    mutating func appendFixedPoint(_ digits: UInt64, fractionDigits: Int, negative: Bool) -> Int {
        internalCheck(fractionDigits >= 0 && fractionDigits < 20, "UncheckedByteSink: \(fractionDigits) decimals")
        // At most 20 digits, the leading `0`, the point and the sign, written backwards from the
        // end of that room, then moved to `count` (as `appendDecimal` does).
        let room = 24
        reserve(room)
        let end = count &+ room
        var position = end
        var rest = digits
        var fraction = fractionDigits
        if fraction == 0 { storeBackwards(UInt8(ascii: "0"), at: &position) }
        // The fraction, two digits per division while two or more are left.
        while fraction >= 2 {
            storeLastPair(of: &rest, at: &position)
            fraction &-= 2
        }
        if fraction == 1 { storeLastDigit(of: &rest, at: &position) }
        storeBackwards(UInt8(ascii: "."), at: &position)
        // The integer part: at least one digit.
        while rest >= 10 { storeLastDigit(of: &rest, at: &position) }
        storeLastDigit(of: &rest, at: &position)
        return finishBackwards(from: position, to: end, negative: negative)
    }

    /// Stores `byte` just before `position`, which moves back by one: numbers are written from
    /// their last byte (`appendDecimal`, `appendFixedPoint`).
    @inline(__always)
    private func storeBackwards(_ byte: UInt8, at position: inout Int) {
        position &-= 1
        base.storeBytes(of: byte, toByteOffset: position, as: UInt8.self)
    }

    /// Stores the last decimal digit of `rest` just before `position` (see `storeBackwards`), and
    /// drops it from `rest`.
    @inline(__always)
    private func storeLastDigit(of rest: inout UInt64, at position: inout Int) {
        let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
        storeBackwards(UInt8(truncatingIfNeeded: digit) &+ UInt8(ascii: "0"), at: &position)
        rest = quotient
    }

    /// Stores the last two decimal digits of `rest` just before `position` (see `storeBackwards`),
    /// as one 16-bit value (the tens digit first in memory), and drops them from `rest`.
    @inline(__always)
    private func storeLastPair<Magnitude: BinaryInteger>(of rest: inout Magnitude, at position: inout Int) {
        let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
        position &-= 2
        base.storeBytes(
            of: Self.digitPair(UInt16(truncatingIfNeeded: pair)), toByteOffset: position, as: UInt16.self)
        rest = quotient
    }

    /// Ends a number written backwards into the room after `count` (`appendDecimal`,
    /// `appendFixedPoint`): its bytes are `position ..< end`; a `-` goes before them if
    /// `negative`; then they are moved to `count`. Returns how many bytes were appended.
    @inline(__always)
    private mutating func finishBackwards(from position: Int, to end: Int, negative: Bool) -> Int {
        var position = position
        if negative { storeBackwards(UInt8(ascii: "-"), at: &position) }
        let length = end &- position
        internalCheck(position >= count, "UncheckedByteSink: \(length) bytes in the room reserved")
        // The two runs may overlap (a long number): the copy loads before it stores.
        Self.copy(base + position, to: base + count, count: length)
        didStore(length)
        return length
    }

    /// The two ASCII digits of `pair` (below 100) as a 16-bit value whose bytes in memory are the
    /// tens digit, then the ones digit. (`pair × 205 >> 11` is `pair / 10` for every pair below 1,029.)
    @inline(__always)
    private static func digitPair(_ pair: UInt16) -> UInt16 {
        let zero: UInt16 = 0x30
        let tens: UInt16 = (pair &* 205) &>> 11
        let ones: UInt16 = pair &- tens &* 10
        let high: UInt16 = (ones &+ zero) &<< 8
        return ((tens &+ zero) | high).littleEndian
    }

    /// Forgets the bytes (and an overflow), keeping the allocation.
    mutating func removeAll() {
        count = 0
        overflowed = false
    }

    /// The bytes as a `Data` that takes the allocation over (no copy; shrunk in place first when
    /// more than 4 KB of it is unused). The sink is consumed.
    consuming func data() -> Data {
        internalCheck(!overflowed, "UncheckedByteSink: the bytes of a sink that overflowed")
        var memory = base
        let count = self.count
        if capacity &- count > 4096, let shrunk = realloc(base, Swift.max(count, 1)) { memory = shrunk }
        discard self
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
    }

    /// Copies `count` bytes from `source` to `target`; short runs (most names and values) by two
    /// overlapping loads and stores rather than a call. Every load is made before any store of
    /// the same branch, and longer runs go through `copyMemory`, so the runs may overlap.
    ///
    /// Unchecked: the callers above make room for `count` bytes at `target` first (`reserve`),
    /// and `source` holds `count` bytes (a view's, or a range of the sink's own).
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8 {
            if count <= 16 {
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                target.storeBytes(of: head, as: UInt64.self)
                target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
            } else {
                target.copyMemory(from: source, byteCount: count)
            }
        } else if count >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            let first = source.load(as: UInt8.self)
            let middle = source.load(fromByteOffset: count &>> 1, as: UInt8.self)
            let last = source.load(fromByteOffset: count &- 1, as: UInt8.self)
            target.storeBytes(of: first, as: UInt8.self)
            target.storeBytes(of: middle, toByteOffset: count &>> 1, as: UInt8.self)
            target.storeBytes(of: last, toByteOffset: count &- 1, as: UInt8.self)
        }
    }
}
