// EncodingTables: the code-point tables of the legacy decoders, unpacked on first use.
//
// The generated EncodingTables.swift holds each WHATWG index as one base64 string literal of
// little-endian code points, 16 bits each (24 for Big5, whose Hong Kong additions reach plane 2),
// 0 where a pointer has no code point. A literal costs the compiler nothing to type-check and the
// binary only its bytes; a table is decoded from it the first time a document in that encoding
// is read (a `static let`: once per process, thread-safe) and is then a plain array:
//
//     "rCCBABog…"  →  bytes AC 20 81 00 1A 20 …  →  [0x20AC, 0x0081, 0x201A, …]
//                                                  (windows-1252's 0x80, 0x81, 0x82, …)
//
// A document in windows-1251 thus unpacks the 3,584-entry single-byte block (7 KB) and nothing
// else; one in Shift_JIS the 11,104 entries of index jis0208 (22 KB).

internal enum EncodingTables {
    /// Bytes 0x80–0xFF of every single-byte encoding, 128 entries per `LegacyEncoding` case.
    static let singleByte: [UInt16] = unpack16(singleBytePacked)
    /// index jis0208 (pointer → code point, 0 = none).
    static let jis0208: [UInt16] = unpack16(jis0208Packed)
    /// index jis0212.
    static let jis0212: [UInt16] = unpack16(jis0212Packed)
    /// index EUC-KR.
    static let eucKR: [UInt16] = unpack16(eucKRPacked)
    /// index gb18030 (the two-byte part).
    static let gb18030: [UInt16] = unpack16(gb18030Packed)
    /// index gb18030 ranges, as pointers and their first code points, sorted by pointer.
    static let gb18030Ranges: (pointers: [UInt32], codePoints: [UInt32]) = {
        let pairs = unpack24(gb18030RangesPacked)
        var pointers: [UInt32] = []
        var codePoints: [UInt32] = []
        var i = 0
        while i + 1 < pairs.count {
            pointers.append(pairs[i])
            codePoints.append(pairs[i + 1])
            i += 2
        }
        return (pointers, codePoints)
    }()
    /// index Big5.
    static let big5: [UInt32] = unpack24(big5Packed)

    /// Every label `labelsPacked` holds, with the encoding it names (built at the first lookup).
    static let labels: [String: LegacyEncoding] = {
        var labels: [String: LegacyEncoding] = [:]
        for (index, entry) in labelsPacked.description.split(separator: ";").enumerated() {
            guard let encoding = LegacyEncoding(rawValue: UInt8(index)) else { break }
            for label in entry.split(whereSeparator: { $0 == " " || $0 == "\n" }) { labels[String(label)] = encoding }
        }
        return labels
    }()

    /// The code point at `pointer` in `table` (16- or 24-bit), or nil when the pointer is outside
    /// it or unmapped.
    @inline(__always)
    static func lookup<Value: FixedWidthInteger & UnsignedInteger>(_ table: [Value], _ pointer: Int) -> UInt32? {
        guard pointer >= 0, pointer < table.count else { return nil }
        let value = table[pointer]
        return value == 0 ? nil : UInt32(truncatingIfNeeded: value)
    }

    /// The WHATWG's "index gb18030 ranges code point" for a four-byte gb18030 pointer.
    static func gb18030RangesCodePoint(_ pointer: Int) -> UInt32? {
        if (pointer > 39419 && pointer < 189000) || pointer > 1_237_575 { return nil }
        if pointer >= 189000 { return UInt32(0x10000 + pointer - 189000) }
        if pointer == 7457 { return 0xE7C7 }
        let ranges = gb18030Ranges
        // The last range that starts at or before the pointer (the first starts at 0).
        var low = 0
        var high = ranges.pointers.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(ranges.pointers[middle]) <= pointer { low = middle } else { high = middle }
        }
        guard !ranges.pointers.isEmpty else { return nil }
        return ranges.codePoints[low] + UInt32(pointer - Int(ranges.pointers[low]))
    }

    // MARK: - Unpacking

    /// The 16-bit code points of a generated literal (two little-endian bytes each).
    static func unpack16(_ packed: StaticString) -> [UInt16] { unpack(packed, width: 2) }

    /// The 24-bit code points of a generated literal (three little-endian bytes each).
    static func unpack24(_ packed: StaticString) -> [UInt32] { unpack(packed, width: 3) }

    /// The little-endian values of `width` bytes each that a generated literal holds (a last
    /// incomplete value is dropped).
    static func unpack<Value: FixedWidthInteger & UnsignedInteger>(_ packed: StaticString, width: Int) -> [Value] {
        let bytes = base64Decoded(packed)
        var values: [Value] = []
        values.reserveCapacity(bytes.count / width)
        var i = 0
        while i + width <= bytes.count {
            var value: Value = 0
            for k in 0..<width { value |= Value(bytes[i + k]) << (8 * k) }
            values.append(value)
            i += width
        }
        return values
    }

    /// Decodes base64 (the standard alphabet, `=` padding); anything else in the literal — the
    /// generator writes nothing else — is skipped.
    static func base64Decoded(_ packed: StaticString) -> [UInt8] {
        let count = packed.utf8CodeUnitCount
        var out: [UInt8] = []
        out.reserveCapacity(count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        packed.withUTF8Buffer { text in
            for c in text {
                let value: UInt32
                switch c {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                default: continue
                }
                accumulator = accumulator << 6 | value
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                    accumulator &= (1 << UInt32(bits)) - 1
                }
            }
        }
        return out
    }
}
