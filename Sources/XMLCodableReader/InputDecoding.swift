// Input decoding: which encoding a document is in, and transcoding to UTF-8 when it is not UTF-8.
//
// XML 1.0 appendix F: the first bytes tell the encoding family (a byte order mark, or `<?xml`
// written in UTF-16 without one); an ASCII-compatible document may then name its encoding in the
// XML declaration. `detect` decides from the first bytes (asking for more until it can); a
// `ChunkTranscoder` then turns the rest into UTF-8 piece by piece, carrying a code unit or a
// surrogate pair cut between two pieces over to the next, so that a document fed in chunks and a
// document in memory decode the same way:
//
//     FF FE 3C 00 61 00 | 3E 00 3D D8 | 00 DE 3C 00 …      UTF-16LE in three chunks
//     BOM   <     a       >     (high surrogate carried) → 😀  <
//
// UTF-8 documents are left where they are (`prepare` returns `nil`); UTF-16 and UTF-32 (LE/BE),
// ISO-8859-1 and US-ASCII are transcoded here, and the legacy encodings a declaration names
// (windows-1251, Shift_JIS, GBK, Big5, …: `LegacyEncoding`) by `LegacyDecoder`, so the scanner
// only ever sees UTF-8. Any other encoding is refused by name, and a byte order mark that
// contradicts the declaration is an error. Errors carry offsets into the original bytes.

internal enum InputDecoding {
    /// An encoding the reader reads, as detected from a document's first bytes.
    enum SourceEncoding: Equatable {
        /// UTF-8 (ASCII is UTF-8); `checksASCII` when declared US-ASCII, so bytes above 0x7F are errors.
        case utf8(checksASCII: Bool)
        case utf16(bigEndian: Bool, hasBOM: Bool)
        case utf32(bigEndian: Bool, hasBOM: Bool)
        /// ISO-8859-1 itself (0x80–0x9F are C1 controls), as XML processors read it.
        case latin1
        /// An encoding decoded through the WHATWG's tables (`LegacyDecoder`).
        case legacy(LegacyEncoding)

        /// Whether the document's first bytes fix the encoding (UTF-16 and UTF-32), so that an
        /// XML declaration in it must agree with them.
        var isWide: Bool {
            switch self {
            case .utf16, .utf32: true
            default: false
            }
        }
    }

    /// An error found while decoding input: a reason and an offset into the original bytes.
    struct Failure: Error {
        var reason: XMLParsingError.Reason
        var offset: Int
    }

    /// What a document's bytes are, for a reader of the whole document.
    enum Prepared {
        /// UTF-8: read the bytes as they are.
        case utf8
        /// Another encoding, transcoded to UTF-8.
        case transcoded([UInt8])
        /// Bytes that are not valid in the document's encoding, after these UTF-8 bytes: the
        /// reader reads what comes before and then throws the error, so that errors are reported in
        /// document order (a markup error before it comes first), as when the document is read in chunks.
        case cutShort([UInt8], XMLParsingError)
    }

    /// Transcodes `bytes` to UTF-8 if they are in another supported encoding.
    ///
    /// - Throws: ``XMLParsingError`` when the encoding is unsupported or contradicts the byte
    ///   order mark or the declaration (what the first bytes say).
    static func prepare(_ bytes: [UInt8]) throws(XMLParsingError) -> Prepared {
        try bytes.withUncheckedBytes { bytes throws(XMLParsingError) in try prepare(bytes) }
    }

    /// Transcodes `bytes` to UTF-8 if they are in another supported encoding; see `prepare(_:)`.
    static func prepare(_ bytes: UncheckedBytes) throws(XMLParsingError) -> Prepared {
        let detected: SourceEncoding?
        do throws(Failure) {
            detected = try detect(bytes, final: true)
        } catch {
            throw parsingError(error, in: bytes)
        }
        guard let encoding = detected, encoding != .utf8(checksASCII: false) else { return .utf8 }
        var transcoder = ChunkTranscoder(encoding)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        do throws(Failure) {
            try transcoder.transcode(bytes, final: true) { out.append(contentsOf: $0) }
        } catch {
            // A declaration that contradicts the encoding, if it is there, comes first.
            try checkDeclaration(&transcoder, out, final: false)
            // Where the valid bytes end, as for a document read in chunks.
            let location = out.withUncheckedBytes { XMLReader.Location(offset: $0.count, in: $0) }
            return .cutShort(
                out,
                XMLParsingError(
                    reason: error.reason, offset: error.offset, line: location.line, column: location.column))
        }
        if case .utf8 = encoding { return .utf8 }
        try checkDeclaration(&transcoder, out, final: true)
        return .transcoded(out)
    }

