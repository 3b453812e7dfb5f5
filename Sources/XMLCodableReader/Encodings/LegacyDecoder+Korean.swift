// The Korean decoder: EUC-KR as windows-949 (Unified Hangul Code), after the WHATWG Encoding
// Standard's section 14.1. KS X 1001's 2,350 syllables are both bytes 0xA1–0xFE; the other 8,822
// modern syllables fill the lead bytes 0x81–0xC6 with trail bytes from 0x41:
//
//     한  C7 D1     pointer (0xC7 − 0x81) × 190 + (0xD1 − 0x41) in index EUC-KR
//     똠  8C 63     (not in KS X 1001; windows-949's extension)

extension LegacyDecoder {
    /// One byte of EUC-KR that is not in a run of ASCII between characters, at `position` in the document.
    mutating func stepEUCKR(_ byte: UInt8, at position: Int, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        let table = EncodingTables.eucKR
        if lead != 0 {
            let first = takeLead()
            let pointer = LegacyDecoder.pointer(row: Int(first) - 0x81, rowLength: 190, trail: byte, low: 0x41...0xFE)
            try appendPair(EncodingTables.lookup(table, pointer ?? -1), first, byte, to: &out)
        } else if (0x81...0xFE).contains(byte) {
            beginSequence(byte, at: position)
        } else {
            throw unmapped([byte], at: position)
        }
    }
}
