// LegacyDecoder: a legacy encoding to UTF-8, piece by piece, as the WHATWG Encoding Standard's
// decoders do in their "fatal" error mode.
//
// Each decoder is the standard's algorithm (https://encoding.spec.whatwg.org/, one section per
// encoding) written as a loop over a piece of the document: the state between two bytes (a lead
// byte waiting for its trail, gb18030's first three bytes, ISO-2022-JP's mode) is kept in the
// struct, so a character cut between two pieces — two chunks of a file read 64 KiB at a time —
// decodes as if the pieces were one:
//
//     Shift_JIS  93 FA 96 | 7B 8C EA              "日本語" in two pieces
//                93 FA → 日, 96 kept as `lead` | 96 7B → 本, 8C EA → 語
//
// Where the standard would emit U+FFFD (bytes that are not a character of the encoding) the
// decoder stops with an `InputDecoding.Failure` at the sequence's first byte: a document that
// claims to be well-formed XML must not change silently. What was decoded before it is kept by
// the caller, so the error's line and column can be counted in the text up to it. The tables are
// `EncodingTables` (generated from the WHATWG index files).

/// Decodes the bytes of one legacy encoding to UTF-8, one piece of the document at a time.
internal struct LegacyDecoder {
    let encoding: LegacyEncoding
    /// The first byte of an unfinished sequence (gb18030: its first; ISO-2022-JP: the escape's
    /// second byte, or a double-byte character's first), 0 when none.
    var lead: UInt8 = 0
    /// gb18030: the second and third bytes of an unfinished four-byte sequence.
    var second: UInt8 = 0
    var third: UInt8 = 0
    /// EUC-JP: the sequence started with 0x8F (JIS X 0212).
    var jis0212 = false
    /// ISO-2022-JP: the decoder's state, the state to come back to, and the standard's "output
    /// flag" (an escape sequence was just read, with no character after it yet).
    var iso2022JPState: ISO2022JPState = .ascii
    var iso2022JPOutputFlag = false
    /// The offset in the document of the first byte of the unfinished sequence.
    var sequenceStart = 0

    enum ISO2022JPState {
        case ascii, roman, katakana, leadByte, trailByte, escapeStart, escape

        /// Whether the state is between characters, where ESC begins an escape sequence (inside a
        /// two-byte character or an escape sequence, ESC is an error of that sequence).
        var readsCharacters: Bool {
            switch self {
            case .ascii, .roman, .katakana, .leadByte: true
            case .trailByte, .escapeStart, .escape: false
            }
        }
    }

    init(_ encoding: LegacyEncoding) {
        self.encoding = encoding
    }

    /// Decodes `piece`, whose first byte is at `offset` in the document, appending UTF-8 to
    /// `out`. With `final`, the piece is the last one: an unfinished sequence is then an error.
    ///
    /// - Throws: `InputDecoding.Failure` at the first byte that does not begin or continue a
    ///   character of the encoding; `out` then holds what came before it.
    mutating func decode(_ piece: UncheckedBytes, at offset: Int, final: Bool, into out: inout [UInt8])
        throws(InputDecoding.Failure)
    {
        switch encoding {
        case .gbk, .gb18030, .big5, .eucJP, .shiftJIS, .eucKR: try decodeMultiByte(piece, at: offset, into: &out)
        case .iso2022JP: try decodeISO2022JP(piece, at: offset, into: &out)
        default: try decodeSingleByte(piece, at: offset, into: &out)
        }
        if final { try finish() }
    }

    /// At the end of the document: an unfinished sequence is an error.
    private func finish() throws(InputDecoding.Failure) {
        if encoding == .iso2022JP {
            switch iso2022JPState {
            case .trailByte:
                throw truncated([lead])
            case .escapeStart:
                throw truncated([0x1B])
            case .escape:
                throw truncated([0x1B, lead])
            default:
                return
            }
        }
        guard lead != 0 else { return }
        var bytes: [UInt8] = []
        if jis0212 { bytes.append(0x8F) }
        bytes.append(lead)
        if second != 0 { bytes.append(second) }
        if third != 0 { bytes.append(third) }
        throw truncated(bytes)
    }

    // MARK: - Multi-byte encodings

    /// The loop of the encodings whose characters are one ASCII byte or a sequence that begins
    /// with a byte of 0x80 or more (gb18030, Big5, EUC-JP, Shift_JIS, EUC-KR): a run of ASCII
    /// between characters is copied in one append, and every other byte goes to the encoding's
    /// step (`stepGB18030(_:at:into:)`, …), which keeps a sequence's bytes in `lead` and the rest.
    private mutating func decodeMultiByte(_ piece: UncheckedBytes, at offset: Int, into out: inout [UInt8])
        throws(InputDecoding.Failure)
    {
        var i = 0
        while i < piece.count {
            let byte = piece[unchecked: i]
            if lead == 0, byte < 0x80 {
                i = LegacyDecoder.appendASCII(piece, from: i, into: &out)
                continue
            }
            switch encoding {
            case .gbk, .gb18030: try stepGB18030(byte, at: offset + i, into: &out)
            case .big5: try stepBig5(byte, at: offset + i, into: &out)
            case .eucJP: try stepEUCJP(byte, at: offset + i, into: &out)
            case .shiftJIS: try stepShiftJIS(byte, at: offset + i, into: &out)
            default: try stepEUCKR(byte, at: offset + i, into: &out)
            }
            i += 1
        }
    }

