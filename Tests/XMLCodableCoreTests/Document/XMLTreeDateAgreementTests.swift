// The document model reads dates one way: `.date`, `value(Date.self)`, `fetch(_:as: Date.self)`
// and `attribute(_:as:)` agree on every text, and none of them gives another date than a model
// decoded with default settings gives; with a decoder, they read as that decoder does.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct XMLTreeDateAgreementTests {
    static let document = """
        <dates stamp="2000-10-01">
          <day>2000-10-01</day>
          <zoned>2000-10-01+02:00</zoned>
          <time>2000-10-01T12:00:00.5+02:00</time>
          <zoneless>2000-10-01T12:00:00</zoneless>
          <spaced>2000-10-01 12:00:00Z</spaced>
          <seconds>970358400</seconds>
          <padded>  2000-10-01T12:00:00Z
          </padded>
          <feb>2023-02-29</feb>
          <word>yesterday</word>
          <http>Sun, 06 Nov 1994 08:49:37 GMT</http>
          <empty/>
        </dates>
        """

    static let october1: Double = 970_358_400

    static let expected: [(String, Double?)] = [
        ("day", october1),
        ("zoned", october1 - 7200),
        ("time", october1 + 43_200 - 7200 + 0.5),
        ("zoneless", october1 + 43_200),
        ("spaced", october1 + 43_200),
        ("seconds", october1),
        ("padded", october1 + 43_200),
        ("feb", nil),
        ("word", nil),
        ("http", nil),
        ("empty", nil),
    ]

    @Test func theAccessorAndFetchAgree() throws {
        let tree = try XMLTree(parsing: Self.document)
        let root = tree["dates"]
        for (name, seconds) in Self.expected {
            let expected = seconds.map { Date(timeIntervalSince1970: $0) }
            #expect(root[name].date == expected, "\(name)")
            #expect(root[name].element?.date == expected, "\(name)")
            #expect((try? root.fetch(name, as: Date.self)) == expected, "\(name)")
            #expect((try? root[name].value(Date.self)) == expected, "\(name)")
            #expect((try? root.value(at: name).value(Date.self)) == expected, "\(name)")
        }
        #expect(root.attribute("stamp").date == Date(timeIntervalSince1970: Self.october1))
        #expect(try root.attribute("stamp", as: Date.self) == Date(timeIntervalSince1970: Self.october1))
        #expect(try root.fetch("@stamp", as: Date.self) == Date(timeIntervalSince1970: Self.october1))
    }

    @Test func aDefaultModelNeverReadsAnotherDate() throws {
        // What XMLDecoder() reads (numbers), the tree reads as the same date; what it refuses,
        // the tree may read.
        struct Seconds: Decodable { var seconds: Date }
        let model = try XMLDecoder().decode(Seconds.self, from: Data(Self.document.utf8))
        let tree = try XMLTree(parsing: Self.document)
        #expect(tree["dates"]["seconds"].date == model.seconds)
        #expect(try tree["dates"].fetch("seconds", as: Date.self) == model.seconds)
        // Decoding from the tree uses the decoder given, or XMLDecoder() with its default settings.
        #expect(try tree["dates"].decode(Seconds.self).seconds == model.seconds)
    }

    @Test func withADecoderTheyReadAsItsModelDoes() throws {
        struct Days: Decodable { var day: Date; var zoned: Date }
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .xmlSchemaDate
        let model = try decoder.decode(Days.self, from: Data(Self.document.utf8))
        let tree = try XMLTree(parsing: Self.document)
        #expect(try tree["dates"].fetch("day", as: Date.self, using: decoder) == model.day)
        #expect(try tree["dates"].fetch("zoned", as: Date.self, using: decoder) == model.zoned)
        #expect(try tree["dates"].decode(Days.self, using: decoder).day == model.day)
        #expect(tree["dates"]["day"].date == model.day)
        // The decoder's strategy decides: xs:date does not read a time, and seconds no day.
        #expect(throws: XMLTree.ValueError.self) { try tree["dates"].fetch("time", as: Date.self, using: decoder) }
        #expect(throws: XMLTree.ValueError.self) { try tree["dates"].fetch("day", as: Date.self, using: XMLDecoder()) }
    }

    @Test func errorsSayWhereAndHowToReadAnotherFormat() throws {
        let tree = try XMLTree(parsing: Self.document)
        func message(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            message { _ = try tree["dates"].fetch("word", as: Date.self) }
                == #"dates/word (line 11, column 4): "yesterday" is not a valid Date: Expected a date, as a tree reads one without a decoder: an xs:dateTime such as "2000-10-01T12:00:00Z", an xs:date such as "2000-10-01", or a number of seconds since 1970, but found "yesterday"; to read another format, pass a decoder whose dateDecodingStrategy reads it (value(Date.self, using: decoder))."#
        )
        #expect(
            message { _ = try tree["dates"].fetch("feb", as: Date.self) }.contains(
                #"found "2023-02-29", which looks like an xs:date, but February 2023 has 28 days"#))
        #expect(
            message { _ = try tree["dates"].fetch("http", as: Date.self) }.contains(
                "looks like an HTTP-date: read it with HTTPDateFormat.value(from:)"))
        // With a decoder, its strategy's error, with its hint.
        #expect(
            message { _ = try tree["dates"].fetch("day", as: Date.self, using: XMLDecoder()) }.contains(
                "(the decoder's dateDecodingStrategy is .secondsSince1970, the default) but found \"2000-10-01\", which looks like an xs:date"
            ))
    }

    /// DocumentModel.md, "Dates".
    @Test func theArticleExample() throws {
        let tree = try XMLTree(
            parsing: """
                <book id="bk101">
                  <publish_date>2000-10-01</publish_date>
                  <updated>2000-10-01T12:00:00.5+02:00</updated>
                  <seen>970358400</seen>
                </book>
                """)
        let book = tree["book"]
        #expect(book["publish_date"].date == Date(timeIntervalSince1970: Self.october1))
        #expect(try book.fetch("publish_date", as: Date.self) == Date(timeIntervalSince1970: Self.october1))
        #expect(book["updated"].date == Date(timeIntervalSince1970: Self.october1 + 36_000.5))
        #expect(book["seen"].date == Date(timeIntervalSince1970: Self.october1))
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .xmlSchemaDate
        #expect(
            try book.fetch("publish_date", as: Date.self, using: decoder) == Date(timeIntervalSince1970: Self.october1))
        #expect(throws: XMLTree.ValueError.self) { try book.fetch("seen", as: Date.self, using: decoder) }
    }
}
