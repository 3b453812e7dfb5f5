// UncheckedUTF8String: strings made from bytes that this file has itself checked, without the
// standard library checking them again.
//
// Why it exists
// -------------
// Every string value a decoder hands to a model (`name`, `author`, `description`) used to be made
// with `String(unsafeUninitializedCapacity:initializingUTF8With:)` or `String(decoding:as:)`,
// which check the UTF-8 they are given: a quick test for all-ASCII, then, when that fails, a check
// one byte at a time. Text in other scripts than Latin fails the quick test, and on the benchmarks'
// books document the full check was a large share of a whole decode (the benchmarks' log,
// `git show 9120041:Benchmarks/README.md`, "The decoder's strings"). Yet the bytes are a
// document's, which the reader has already checked character by character, as XML requires, with
// references replaced by the reader's own encoding of checked scalars.
//
// Swift 6.2's `UTF8Span(unchecked:isKnownASCII:)` and `String(copying:)` make a string from bytes
// the caller vouches for. Vouching on the reader's word alone would make a bug in any of its checks
// a string with broken invariants, which Swift's string code may read past the end of. So this
// file checks the bytes once more, its own faster way — sixteen ASCII bytes per step, a run of
// non-ASCII characters by the reader's `skipValidNonASCIIRun` — and only bytes that pass are
// vouched for. Bytes that do not pass (which the reader should never give) are made into a string
// the standard library's way, with U+FFFD for what is invalid, exactly as before.
//
// A worked example: `Science &amp; Nature` decodes to the 16 bytes `Science & Nature`. The check
// reads them as one vector, finds no byte from 0x80, and the string is made with
// `isKnownASCII: true`, so the standard library does not scan it at all. `Told over ελληνικά.`
// (27 bytes): the vector of its first sixteen stops at `ε` (byte 10), `skipValidNonASCIIRun`
// passes the eight Greek letters (sixteen bytes), and the last byte, `.`, is ASCII: valid, not
// ASCII.
//
// Strings under sixteen bytes are left to the standard library: its quick test passes most of
// them, and for so few bytes this check saves nothing.
//
// With a compiler older than 6.2, or an OS whose standard library predates `UTF8Span`, strings are
// made the standard library's way.

/// Makes strings from bytes it has checked are UTF-8 (and XML characters), without the standard
/// library's second check.
@usableFromInline
package enum UncheckedUTF8String {
    /// The string of `bytes`: checked here, then vouched for; any bytes that fail the check are
    /// decoded the standard library's way (invalid sequences become U+FFFD).
    @inlinable @inline(__always)
    package static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        #if compiler(>=6.2)
        // Below sixteen bytes, the standard library's own check (an ASCII test of the whole, then
        // a full one only when that fails) costs no more than this one.
        if bytes.count >= 16, #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            if let isASCII = checkedIsASCII(UncheckedBytes(UnsafeRawBufferPointer(bytes))) {
                // Debug builds (the tests) and internal-checks builds (the fuzzers) hold the check
                // to the standard library's.
                internalCheck(
                    String(validating: bytes, as: UTF8.self) != nil,
                    "UncheckedUTF8String: vouched for bytes that are not UTF-8")
                return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
            }
        }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string of `bytes` (see `make(_:)` for a buffer of `UInt8`).
    @inlinable @inline(__always)
    package static func make(_ bytes: UnsafeRawBufferPointer) -> String {
        make(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// The string of the bytes a view shows (see `make(_:)` for a buffer of `UInt8`).
    @inlinable @inline(__always)
    package static func make(_ bytes: UncheckedBytes) -> String {
        make(bytes.unsafeBuffer)
    }

    /// Whether `bytes` are all ASCII, when they are well-formed UTF-8 of XML characters; `nil`
    /// when they are not. Sixteen bytes per step (then eight, then one) while no byte is from
    /// 0x80; a non-ASCII run is checked by the reader's `skipValidNonASCIIRun`.
    @usableFromInline
    package static func checkedIsASCII(_ bytes: UncheckedBytes) -> Bool? {
        let count = bytes.count
        var isASCII = true
        var p = 0
        while p < count {
            if p + 16 <= count {
                let block = SIMD16<Int8>(truncatingIfNeeded: bytes.loadVector(uncheckedAt: p))
                let first = VectorScan.firstSet(block .< SIMD16<Int8>(repeating: 0))
                if first == 16 {
                    p += 16
                    continue
                }
                p += first
            } else if p + 8 <= count {
                let high = bytes.loadWord(uncheckedAt: p) & WordScan.highs
                if high == 0 {
                    p += 8
                    continue
                }
                p += high.trailingZeroBitCount &>> 3
            } else if bytes[unchecked: p] < 0x80 {
                p += 1
                continue
            }
            let next = skipValidNonASCIIRun(bytes, p, count)
            if next == p { return nil }
            isASCII = false
            p = next
        }
        return isASCII
    }
}
