// The dates of internet messages, parsed and formatted by hand: HTTP's (RFC 9110 §5.6.7) and
// RFC 822's, as RSS 2.0 uses them for `pubDate` and `lastBuildDate`.
//
// HTTP writes one form, the IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and a recipient reads
// two obsolete ones as well: RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT` and C's asctime
// `Sun Nov  6 08:49:37 1994`. RFC 822 (with RFC 1123's four-digit years, and RFC 5322's reading of
// what RFC 822 got wrong) is looser: the weekday is optional, the day has one or two digits, the
// year two or four, the seconds may be left out, and the zone is a name or an offset:
// `7 Sep 02 00:01 EDT` is 2002-09-07T04:01:00Z.
//
// Both parsers read the text as a short list of tokens with `Scanner`: runs of letters, runs of
// digits, and single punctuation bytes, with runs of spaces or tabs between tokens. Names (days,
// months, zones) are read in any case, as mail and feed readers do, although HTTP senders must
// write them as shown. A weekday must be a day's name but is not checked against the date: feeds
// with a wrong weekday are common, and the date itself is what a reader wants. Every field is
// checked by `CivilCalendar.date`, so `Sat, 30 Feb 2002 …` is refused.
//
// Two-digit years: HTTP's RFC 850 form follows RFC 9110 (a year more than 50 years in the future
// is the most recent past year with those digits: read in 2026, `94` is 1994 and `30` is 2030);
// RFC 822 follows RFC 5322 §4.3 (00–49 are 2000–2049, 50–99 are 1950–1999), which does not
// depend on when the text is read. Military one-letter zones are UTC, as RFC 5322 advises (RFC
// 822 gave them the wrong signs, so no reader can trust them).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal enum InternetDateParsing {
    /// Weekdays and months as written; the parsers compare lowercased words with `names(_:)`.
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let shortWeekdays = names(weekdays)
    static let fullWeekdays = names(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
    static let shortMonths = names(months)
    static let fullMonths = names([
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ])

    private static func names(_ written: [String]) -> [String] { written.map { $0.lowercased() } }

    // MARK: - Writing

    /// `Sun, 06 Nov 1994 08:49:37 ` followed by `zone`, in UTC; `nil` outside the years 1 to 9999.
    static func string(from date: Date, zone: String) -> String? {
        guard let time = CivilCalendar.fields(of: date, precision: .seconds), (1...9999).contains(time.year) else {
            return nil
        }
        let pad = CivilCalendar.digits
        return
            "\(weekdays[time.weekday]), \(pad(time.day, 2)) \(months[time.month - 1]) \(pad(time.year, 4)) "
            + "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2)) \(zone)"
    }

    // MARK: - HTTP-date

    /// Reads an HTTP-date in any of its three forms, a two-digit year relative to `currentYear`.
    static func httpDate(from text: String, currentYear: Int = CivilCalendar.currentYear) -> Date? {
        var scanner = Scanner(text)
        guard let dayName = scanner.word() else { return nil }
        if scanner.skip(",") {
            // IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT` or RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`.
            guard let day = scanner.number(digits: 2...2) else { return nil }
            let year: Int
            let month: Int
            if scanner.skip("-") {
                guard fullWeekdays.contains(dayName), let found = scanner.month(), scanner.skip("-"),
                    let twoDigits = scanner.number(digits: 2...2)
                else {
                    return nil
                }
                month = found
                year = httpYear(twoDigits: twoDigits, currentYear: currentYear)
            } else {
                guard shortWeekdays.contains(dayName), let found = scanner.month(),
                    let fourDigits = scanner.number(digits: 4...4)
                else { return nil }
                month = found
                year = fourDigits
            }
            guard let (hour, minute, second) = scanner.time(secondsRequired: true), scanner.word() == "gmt",
                scanner.isAtEnd
            else { return nil }
            return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: 0)
        }
        // asctime `Sun Nov  6 08:49:37 1994`.
        guard shortWeekdays.contains(dayName), let month = scanner.month(), let day = scanner.number(digits: 1...2),
            let (hour, minute, second) = scanner.time(secondsRequired: true), let year = scanner.number(digits: 4...4),
            scanner.isAtEnd
        else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: 0)
    }

    /// RFC 9110's reading of a two-digit year: the year of the current century with those digits,
    /// or of the one before when that would be more than 50 years in the future.
    static func httpYear(twoDigits: Int, currentYear: Int) -> Int {
        let year = currentYear - currentYear % 100 + twoDigits
        return year > currentYear + 50 ? year - 100 : year
    }

    // MARK: - RFC 822

    /// Reads an RFC 822 date: `[weekday ","] day month year hour ":" minute [":" second] zone`,
    /// then an optional comment in parentheses.
    static func rfc822Date(from text: String) -> Date? {
        var scanner = Scanner(text)
        if let dayName = scanner.word() {
            guard shortWeekdays.contains(dayName) || fullWeekdays.contains(dayName) else { return nil }
            _ = scanner.skip(",")
        }
        guard let day = scanner.number(digits: 1...2), let month = scanner.month(),
            let digits = scanner.numberWithDigitCount(),
            digits.count == 2 || digits.count == 4
        else { return nil }
        let year = digits.count == 4 ? digits.value : digits.value < 50 ? 2000 + digits.value : 1900 + digits.value
        guard let (hour, minute, second) = scanner.time(secondsRequired: false), let offset = scanner.zone() else {
            return nil
        }
        if scanner.skip("(") {
            guard scanner.skipComment() else { return nil }
        }
        guard scanner.isAtEnd else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// The offsets, in hours, of the zone names RFC 822 defines (with `UTC`, which feeds use).
    static let zones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
        "pst": -8, "pdt": -7,
    ]

    /// A date of these formats: years 1 to 9999, every field in range.
    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Date?
    {
        guard (1...9999).contains(year) else { return nil }
        return CivilCalendar.date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// Reads the tokens of a date: words (ASCII letters, lowercased), numbers and punctuation,
    /// spaces and tabs between them skipped.
    struct Scanner {
        private let bytes: [UInt8]
        private var index = 0

        init(_ text: String) {
            bytes = Array(text.utf8)
            skipSpaces()
        }

        var isAtEnd: Bool { index == bytes.count }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }

        /// Skips `character` (and the spaces after it) if it is next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            skipSpaces()
            return true
        }

        /// The next run of ASCII letters, lowercased; `nil` (and nothing read) when there is none.
        mutating func word() -> String? {
            let start = index
            while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"),
                (bytes[index] | 0x20) <= UInt8(ascii: "z")
            { index += 1 }
            guard index > start else { return nil }
            let word = String(decoding: bytes[start..<index].map { $0 | 0x20 }, as: UTF8.self)
            skipSpaces()
            return word
        }

        /// A month's number, from its three-letter abbreviation or its full name.
        mutating func month() -> Int? {
            guard let name = word() else { return nil }
            guard
                let month = InternetDateParsing.shortMonths.firstIndex(of: name)
                    ?? InternetDateParsing.fullMonths.firstIndex(of: name)
            else { return nil }
            return month + 1
        }

        /// The next run of digits and its length (at most 9 digits: no value here needs more).
        mutating func numberWithDigitCount() -> (value: Int, count: Int)? {
            let start = index
            var value = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                guard index - start < 9 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { return nil }
            let count = index - start
            skipSpaces()
            return (value, count)
        }

        /// The next number, if it has an allowed number of digits.
        mutating func number(digits allowed: ClosedRange<Int>) -> Int? {
            guard let (value, count) = numberWithDigitCount(), allowed.contains(count) else { return nil }
            return value
        }

        /// `hh:mm:ss`, or `hh:mm` when seconds are not required (the hour may have one digit).
        mutating func time(secondsRequired: Bool) -> (hour: Int, minute: Int, second: Int)? {
            guard let hour = number(digits: 1...2), skip(":"), let minute = number(digits: 2...2) else { return nil }
            guard skip(":") else { return secondsRequired ? nil : (hour, minute, 0) }
            guard let second = number(digits: 2...2) else { return nil }
            return (hour, minute, second)
        }

        /// An RFC 822 zone as seconds east of UTC: a name, a military letter, or `±hhmm` (or `±hh:mm`).
        mutating func zone() -> Int? {
            if let name = word() {
                if let hours = InternetDateParsing.zones[name] { return hours * 3600 }
                // A military zone: one letter but J.
                return name.count == 1 && name != "j" ? 0 : nil
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
                return nil
            }
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let (first, count) = numberWithDigitCount() else { return nil }
            var (hours, minutes) = (first / 100, first % 100)
            if count == 2 {
                guard skip(":"), let found = number(digits: 2...2) else { return nil }
                (hours, minutes) = (first, found)
            }
            guard count == 2 || count == 4, hours <= 23, minutes <= 59 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        /// Skips a comment's text up to its closing parenthesis (after the opening one).
        mutating func skipComment() -> Bool {
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") { index += 1 }
            return skip(")")
        }
    }
}