    /// Keeps `byte`, the first byte of a sequence at `position` in the document, for the bytes
    /// that follow it.
    @inline(__always)
    mutating func beginSequence(_ byte: UInt8, at position: Int) {
        lead = byte
        sequenceStart = position
    }

    /// Ends a two-byte sequence at its trail byte: returns the lead byte kept and clears it.
    @inline(__always)
    mutating func takeLead() -> UInt8 {
        let first = lead
        lead = 0
        return first
    }

    /// The pointer of a two-byte sequence in its encoding's index: `row` (what the lead byte
    /// counts) × `rowLength` + the place of `trail` among the trail bytes, those in `low` first,
    /// then those in `high`; nil when `trail` is in neither.
    ///
    ///     Shift_JIS 93 FA   row 0x93 − 0x81 = 18, 0xFA: 63 bytes of 0x40–0x7E, then 0xFA − 0x80 = 122
    ///                       → 18 × 188 + 63 + 122 = 3569
    @inline(__always)
    static func pointer(
        row: Int, rowLength: Int, trail: UInt8, low: ClosedRange<UInt8>, high: ClosedRange<UInt8>? = nil
    ) -> Int? {
        if low.contains(trail) { return row &* rowLength &+ Int(trail &- low.lowerBound) }
        guard let high, high.contains(trail) else { return nil }
        return row &* rowLength &+ low.count &+ Int(trail &- high.lowerBound)
    }

    /// Ends a two-byte sequence, `first` (the lead byte kept) and `byte`: appends `codePoint`, the
    /// character they stand for, or throws for both bytes when there is none (a trail byte out of
    /// range, or a pointer that the encoding's index does not map).
    @inline(__always)
    func appendPair(_ codePoint: UInt32?, _ first: UInt8, _ byte: UInt8, to out: inout [UInt8])
        throws(InputDecoding.Failure)
    {
        guard let codePoint else { throw unmapped([first, byte], at: sequenceStart) }
        appendUTF8(codePoint, to: &out)
    }

    // MARK: - Single-byte encodings

    private mutating func decodeSingleByte(_ piece: UncheckedBytes, at offset: Int, into out: inout [UInt8])
        throws(InputDecoding.Failure)
    {
        let table = EncodingTables.singleByte
        let base = Int(encoding.rawValue) &* 128 &- 0x80
        var i = 0
        while i < piece.count {
            let byte = piece[unchecked: i]
            // A run of ASCII (markup, mostly) is copied as it is, in one append.
            if byte < 0x80 {
                i = LegacyDecoder.appendASCII(piece, from: i, into: &out)
                continue
            }
            defer { i += 1 }
            let codePoint = table[base + Int(byte)]
            guard codePoint != 0 else { throw unmapped([byte], at: offset + i) }
            appendUTF8(UInt32(codePoint), to: &out)
        }
    }

    /// Appends the run of ASCII bytes that starts at `start` (whose byte is ASCII) to `out`, in
    /// one call, and returns the index after it.
    @inline(__always)
    static func appendASCII(_ piece: UncheckedBytes, from start: Int, into out: inout [UInt8]) -> Int {
        var end = start + 1
        let count = piece.count
        while end < count, piece[unchecked: end] < 0x80 { end += 1 }
        out.append(contentsOf: piece.extracting(unchecked: start..<end))
        return end
    }

    // MARK: - Errors

    /// Bytes that are not a character of the encoding, starting at `offset` in the document.
    func unmapped(_ bytes: [UInt8], at offset: Int) -> InputDecoding.Failure {
        InputDecoding.Failure(
            reason: .unexpectedCharacter(
                found: LegacyDecoder.describe(bytes), expected: "a \(encoding.name) character"), offset: offset)
    }

    /// The document ends inside a character (or an ISO-2022-JP escape sequence).
    func truncated(_ bytes: [UInt8]) -> InputDecoding.Failure {
        InputDecoding.Failure(
            reason: .unexpectedEndOfInput(
                expected: "the rest of the \(encoding.name) sequence that starts with \(LegacyDecoder.hex(bytes))"),
            offset: sequenceStart)
    }

    /// "byte 0xFF", "bytes 0x81 0x20" (after "unexpected" in the message).
    static func describe(_ bytes: [UInt8]) -> String {
        (bytes.count == 1 ? "byte " : "bytes ") + hex(bytes)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { "0x" + ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
