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
// UTF-8 documents are left where they are (`prepare` returns `nil`); UTF-16 (LE/BE), ISO-8859-1,
// US-ASCII and windows-1252 are transcoded so the scanner only ever sees UTF-8. Every other
// encoding is refused by name, and a byte order mark that contradicts the declaration is an error.
// Errors carry offsets into the original bytes.

internal enum InputDecoding {
    /// An encoding the reader reads, as detected from a document's first bytes.
    enum SourceEncoding: Equatable {
        /// UTF-8 (ASCII is UTF-8); `checksASCII` when declared US-ASCII, so bytes above 0x7F are errors.
        case utf8(checksASCII: Bool)
        case utf16(bigEndian: Bool, hasBOM: Bool)
        case latin1
        case windows1252
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
        let result: Result<Prepared, XMLParsingError> = bytes.withUnsafeBytes { raw in Result { () throws(XMLParsingError) in try prepare(raw) } }
        return try result.get()
    }

    /// Transcodes `bytes` to UTF-8 if they are in another supported encoding; see `prepare(_:)`.
    static func prepare(_ bytes: UnsafeRawBufferPointer) throws(XMLParsingError) -> Prepared {
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
            let location = out.withUnsafeBytes { XMLReader.Location(offset: $0.count, in: $0) }
            return .cutShort(out, XMLParsingError(reason: error.reason, offset: error.offset, line: location.line, column: location.column))
        }
        if case .utf8 = encoding { return .utf8 }
        try checkDeclaration(&transcoder, out, final: true)
        return .transcoded(out)
    }

    /// A UTF-16 document's declaration, once it is in `out`, must name a UTF-16 encoding.
    private static func checkDeclaration(_ transcoder: inout ChunkTranscoder, _ out: [UInt8], final: Bool) throws(XMLParsingError) {
        var declarationFailure: Failure?
        out.withUnsafeBytes { utf8 in
            do throws(Failure) {
                try transcoder.checkUTF16Declaration(utf8, final: final)
            } catch {
                declarationFailure = error
            }
        }
        if let failure = declarationFailure {
            // Its offset is in the transcoded text.
            throw out.withUnsafeBytes { parsingError(failure, in: $0) }
        }
    }

    /// The encoding of a document from its first bytes, or `nil` when more bytes are needed to
    /// tell (an ASCII-compatible document whose XML declaration has not fully arrived). With
    /// `final`, `bytes` are all there is.
    static func detect(_ bytes: UnsafeRawBufferPointer, final: Bool) throws(Failure) -> SourceEncoding? {
        let count = bytes.count
        if count < 4, !final { return nil }
        func byte(_ i: Int) -> UInt8 { i < count ? bytes[i] : 0xAA }

        // UCS-4 and EBCDIC signatures: recognised, refused by name.
        if count >= 4 {
            let head = (UInt32(byte(0)) << 24) | (UInt32(byte(1)) << 16) | (UInt32(byte(2)) << 8) | UInt32(byte(3))
            switch head {
            case 0x0000_FEFF, 0xFFFE_0000, 0x0000_003C, 0x3C00_0000, 0x0000_FFFE, 0xFEFF_0000, 0x0000_3C00, 0x003C_0000:
                throw Failure(reason: .unsupportedEncoding("UCS-4"), offset: 0)
            case 0x4C6F_A794:
                throw Failure(reason: .unsupportedEncoding("EBCDIC"), offset: 0)
            default: break
            }
        }
        if byte(0) == 0xFE && byte(1) == 0xFF { return .utf16(bigEndian: true, hasBOM: true) }
        if byte(0) == 0xFF && byte(1) == 0xFE { return .utf16(bigEndian: false, hasBOM: true) }
        if byte(0) == 0x00 && byte(1) == 0x3C && byte(2) == 0x00 && byte(3) == 0x3F { return .utf16(bigEndian: true, hasBOM: false) }
        if byte(0) == 0x3C && byte(1) == 0x00 && byte(2) == 0x3F && byte(3) == 0x00 { return .utf16(bigEndian: false, hasBOM: false) }
        let hasUTF8BOM = byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF
        let start = hasUTF8BOM ? 3 : 0
        if !final, !declarationHasArrived(bytes, from: start) { return nil }
        guard let declared = declaredEncoding(bytes, from: start) else { return .utf8(checksASCII: false) }
        let name = declared.name.uppercased()
        switch name {
        case "UTF-8", "UTF8":
            return .utf8(checksASCII: false)
        case "UTF-16", "UTF-16LE", "UTF-16BE", "ISO-10646-UCS-2", "UCS-2":
            throw Failure(
                reason: .encodingMismatch(declared: declared.name, detected: hasUTF8BOM ? "UTF-8" : "an 8-bit encoding (no UTF-16 byte order mark)"),
                offset: declared.offset)
        default:
            break
        }
        if hasUTF8BOM { throw Failure(reason: .encodingMismatch(declared: declared.name, detected: "UTF-8"), offset: declared.offset) }
        switch name {
        case "ISO-8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1", "ISO-IR-100", "CP819", "IBM819", "ISO_8859-1:1987":
            return .latin1
        case "US-ASCII", "ASCII", "ANSI_X3.4-1968", "ISO646-US", "US":
            return .utf8(checksASCII: true)
        case "WINDOWS-1252", "CP1252", "X-CP1252":
            return .windows1252
        default:
            throw Failure(reason: .unsupportedEncoding(declared.name), offset: declared.offset)
        }
    }

    /// How far `declaredEncoding` looks for the encoding: the first bytes of the document.
    static let declarationWindow = 512

    /// Whether enough of an ASCII-compatible document has arrived for `declaredEncoding` to give
    /// the answer it gives for the whole document: its scan ends within the bytes there are (or
    /// at `declarationWindow`), not at the end of them.
    static func declarationHasArrived(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        if case .incomplete = scanDeclaredEncoding(bytes, from: start) { return false }
        return true
    }

    /// Finds `encoding="…"` in an XML declaration at `start`, without validating the declaration
    /// (the scanner does that on the transcoded text).
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (name: String, offset: Int)? {
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
    private static func scanDeclaredEncoding(_ bytes: UnsafeRawBufferPointer, from start: Int) -> DeclarationScan {
        let windowEnd = start + declarationWindow
        let limit = min(bytes.count, windowEnd)
        // The answer when the scan reaches `limit`: final only if `limit` is the window's end.
        let ranOut: DeclarationScan = limit < windowEnd ? .incomplete : .none
        let prefix: StaticString = "<?xml"
        for i in 0..<5 {
            guard start + i < limit else { return ranOut }
            if bytes[start + i] != prefix.utf8Start[i] { return .none }
        }
        guard start + 5 < limit else { return ranOut }
        let afterName = bytes[start + 5]
        guard afterName == 0x20 || afterName == 0x09 || afterName == 0x0A || afterName == 0x0D else { return .none }
        var i = start + 5
        let key = Array("encoding".utf8)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while i < limit {
            if bytes[i] == UInt8(ascii: "?") { return .none }
            if bytes[i] == key[0] {
                guard i + key.count <= limit else { return ranOut }
                if (0..<key.count).allSatisfy({ bytes[i + $0] == key[$0] }) {
                    var j = i + key.count
                    while j < limit, isSpace(bytes[j]) { j += 1 }
                    guard j < limit else { return ranOut }
                    guard bytes[j] == UInt8(ascii: "=") else { return .none }
                    j += 1
                    while j < limit, isSpace(bytes[j]) { j += 1 }
                    guard j < limit else { return ranOut }
                    guard bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return .none }
                    let quote = bytes[j]
                    let valueStart = j + 1
                    var k = valueStart
                    while k < limit, bytes[k] != quote, bytes[k] < 0x80 { k += 1 }
                    guard k < limit else { return ranOut }
                    guard bytes[k] == quote else { return .none }
                    return .found(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<k]), as: UTF8.self), valueStart)
                }
            }
            i += 1
        }
        return ranOut
    }

    /// windows-1252's mapping of 0x80–0x9F (0 where the byte is undefined).
    static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    static func asciiError(_ byte: UInt8) -> XMLParsingError.Reason {
        .unexpectedCharacter(found: "byte 0x\(String(byte, radix: 16, uppercase: true))", expected: "a US-ASCII character")
    }

    /// The public error for a decoding failure in a document whose bytes are all in `bytes`.
    static func parsingError(_ failure: Failure, in bytes: UnsafeRawBufferPointer) -> XMLParsingError {
        let location = XMLReader.Location(offset: failure.offset, in: bytes)
        return XMLParsingError(reason: failure.reason, offset: failure.offset, line: location.line, column: location.column)
    }
}

