// VectorScan: sixteen bytes at a time, through the standard library's `SIMD16<UInt8>`.
//
// The scanner's runs of text and attribute values (`XMLScanner.text`, `startTag`), the searches of
// a reader fed in chunks (`StreamBoundary`) and its line counting (`LineCounter`) test a whole
// block per step: compare a block with a splatted byte, then ask whether any lane matched.
// `textStops` and `attributeValueStops` give the lanes of a block that the scanner must look at,
// the same bytes as `WordScan`'s eight-byte masks (bytes below 0x20 and from 0x80 in one signed
// comparison), so `firstSet` of the mask is exactly the first of them.
//
//     let block = bytes.loadVector(uncheckedAt: i)                 // bytes i ..< i + 16
//     if VectorScan.any(block .== VectorScan.splat(UInt8(ascii: "<"))) { … }   // one '<' at least
//
// `any(_:)` is the standard library's free function for a mask, but it is written with `min()`,
// which is not inlined into these loops (a call per block); `VectorScan.any` reads the mask's
// sixteen lanes (each all ones or all zeros) as two 64-bit words instead: two moves and an `or`.
// `firstSet` gives the first matching lane the same way, from the lowest set byte; `lastSet` the
// last, from the highest (for the backward search of `StreamBoundary.advanceQuickly`).
//
// Blocks are loaded by `UncheckedBytes.loadVector(uncheckedAt:)`: its callers guarantee
// `offset + 16 <= count` by their loop conditions (all of the form `while i + 16 <= count`), and
// debug builds assert it. A 16-byte mask is read as two 64-bit words by `UncheckedBytes.words(of:)`
// (a cast between two plain 16-byte values, every bit pattern valid, so it reads nothing but the
// value itself).

internal enum VectorScan {
    /// A block of sixteen copies of `byte`.
    @inline(__always)
    static func splat(_ byte: UInt8) -> SIMD16<UInt8> {
        SIMD16<UInt8>(repeating: byte)
    }

    /// Whether any lane of a comparison's mask is set.
    @inline(__always)
    static func any(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let words = UncheckedBytes.words(of: mask)
        return words[0] | words[1] != 0
    }

    /// The first lane of a comparison's mask that is set, or 16 when none is: the lowest set
    /// byte of the mask read as two little-endian words (lane 0 is the lowest byte of the first).
    @inline(__always)
    static func firstSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let words = UncheckedBytes.words(of: mask)
        let low = UInt64(littleEndian: words[0])
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        let high = UInt64(littleEndian: words[1])
        if high != 0 { return 8 &+ high.trailingZeroBitCount &>> 3 }
        return 16
    }

    /// The lanes of `block` that may end plain character data: `<`, `&`, `]`, a control byte
    /// (tab and line feed included, though they do not end it) or non-ASCII — the bytes that
    /// `WordScan.textStops` marks, so the first set lane is exactly the first such byte. Bytes
    /// below 0x20 and from 0x80 are one signed comparison: read as `Int8`, both are below 0x20.
    @inline(__always)
    static func textStops(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let signed = SIMD16<Int8>(truncatingIfNeeded: block)
        return (block .== splat(UInt8(ascii: "<"))) .| (block .== splat(UInt8(ascii: "&")))
            .| (block .== splat(UInt8(ascii: "]")))
            .| (signed .< SIMD16<Int8>(repeating: 0x20))
    }

    /// The lanes of `block` that may end plain attribute-value bytes: a quote, `<`, `&`, a control
    /// byte or non-ASCII — the bytes that `WordScan.attributeValueStops` marks, and exactly those
    /// of `ByteClass.attributeStop`.
    @inline(__always)
    static func attributeValueStops(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let signed = SIMD16<Int8>(truncatingIfNeeded: block)
        return (block .== splat(UInt8(ascii: "<"))) .| (block .== splat(UInt8(ascii: "&")))
            .| (block .== splat(UInt8(ascii: "\"")))
            .| (block .== splat(UInt8(ascii: "'"))) .| (signed .< SIMD16<Int8>(repeating: 0x20))
    }

    /// The last lane of a comparison's mask that is set, or -1 when none is: the highest set
    /// byte of the mask read as two little-endian words.
    @inline(__always)
    static func lastSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let words = UncheckedBytes.words(of: mask)
        let high = UInt64(littleEndian: words[1])
        if high != 0 { return 15 &- high.leadingZeroBitCount &>> 3 }
        let low = UInt64(littleEndian: words[0])
        if low != 0 { return 7 &- low.leadingZeroBitCount &>> 3 }
        return -1
    }
}
