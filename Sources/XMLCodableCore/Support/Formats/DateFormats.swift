// DateFormats: an overview of the date formats (one file each beside this one) and the number
// text the epoch formats share.
//
// The date formats a property can choose with `@Formatted<…>`: ISO 8601 (whole seconds, or
// milliseconds), XML Schema's xs:dateTime and xs:date, seconds or milliseconds since 1970,
// HTTP-date and RFC 822 (RSS).
//
// Each is a caseless enum whose two functions call the hand-written parsers and formatters
// (ISO8601Parsing, XSDDateTime, InternetDateParsing, ScalarParsing for numbers; calendar
// arithmetic in CivilCalendar), so no `DateFormatter`, locale or time zone is involved and every format reads
// exactly the text it writes. One date in every format, `Date(timeIntervalSince1970:
// 784_111_777.25)`:
//
//     ISO8601DateFormat            1994-11-06T08:49:37Z              (the second it falls in)
//     ISO8601FractionalDateFormat  1994-11-06T08:49:37.250Z
//     XMLSchemaDateTimeFormat      1994-11-06T08:49:37.25Z           (the schema's canonical form)
//     XMLSchemaDateFormat          1994-11-06                        (the UTC day it falls in)
//     EpochSecondsDateFormat       784111777.25                      (784111777 for a whole second)
//     EpochMillisecondsDateFormat  784111777250
//     HTTPDateFormat               Sun, 06 Nov 1994 08:49:37 GMT
//     RFC822DateFormat             Sun, 06 Nov 1994 08:49:37 +0000
//
// The calendar formats write years 1 to 9999 (ISO 8601 also 0000, XML Schema -9999 to 9999,
// 0000 being 1 BCE); for other dates they write nothing and the encoder throws. The epoch
// formats write any finite date.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The number text of the epoch formats.
internal enum EpochNumber {
    /// A finite number: a whole one in integer digits, any other as Swift's shortest decimal.
    static func string(_ number: Double) -> String? {
        guard number.isFinite else { return nil }
        if number == number.rounded(), abs(number) < 9e18 { return String(Int64(number)) }
        return number.description
    }

    /// A finite number in xs:double's lexical form (no infinities, NaN or hexadecimal).
    static func value(from text: String) -> Double? {
        var text = text
        guard let number = text.withUTF8({ ScalarParsing.floatingPoint(UncheckedBytes($0), as: Double.self) }),
            number.isFinite
        else { return nil }
        return number
    }
}
