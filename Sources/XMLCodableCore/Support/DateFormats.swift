// The date formats a property can choose with `@Formatted<…>`: ISO 8601 (whole seconds, or
// milliseconds), seconds or milliseconds since 1970, HTTP-date and RFC 822 (RSS).
//
// Each is a caseless enum whose two functions call the hand-written parsers and formatters
// (ISO8601Parsing, InternetDateParsing, ScalarParsing for numbers; calendar arithmetic in
// CivilCalendar), so no `DateFormatter`, locale or time zone is involved and every format reads
// exactly the text it writes. One date in every format, `Date(timeIntervalSince1970:
// 784_111_777.25)`:
//
//     ISO8601DateFormat            1994-11-06T08:49:37Z              (the second it falls in)
//     ISO8601FractionalDateFormat  1994-11-06T08:49:37.250Z
//     EpochSecondsDateFormat       784111777.25                      (784111777 for a whole second)
//     EpochMillisecondsDateFormat  784111777250
//     HTTPDateFormat               Sun, 06 Nov 1994 08:49:37 GMT
//     RFC822DateFormat             Sun, 06 Nov 1994 08:49:37 +0000
//
// The calendar formats write years 1 to 9999 (ISO 8601 also 0000); for other dates they write
// nothing and the encoder throws. The epoch formats write any finite date.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 (RFC 3339, XML Schema's `xs:dateTime`) in UTC to the second: `2026-11-26T07:10:00Z`.
///
/// Writes the second the date falls in (a fraction is dropped). Reads a date and time with `T`
/// (or a space) between them, any fraction of a second, and `Z` or an offset:
/// `2026-11-26T08:10:00.5+01:00`. A date without a time, or one that does not exist
/// (`2026-02-30T00:00:00Z`), is refused.
public enum ISO8601DateFormat: XMLDateFormat {
    /// `an ISO 8601 date and time such as "2026-11-26T07:10:00Z"`.
    public static var formatDescription: String { #"an ISO 8601 date and time such as "2026-11-26T07:10:00Z""# }

    /// `2026-11-26T07:10:00Z`; `nil` for a year before 0000 or after 9999.
    public static func string(from value: Date) -> String? { ISO8601Parsing.string(from: value, fraction: .none) }

    /// The date of an ISO 8601 date and time, with any fraction and offset.
    public static func value(from text: String) -> Date? { ISO8601Parsing.date(from: text) }
}

/// ISO 8601 in UTC to the millisecond: `2026-11-26T07:10:00.123Z`.
///
/// Writes three digits of the second, to the nearest millisecond, always (`.000` for a whole
/// second). Reads what ``ISO8601DateFormat`` reads.
public enum ISO8601FractionalDateFormat: XMLDateFormat {
    /// `an ISO 8601 date and time with milliseconds such as "2026-11-26T07:10:00.123Z"`.
    public static var formatDescription: String { #"an ISO 8601 date and time with milliseconds such as "2026-11-26T07:10:00.123Z""# }

    /// `2026-11-26T07:10:00.123Z`; `nil` for a year before 0000 or after 9999.
    public static func string(from value: Date) -> String? { ISO8601Parsing.string(from: value, fraction: .milliseconds) }

    /// The date of an ISO 8601 date and time, with any fraction and offset.
    public static func value(from text: String) -> Date? { ISO8601Parsing.date(from: text) }
}

/// Seconds since 1970-01-01T00:00:00Z (Unix time): `784111777`, `784111777.25`.
///
/// Writes a whole second without a fraction (`784111777`, not `784111777.0`), and otherwise the
/// shortest decimal of `timeIntervalSince1970`, which reads back as the same number of seconds
/// since 1970. (A `Date` counts from 2001: converting between the two epochs rounds, so a date with
/// a fraction of a second may read back a few hundred nanoseconds off, as under JSONEncoder's
/// `.secondsSince1970`.) Reads a decimal number: an optional sign,
/// digits, a fraction, an exponent (`7.84111777e8`). Infinities, NaN, and numbers too large for a
/// `Double` are refused.
public enum EpochSecondsDateFormat: XMLDateFormat {
    /// `a number of seconds since 1970 such as "784111777"`.
    public static var formatDescription: String { #"a number of seconds since 1970 such as "784111777""# }

    /// `784111777`; `nil` for a date that is not finite.
    public static func string(from value: Date) -> String? { EpochNumber.string(value.timeIntervalSince1970) }

    /// The date a number of seconds after 1970 began.
    public static func value(from text: String) -> Date? { EpochNumber.value(from: text).map { Date(timeIntervalSince1970: $0) } }
}

/// Milliseconds since 1970-01-01T00:00:00Z, as JavaScript and Java count them: `784111777250`.
///
/// Writes a whole number of milliseconds (to the nearest one). Reads a decimal number, as
/// ``EpochSecondsDateFormat`` does.
public enum EpochMillisecondsDateFormat: XMLDateFormat {
    /// `a number of milliseconds since 1970 such as "784111777250"`.
    public static var formatDescription: String { #"a number of milliseconds since 1970 such as "784111777250""# }

    /// `784111777250`; `nil` for a date that is not finite.
    public static func string(from value: Date) -> String? { EpochNumber.string((value.timeIntervalSince1970 * 1000).rounded()) }

    /// The date a number of milliseconds after 1970 began.
    public static func value(from text: String) -> Date? { EpochNumber.value(from: text).map { Date(timeIntervalSince1970: $0 / 1000) } }
}

/// HTTP's date (RFC 9110), as in `Last-Modified` and `Expires`: `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// Writes the IMF-fixdate form, in GMT, to the second, for the years 1 to 9999. Reads it and the
/// two obsolete forms HTTP recipients must accept: RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT`
/// (a two-digit year more than 50 years in the future is taken to be in the past century) and
/// asctime's `Sun Nov  6 08:49:37 1994`. Day and month names are read in any case; the weekday
/// must be a weekday's name but is not checked against the date.
public enum HTTPDateFormat: XMLDateFormat {
    /// `an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT"`.
    public static var formatDescription: String { #"an HTTP-date such as "Sun, 06 Nov 1994 08:49:37 GMT""# }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`; `nil` for a year before 1 or after 9999.
    public static func string(from value: Date) -> String? { InternetDateParsing.string(from: value, zone: "GMT") }

    /// The date of an HTTP-date in any of its three forms.
    public static func value(from text: String) -> Date? { InternetDateParsing.httpDate(from: text) }
}

/// RFC 822's date, as RSS 2.0 uses it for `pubDate`: `Sat, 07 Sep 2002 00:00:01 +0000`.
///
/// Writes RFC 5322's form, in UTC as `+0000`, to the second, for the years 1 to 9999. Reads the
/// forms found in feeds and mail: the weekday optional, the day with one or two digits, the year
/// with two (`02` is 2002, `98` is 1998) or four, the seconds optional, and the zone as `GMT`,
/// `UT`, `UTC`, `Z`, a North American zone (`EST`, `EDT`, `CST`, `CDT`, `MST`, `MDT`, `PST`,
/// `PDT`), a military letter (taken as UTC, as RFC 5322 advises), or an offset `+hhmm`/`-hhmm`;
/// a comment in parentheses may follow. `Sat, 07 Sep 2002 00:00:01 GMT` and
/// `7 Sep 02 00:00:01 EDT` are read; names in any case.
public enum RFC822DateFormat: XMLDateFormat {
    /// `an RFC 822 date such as "Sat, 07 Sep 2002 00:00:01 +0000"`.
    public static var formatDescription: String { #"an RFC 822 date such as "Sat, 07 Sep 2002 00:00:01 +0000""# }

    /// `Sat, 07 Sep 2002 00:00:01 +0000`; `nil` for a year before 1 or after 9999.
    public static func string(from value: Date) -> String? { InternetDateParsing.string(from: value, zone: "+0000") }

    /// The date of an RFC 822 date and time.
    public static func value(from text: String) -> Date? { InternetDateParsing.rfc822Date(from: text) }
}

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
        guard let number = text.withUTF8({ ScalarParsing.floatingPoint(UnsafeRawBufferPointer($0), as: Double.self) }), number.isFinite else { return nil }
        return number
    }
}
