// UncheckedUTF8String makes the decoder's strings without the standard library's UTF-8 check,
// after a check of its own (`checkedIsASCII`). A string made from bytes that are not UTF-8 would
// break String's invariants, so these tests hold the check to one rule above all: it never passes
// bytes that the standard library would not accept as UTF-8. They try every length of plain ASCII
// around the check's 8- and 16-byte steps, every character width at every offset, each kind of
// ill-formed sequence at every offset, and a seeded stream of random byte strings.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct UncheckedUTF8StringTests {
    private func checked(_ bytes: [UInt8]) -> Bool? {
        bytes.withUnsafeBytes { UncheckedUTF8String.checkedIsASCII(UncheckedBytes($0)) }
    }

    private func made(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { UncheckedUTF8String.make($0) }
    }

    @Test func asciiOfEveryLengthIsPassedAsASCII() {
        for length in 0...48 {
            let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(checked(bytes) == true, "length \(length)")
            #expect(made(bytes) == String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test(arguments: [
        "\u{80}", "é", "\u{7FF}", "\u{800}", "日", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "😀", "\u{10FFFF}", "ελληνικά",
        "日本語",
    ])
    func wellFormedCharactersAtEveryOffsetArePassed(_ character: String) {
        for offset in 0...34 {
            let text = String(repeating: "x", count: offset) + character + String(repeating: "y", count: 40 - offset)
            let bytes = Array(text.utf8)
            #expect(checked(bytes) == false, "\(character) at \(offset)")
            #expect(made(bytes) == text)
            // The character last, nothing after it.
            let last = Array((String(repeating: "x", count: offset) + character).utf8)
            #expect(checked(last) == false)
            #expect(made(last) == String(repeating: "x", count: offset) + character)
        }
    }

    static let illFormed: [[UInt8]] = [
        [0x80],  // a continuation byte alone
        [0xBF, 0x41],
        [0xC2],  // a lead at the end
        [0xE6, 0x97],  // a three-byte character cut short
        [0xF0, 0x9F, 0x98],  // a four-byte character cut short
        [0xC0, 0x80],  // overlong
        [0xC1, 0xBF],
        [0xE0, 0x80, 0x80],
        [0xF0, 0x80, 0x80, 0x80],
        [0xED, 0xA0, 0x80],  // a surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],
        [0xFF],
        [0xE6, 0x41, 0x97],
        [0xEF, 0xBF, 0xBE],  // U+FFFE: UTF-8, but not an XML character
        [0xEF, 0xBF, 0xBF],  // U+FFFF
    ]

    @Test(arguments: illFormed)
    func illFormedSequencesAtEveryOffsetAreRefused(_ sequence: [UInt8]) {
        for offset in 0...34 {
            for after in [0, 1, 7, 16] {
                let bytes = [UInt8](repeating: 0x61, count: offset) + sequence + [UInt8](repeating: 0x62, count: after)
                #expect(checked(bytes) == nil, "\(sequence) at \(offset), \(after) after")
                // Made the standard library's way, with U+FFFD for what is invalid.
                #expect(made(bytes) == String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    @Test func randomBytesArePassedOnlyWhenTheyAreUTF8() {
        // A small xorshift generator, seeded, so a failure can be replayed.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        // Strings of characters of every width, half of them then broken: a byte replaced by one
        // that makes and breaks sequences, one inserted, or the end cut off.
        let breakers: [UInt8] = [
            0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE6, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
            0x41,
        ]
        var passedNonASCII = 0
        var refused = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(next() % 24) {
                let r = next()
                let scalar: UInt32
                switch r % 5 {
                case 0, 1: scalar = 0x20 + UInt32((r >> 8) % 0x5F)
                case 2: scalar = 0x80 + UInt32((r >> 8) % 0x780)
                case 3: scalar = 0x800 + UInt32((r >> 8) % 0xF800)
                default: scalar = 0x10000 + UInt32((r >> 8) % 0x100000)
                }
                if let character = Unicode.Scalar(scalar) { bytes += Array(String(Character(character)).utf8) }
            }
            if next() % 2 == 0, !bytes.isEmpty {
                let r = next()
                let at = Int((r >> 8) % UInt64(bytes.count))
                switch r % 3 {
                case 0: bytes[at] = breakers[Int((r >> 20) % UInt64(breakers.count))]
                case 1: bytes.insert(breakers[Int((r >> 20) % UInt64(breakers.count))], at: at)
                default: bytes.removeLast(min(bytes.count, 1 + at % 3))
                }
            }
            let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
            let isASCII = bytes.allSatisfy { $0 < 0x80 }
            if let result = checked(bytes) {
                #expect(isUTF8, "passed bytes that are not UTF-8: \(bytes)")
                #expect(result == isASCII)
                if !isASCII { passedNonASCII += 1 }
            } else {
                // Refused: not UTF-8, or a character XML does not allow.
                refused += 1
                let text = String(validating: bytes, as: UTF8.self)
                #expect(
                    text == nil || text!.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF },
                    "refused \(bytes)")
            }
            #expect(made(bytes) == String(decoding: bytes, as: UTF8.self))
        }
        // The stream reached both outcomes, non-ASCII passes included.
        #expect(passedNonASCII > 5_000)
        #expect(refused > 3_000)
    }

    struct Book: Codable, Equatable {
        var title: String
        var note: String
    }

    @Test func decodedStringsAroundTheSixteenByteLineAreExact() throws {
        // Lengths from 14 to 18 bytes, with characters of every width at the ends and across the
        // boundary, in text and in attributes, plain and through references.
        let titles = [
            "abcdefghijklmn", "abcdefghijklmnö", "abcdefghijklmnop", "ößabcdefghijklmno", "日本語日本語x", "😀abcdefghijklm😀",
            "x&amp;y abcdefghijk",
            "&#x1F600;&#xE9;abcdefghijklmn",
        ]
        for title in titles {
            let xml = "<Book note=\"\(title) / \(title)\"><title>\(title)</title></Book>"
            let expected = title.replacingOccurrences(of: "&amp;", with: "&")
                .replacingOccurrences(of: "&#x1F600;", with: "😀")
                .replacingOccurrences(of: "&#xE9;", with: "é")
            let decoder = XMLDecoder()
            let book = try decoder.decode(Book.self, from: Data(xml.utf8))
            #expect(book == Book(title: expected, note: expected + " / " + expected))
        }
    }

    struct Note: Codable, Equatable {
        var text: String
    }

    @Test(arguments: [false, true])
    func valuesLongerThanTheScratchBufferAreExact(trimmed: Bool) throws {
        // Over 16 KiB of text with references and non-ASCII characters, decoded in place rather
        // than through the scratch buffer; and just under that, through it.
        for repeats in [600, 1_400] {
            let unit = "ab &amp; 日本 &#x1F600; "
            let expectedUnit = "ab & 日本 😀 "
            let xml = "<Note><text>  \(String(repeating: unit, count: repeats))</text></Note>"
            let decoder = XMLDecoder()
            decoder.trimValueWhitespaces = trimmed
            let note = try decoder.decode(Note.self, from: Data(xml.utf8))
            let full = "  " + String(repeating: expectedUnit, count: repeats)
            #expect(note.text == (trimmed ? full.trimmingCharacters(in: .whitespaces) : full), "\(repeats) repeats")
        }
    }
}