    /// A UTF-16 or UTF-32 document's declaration, once it is in `out`, must name that encoding.
    private static func checkDeclaration(_ transcoder: inout ChunkTranscoder, _ out: [UInt8], final: Bool)
        throws(XMLParsingError)
    {
        try out.withUncheckedBytes { utf8 throws(XMLParsingError) in
            do throws(Failure) {
                try transcoder.checkWideDeclaration(utf8, final: final)
            } catch {
                // Its offset is in the transcoded text.
                throw parsingError(error, in: utf8)
            }
        }
    }

    /// The encoding of a document from its first bytes, or `nil` when more bytes are needed to
    /// tell (an ASCII-compatible document whose XML declaration has not fully arrived). With
    /// `final`, `bytes` are all there is.
    static func detect(_ bytes: UncheckedBytes, final: Bool) throws(Failure) -> SourceEncoding? {
        let count = bytes.count
        if count < 4, !final { return nil }
        // `i` is one of 0 ... 3: a byte past the end reads as one that matches no pattern.
        func byte(_ i: Int) -> UInt8 { i < count ? bytes[unchecked: i] : 0xAA }

        // UTF-32 (UCS-4 in its two usual byte orders), with or without a byte order mark; the
        // unusual orders 2143 and 3412, and EBCDIC, are recognised and refused by name.
        if count >= 4 {
            let head = (UInt32(byte(0)) << 24) | (UInt32(byte(1)) << 16) | (UInt32(byte(2)) << 8) | UInt32(byte(3))
            switch head {
            case 0x0000_FEFF: return .utf32(bigEndian: true, hasBOM: true)
            case 0xFFFE_0000: return .utf32(bigEndian: false, hasBOM: true)
            case 0x0000_003C: return .utf32(bigEndian: true, hasBOM: false)
            case 0x3C00_0000: return .utf32(bigEndian: false, hasBOM: false)
            case 0x0000_FFFE, 0xFEFF_0000, 0x0000_3C00, 0x003C_0000:
                throw Failure(reason: .unsupportedEncoding("UCS-4 in an unusual byte order (2143 or 3412)"), offset: 0)
            case 0x4C6F_A794:
                throw Failure(reason: .unsupportedEncoding("EBCDIC"), offset: 0)
            default: break
            }
        }
        if byte(0) == 0xFE && byte(1) == 0xFF { return .utf16(bigEndian: true, hasBOM: true) }
        if byte(0) == 0xFF && byte(1) == 0xFE { return .utf16(bigEndian: false, hasBOM: true) }
        if byte(0) == 0x00 && byte(1) == 0x3C && byte(2) == 0x00 && byte(3) == 0x3F {
            return .utf16(bigEndian: true, hasBOM: false)
        }
        if byte(0) == 0x3C && byte(1) == 0x00 && byte(2) == 0x3F && byte(3) == 0x00 {
            return .utf16(bigEndian: false, hasBOM: false)
        }
        let hasUTF8BOM = byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF
        let start = hasUTF8BOM ? 3 : 0
        if !final, !declarationHasArrived(bytes, from: start) { return nil }
        guard let declared = declaredEncoding(bytes, from: start) else { return .utf8(checksASCII: false) }
        let label = LegacyEncoding.normalized(declared.name)
        if LegacyEncoding.isUTF8Label(label) { return .utf8(checksASCII: false) }
        if LegacyEncoding.isUTF16Label(label) || isUTF32Label(label) {
            throw Failure(
                reason: .encodingMismatch(
                    declared: declared.name,
                    detected: hasUTF8BOM ? "UTF-8" : "an 8-bit encoding (no UTF-16 or UTF-32 byte order mark)"),
                offset: declared.offset)
        }
        if hasUTF8BOM {
            throw Failure(
                reason: .encodingMismatch(declared: declared.name, detected: "UTF-8"), offset: declared.offset)
        }
        switch label {
        case "iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "latin1", "latin-1", "l1",
            "iso-ir-100", "csisolatin1", "cp819", "ibm819":
            return .latin1
        case "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "us", "csascii":
            return .utf8(checksASCII: true)
        default:
            break
        }
        guard let legacy = LegacyEncoding(label: label) else {
            throw Failure(reason: .unsupportedEncoding(declared.name), offset: declared.offset)
        }
        return .legacy(legacy)
    }

    /// The labels of UTF-32 (ISO 10646's UCS-4), which only a document whose first bytes say so can carry.
    static func isUTF32Label(_ label: String) -> Bool {
        switch label {
        case "utf-32", "utf32", "utf-32le", "utf-32be", "ucs-4", "iso-10646-ucs-4", "csucs4": true
        default: false
        }
    }

