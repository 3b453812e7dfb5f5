// EpochSecondsDateFormat: one of the date formats a property can choose with `@Formatted<…>` (the
// family, with an example of each, is described in DateFormats.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    public static func value(from text: String) -> Date? {
        EpochNumber.value(from: text).map { Date(timeIntervalSince1970: $0) }
    }
}
