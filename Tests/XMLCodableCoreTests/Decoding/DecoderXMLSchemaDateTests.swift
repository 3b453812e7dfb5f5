// The XML Schema date strategies of the decoder: `.xmlSchemaDate` (xs:date) and
// `.xmlSchemaDateTime` (xs:dateTime). Every accepted form with its date, every refused one with
// the reason the error gives, and where the error says it is.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderXMLSchemaDateStrategyTests {
    struct Event: Decodable { var at: Date }
    struct MaybeEvent: Decodable { var at: Date? }

    /// 2000-10-01T00:00:00Z.
    static let october1: Double = 970_358_400

    // MARK: xs:date

    @Test(
        arguments: [
            ("2000-10-01", october1),
            ("2000-10-01Z", october1),
            ("2000-10-01+02:00", october1 - 7200),
            ("2000-10-01-05:00", october1 + 18_000),
            ("2000-10-01+14:00", october1 - 50_400),
            ("2000-10-01-14:00", october1 + 50_400),
            ("2000-10-01-00:00", october1),
            ("  2000-10-01\n", october1),
            ("2024-02-29", 1_709_164_800),  // leap day
            ("2000-02-29", 951_782_400),  // divisible by 400: a leap year
            ("1970-01-01", 0),
            ("1900-03-01", -2_203_891_200),
            ("0001-01-01", -62_135_596_800),
            ("0000-01-01", -62_167_219_200),  // 1 BCE, a leap year
            ("-0001-12-31", -62_167_219_200 - 86_400),
            ("9999-12-31", 253_402_214_400),
        ] as [(String, Double)])
    func xmlSchemaDate(_ text: String, _ seconds: Double) throws {
        let event = try decode(Event.self, "<e><at>\(text)</at></e>") { $0.dateDecodingStrategy = .xmlSchemaDate }
        #expect(event.at == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test(arguments: [
        ("2023-02-29", "February 2023 has 28 days"),
        ("1900-02-29", "February 1900 has 28 days"),
        ("2000-02-30", "February 2000 has 29 days"),
        ("2000-04-31", "April has 30 days"),
        ("2000-13-01", "there is no month 13"),
        ("2000-00-10", "there is no month 0"),
        ("2000-01-00", "there is no day 0"),
        ("2000-10-01T00:00:00Z", "it has a time, which an xs:date does not"),
        ("2000-1-01", "it is not of the form YYYY-MM-DD"),
        ("00-10-01", "it is not of the form YYYY-MM-DD"),
        ("02000-10-01", "it is not of the form YYYY-MM-DD"),
        ("12000-10-01", "years beyond 9999 are not read"),
        ("-0000-01-01", "-0000 is not a year"),
        ("2000/10/01", "it is not of the form YYYY-MM-DD"),
        ("2000-10-01z", "it is not of the form YYYY-MM-DD"),
        ("2000-10-01 Z", "it is not of the form YYYY-MM-DD"),
        ("2000-10-01+15:00", "a zone is Z, +hh:mm or -hh:mm, at most 14:00 away from UTC"),
        ("2000-10-01+14:30", "a zone is Z, +hh:mm or -hh:mm"),
        ("2000-10-01+0200", "a zone is Z, +hh:mm or -hh:mm"),
        ("2000-10-01+02:60", "a zone is Z, +hh:mm or -hh:mm"),
        ("yesterday", "it is not of the form YYYY-MM-DD"),
    ])
    func xmlSchemaDateRefuses(_ text: String, _ reason: String) throws {
        let error = try #require(
            decodingError(Event.self, "<e>\n  <at>\(text)</at>\n</e>") { $0.dateDecodingStrategy = .xmlSchemaDate })
        #expect(error.kind == "dataCorrupted")
        #expect(error.fullPath == ["at"])
        #expect(error.reportedLine == 2, "\(error.debugDescription)")
        let description = error.context?.debugDescription ?? ""
        #expect(
            description.hasPrefix(
                #"Expected an xs:date such as "2000-10-01" (the decoder's dateDecodingStrategy is .xmlSchemaDate) but found ""#
            ))
        #expect(description.contains(reason), "\(description)")
    }

    // MARK: xs:dateTime

    /// 2000-10-01T12:00:00Z.
    static let noon: Double = october1 + 43_200

    @Test(
        arguments: [
            ("2000-10-01T12:00:00Z", noon),
            ("2000-10-01T12:00:00", noon),  // no zone: UTC
            ("2000-10-01T12:00:00+02:00", noon - 7200),
            ("2000-10-01T12:00:00-05:30", noon + 19_800),
            ("2000-10-01T12:00:00-00:00", noon),
            ("2000-10-01T12:00:00.5Z", noon + 0.5),
            ("2000-10-01T12:00:00.25", noon + 0.25),
            ("2000-10-01T12:00:00.125+02:00", noon - 7200 + 0.125),
            ("2000-10-01T12:00:00.000001Z", noon + 0.000_001),
            ("2000-10-01T12:00:00.123456Z", noon + 0.123_456),
            ("2000-10-01T12:00:00.123456789Z", noon + 0.123_456_789),
            ("2000-10-01T12:00:00.1234567890123456789012Z", noon + 0.123_456_789_012),
            ("2000-10-01T12:00:00.999999999999999999999Z", noon + 0.999_999_999),
            ("2000-10-01T24:00:00", october1 + 86_400),  // the end of the day
            ("2000-10-01T24:00:00.000Z", october1 + 86_400),
            ("2000-12-31T24:00:00Z", 978_307_200),  // into the next year
            ("2024-02-29T23:59:59Z", 1_709_251_199),
            ("1969-12-31T23:59:59.5Z", -0.5),
            ("0000-01-01T00:00:00Z", -62_167_219_200),
            ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
            (" \t2000-10-01T12:00:00Z\r\n ", noon),
        ] as [(String, Double)])
    func xmlSchemaDateTime(_ text: String, _ seconds: Double) throws {
        let event = try decode(Event.self, "<e><at>\(text)</at></e>") { $0.dateDecodingStrategy = .xmlSchemaDateTime }
        // Within a microsecond, or two units in the last place of a Double far from 1970.
        #expect(
            abs(event.at.timeIntervalSince1970 - seconds) <= max(0.000_001, 2 * seconds.ulp),
            "\(text): \(event.at.timeIntervalSince1970)")
    }

    @Test(arguments: [
        ("2000-10-01", "it has no time (Thh:mm:ss after the day), which an xs:dateTime needs"),
        ("2000-10-01Z", "it has no time"),
        ("2000-10-01T25:00:00", "there is no hour 25"),
        ("2000-10-01T24:00:01", "24:00:00 is the only time with hour 24"),
        ("2000-10-01T24:30:00", "24:00:00 is the only time with hour 24"),
        ("2000-10-01T24:00:00.5", "24:00:00 is the only time with hour 24"),
        ("2000-10-01T12:60:00", "there is no minute 60"),
        ("2000-10-01T23:59:60Z", "there is no second 60 (XML Schema has no leap seconds)"),
        ("2023-02-29T00:00:00Z", "February 2023 has 28 days"),
        ("2000-10-01 12:00:00Z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
        ("2000-10-01t12:00:00Z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
        ("2000-10-01T12:00Z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
        ("2000-10-01T1:00:00Z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
        ("2000-10-01T12:00:00 Z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
        ("2000-10-01T12:00:00,5Z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
        ("2000-10-01T12:00:00.Z", "a decimal point in the seconds needs digits after it"),
        ("2000-10-01T12:00:00+02", "a zone is Z, +hh:mm or -hh:mm"),
        ("2000-10-01T12:00:00+0200", "a zone is Z, +hh:mm or -hh:mm"),
        ("2000-10-01T12:00:00+14:01", "a zone is Z, +hh:mm or -hh:mm, at most 14:00 away from UTC"),
        ("2000-10-01T12:00:00z", "it is not of the form YYYY-MM-DDThh:mm:ss"),
    ])
    func xmlSchemaDateTimeRefuses(_ text: String, _ reason: String) throws {
        let error = try #require(
            decodingError(Event.self, "<e>\n  <at>\(text)</at>\n</e>") { $0.dateDecodingStrategy = .xmlSchemaDateTime })
        #expect(error.kind == "dataCorrupted")
        #expect(error.fullPath == ["at"])
        #expect(error.reportedLine == 2, "\(error.debugDescription)")
        let description = error.context?.debugDescription ?? ""
        #expect(
            description.hasPrefix(
                #"Expected an xs:dateTime such as "2000-10-01T12:00:00Z" (the decoder's dateDecodingStrategy is .xmlSchemaDateTime) but found ""#
            ))
        #expect(description.contains(reason), "\(description)")
    }

    // MARK: Where dates are

    @Test func attributesListsAndOptionals() throws {
        struct Log: Decodable {
            var day: Date
            var at: [Date]
            var missing: Date?
            var empty: Date?
        }
        let log = try decode(
            Log.self, #"<log day="2000-10-01"><at>2000-10-02</at><at> 2000-10-03Z </at><empty/></log>"#
        ) {
            $0.dateDecodingStrategy = .xmlSchemaDate
        }
        #expect(log.day == Date(timeIntervalSince1970: Self.october1))
        #expect(
            log.at == [
                Date(timeIntervalSince1970: Self.october1 + 86_400),
                Date(timeIntervalSince1970: Self.october1 + 2 * 86_400),
            ])
        #expect(log.missing == nil)
        #expect(log.empty == nil)
    }

    @Test func whiteSpaceIsIgnoredWhateverTheTrimSetting() throws {
        // As numbers: white space around the value is not part of it, trimmed or not.
        for trim in [true, false] {
            let day = try decode(Event.self, "<e><at>\n  2000-10-01\n</at></e>") {
                $0.dateDecodingStrategy = .xmlSchemaDate
                $0.trimValueWhitespaces = trim
            }
            #expect(day.at == Date(timeIntervalSince1970: Self.october1))
            let time = try decode(Event.self, #"<e at=" 2000-10-01T12:00:00 "/>"#) {
                $0.dateDecodingStrategy = .xmlSchemaDateTime
                $0.trimValueWhitespaces = trim
            }
            #expect(time.at == Date(timeIntervalSince1970: Self.noon))
        }
        // White space inside the value is refused.
        #expect(
            decodingError(Event.self, "<e><at>2000-10- 01</at></e>") { $0.dateDecodingStrategy = .xmlSchemaDate } != nil
        )
    }

    @Test func errorsInAttributesAndListsHaveTheirPathAndPlace() throws {
        struct Log: Decodable { var at: [Date] }
        let listError = try #require(
            decodingError(Log.self, "<log>\n<at>2000-10-01</at>\n<at>2000-10-32</at>\n</log>") {
                $0.dateDecodingStrategy = .xmlSchemaDate
            })
        #expect(listError.fullPath == ["at", "1"])
        #expect(listError.reportedLine == 3)
        #expect(listError.context?.debugDescription.contains("October has 31 days") == true)

        let attributeError = try #require(
            decodingError(Event.self, "<e\n   at=\"2000-10-01\"/>") { $0.dateDecodingStrategy = .xmlSchemaDateTime })
        #expect(attributeError.fullPath == ["at"])
        #expect(attributeError.reportedLine == 2)
    }

    @Test func anEmptyElementForADateThatMustBeThere() throws {
        let error = try #require(decodingError(Event.self, "<e><at/></e>") { $0.dateDecodingStrategy = .xmlSchemaDate })
        #expect(error.fullPath == ["at"])
        #expect(
            error.context?.debugDescription.contains(#"but found "" (a Date? property reads an empty element as nil)"#)
                == true)
        #expect(try decode(MaybeEvent.self, "<e><at/></e>") { $0.dateDecodingStrategy = .xmlSchemaDate }.at == nil)
    }

    // MARK: The article's example

    /// Strategies.md, "XML Schema dates" and "When a date does not read".
    @Test func theStrategiesArticleExample() throws {
        struct Book: Codable {
            var title: String
            var publishDate: Date
        }
        let xml = """
            <book id="bk101">
              <title>XML Developer's Guide</title>
              <publish_date>2000-10-01</publish_date>
            </book>
            """
        let decoder = XMLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .xmlSchemaDate
        let book = try decoder.decode(Book.self, from: Data(xml.utf8))
        #expect(book.publishDate == Date(timeIntervalSince1970: Self.october1))

        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .xmlSchemaDate
        #expect(
            try encoder.encodeToString(book, withRootKey: "book")
                == "<book><title>XML Developer&apos;s Guide</title><publish_date>2000-10-01</publish_date></book>")

        let error = try #require(decodingError(Book.self, xml) { $0.keyDecodingStrategy = .convertFromSnakeCase })
        #expect(
            error.context?.debugDescription
                == #"Expected a date in seconds since 1970 (the decoder's dateDecodingStrategy is .secondsSince1970, the default) but found "2000-10-01", which looks like an xs:date (a day without a time): set decoder.dateDecodingStrategy = .xmlSchemaDate to read it, at line 3, column 4."#
        )

        let timeError = try #require(
            decodingError(Book.self, xml.replacingOccurrences(of: "2000-10-01", with: "2000-10-01T12:00:00Z")) {
                $0.keyDecodingStrategy = .convertFromSnakeCase
                $0.dateDecodingStrategy = .xmlSchemaDate
            })
        #expect(
            timeError.context?.debugDescription
                == #"Expected an xs:date such as "2000-10-01" (the decoder's dateDecodingStrategy is .xmlSchemaDate) but found "2000-10-01T12:00:00Z": it has a time, which an xs:date does not; it looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .xmlSchemaDateTime to read it, at line 3, column 4."#
        )
    }

    // MARK: Another decoder

    @Test func anotherDecoderReadsTheSameForms() throws {
        // The strategies are closures over the public Decoder API when another decoder runs them.
        struct Through: Decodable {
            var at: Date
            init(from decoder: any Decoder) throws {
                at = try XMLDecoder.DateDecodingStrategy.check(.xmlSchemaDate, with: decoder)
            }
        }
        let json = Data(#""2000-10-01+02:00""#.utf8)
        #expect(
            try JSONDecoder().decode(Through.self, from: json).at == Date(timeIntervalSince1970: Self.october1 - 7200))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Through.self, from: Data(#""2000-02-30""#.utf8))
        }
    }
}

extension XMLDecoder.DateDecodingStrategy {
    /// Runs a `.custom` strategy's closure with `decoder`.
    fileprivate static func check(_ strategy: Self, with decoder: any Decoder) throws -> Date {
        guard case .custom(let closure) = strategy else { throw CancellationError() }
        return try closure(decoder)
    }
}
