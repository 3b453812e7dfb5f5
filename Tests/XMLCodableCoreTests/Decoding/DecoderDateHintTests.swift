// Dates that explain themselves: a date's text the strategy does not read throws an error that
// names the strategy, says what the text looks like and which setting reads it, and keeps the
// kind, the coding path and the line and column it always had.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderDateHintTests {
    struct Book: Decodable {
        var publishDate: Date
        enum CodingKeys: String, CodingKey { case publishDate = "publish_date" }
    }

    /// The error of decoding a `Book` whose `publish_date` is `text`, on line 3.
    private func error(
        _ text: String, configure: (XMLDecoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> (error: DecodingError, description: String)
    {
        let xml = "<book>\n  <title>XML Developer's Guide</title>\n  <publish_date>\(text)</publish_date>\n</book>"
        let found = decodingError(Book.self, xml, configure: configure)
        let error = try #require(found, sourceLocation: sourceLocation)
        #expect(error.kind == "dataCorrupted", sourceLocation: sourceLocation)
        #expect(error.fullPath == ["publish_date"], sourceLocation: sourceLocation)
        #expect(error.reportedLine == 3, "\(error.debugDescription)", sourceLocation: sourceLocation)
        return (error, error.context?.debugDescription ?? "")
    }

    @Test func theNewcomersDateUnderTheDefaultStrategy() throws {
        let (_, description) = try error("2000-10-01")
        #expect(
            description
                == #"Expected a date in seconds since 1970 (the decoder's dateDecodingStrategy is .secondsSince1970, the default) but found "2000-10-01", which looks like an xs:date (a day without a time): set decoder.dateDecodingStrategy = .xmlSchemaDate to read it, at line 3, column 4."#
        )
        // And the fix works.
        let book = try decode(
            Book.self, "<book><publish_date>2000-10-01</publish_date></book>",
            configure: { $0.dateDecodingStrategy = .xmlSchemaDate })
        #expect(book.publishDate == Date(timeIntervalSince1970: 970_358_400))
    }

    @Test(arguments: [
        (
            "2000-10-01T12:00:00Z",
            "which looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .iso8601 to read it"
        ),
        (
            "2000-10-01T12:00:00.5+02:00",
            "which looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .iso8601 to read it"
        ),
        (
            "2000-10-01 12:00:00Z",
            "which looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .iso8601 to read it"
        ),
        (
            "2000-10-01T12:00:00",
            "which looks like an xs:dateTime without a zone: set decoder.dateDecodingStrategy = .xmlSchemaDateTime to read it"
        ),
        (
            "-0044-03-15T12:00:00Z",
            "which looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .xmlSchemaDateTime to read it"
        ),
        (
            "2000-10-01+02:00",
            "which looks like an xs:date (a day without a time): set decoder.dateDecodingStrategy = .xmlSchemaDate to read it"
        ),
        (
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "which looks like an HTTP-date: declare the property @Formatted<HTTPDateFormat> var …: Date to read it"
        ),
        (
            "7 Sep 2002 00:01 EDT",
            "which looks like an RFC 822 date (as RSS writes them): declare the property @Formatted<RFC822DateFormat>"
        ),
        ("2023-02-29", "which looks like an xs:date, but February 2023 has 28 days"),
        ("2023-02-29T10:00:00Z", "which looks like an xs:dateTime, but February 2023 has 28 days"),
        (
            "next Tuesday",
            "which is in no date format the decoder knows; for a format of your own, set decoder.dateDecodingStrategy = .formatted(formatter)"
        ),
        ("", #"but found "" (a Date? property reads an empty element as nil)"#),
    ])
    func hintsUnderTheDefaultStrategy(_ text: String, _ hint: String) throws {
        let (_, description) = try error(text)
        #expect(
            description.hasPrefix(
                "Expected a date in seconds since 1970 (the decoder's dateDecodingStrategy is .secondsSince1970, the default)"
            ))
        #expect(description.contains(hint), "\(description)")
        #expect(description.hasSuffix(", at line 3, column 4."), "\(description)")
    }

    @Test func aNumberTooLargeKeepsItsError() throws {
        let (_, description) = try error("1e400")
        #expect(description.contains("does not fit in Double"), "\(description)")
    }

    @Test func theOtherNumberStrategies() throws {
        let (_, milliseconds) = try error("2000-10-01") { $0.dateDecodingStrategy = .millisecondsSince1970 }
        #expect(
            milliseconds.hasPrefix(
                "Expected a date in milliseconds since 1970 (the decoder's dateDecodingStrategy is .millisecondsSince1970)"
            ))
        #expect(milliseconds.contains("set decoder.dateDecodingStrategy = .xmlSchemaDate to read it"))

        let (_, deferred) = try error("2000-10-01T12:00:00Z") { $0.dateDecodingStrategy = .deferredToDate }
        #expect(
            deferred.hasPrefix("Expected a date in Date's own Decodable form, a number of seconds since 2001-01-01"))
        #expect(deferred.contains("(the decoder's dateDecodingStrategy is .deferredToDate)"))
        #expect(deferred.contains("set decoder.dateDecodingStrategy = .iso8601 to read it"))
    }

    @Test(arguments: [
        (
            "2000-10-01",
            "which looks like an xs:date (a day without a time): set decoder.dateDecodingStrategy = .xmlSchemaDate to read it"
        ),
        (
            "2000-10-01T12:00:00",
            "which looks like an xs:dateTime without a zone: set decoder.dateDecodingStrategy = .xmlSchemaDateTime to read it"
        ),
        (
            "970358400",
            "which is a number: set decoder.dateDecodingStrategy = .secondsSince1970 (or .millisecondsSince1970 for milliseconds) to read it"
        ),
        ("2000-10-01T25:00:00Z", "which looks like an xs:dateTime, but there is no hour 25"),
    ])
    func hintsUnderISO8601(_ text: String, _ hint: String) throws {
        let (_, description) = try error(text) { $0.dateDecodingStrategy = .iso8601 }
        #expect(
            description.hasPrefix(
                #"Expected an ISO 8601 date and time such as "2000-10-01T12:00:00Z" (the decoder's dateDecodingStrategy is .iso8601) but found ""#
            ))
        #expect(description.contains(hint), "\(description)")
    }

    @Test func hintsBetweenTheXMLSchemaStrategies() throws {
        let (_, date) = try error("2000-10-01T12:00:00Z") { $0.dateDecodingStrategy = .xmlSchemaDate }
        #expect(
            date
                == #"Expected an xs:date such as "2000-10-01" (the decoder's dateDecodingStrategy is .xmlSchemaDate) but found "2000-10-01T12:00:00Z": it has a time, which an xs:date does not; it looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .xmlSchemaDateTime to read it, at line 3, column 4."#
        )
        let (_, dateTime) = try error("2000-10-01") { $0.dateDecodingStrategy = .xmlSchemaDateTime }
        #expect(
            dateTime
                == #"Expected an xs:dateTime such as "2000-10-01T12:00:00Z" (the decoder's dateDecodingStrategy is .xmlSchemaDateTime) but found "2000-10-01": it has no time (Thh:mm:ss after the day), which an xs:dateTime needs; it looks like an xs:date (a day without a time): set decoder.dateDecodingStrategy = .xmlSchemaDate to read it, at line 3, column 4."#
        )
        let (_, spaced) = try error("2000-10-01 12:00:00Z") { $0.dateDecodingStrategy = .xmlSchemaDateTime }
        #expect(
            spaced.contains(
                "; it looks like an ISO 8601 date and time: set decoder.dateDecodingStrategy = .iso8601 to read it"),
            "\(spaced)")
        let (_, number) = try error("970358400") { $0.dateDecodingStrategy = .xmlSchemaDate }
        #expect(number.contains("; it is a number: set decoder.dateDecodingStrategy = .secondsSince1970"), "\(number)")
        let (_, invalid) = try error("2023-02-29") { $0.dateDecodingStrategy = .xmlSchemaDate }
        #expect(
            invalid.hasSuffix(#"but found "2023-02-29": February 2023 has 28 days, at line 3, column 4."#), "\(invalid)"
        )
    }

    @Test func attributesAndListsKeepTheirPathsAndPlaces() throws {
        struct Shelf: Decodable { var dates: [Date] }
        let listError = try #require(
            decodingError(Shelf.self, "<shelf>\n<dates>1</dates>\n<dates>2000-10-01</dates>\n</shelf>"))
        #expect(listError.kind == "dataCorrupted")
        #expect(listError.fullPath == ["dates", "1"])
        #expect(listError.reportedLine == 3)
        #expect(listError.context?.debugDescription.contains(".xmlSchemaDate") == true)

        let attributeError = try #require(decodingError(Book.self, "<book\n  publish_date=\"2000-10-01\"/>"))
        #expect(attributeError.kind == "dataCorrupted")
        #expect(attributeError.fullPath == ["publish_date"])
        #expect(attributeError.reportedLine == 2)
        #expect(attributeError.context?.debugDescription.contains(".xmlSchemaDate") == true)
    }

    @Test func anElementWithChildrenIsStillATypeMismatch() throws {
        let error = try #require(decodingError(Book.self, "<book><publish_date><y>2000</y></publish_date></book>"))
        #expect(error.kind == "typeMismatch")
        #expect(error.fullPath == ["publish_date"])
    }
}
