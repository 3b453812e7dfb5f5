// LegacyEncoding: the pre-Unicode encodings the reader decodes, and how a label names one.
//
// A document names its encoding in its XML declaration, `<?xml version="1.0" encoding="SJIS"?>`.
// The name is a *label*: matched without regard to case or surrounding ASCII whitespace against
// the WHATWG Encoding Standard's labels (`sjis`, `ms_kanji`, `csshiftjis`, … all mean Shift_JIS),
// plus a few that iconv-based XML processors also accept (`cp932`, `euc-cn`, `cp949`, …) and
// IBM855's, which the standard does not list. The generated `EncodingTables.labelsPacked`
// (EncodingTables.swift) is the table; this file is what the reader asks:
//
//     LegacyEncoding(label: " Windows-1251 ")    // .windows1251
//     LegacyEncoding(label: "x-sjis")            // .shiftJIS
//     LegacyEncoding(label: "iso-2022-kr")       // nil: a "replacement" encoding, refused by name
//
// Three families of labels are decided by `InputDecoding.detect` before this lookup, as XML
// processors read them rather than as the WHATWG maps them for web pages: the UTF-8 and UTF-16
// labels, the ISO-8859-1 labels (ISO-8859-1 itself: bytes 0x80–0x9F are U+0080–U+009F, where the
// WHATWG reads windows-1252) and the US-ASCII labels (strict ASCII). The decoding itself is in
// `LegacyDecoder`.

/// An encoding the reader transcodes to UTF-8 with a table-driven decoder (`LegacyDecoder`).
internal enum LegacyEncoding: UInt8, Sendable, CaseIterable {
    // Single-byte encodings, in the order of `EncodingTables.singleBytePacked`.
    case ibm866, iso88592, iso88593, iso88594, iso88595, iso88596, iso88597, iso88598
    case iso885910, iso885913, iso885914, iso885915, iso885916, koi8R, koi8U, macintosh
    case windows874, windows1250, windows1251, windows1252, windows1253, windows1254, windows1255
    case windows1256, windows1257, windows1258, macCyrillic, ibm855
    // Multi-byte encodings.
    case gbk, gb18030, big5, eucJP, iso2022JP, shiftJIS, eucKR

    /// The encoding `label` names, or nil when no encoding the reader decodes has that label.
    init?(label: String) {
        guard let encoding = LegacyEncoding.named(lowercasedLabel: LegacyEncoding.normalized(label)) else { return nil }
        self = encoding
    }

    /// The encoding a label names (already lowercased and trimmed), among those the WHATWG
    /// Encoding Standard lists and the few other XML processors accept.
    static func named(lowercasedLabel label: String) -> LegacyEncoding? { EncodingTables.labels[label] }

    /// A label as the lookup compares it: lowercased (ASCII only) and without surrounding ASCII
    /// whitespace, as the WHATWG's "get an encoding" does.
    static func normalized(_ label: String) -> String {
        var bytes = Array(label.utf8)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.count
        return String(decoding: bytes[start...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The encoding's name in messages: the WHATWG's name for it (IBM855 is IANA's).
    var name: String {
        switch self {
        case .ibm866: "IBM866"
        case .iso88592: "ISO-8859-2"
        case .iso88593: "ISO-8859-3"
        case .iso88594: "ISO-8859-4"
        case .iso88595: "ISO-8859-5"
        case .iso88596: "ISO-8859-6"
        case .iso88597: "ISO-8859-7"
        case .iso88598: "ISO-8859-8"
        case .iso885910: "ISO-8859-10"
        case .iso885913: "ISO-8859-13"
        case .iso885914: "ISO-8859-14"
        case .iso885915: "ISO-8859-15"
        case .iso885916: "ISO-8859-16"
        case .koi8R: "KOI8-R"
        case .koi8U: "KOI8-U"
        case .macintosh: "macintosh"
        case .windows874: "windows-874"
        case .windows1250: "windows-1250"
        case .windows1251: "windows-1251"
        case .windows1252: "windows-1252"
        case .windows1253: "windows-1253"
        case .windows1254: "windows-1254"
        case .windows1255: "windows-1255"
        case .windows1256: "windows-1256"
        case .windows1257: "windows-1257"
        case .windows1258: "windows-1258"
        case .macCyrillic: "x-mac-cyrillic"
        case .ibm855: "IBM855"
        case .gbk: "GBK"
        case .gb18030: "gb18030"
        case .big5: "Big5"
        case .eucJP: "EUC-JP"
        case .iso2022JP: "ISO-2022-JP"
        case .shiftJIS: "Shift_JIS"
        case .eucKR: "EUC-KR"
        }
    }
}
