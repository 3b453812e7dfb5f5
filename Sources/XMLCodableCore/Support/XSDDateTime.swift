// XML Schema's dates, parsed and written by hand: `xs:date` and `xs:dateTime` (XML Schema 1.1
// Part 2, §3.3.9 and §3.3.7), the forms behind the `.xmlSchemaDate` and `.xmlSchemaDateTime`
// strategies and the `XMLSchemaDateFormat` and `XMLSchemaDateTimeFormat` formats.
//
//     xs:date      -?YYYY-MM-DD[zone]                         2000-10-01, 2000-10-01Z, 2000-10-01+02:00
//     xs:dateTime  -?YYYY-MM-DDThh:mm:ss[.s…][zone]           2000-10-01T12:00:00, 2000-10-01T12:00:00.25-05:00
//     zone         Z, +hh:mm or -hh:mm, at most 14:00
//
// The lexical forms are read as the schema writes them, and nothing looser: `T` and `Z` in upper
// case, a colon in the zone, two digits for every field but the year, which has four (years -9999
// to 9999; 0000 is 1 BCE, as in ISO 8601 and XML Schema 1.1). XML white space around the text is
// ignored, as for every number the decoder reads; white space inside it is refused. Every field
// is checked and the message says which one is wrong: `2023-02-29` is refused because February
// 2023 has 28 days, `25:00:00` because there is no hour 25. `24:00:00` (with no fraction) is the
// end of the day, the first instant of the next one, as both versions of XML Schema allow. There
// are no leap seconds (`23:59:60` is refused, as the schema refuses it). A fraction of a second
// may have any number of digits; the first 18 count.
//
// A value without a zone is read in UTC. (The schema leaves it "local" to some unknown place; a
// `Date` is an instant, and UTC is the reading that does not depend on the machine.)
//
// Worked example: `2000-10-01+02:00` has the fields 2000, 10, 1 and a zone two hours east of UTC.
// 2000-10-01 is day 11 231 after 1970-01-01 (`CivilCalendar.daysFromCivil`), so midnight UTC that
// day is 11 231 × 86 400 = 970 358 400 seconds since 1970; midnight two hours east of UTC came
// 7 200 seconds earlier: 970 351 200, which is 2000-09-30T22:00:00Z. Written back, a date is in
// UTC: `xs:dateTime` writes `2000-09-30T22:00:00Z` (a fraction only when the date has one, to
// the nearest millisecond, without trailing zeros: `…:00.5Z`), and `xs:date` writes the UTC day
// the date falls in, without a zone: `2000-09-30`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal enum XSDDateTime {
    /// Which of the two schema types.
    enum Form: Sendable {
        /// `xs:date`: `2000-10-01`, with an optional zone.
        case date
        /// `xs:dateTime`: `2000-10-01T12:00:00`, with an optional fraction and zone.
        case dateTime

        /// The schema's name of the type: `xs:date`.
        var typeName: String { self == .date ? "xs:date" : "xs:dateTime" }

        /// An example of the form, for messages.
        var example: String { self == .date ? "2000-10-01" : "2000-10-01T12:00:00Z" }
    }

    /// Why a text is not a date of the form asked for: a phrase that completes "… but found
    /// "text": ", such as `February 2023 has 28 days`.
    struct Failure: Error, Equatable, Sendable {
        let reason: String
        /// Whether the text has the form's shape and a field is out of its range (`2023-02-29`,
        /// `25:00:00`), rather than being some other text.
        var isFieldError = false
    }

    /// The years that are read and written.
    static let years = -9999...9999

    /// The date a text stands for, or why it stands for none.
    static func date(from text: String, as form: Form) -> Result<Date, Failure> {
        var text = text
        return text.withUncheckedUTF8 { date(from: $0, as: form) }
    }

    /// The date bytes of UTF-8 text stand for (XML white space around them ignored).
    static func date(from raw: UncheckedBytes, as form: Form) -> Result<Date, Failure> {
        let bytes = ScalarParsing.trimmed(raw)
        let count = bytes.count
        var i = 0
        func failure(_ reason: String) -> Result<Date, Failure> { .failure(Failure(reason: reason)) }
        func fieldFailure(_ reason: String) -> Result<Date, Failure> {
            .failure(Failure(reason: reason, isFieldError: true))
        }
        let shape =
            form == .date
            ? "it is not of the form YYYY-MM-DD, with an optional zone (Z, +hh:mm or -hh:mm)"
            : "it is not of the form YYYY-MM-DDThh:mm:ss, with an optional fraction of a second and zone (Z, "
                + "+hh:mm or -hh:mm)"
        func digit(at position: Int) -> Int? {
            guard position < count else { return nil }
            let d = Int(bytes[unchecked: position]) - 48
            return d >= 0 && d <= 9 ? d : nil
        }
        func number(_ digits: Int) -> Int? {
            var value = 0
            for k in 0..<digits {
                guard let d = digit(at: i + k) else { return nil }
                value = value * 10 + d
            }
            i += digits
            return value
        }
        func skip(_ byte: Unicode.Scalar) -> Bool {
            guard i < count, bytes[unchecked: i] == UInt8(ascii: byte) else { return false }
            i += 1
            return true
        }
        guard count > 0 else { return failure("the text is empty") }

        // The year: four digits, or a minus and four digits.
        let negative = skip("-")
        let yearStart = i
        var year = 0
        while let d = digit(at: i) {
            if i - yearStart < 9 { year = year * 10 + d }
            i += 1
        }
        let yearDigits = i - yearStart
        guard yearDigits >= 4 else { return failure(shape) }
        guard yearDigits == 4 else {
            // The schema writes a longer year without leading zeros; this reader stops at 9999.
            if bytes[unchecked: yearStart] == UInt8(ascii: "0") { return failure(shape) }
            return fieldFailure("years beyond 9999 are not read")
        }
        if negative {
            guard year != 0 else { return failure("-0000 is not a year (0000 is 1 BCE, -0001 is 2 BCE)") }
            year = -year
        }
        guard skip("-"), let month = number(2), skip("-"), let day = number(2) else { return failure(shape) }

        // The time, for xs:dateTime.
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0.0
        switch form {
        case .date:
            if i < count, bytes[unchecked: i] == UInt8(ascii: "T") {
                return failure("it has a time, which an xs:date does not")
            }
        case .dateTime:
            guard skip("T") else {
                let atZone =
                    i == count || bytes[unchecked: i] == UInt8(ascii: "Z") || bytes[unchecked: i] == UInt8(ascii: "+")
                    || bytes[unchecked: i] == UInt8(ascii: "-")
                return failure(atZone ? "it has no time (Thh:mm:ss after the day), which an xs:dateTime needs" : shape)
            }
            guard let h = number(2), skip(":"), let m = number(2), skip(":"), let s = number(2) else {
                return failure(shape)
            }
            (hour, minute, second) = (h, m, s)
            if skip(".") {
                // The first 18 digits as an integer, divided once by their power of ten (so `.1`
                // is the Double nearest 0.1); later digits are below any precision of a Date.
                var numerator = 0
                var scale = 1.0
                var digits = 0
                while let d = digit(at: i) {
                    if digits < 18 {
                        numerator = numerator * 10 + d
                        scale *= 10
                    }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return failure("a decimal point in the seconds needs digits after it") }
                // Eighteen nines round to 1.0 in binary: the fraction stays within its second.
                fraction = min(Double(numerator) / scale, 1.0.nextDown)
            }
        }

        // The zone.
        var offset = 0
        let zone = "a zone is Z, +hh:mm or -hh:mm, at most 14:00 away from UTC"
        if i < count {
            if skip("Z") {
                // UTC.
            } else if bytes[unchecked: i] == UInt8(ascii: "+") || bytes[unchecked: i] == UInt8(ascii: "-") {
                let sign = bytes[unchecked: i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let zoneHours = number(2), skip(":"), let zoneMinutes = number(2), zoneMinutes <= 59,
                    zoneHours * 60 + zoneMinutes <= 14 * 60
                else { return failure(zone) }
                offset = sign * (zoneHours * 3600 + zoneMinutes * 60)
            } else {
                return failure(shape)
            }
        }
        guard i == count else { return failure(shape) }

        // Every field in its range, with the reason when one is not.
        guard (1...12).contains(month) else { return fieldFailure("there is no month \(month)") }
        let days = CivilCalendar.daysInMonth(year: year, month: month)
        guard day >= 1, day <= days else {
            if day == 0 { return fieldFailure("there is no day 0") }
            return fieldFailure(
                month == 2 ? "February \(year) has \(days) days" : "\(monthNames[month - 1]) has \(days) days")
        }
        if hour == 24 {
            guard minute == 0, second == 0, fraction == 0 else {
                return fieldFailure("24:00:00 is the only time with hour 24 (the end of the day)")
            }
        } else {
            guard hour <= 23 else { return fieldFailure("there is no hour \(hour)") }
        }
        guard minute <= 59 else { return fieldFailure("there is no minute \(minute)") }
        guard second <= 59 else { return fieldFailure("there is no second \(second) (XML Schema has no leap seconds)") }
        guard
            let date = CivilCalendar.date(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
                offset: offset)
        else { return failure(shape) }
        return .success(date)
    }

    /// The names of the months, for messages.
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The text of a date in UTC: `2000-10-01` (the day the date falls in) or
    /// `2000-10-01T12:00:00Z` (with `.5`, `.25` or `.125` before the `Z` for a date with a
    /// fraction of a second, to the nearest millisecond); `nil` for a year outside -9999 to 9999,
    /// or a date that is not finite.
    static func string(from date: Date, as form: Form) -> String? {
        guard let time = CivilCalendar.fields(of: date, precision: form == .date ? .seconds : .milliseconds),
            years.contains(time.year)
        else {
            return nil
        }
        let pad = CivilCalendar.digits
        let year = time.year < 0 ? "-" + pad(-time.year, 4) : pad(time.year, 4)
        let day = "\(year)-\(pad(time.month, 2))-\(pad(time.day, 2))"
        guard form == .dateTime else { return day }
        var text = "\(day)T\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))"
        if time.millisecond != 0 {
            var milliseconds = pad(time.millisecond, 3)
            while milliseconds.hasSuffix("0") { milliseconds.removeLast() }
            text += "." + milliseconds
        }
        return text + "Z"
    }

    /// The error for a date `string(from:as:)` cannot write.
    static func unrepresentable(_ date: Date, as form: Form, codingPath: [any CodingKey]) -> EncodingError {
        // The interval, not the date: printing a Date that is not finite traps in Foundation.
        EncodingError.invalidValue(
            date.timeIntervalSince1970,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "The date \(date.timeIntervalSince1970) seconds since 1970 has no \(form.typeName) form: "
                    + "its year is not between -9999 and 9999, or it is not finite."
            ))
    }
}
