// Showing a parse error the way compilers do:
//
//   catalog.xml:4:22: error: end tag </publisher> does not match start tag <author>
//   		<author>Jon Hoffman</publisher>
//   		                   ^
//
// Design: `XMLParsingError` already carries the 1-based line and column (in Unicode scalars) of the
// problem in the document's UTF-8 form. When the document itself is UTF-8, that line is found in
// the original bytes and shown, with a caret line whose padding mirrors the characters above it:
// a tab for a tab, an ideographic space for a wide (East Asian) character, a space otherwise, so
// the caret lands under the column in a terminal whatever the tab stops are. Control characters
// in the shown line are replaced by U+FFFD so they cannot drive the terminal, and a very long
// line (minified XML) is cut to a window around the column, marked with "...".
//
// When the document is not UTF-8 (UTF-16, or a declared ISO-8859-1 / windows-1252 encoding), the
// reader's line and column refer to its UTF-8 transcoding, which the tool does not have, so only
// the first line is printed.

import XMLCodable

/// A parse error in one document, ready to print.
struct Diagnostic {
    /// The name to show: the path as given, or `<stdin>`.
    var fileName: String
    /// The error the reader threw.
    var error: XMLParsingError
    /// The document's bytes as read.
    var source: [UInt8]

    /// The longest stretch of a source line shown, in characters.
    static let maximumLineWidth = 120

    /// `FILE:LINE:COLUMN: error: MESSAGE`, then the source line and the caret line when the
    /// document is UTF-8. Every line ends with a newline.
    var rendered: String {
        var text = "\(fileName):\(error.line):\(error.column): error: \(error.reason.description)\n"
        if SourceEncoding.isUTF8(source), let excerpt = excerpt() {
            text += excerpt.line + "\n" + excerpt.caret + "\n"
        }
        return text
    }

    /// The shown source line and the caret line under it, or `nil` if the document has no such line.
    func excerpt() -> (line: String, caret: String)? {
        guard let bytes = Self.line(error.line, in: source) else { return nil }
        var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var caretIndex = max(0, error.column - 1)
        // A UTF-8 byte order mark counts as a column but shows as nothing: leave it out of both lines.
        if error.line == 1, scalars.first == "\u{FEFF}" {
            scalars.removeFirst()
            caretIndex = max(0, caretIndex - 1)
        }

        // Show at most `maximumLineWidth` characters, keeping the caret inside the window.
        let width = Self.maximumLineWidth
        var start = 0
        var end = scalars.count
        if scalars.count > width {
            start = max(0, min(caretIndex - width / 2, scalars.count - width))
            end = min(scalars.count, start + width)
        }
        let ellipsis = "..."
        var line = start > 0 ? ellipsis : ""
        var caret = start > 0 ? String(repeating: " ", count: ellipsis.count) : ""
        for scalar in scalars[start..<end] {
            line.unicodeScalars.append(Self.printable(scalar))
        }
        if end < scalars.count { line += ellipsis }
        for index in start..<max(start, caretIndex) {
            caret.unicodeScalars.append(index < scalars.count ? Self.padding(under: scalars[index]) : " ")
        }
        caret += "^"
        return (line, caret)
    }

    /// The bytes of the 1-based line `number`, without its line break. Lines end at `\n`, `\r\n`
    /// and a lone `\r`, as the reader counts them. The line after a final line break exists and is empty.
    static func line(_ number: Int, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        var index = 0
        while current < number {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                current += 1
                start = index
            }
        }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return bytes[start..<end]
    }

    /// The character to show for `scalar`: itself, or U+FFFD for a control character other than tab.
    static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value == 0x09 { return scalar }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return "\u{FFFD}" }
        return scalar
    }

    /// What to put in the caret line under `scalar` so the caret aligns: a tab under a tab, an
    /// ideographic space under a wide character, a space otherwise.
    static func padding(under scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return "\t" }
        return isWide(scalar) ? "\u{3000}" : " "
    }

    /// Whether a terminal shows `scalar` two cells wide (the main East Asian Wide and Fullwidth blocks).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Whether a document's bytes are UTF-8, judged the way an XML processor does before it reads:
/// from the first bytes and the XML declaration's encoding.
enum SourceEncoding {
    /// `true` unless the bytes look like UTF-16, UTF-32 or EBCDIC, or the XML declaration names an
    /// encoding other than UTF-8 or US-ASCII (a subset of UTF-8).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        if bytes.count >= 2 {
            let first = bytes[0]
            let second = bytes[1]
            // A UTF-16 or UTF-32 byte order mark, or `<` / `<?` with a zero byte beside it.
            if (first == 0xFE && second == 0xFF) || (first == 0xFF && second == 0xFE) { return false }
            if first == 0 || second == 0 { return false }
            // `<?` in EBCDIC.
            if first == 0x4C && second == 0x6F { return false }
        }
        guard let encoding = declaredEncoding(bytes) else { return true }
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased())
    }

    /// The `encoding` pseudo-attribute of the XML declaration, if the document starts with one.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let prefix = Array("<?xml".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        // The declaration is short; do not look far for its end.
        let window = bytes.prefix(512)
        guard let close = firstIndex(of: Array("?>".utf8), in: window) else { return nil }
        let declaration = window[prefix.count..<close]
        guard let keyword = firstIndex(of: Array("encoding".utf8), in: declaration) else { return nil }
        var index = keyword + "encoding".utf8.count
        func skipSpace() {
            while index < close, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[index]) { index += 1 }
        }
        skipSpace()
        guard index < close, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace()
        guard index < close, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else { return nil }
        let quote = declaration[index]
        index += 1
        let valueStart = index
        while index < close, declaration[index] != quote { index += 1 }
        guard index < close else { return nil }
        return String(decoding: declaration[valueStart..<index], as: UTF8.self)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
