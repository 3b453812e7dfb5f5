// Character classes of XML 1.0 (fifth edition) and Namespaces 1.0, on UTF-8 bytes.
//
// The scanner's hot loops look every ASCII byte up in one 256-entry table (`ByteClass`), built
// once, whose bits say "ends plain text", "is a name start character", "is a name character",
// "is white space" and so on. Non-ASCII bytes are decoded to a scalar (`decodeScalar`) and
// checked against the ranges of the specification (`isNameStartScalar`, `isNameScalar`,
// `isXMLChar`): such characters are rare enough in markup that the ranges cost nothing. In text
// and attribute values, runs of non-ASCII characters are validated by byte ranges instead
// (`skipValidNonASCIIRun`), four two-byte characters per word where a run starts with them.

/// Bits of the per-byte classification table.
@usableFromInline
package enum ByteClass {
    /// Ends a run of plain character data: `<`, `&`, `]`, `\r`, non-ASCII, and C0 controls other
    /// than tab and line feed.
    static let textStop: UInt8 = 1 << 0
    /// Ends a run of plain attribute-value bytes: `<`, `&`, `"`, `'`, tab, line feed, carriage
    /// return, non-ASCII, C0 controls.
    static let attributeStop: UInt8 = 1 << 1
    /// An ASCII name start character (letters, `_`, `:`).
    package static let nameStart: UInt8 = 1 << 2
    /// An ASCII name character (name start characters, digits, `-`, `.`).
    package static let name: UInt8 = 1 << 3
    /// XML white space: space, tab, line feed, carriage return.
    static let space: UInt8 = 1 << 4

    /// Whether a byte is XML white space (the `S` production: space, tab, line feed, carriage
    /// return): the one test the table, the index and the decoder share, so that they agree on
    /// what character data is white space only.
    @inlinable @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    /// An ASCII name character other than the colon (which namespace processing must see).
    static let nameNoColon: UInt8 = 1 << 6
    /// Ends a run of plain comment, PI or CDATA bytes: `-`, `?`, `]`, `>`, `\r`, non-ASCII, C0 controls.
    static let markupStop: UInt8 = 1 << 5

    /// The table, indexed by byte (`table[Int(byte)]`). Made once for the life of the process.
    package static let table = UncheckedByteTable { b in
        var bits: UInt8 = 0
        let isControl = b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D
        if b >= 0x80 || isControl || b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b == UInt8(ascii: "]")
            || b == 0x0D
        {
            bits |= textStop
        }
        if b >= 0x80 || b < 0x20 || b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b == UInt8(ascii: "\"")
            || b == UInt8(ascii: "'")
        {
            bits |= attributeStop
        }
        if b >= 0x80 || isControl || b == 0x0D || b == UInt8(ascii: "-") || b == UInt8(ascii: "?")
            || b == UInt8(ascii: "]") || b == UInt8(ascii: ">")
        {
            bits |= markupStop
        }
        let isLetter =
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
        if isLetter || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") {
            bits |= nameStart | name
        }
        if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") {
            bits |= name
        }
        if isSpace(b) {
            bits |= space
        }
        if bits & name != 0 && b != UInt8(ascii: ":") {
            bits |= nameNoColon
        }
        return bits
    }
}

/// Whether a scalar is a `Char` of XML 1.0: tab, line feed, carriage return, and everything from
/// U+0020 except surrogates, U+FFFE and U+FFFF.
@inline(__always)
package func isXMLChar(_ c: UInt32) -> Bool {
    if c < 0x20 { return c == 0x09 || c == 0x0A || c == 0x0D }
    if c <= 0xD7FF { return true }
    if c < 0xE000 { return false }
    if c <= 0xFFFD { return true }
    return c >= 0x10000 && c <= 0x10FFFF
}

/// Whether a scalar is a `NameStartChar` (production [4] of XML 1.0 fifth edition).
package func isNameStartScalar(_ c: UInt32) -> Bool {
    if c < 0x80 {
        return ByteClass.table[Int(c)] & ByteClass.nameStart != 0
    }
    switch c {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
        0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
        return true
    default:
        return false
    }
}

