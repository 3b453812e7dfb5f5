// Lexer: the lexical rules the scanner applies over and over — names, references, characters,
// white space — as a small value of its own.
//
// Why a separate type: the scanner is a large struct, and calling one of its non-mutating methods
// from a mutating one makes Swift copy all of it first. The lexer holds only what these rules
// need (the byte-class table, the name-length limit, whether names are QNames), so calling it
// costs nothing. It reports errors with offsets into the buffer it was given; the scanner turns
// them into document offsets (`XMLScanner.relocate`).

@usableFromInline
internal struct Lexer {
    /// `ByteClass.table`, held here so that a lookup is one load: 256 entries, read only as
    /// `table[Int(byte)]` with a `UInt8`, so always in bounds.
    let table: UncheckedByteTable
    let maxNameLength: Int
    let processNamespaces: Bool

    init(maxNameLength: Int, processNamespaces: Bool) {
        self.table = ByteClass.table
        self.maxNameLength = maxNameLength
        self.processNamespaces = processNamespaces
    }

    // MARK: - Errors

    @inline(never)
    func unexpected(_ buf: UncheckedBytes, at p: Int, limit: Int, expected: String) -> ScanError {
        if p >= limit { return ScanError(reason: .unexpectedEndOfInput(expected: expected), offset: p) }
        return ScanError(
            reason: .unexpectedCharacter(found: describe(buf, at: p, limit: limit), expected: expected), offset: p)
    }

    /// A readable description of the character at `p`, for messages.
    func describe(_ buf: UncheckedBytes, at p: Int, limit: Int) -> String {
        let b = buf[unchecked: p]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 {
            switch b {
            case 0x20: return "space"
            case 0x0A: return "line feed"
            case 0x09: return "tab"
            case 0x0D: return "carriage return"
            default: return "U+\(String(b, radix: 16, uppercase: true))"
            }
        }
        if let (scalar, _) = decodeScalar(buf, p, limit), let u = Unicode.Scalar(scalar) {
            return "'\(Character(u))'"
        }
        return "invalid UTF-8"
    }

    // MARK: - Characters and white space

