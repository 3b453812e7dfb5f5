// Reading in chunks: every way of feeding the reader gives the events and errors the in-memory
// reader gives for the same bytes, wherever the chunks are cut.

import Foundation
import Testing
import XMLCodable  // the Foundation API: DateFormatter strategies, FileHandle
@testable import XMLCodableReader

@Suite struct StreamingReaderTests {
    static let documents: [String] = [
        "<a/>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c --><root a=\"1\" b='x&amp;y'>text &lt; more<child/><![CDATA[ <raw> ]]>\r\n<?pi data?></root>\n",
        "<!DOCTYPE r [<!ENTITY e \"<b>in entity</b> &#38;amp;\"><!ATTLIST r d CDATA 'def'><!-- ]> --><?p ]>?>]><r>&e;&e;</r>",
        "<r xmlns=\"urn:a\" xmlns:p=\"urn:p\"><p:x p:y=\"1\">é😀日本</p:x></r>",
        "<r>unclosed",
        "<r></s>",
        "<r>a]]>b</r>",
        "\u{FEFF}<r>bom</r>",
        "<r>\r\n\r\nlines\r</r>",
        "",
        "   ",
        "<r/><r/>",
    ]

    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func pushedChunksGiveTheSameTrace(_ chunkSize: Int) {
        for document in Self.documents {
            let bytes = Array(document.utf8)
            let expected = ReaderTrace.inMemory(bytes)
            let got = ReaderTrace.pushed(bytes, chunkSize: chunkSize)
            #expect(got == expected, "chunk size \(chunkSize), document \(document.debugDescription)")
        }
    }
}

/// Documents that touch every construct the reader knows, for cutting at every byte.
enum ChunkBoundaryDocuments {
    static let utf8: [String] = [
        """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!DOCTYPE doc [
          <!ENTITY ent "entity <i>text</i> &#38;amp; more">
          <!ENTITY % pe "<!ENTITY fromPE 'x&#62;y'>">
          %pe;
          <!ATTLIST item kind CDATA "default" id ID #IMPLIED>
          <!-- a comment ]> in the subset -->
          <?pi-in-dtd data]>?>
        ]>
        <!-- before the root -->
        <doc xmlns="urn:default" xmlns:p="urn:p" p:attr='single &apos;quoted&apos;'>
          <item id="a1">text &amp; &lt;entities&gt; &#x1F600; &#233;</item>
          <item kind="explicit"/>
          &ent;&fromPE;
          <p:x>ünïcödé 日本語 😀</p:x>\r\n
          <![CDATA[<raw> & ]] ]]>
          <?target some data?>
          <empty></empty>line\rend\r\nwindows
        </doc>
        <!-- after the root -->
        """,
        "<a b=\"1\" c='2'><b>x</b><c/>]</a>",
        "<a>&undeclared;</a>",
        "<a><b></a>",
        "<a>text",
        "<a x='1' x='2'/>",
        "<a>\u{1}</a>",
        "<a>&#65</a>",
        // An '&' right before an unterminated reference, markup after it still to come.
        "<a>x&&#23s<![CDATA[y]]></a>",
        // A first character whose UTF-8 begins with EF, like a byte order mark's.
        "\u{FFFF}<a/>",
        "<?xml version='1.0' encoding='ISO-8859-1'?><a>latin</a>",
    ]

