// EpochMillisecondsDateFormat: one of the date formats a property can choose with `@Formatted<…>`
// (the family, with an example of each, is described in DateFormats.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Milliseconds since 1970-01-01T00:00:00Z, as JavaScript and Java count them: `784111777250`.
///
/// Writes a whole number of milliseconds (to the nearest one). Reads a decimal number, as
/// ``EpochSecondsDateFormat`` does.
public enum EpochMillisecondsDateFormat: XMLDateFormat {
    /// `a number of milliseconds since 1970 such as "784111777250"`.
    public static var formatDescription: String { #"a number of milliseconds since 1970 such as "784111777250""# }

    /// `784111777250`; `nil` for a date that is not finite.
    public static func string(from value: Date) -> String? {
        EpochNumber.string((value.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date a number of milliseconds after 1970 began.
    public static func value(from text: String) -> Date? {
        EpochNumber.value(from: text).map { Date(timeIntervalSince1970: $0 / 1000) }
    }
}
