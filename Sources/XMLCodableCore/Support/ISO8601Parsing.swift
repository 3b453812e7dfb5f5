// ISO 8601 dates parsed and formatted by hand: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
//
// Foundation's ISO8601DateFormatter is a class with locale machinery; creating one per value is
// slow and sharing one across tasks is not safe. The subset of ISO 8601 that XML Schema's
// xs:dateTime uses is small enough to parse directly; the calendar arithmetic (and the check that
// the day exists: 2024-02-30 is refused) is `CivilCalendar`'s. Used by the `.iso8601` date
// strategies and by the per-property formats `ISO8601DateFormat` and
// `ISO8601FractionalDateFormat`, which differ only in how many digits of the second they write:
// 2024-05-01T12:30:00.125Z is written `…:00.125Z` (`.whenPresent`, the strategy), `…:00Z`
// (`.none`) or `…:00.125Z` (`.milliseconds`, which writes `…:00.000Z` for a whole second).
// Years 0000 to 9999 are written; another year has no four-digit form, so nothing is written.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal enum ISO8601Parsing {
    /// Parses `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or an offset `±HH:MM` (or `±HHMM`).
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUncheckedUTF8 { date(from: $0) }
    }

    static func date(from raw: UncheckedBytes) -> Date? {
        let bytes = ScalarParsing.trimmed(raw)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let d = Int(bytes[unchecked: i]) - 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
                i += 1
            }
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < bytes.count, bytes[unchecked: i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2),
            i < bytes.count,
            bytes[unchecked: i] == UInt8(ascii: "T") || bytes[unchecked: i] == UInt8(ascii: "t")
                || bytes[unchecked: i] == UInt8(ascii: " ")
        else { return nil }
        i += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if i < bytes.count, bytes[unchecked: i] == UInt8(ascii: ".") || bytes[unchecked: i] == UInt8(ascii: ",") {
            i += 1
            // The first 18 digits as an integer, divided once by their power of ten (so `.123` is
            // the Double nearest 0.123, as `123 / 1000` is); later digits are below any precision.
            var numerator = 0
            var scale = 1.0
            var digits = 0
            while i < bytes.count, bytes[unchecked: i] >= 48, bytes[unchecked: i] <= 57 {
                if digits < 18 {
                    numerator = numerator * 10 + Int(bytes[unchecked: i] - 48)
                    scale *= 10
                }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            // Eighteen nines round to 1.0 in binary: the fraction stays within its second.
            fraction = min(Double(numerator) / scale, 1.0.nextDown)
        }
        var offset = 0
        guard i < bytes.count else { return nil }
        if bytes[unchecked: i] == UInt8(ascii: "Z") || bytes[unchecked: i] == UInt8(ascii: "z") {
            i += 1
        } else if bytes[unchecked: i] == UInt8(ascii: "+") || bytes[unchecked: i] == UInt8(ascii: "-") {
            let sign = bytes[unchecked: i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let offsetMinutes = number(2), offsetHours <= 23, offsetMinutes <= 59 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard i == bytes.count else { return nil }
        return CivilCalendar.date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
            offset: offset)
    }

    /// How many digits of the second `string(from:fraction:)` writes.
    enum Fraction {
        /// Milliseconds when the date has a fraction of a second (to the nearest millisecond),
        /// none for a whole second: the `.iso8601` strategy's form.
        case whenPresent
        /// None: the second the date falls in.
        case none
        /// Always milliseconds (`.000` for a whole second).
        case milliseconds
    }

    /// Formats a date as `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC); `nil` when its year is not 0000 to
    /// 9999 (or it is not a finite date).
    static func string(from date: Date, fraction: Fraction = .whenPresent) -> String? {
        guard let time = CivilCalendar.fields(of: date, precision: fraction == .none ? .seconds : .milliseconds),
            (0...9999).contains(time.year)
        else {
            return nil
        }
        let pad = CivilCalendar.digits
        var text = "\(pad(time.year, 4))-\(pad(time.month, 2))-\(pad(time.day, 2))"
        text += "T\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))"
        if fraction == .milliseconds || (fraction == .whenPresent && time.millisecond != 0) {
            text += "." + pad(time.millisecond, 3)
        }
        return text + "Z"
    }

    /// The error for a date `string(from:)` cannot write, under the `.iso8601` strategy.
    static func unrepresentable(_ date: Date, codingPath: [any CodingKey]) -> EncodingError {
        // The interval, not the date: printing a Date that is not finite traps in Foundation.
        EncodingError.invalidValue(
            date.timeIntervalSince1970,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "The date \(date.timeIntervalSince1970) seconds since 1970 has no ISO 8601 form with a "
                    + "four-digit year (years 0000 to 9999)."
            ))
    }
}
