// Input decoding: which encoding a document is in, and transcoding to UTF-8 when it is not UTF-8.
//
// XML 1.0 appendix F: the first bytes tell the encoding family (a byte order mark, or `<?xml`
// written in UTF-16 without one); an ASCII-compatible document may then name its encoding in the
// XML declaration. UTF-8 documents are left where they are (the function returns `nil`); UTF-16
// (LE/BE), ISO-8859-1, US-ASCII and windows-1252 are transcoded to UTF-8 once, up front, so the
// scanner only ever sees UTF-8. Every other encoding is refused by name, and a byte order mark that
// contradicts the declaration is an error. Errors carry offsets into the original bytes.

internal enum InputDecoding {
    /// Transcodes `bytes` to UTF-8 if they are in another supported encoding.
    ///
    /// - Returns: `nil` when the bytes are UTF-8 (with or without a byte order mark) and can be read as they are.
    static func prepare(_ bytes: [UInt8]) throws(XMLParsingError) -> [UInt8]? {
        let result: Result<[UInt8]?, XMLParsingError> = bytes.withUnsafeBytes { raw in Result { () throws(XMLParsingError) in try prepare(raw) } }
        return try result.get()
    }

    /// Transcodes `bytes` to UTF-8 if they are in another supported encoding.
    static func prepare(_ bytes: UnsafeRawBufferPointer) throws(XMLParsingError) -> [UInt8]? {
        let count = bytes.count
        func byte(_ i: Int) -> UInt8 { i < count ? bytes[i] : 0xAA }

        // UCS-4 and EBCDIC signatures: recognised, refused by name.
        if count >= 4 {
            let head = (UInt32(byte(0)) << 24) | (UInt32(byte(1)) << 16) | (UInt32(byte(2)) << 8) | UInt32(byte(3))
            switch head {
            case 0x0000_FEFF, 0xFFFE_0000, 0x0000_003C, 0x3C00_0000, 0x0000_FFFE, 0xFEFF_0000, 0x0000_3C00, 0x003C_0000:
                throw error(.unsupportedEncoding("UCS-4"), at: 0, in: bytes)
            case 0x4C6F_A794:
                throw error(.unsupportedEncoding("EBCDIC"), at: 0, in: bytes)
            default: break
            }
        }
        if byte(0) == 0xFE && byte(1) == 0xFF {
            return try transcodeUTF16(bytes, from: 2, bigEndian: true, hasBOM: true)
        }
        if byte(0) == 0xFF && byte(1) == 0xFE {
            return try transcodeUTF16(bytes, from: 2, bigEndian: false, hasBOM: true)
        }
        if byte(0) == 0x00 && byte(1) == 0x3C && byte(2) == 0x00 && byte(3) == 0x3F {
            return try transcodeUTF16(bytes, from: 0, bigEndian: true, hasBOM: false)
        }
        if byte(0) == 0x3C && byte(1) == 0x00 && byte(2) == 0x3F && byte(3) == 0x00 {
            return try transcodeUTF16(bytes, from: 0, bigEndian: false, hasBOM: false)
        }
        let hasUTF8BOM = byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF
        let start = hasUTF8BOM ? 3 : 0
        guard let declared = declaredEncoding(bytes, from: start) else { return nil }
        let name = declared.name.uppercased()
        switch name {
        case "UTF-8", "UTF8":
            return nil
        case "UTF-16", "UTF-16LE", "UTF-16BE", "ISO-10646-UCS-2", "UCS-2":
            throw error(
                .encodingMismatch(declared: declared.name, detected: hasUTF8BOM ? "UTF-8" : "an 8-bit encoding (no UTF-16 byte order mark)"),
                at: declared.offset, in: bytes)
        default:
            break
        }
        if hasUTF8BOM {
            throw error(.encodingMismatch(declared: declared.name, detected: "UTF-8"), at: declared.offset, in: bytes)
        }
        switch name {
        case "ISO-8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1", "ISO-IR-100", "CP819", "IBM819", "ISO_8859-1:1987":
            return transcodeSingleByte(bytes) { UInt32($0) }
        case "US-ASCII", "ASCII", "ANSI_X3.4-1968", "ISO646-US", "US":
            var offset = 0
            for b in bytes {
                if b >= 0x80 {
                    throw error(
                        .unexpectedCharacter(found: "byte 0x\(String(b, radix: 16, uppercase: true))", expected: "a US-ASCII character"), at: offset, in: bytes)
                }
                offset += 1
            }
            return nil  // ASCII is UTF-8.
        case "WINDOWS-1252", "CP1252", "X-CP1252":
            var offset = 0
            for b in bytes {
                if b >= 0x80 && b < 0xA0 && windows1252High[Int(b - 0x80)] == 0 {
                    throw error(
                        .unexpectedCharacter(found: "byte 0x\(String(b, radix: 16, uppercase: true))", expected: "a windows-1252 character"), at: offset,
                        in: bytes)
                }
                offset += 1
            }
            return transcodeSingleByte(bytes) { b in b >= 0x80 && b < 0xA0 ? UInt32(windows1252High[Int(b - 0x80)]) : UInt32(b) }
        default:
            throw error(.unsupportedEncoding(declared.name), at: declared.offset, in: bytes)
        }
    }