    /// The same in the other encodings the reader reads, as bytes.
    static var encoded: [[UInt8]] {
        var documents = utf8.map { Array($0.utf8) }
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><doc a=\"ü\">😀 text\r\n</doc>"
        let units = Array(text.utf16)
        documents.append([0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        documents.append([0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        // A declaration whose encoding value runs past `?>` and so contradicts the byte order
        // mark: that error comes first, whatever has arrived of the rest.
        let unclosed = Array("<?xml version=\"1.0\" encoding=\"UTF-16?>\n<r a=\"x\"/>".utf16)
        documents.append([0xFF, 0xFE] + unclosed.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let latin = "<?xml version=\"1.0\" encoding=\"windows-1252\"?><doc>caf\u{E9} \u{20AC}</doc>"
        documents.append(latin.unicodeScalars.map { $0.value == 0x20AC ? 0x80 : UInt8($0.value) })
        documents.append(
            Array(
                "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><doc>\u{E9}</doc>".unicodeScalars.map {
                    UInt8($0.value)
                }))
        return documents
    }
}

extension StreamingReaderTests {
    @Test func everySplitPointGivesTheSameTraceAsTheWholeDocument() {
        for bytes in ChunkBoundaryDocuments.encoded {
            let expected = ReaderTrace.inMemory(bytes)
            for split in 0...bytes.count {
                let got = ReaderTrace.pushed(pieces: [Array(bytes[..<split]), Array(bytes[split...])])
                #expect(
                    got == expected,
                    "split at \(split) of \(bytes.count) bytes: \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)"
                )
                if got != expected { break }
            }
        }
    }

    @Test func threePiecesAtEverySecondPair() {
        // Two cuts, to catch state carried across more than one boundary.
        let bytes = Array(ChunkBoundaryDocuments.utf8[0].utf8)
        let expected = ReaderTrace.inMemory(bytes)
        for first in stride(from: 0, through: bytes.count, by: 13) {
            for second in stride(from: first, through: bytes.count, by: 17) {
                let got = ReaderTrace.pushed(pieces: [
                    Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...]),
                ])
                #expect(got == expected, "cuts at \(first) and \(second)")
                if got != expected { return }
            }
        }
    }

    @Test func aFileAndAFileHandleAreReadInChunks() throws {
        let bytes = Array(ChunkBoundaryDocuments.utf8[0].utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).xml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = ReaderTrace.inMemory(bytes)
        for chunkSize in [1, 5, 64, 1 << 16] {
            var reader = try XMLReader(contentsOf: url, chunkSize: chunkSize)
            #expect(ReaderTrace.trace(&reader) == expected, "chunk size \(chunkSize)")
            let handle = try FileHandle(forReadingFrom: url)
            var fromHandle = XMLReader(fileHandle: handle, chunkSize: chunkSize)
            #expect(ReaderTrace.trace(&fromHandle) == expected, "file handle, chunk size \(chunkSize)")
            try handle.close()
        }
    }

    @Test func asyncBytesFromAPipe() async throws {
        let bytes = Array(ChunkBoundaryDocuments.utf8[0].utf8)
        let expected = ReaderTrace.inMemory(bytes)
        let pipe = Pipe()
        let writer = Thread {
            let handle = pipe.fileHandleForWriting
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 37)
                handle.write(Data(bytes[offset..<end]))
                offset = end
            }
            try? handle.close()
        }
        writer.start()
        let reading = pipe.fileHandleForReading
        let stream = AsyncThrowingStream<UInt8, any Error> { continuation in
            Thread {
                while let data = try? reading.read(upToCount: 29), !data.isEmpty {
                    for byte in data { continuation.yield(byte) }
                }
                continuation.finish()
            }.start()
        }
        var reader = XMLReader(stream, chunkSize: 16)
        var lines: [String] = []
        var text: String?
        do {
            while let event = try await reader.next() {
                if case .text(let slice) = event {
                    text = (text ?? "") + reader.string(slice)
                    continue
                }
                if let pending = text { lines.append("text \(pending.debugDescription)") }
                text = nil
                if case .startElement(let name) = event { lines.append("start \(reader.string(name))") }
            }
        } catch {
            Issue.record("async reading threw \(error)")
        }
        let expectedStarts = expected.filter { $0.hasPrefix("start ") }.map {
            String($0.split(separator: " ").prefix(2).joined(separator: " ")).replacingOccurrences(
                of: "{urn:default}", with: ""
            ).replacingOccurrences(
                of: "{urn:p}", with: "")
        }
        #expect(lines.filter { $0.hasPrefix("start ") } == expectedStarts)
        #expect(lines.filter { $0.hasPrefix("text ") }.count == expected.filter { $0.hasPrefix("text ") }.count)
    }

    @Test func needsInputTellsWaitingFromEnding() throws {
        var reader = XMLReader.incremental()
        #expect(try reader.next() == nil)
        #expect(reader.needsInput)
        try reader.append(Array("<a>one".utf8))
        guard case .startElement = try reader.next() else {
            Issue.record("expected the start tag")
            return
        }
        // "one" may still continue: only what is certain is reported.
        var texts: [String] = []
        while let event = try reader.next() { if case .text(let slice) = event { texts.append(reader.string(slice)) } }
        #expect(reader.needsInput)
        try reader.append(Array(" two</a>".utf8))
        while let event = try reader.next() { if case .text(let slice) = event { texts.append(reader.string(slice)) } }
        #expect(texts.joined() == "one two")
        #expect(reader.needsInput)
        try reader.finishInput()
        #expect(try reader.next() == nil)
        #expect(!reader.needsInput)
        #expect(throws: XMLParsingError.self) { try reader.append([0x20]) }
    }

    @Test func aTokenLongerThanTheLimitIsRefused() {
        var limits = XMLReader.Limits()
        limits.maxTokenLength = 1_000
        var reader = XMLReader.incremental(options: XMLReader.Options(limits: limits))
        do {
            try reader.append(Array("<a b=\"".utf8))
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 512)
            for _ in 0..<10 {
                try reader.append(chunk)
                while try reader.next() != nil {}
            }
            Issue.record("expected tokenTooLarge")
        } catch {
            #expect(error.reason == .tokenTooLarge(limit: 1_000))
        }
        // Text is not a token: a long run arrives in pieces.
        var textReader = XMLReader.incremental(options: XMLReader.Options(limits: limits))
        var total = 0
        do {
            try textReader.append(Array("<a>".utf8))
            for _ in 0..<10 {
                try textReader.append([UInt8](repeating: UInt8(ascii: "y"), count: 512))
                while let event = try textReader.next() {
                    if case .text(let slice) = event { total += textReader.string(slice).count }
                }
            }
            try textReader.append(Array("</a>".utf8))
            try textReader.finishInput()
            while let event = try textReader.next() {
                if case .text(let slice) = event { total += textReader.string(slice).count }
            }
        } catch {
            Issue.record("long text threw \(error)")
        }
        #expect(total == 5_120)
    }
}