    /// How far `declaredEncoding` looks for the encoding: the first bytes of the document.
    static let declarationWindow = 512

    /// Whether enough of an ASCII-compatible document has arrived for `declaredEncoding` to give
    /// the answer it gives for the whole document: its scan ends within the bytes there are (or
    /// at `declarationWindow`), not at the end of them.
    static func declarationHasArrived(_ bytes: UncheckedBytes, from start: Int) -> Bool {
        if case .incomplete = scanDeclaredEncoding(bytes, from: start) { return false }
        return true
    }

    /// Finds `encoding="…"` in an XML declaration at `start`, without validating the declaration
    /// (the scanner does that on the transcoded text).
    static func declaredEncoding(_ bytes: UncheckedBytes, from start: Int) -> (name: String, offset: Int)? {
        if case .found(let name, let offset) = scanDeclaredEncoding(bytes, from: start) { return (name, offset) }
        return nil
    }

    private enum DeclarationScan {
        case found(String, Int)
        case none
        /// The bytes end before the scan could tell.
        case incomplete
    }

    /// The scan behind `declaredEncoding`: it looks at the first `declarationWindow` bytes.
    ///
    /// Every byte it reads is below `limit`, which is at most `bytes.count`.
    private static func scanDeclaredEncoding(_ bytes: UncheckedBytes, from start: Int) -> DeclarationScan {
        let windowEnd = start + declarationWindow
        let limit = min(bytes.count, windowEnd)
        // The answer when the scan reaches `limit`: final only if `limit` is the window's end.
        let ranOut: DeclarationScan = limit < windowEnd ? .incomplete : .none
        let prefix: StaticString = "<?xml"
        for i in 0..<5 {
            guard start + i < limit else { return ranOut }
            if bytes[unchecked: start + i] != prefix.utf8Start[i] { return .none }
        }
        guard start + 5 < limit else { return ranOut }
        let afterName = bytes[unchecked: start + 5]
        guard afterName == 0x20 || afterName == 0x09 || afterName == 0x0A || afterName == 0x0D else { return .none }
        var i = start + 5
        let key = Array("encoding".utf8)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while i < limit {
            if bytes[unchecked: i] == UInt8(ascii: "?") { return .none }
            if bytes[unchecked: i] == key[0] {
                guard i + key.count <= limit else { return ranOut }
                if (0..<key.count).allSatisfy({ bytes[unchecked: i + $0] == key[$0] }) {
                    var j = i + key.count
                    while j < limit, isSpace(bytes[unchecked: j]) { j += 1 }
                    guard j < limit else { return ranOut }
                    guard bytes[unchecked: j] == UInt8(ascii: "=") else { return .none }
                    j += 1
                    while j < limit, isSpace(bytes[unchecked: j]) { j += 1 }
                    guard j < limit else { return ranOut }
                    guard bytes[unchecked: j] == UInt8(ascii: "\"") || bytes[unchecked: j] == UInt8(ascii: "'") else {
                        return .none
                    }
                    let quote = bytes[unchecked: j]
                    let valueStart = j + 1
                    var k = valueStart
                    while k < limit, bytes[unchecked: k] != quote, bytes[unchecked: k] < 0x80 { k += 1 }
                    guard k < limit else { return ranOut }
                    guard bytes[unchecked: k] == quote else { return .none }
                    return .found(bytes.extracting(unchecked: valueStart..<k).string, valueStart)
                }
            }
            i += 1
        }
        return ranOut
    }

    static func asciiError(_ byte: UInt8) -> XMLParsingError.Reason {
        .unexpectedCharacter(
            found: "byte 0x\(String(byte, radix: 16, uppercase: true))", expected: "a US-ASCII character")
    }

    /// The public error for a decoding failure in a document whose bytes are all in `bytes`.
    static func parsingError(_ failure: Failure, in bytes: UncheckedBytes) -> XMLParsingError {
        let location = XMLReader.Location(offset: failure.offset, in: bytes)
        return XMLParsingError(
            reason: failure.reason, offset: failure.offset, line: location.line, column: location.column)
    }
}

