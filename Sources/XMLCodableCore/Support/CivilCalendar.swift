// Calendar arithmetic for the date formats written by hand (ISO 8601, HTTP-date, RFC 822):
// proleptic Gregorian dates in UTC, converted to and from seconds since 1970 with the
// days-from-civil and civil-from-days algorithms of Howard Hinnant's date library.
//
// A text format parses its fields and hands them to `date(year:month:day:…)`, which checks every
// field (1994-02-29 and 25:00:00 are refused, not rolled over into March or the next day) and does
// the arithmetic once; to write, it asks `fields(of:precision:)` for the fields of a date in UTC.
// Worked example: `Sun, 06 Nov 1994 08:49:37 GMT` has the fields 1994, 11, 6, 8, 49, 37;
// 1994-11-06 is day 9075 after 1970-01-01, so the date is 9075 × 86 400 + 8 × 3600 + 49 × 60 + 37
// = 784 111 777 seconds since 1970; and back, day 9075 is a Sunday ((9075 + 4) mod 7 = 0, as
// 1970-01-01 was a Thursday).
//
// Foundation's `Calendar` and `DateFormatter` are not used: they are not in FoundationEssentials,
// and their locale and time-zone machinery is what a fixed, English, UTC format must avoid.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal enum CivilCalendar {
    /// The calendar fields of a date in UTC.
    struct Fields: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        /// Milliseconds (0 at `.seconds` precision).
        var millisecond: Int
        /// 0 for Sunday … 6 for Saturday.
        var weekday: Int
    }

    /// How finely `fields(of:precision:)` reads a date.
    enum Precision {
        /// The second the date falls in (the fraction is dropped, as a clock shows it).
        case seconds
        /// The nearest millisecond (so that a date read from `.123` is written `.123` again,
        /// although its binary value is slightly below or above it).
        case milliseconds
    }

    /// Seconds since 1970 beyond which `fields(of:)` gives up: about 31 million years, far past
    /// every format's range, and small enough that no arithmetic below can overflow.
    static let maximumInterval = 1e15

    /// The fields of a date in UTC; `nil` for a date whose interval is not finite or is beyond
    /// `maximumInterval`.
    static func fields(of date: Date, precision: Precision) -> Fields? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) <= maximumInterval else { return nil }
        var seconds = Int(interval.rounded(.down))
        var millisecond = 0
        if precision == .milliseconds {
            millisecond = Int(((interval - Double(seconds)) * 1000).rounded())
            if millisecond == 1000 {
                seconds += 1
                millisecond = 0
            }
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        let weekday = ((days % 7) + 7 + 4) % 7
        return Fields(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60,
            millisecond: millisecond, weekday: weekday)
    }

    /// The date of UTC calendar fields, less `offset` seconds (a time zone's offset east of UTC);
    /// `nil` when a field is out of its range: month 1–12, day within the month, hour 0–23 (or
    /// 24:00:00 exactly, the end of the day), minute 0–59, second 0–60 (a leap second is the
    /// first second of the next minute).
    static func date(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double = 0, offset: Int = 0
    ) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        guard (0...59).contains(minute), (0...60).contains(second), fraction >= 0, fraction < 1 else { return nil }
        guard (0...23).contains(hour) || (hour == 24 && minute == 0 && second == 0 && fraction == 0) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(
            timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction)
    }

    /// Whether a year of the proleptic Gregorian calendar has a 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month (1–12) of a year.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a number of days since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The current year in UTC (for two-digit years read relative to the present).
    static var currentYear: Int {
        fields(of: Date(), precision: .seconds)?.year ?? 2000
    }

    /// A non-negative number in decimal, padded with zeros to `width` digits.
    static func digits(_ value: Int, width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