    /// Checks the character at `p` (a control or non-ASCII byte) and returns the position after it.
    @inline(__always)
    func checkCharacter(_ buf: UncheckedBytes, at p: Int, limit: Int) throws(ScanError) -> Int {
        let byte = buf[unchecked: p]
        if byte < 0x80 {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw ScanError(reason: .invalidCharacter(codePoint: UInt32(byte)), offset: p)
            }
            return p + 1
        }
        guard let (scalar, length) = decodeScalar(buf, p, limit) else {
            throw ScanError(reason: .invalidUTF8, offset: p)
        }
        if !isXMLChar(scalar) { throw ScanError(reason: .invalidCharacter(codePoint: scalar), offset: p) }
        return p + length
    }

    /// Skips white space at `p`; returns whether there was any.
    @discardableResult
    @inline(__always)
    func skipSpace(_ buf: UncheckedBytes, _ p: inout Int, limit: Int) -> Bool {
        let start = p
        while p < limit, table[Int(buf[unchecked: p])] & ByteClass.space != 0 { p += 1 }
        return p > start
    }

    // MARK: - Names

    /// Scans a name at `start`. Returns its end and, for a qualified name with namespaces
    /// processed, the length of its prefix (or -1).
    ///
    /// With namespaces processed, `qualified` names must be QNames (at most one colon, with a
    /// non-empty prefix and local part) and other names (PI targets, entity and notation names)
    /// must have no colon at all.
    ///
    /// Lowercase ASCII letters after the first character are skipped eight at a time
    /// (`WordScan.notLowercaseLetters`); every other byte is looked at one by one.
    @inline(__always)
    func scanName(_ buf: UncheckedBytes, at start: Int, qualified: Bool, limit end: Int) throws(ScanError) -> (
        end: Int, prefixLength: Int32
    ) {
        var p = start
        guard p < end else { throw unexpected(buf, at: p, limit: end, expected: "a name") }
        let first = buf[unchecked: p]
        var colon = -1
        if first < 0x80 {
            guard table[Int(first)] & ByteClass.nameStart != 0 else {
                throw unexpected(buf, at: p, limit: end, expected: "a name")
            }
            if first == UInt8(ascii: ":") { colon = p }
            p += 1
        } else {
            p = try nonASCIINameCharacter(buf, at: p, limit: end, start: true)
        }
        var colons = colon >= 0 ? 1 : 0
        // Lowercase ASCII letters, the bulk of most names, eight at a time: up to the first other
        // byte, where the loop below takes over.
        while p + 8 <= end {
            let others = WordScan.notLowercaseLetters(buf.loadWord(uncheckedAt: p))
            if others == 0 {
                p += 8
                continue
            }
            p += others.trailingZeroBitCount &>> 3
            break
        }
        while p < end {
            let b = buf[unchecked: p]
            if table[Int(b)] & ByteClass.nameNoColon != 0 {
                p += 1
                continue
            }
            if b < 0x80 {
                guard table[Int(b)] & ByteClass.name != 0 else { break }
                if b == UInt8(ascii: ":") {
                    if colons == 0 { colon = p }
                    colons += 1
                }
                p += 1
            } else {
                let next = try nonASCIINameCharacter(buf, at: p, limit: end, start: false)
                if next == p { break }
                p = next
            }
        }
        if p - start > maxNameLength {
            throw ScanError(reason: .nameLengthLimitExceeded(limit: maxNameLength), offset: start)
        }
        guard processNamespaces, colons > 0 else { return (p, -1) }
        return try checkQName(buf, start: start, end: p, colon: colon, colons: colons, qualified: qualified, limit: end)
    }

    /// The end of the name at `start` when it is a plain one — ASCII, no colon, followed by an
    /// ASCII byte or the end of the buffer, within the length limit — for which `scanName` would
    /// return that end and no prefix; otherwise -1, and the caller calls `scanName`.
    ///
    /// With `byWords`, lowercase letters are first skipped eight at a time, as in `scanName`:
    /// worth it for element names (`description`), not for attribute names, which are mostly a
    /// letter or three (`k`, `lat`) that one look each costs less than a word's masks.
    @inline(__always)
    func plainNameEnd(_ buf: UncheckedBytes, at start: Int, limit end: Int, byWords: Bool = false) -> Int {
        let plainStart = ByteClass.nameStart | ByteClass.nameNoColon
        guard start < end, table[Int(buf[unchecked: start])] & plainStart == plainStart else { return -1 }
        var p = start + 1
        if byWords {
            while p + 8 <= end {
                let others = WordScan.notLowercaseLetters(buf.loadWord(uncheckedAt: p))
                if others != 0 {
                    p += others.trailingZeroBitCount &>> 3
                    break
                }
                p += 8
            }
        }
        while p < end, table[Int(buf[unchecked: p])] & ByteClass.nameNoColon != 0 { p += 1 }
        if p < end {
            let b = buf[unchecked: p]
            if b >= 0x80 || b == UInt8(ascii: ":") { return -1 }
        }
        return p - start > maxNameLength ? -1 : p
    }

    /// Decodes a non-ASCII name character at `p`; returns the position after it, or `p` when it
    /// is not a name character (for a start character, that is an error).
    @inline(never)
    func nonASCIINameCharacter(_ buf: UncheckedBytes, at p: Int, limit: Int, start: Bool) throws(ScanError) -> Int {
        guard let (scalar, length) = decodeScalar(buf, p, limit) else {
            throw ScanError(reason: .invalidUTF8, offset: p)
        }
        if start {
            guard isNameStartScalar(scalar) else { throw unexpected(buf, at: p, limit: limit, expected: "a name") }
        } else if !isNameScalar(scalar) {
            return p
        }
        return p + length
    }

    @inline(never)
    func checkQName(_ buf: UncheckedBytes, start: Int, end p: Int, colon: Int, colons: Int, qualified: Bool, limit: Int)
        throws(ScanError) -> (
            end: Int, prefixLength: Int32
        )
    {
        func invalid() -> ScanError {
            ScanError(
                reason: .invalidName(String(decoding: buf.rawBuffer(unchecked: start..<p), as: UTF8.self)),
                offset: start)
        }
        if qualified, colons == 1, colon + 1 == p, p >= limit {
            throw unexpected(buf, at: p, limit: p, expected: "the rest of the name")
        }
        guard qualified, colons == 1, colon > start, colon + 1 < p else { throw invalid() }
        // The local part must start with a name start character.
        let next = buf[unchecked: colon + 1]
        if next < 0x80 {
            if table[Int(next)] & ByteClass.nameStart == 0 { throw invalid() }
        } else if let (scalar, _) = decodeScalar(buf, colon + 1, p), !isNameStartScalar(scalar) {
            throw invalid()
        }
        return (p, Int32(colon - start))
    }

    // MARK: - References

    /// A reference, as `scanReference` finds it.
    struct Reference {
        enum Kind {
            /// `&#…;`: the code point.
            case character(UInt32)
            /// `&lt;` and the other four: the character.
            case predefined(UInt8)
            /// `&name;`: the range of the name.
            case entity(nameStart: Int, nameEnd: Int)
        }
        var kind: Kind
        /// The position after the `;`.
        var end: Int
    }

    /// The end of the reference at `p` (an `&`) when it is `&amp;`, `&lt;` or `&gt;`, the
    /// predefined entities text uses most, for which `scanReference` would return a predefined
    /// character and that same end; otherwise -1, and the caller calls `scanReference`. (With a
    /// name-length limit below 3, `scanReference` may refuse these names, so there is no shortcut.)
    @inline(__always)
    func predefinedReferenceEnd(_ buf: UncheckedBytes, at p: Int, limit end: Int) -> Int {
        guard maxNameLength >= 3, p + 4 <= end else { return -1 }
        let b1 = buf[unchecked: p + 1]
        let b2 = buf[unchecked: p + 2]
        let b3 = buf[unchecked: p + 3]
        if b3 == UInt8(ascii: ";"), b2 == UInt8(ascii: "t"), b1 == UInt8(ascii: "l") || b1 == UInt8(ascii: "g") {
            return p + 4
        }
        if b1 == UInt8(ascii: "a"), b2 == UInt8(ascii: "m"), b3 == UInt8(ascii: "p"), p + 5 <= end,
            buf[unchecked: p + 4] == UInt8(ascii: ";")
        {
            return p + 5
        }
        return -1
    }

    /// Scans the reference starting with `&` at `p`, checking its syntax and, for a character
    /// reference, that it names a character XML allows.
    func scanReference(_ buf: UncheckedBytes, at p: Int, limit end: Int) throws(ScanError) -> Reference {
        var q = p + 1
        guard q < end else { throw unexpected(buf, at: q, limit: end, expected: "a name or '#' after '&'") }
        if buf[unchecked: q] == UInt8(ascii: "#") {
            q += 1
            var value: UInt32 = 0
            var digits = 0
            let hex = q < end && buf[unchecked: q] == UInt8(ascii: "x")
            if hex { q += 1 }
            while q < end {
                let b = buf[unchecked: q]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: digit = 0xFF
                }
                if digit == 0xFF { break }
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
                digits += 1
                q += 1
            }
            guard digits > 0 else {
                if q >= end {
                    throw unexpected(buf, at: q, limit: end, expected: "the digits of the character reference")
                }
                throw ScanError(reason: .invalidCharacterReference("no digits"), offset: p)
            }
            guard q < end else {
                throw unexpected(buf, at: q, limit: end, expected: "the rest of the character reference")
            }
            guard buf[unchecked: q] == UInt8(ascii: ";") else {
                throw ScanError(reason: .invalidCharacterReference("missing ';'"), offset: p)
            }
            guard isXMLChar(value) else {
                let why =
                    value >= 0x11_0000
                    ? "beyond U+10FFFF" : "U+\(String(value, radix: 16, uppercase: true)) is not an XML character"
                throw ScanError(reason: .invalidCharacterReference(why), offset: p)
            }
            return Reference(kind: .character(value), end: q + 1)
        }
        let (nameEnd, _) = try scanName(buf, at: q, qualified: false, limit: end)
        guard nameEnd < end, buf[unchecked: nameEnd] == UInt8(ascii: ";") else {
            throw unexpected(buf, at: nameEnd, limit: end, expected: "';' to end the entity reference")
        }
        let length = nameEnd - q
        if length >= 2 && length <= 4 {
            let b0 = buf[unchecked: q]
            let b1 = buf[unchecked: q + 1]
            switch (length, b0, b1) {
            case (2, UInt8(ascii: "l"), UInt8(ascii: "t")):
                return Reference(kind: .predefined(UInt8(ascii: "<")), end: nameEnd + 1)
            case (2, UInt8(ascii: "g"), UInt8(ascii: "t")):
                return Reference(kind: .predefined(UInt8(ascii: ">")), end: nameEnd + 1)
            case (3, UInt8(ascii: "a"), UInt8(ascii: "m")) where buf[unchecked: q + 2] == UInt8(ascii: "p"):
                return Reference(kind: .predefined(UInt8(ascii: "&")), end: nameEnd + 1)
            case (4, UInt8(ascii: "a"), UInt8(ascii: "p"))
            where buf[unchecked: q + 2] == UInt8(ascii: "o") && buf[unchecked: q + 3] == UInt8(ascii: "s"):
                return Reference(kind: .predefined(UInt8(ascii: "'")), end: nameEnd + 1)
            case (4, UInt8(ascii: "q"), UInt8(ascii: "u"))
            where buf[unchecked: q + 2] == UInt8(ascii: "o") && buf[unchecked: q + 3] == UInt8(ascii: "t"):
                return Reference(kind: .predefined(UInt8(ascii: "\"")), end: nameEnd + 1)
            default: break
            }
        }
        return Reference(kind: .entity(nameStart: q, nameEnd: nameEnd), end: nameEnd + 1)
    }
}

