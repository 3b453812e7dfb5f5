// ISO8601DateFormat: one of the date formats a property can choose with `@Formatted<…>` (the
// family, with an example of each, is described in DateFormats.swift).

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
