// The examples of the DocC article "Wire Protocols" (WireProtocols.md), compiled and run: the
// article's Swift code blocks are copied here verbatim (`articleCodeIsTheCodeTestedHere` checks
// it), and the tests decode the article's documents and encode the models back.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

// MARK: - The article's code

struct ListBucketResult: Codable, Equatable {
    var name: String
    var prefix: String?
    var keyCount: Int
    var maxKeys: Int
    var isTruncated: Bool
    var nextContinuationToken: String?
    var contents: [Object]
    var commonPrefixes: [CommonPrefix]

    struct Object: Codable, Equatable {
        var key: String
        @Formatted<ISO8601FractionalDateFormat> var lastModified: Date
        var eTag: String
        var size: Int
        var storageClass: StorageClass
    }

    struct CommonPrefix: Codable, Equatable {
        var prefix: String
    }

    enum StorageClass: String, Codable {
        case standard = "STANDARD", glacier = "GLACIER", intelligentTiering = "INTELLIGENT_TIERING"
    }
}

let s3Namespace = "http://s3.amazonaws.com/doc/2006-03-01/"

func decodeListing(_ data: Data) throws -> ListBucketResult {
    let decoder = XMLDecoder()
    decoder.keyDecodingStrategy = .convertFromCapitalized
    return try decoder.decode(ListBucketResult.self, from: data)
}

func encodeListing(_ listing: ListBucketResult) throws -> Data {
    let encoder = XMLEncoder()
    encoder.keyEncodingStrategy = .capitalized
    return try encoder.encode(listing, withRootKey: "ListBucketResult", rootAttributes: ["xmlns": s3Namespace])
}

enum RSSNamespace {
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
}

struct RSSFeed: Codable, Equatable {
    @Attribute var version: String
    var channel: Channel

    struct Channel: Codable, Equatable {
        var title: String
        var link: URL
        var description: String
        @OptionalFormatted<RFC822DateFormat> var lastBuildDate: Date?
        var item: [Item]
    }

    struct Item: Codable, Equatable {
        var title: String
        var link: URL
        var description: String?
        var content: String?
        var creator: String?
        var category: [String]
        var guid: GUID?
        @Formatted<RFC822DateFormat> var pubDate: Date

        enum CodingKeys: String, CodingKey {
            case title, link, description, category, guid, pubDate
            case content = "{http://purl.org/rss/1.0/modules/content/}encoded"
            case creator = "{http://purl.org/dc/elements/1.1/}creator"
        }
    }

    struct GUID: Codable, Equatable {
        @Attribute var isPermaLink: Bool?
        var value: String

        enum CodingKeys: String, CodingKey {
            case isPermaLink
            case value = ""
        }
    }
}

func encodeFeed(_ feed: RSSFeed) throws -> Data {
    try XMLEncoder().encode(
        feed, withRootKey: "rss",
        rootAttributes: ["xmlns:dc": RSSNamespace.dublinCore, "xmlns:content": RSSNamespace.content])
}

enum StockService {
    static let soap = "http://www.w3.org/2003/05/soap-envelope"
    static let stock = "https://example.com/stock"
}

struct GetPriceRequest: Codable, Equatable {
    var body: Body

    enum CodingKeys: String, CodingKey {
        case body = "{http://www.w3.org/2003/05/soap-envelope}Body"
    }

    struct Body: Codable, Equatable {
        var getPrice: GetPrice
        enum CodingKeys: String, CodingKey { case getPrice = "{https://example.com/stock}GetPrice" }
    }

    struct GetPrice: Codable, Equatable, XMLNamespaceDeclaring {
        static let xmlNamespaceDeclarations = ["m": StockService.stock]
        var stockName: String
        enum CodingKeys: String, CodingKey { case stockName = "{https://example.com/stock}StockName" }
    }
}

struct GetPriceResponse: Codable, Equatable {
    var body: Body

    enum CodingKeys: String, CodingKey {
        case body = "{http://www.w3.org/2003/05/soap-envelope}Body"
    }

    struct Body: Codable, Equatable {
        var response: Response
        enum CodingKeys: String, CodingKey { case response = "{https://example.com/stock}GetPriceResponse" }
    }

    struct Response: Codable, Equatable {
        var price: Decimal
        enum CodingKeys: String, CodingKey { case price = "{https://example.com/stock}Price" }
    }
}

func encodeRequest(_ request: GetPriceRequest) throws -> Data {
    try XMLEncoder().encode(
        request, withRootKey: "{http://www.w3.org/2003/05/soap-envelope}Envelope",
        rootAttributes: ["xmlns:soap": StockService.soap])
}

// MARK: - The tests

/// The article's XML blocks, in order.
private func articleXML() throws -> [String] {
    let article = try String(contentsOf: articleURL, encoding: .utf8)
    return article.components(separatedBy: "```xml\n").dropFirst().map { String($0.prefix(while: { $0 != "`" })) }
}

private let articleURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/XMLCodable/XMLCodable.docc/WireProtocols.md")

/// Lines without their indentation, blank lines dropped.
private func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(
        separator: "\n")
}

@Suite("The Wire Protocols article") struct WireProtocolsArticleTests {
    @Test func articleCodeIsTheCodeTestedHere() throws {
        let article = try String(contentsOf: articleURL, encoding: .utf8)
        let tests = normalized(try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            String($0.components(separatedBy: "```")[0])
        }
        #expect(blocks.count >= 3)
        for block in blocks {
            #expect(tests.contains(normalized(block)), "The article's block is not in the tests: \(block.prefix(80))")
        }
    }

