// UncheckedByteTable: a table of 256 bytes, one per byte value, read without a bounds check.
//
// The scanner looks up every ASCII byte of a document in one table (`ByteClass.table`: "ends plain
// text", "starts a name", "is white space" …), in loops of one load and one test. An array would
// retain its storage and check its index at every lookup; this type holds the table in memory
// allocated once and never freed (it lives as long as the process, as a `static let` does), so a
// lookup is one load.
//
// What is unchecked, and what checks it: the index. Every caller indexes with `Int(byte)` for a
// `UInt8`, which is always in `0 ..< 256`; debug and internal-checks builds check it anyway
// (`internalCheck`). The memory is written only while the table is made, before anyone can read
// it, and never again, which is why sharing it between tasks is safe (`@unchecked Sendable`).
//
// A worked example: a table marking the ASCII digits, and a lookup.
//
//     let digits = UncheckedByteTable { byte in byte >= 0x30 && byte <= 0x39 ? 1 : 0 }
//     digits[Int(UInt8(ascii: "7"))]     // 1
//     digits[Int(UInt8(ascii: "x"))]     // 0
//     digits[256]                        // debug: "UncheckedByteTable: index 256 is outside 0 ..< 256"

/// A table of 256 bytes indexed by a byte's value, made once and never freed, read without a
/// bounds check in release builds (see the file's header comment).
///
/// ```swift
/// let table = UncheckedByteTable { $0 == 0x20 ? 1 : 0 }
/// table[Int(UInt8(ascii: " "))]   // 1
/// ```
@usableFromInline package struct UncheckedByteTable: @unchecked Sendable {
    /// The 256 entries, written only by `init`.
    @usableFromInline let entries: UnsafePointer<UInt8>

    /// Makes a table whose entry for each byte value is `entry(byte)`. The memory is never freed:
    /// make a table once (a `static let`), not per use.
    package init(_ entry: (UInt8) -> UInt8) {
        let entries = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            (entries + byte).initialize(to: entry(UInt8(byte)))
        }
        self.entries = UnsafePointer(entries)
    }

    /// The entry at `index`, which the caller guarantees is in `0 ..< 256` (`Int(byte)` for a
    /// `UInt8` always is).
    @inlinable @inline(__always)
    package subscript(_ index: Int) -> UInt8 {
        internalCheck(index >= 0 && index < 256, "UncheckedByteTable: index \(index) is outside 0 ..< 256")
        return entries[index]
    }
}
