// Real-world models: an Atom 1.0 feed (as jekyll-feed writes one) and an RSS 2.0 feed (as WordPress
// writes one, with the dc:, content:, wfw:, slash:, sy: and Media RSS extensions), modelled as a
// feed reader would model them with XMLCoder's API: plain Codable structs, `@Attribute` for
// attributes, the `""` key for an element's text, prefixed keys for the extension elements.
//
// Each format is decoded from its fixture and compared with the value written out in full,
// encoded back and compared with the fixture in canonical form (see RealWorldSupport.swift), and
// sent through JSONEncoder/JSONDecoder.

import Foundation
import Testing
import XMLCodable  // the Foundation API: DateFormatter strategies, FileHandle
import XMLCodableCore
import XMLCodableTestSupport

// MARK: - Atom

/// An Atom 1.0 feed (RFC 4287), with the elements jekyll-feed writes. Types with several optional
/// attributes place their keys with `DynamicNodeEncoding`/`DynamicNodeDecoding`, so that their
/// memberwise initializers take plain values with `nil` defaults.
private struct AtomFeed: Codable, Equatable, DynamicNodeEncoding, DynamicNodeDecoding {
    var lang: String?
    var generator: Generator?
    var link: [Link]
    var updated: Date
    var id: String
    var title: Text
    var subtitle: Text?
    var author: [Person]
    var entry: [Entry]

    enum CodingKeys: String, CodingKey {
        case lang = "xml:lang"
        case generator, link, updated, id, title, subtitle, author, entry
    }

    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.lang.stringValue ? .attribute : .element
    }

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue == CodingKeys.lang.stringValue ? .attribute : .element
    }

    /// `<generator uri="…" version="…">Jekyll</generator>`.
    struct Generator: Codable, Equatable, AttributesAndText {
        var uri: String?
        var version: String?
        var name: String

        enum CodingKeys: String, CodingKey {
            case uri, version
            case name = ""
        }
    }

    /// `<link href="…" rel="…" type="…"/>`: all attributes.
    struct Link: Codable, Equatable, AttributesAndText {
        var href: String
        var rel: String?
        var type: String?
        var hreflang: String?
        var title: String?
    }

    /// A text construct (`title`, `subtitle`, `summary`) or a content element holding text or
    /// escaped HTML.
    struct Text: Codable, Equatable, AttributesAndText {
        var type: String?
        var base: String?
        var value: String

        enum CodingKeys: String, CodingKey {
            case type
            case base = "xml:base"
            case value = ""
        }
    }

    /// A person construct.
    struct Person: Codable, Equatable {
        var name: String
        var uri: String?
        var email: String?
    }

    /// `<category term="…"/>`.
    struct Category: Codable, Equatable, AttributesAndText {
        var term: String
        var scheme: String?
        var label: String?
    }

    /// An entry, its elements in the order jekyll-feed writes them.
    struct Entry: Codable, Equatable {
        var title: Text
        var link: [Link]
        var published: Date?
        var updated: Date
        var id: String
        var content: Text?
        var author: [Person]
        var category: [Category]
        var summary: Text?
    }
}

// MARK: - RSS

/// An RSS 2.0 document with the extension elements WordPress and Media RSS add.
private struct RSS: Codable, Equatable {
    @Attribute var version: String
    var channel: Channel

    struct Channel: Codable, Equatable {
        var title: String
        var atomLink: AtomLink?
        var link: String
        var description: String
        var lastBuildDate: Date?
        var language: String?
        var updatePeriod: String?
        var updateFrequency: Int?
        var generator: String?
        var item: [Item]

        enum CodingKeys: String, CodingKey {
            case title
            case atomLink = "atom:link"
            case link, description, lastBuildDate, language
            case updatePeriod = "sy:updatePeriod"
            case updateFrequency = "sy:updateFrequency"
            case generator, item
        }
    }

