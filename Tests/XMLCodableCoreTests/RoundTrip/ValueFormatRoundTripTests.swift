// Formats per property (`@Formatted`, `@OptionalFormatted`): every date and data format written
// and read with exact text, a model mixing them with its XML written out, optionals, attributes,
// round trips through XMLEncoder/XMLDecoder and JSONEncoder/JSONDecoder, the coder's own strategy
// for plain dates beside wrapped ones, and every error.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// 1994-11-06T08:49:37Z, RFC 9110's example date.
private let rfcExample = Date(timeIntervalSince1970: 784_111_777)
/// 2002-09-07T00:00:01Z, RSS 2.0's example date.
private let rssExample = Date(timeIntervalSince1970: 1_031_356_801)
/// 2026-11-26T07:10:00Z.
private let thursday = Date(timeIntervalSince1970: 1_795_677_000)

/// A feed item mixing the formats, as a feed reader would declare it (the documentation's example,
/// Strategies.md, "Formats per property").
private struct Item: Codable, Equatable {
    var title: String
    @Formatted<RFC822DateFormat> var pubDate: Date
    @Formatted<ISO8601DateFormat> var updated: Date
    @Formatted<EpochSecondsDateFormat> var fetched: Date
    @Formatted<HTTPDateFormat> var lastModified: Date
    @OptionalFormatted<ISO8601FractionalDateFormat> var expires: Date? = nil
    @Formatted<HexDataFormat> var checksum: Data
    @Formatted<Base64DataFormat> var thumbnail: Data
    @Attribute @Formatted<EpochMillisecondsDateFormat> var seen: Date
}

/// `Item` without the wrappers: what its JSON must be.
private struct PlainItem: Codable, Equatable {
    var title: String
    var pubDate: Date
    var updated: Date
    var fetched: Date
    var lastModified: Date
    var expires: Date?
    var checksum: Data
    var thumbnail: Data
    var seen: Date

    init(_ item: Item) {
        (title, pubDate, updated, fetched, lastModified) = (
            item.title, item.pubDate, item.updated, item.fetched, item.lastModified
        )
        (expires, checksum, thumbnail, seen) = (item.expires, item.checksum, item.thumbnail, item.seen)
    }
}

private let item = Item(
    title: "Formats", pubDate: rssExample, updated: thursday, fetched: rfcExample, lastModified: rfcExample,
    checksum: Data([0xC0, 0xFF, 0xEE]), thumbnail: Data([1, 2, 3]), seen: Attribute(Formatted(thursday)))

private let itemXML =
    #"<item seen="1795677000000"><title>Formats</title><pubDate>Sat, 07 Sep 2002 00:00:01 +0000</pubDate>"#
    + "<updated>2026-11-26T07:10:00Z</updated><fetched>784111777</fetched><lastModified>Sun, 06 Nov 1994 08:49:37 GMT</lastModified>"
    + "<checksum>c0ffee</checksum><thumbnail>AQID</thumbnail></item>"

/// Formats placed in attributes.
private struct Upload: Codable, Equatable {
    @Attribute @Formatted<EpochSecondsDateFormat> var created: Date
    @Attribute @OptionalFormatted<HTTPDateFormat> var expires: Date?
    @Element @OptionalFormatted<EpochMillisecondsDateFormat> var touched: Date?
    @ElementAndAttribute @Formatted<HexDataFormat> var digest: Data
    var name: String
}

/// A plain date beside wrapped ones: the plain one follows the coder's strategy.
private struct Mixed: Codable, Equatable {
    var plain: Date
    @Formatted<EpochSecondsDateFormat> var epoch: Date
    @Formatted<HTTPDateFormat> var http: Date
    var data: Data
    @Formatted<HexDataFormat> var hex: Data
}

private struct OneDate<Format: XMLDateFormat>: Codable, Equatable {
    @Formatted<Format> var date: Date
}

private struct OneData<Format: XMLDataFormat>: Codable, Equatable {
    @Formatted<Format> var data: Data
}

private struct OptionalDate: Codable, Equatable {
    @OptionalFormatted<HTTPDateFormat> var date: Date? = nil
    var other: Int = 0
}

/// The format of the documentation's example of a format of one's own.
private enum DayFormat: XMLDateFormat {
    static func string(from date: Date) -> String? {
        ISO8601DateFormat.string(from: date).map { String($0.prefix(10)) }
    }
    static func value(from text: String) -> Date? {
        ISO8601DateFormat.value(from: text + "T00:00:00Z")
    }
}

private func xml<T: Encodable>(_ value: T, rootKey: String, configure: (XMLEncoder) -> Void = { _ in }) throws -> String
{
    let encoder = XMLEncoder()
    configure(encoder)
    return try encoder.encodeToString(value, withRootKey: rootKey)
}

