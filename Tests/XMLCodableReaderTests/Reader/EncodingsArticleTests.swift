// The examples of the DocC article Encodings.md, as written there: if this file needs
// changing, the article does too.

import Testing
import XMLCodableCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
import XMLCodableTestSupport
#endif

@Suite("Encodings article")
struct EncodingsArticleTests {
    struct Item: Codable, Equatable {
        var title: String
    }

    @Test func aWindows1251Document() throws {
        // <?xml version="1.0" encoding="windows-1251"?><item><title>Привет</title></item>
        let bytes: [UInt8] =
            Array(#"<?xml version="1.0" encoding="windows-1251"?><item><title>"#.utf8)
            + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
            + Array("</title></item>".utf8)
        let item = try XMLDecoder().decode(Item.self, from: Data(bytes))
        #expect(item.title == "Привет")
    }

    @Test func bytesThatAreNotCharacters() throws {
        // "<title>" then 0x82, a Shift_JIS lead byte, then "<": no character is 0x82 0x3C.
        let bad: [UInt8] =
            Array(#"<?xml version="1.0" encoding="Shift_JIS"?>"#.utf8) + [0x0A]
            + Array("<title>".utf8) + [0x82] + Array("</title>".utf8)
        var printed = ""
        do {
            var reader = try XMLReader(bad)
            while try reader.next() != nil {}
        } catch {
            printed = String(describing: error)
        }
        #expect(printed == "2:8: error: unexpected bytes 0x82 0x3C; expected a Shift_JIS character")
        // The decoder: the same error, underneath a DecodingError.
        do {
            _ = try XMLDecoder().decode(Item.self, from: Data(bad))
            Issue.record("decoded a document with bytes that are not Shift_JIS")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(
                (context.underlyingError as? XMLParsingError).map { [$0.line, $0.column, $0.offset] } == [2, 8, 50])
        }
    }
}