    /// The channel's `<atom:link rel="self"/>`.
    struct AtomLink: Codable, Equatable, AttributesAndText {
        var href: String
        var rel: String?
        var type: String?
    }

    struct Item: Codable, Equatable {
        var title: String
        var link: String
        var comments: String?
        var creator: String?
        var pubDate: Date
        var date: W3CDate?
        var category: [String]
        var guid: GUID?
        var description: String?
        var encodedContent: String?
        var commentRSS: String?
        var commentCount: Int?
        var mediaContent: MediaContent?
        var thumbnail: Thumbnail?

        enum CodingKeys: String, CodingKey {
            case title, link, comments
            case creator = "dc:creator"
            case pubDate
            case date = "dc:date"
            case category, guid, description
            case encodedContent = "content:encoded"
            case commentRSS = "wfw:commentRss"
            case commentCount = "slash:comments"
            case mediaContent = "media:content"
            case thumbnail = "media:thumbnail"
        }
    }

    struct GUID: Codable, Equatable, AttributesAndText {
        var isPermaLink: Bool?
        var value: String

        enum CodingKeys: String, CodingKey {
            case isPermaLink
            case value = ""
        }
    }

    /// `<media:content url="…" type="…" medium="…" width="…" height="…">`, with a title element.
    struct MediaContent: Codable, Equatable, DynamicNodeEncoding, DynamicNodeDecoding {
        var url: String
        var type: String?
        var medium: String?
        var width: Int?
        var height: Int?
        var title: MediaTitle?

        enum CodingKeys: String, CodingKey {
            case url, type, medium, width, height
            case title = "media:title"
        }

        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            key.stringValue == CodingKeys.title.stringValue ? .element : .attribute
        }

        static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
            key.stringValue == CodingKeys.title.stringValue ? .element : .attribute
        }
    }

    struct MediaTitle: Codable, Equatable, AttributesAndText {
        var type: String?
        var value: String

        enum CodingKeys: String, CodingKey {
            case type
            case value = ""
        }
    }

    struct Thumbnail: Codable, Equatable, AttributesAndText {
        var url: String
        var width: Int?
        var height: Int?
    }
}

/// A W3C date-time (`dc:date`) in a feed whose other dates are RFC 822: a decoder has one date
/// strategy, so this one reads and writes its own text.
private struct W3CDate: Codable, Equatable {
    var date: Date

    init(_ date: Date) { self.date = date }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a W3C date: \(text)"))
        }
        self.date = date
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ISO8601DateFormatter().string(from: date))
    }
}

/// RSS dates: RFC 822 as WordPress writes them.
private let rfc822 = fixedFormatter("EEE, dd MMM yyyy HH:mm:ss Z")

/// The namespaces WordPress declares on `<rss>`, in its order.
private let rssNamespaces: KeyValuePairs<String, String> = [
    "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
    "xmlns:wfw": "http://wellformedweb.org/CommentAPI/",
    "xmlns:dc": "http://purl.org/dc/elements/1.1/",
    "xmlns:atom": "http://www.w3.org/2005/Atom",
    "xmlns:sy": "http://purl.org/rss/1.0/modules/syndication/",
    "xmlns:slash": "http://purl.org/rss/1.0/modules/slash/",
    "xmlns:media": "http://search.yahoo.com/mrss/",
]

// MARK: - Expected values

