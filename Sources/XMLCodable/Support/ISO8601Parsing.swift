// ISO 8601 dates parsed and formatted by hand: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
//
// Foundation's ISO8601DateFormatter is a class with locale machinery; creating one per value is
// slow and sharing one across tasks is not safe. The subset of ISO 8601 that XML Schema's
// xs:dateTime uses is small enough to parse directly, with the days-from-civil computation of
// Howard Hinnant's date algorithms.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal enum ISO8601Parsing {
    /// Parses `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or an offset `±HH:MM` (or `±HHMM`).
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(from: UnsafeRawBufferPointer($0)) }
    }

    static func date(from raw: UnsafeRawBufferPointer) -> Date? {
        let bytes = ScalarParsing.trimmed(raw)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let d = Int(bytes[i]) - 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
                i += 1
            }
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")), let day = number(2),
            i < bytes.count, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: " ")
        else { return nil }
        i += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2) else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else { return nil }
        var fraction = 0.0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
            i += 1
            var scale = 0.1
            var digits = 0
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                fraction += Double(bytes[i] - 48) * scale
                scale /= 10
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "Z") || bytes[i] == UInt8(ascii: "z") {
            i += 1
        } else if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let offsetMinutes = number(2), offsetHours <= 23, offsetMinutes <= 59 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard i == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
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

    /// Formats a date as `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC), with milliseconds only when the date has a fraction.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = Int(interval.rounded(.down))
        var millis = Int(((interval - Double(seconds)) * 1000).rounded())
        if millis == 1000 {
            seconds += 1
            millis = 0
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
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
}
