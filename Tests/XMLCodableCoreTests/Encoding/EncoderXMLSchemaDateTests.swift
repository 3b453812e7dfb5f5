// The XML Schema date strategies of the encoder (`.xmlSchemaDate`, `.xmlSchemaDateTime`) and the
// formats of the same forms (`XMLSchemaDateFormat`, `XMLSchemaDateTimeFormat`): the text written,
// dates that have none, and round trips through the decoder's strategies of the same names.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderXMLSchemaDateStrategyTests {
    struct Event: Codable, Equatable { var at: Date }

    static let october1: Double = 970_358_400
    static let noon: Double = october1 + 43_200

    @Test(
        arguments: [
            (october1, "2000-10-01"),
            (october1 + 43_200.5, "2000-10-01"),  // the UTC day the date falls in
            (october1 + 86_399.999, "2000-10-01"),
            (-0.5, "1969-12-31"),
            (1_709_164_800, "2024-02-29"),
            (-62_167_219_200, "0000-01-01"),
            (-62_167_219_200 - 86_400, "-0001-12-31"),
            (253_402_300_799, "9999-12-31"),
        ] as [(Double, String)])
    func xmlSchemaDate(_ seconds: Double, _ text: String) throws {
        let xml = try encodeXML(Event(at: Date(timeIntervalSince1970: seconds)), rootKey: "e") {
            $0.dateEncodingStrategy = .xmlSchemaDate
        }
        #expect(xml == "<e><at>\(text)</at></e>")
    }

    @Test(
        arguments: [
            (noon, "2000-10-01T12:00:00Z"),
            (noon + 0.5, "2000-10-01T12:00:00.5Z"),
            (noon + 0.25, "2000-10-01T12:00:00.25Z"),
            (noon + 0.125, "2000-10-01T12:00:00.125Z"),
            (noon + 0.001, "2000-10-01T12:00:00.001Z"),
            (noon + 0.000_4, "2000-10-01T12:00:00Z"),  // to the nearest millisecond
            (noon + 0.999_6, "2000-10-01T12:00:01Z"),
            (october1 - 0.5, "2000-09-30T23:59:59.5Z"),
            (-0.001, "1969-12-31T23:59:59.999Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (-62_167_219_200, "0000-01-01T00:00:00Z"),
            (-62_167_219_200 - 1, "-0001-12-31T23:59:59Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ] as [(Double, String)])
    func xmlSchemaDateTime(_ seconds: Double, _ text: String) throws {
        let xml = try encodeXML(Event(at: Date(timeIntervalSince1970: seconds)), rootKey: "e") {
            $0.dateEncodingStrategy = .xmlSchemaDateTime
        }
        #expect(xml == "<e><at>\(text)</at></e>")
    }

    @Test func attributesListsAndOptionals() throws {
        struct Log: Codable, Equatable {
            @Attribute var day: Date
            var at: [Date]
            var missing: Date?
        }
        let log = Log(
            day: Attribute(Date(timeIntervalSince1970: Self.october1)), at: [Date(timeIntervalSince1970: Self.noon)],
            missing: nil)
        try roundTrip(
            log, expectedXML: #"<log day="2000-10-01"><at>2000-10-01T12:00:00Z</at></log>"#, rootKey: "log",
            encoder: {
                $0.dateEncodingStrategy = .custom { date, encoder in
                    // The day as a date, the times as times: the strategies by hand.
                    let strategy: XMLEncoder.DateEncodingStrategy =
                        encoder.codingPath.last?.stringValue == "day" ? .xmlSchemaDate : .xmlSchemaDateTime
                    guard case .custom(let closure) = strategy else { return }
                    try closure(date, encoder)
                }
            },
            decoder: {
                $0.dateDecodingStrategy = .custom { decoder in
                    let strategy: XMLDecoder.DateDecodingStrategy =
                        decoder.codingPath.last?.stringValue == "day" ? .xmlSchemaDate : .xmlSchemaDateTime
                    guard case .custom(let closure) = strategy else { throw CancellationError() }
                    return try closure(decoder)
                }
            })
    }

    @Test func cdataStringsDoNotMakeDatesCDATA() throws {
        let xml = try encodeXML(Event(at: Date(timeIntervalSince1970: Self.noon)), rootKey: "e") {
            $0.dateEncodingStrategy = .xmlSchemaDateTime
            $0.stringEncodingStrategy = .cdata
        }
        #expect(xml == "<e><at>2000-10-01T12:00:00Z</at></e>")
    }

    @Test(arguments: [1e13, -1e12, -377_705_116_800.0 - 1, 253_402_300_800.0, .infinity, .nan])
    func datesWithoutText(_ seconds: Double) throws {
        for strategy in [XMLEncoder.DateEncodingStrategy.xmlSchemaDate, .xmlSchemaDateTime] {
            let error = try #require(
                encodingError(
                    Event(at: Date(timeIntervalSince1970: seconds)), configure: { $0.dateEncodingStrategy = strategy }))
            guard case .invalidValue(_, let context) = error else {
                Issue.record("expected invalidValue, got \(error)")
                continue
            }
            #expect(pathStrings(context.codingPath) == ["at"])
            #expect(
                context.debugDescription.contains("its year is not between -9999 and 9999"),
                "\(context.debugDescription)")
        }
    }

    // MARK: Round trips

    /// Dates on whole milliseconds, from -9999 to 9999, and the edges of days, years and leap days.
    static let millisecondDates: [Double] = {
        var generator = SplitMix64(seed: 0x5EED_DA7E)
        var dates: [Double] = [
            0, -0.001, 0.001, october1, noon + 0.5, 951_782_400 - 0.001, 951_782_400, 951_868_800 - 0.001,
            1_709_164_800,
            -62_167_219_200, -62_167_219_200 - 0.001, 253_402_300_799.999, -377_705_116_800,
        ]
        for _ in 0..<500 {
            let milliseconds = Int64.random(in: -377_705_116_800_000...253_402_300_799_999, using: &generator)
            dates.append(Double(milliseconds) / 1000)
        }
        return dates
    }()

    @Test func xmlSchemaDateTimeRoundTripsToTheMillisecond() throws {
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .xmlSchemaDateTime
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .xmlSchemaDateTime
        for seconds in Self.millisecondDates {
            let date = Date(timeIntervalSince1970: seconds)
            let xml = try encoder.encodeToString(Event(at: date), withRootKey: "e")
            let decoded = try decoder.decode(Event.self, from: Data(xml.utf8))
            // To the millisecond: the text is the nearest millisecond…
            #expect(abs(decoded.at.timeIntervalSince1970 - seconds) <= 0.000_5 + 2 * seconds.ulp, "\(xml)")
            // …and what was read from a text is written as that text, and read as that date again.
            let again = try encoder.encodeToString(decoded, withRootKey: "e")
            #expect(again == xml)
            #expect(try decoder.decode(Event.self, from: Data(again.utf8)) == decoded, "\(xml)")
        }
    }

    @Test func xmlSchemaDateRoundTripsMidnightsExactly() throws {
        for seconds in Self.millisecondDates {
            let midnight = (seconds / 86_400).rounded(.down) * 86_400
            try roundTrip(
                Event(at: Date(timeIntervalSince1970: midnight)), rootKey: "e",
                encoder: { $0.dateEncodingStrategy = .xmlSchemaDate },
                decoder: { $0.dateDecodingStrategy = .xmlSchemaDate })
        }
    }

    @Test func theISO8601StrategyReadsWhatXMLSchemaDateTimeWrites() throws {
        let date = Date(timeIntervalSince1970: Self.noon + 0.25)
        let xml = try encodeXML(Event(at: date), rootKey: "e") { $0.dateEncodingStrategy = .xmlSchemaDateTime }
        #expect(try decode(Event.self, xml) { $0.dateDecodingStrategy = .iso8601 }.at == date)
    }

    // MARK: Formats per property

    struct Stamped: Codable, Equatable {
        @Formatted<XMLSchemaDateFormat> var day: Date
        @Formatted<XMLSchemaDateTimeFormat> var at: Date
        @OptionalFormatted<XMLSchemaDateFormat> var until: Date?
    }

    @Test func formats() throws {
        let value = Stamped(
            day: Date(timeIntervalSince1970: Self.october1), at: Date(timeIntervalSince1970: Self.noon + 0.125),
            until: nil)
        try roundTrip(value, expectedXML: "<f><day>2000-10-01</day><at>2000-10-01T12:00:00.125Z</at></f>", rootKey: "f")
        let read = try decode(Stamped.self, "<f><day>2000-10-01+02:00</day><at>2000-10-01T12:00:00</at><until/></f>")
        #expect(read.day == Date(timeIntervalSince1970: Self.october1 - 7200))
        #expect(read.at == Date(timeIntervalSince1970: Self.noon))
        #expect(read.until == nil)
        let error = try #require(
            decodingError(Stamped.self, "<f><day>2023-02-29</day><at>2000-10-01T12:00:00</at></f>"))
        #expect(error.fullPath == ["day"])
        #expect(
            error.context?.debugDescription.contains(
                #"Expected an xs:date such as "2000-10-01" but found "2023-02-29""#) == true)
        #expect(XMLSchemaDateFormat.value(from: "2000-10-01T00:00:00Z") == nil)
        #expect(XMLSchemaDateTimeFormat.value(from: "2000-10-01") == nil)
        #expect(XMLSchemaDateTimeFormat.string(from: Date(timeIntervalSince1970: 1e13)) == nil)
    }
}