private let expectedAtom = AtomFeed(
    lang: "en",
    generator: .init(uri: "https://jekyllrb.com/", version: "4.3.3", name: "Jekyll"),
    link: [
        .init(href: "https://notes.example.org/feed.xml", rel: "self", type: "application/atom+xml"),
        .init(href: "https://notes.example.org/", rel: "alternate", type: "text/html", hreflang: "en"),
    ],
    updated: isoDate("2024-03-18T09:12:44Z"),
    id: "https://notes.example.org/feed.xml",
    title: .init(type: "html", value: "Field Notes"),
    subtitle: .init(value: "Parsers, formats & the tools around them."),
    author: [.init(name: "Ines Duarte", uri: "https://notes.example.org/about/")],
    entry: [
        .init(
            title: .init(type: "html", value: "Streaming XML without tears"),
            link: [
                .init(
                    href: "https://notes.example.org/2024/03/18/streaming-xml.html", rel: "alternate",
                    type: "text/html",
                    title: "Streaming XML without tears")
            ],
            published: isoDate("2024-03-18T09:12:44Z"),
            updated: isoDate("2024-03-18T09:12:44Z"),
            id: "https://notes.example.org/2024/03/18/streaming-xml",
            content: .init(
                type: "html", base: "https://notes.example.org/2024/03/18/streaming-xml.html",
                value: "<p>A pull parser hands you <em>events</em>, not a tree.</p>\n"
                    + "<pre><code>while let e = try r.next() { … }</code></pre>"),
            author: [.init(name: "Ines Duarte")],
            category: [.init(term: "xml"), .init(term: "swift")],
            summary: .init(type: "html", value: "Why a pull parser is easier to get right than callbacks.")),
        .init(
            title: .init(type: "html", value: "Dates in feeds, again"),
            link: [
                .init(
                    href: "https://notes.example.org/2024/02/29/feed-dates.html", rel: "alternate", type: "text/html",
                    title: "Dates in feeds, again")
            ],
            published: isoDate("2024-02-29T18:00:00Z"),
            updated: isoDate("2024-03-02T07:45:10Z"),
            id: "https://notes.example.org/2024/02/29/feed-dates",
            content: .init(
                type: "html", base: "https://notes.example.org/2024/02/29/feed-dates.html",
                value: "<p>RFC 3339 in Atom, RFC 822 in RSS: pick one &amp; stick to it.</p>"),
            author: [.init(name: "Ines Duarte"), .init(name: "Tom Akers", email: "tom@example.org")],
            category: [.init(term: "feeds")],
            summary: .init(type: "html", value: "Leap days, time zones and one more reason to use UTC.")),
    ])

private let expectedRSS = RSS(
    version: "2.0",
    channel: .init(
        title: "Harbour Lights Bakery",
        atomLink: .init(href: "https://harbourlights.example/feed/", rel: "self", type: "application/rss+xml"),
        link: "https://harbourlights.example",
        description: "Bread, pastry and the people who make them",
        lastBuildDate: rfc822.date(from: "Mon, 11 Mar 2024 08:15:02 +0000"),
        language: "en-US",
        updatePeriod: "hourly",
        updateFrequency: 1,
        generator: "https://wordpress.org/?v=6.4.3",
        item: [
            .init(
                title: "Sourdough starter, week two",
                link: "https://harbourlights.example/2024/03/sourdough-week-two/",
                comments: "https://harbourlights.example/2024/03/sourdough-week-two/#respond",
                creator: "Maeve O'Connell",
                pubDate: rfc822.date(from: "Mon, 11 Mar 2024 08:15:02 +0000")!,
                date: W3CDate(isoDate("2024-03-11T08:15:02Z")),
                category: ["Baking", "Sourdough"],
                guid: .init(isPermaLink: false, value: "https://harbourlights.example/?p=412"),
                description: "<p>The starter doubled in six hours this week &#8211; here is what changed.</p>",
                encodedContent: """
                    <p>The starter doubled in six hours this week.</p>
                    <figure class="wp-block-image"><img src="https://harbourlights.example/wp-content/uploads/2024/03/starter.jpg" \
                    alt="A jar of bubbling starter"/></figure>
                    <p>Feeding: 1 : 5 : 5, flour &amp; water at 26&nbsp;°C.</p>
                    """,
                commentRSS: "https://harbourlights.example/2024/03/sourdough-week-two/feed/",
                commentCount: 3,
                mediaContent: .init(
                    url: "https://harbourlights.example/wp-content/uploads/2024/03/starter.jpg", type: "image/jpeg",
                    medium: "image", width: 1200, height: 800,
                    title: .init(type: "plain", value: "A jar of bubbling starter")),
                thumbnail: .init(
                    url: "https://harbourlights.example/wp-content/uploads/2024/03/starter-150x150.jpg", width: 150,
                    height: 150)),
            .init(
                title: "Closed for the bank holiday",
                link: "https://harbourlights.example/2024/03/bank-holiday/",
                comments: "https://harbourlights.example/2024/03/bank-holiday/#respond",
                creator: "Harbour Lights",
                pubDate: rfc822.date(from: "Fri, 01 Mar 2024 17:30:00 +0000")!,
                date: W3CDate(isoDate("2024-03-01T17:30:00Z")),
                category: ["News"],
                guid: .init(isPermaLink: false, value: "https://harbourlights.example/?p=398"),
                description: "<p>We are closed on Monday.</p>",
                encodedContent: "<p>We are closed on Monday. Pre-orders for Tuesday open on Sunday at noon.</p>",
                commentRSS: "https://harbourlights.example/2024/03/bank-holiday/feed/",
                commentCount: 0),
        ]))