/// Turns the bytes of a document in one of `InputDecoding.SourceEncoding`'s encodings into UTF-8,
/// piece by piece: a UTF-16 or UTF-32 code unit, a surrogate pair, or a legacy encoding's
/// multi-byte character cut between two pieces is carried over.
internal struct ChunkTranscoder {
    let encoding: InputDecoding.SourceEncoding
    /// Bytes of an incomplete UTF-16/UTF-32 code unit or surrogate pair from the end of the last piece.
    private var carried: [UInt8] = []
    /// The decoder of a legacy encoding, with its state between pieces.
    private var legacy: LegacyDecoder?
    /// How many original bytes the pieces so far held (for error offsets).
    private(set) var consumed = 0
    /// Whether the XML declaration of a UTF-16/UTF-32 document has been checked against the encoding.
    private var declarationChecked = false

    /// Whether this is a UTF-16 or UTF-32 document whose declaration has not been checked yet:
    /// until it is, a reader in chunks reads none of it (in memory, a declaration that
    /// contradicts the byte order mark is reported before anything the scanner would find in it).
    var awaitsDeclarationCheck: Bool {
        encoding.isWide && !declarationChecked
    }

    init(_ encoding: InputDecoding.SourceEncoding) {
        self.encoding = encoding
        if case .legacy(let legacyEncoding) = encoding { legacy = LegacyDecoder(legacyEncoding) }
    }

    /// Whether the bytes are UTF-8 passed on as they are, so that they may be read straight into
    /// the reader's window (see `StreamInput.readChunk`).
    var passesThrough: Bool { encoding == .utf8(checksASCII: false) }

    /// Counts bytes passed on without going through `transcode` (see `passesThrough`).
    mutating func passedThrough(_ count: Int) {
        consumed += count
    }

    /// Transcodes one piece, passing the UTF-8 to `emit` (in one or more calls). With `final`, the
    /// piece is the last: a code unit cut short is then an error.
    mutating func transcode(
        _ piece: UncheckedBytes, final: Bool, _ emit: (UncheckedBytes) -> Void
    ) throws(InputDecoding.Failure) {
        defer { consumed += piece.count }
        if encoding == .utf8(checksASCII: false) {
            // UTF-8 is passed on as it is (the scanner checks it).
            emit(piece)
            return
        }
        var out: [UInt8] = []
        out.reserveCapacity(piece.count + piece.count / 2 + 8)
        // What was decoded before an error is passed on before it is thrown, so that the error's
        // line and column can be counted up to it.
        do throws(InputDecoding.Failure) {
            try transcode(piece, final: final, into: &out)
        } catch {
            out.withUncheckedBytes { emit($0) }
            throw error
        }
        out.withUncheckedBytes { emit($0) }
    }

    private mutating func transcode(_ piece: UncheckedBytes, final: Bool, into out: inout [UInt8])
        throws(InputDecoding.Failure)
    {
        switch encoding {
        case .utf8(let checksASCII):
            if checksASCII {
                var bad = 0
                while bad < piece.count, piece[unchecked: bad] < 0x80 { bad += 1 }
                if bad < piece.count {
                    out.append(contentsOf: piece.extracting(unchecked: 0..<bad))
                    throw InputDecoding.Failure(
                        reason: InputDecoding.asciiError(piece[unchecked: bad]), offset: consumed + bad)
                }
            }
            out.append(contentsOf: piece)
        case .latin1:
            for i in 0..<piece.count {
                let b = piece[unchecked: i]
                if b < 0x80 { out.append(b) } else { appendUTF8(UInt32(b), to: &out) }
            }
        case .legacy:
            guard var decoder = legacy else { return }
            defer { legacy = decoder }
            try decoder.decode(piece, at: consumed, final: final, into: &out)
        case .utf16(let bigEndian, let hasBOM):
            try transcodeUTF16(piece, bigEndian: bigEndian, hasBOM: hasBOM, final: final, into: &out)
        case .utf32(let bigEndian, let hasBOM):
            try transcodeUTF32(piece, bigEndian: bigEndian, hasBOM: hasBOM, final: final, into: &out)
        }
    }

    /// The code units of this piece after those carried from the last one, without the byte
    /// order mark (`bomLength` bytes at the start of the document), and the document offset of
    /// the first of them.
    private mutating func units(of piece: UncheckedBytes, bomLength: Int) -> (units: [UInt8], start: Int) {
        // The BOM is not part of the document; it may itself be cut between pieces.
        let skip = consumed < bomLength ? min(bomLength - consumed, piece.count) : 0
        var units = carried
        units.append(contentsOf: piece.extracting(unchecked: skip..<piece.count))
        let start = consumed + skip - carried.count
        carried = []
        return (units, start)
    }

