// RFC822DateFormat: one of the date formats a property can choose with `@Formatted<…>` (the family,
// with an example of each, is described in DateFormats.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