/// Whether a scalar is a `NameChar` (production [4a]).
package func isNameScalar(_ c: UInt32) -> Bool {
    if c < 0x80 {
        return ByteClass.table[Int(c)] & ByteClass.name != 0
    }
    if isNameStartScalar(c) { return true }
    return c == 0xB7 || (c >= 0x300 && c <= 0x36F) || c == 0x203F || c == 0x2040
}

/// Whether a byte is a `PubidChar` (production [13]).
internal func isPubidByte(_ b: UInt8) -> Bool {
    switch b {
    case 0x20, 0x0D, 0x0A: return true
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    default:
        return "-'()+,./:=?;!*#@$_%".utf8.contains(b)
    }
}

/// Decodes one UTF-8 scalar starting at `index` (whose byte is not ASCII).
///
/// Returns the scalar and its length in bytes, or `nil` when the bytes are not well-formed UTF-8
/// (truncated, overlong, a surrogate, or above U+10FFFF).
@inline(__always)
internal func decodeScalar(_ bytes: UncheckedBytes, _ index: Int, _ end: Int) -> (scalar: UInt32, length: Int)? {
    let b0 = UInt32(bytes[unchecked: index])
    if b0 < 0x80 { return (b0, 1) }
    @inline(__always) func continuation(_ offset: Int) -> UInt32? {
        guard index + offset < end else { return nil }
        let b = UInt32(bytes[unchecked: index + offset])
        return b & 0xC0 == 0x80 ? b & 0x3F : nil
    }
    if b0 >= 0xC2 && b0 <= 0xDF {
        guard let b1 = continuation(1) else { return nil }
        return ((b0 & 0x1F) << 6 | b1, 2)
    }
    if b0 >= 0xE0 && b0 <= 0xEF {
        guard let b1 = continuation(1), let b2 = continuation(2) else { return nil }
        let c = (b0 & 0x0F) << 12 | b1 << 6 | b2
        if c < 0x800 || (c >= 0xD800 && c <= 0xDFFF) { return nil }
        return (c, 3)
    }
    if b0 >= 0xF0 && b0 <= 0xF4 {
        guard let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) else { return nil }
        let c = (b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
        if c < 0x10000 || c > 0x10FFFF { return nil }
        return (c, 4)
    }
    return nil
}

/// Writes the UTF-8 of scalar `c` into `out` at `offset`; the offset after it, or `nil` when `out`
/// has no room for it.
@inline(__always)
internal func writeUTF8(_ c: UInt32, into out: UncheckedMutableBytes, at offset: Int) -> Int? {
    let length = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
    guard offset + length <= out.count else { return nil }
    switch length {
    case 1:
        out[unchecked: offset] = UInt8(c)
    case 2:
        out[unchecked: offset] = UInt8(0xC0 | (c >> 6))
        out[unchecked: offset + 1] = UInt8(0x80 | (c & 0x3F))
    case 3:
        out[unchecked: offset] = UInt8(0xE0 | (c >> 12))
        out[unchecked: offset + 1] = UInt8(0x80 | ((c >> 6) & 0x3F))
        out[unchecked: offset + 2] = UInt8(0x80 | (c & 0x3F))
    default:
        out[unchecked: offset] = UInt8(0xF0 | (c >> 18))
        out[unchecked: offset + 1] = UInt8(0x80 | ((c >> 12) & 0x3F))
        out[unchecked: offset + 2] = UInt8(0x80 | ((c >> 6) & 0x3F))
        out[unchecked: offset + 3] = UInt8(0x80 | (c & 0x3F))
    }
    return offset + length
}

/// Appends the UTF-8 encoding of a scalar.
@inline(__always)
internal func appendUTF8(_ c: UInt32, to bytes: inout [UInt8]) {
    if c < 0x80 {
        bytes.append(UInt8(c))
    } else if c < 0x800 {
        bytes.append(UInt8(0xC0 | (c >> 6)))
        bytes.append(UInt8(0x80 | (c & 0x3F)))
    } else if c < 0x10000 {
        bytes.append(UInt8(0xE0 | (c >> 12)))
        bytes.append(UInt8(0x80 | ((c >> 6) & 0x3F)))
        bytes.append(UInt8(0x80 | (c & 0x3F)))
    } else {
        bytes.append(UInt8(0xF0 | (c >> 18)))
        bytes.append(UInt8(0x80 | ((c >> 12) & 0x3F)))
        bytes.append(UInt8(0x80 | ((c >> 6) & 0x3F)))
        bytes.append(UInt8(0x80 | (c & 0x3F)))
    }
}