// MARK: - Tests

@Suite("Real-world models: feeds")
struct FeedModelTests {
    private func atomDecoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private func rssDecoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .formatted(rfc822)
        return decoder
    }

    @Test func atomDecodes() throws {
        let feed = try atomDecoder().decode(AtomFeed.self, from: try RealWorldFixture.data("feeds/atom.xml"))
        #expect(feed == expectedAtom)
    }

    @Test func atomEncodesToTheFixturesCanonicalForm() throws {
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expectedAtom, withRootKey: "feed", rootAttributes: ["xmlns": "http://www.w3.org/2005/Atom"],
            header: XMLHeader(version: 1.0, encoding: "utf-8"))
        try expectSameCanonicalForm(data, try RealWorldFixture.data("feeds/atom.xml"))
        #expect(try atomDecoder().decode(AtomFeed.self, from: data) == expectedAtom)
    }

    @Test func atomRoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedAtom) == expectedAtom)
    }

    @Test func rssDecodes() throws {
        let rss = try rssDecoder().decode(RSS.self, from: try RealWorldFixture.data("feeds/rss.xml"))
        #expect(rss == expectedRSS)
    }

    /// Normalized: the CDATA sections become escaped text (the model holds strings, and the
    /// encoder's default string strategy escapes them), which the canonical form does not tell
    /// apart; and WordPress's layout white space around the `sy:` values is trimmed (the decoder
    /// trims values, so the model never holds it).
    @Test func rssEncodesToTheFixturesCanonicalFormWithCDATAAsEscapedTextAndSyValuesTrimmed() throws {
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .formatted(rfc822)
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expectedRSS, withRootKey: "rss", rootAttributes: rssNamespaces,
            header: XMLHeader(version: 1.0, encoding: "UTF-8"))
        var form = CanonicalForm()
        form.trimmedNames = ["updatePeriod", "updateFrequency"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("feeds/rss.xml"), form)
        #expect(try rssDecoder().decode(RSS.self, from: data) == expectedRSS)
    }

    /// With the `.cdata` string strategy the HTML is written in CDATA sections again, as WordPress
    /// writes it (every string is, which the canonical form does not tell apart either).
    @Test func rssEncodesWithCDATAStrategy() throws {
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .formatted(rfc822)
        encoder.stringEncodingStrategy = .cdata
        let data = try encoder.encode(expectedRSS, withRootKey: "rss", rootAttributes: rssNamespaces)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<content:encoded><![CDATA[<p>We are closed on Monday."))
        var form = CanonicalForm()
        form.trimmedNames = ["updatePeriod", "updateFrequency"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("feeds/rss.xml"), form)
        #expect(try rssDecoder().decode(RSS.self, from: data) == expectedRSS)
    }

    @Test func rssRoundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedRSS) == expectedRSS)
    }
}