private func json<T: Encodable>(_ value: T, configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    configure(encoder)
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("Formats per property: dates and data") struct ValueFormatRoundTripTests {
    // MARK: - Each format, written and read

    @Test func dateFormatsWriteTheirText() {
        #expect(ISO8601DateFormat.string(from: rfcExample) == "1994-11-06T08:49:37Z")
        #expect(ISO8601FractionalDateFormat.string(from: rfcExample) == "1994-11-06T08:49:37.000Z")
        #expect(EpochSecondsDateFormat.string(from: rfcExample) == "784111777")
        #expect(EpochMillisecondsDateFormat.string(from: rfcExample) == "784111777000")
        #expect(HTTPDateFormat.string(from: rfcExample) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(RFC822DateFormat.string(from: rfcExample) == "Sun, 06 Nov 1994 08:49:37 +0000")
        #expect(RFC822DateFormat.string(from: rssExample) == "Sat, 07 Sep 2002 00:00:01 +0000")
        #expect(HTTPDateFormat.string(from: thursday) == "Thu, 26 Nov 2026 07:10:00 GMT")

        // A quarter of a second: the whole-second formats write the second the date falls in.
        let quarter = Date(timeIntervalSince1970: 784_111_777.25)
        #expect(ISO8601DateFormat.string(from: quarter) == "1994-11-06T08:49:37Z")
        #expect(ISO8601FractionalDateFormat.string(from: quarter) == "1994-11-06T08:49:37.250Z")
        #expect(EpochSecondsDateFormat.string(from: quarter) == "784111777.25")
        #expect(EpochMillisecondsDateFormat.string(from: quarter) == "784111777250")
        #expect(HTTPDateFormat.string(from: quarter) == "Sun, 06 Nov 1994 08:49:37 GMT")

        // Before 1970.
        let before = Date(timeIntervalSince1970: -1.5)
        #expect(ISO8601DateFormat.string(from: before) == "1969-12-31T23:59:58Z")
        #expect(ISO8601FractionalDateFormat.string(from: before) == "1969-12-31T23:59:58.500Z")
        #expect(EpochSecondsDateFormat.string(from: before) == "-1.5")
        #expect(EpochMillisecondsDateFormat.string(from: before) == "-1500")
        #expect(HTTPDateFormat.string(from: before) == "Wed, 31 Dec 1969 23:59:58 GMT")

        // The ends of the calendar formats' range.
        #expect(
            HTTPDateFormat.string(from: Date(timeIntervalSince1970: 253_402_300_799)) == "Fri, 31 Dec 9999 23:59:59 GMT"
        )
        #expect(
            RFC822DateFormat.string(from: Date(timeIntervalSince1970: -62_135_596_800))
                == "Mon, 01 Jan 0001 00:00:00 +0000")
        #expect(ISO8601DateFormat.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        // A millisecond that rounds up into the next second.
        #expect(
            ISO8601FractionalDateFormat.string(from: Date(timeIntervalSince1970: 59.9996)) == "1970-01-01T00:01:00.000Z"
        )
    }

    @Test(arguments: [
        ("1994-11-06T08:49:37Z", 784_111_777.0),
        ("1994-11-06T09:49:37+01:00", 784_111_777.0),
        ("1994-11-06T03:19:37-0530", 784_111_777.0),
        ("1994-11-06T08:49:37.25Z", 784_111_777.25),
        ("1994-11-06 08:49:37z", 784_111_777.0),
        ("1994-11-06t08:49:37.000Z", 784_111_777.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("1994-11-06T24:00:00Z", 784_166_400.0),
    ])
    func iso8601Reads(_ text: String, _ seconds: Double) {
        #expect(ISO8601DateFormat.value(from: text) == Date(timeIntervalSince1970: seconds), "\(text)")
        #expect(ISO8601FractionalDateFormat.value(from: text) == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test(arguments: [
        ("784111777", 784_111_777.0),
        ("784111777.25", 784_111_777.25),
        ("7.84111777e8", 784_111_777.0),
        ("+784111777", 784_111_777.0),
        ("-1.5", -1.5),
        ("0", 0.0),
    ])
    func epochSecondsReads(_ text: String, _ seconds: Double) {
        #expect(EpochSecondsDateFormat.value(from: text) == Date(timeIntervalSince1970: seconds), "\(text)")
        #expect(EpochMillisecondsDateFormat.value(from: text) == Date(timeIntervalSince1970: seconds / 1000), "\(text)")
    }

    @Test(arguments: [
        // IMF-fixdate, the form HTTP writes.
        "Sun, 06 Nov 1994 08:49:37 GMT",
        // RFC 850 and asctime, the obsolete forms HTTP recipients must read.
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "Sun Nov 06 08:49:37 1994",
        // Names in any case.
        "SUN, 06 NOV 1994 08:49:37 gmt",
    ])
    func httpDateReadsItsThreeForms(_ text: String) {
        #expect(HTTPDateFormat.value(from: text) == rfcExample, "\(text)")
    }

    @Test func httpDateTwoDigitYearsAreAtMostFiftyYearsAhead() {
        // RFC 9110: a year that would be more than 50 years in the future is in the past century.
        #expect(InternetDateParsing.httpYear(twoDigits: 94, currentYear: 2026) == 1994)
        #expect(InternetDateParsing.httpYear(twoDigits: 30, currentYear: 2026) == 2030)
        #expect(InternetDateParsing.httpYear(twoDigits: 76, currentYear: 2026) == 2076)
        #expect(InternetDateParsing.httpYear(twoDigits: 77, currentYear: 2026) == 1977)
        // Only a year too far ahead moves: one in the past stays in the current century.
        #expect(InternetDateParsing.httpYear(twoDigits: 0, currentYear: 2099) == 2000)
        #expect(InternetDateParsing.httpYear(twoDigits: 50, currentYear: 2000) == 2050)
        #expect(InternetDateParsing.httpYear(twoDigits: 51, currentYear: 2000) == 1951)
        #expect(InternetDateParsing.httpDate(from: "Thursday, 26-Nov-26 07:10:00 GMT", currentYear: 2026) == thursday)
        #expect(
            InternetDateParsing.httpDate(from: "Thursday, 26-Nov-26 07:10:00 GMT", currentYear: 2080)?
                .timeIntervalSince1970 == 1_795_677_000)
        #expect(
            InternetDateParsing.httpDate(from: "Friday, 26-Nov-26 07:10:00 GMT", currentYear: 1970)?
                .timeIntervalSince1970 == -1_360_083_000)
    }

    @Test(arguments: [
        ("Sat, 07 Sep 2002 00:00:01 GMT", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 00:00:01 +0000", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 00:00:01 UT", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 00:00:01 UTC", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 00:00:01 Z", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 00:00:01 A", 1_031_356_801.0),
        ("07 Sep 2002 00:00:01 GMT", 1_031_356_801.0),
        ("Sat,07 Sep 2002 00:00:01 GMT", 1_031_356_801.0),
        ("Saturday, 7 September 2002 00:00:01 GMT", 1_031_356_801.0),
        ("sat, 07 sep 2002 00:00:01 gmt", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 00:00:01 +0000 (UTC)", 1_031_356_801.0),
        ("Sat, 07 Sep 02 00:00:01 GMT", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 0:00:01 GMT", 1_031_356_801.0),
        ("Fri, 06 Sep 2002 19:00:01 -0500", 1_031_356_801.0),
        ("Sat, 07 Sep 2002 02:00:01 +02:00", 1_031_356_801.0),
        ("7 Sep 02 00:01 EDT", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 21:01 PDT", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 23:01 CDT", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 22:01 CST", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 21:01 MST", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 22:01 MDT", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 20:01 PST", 1_031_371_260.0),
        ("Fri, 06 Sep 2002 23:01 EST", 1_031_371_260.0),
        ("Sun, 06 Nov 94 08:49:37 GMT", 784_111_777.0),
        // A wrong weekday is not checked (feeds have them); the date is what counts.
        ("Mon, 07 Sep 2002 00:00:01 GMT", 1_031_356_801.0),
    ])
    func rfc822Reads(_ text: String, _ seconds: Double) {
        #expect(RFC822DateFormat.value(from: text) == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test func dataFormatsWriteAndReadTheirText() {
        let bytes = Data([0xC0, 0xFF, 0xEE])
        #expect(Base64DataFormat.string(from: bytes) == "wP/u")
        #expect(HexDataFormat.string(from: bytes) == "c0ffee")
        #expect(HexDataFormat.string(from: Data()) == "")
        #expect(Base64DataFormat.value(from: "wP/u") == bytes)
        #expect(Base64DataFormat.value(from: "wP\n  /u") == bytes)
        #expect(Base64DataFormat.value(from: "") == Data())
        #expect(Base64DataFormat.value(from: "AQ==") == Data([1]))
        #expect(Base64DataFormat.value(from: "AQI=") == Data([1, 2]))
        #expect(Base64DataFormat.value(from: "AQ\r\n\t==") == Data([1]))
        let bytes256 = Data((0...255).map { UInt8($0) })
        #expect(
            Base64DataFormat.value(from: bytes256.base64EncodedString(options: .lineLength76Characters)) == bytes256)
        #expect(HexDataFormat.value(from: "c0ffee") == bytes)
        #expect(HexDataFormat.value(from: "C0FFee") == bytes)
        #expect(HexDataFormat.value(from: "") == Data())
        #expect(HexDataFormat.string(from: Data(0...255))?.count == 512)
        #expect(HexDataFormat.value(from: HexDataFormat.string(from: Data(0...255)) ?? "") == Data(0...255))
    }

    // MARK: - A model mixing the formats

    @Test func aModelMixingFormatsWritesAndReadsTheDocument() throws {
        #expect(try xml(item, rootKey: "item") == itemXML)
        #expect(try XMLDecoder().decode(Item.self, from: Data(itemXML.utf8)) == item)

        // As a feed would have it: indented, other spellings of the same dates, base64 over lines.
        let feed = """
            <item seen=" 1795677000000.0 ">
              <title>Formats</title>
              <pubDate>Fri, 6 Sep 2002 20:00:01 EDT</pubDate>
              <updated>2026-11-26T08:10:00+01:00</updated>
              <fetched> 784111777 </fetched>
              <lastModified>Sunday, 06-Nov-94 08:49:37 GMT</lastModified>
              <expires>2026-11-26T07:10:00.5Z</expires>
              <checksum>C0FFEE</checksum>
              <thumbnail>
                AQ
                ID
              </thumbnail>
            </item>
            """
        var expected = item
        expected.expires = Date(timeIntervalSince1970: 1_795_677_000.5)
        #expect(try XMLDecoder().decode(Item.self, from: Data(feed.utf8)) == expected)
        #expect(
            try xml(expected, rootKey: "item")
                == itemXML.replacingOccurrences(
                    of: "<checksum>", with: "<expires>2026-11-26T07:10:00.500Z</expires><checksum>"))
    }

    @Test func aModelMixingFormatsRoundTripsThroughXMLAndJSON() throws {
        var withExpiry = item
        withExpiry.expires = Date(timeIntervalSince1970: 1_795_677_000.125)
        for value in [item, withExpiry] {
            try roundTrip(value, rootKey: "item")
            #expect(try JSONDecoder().decode(Item.self, from: JSONEncoder().encode(value)) == value)
            // XML → JSON → XML: the same document.
            let fromXML = try XMLDecoder().decode(Item.self, from: Data(try xml(value, rootKey: "item").utf8))
            let throughJSON = try JSONDecoder().decode(Item.self, from: JSONEncoder().encode(fromXML))
            #expect(try xml(throughJSON, rootKey: "item") == xml(value, rootKey: "item"))
        }
    }

    @Test func theJSONIsTheModelsWithoutTheWrappers() throws {
        var value = item
        value.expires = thursday
        let plain = PlainItem(value)
        // JSONEncoder's own strategies apply to the wrapped values, as to the plain ones.
        #expect(try json(value) == json(plain))
        let iso: (JSONEncoder) -> Void = { $0.dateEncodingStrategy = .iso8601 }
        let isoJSON = try json(value, configure: iso)
        #expect(isoJSON == (try json(plain, configure: iso)))
        #expect(isoJSON.contains(#""lastModified":"1994-11-06T08:49:37Z""#))
        #expect(isoJSON.contains(#""checksum":"wP\/u""#))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Item.self, from: Data(isoJSON.utf8)) == value)
        // nil is left out, as a plain optional is; a missing or null key is nil.
        #expect(try !json(item).contains("expires"))
        #expect(try JSONDecoder().decode(OptionalDate.self, from: Data(#"{"other":1}"#.utf8)) == OptionalDate(other: 1))
        #expect(
            try JSONDecoder().decode(OptionalDate.self, from: Data(#"{"date":null,"other":1}"#.utf8))
                == OptionalDate(other: 1))
        #expect(
            try JSONDecoder().decode(OptionalDate.self, from: Data(#"{"date":-194195423,"other":1}"#.utf8))
                == OptionalDate(date: rfcExample, other: 1))
    }

    @Test func theDocumentationsExample() throws {
        // Strategies.md, "Formats per property".
        let xml = """
            <item seen="1795677000000">
              <title>Formats</title>
              <pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate>
              <updated>2026-11-26T08:10:00+01:00</updated>
              <fetched>784111777</fetched>
              <lastModified>Sunday, 06-Nov-94 08:49:37 GMT</lastModified>
              <checksum>C0FFEE</checksum>
              <thumbnail>AQID</thumbnail>
            </item>
            """
        let decoded = try XMLDecoder().decode(Item.self, from: Data(xml.utf8))
        #expect(decoded.fetched == Date(timeIntervalSince1970: 784_111_777))
        #expect(decoded.expires == nil)
        #expect(decoded == item)
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        #expect(
            try encoder.encodeToString(decoded, withRootKey: "item") == """
                <item seen="1795677000000">
                    <title>Formats</title>
                    <pubDate>Sat, 07 Sep 2002 00:00:01 +0000</pubDate>
                    <updated>2026-11-26T07:10:00Z</updated>
                    <fetched>784111777</fetched>
                    <lastModified>Sun, 06 Nov 1994 08:49:37 GMT</lastModified>
                    <checksum>c0ffee</checksum>
                    <thumbnail>AQID</thumbnail>
                </item>
                """)
        let error = decodingError(
            Item.self, xml.replacingOccurrences(of: "Sunday, 06-Nov-94 08:49:37 GMT", with: "yesterday"))
        #expect(
            error?.debugDescription
                == #"Expected an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT" but found "yesterday", at line 6, column 4."#
        )
    }

    // MARK: - Optionals

    @Test func optionalsPresentAbsentAndNil() throws {
        let present = OptionalDate(date: rfcExample, other: 1)
        #expect(try xml(present, rootKey: "r") == "<r><date>Sun, 06 Nov 1994 08:49:37 GMT</date><other>1</other></r>")
        #expect(try xml(OptionalDate(other: 1), rootKey: "r") == "<r><other>1</other></r>")
        try roundTrip(present)
        try roundTrip(OptionalDate(other: 1))
        let read = { (text: String) in try XMLDecoder().decode(OptionalDate.self, from: Data(text.utf8)) }
        #expect(try read("<r><other>1</other></r>") == OptionalDate(other: 1))
        #expect(try read("<r><date/><other>1</other></r>") == OptionalDate(other: 1))
        // White space is no empty element: it is read as the text "", which is no date (as for `Date?`).
        #expect(decodingError(OptionalDate.self, "<r><date>  </date><other>1</other></r>")?.kind == "dataCorrupted")
        #expect(
            try read(
                #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><date xsi:nil="true"/><other>1</other></r>"#)
                == OptionalDate(other: 1))
        #expect(try read(#"<r date="Sun, 06 Nov 1994 08:49:37 GMT"><other>1</other></r>"#) == present)
        // The encoder's nil strategy writes nil as for any optional.
        let empty = try xml(OptionalDate(other: 1), rootKey: "r") { $0.nilEncodingStrategy = .emptyElement }
        #expect(empty == "<r><date /><other>1</other></r>")
        #expect(try read(empty) == OptionalDate(other: 1))
        let marked = try xml(OptionalDate(other: 1), rootKey: "r") { $0.nilEncodingStrategy = .xsiNil }
        #expect(
            marked
                == #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><date xsi:nil="true" /><other>1</other></r>"#
        )
        #expect(try read(marked) == OptionalDate(other: 1))
    }

    @Test func optionalsInListsAndAtTheTopLevel() throws {
        struct Dates: Codable, Equatable { var d: [OptionalFormatted<HTTPDateFormat>] }
        let value = Dates(d: [OptionalFormatted(rfcExample), nil])
        let written = try xml(value, rootKey: "r")
        #expect(
            written
                == #"<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><d>Sun, 06 Nov 1994 08:49:37 GMT</d><d xsi:nil="true" /></r>"#
        )
        #expect(try XMLDecoder().decode(Dates.self, from: Data(written.utf8)) == value)
        #expect(try JSONDecoder().decode(Dates.self, from: JSONEncoder().encode(value)) == value)
        try roundTrip(OptionalFormatted<HexDataFormat>(Data([1])), expectedXML: "<root>01</root>")
        try roundTrip(Formatted<HTTPDateFormat>(rfcExample), expectedXML: "<root>Sun, 06 Nov 1994 08:49:37 GMT</root>")
    }

    @Test func listsOfFormattedValues() throws {
        struct Log: Codable, Equatable { var at: [Formatted<ISO8601DateFormat>] }
        let log = Log(at: [Formatted(rfcExample), Formatted(thursday)])
        try roundTrip(
            log, expectedXML: "<log><at>1994-11-06T08:49:37Z</at><at>2026-11-26T07:10:00Z</at></log>", rootKey: "log")
        try roundTrip(
            Log(at: [Formatted(thursday)]), expectedXML: "<log><at>2026-11-26T07:10:00Z</at></log>", rootKey: "log")
        try roundTrip(Log(at: []), expectedXML: "<log />", rootKey: "log")
        #expect(try JSONDecoder().decode(Log.self, from: JSONEncoder().encode(log)) == log)
    }

    // MARK: - Attributes and the other placement wrappers

    @Test func formatsComposeWithThePlacementWrappers() throws {
        let upload = Upload(
            created: Attribute(Formatted(rfcExample)), expires: Attribute(OptionalFormatted(thursday)),
            touched: Element(OptionalFormatted(Date(timeIntervalSince1970: 1.5))),
            digest: ElementAndAttribute(Formatted(Data([0xAB]))),
            name: "a.txt")
        let written = try xml(upload, rootKey: "upload")
        #expect(
            written
                == #"<upload created="784111777" expires="Thu, 26 Nov 2026 07:10:00 GMT" digest="ab"><touched>1500</touched><digest>ab</digest><name>a.txt</name></upload>"#
        )
        #expect(try XMLDecoder().decode(Upload.self, from: Data(written.utf8)) == upload)
        #expect(upload.created == rfcExample)

        // nil: the attribute and the element are left out, and read back as nil.
        let bare = Upload(
            created: Attribute(Formatted(rfcExample)), expires: nil, touched: Element(nil),
            digest: ElementAndAttribute(Formatted(Data())), name: "b")
        let bareXML = try xml(bare, rootKey: "upload")
        #expect(bareXML == #"<upload created="784111777" digest=""><digest></digest><name>b</name></upload>"#)
        #expect(try XMLDecoder().decode(Upload.self, from: Data(bareXML.utf8)) == bare)
        // An attribute is never written as an element for nil, whatever the nil strategy.
        #expect(
            try xml(bare, rootKey: "upload") { $0.nilEncodingStrategy = .emptyElement }
                == #"<upload created="784111777" digest=""><touched /><digest></digest><name>b</name></upload>"#)

        // The placement is the placement wrapper's: an element does not stand for the attribute.
        let elementNotAttribute = #"<upload digest="ab"><created>784111777</created><name>c</name></upload>"#
        #expect(decodingError(Upload.self, elementNotAttribute)?.kind == "keyNotFound")

        // JSON: plain members, nil left out.
        for value in [upload, bare] {
            #expect(try JSONDecoder().decode(Upload.self, from: JSONEncoder().encode(value)) == value)
        }
        #expect(try !json(bare).contains("expires"))
        #expect(try json(bare).contains(#""created":-194195423"#))
    }

    @Test func theElementsOwnTextCanBeFormatted() throws {
        struct Stamp: Codable, Equatable {
            @Attribute var zone: String
            @OptionalFormatted<EpochSecondsDateFormat> var value: Date?
            enum CodingKeys: String, CodingKey { case zone, value = "" }
        }
        try roundTrip(
            Stamp(zone: Attribute("utc"), value: rfcExample), expectedXML: #"<root zone="utc">784111777</root>"#)
        #expect(try decode(Stamp.self, #"<root zone="utc"></root>"#) == Stamp(zone: Attribute("utc"), value: nil))
    }

    // MARK: - The coder's own strategies

    @Test func plainDatesBesideWrappedOnesFollowTheCodersStrategy() throws {
        let value = Mixed(
            plain: rfcExample, epoch: rfcExample, http: rfcExample, data: Data([1, 2, 3]), hex: Data([1, 2, 3]))
        #expect(
            try xml(value, rootKey: "m")
                == "<m><plain>784111777.0</plain><epoch>784111777</epoch><http>Sun, 06 Nov 1994 08:49:37 GMT</http><data>AQID</data><hex>010203</hex></m>"
        )
        let iso = try roundTrip(
            value, rootKey: "m",
            encoder: {
                $0.dateEncodingStrategy = .iso8601;
                $0.dataEncodingStrategy = .custom { _, encoder in
                    var c = encoder.singleValueContainer(); try c.encode("x")
                }
            },
            decoder: {
                $0.dateDecodingStrategy = .iso8601; $0.dataDecodingStrategy = .custom { _ in Data([1, 2, 3]) }
            })
        #expect(
            iso
                == "<m><plain>1994-11-06T08:49:37Z</plain><epoch>784111777</epoch><http>Sun, 06 Nov 1994 08:49:37 GMT</http><data>x</data><hex>010203</hex></m>"
        )
        // The decoder's strategy reads the plain date only.
        let document =
            "<m><plain>1994-11-06T08:49:37Z</plain><epoch>784111777</epoch><http>Sun, 06 Nov 1994 08:49:37 GMT</http><data>AQID</data><hex>010203</hex></m>"
        #expect(try decode(Mixed.self, document) { $0.dateDecodingStrategy = .iso8601 } == value)
        #expect(decodingError(Mixed.self, document)?.fullPath == ["plain"])
        let millis =
            "<m><plain>784111777000</plain><epoch>784111777</epoch><http>Sun, 06 Nov 1994 08:49:37 GMT</http><data>AQID</data><hex>010203</hex></m>"
        #expect(try decode(Mixed.self, millis) { $0.dateDecodingStrategy = .millisecondsSince1970 } == value)
    }

    @Test func formatTextIsNeverCDATAAndReadsWithWhiteSpaceKept() throws {
        let value = OneDate<HTTPDateFormat>(date: rfcExample)
        try roundTrip(
            value, expectedXML: "<root><date>Sun, 06 Nov 1994 08:49:37 GMT</date></root>",
            encoder: { $0.stringEncodingStrategy = .cdata })
        #expect(
            try decode(OneDate<HTTPDateFormat>.self, "<r><date>\n  Sun, 06 Nov 1994 08:49:37 GMT\n</date></r>") {
                $0.trimValueWhitespaces = false
            } == value)
        #expect(
            try decode(OneDate<HTTPDateFormat>.self, "<r><date><![CDATA[Sun, 06 Nov 1994 08:49:37 GMT]]></date></r>")
                == value)
    }

    @Test func aFormatOfOnesOwn() throws {
        try roundTrip(OneDate<DayFormat>(date: thursday - 25_800), expectedXML: "<root><date>2026-11-26</date></root>")
        let error = decodingError(OneDate<DayFormat>.self, "<r><date>26/11/2026</date></r>")
        #expect(
            error?.debugDescription
                == #"Expected text in the DayFormat format but found "26/11/2026", at line 1, column 5."#)
    }

    @Test func wrappersHaveValueSemanticsAndInitializers() {
        var a = Formatted<HTTPDateFormat>(wrappedValue: rfcExample)
        let b = Formatted<HTTPDateFormat>(rfcExample)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        a.wrappedValue = thursday
        #expect(a != b)
        let none: OptionalFormatted<HexDataFormat> = nil
        #expect(none == OptionalFormatted(wrappedValue: nil))
        #expect(none.wrapsNil)
        #expect(OptionalFormatted<HexDataFormat>.wrappedNil == none)
        #expect(!OptionalFormatted<HexDataFormat>(Data()).wrapsNil)
        #expect(Attribute<OptionalFormatted<HexDataFormat>>.wrappedNil.wrapsNil)
        let sendable: any Sendable = b
        #expect(sendable is Formatted<HTTPDateFormat>)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("<r><date>yesterday</date></r>", "yesterday"),
        ("<r><date>1994-11-06T08:49:37</date></r>", "1994-11-06T08:49:37"),
        ("<r><date>1994-11-06</date></r>", "1994-11-06"),
        ("<r><date>1994-02-29T00:00:00Z</date></r>", "1994-02-29T00:00:00Z"),
        ("<r><date>1994-11-06T24:01:00Z</date></r>", "1994-11-06T24:01:00Z"),
        ("<r><date>1994-11-06T08:60:00Z</date></r>", "1994-11-06T08:60:00Z"),
        ("<r><date>1994-11-06T08:49:37+24:00</date></r>", "1994-11-06T08:49:37+24:00"),
        ("<r><date>10000-01-01T00:00:00Z</date></r>", "10000-01-01T00:00:00Z"),
        ("<r><date/></r>", ""),
    ])
    func iso8601Refuses(_ document: String, _ text: String) {
        let error = decodingError(OneDate<ISO8601DateFormat>.self, document)
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.fullPath == ["date"])
        #expect(
            error?.debugDescription
                == #"Expected an ISO 8601 date and time such as "2026-11-26T07:10:00Z" but found "\#(text)", at line 1, column 5."#
        )
    }

    @Test(arguments: ["INF", "-INF", "NaN", "inf", "nan", "1e400", "0x1p3", "1,5", "", "12 34", "1.5.2", "e5"])
    func epochFormatsRefuse(_ text: String) {
        let seconds = decodingError(OneDate<EpochSecondsDateFormat>.self, "<r>\n<date>\(text)</date></r>")
        #expect(seconds?.kind == "dataCorrupted")
        #expect(
            seconds?.debugDescription.contains(
                #"Expected a number of seconds since 1970 such as "784111777" but found "\#(text)""#) == true)
        #expect(seconds?.reportedLine == 2)
        let millis = decodingError(OneDate<EpochMillisecondsDateFormat>.self, "<r>\n<date>\(text)</date></r>")
        #expect(millis?.debugDescription.contains("Expected a number of milliseconds since 1970") == true)
        #expect(millis?.debugDescription.contains("line 2, column 2") == true)
    }

    @Test(arguments: [
        "yesterday",
        "Sun, 06 Nov 1994 08:49:37",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49 GMT",
        "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06-Nov-94 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sun Nov  6 08:49:37 94",
        "Sun Nov  6 08:49:37 1994 GMT",
        "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:61 GMT",
        "Sun, 06 Nov 0000 08:49:37 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT trailing",
    ])
    func httpDateRefuses(_ text: String) {
        #expect(HTTPDateFormat.value(from: text) == nil, "\(text)")
        let error = decodingError(OneDate<HTTPDateFormat>.self, "<r><date>\(text)</date></r>")
        #expect(
            error?.debugDescription
                == #"Expected an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT" but found "\#(text)", at line 1, column 5."#
        )
    }

    @Test(arguments: [
        "yesterday",
        "Sat, 07 Sep 2002 00:00:01",
        "Sat, 07 Sep 2002 00:00:01 XYZ",
        "Sat, 07 Sep 2002 00:00:01 J",
        "Sat, 07 Sep 2002 00:00:01 +000",
        "Sat, 07 Sep 2002 00:00:01 +2400",
        "Sat, 07 Sep 2002 00:00:01 +0060",
        "Sat, 07 Sep 2002 00:00:01 GMT (unclosed",
        "Sat, 07 Sep 2002 00:00:01 GMT extra",
        "Sat, 07 Sep 202 00:00:01 GMT",
        "Sat, 07 Sep 20021 00:00:01 GMT",
        "Sat, 30 Feb 2002 00:00:01 GMT",
        "Sat, 07 Sep 2002 24:00:01 GMT",
        "Sat, 07 Sep 2002 00:1 GMT",
        "Sun 07 Sepp 2002 00:00:01 GMT",
        "Someday, 07 Sep 2002 00:00:01 GMT",
        "Sat, 07 Sep 0000 00:00:01 GMT",
        "Sat, 123 Sep 2002 00:00:01 GMT",
        "2002-09-07T00:00:01Z",
    ])
    func rfc822Refuses(_ text: String) {
        #expect(RFC822DateFormat.value(from: text) == nil, "\(text)")
        let error = decodingError(OneDate<RFC822DateFormat>.self, "<r><date>\(text)</date></r>")
        #expect(
            error?.debugDescription.hasPrefix(
                #"Expected an RFC 822 date such as "Sat, 07 Sep 2002 00:00:01 +0000" but found ""#) == true)
        #expect(error?.debugDescription.hasSuffix(", at line 1, column 5.") == true)
    }

    @Test(arguments: ["c0ffe", "c0ffeg", "c0 ff ee", "0x00", "é0"])
    func hexRefuses(_ text: String) {
        #expect(HexDataFormat.value(from: text) == nil, "\(text)")
        let error = decodingError(OneData<HexDataFormat>.self, #"<r data="\#(text)"/>"#)
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.fullPath == ["data"])
        #expect(
            error?.debugDescription
                == #"Expected hexadecimal (two digits a byte) such as "c0ffee" but found "\#(text)", at line 1, column 4."#
        )
    }

    @Test(arguments: ["wP/", "wP/u=", "wP*u", "w", "====", "A===", "AQ=A", "AQ==AQ==", "=wP/", "wP-u", "wP_u"])
    func base64Refuses(_ text: String) {
        #expect(Base64DataFormat.value(from: text) == nil, "\(text)")
        let error = decodingError(OneData<Base64DataFormat>.self, "<r><data>\(text)</data></r>")
        #expect(error?.debugDescription.hasPrefix(#"Expected base64 such as "wP/u" but found ""#) == true)
        #expect(error?.debugDescription.contains("line 1, column 5") == true)
    }

    @Test func longTextIsShortenedInMessages() {
        let text = String(repeating: "x", count: 100)
        let error = decodingError(OneDate<HTTPDateFormat>.self, "<r><date>\(text)</date></r>")
        #expect(error?.debugDescription.contains(#"but found "\#(String(repeating: "x", count: 60))…""#) == true)
    }

    @Test func errorsInAttributesAndListsSayWhere() {
        let attribute = decodingError(Upload.self, "<upload\n  created=\"soon\" digest=\"ab\"><name>n</name></upload>")
        #expect(attribute?.fullPath == ["created"])
        #expect(attribute?.debugDescription.hasSuffix(#"but found "soon", at line 2, column 3."#) == true)
        struct Log: Codable { var at: [Formatted<ISO8601DateFormat>] }
        let item = decodingError(Log.self, "<log>\n<at>2026-11-26T07:10:00Z</at>\n<at>later</at></log>")
        #expect(item?.fullPath == ["at", "1"])
        #expect(item?.debugDescription.contains("line 3, column 2") == true)
    }

    @Test func datesOutsideAFormatsRangeAreNotEncoded() {
        let farFuture = Date(timeIntervalSince1970: 253_402_300_800)  // 10000-01-01
        let beforeYearOne = Date(timeIntervalSince1970: -62_135_596_801)
        let notANumber = Date(timeIntervalSince1970: .nan)
        #expect(HTTPDateFormat.string(from: farFuture) == nil)
        #expect(HTTPDateFormat.string(from: beforeYearOne) == nil)
        #expect(RFC822DateFormat.string(from: farFuture) == nil)
        #expect(RFC822DateFormat.string(from: beforeYearOne) == nil)
        #expect(ISO8601DateFormat.string(from: farFuture) == nil)
        #expect(ISO8601FractionalDateFormat.string(from: Date(timeIntervalSince1970: -62_167_219_201)) == nil)
        #expect(ISO8601DateFormat.string(from: Date(timeIntervalSince1970: 1e300)) == nil)
        for format in [
            EpochSecondsDateFormat.string, EpochMillisecondsDateFormat.string, HTTPDateFormat.string,
            ISO8601DateFormat.string,
        ] {
            #expect(format(notANumber) == nil)
            #expect(format(Date(timeIntervalSince1970: .infinity)) == nil)
        }
        #expect(EpochSecondsDateFormat.string(from: Date(timeIntervalSince1970: 1e300)) == "1e+300")
        #expect(EpochMillisecondsDateFormat.string(from: Date(timeIntervalSince1970: 1e307)) == nil)

        let http = encodingError(OneDate<HTTPDateFormat>(date: farFuture))
        #expect(http?.path == ["date"])
        #expect(
            http?.debugDescription
                == #"The date 253402300800.0 seconds since 1970 cannot be written as an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT": it is outside the format's range."#
        )
        #expect(
            encodingError(OneDate<RFC822DateFormat>(date: beforeYearOne))?.debugDescription.contains("an RFC 822 date")
                == true)
        #expect(
            encodingError(OneDate<EpochSecondsDateFormat>(date: notANumber))?.debugDescription.contains(
                "nan seconds since 1970") == true)
        let upload = Upload(
            created: Attribute(Formatted(notANumber)), expires: nil, touched: Element(nil),
            digest: ElementAndAttribute(Formatted(Data())), name: "")
        #expect(encodingError(upload)?.path == ["created"])
        // JSON gets the bare date, which it can write.
        #expect((try? JSONEncoder().encode(OneDate<HTTPDateFormat>(date: farFuture))) != nil)
        // The errors can be printed: their invalid value is not a Date that is not finite (whose
        // description traps in Foundation).
        do {
            _ = try XMLEncoder().encode(OneDate<ISO8601DateFormat>(date: notANumber), withRootKey: "r")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("nan"))
        }
        let strategy = XMLEncoder()
        strategy.dateEncodingStrategy = .iso8601
        do {
            _ = try strategy.encode([notANumber], withRootKey: "r")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("nan"))
        }
    }

    @Test func theISO8601StrategyRefusesWhatItCannotWrite() throws {
        // The strategy and the formats share the parser and the formatter.
        let error = encodingError(Date(timeIntervalSince1970: .nan)) { $0.dateEncodingStrategy = .iso8601 }
        #expect(error?.debugDescription.contains("no ISO 8601 form") == true)
        #expect(
            encodingError([Date(timeIntervalSince1970: 253_402_300_800)]) { $0.dateEncodingStrategy = .iso8601 }?.path
                == ["0"])
        #expect(
            decodingError(Date.self, "<d>2023-02-29T00:00:00Z</d>") { $0.dateDecodingStrategy = .iso8601 }?.kind
                == "dataCorrupted")
        #expect(
            try decode(Date.self, "<d>2024-02-29T00:00:00Z</d>") { $0.dateDecodingStrategy = .iso8601 }
                == Date(timeIntervalSince1970: 1_709_164_800))
    }

    @Test func everyDateSurvivesItsFormat() throws {
        // Whole seconds through every format, milliseconds through the ones that keep them.
        var rng = SplitMix64(seed: 822)
        for _ in 0..<300 {
            let millis = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &rng)
            let second = Date(timeIntervalSince1970: Double(millis / 1000 - (millis % 1000 < 0 ? 1 : 0)))
            let milli = Date(timeIntervalSince1970: Double(millis) / 1000)
            #expect(ISO8601DateFormat.string(from: second).flatMap(ISO8601DateFormat.value) == second)
            #expect(HTTPDateFormat.string(from: second).flatMap(HTTPDateFormat.value) == second)
            #expect(RFC822DateFormat.string(from: second).flatMap(RFC822DateFormat.value) == second)
            #expect(ISO8601FractionalDateFormat.string(from: milli).flatMap(ISO8601FractionalDateFormat.value) == milli)
            #expect(EpochSecondsDateFormat.string(from: milli).flatMap(EpochSecondsDateFormat.value) == milli)
            #expect(EpochMillisecondsDateFormat.string(from: milli).flatMap(EpochMillisecondsDateFormat.value) == milli)
            // The HTTP-date's weekday is the date's (RFC 822 would read a wrong one).
            let http = HTTPDateFormat.string(from: second) ?? ""
            #expect(RFC822DateFormat.value(from: http) == second)
        }
    }
}