/// Skips one well-formed UTF-8 sequence at `p` (whose first byte is not ASCII) that encodes an XML
/// `Char`, and returns the position after it; returns `p` when the bytes are malformed or encode
/// U+FFFE or U+FFFF, so the caller can take the slow path and report the exact problem.
///
/// This checks byte ranges (Unicode table 3-7) instead of decoding the scalar: surrogates and
/// overlong forms are excluded by the ranges, and every other scalar at or above U+0080 is a Char.
@inline(__always)
internal func skipValidNonASCII(_ bytes: UncheckedBytes, _ p: Int, _ end: Int) -> Int {
    let b0 = bytes[unchecked: p]
    @inline(__always) func byte(_ i: Int) -> UInt8 { bytes[unchecked: p + i] }
    if b0 < 0xE0 {
        guard b0 >= 0xC2, p + 1 < end, byte(1) & 0xC0 == 0x80 else { return p }
        return p + 2
    }
    if b0 < 0xF0 {
        guard p + 2 < end else { return p }
        let b1 = byte(1)
        let b2 = byte(2)
        let lower: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
        let upper: UInt8 = b0 == 0xED ? 0x9F : 0xBF
        guard b1 >= lower, b1 <= upper, b2 & 0xC0 == 0x80 else { return p }
        if b0 == 0xEF, b1 == 0xBF, b2 >= 0xBE { return p }  // U+FFFE, U+FFFF
        return p + 3
    }
    guard b0 <= 0xF4, p + 3 < end else { return p }
    let b1 = byte(1)
    let lower: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
    let upper: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
    guard b1 >= lower, b1 <= upper, byte(2) & 0xC0 == 0x80, byte(3) & 0xC0 == 0x80 else { return p }
    return p + 4
}

/// Skips a run of well-formed non-ASCII characters that are all XML `Char`s, starting at `p`
/// (a byte at or above 0x80): the end of the run, or `p` when the first one is not such a character.
/// Text in scripts other than Latin is mostly such runs (`ελληνικά`, `日本語`), which a scan for
/// stop bytes would otherwise leave and re-enter for every character.
///
/// A run that starts with four two-byte characters (a Greek or Cyrillic word) is first skipped
/// eight bytes at a time while it has them (`isFourTwoByteCharacters`).
@inline(__always)
internal func skipValidNonASCIIRun(_ bytes: UncheckedBytes, _ p: Int, _ end: Int) -> Int {
    var q = p
    if q + 8 <= end, isFourTwoByteCharacters(bytes.loadWord(uncheckedAt: q)) {
        q += 8
        while q + 8 <= end, isFourTwoByteCharacters(bytes.loadWord(uncheckedAt: q)) { q += 8 }
        if q >= end || bytes[unchecked: q] < 0x80 { return q }
    }
    while true {
        let next = skipValidNonASCII(bytes, q, end)
        if next == q || next >= end || bytes[unchecked: next] < 0x80 { return next }
        q = next
    }
}

/// Whether the eight bytes of `word` (loaded little-endian, so each 16-bit lane holds a lead byte
/// in its low half) are four well-formed two-byte UTF-8 sequences: leads `110xxxxx` from 0xC2 (not
/// the overlong 0xC0 and 0xC1, whose bits 1–4 are all zero), each followed by a continuation byte
/// `10xxxxxx`. Every such sequence encodes a scalar from U+0080 to U+07FF, an XML `Char`.
@inline(__always)
internal func isFourTwoByteCharacters(_ word: UInt64) -> Bool {
    guard word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 else { return false }
    // Bits 1–4 of a lead are not all zero exactly when adding 0x1E to them carries into bit 5.
    return ((word & 0x001E_001E_001E_001E) &+ 0x001E_001E_001E_001E) & 0x0020_0020_0020_0020 == 0x0020_0020_0020_0020
}
