// Clark-notation keys: the encoder picks prefixes and declares them once, on the root; the
// decoder matches by namespace URI; so namespaced models round-trip whatever the prefixes.

import Foundation
import Testing
@testable import XMLCodable

@Suite("Encoder: namespaces")
struct EncoderNamespaceTests {
    struct Entry: Codable, Equatable {
        @Attribute var id: Int
        var title: String
        var creator: [String]
        enum CodingKeys: String, CodingKey {
            case id = "{urn:meta}id"
            case title = "{http://purl.org/dc/elements/1.1/}title"
            case creator = "{http://purl.org/dc/elements/1.1/}creator"
        }
    }

    @Test func clarkKeysGetPrefixesDeclaredOnceOnTheRoot() throws {
        let entry = Entry(id: 7, title: "Swift & XML", creator: ["Ann", "Bo"])
        let xml = try XMLEncoder().encodeToString(entry, withRootKey: "entry")
        #expect(
            xml
                == #"<entry ns1:id="7" xmlns:ns1="urn:meta" xmlns:ns2="http://purl.org/dc/elements/1.1/"><ns2:title>Swift &amp; XML</ns2:title><ns2:creator>Ann</ns2:creator><ns2:creator>Bo</ns2:creator></entry>"#
        )
        var reader = XMLReader(xml)
        while try reader.next() != nil {}
        #expect(try XMLDecoder().decode(Entry.self, from: xml) == entry)
    }

    @Test func anyPrefixTheDocumentUsesDecodes() throws {
        let xml = #"<entry xmlns:m="urn:meta" xmlns:dc="http://purl.org/dc/elements/1.1/" m:id="1"><dc:title>T</dc:title></entry>"#
        #expect(try XMLDecoder().decode(Entry.self, from: xml) == Entry(id: 1, title: "T", creator: []))
    }

    @Test func invalidLocalNameIsRefused() {
        struct Bad: Encodable {
            var v = 1
            enum CodingKeys: String, CodingKey { case v = "{urn:x}1v" }
        }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(Bad()) }
    }
}