/// Turns the bytes of a document in one of `InputDecoding.SourceEncoding`'s encodings into UTF-8,
/// piece by piece: a UTF-16 code unit or surrogate pair cut between two pieces is carried over.
internal struct ChunkTranscoder {
    let encoding: InputDecoding.SourceEncoding
    /// Bytes of an incomplete UTF-16 code unit or surrogate pair from the end of the last piece.
    private var carried: [UInt8] = []
    /// How many original bytes the pieces so far held (for error offsets).
    private(set) var consumed = 0
    /// Whether the XML declaration of a UTF-16 document has been checked against the encoding.
    private var declarationChecked = false

    /// Whether this is a UTF-16 document whose declaration has not been checked yet: until it
    /// is, a reader in chunks reads none of it (in memory, a declaration that contradicts the
    /// byte order mark is reported before anything the scanner would find in it).
    var awaitsDeclarationCheck: Bool {
        guard case .utf16 = encoding else { return false }
        return !declarationChecked
    }

    init(_ encoding: InputDecoding.SourceEncoding) {
        self.encoding = encoding
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
        _ piece: UnsafeRawBufferPointer, final: Bool, _ emit: (UnsafeRawBufferPointer) -> Void
    ) throws(InputDecoding.Failure) {
        defer { consumed += piece.count }
        if encoding == .utf8(checksASCII: false) {
            // UTF-8 is passed on as it is (the scanner checks it).
            emit(piece)
            return
        }
        var out: [UInt8] = []
        out.reserveCapacity(piece.count + piece.count / 4 + 8)
        // What was decoded before an error is passed on before it is thrown, so that the error's
        // line and column can be counted up to it.
        do throws(InputDecoding.Failure) {
            try transcode(piece, final: final, into: &out)
        } catch {
            out.withUnsafeBytes { emit($0) }
            throw error
        }
        out.withUnsafeBytes { emit($0) }
    }

