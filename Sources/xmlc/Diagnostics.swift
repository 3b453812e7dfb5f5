// Showing a parse error the way compilers do:
//
//   catalog.xml:4:22: error: end tag </publisher> does not match start tag <author>
//   		<author>Jon Hoffman</publisher>
//   		                   ^
//
// Design: `XMLParsingError` already carries the 1-based line and column (in Unicode scalars) of the
// problem in the document's UTF-8 form. When the line can be recovered from the source (see
// SourceLine.swift: from the file, from what standard input left in memory, or from a whole JSON
// text), it is shown with a caret line whose padding mirrors the characters above it: a tab for a
// tab, an ideographic space for a wide (East Asian) character, a space otherwise, so the caret
// lands under the column in a terminal whatever the tab stops are. Control characters in the
// shown line are replaced by U+FFFD so they cannot drive the terminal, and a very long line
// (minified XML) is cut to a window around the column, marked with "...". Only part of a long
// line may have been recovered; "..." then also marks where the recovered part is cut.
//
// When the line cannot be recovered — the document is not UTF-8 (the reader's line and column
// refer to its UTF-8 transcoding, which the tool does not have), or standard input has moved on —
// only the first line is printed.

import XMLCodableCore

/// A parse error in one document, ready to print.
struct Diagnostic {
    /// The name to show: the path as given, or `<stdin>`.
    var fileName: String
    /// The error the reader threw.
    var error: XMLParsingError
    /// The source line of the error, when it could be recovered.
    var excerpt: SourceExcerpt?

    /// The longest stretch of a source line shown, in characters.
    static let maximumLineWidth = 120

    /// `FILE:LINE:COLUMN: error: MESSAGE`, then the source line and the caret line when the line
    /// is known. Every line ends with a newline.
    var rendered: String {
        var text = "\(fileName):\(error.line):\(error.column): error: \(error.reason.description)\n"
        if let excerpt {
            let shown = Self.lines(excerpt)
            text += shown.line + "\n" + shown.caret + "\n"
        }
        return text
    }

    /// The shown source line and the caret line under it.
    static func lines(_ excerpt: SourceExcerpt) -> (line: String, caret: String) {
        let scalars = excerpt.scalars
        let caretIndex = max(0, excerpt.caretIndex)
        // Show at most `maximumLineWidth` characters, keeping the caret inside the window. (When
        // only part of the line is known, that part is at least half the width on each side of
        // the caret wherever the line goes on, so the window is the one the whole line would give.)
        let width = maximumLineWidth
        var start = 0
        var end = scalars.count
        if scalars.count > width {
            start = max(0, min(caretIndex - width / 2, scalars.count - width))
            end = min(scalars.count, start + width)
        }
        let ellipsis = "..."
        let cutBefore = start > 0 || excerpt.continuesBefore
        var line = cutBefore ? ellipsis : ""
        var caret = cutBefore ? String(repeating: " ", count: ellipsis.count) : ""
        for scalar in scalars[start..<end] {
            line.unicodeScalars.append(printable(scalar))
        }
        if end < scalars.count || excerpt.continuesAfter { line += ellipsis }
        for index in start..<max(start, caretIndex) {
            caret.unicodeScalars.append(index < scalars.count ? padding(under: scalars[index]) : " ")
        }
        caret += "^"
        return (line, caret)
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
