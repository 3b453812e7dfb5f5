// The Korean decoder: EUC-KR as windows-949 (Unified Hangul Code), after the WHATWG Encoding
// Standard's section 14.1. KS X 1001's 2,350 syllables are both bytes 0xA1–0xFE; the other 8,822
// modern syllables fill the lead bytes 0x81–0xC6 with trail bytes from 0x41:
//
//     한  C7 D1     pointer (0xC7 − 0x81) × 190 + (0xD1 − 0x41) in index EUC-KR
//     똠  8C 63     (not in KS X 1001; windows-949's extension)

extension LegacyDecoder {
    mutating func decodeEUCKR(_ piece: UnsafeRawBufferPointer, at offset: Int, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        let table = EncodingTables.eucKR
        var i = 0
        while i < piece.count {
            let byte = piece[i]
            // A run of ASCII (markup, mostly) is copied as it is, in one append.
            if lead == 0, byte < 0x80 {
                i = LegacyDecoder.appendASCII(piece, from: i, into: &out)
                continue
            }
            defer { i += 1 }
            if lead != 0 {
                let first = lead
                lead = 0
                var codePoint: UInt32?
                if (0x41...0xFE).contains(byte) {
                    codePoint = EncodingTables.lookup(table, (Int(first) - 0x81) * 190 + Int(byte) - 0x41)
                }
                guard let codePoint else { throw unmapped([first, byte], at: sequenceStart) }
                appendUTF8(codePoint, to: &out)
            } else if (0x81...0xFE).contains(byte) {
                lead = byte
                sequenceStart = offset + i
            } else {
                throw unmapped([byte], at: offset + i)
            }
        }
    }
}
