// Reading in chunks: every way of feeding the reader gives the events and errors the in-memory
// reader gives for the same bytes, wherever the chunks are cut.

import Foundation
import Testing
@testable import XMLCodable

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