    @Test func s3ListingDecodesAndEncodesBack() throws {
        let xml = try articleXML()[0]
        let listing = try decodeListing(Data(xml.utf8))
        #expect(listing.name == "example-bucket")
        #expect(listing.prefix == "photos/")
        #expect(listing.keyCount == 2 && listing.maxKeys == 1000 && listing.isTruncated)
        #expect(listing.nextContinuationToken == "1ueGcxLPRx1Tr")
        #expect(listing.contents.map(\.key) == ["photos/2006/January/sample.jpg", "photos/2006/January/sample2.jpg"])
        #expect(listing.contents[0].lastModified == Date(timeIntervalSince1970: 1_298_685_380))
        #expect(listing.contents[1].lastModified == Date(timeIntervalSince1970: 1_298_685_381.25))
        #expect(listing.contents[0].eTag == "\"bf1d737a4d46a19f3bced6905cc8b902\"")
        #expect(listing.contents.map(\.size) == [142863, 3017])
        #expect(listing.contents.map(\.storageClass) == [.standard, .glacier])
        #expect(listing.commonPrefixes == [ListBucketResult.CommonPrefix(prefix: "photos/2006/February/")])

        let written = try encodeListing(listing)
        let text = String(decoding: written, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>example-bucket</Name>"))
        #expect(text.contains("<LastModified>2011-02-26T01:56:21.250Z</LastModified>"))
        #expect(try decodeListing(written) == listing)
        #expect(try JSONDecoder().decode(ListBucketResult.self, from: JSONEncoder().encode(listing)) == listing)

        // An empty bucket: no Contents, no Prefix.
        let emptyBucket =
            "<ListBucketResult xmlns='\(s3Namespace)'><Name>b</Name><KeyCount>0</KeyCount><MaxKeys>1000</MaxKeys>"
            + "<IsTruncated>false</IsTruncated></ListBucketResult>"
        let empty = try decodeListing(Data(emptyBucket.utf8))
        #expect(empty.contents.isEmpty && empty.commonPrefixes.isEmpty && empty.prefix == nil)
    }

    @Test func rssFeedDecodesAndEncodesBack() throws {
        let xml = try #require(try articleXML().first { $0.hasPrefix("<rss") })
        let feed = try XMLDecoder().decode(RSSFeed.self, from: Data(xml.utf8))
        #expect(feed.version == "2.0")
        #expect(feed.channel.title == "Swift on the Server")
        #expect(feed.channel.lastBuildDate == Date(timeIntervalSince1970: 1_795_677_000))
        #expect(feed.channel.item.count == 2)
        let first = feed.channel.item[0]
        #expect(first.content == "<p>Maps, lists and <em>namespaces</em>.</p>")
        #expect(first.creator == "Ada")
        #expect(first.category == ["swift", "xml"])
        #expect(first.guid == RSSFeed.GUID(isPermaLink: Attribute(Optional(false)), value: "post-42"))
        #expect(first.pubDate == Date(timeIntervalSince1970: 1_795_631_400))
        let second = feed.channel.item[1]
        #expect(second.description == nil && second.content == nil && second.category.isEmpty)
        #expect(second.guid?.isPermaLink == nil)
        #expect(second.pubDate == Date(timeIntervalSince1970: 1_795_528_800))

        let written = try encodeFeed(feed)
        let text = String(decoding: written, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "<rss xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
            ))
        #expect(text.contains("<dc:creator>Ada</dc:creator>"))
        #expect(text.contains("<pubDate>Wed, 25 Nov 2026 18:30:00 +0000</pubDate>"))
        #expect(
            text.contains(
                "<content:encoded>&lt;p&gt;Maps, lists and &lt;em&gt;namespaces&lt;/em&gt;.&lt;/p&gt;</content:encoded>"
            ))
        #expect(try XMLDecoder().decode(RSSFeed.self, from: written) == feed)
        #expect(try JSONDecoder().decode(RSSFeed.self, from: JSONEncoder().encode(feed)) == feed)
    }

    @Test func soapRequestIsWrittenAsShownAndTheResponseDecodes() throws {
        let xml = try articleXML()
        let request = GetPriceRequest(body: .init(getPrice: .init(stockName: "IBM")))
        let written = try encodeRequest(request)
        let shown = xml.first { $0.hasPrefix("<soap:Envelope") }
        #expect(String(decoding: written, as: UTF8.self) + "\n" == shown)
        #expect(try XMLDecoder().decode(GetPriceRequest.self, from: written) == request)
        #expect(try JSONDecoder().decode(GetPriceRequest.self, from: JSONEncoder().encode(request)) == request)

        let responseXML = try #require(xml.first { $0.hasPrefix("<env:Envelope") })
        let response = try XMLDecoder().decode(GetPriceResponse.self, from: Data(responseXML.utf8))
        #expect(response.body.response.price == Decimal(string: "34.5"))
        // Another prefix for the same namespaces reads the same.
        let prefixed = responseXML.replacingOccurrences(of: "env:", with: "s:").replacingOccurrences(
            of: "xmlns:env", with: "xmlns:s")
        #expect(try XMLDecoder().decode(GetPriceResponse.self, from: Data(prefixed.utf8)) == response)
    }
}
