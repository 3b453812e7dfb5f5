// XMLDecoder.undeclaredEntityReplacements: RSS-like documents with HTML's named references, decoded
// in memory and element by element (from data, a file and async bytes).

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Item: Codable, Equatable {
    @Attribute var category: String
    var title: String
    var description: String
}

private struct Channel: Codable, Equatable {
    var title: String
    var item: [Item]
}

private struct RSS: Codable, Equatable {
    @Attribute var version: String
    var channel: Channel
}

private let feed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0">
      <channel>
        <title>Caf&eacute; News</title>
        <item category="Cr&egrave;me&nbsp;br&ucirc;l&eacute;e">
          <title>R&eacute;sum&eacute; &amp; more&hellip;</title>
          <description>&lt;p&gt;Caf&eacute;&lt;/p&gt; &copy; &company;</description>
        </item>
        <item category="plain">
          <title>&Eacute;t&eacute; &ne; hiver</title>
          <description>No &#x3C;markup&#62; here</description>
        </item>
      </channel>
    </rss>
    """

private let expected = RSS(
    version: Attribute("2.0"),
    channel: Channel(
        title: "Café News",
        item: [
            Item(
                category: Attribute("Crème\u{A0}brûlée"), title: "Résumé & more…",
                description: "<p>Café</p> © Example Ltd"),
            Item(category: Attribute("plain"), title: "Été ≠ hiver", description: "No <markup> here"),
        ]))

@Suite("XMLDecoder undeclared entity replacements")
struct DecoderEntityReplacementsTests {
    static func decoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.undeclaredEntityReplacements = .html.adding(["company": "Example Ltd"])
        return decoder
    }

    @Test func offByDefault() throws {
        #expect(XMLDecoder().undeclaredEntityReplacements == nil)
        do {
            _ = try XMLDecoder().decode(RSS.self, from: Data(feed.utf8))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? XMLParsingError)
            #expect(error.reason == .undeclaredEntity("eacute"))
            #expect(error.line == 4 && error.column == 15)
        }
    }

    @Test func decodesAnRSSFeedWithHTMLEntities() throws {
        let decoder = Self.decoder()
        #expect(try decoder.decode(RSS.self, from: Data(feed.utf8)) == expected)
        #expect(try decoder.decode(RSS.self, from: feed) == expected)
        #expect(try decoder.decode(RSS.self, from: Array(feed.utf8)) == expected)
        // The decoder is reused: the table stays, and the same document decodes again.
        #expect(try decoder.decode(RSS.self, from: Data(feed.utf8)) == expected)
    }

    @Test func theArticleExample() throws {
        let decoder = XMLDecoder()
        decoder.undeclaredEntityReplacements = .html.adding(["company": "Example Ltd"])
        #expect(
            try decoder.decode(String.self, from: "<title>Caf&eacute;&nbsp;&company;</title>")
                == "Café\u{A0}Example Ltd")
    }

    @Test func unknownNameIsADataCorruptedError() throws {
        let decoder = Self.decoder()
        do {
            _ = try decoder.decode(String.self, from: "<t>\n&eacute;&nosuch;</t>")
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? XMLParsingError)
            #expect(error.reason == .undeclaredEntity("nosuch"))
            #expect(error.line == 2 && error.column == 9)
        }
    }

    @Test func decodeElementsFromDataAndFile() async throws {
        let decoder = Self.decoder()
        var items: [Item] = []
        try decoder.decodeElements(Item.self, at: "rss/channel/item", from: Data(feed.utf8)) { items.append($0) }
        #expect(items == expected.channel.item)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rss-\(UUID().uuidString).xml")
        try Data(feed.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        items = []
        try decoder.decodeElements(Item.self, at: "rss/channel/item", from: url) { items.append($0) }
        #expect(items == expected.channel.item)
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: url) { _ in }
        }

        items = []
        for try await item in decoder.decodeElements(Item.self, at: "rss/channel/item", from: url) {
            items.append(item)
        }
        #expect(items == expected.channel.item)
    }

    @Test func decodeElementsFromAsyncBytes() async throws {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in feed.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var items: [Item] = []
        for try await item in Self.decoder().decodeElements(Item.self, at: "rss/channel/item", from: bytes) {
            items.append(item)
        }
        #expect(items == expected.channel.item)
    }
}
