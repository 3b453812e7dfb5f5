// The Chinese decoders: gb18030 (which also decodes GBK and GB2312) and Big5 with the Hong Kong
// additions, after the WHATWG Encoding Standard's sections 11.2 and 12.1.
//
//     gb18030  D6 D0            中, two bytes: pointer (0xD6 − 0x81) × 190 + (0xD0 − 0x41) in index gb18030
//              81 30 81 30      U+0080, four bytes: pointer 0, found in index gb18030 ranges
//              90 30 81 30      U+10000, four bytes: pointers from 189000 are the planes 1–16
//     Big5     A4 A4            中: pointer (0xA4 − 0x81) × 157 + (0xA4 − 0x62) in index Big5
//              88 62            Ê̄: one of the four pointers that decode to two code points
//
// GBK is decoded by the gb18030 decoder, as the standard says: a GBK document never holds a
// four-byte sequence, and every GBK pair means the same in gb18030.

extension LegacyDecoder {
    /// One byte of gb18030 (or GBK) that is not in a run of ASCII between characters, at `position` in the document.
    mutating func stepGB18030(_ byte: UInt8, at position: Int, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        let table = EncodingTables.gb18030
        if third != 0 {
            guard (0x30...0x39).contains(byte) else { throw unmapped([lead, second, third, byte], at: sequenceStart) }
            let pointer =
                (((Int(lead) - 0x81) * 10 + Int(second) - 0x30) * 126 + Int(third) - 0x81) * 10 + Int(byte) - 0x30
            guard let codePoint = EncodingTables.gb18030RangesCodePoint(pointer) else {
                throw unmapped([lead, second, third, byte], at: sequenceStart)
            }
            lead = 0
            second = 0
            third = 0
            appendUTF8(codePoint, to: &out)
        } else if second != 0 {
            guard (0x81...0xFE).contains(byte) else { throw unmapped([lead, second, byte], at: sequenceStart) }
            third = byte
        } else if lead != 0 {
            if (0x30...0x39).contains(byte) {
                second = byte
                return
            }
            let first = takeLead()
            let pointer = LegacyDecoder.pointer(
                row: Int(first) - 0x81, rowLength: 190, trail: byte, low: 0x40...0x7E, high: 0x80...0xFE)
            try appendPair(EncodingTables.lookup(table, pointer ?? -1), first, byte, to: &out)
        } else if byte == 0x80 {
            appendUTF8(0x20AC, to: &out)
        } else if byte != 0xFF {
            beginSequence(byte, at: position)
        } else {
            throw unmapped([byte], at: position)
        }
    }

    /// One byte of Big5 that is not in a run of ASCII between characters, at `position` in the document.
    mutating func stepBig5(_ byte: UInt8, at position: Int, into out: inout [UInt8]) throws(InputDecoding.Failure) {
        let table = EncodingTables.big5
        if lead != 0 {
            let first = takeLead()
            let pointer =
                LegacyDecoder.pointer(
                    row: Int(first) - 0x81, rowLength: 157, trail: byte, low: 0x40...0x7E, high: 0xA1...0xFE) ?? -1
            // Four pointers decode to a letter and a combining mark.
            switch pointer {
            case 1133, 1135, 1164, 1166:
                appendUTF8(pointer < 1164 ? 0xCA : 0xEA, to: &out)
                appendUTF8(pointer == 1133 || pointer == 1164 ? 0x304 : 0x30C, to: &out)
                return
            default:
                break
            }
            try appendPair(EncodingTables.lookup(table, pointer), first, byte, to: &out)
        } else if (0x81...0xFE).contains(byte) {
            beginSequence(byte, at: position)
        } else {
            throw unmapped([byte], at: position)
        }
    }
}
