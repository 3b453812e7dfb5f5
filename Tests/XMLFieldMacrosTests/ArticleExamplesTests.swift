// The "Generated Decoding" article's examples (Sources/XMLCodable/XMLCodable.docc/
// GeneratedDecoding.md), which Scripts/check-doc-blocks finds here line for line: the models with
// `@XMLFieldDecodable`, decoded by `XMLDecoder().decode` through their generated readers, and
// checked against the Codable path on the same document.

#if FieldMacros
import Foundation
import Testing
import XMLCodable
import XMLFieldMacros

@XMLFieldDecodable
struct Feed: Codable, Equatable {
    var title: String
    var updated: Date
    var entries: [Entry]

    enum CodingKeys: String, CodingKey {
        case title, updated
        case entries = "entry"
    }
}

@XMLFieldDecodable
struct Entry: Codable, Equatable {
    @Attribute var id: Int
    var title: String
    var summary: String?
    var rating: Double?
}

@Suite("The Generated Decoding article's examples")
struct ArticleExamplesTests {
    let data = Data(
        """
        <feed>
          <title>Releases</title>
          <updated>1764324000</updated>
          <entry id="1"><title>1.0</title><summary>First</summary></entry>
          <entry id="2"><title>1.1</title><rating>4.5</rating></entry>
        </feed>
        """.utf8)

    @Test("the feed decodes through its generated reader, as Codable decodes it")
    func feed() throws {
        let feed = try XMLDecoder().decode(Feed.self, from: data)
        #expect(feed.title == "Releases")
        #expect(feed.updated == Date(timeIntervalSince1970: 1_764_324_000))
        #expect(feed.entries.map(\.id) == [1, 2])
        #expect(feed.entries[0].summary == "First" && feed.entries[0].rating == nil)
        #expect(feed.entries[1].summary == nil && feed.entries[1].rating == 4.5)

        // The same type through Codable: settings the generated reader does not take (here a
        // `userInfo` entry) send the call down the Codable path.
        let codable = XMLDecoder()
        codable.userInfo[CodingUserInfoKey(rawValue: "article")!] = true
        #expect(try codable.decode(Feed.self, from: data) == feed)
    }
}
#endif
