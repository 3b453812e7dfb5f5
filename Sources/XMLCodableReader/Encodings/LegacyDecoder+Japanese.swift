// The Japanese decoders: Shift_JIS (as windows-31j), EUC-JP and ISO-2022-JP, after the WHATWG
// Encoding Standard's sections 13.1–13.3. All three read JIS X 0208 through index jis0208; they
// differ in how a character's two bytes are written:
//
//     日 (row 38, cell 92 of JIS X 0208: pointer 37 × 94 + 91 = 3569)
//     Shift_JIS   93 FA                 lead 0x81–0x9F/0xE0–0xFC, trail 0x40–0x7E/0x80–0xFC
//     EUC-JP      C6 FC                 both bytes 0xA1–0xFE (0x8F first for JIS X 0212)
//     ISO-2022-JP 1B 24 42 46 7C 1B 28 42   ESC $ B switches to two-byte mode, ESC ( B back
//
// Half-width katakana are one byte in Shift_JIS (0xA1–0xDF), 0x8E + a byte in EUC-JP and the
// ESC ( I mode in ISO-2022-JP.

extension LegacyDecoder {
    /// One byte of Shift_JIS that is not in a run of ASCII between characters, at `position` in the document.
    mutating func stepShiftJIS(_ byte: UInt8, at position: Int, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        let table = EncodingTables.jis0208
        if lead != 0 {
            let first = takeLead()
            let row = Int(first) - (first < 0xA0 ? 0x81 : 0xC1)
            let pointer =
                LegacyDecoder.pointer(row: row, rowLength: 188, trail: byte, low: 0x40...0x7E, high: 0x80...0xFC) ?? -1
            // Pointers 8836–10715: the user-defined area, mapped to the Private Use Area.
            if (8836...10715).contains(pointer) {
                appendUTF8(UInt32(0xE000 - 8836 + pointer), to: &out)
                return
            }
            try appendPair(EncodingTables.lookup(table, pointer), first, byte, to: &out)
        } else if byte == 0x80 {
            appendUTF8(0x80, to: &out)
        } else if (0xA1...0xDF).contains(byte) {
            appendUTF8(0xFF61 - 0xA1 + UInt32(byte), to: &out)
        } else if (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte) {
            beginSequence(byte, at: position)
        } else {
            throw unmapped([byte], at: position)
        }
    }

    /// One byte of EUC-JP that is not in a run of ASCII between characters, at `position` in the document.
    mutating func stepEUCJP(_ byte: UInt8, at position: Int, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        if lead == 0x8E, (0xA1...0xDF).contains(byte) {
            lead = 0
            appendUTF8(0xFF61 - 0xA1 + UInt32(byte), to: &out)
        } else if lead == 0x8F, (0xA1...0xFE).contains(byte) {
            jis0212 = true
            lead = byte
        } else if lead != 0 {
            let fromJIS0212 = jis0212
            jis0212 = false
            let first = takeLead()
            var codePoint: UInt32?
            if (0xA1...0xFE).contains(first),
                let pointer = LegacyDecoder.pointer(
                    row: Int(first) - 0xA1, rowLength: 94, trail: byte, low: 0xA1...0xFE)
            {
                codePoint = EncodingTables.lookup(
                    fromJIS0212 ? EncodingTables.jis0212 : EncodingTables.jis0208, pointer)
            }
            guard let codePoint else { throw unmapped((fromJIS0212 ? [0x8F] : []) + [first, byte], at: sequenceStart) }
            appendUTF8(codePoint, to: &out)
        } else if byte == 0x8E || byte == 0x8F || (0xA1...0xFE).contains(byte) {
            beginSequence(byte, at: position)
        } else {
            throw unmapped([byte], at: position)
        }
    }

    mutating func decodeISO2022JP(_ piece: UncheckedBytes, at offset: Int, into out: inout [UInt8])
        throws(InputDecoding.Failure)
    {
        for i in 0..<piece.count {
            let byte = piece[unchecked: i]
            // ESC begins an escape sequence in every state but those inside a character or an escape.
            if byte == 0x1B, iso2022JPState.readsCharacters {
                iso2022JPState = .escapeStart
                sequenceStart = offset + i
                continue
            }
            switch iso2022JPState {
            case .ascii, .roman:
                if byte < 0x80, byte != 0x0E, byte != 0x0F {
                    iso2022JPOutputFlag = false
                    // JIS X 0201 Roman: yen sign and overline where ASCII has '\' and '~'.
                    if iso2022JPState == .roman, byte == 0x5C {
                        appendUTF8(0xA5, to: &out)
                    } else if iso2022JPState == .roman, byte == 0x7E {
                        appendUTF8(0x203E, to: &out)
                    } else {
                        out.append(byte)
                    }
                } else {
                    throw unmapped([byte], at: offset + i)
                }
            case .katakana:
                if (0x21...0x5F).contains(byte) {
                    iso2022JPOutputFlag = false
                    appendUTF8(0xFF61 - 0x21 + UInt32(byte), to: &out)
                } else {
                    throw unmapped([byte], at: offset + i)
                }
            case .leadByte:
                if (0x21...0x7E).contains(byte) {
                    iso2022JPOutputFlag = false
                    beginSequence(byte, at: offset + i)
                    iso2022JPState = .trailByte
                } else {
                    throw unmapped([byte], at: offset + i)
                }
            case .trailByte:
                let first = takeLead()
                iso2022JPState = .leadByte
                guard
                    let pointer = LegacyDecoder.pointer(
                        row: Int(first) - 0x21, rowLength: 94, trail: byte, low: 0x21...0x7E),
                    let codePoint = EncodingTables.lookup(EncodingTables.jis0208, pointer)
                else { throw unmapped([first, byte], at: sequenceStart) }
                appendUTF8(codePoint, to: &out)
            case .escapeStart:
                guard byte == 0x24 || byte == 0x28 else { throw badEscape([0x1B, byte]) }
                lead = byte
                iso2022JPState = .escape
            case .escape:
                let second = lead
                lead = 0
                var next: ISO2022JPState?
                if second == 0x28 {
                    if byte == 0x42 {
                        next = .ascii
                    } else if byte == 0x4A {
                        next = .roman
                    } else if byte == 0x49 {
                        next = .katakana
                    }
                } else if byte == 0x40 || byte == 0x42 {
                    next = .leadByte
                }
                guard let next else { throw badEscape([0x1B, second, byte]) }
                iso2022JPState = next
                // Two escape sequences with no character between them are an error.
                if iso2022JPOutputFlag {
                    throw InputDecoding.Failure(
                        reason: .unexpectedCharacter(
                            found: "a second escape sequence (\(LegacyDecoder.hex([0x1B, second, byte])))",
                            expected: "a character after an ISO-2022-JP escape sequence"),
                        offset: sequenceStart)
                }
                iso2022JPOutputFlag = true
            }
        }
    }

    private func badEscape(_ bytes: [UInt8]) -> InputDecoding.Failure {
        InputDecoding.Failure(
            reason: .unexpectedCharacter(
                found: "escape sequence \(LegacyDecoder.hex(bytes))",
                expected: "an ISO-2022-JP escape sequence (ESC ( B, ESC ( J, ESC ( I, ESC $ @ or ESC $ B)"
            ),
            offset: sequenceStart)
    }
}
