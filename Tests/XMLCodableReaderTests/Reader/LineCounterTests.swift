// LineCounter counts sixteen bytes at a time where it can: the same lines and columns as counting
// byte by byte, for every mix of line breaks, multi-byte characters and cuts between calls.

import Testing
@testable import XMLCodableReader

@Suite struct LineCounterTests {
    /// Line and column after `bytes`, counted one byte per call (the word loop never runs).
    private func byteByByte(_ bytes: [UInt8]) -> (Int, Int) {
        var counter = LineCounter()
        for byte in bytes { [byte].withUncheckedBytes { counter.count($0) } }
        return (counter.line, counter.column)
    }

    private func inPieces(_ bytes: [UInt8], cuts: [Int]) -> (Int, Int) {
        var counter = LineCounter()
        var start = 0
        for cut in cuts + [bytes.count] where cut >= start {
            Array(bytes[start..<cut]).withUncheckedBytes { counter.count($0) }
            start = cut
        }
        #expect(counter.counted == bytes.count)
        return (counter.line, counter.column)
    }

    @Test func wordsAndBytesAgree() {
        // Pieces chosen so that words hold line feeds, carriage returns, CR LF split across words
        // and calls, and multi-byte characters split too.
        let pieces: [[UInt8]] = [
            Array("abc".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é日😀".utf8), Array("<tag attr='v'/>".utf8),
            [0xEF, 0xBB, 0xBF],
            Array(repeating: UInt8(ascii: "x"), count: 13),
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) { bytes += pieces.randomElement(using: &random)! }
            let cuts = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                Int.random(in: 0...bytes.count, using: &random)
            }.sorted()
            let expected = byteByByte(bytes)
            let got = inPieces(bytes, cuts: cuts)
            #expect(got == expected, "\(bytes) cut at \(cuts)")
        }
    }

    @Test func longRunsOfLinesAgree() {
        // More than 255 blocks with line feeds in one call (the per-lane counts are summed), a
        // line feed in the last byte of a block, and long lines of multi-byte characters.
        var bytes: [UInt8] = []
        for line in 0..<3_000 {
            bytes += Array(String(repeating: "é", count: line % 23).utf8) + Array("<a>\(line)</a>".utf8) + [0x0A]
        }
        bytes += Array(repeating: UInt8(ascii: "x"), count: 15) + [0x0A] + Array("日本".utf8)
        let expected = byteByByte(bytes)
        for cuts in [[], [1], [16, 4_000], [bytes.count - 3], [7, 4_096, 20_000]] {
            #expect(inPieces(bytes, cuts: cuts) == expected, "cut at \(cuts)")
        }
    }

    @Test func anotherCharacterBeginningWithEFIsAColumn() {
        // U+FFFF (EF BF BF), as a document transcoded from UTF-16 may begin: a character, not a
        // byte order mark; cut anywhere, it counts as the in-memory reader counts it.
        let bytes = Array("\u{FFFF}<r>".utf8) + Array(repeating: UInt8(ascii: "a"), count: 16)
        for cut in 0...bytes.count {
            #expect(inPieces(bytes, cuts: [cut]) == (1, 21), "cut at \(cut)")
        }
        let mark = Array("\u{FEFF}\u{FEFF}".utf8)
        for cut in 0...mark.count {
            #expect(inPieces(mark, cuts: [cut]) == (1, 2), "cut at \(cut)")
        }
    }

    @Test func aByteOrderMarkStartsNoColumn() {
        var counter = LineCounter()
        Array("\u{FEFF}<r>".utf8 + Array(repeating: UInt8(ascii: "a"), count: 16)).withUncheckedBytes {
            counter.count($0)
        }
        #expect(counter.line == 1)
        #expect(counter.column == 20)
    }
}
