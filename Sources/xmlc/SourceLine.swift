// Recovering the source line of an error for a diagnostic, in bounded memory.
//
// Design: a diagnostic shows the line of the error with a caret under its column (Diagnostics.swift).
// The tool no longer holds a whole document, so the line is recovered from what it can reach:
//
// - a file (`excerpt(for:inFile:)`): if its first bytes say it is UTF-8 (or US-ASCII), the bytes
//   from `reach` before the error's byte offset to `reach` after it are read back from the file,
//   and the line is cut out of them. (For UTF-8 the reader's offsets are offsets in the file.)
// - standard input (`excerpt(for:in:windowStart:reachesEnd:)`): the same, from the bytes still
//   kept in memory (the last chunks read).
//
// (`from-json` finds the line of an error in its JSON text the same ways: JSONInput.swift.)
//
// The line runs from the last line break before the offset (`\n`, or `\r` — `\r\n` counts once,
// as the reader counts lines) to the next one. When no break is found inside the bytes at hand,
// the line goes on beyond them: the excerpt is marked as continuing on that side, and holds enough
// (`reach` bytes, at least 2,048 characters) for the 120-character window a diagnostic shows. The
// error's column is the check that the right line was found: the characters from the line's
// start to the offset must number `column - 1`, or no line is shown. A file that is not UTF-8 gets
// no line either (its offsets are in the reader's UTF-8 transcoding, not in the file).

import XMLCodableCore

/// The known part of the source line of an error, and where its caret goes.
struct SourceExcerpt {
    /// The characters of the line that are known (the whole line unless marked as continuing).
    var scalars: [Unicode.Scalar]
    /// The index in `scalars` of the character the caret goes under.
    var caretIndex: Int
    /// Whether the line goes on before `scalars` (only part of it was recovered).
    var continuesBefore = false
    /// Whether the line goes on after `scalars`.
    var continuesAfter = false
}

enum SourceLine {
    /// How many bytes before and after an error's offset are looked at for its line.
    static let reach = 8192

    /// The line of an error in a file, read back from the file.
    static func excerpt(for error: XMLParsingError, inFile path: String) -> SourceExcerpt? {
        guard error.offset >= 0 else { return nil }
        do {
            let head = try SystemIO.readFile(path, offset: 0, count: StandardInputFeed.headSize)
            guard SourceEncoding.isUTF8(head) else { return nil }
            let start = max(0, error.offset - reach)
            let wanted = error.offset - start + reach
            let window = try SystemIO.readFile(path, offset: start, count: wanted)
            return excerpt(for: error, in: window, windowStart: start, reachesEnd: window.count < wanted)
        } catch {
            return nil
        }
    }

    /// The line of an error from some of the document's bytes: `window`, which starts at byte
    /// `windowStart` of the document, and ends where the document does when `reachesEnd`.
    static func excerpt(for error: XMLParsingError, in window: [UInt8], windowStart: Int, reachesEnd: Bool)
        -> SourceExcerpt?
    {
        let local = error.offset - windowStart
        guard local >= 0, local <= window.count, error.column >= 1 else { return nil }
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        func isLead(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

        var start = local
        while start > 0, !isBreak(window[start - 1]) { start -= 1 }
        // At the line feed of a CR LF pair, the offset is on the next line (column 1).
        if start == local, start > 0, start < window.count, window[start - 1] == 0x0D, window[start] == 0x0A {
            start += 1
        }
        var continuesBefore = start == 0 && windowStart > 0
        if start == 0, windowStart == 0, window.starts(with: [0xEF, 0xBB, 0xBF]) {
            // A byte order mark is no column, and shows as nothing.
            start = min(3, local)
        }
        if continuesBefore {
            // Cut in the middle of a character: start at the next one.
            while start < local, !isLead(window[start]) { start += 1 }
        }
        let caretBytes = window[start..<max(start, local)]
        let before = caretBytes.reduce(0) { $0 + (isLead($1) ? 1 : 0) }
        if continuesBefore, before == error.column - 1 {
            continuesBefore = false  // the line starts exactly where the window does
        }
        guard continuesBefore ? before < error.column - 1 : before == error.column - 1 else { return nil }

        var end = max(start, local)
        while end < window.count, !isBreak(window[end]) { end += 1 }
        let continuesAfter = end == window.count && !reachesEnd
        if continuesAfter {
            // Cut in the middle of a character: end before it.
            var lead = end
            while lead > start, !isLead(window[lead - 1]) { lead -= 1 }
            if lead > start {
                let first = window[lead - 1]
                let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
                if end - (lead - 1) < length { end = lead - 1 }
            }
        }
        let scalars = Array(String(decoding: window[start..<max(start, end)], as: UTF8.self).unicodeScalars)
        return SourceExcerpt(
            scalars: scalars, caretIndex: before, continuesBefore: continuesBefore, continuesAfter: continuesAfter)
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
        guard index < close, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else {
            return nil
        }
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
