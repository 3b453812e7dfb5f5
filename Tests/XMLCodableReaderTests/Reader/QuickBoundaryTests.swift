// The quick move of a reader in chunks (`StreamBoundary.advanceQuickly`): inside the root element
// the boundary goes to the window's last `<` without a pre-scan, and the reader rolls back to the
// full pre-scan when that cut a token short. Wherever the chunks are cut, the events and errors
// must be those of the in-memory reader: `<` and `>` inside comments, CDATA sections, PIs and
// attribute values, references, CRLF, multi-byte characters, and malformed input whose error is
// at or near a `<` the quick move may stop at.

import Foundation
import Testing
@testable import XMLCodableReader

@Suite struct QuickBoundaryTests {
    static let wellFormed: [String] = [
        "<r>t<!-- x <y> z > --><c>d</c><![CDATA[ <e> ]] > ]]]]><f/><?p <g> ?>h</r>",
        "<r><s a=\"x>y\" b='p>q'>t</s><u v=\">\"/>w > v</r>",
        "<r>\r\n<s>é日😀</s>\r\n&amp;&#x1F600;&#233;<t/>]] ]</r>\r\n",
        "<!DOCTYPE r [<!ENTITY e \"<i>x</i> &#38;amp;\"><!ATTLIST s d CDATA 'v<'>]><r>&e;<s>&e;</s>&e;</r>",
        "<r xmlns:p=\"urn:p\"><p:s p:a=\"1\">x</p:s><!----><?q?><![CDATA[]]></r><!-- <after> --><?z <y>?>",
        "<r>one\rtwo\r\nthree\n<s/>&lt;&gt;&quot;&apos;</r>",
    ]

    static let malformed: [String] = [
        "<r><s a=\"x<y\">t</s></r>",
        "<r>a &amp b<s/></r>",
        "<r>&#12<s/></r>",
        "<r>&&#23s<![CDATA[y]]></r>",
        "<r><s a=\"1\"<t/></s></r>",
        "<r><s></s <t/></r>",
        "<r><!-- a <b> </r>",
        "<r><!-- a -- b --><t/></r>",
        "<r><![CDATA[ <x> </r>",
        "<r><?p <x> </r>",
        "<r>a]]>b<s/></r>",
        "<r><s>\u{1}<t/></s></r>",
        "<r><s/><s a='1' a='2'/><t/></r>",
        "<r>x</r><s/>",
        "<r><s>text</r>",
        "<r><s a=\"1\" b=\"2</s></r>",
        "<r><s>é\u{FFFE}<t/></s></r>",
        "<r><<s/></r>",
        "<r><!DOCTYPE x><s/></r>",
        "<r>&undeclared;<s/></r>",
    ]

    static var documents: [[UInt8]] {
        (wellFormed + malformed).map { Array($0.utf8) }
            // Bytes that are not UTF-8 at all, between tags.
            + [
                Array("<r><s>a".utf8) + [0xC3] + Array("<t/></s></r>".utf8),
                Array("<r>x".utf8) + [0xFF] + Array("<s/></r>".utf8),
            ]
    }

    @Test func everySplitPointGivesTheSameTrace() {
        for bytes in Self.documents {
            let expected = ReaderTrace.inMemory(bytes)
            for split in 0...bytes.count {
                let got = ReaderTrace.pushed(pieces: [Array(bytes[..<split]), Array(bytes[split...])])
                #expect(
                    got == expected, "split at \(split): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                if got != expected { break }
            }
        }
    }

    @Test func everyPairOfSplitPointsGivesTheSameTrace() {
        for bytes in Self.documents {
            let expected = ReaderTrace.inMemory(bytes)
            var failed = false
            for first in 0...bytes.count where !failed {
                for second in stride(from: first, through: bytes.count, by: 3) {
                    let pieces = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                    let got = ReaderTrace.pushed(pieces: pieces)
                    #expect(
                        got == expected,
                        "cuts at \(first) and \(second): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                    if got != expected {
                        failed = true
                        break
                    }
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func smallChunksFromAFileGiveTheSameTrace(_ chunkSize: Int) throws {
        for bytes in Self.documents {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("quick-\(UUID().uuidString).xml")
            try Data(bytes).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var reader = try XMLReader(contentsOf: url, chunkSize: chunkSize)
            let expected = ReaderTrace.inMemory(bytes)
            #expect(
                ReaderTrace.trace(&reader) == expected,
                "chunk size \(chunkSize): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// A document of many windows, whose comments, CDATA sections and PIs hold `<` (each can be
    /// the last `<` of a window, and then makes the reader roll back), with an error near its end.
    @Test(arguments: [61, 1000, 1 << 16])
    func aLongDocumentRollsBackAcrossManyWindows(_ chunkSize: Int) throws {
        var text = "<?xml version=\"1.0\"?>\n<root>\n"
        for index in 0..<600 {
            text += "  <item n=\"\(index)\" q='a>b'>caf\u{E9} &amp; \u{65E5} \(index)</item>\r\n"
            if index % 7 == 0 { text += "  <!-- <not-a-tag n=\"\(index)\"> -->\n" }
            if index % 11 == 0 { text += "  <![CDATA[ <raw>\(index)</raw> ]]>\n" }
            if index % 13 == 0 { text += "  <?pi <x\(index)>?>\n" }
        }
        let good = Array((text + "</root>\n").utf8)
        let bad = Array((text + "  <last a=\"<\"/>\n</root>\n").utf8)
        for bytes in [good, bad] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "quick-long-\(UUID().uuidString).xml")
            try Data(bytes).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var reader = try XMLReader(contentsOf: url, chunkSize: chunkSize)
            let got = ReaderTrace.trace(&reader)
            let expected = ReaderTrace.inMemory(bytes)
            #expect(got == expected, "chunk size \(chunkSize)")
            #expect(got.last?.hasPrefix(bytes == good ? "end" : "error") == true)
        }
    }

    /// The backward search for the last `<`, across and inside blocks of sixteen bytes.
    @Test func theLastLessThanSignIsFoundFromTheEnd() {
        for count in 0..<70 {
            for position in 0..<max(1, count) {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                if count > 0 { bytes[position] = UInt8(ascii: "<") }
                bytes.withUnsafeBytes { raw in
                    let window = UncheckedBytes(raw)
                    for after in 0...count {
                        let expected = count > 0 && position > after ? position : nil
                        #expect(
                            StreamBoundary.lastLess(window, after: after) == expected,
                            "count \(count), '<' at \(position), after \(after)")
                    }
                }
            }
        }
    }
}