    /// Finds `encoding="…"` in an XML declaration at `start`, without validating the declaration
    /// (the scanner does that on the transcoded text).
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (name: String, offset: Int)? {
        let prefix = Array("<?xml".utf8)
        guard bytes.count >= start + 6 else { return nil }
        for i in 0..<5 where bytes[start + i] != prefix[i] { return nil }
        let afterName = bytes[start + 5]
        guard afterName == 0x20 || afterName == 0x09 || afterName == 0x0A || afterName == 0x0D else { return nil }
        var i = start + 5
        let limit = min(bytes.count, start + 512)
        let key = Array("encoding".utf8)
        while i < limit {
            if bytes[i] == UInt8(ascii: "?") { return nil }
            if bytes[i] == key[0], i + key.count <= limit, (0..<key.count).allSatisfy({ bytes[i + $0] == key[$0] }) {
                var j = i + key.count
                while j < limit, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                guard j < limit, bytes[j] == UInt8(ascii: "=") else { return nil }
                j += 1
                while j < limit, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                guard j < limit, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
                let quote = bytes[j]
                let valueStart = j + 1
                var k = valueStart
                while k < limit, bytes[k] != quote, bytes[k] < 0x80 { k += 1 }
                guard k < limit, bytes[k] == quote else { return nil }
                return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<k]), as: UTF8.self), valueStart)
            }
            i += 1
        }
        return nil
    }

    /// windows-1252's mapping of 0x80–0x9F (0 where the byte is undefined).
    static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    static func transcodeSingleByte(_ bytes: UnsafeRawBufferPointer, _ map: (UInt8) -> UInt32) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for b in bytes {
            if b < 0x80 { out.append(b) } else { appendUTF8(map(b), to: &out) }
        }
        return out
    }

    static func transcodeUTF16(_ bytes: UnsafeRawBufferPointer, from start: Int, bigEndian: Bool, hasBOM: Bool) throws(XMLParsingError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = start
        let count = bytes.count
        @inline(__always) func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        while i + 1 < count {
            let u = unit(i)
            if u >= 0xD800 && u <= 0xDBFF {
                guard i + 3 < count else { throw error(.invalidUTF8, at: i, in: bytes, utf16: true) }
                let low = unit(i + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.invalidUTF8, at: i, in: bytes, utf16: true) }
                appendUTF8(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), to: &out)
                i += 4
            } else if u >= 0xDC00 && u <= 0xDFFF {
                throw error(.invalidUTF8, at: i, in: bytes, utf16: true)
            } else {
                appendUTF8(u, to: &out)
                i += 2
            }
        }
        if i < count { throw error(.unexpectedEndOfInput(expected: "the second byte of a UTF-16 code unit"), at: i, in: bytes, utf16: true) }
        // The declaration, if any, must name a UTF-16 encoding (or none).
        let declared = out.withUnsafeBytes { declaredEncoding($0, from: 0) }
        if let declared {
            let name = declared.name.uppercased()
            let detected = bigEndian ? "UTF-16BE" : "UTF-16LE"
            let fits = name == "UTF-16" || name == detected || name == "ISO-10646-UCS-2" || name == "UCS-2"
            // A BOM together with "UTF-16LE"/"UTF-16BE" is allowed only if they agree; without a BOM
            // "UTF-16" alone is fine too.
            if !fits || (hasBOM && name != "UTF-16" && name != detected && name != "ISO-10646-UCS-2" && name != "UCS-2") {
                let location = out.withUnsafeBytes { XMLReader.Location(offset: declared.offset, in: $0) }
                throw XMLParsingError(
                    reason: .encodingMismatch(declared: declared.name, detected: detected), offset: declared.offset,
                    line: location.line, column: location.column)
            }
        }
        return out
    }

    private static func error(_ reason: XMLParsingError.Reason, at offset: Int, in bytes: UnsafeRawBufferPointer, utf16: Bool = false) -> XMLParsingError {
        if utf16 {
            // Lines in UTF-16 input: count line feeds code unit by code unit.
            var line = 1
            var column = 1
            var i = 0
            while i + 1 < min(offset, bytes.count) {
                if (bytes[i] == 0x0A && bytes[i + 1] == 0) || (bytes[i] == 0 && bytes[i + 1] == 0x0A) {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                i += 2
            }
            return XMLParsingError(reason: reason, offset: offset, line: line, column: column)
        }
        let location = XMLReader.Location(offset: offset, in: bytes)
        return XMLParsingError(reason: reason, offset: offset, line: location.line, column: location.column)
    }
}