// MARK: - Eight bytes at a time

/// Word-at-a-time tests for the scanner's skip loops (the "has zero byte" technique: a byte of
/// `(x - 0x01…) & ~x & 0x80…` is set where `x` has a zero byte, and possibly in bytes above it).
///
/// The false positives only ever lie above a true one: subtracting 1 from a nonzero byte never
/// borrows, so nothing below the first zero byte is marked. The lowest marked byte of a word is
/// therefore exactly the first byte that matches, which is what the `…Stops` functions give:
/// `stops.trailingZeroBitCount / 8` is its offset (words are loaded little-endian,
/// by `UncheckedBytes.loadWord(uncheckedAt:)`).
internal enum WordScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }

    /// The high bit of each byte of `w` that may end plain character data — `<`, `&`, `]`, a
    /// control byte (tab and line feed included, though they do not end it) or non-ASCII — and
    /// perhaps of bytes above them; the lowest is exact.
    @inline(__always)
    static func textStops(_ w: UInt64) -> UInt64 {
        let lt = zeroBytes(w ^ (ones &* 0x3C))
        let amp = zeroBytes(w ^ (ones &* 0x26))
        let bracket = zeroBytes(w ^ (ones &* 0x5D))
        let control = (w &- ones &* 0x20) & ~w
        return (lt | amp | bracket | control | w) & highs
    }

    /// The high bit of each byte of `w` that is not a lowercase ASCII letter (`a` to `z`), and
    /// perhaps of bytes above it; the lowest is exact. Each byte's low seven bits are compared with
    /// the range by two additions that cannot carry into the next byte: `b + 0x1F` reaches 0x80
    /// from `a` (0x61) on, `b + 0x05` from the byte after `z` (0x7B) on.
    @inline(__always)
    static func notLowercaseLetters(_ w: UInt64) -> UInt64 {
        let low = w & ~highs
        let lowercase = (low &+ ones &* 0x1F) & ~(low &+ ones &* 0x05) & ~w
        return ~lowercase & highs
    }

    /// The high bit of each byte of `w` that may end plain attribute-value bytes — a quote, `<`,
    /// `&`, a control byte or non-ASCII — and perhaps of bytes above them; the lowest is exact.
    @inline(__always)
    static func attributeValueStops(_ w: UInt64) -> UInt64 {
        let lt = zeroBytes(w ^ (ones &* 0x3C))
        let amp = zeroBytes(w ^ (ones &* 0x26))
        let quote = zeroBytes(w ^ (ones &* 0x22))
        let apostrophe = zeroBytes(w ^ (ones &* 0x27))
        // A byte below 0x20 borrows, setting its high bit; `& ~w` drops the non-ASCII bytes, marked by `w` itself.
        let control = (w &- ones &* 0x20) & ~w
        return (lt | amp | quote | apostrophe | control | w) & highs
    }
}