    private mutating func transcode(_ piece: UnsafeRawBufferPointer, final: Bool, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        switch encoding {
        case .utf8(let checksASCII):
            if checksASCII, let bad = piece.firstIndex(where: { $0 >= 0x80 }) {
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[..<bad]))
                throw InputDecoding.Failure(reason: InputDecoding.asciiError(piece[bad]), offset: consumed + bad)
            }
            out.append(contentsOf: piece)
        case .latin1:
            for b in piece {
                if b < 0x80 { out.append(b) } else { appendUTF8(UInt32(b), to: &out) }
            }
        case .windows1252:
            for (i, b) in piece.enumerated() {
                if b < 0x80 || b >= 0xA0 {
                    if b < 0x80 { out.append(b) } else { appendUTF8(UInt32(b), to: &out) }
                    continue
                }
                let mapped = InputDecoding.windows1252High[Int(b - 0x80)]
                guard mapped != 0 else {
                    throw InputDecoding.Failure(
                        reason: .unexpectedCharacter(found: "byte 0x\(String(b, radix: 16, uppercase: true))", expected: "a windows-1252 character"),
                        offset: consumed + i)
                }
                appendUTF8(UInt32(mapped), to: &out)
            }
        case .utf16(let bigEndian, let hasBOM):
            // The BOM is not part of the document.
            var skip = hasBOM && consumed == 0 ? min(2, piece.count) : 0
            if hasBOM, consumed == 1 { skip = 1 }
            var units = carried
            units.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[skip...]))
            let start = consumed + skip - carried.count
            carried = []
            var i = 0
            let count = units.count
            @inline(__always) func unit(_ at: Int) -> UInt32 {
                bigEndian ? UInt32(units[at]) << 8 | UInt32(units[at + 1]) : UInt32(units[at + 1]) << 8 | UInt32(units[at])
            }
            // An unpaired surrogate is a byte sequence "not legal in that encoding" (§4.3.3): a
            // fatal error, located at the surrogate's first byte.
            @inline(__always) func unpaired(_ u: UInt32, expected: String) -> InputDecoding.Failure {
                InputDecoding.Failure(
                    reason: .unexpectedCharacter(found: "the unpaired UTF-16 surrogate 0x\(String(u, radix: 16, uppercase: true))", expected: expected),
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
                    guard low >= 0xDC00 && low <= 0xDFFF else { throw unpaired(u, expected: "a low surrogate (0xDC00 to 0xDFFF) after it") }
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
    }

    /// For a UTF-16 document: its XML declaration, if any, must name a UTF-16 encoding (or
    /// none). Checked once the declaration has arrived in `utf8` (the transcoded text so far);
    /// with `final`, `utf8` is the whole document.
    mutating func checkUTF16Declaration(_ utf8: UnsafeRawBufferPointer, final: Bool) throws(InputDecoding.Failure) {
        guard !declarationChecked, case .utf16(let bigEndian, let hasBOM) = encoding else { return }
        guard final || InputDecoding.declarationHasArrived(utf8, from: 0) else { return }
        declarationChecked = true
        guard let declared = InputDecoding.declaredEncoding(utf8, from: 0) else { return }
        let name = declared.name.uppercased()
        let detected = bigEndian ? "UTF-16BE" : "UTF-16LE"
        let fits = name == "UTF-16" || name == detected || name == "ISO-10646-UCS-2" || name == "UCS-2"
        // A BOM together with "UTF-16LE"/"UTF-16BE" is allowed only if they agree; without a BOM
        // "UTF-16" alone is fine too.
        if !fits || (hasBOM && name != "UTF-16" && name != detected && name != "ISO-10646-UCS-2" && name != "UCS-2") {
            // The offset is in the transcoded text, as the scanner's are.
            throw InputDecoding.Failure(reason: .encodingMismatch(declared: declared.name, detected: detected), offset: declared.offset)
        }
    }
}