    private mutating func transcodeUTF16(
        _ piece: UncheckedBytes, bigEndian: Bool, hasBOM: Bool, final: Bool, into out: inout [UInt8]
    ) throws(InputDecoding.Failure) {
        let (units, start) = self.units(of: piece, bomLength: hasBOM ? 2 : 0)
        var i = 0
        let count = units.count
        @inline(__always) func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(units[at]) << 8 | UInt32(units[at + 1]) : UInt32(units[at + 1]) << 8 | UInt32(units[at])
        }
        // An unpaired surrogate is a byte sequence "not legal in that encoding" (§4.3.3): a
        // fatal error, located at the surrogate's first byte.
        @inline(__always) func unpaired(_ u: UInt32, expected: String) -> InputDecoding.Failure {
            InputDecoding.Failure(
                reason: .unexpectedCharacter(
                    found: "the unpaired UTF-16 surrogate 0x\(String(u, radix: 16, uppercase: true))",
                    expected: expected),
                offset: start + i)
        }
        while i + 1 < count {
            let u = unit(i)
            if u >= 0xD800 && u <= 0xDBFF {
                guard i + 3 < count else {
                    if final { throw unpaired(u, expected: "a low surrogate after it, before the end of the input") }
                    break
                }
                let low = unit(i + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw unpaired(u, expected: "a low surrogate (0xDC00 to 0xDFFF) after it")
                }
                appendUTF8(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), to: &out)
                i += 4
            } else if u >= 0xDC00 && u <= 0xDFFF {
                throw unpaired(u, expected: "a UTF-16 character (a low surrogate must follow a high one)")
            } else {
                appendUTF8(u, to: &out)
                i += 2
            }
        }
        if i < count {
            if final && count - i == 1 {
                throw InputDecoding.Failure(
                    reason: .unexpectedEndOfInput(expected: "the second byte of a UTF-16 code unit"), offset: start + i)
            }
            carried = Array(units[i...])
        }
    }

    private mutating func transcodeUTF32(
        _ piece: UncheckedBytes, bigEndian: Bool, hasBOM: Bool, final: Bool, into out: inout [UInt8]
    ) throws(InputDecoding.Failure) {
        let (units, start) = self.units(of: piece, bomLength: hasBOM ? 4 : 0)
        var i = 0
        let count = units.count
        while i + 3 < count {
            let b0 = UInt32(units[i])
            let b1 = UInt32(units[i + 1])
            let b2 = UInt32(units[i + 2])
            let b3 = UInt32(units[i + 3])
            let u = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
            // A surrogate or a value above U+10FFFF is not a character.
            guard u <= 0x10FFFF, !(0xD800...0xDFFF).contains(u) else {
                throw InputDecoding.Failure(
                    reason: .unexpectedCharacter(
                        found: "the UTF-32 code unit 0x\(String(u, radix: 16, uppercase: true))",
                        expected: "a Unicode scalar value"),
                    offset: start + i)
            }
            appendUTF8(u, to: &out)
            i += 4
        }
        if i < count {
            if final {
                throw InputDecoding.Failure(
                    reason: .unexpectedEndOfInput(expected: "the rest of a four-byte UTF-32 code unit"),
                    offset: start + i)
            }
            carried = Array(units[i...])
        }
    }

    /// For a UTF-16 or UTF-32 document: its XML declaration, if any, must name that encoding (or
    /// none). Checked once the declaration has arrived in `utf8` (the transcoded text so far);
    /// with `final`, `utf8` is the whole document.
    mutating func checkWideDeclaration(_ utf8: UncheckedBytes, final: Bool) throws(InputDecoding.Failure) {
        guard !declarationChecked, encoding.isWide else { return }
        guard final || InputDecoding.declarationHasArrived(utf8, from: 0) else { return }
        declarationChecked = true
        guard let declared = InputDecoding.declaredEncoding(utf8, from: 0) else { return }
        let name = declared.name.uppercased()
        let detected: String
        let fits: Bool
        switch encoding {
        case .utf16(let bigEndian, _):
            // A byte order mark with "UTF-16LE"/"UTF-16BE" is allowed only if they agree;
            // without one, "UTF-16" alone is fine too.
            detected = bigEndian ? "UTF-16BE" : "UTF-16LE"
            fits = name == "UTF-16" || name == detected || name == "ISO-10646-UCS-2" || name == "UCS-2"
        case .utf32(let bigEndian, _):
            detected = bigEndian ? "UTF-32BE" : "UTF-32LE"
            fits = name == "UTF-32" || name == detected || name == "ISO-10646-UCS-4" || name == "UCS-4"
        default:
            return
        }
        if !fits {
            // The offset is in the transcoded text, as the scanner's are.
            throw InputDecoding.Failure(
                reason: .encodingMismatch(declared: declared.name, detected: detected), offset: declared.offset)
        }
    }
}
