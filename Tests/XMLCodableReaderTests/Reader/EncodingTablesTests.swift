// The generated encoding tables against the WHATWG files they were generated from, and each
// multi-byte decoder's arithmetic through every pointer of its index.
//
// The files are read from ../shared/whatwg-encoding next to the package (or $WHATWG_ENCODING_DIR);
// when they are absent these tests skip with a message. The byte sequences that exercise the
// decoders here are computed from pointers (the inverse of each decoder's formula), so a table
// entry or a formula that is off by one shows as a mismatch at that pointer. Documents written
// from independent byte literals are in LegacyEncodingTests.swift.

import Testing
@testable import XMLCodableCore
@testable import XMLCodableReader

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
import XMLCodableTestSupport
#endif

@Suite("Encoding tables")
struct EncodingTablesTests {
    /// Where the WHATWG data files are, if present.
    static let directory: URL? = {
        if let value = ProcessInfo.processInfo.environment["WHATWG_ENCODING_DIR"], !value.isEmpty {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidate = root.appendingPathComponent("../shared/whatwg-encoding", isDirectory: true).standardizedFileURL
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("encodings.json").path)
            ? candidate : nil
    }()

    static let skipMessage: Comment =
        "WHATWG encoding files not found at ../shared/whatwg-encoding (or $WHATWG_ENCODING_DIR); skipping the table checks"

