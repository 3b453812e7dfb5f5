// ISO8601FractionalDateFormat: one of the date formats a property can choose with `@Formatted<…>`
// (the family, with an example of each, is described in DateFormats.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 in UTC to the millisecond: `2026-11-26T07:10:00.123Z`.
///
/// Writes three digits of the second, to the nearest millisecond, always (`.000` for a whole
/// second). Reads what ``ISO8601DateFormat`` reads.
public enum ISO8601FractionalDateFormat: XMLDateFormat {
    /// `an ISO 8601 date and time with milliseconds such as "2026-11-26T07:10:00.123Z"`.
    public static var formatDescription: String {
        #"an ISO 8601 date and time with milliseconds such as "2026-11-26T07:10:00.123Z""#
    }

    /// `2026-11-26T07:10:00.123Z`; `nil` for a year before 0000 or after 9999.
    public static func string(from value: Date) -> String? {
        ISO8601Parsing.string(from: value, fraction: .milliseconds)
    }

    /// The date of an ISO 8601 date and time, with any fraction and offset.
    public static func value(from text: String) -> Date? { ISO8601Parsing.date(from: text) }
}
