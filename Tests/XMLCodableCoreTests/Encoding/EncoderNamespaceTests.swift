// Clark-notation keys: the encoder picks prefixes and declares them once, on the root; the
// decoder matches by namespace URI; so namespaced models round-trip whatever the prefixes.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

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
        let xml =
            #"<entry xmlns:m="urn:meta" xmlns:dc="http://purl.org/dc/elements/1.1/" m:id="1"><dc:title>T</dc:title></entry>"#
        #expect(try XMLDecoder().decode(Entry.self, from: xml) == Entry(id: 1, title: "T", creator: []))
    }

    @Test func invalidLocalNameIsRefused() {
        struct Bad: Encodable {
            var v = 1
            enum CodingKeys: String, CodingKey { case v = "{urn:x}1v" }
        }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(Bad()) }
    }

    struct Status: Codable, Equatable { var code: Int }

    @Test func aRootKeyInClarkNotationIsWrittenWithAPrefixDeclaredOnTheRoot() throws {
        let xml = try XMLEncoder().encodeToString(Status(code: 1), withRootKey: "{http://example.com/api}status")
        #expect(xml == #"<ns1:status xmlns:ns1="http://example.com/api"><code>1</code></ns1:status>"#)
        #expect(try XMLDecoder().decode(Status.self, from: xml) == Status(code: 1))
        // No namespace: the local name alone.
        #expect(
            try XMLEncoder().encodeToString(Status(code: 1), withRootKey: "{}status")
                == "<status><code>1</code></status>")
        // The root's prefix comes first; the keys' prefixes follow it.
        let entry = try XMLEncoder().encodeToString(
            Entry(id: 1, title: "t", creator: []), withRootKey: "{urn:feed}entry")
        #expect(entry.hasPrefix(#"<ns1:entry ns2:id="1" xmlns:ns1="urn:feed" xmlns:ns2="urn:meta""#))
        #expect(entry.hasSuffix("</ns1:entry>"))
    }

    @Test func aRootKeyInClarkNotationWithAnInvalidLocalNameIsRefused() {
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(Status(code: 1), withRootKey: "{urn:x}1status") }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(Status(code: 1), withRootKey: "{urn:x") }
    }

    struct Items: Encodable { var item: [Status] }

    @Test(arguments: [0, 1, 3])
    func anElementWriterWithARootKeyInClarkNotationWritesWhatEncodeWrites(count: Int) throws {
        for formatting: XMLEncoder.OutputFormatting in [[], [.noEmptyElements], [.prettyPrinted]] {
            let encoder = XMLEncoder()
            encoder.outputFormatting = formatting
            var streamed = Data()
            let writer = try encoder.elementWriter(withRootKey: "{urn:list}items", itemKey: "item") {
                streamed.append($0)
            }
            for code in 0..<count { try writer.write(Status(code: code)) }
            try writer.finish()
            let whole = try encoder.encode(
                Items(item: (0..<count).map { Status(code: $0) }), withRootKey: "{urn:list}items")
            #expect(
                String(decoding: streamed, as: UTF8.self) == String(decoding: whole, as: UTF8.self), "\(formatting)")
            var decoded: [Status] = []
            try XMLDecoder().decodeElements(Status.self, at: "{urn:list}items/item", from: streamed) {
                decoded.append($0)
            }
            #expect(decoded == (0..<count).map { Status(code: $0) })
        }
    }

    @Test func aPrefixDeclaredInRootAttributesIsUsedForItsURIAndNotChosenForAnother() throws {
        // The caller's declaration of the URI gives the prefix: no second declaration.
        let own = try XMLEncoder().encodeToString(
            Entry(id: 1, title: "t", creator: []), withRootKey: "entry",
            rootAttributes: ["xmlns:dc": "http://purl.org/dc/elements/1.1/"])
        // (The caller's attributes come first.)
        #expect(
            own
                == #"<entry xmlns:dc="http://purl.org/dc/elements/1.1/" ns1:id="1" xmlns:ns1="urn:meta"><dc:title>t</dc:title></entry>"#
        )
        #expect(try XMLDecoder().decode(Entry.self, from: own) == Entry(id: 1, title: "t", creator: []))
        // A prefix the caller binds to another URI is not chosen (it was replaced, losing the
        // caller's declaration).
        let taken = try XMLEncoder().encodeToString(
            Status(code: 1), withRootKey: "{urn:api}status", rootAttributes: ["xmlns:ns1": "urn:other"])
        #expect(taken == #"<ns2:status xmlns:ns1="urn:other" xmlns:ns2="urn:api"><code>1</code></ns2:status>"#)
        var writer = Data()
        let elements = try XMLEncoder().elementWriter(
            withRootKey: "{urn:api}list", itemKey: "item", rootAttributes: ["xmlns:ns1": "urn:other"]
        ) {
            writer.append($0)
        }
        try elements.write(Status(code: 1))
        try elements.finish()
        let whole = try XMLEncoder().encodeToString(
            Items(item: [Status(code: 1)]), withRootKey: "{urn:api}list", rootAttributes: ["xmlns:ns1": "urn:other"])
        #expect(String(decoding: writer, as: UTF8.self) == whole)
        #expect(whole == #"<ns2:list xmlns:ns1="urn:other" xmlns:ns2="urn:api"><item><code>1</code></item></ns2:list>"#)
    }
}