    /// An index file as pointer → code point.
    static func index(_ name: String) throws -> [Int: UInt32] {
        guard let directory else { return [:] }
        let text = try String(contentsOf: directory.appendingPathComponent("index-\(name).txt"), encoding: .utf8)
        var table: [Int: UInt32] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let pointer = Int(fields[0].trimmingCharacters(in: .whitespaces)),
                let codePoint = UInt32(fields[1].dropFirst(2), radix: 16)
            else { continue }
            table[pointer] = codePoint
        }
        return table
    }

    static let singleByteFiles: [(LegacyEncoding, String)] = [
        (.ibm866, "ibm866"), (.iso88592, "iso-8859-2"), (.iso88593, "iso-8859-3"), (.iso88594, "iso-8859-4"),
        (.iso88595, "iso-8859-5"), (.iso88596, "iso-8859-6"), (.iso88597, "iso-8859-7"), (.iso88598, "iso-8859-8"),
        (.iso885910, "iso-8859-10"), (.iso885913, "iso-8859-13"), (.iso885914, "iso-8859-14"),
        (.iso885915, "iso-8859-15"),
        (.iso885916, "iso-8859-16"), (.koi8R, "koi8-r"), (.koi8U, "koi8-u"), (.macintosh, "macintosh"),
        (.windows874, "windows-874"), (.windows1250, "windows-1250"), (.windows1251, "windows-1251"),
        (.windows1252, "windows-1252"),
        (.windows1253, "windows-1253"), (.windows1254, "windows-1254"), (.windows1255, "windows-1255"),
        (.windows1256, "windows-1256"),
        (.windows1257, "windows-1257"), (.windows1258, "windows-1258"), (.macCyrillic, "x-mac-cyrillic"),
    ]

    /// Decodes `bytes` with `encoding` in pieces of `pieceSize` bytes (all at once for 0).
    static func decode(_ bytes: [UInt8], _ encoding: LegacyEncoding, pieceSize: Int = 0) throws(InputDecoding.Failure)
        -> [UInt8]
    {
        var decoder = LegacyDecoder(encoding)
        var out: [UInt8] = []
        let size = pieceSize == 0 ? max(bytes.count, 1) : pieceSize
        var start = 0
        repeat {
            let end = min(start + size, bytes.count)
            try bytes.withUncheckedBytes { view throws(InputDecoding.Failure) in
                try decoder.decode(
                    view.extracting(unchecked: start..<end), at: start, final: end == bytes.count, into: &out)
            }
            start = end
        } while start < bytes.count
        return out
    }

    static func utf8(_ scalars: [UInt32]) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in scalars { appendUTF8(scalar, to: &out) }
        return out
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func singleByteTablesMatchTheIndexFiles() throws {
        for (encoding, file) in Self.singleByteFiles {
            let index = try Self.index(file)
            #expect(!index.isEmpty, "index-\(file).txt is empty")
            for byte in 0x80...0xFF {
                let expected = index[byte - 0x80]
                let bytes: [UInt8] = [UInt8(byte)]
                let decoded = try? Self.decode(bytes, encoding)
                if let expected {
                    #expect(decoded == Self.utf8([expected]), "\(encoding.name) byte \(byte)")
                } else {
                    #expect(decoded == nil, "\(encoding.name) byte \(byte) has no mapping and must be refused")
                }
            }
            // ASCII is itself.
            #expect(try Self.decode(Array(0..<0x80), encoding) == Array(0..<0x80))
        }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func multiByteTablesMatchTheIndexFiles() throws {
        let tables: [(String, (Int) -> UInt32?, Int)] = [
            ("jis0208", { EncodingTables.lookup(EncodingTables.jis0208, $0) }, 94 * 94 + 2000),
            ("jis0212", { EncodingTables.lookup(EncodingTables.jis0212, $0) }, 94 * 94),
            ("euc-kr", { EncodingTables.lookup(EncodingTables.eucKR, $0) }, 126 * 190),
            ("gb18030", { EncodingTables.lookup(EncodingTables.gb18030, $0) }, 126 * 190),
            ("big5", { EncodingTables.lookup(EncodingTables.big5, $0) }, 126 * 157),
        ]
        for (name, lookup, pointers) in tables {
            let index = try Self.index(name)
            #expect(index.count > 5000, "index-\(name).txt")
            var mismatches = 0
            for pointer in -1...pointers where lookup(pointer) != index[pointer] {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        "\(name) pointer \(pointer): \(String(describing: lookup(pointer))) ≠ \(String(describing: index[pointer]))"
                    )
                }
            }
            #expect(mismatches == 0, "\(name): \(mismatches) pointers differ")
        }
        // The ranges: each range's first pointer gives its first code point.
        for (pointer, codePoint) in try Self.index("gb18030-ranges") where pointer != 7457 {
            #expect(EncodingTables.gb18030RangesCodePoint(pointer) == codePoint, "gb18030 ranges pointer \(pointer)")
        }
    }

    /// Every mapped pointer of `index`, as bytes from `bytes(pointer)`, decoded in one document,
    /// whole and in pieces: the code points in pointer order.
    private func roundTrip(
        _ encoding: LegacyEncoding, _ indexName: String, skipping skipped: [ClosedRange<Int>] = [],
        bytes: (Int) -> [UInt8]?
    ) throws {
        let index = try Self.index(indexName)
        var input: [UInt8] = []
        var expected: [UInt32] = []
        for pointer in index.keys.sorted() where !skipped.contains(where: { $0.contains(pointer) }) {
            guard let sequence = bytes(pointer), let codePoint = index[pointer] else { continue }
            input += sequence
            expected.append(codePoint)
            // An ASCII byte between characters keeps the decoder's state honest.
            input.append(0x2E)
            expected.append(0x2E)
        }
        #expect(expected.count > 1000, "\(encoding.name): \(expected.count) characters")
        let utf8 = Self.utf8(expected)
        #expect(try Self.decode(input, encoding) == utf8, "\(encoding.name) in one piece")
        for size in [1, 2, 3, 7] {
            #expect(try Self.decode(input, encoding, pieceSize: size) == utf8, "\(encoding.name) in pieces of \(size)")
        }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func shiftJISDecodesEveryPointer() throws {
        try roundTrip(.shiftJIS, "jis0208") { pointer in
            let lead = pointer / 188
            let trail = pointer % 188
            let leadByte = lead < 0x1F ? lead + 0x81 : lead + 0xC1
            let trailByte = trail < 0x3F ? trail + 0x40 : trail + 0x41
            guard leadByte <= 0xFC else { return nil }
            return [UInt8(leadByte), UInt8(trailByte)]
        }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func eucJPDecodesEveryPointer() throws {
        try roundTrip(.eucJP, "jis0208", skipping: [94 * 94...Int.max]) {
            [UInt8($0 / 94 + 0xA1), UInt8($0 % 94 + 0xA1)]
        }
        try roundTrip(.eucJP, "jis0212") { [0x8F, UInt8($0 / 94 + 0xA1), UInt8($0 % 94 + 0xA1)] }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func iso2022JPDecodesEveryPointer() throws {
        // Each character in its own ESC $ B … ESC ( B run, with an ASCII '.' after it.
        try roundTrip(.iso2022JP, "jis0208", skipping: [94 * 94...Int.max]) { pointer in
            [0x1B, 0x24, 0x42, UInt8(pointer / 94 + 0x21), UInt8(pointer % 94 + 0x21), 0x1B, 0x28, 0x42]
        }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func eucKRDecodesEveryPointer() throws {
        try roundTrip(.eucKR, "euc-kr") { [UInt8($0 / 190 + 0x81), UInt8($0 % 190 + 0x41)] }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func gb18030DecodesEveryTwoBytePointer() throws {
        try roundTrip(.gb18030, "gb18030") { pointer in
            let trail = pointer % 190
            return [UInt8(pointer / 190 + 0x81), UInt8(trail < 0x3F ? trail + 0x40 : trail + 0x41)]
        }
        try roundTrip(.gbk, "gb18030") { pointer in
            let trail = pointer % 190
            return [UInt8(pointer / 190 + 0x81), UInt8(trail < 0x3F ? trail + 0x40 : trail + 0x41)]
        }
    }

    @Test func gb18030FourByteSequences() throws {
        func fourBytes(_ pointer: Int) -> [UInt8] {
            [
                UInt8(pointer / 12600 + 0x81), UInt8(pointer / 1260 % 10 + 0x30), UInt8(pointer / 10 % 126 + 0x81),
                UInt8(pointer % 10 + 0x30),
            ]
        }
        #expect(try Self.decode(fourBytes(0), .gb18030) == Self.utf8([0x80]))
        #expect(try Self.decode([0x81, 0x30, 0x81, 0x30], .gb18030) == Self.utf8([0x80]))
        #expect(try Self.decode([0x90, 0x30, 0x81, 0x30], .gb18030) == Self.utf8([0x10000]))
        #expect(try Self.decode([0xE3, 0x32, 0x9A, 0x35], .gb18030) == Self.utf8([0x10FFFF]))
        #expect(try Self.decode(fourBytes(7457), .gb18030) == Self.utf8([0xE7C7]))
        // Every supplementary code point's pointer, sampled, in pieces.
        var input: [UInt8] = []
        var expected: [UInt32] = []
        for codePoint in stride(from: 0x10000, through: 0x10FFFF, by: 4099) {
            input += fourBytes(codePoint - 0x10000 + 189000)
            expected.append(UInt32(codePoint))
        }
        for size in [0, 1, 3] {
            #expect(try Self.decode(input, .gb18030, pieceSize: size) == Self.utf8(expected))
        }
        // Pointers between the BMP ranges and the planes have no code point.
        #expect(throws: InputDecoding.Failure.self) { try Self.decode(fourBytes(39420), .gb18030) }
        #expect(throws: InputDecoding.Failure.self) { try Self.decode([0x84, 0x31, 0xA5, 0x30], .gb18030) }
        #expect(throws: InputDecoding.Failure.self) { try Self.decode([0xE3, 0x32, 0x9A, 0x36], .gb18030) }
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func big5DecodesEveryPointer() throws {
        try roundTrip(.big5, "big5", skipping: [1133...1133, 1135...1135, 1164...1164, 1166...1166]) { pointer in
            let trail = pointer % 157
            return [UInt8(pointer / 157 + 0x81), UInt8(trail < 0x3F ? trail + 0x40 : trail + 0x62)]
        }
        // The four pointers that decode to two code points.
        #expect(
            try Self.decode([0x88, 0x62, 0x88, 0x64, 0x88, 0xA3, 0x88, 0xA5], .big5)
                == Self.utf8([0xCA, 0x304, 0xCA, 0x30C, 0xEA, 0x304, 0xEA, 0x30C]))
    }

    @Test(.enabled(if: directory != nil, skipMessage))
    func everyWHATWGLabelIsKnown() throws {
        guard let directory = Self.directory else { return }
        let data = try Data(contentsOf: directory.appendingPathComponent("encodings.json"))
        let groups = try JSONDecoder().decode([Group].self, from: data)
        let latin1 = Set([
            "iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "latin1", "l1", "iso-ir-100",
            "csisolatin1", "cp819", "ibm819",
        ])
        let ascii = Set(["ascii", "us-ascii", "ansi_x3.4-1968"])
        var checked = 0
        for group in groups {
            for encoding in group.encodings {
                for label in encoding.labels {
                    checked += 1
                    let bytes = Array("<?xml version=\"1.0\" encoding=\"\(label.uppercased())\"?><a/>".utf8)
                    let detected = try? bytes.withUncheckedBytes { raw throws(InputDecoding.Failure) in
                        try InputDecoding.detect(raw, final: true)
                    }
                    switch encoding.name {
                    case "UTF-8":
                        #expect(detected == .utf8(checksASCII: false), "\(label)")
                    case "UTF-16LE", "UTF-16BE", "replacement", "x-user-defined":
                        #expect(detected == nil, "\(label) must be refused in an 8-bit document")
                    case "windows-1252" where latin1.contains(label):
                        #expect(detected == .latin1, "\(label)")
                    case "windows-1252" where ascii.contains(label):
                        #expect(detected == .utf8(checksASCII: true), "\(label)")
                    default:
                        guard case .legacy(let legacy) = detected else {
                            Issue.record("\(label) (\(encoding.name)) is not decoded")
                            continue
                        }
                        let expectedName = encoding.name == "ISO-8859-8-I" ? "ISO-8859-8" : encoding.name
                        #expect(legacy.name == expectedName, "\(label)")
                    }
                }
            }
        }
        #expect(checked > 200)
    }

    private struct Group: Decodable {
        struct Encoding: Decodable {
            var name: String
            var labels: [String]
        }
        var encodings: [Encoding]
    }
}
