// The decoder's XML Schema date strategies, `.xmlSchemaDate` and `.xmlSchemaDateTime`, and the
// date reading of tree values (`XMLTree.Value`), which reads them too.
//
//     decoder.dateDecodingStrategy = .xmlSchemaDate
//     // <publish_date>2000-10-01</publish_date>       2000-10-01T00:00:00Z
//     // <publish_date>2000-10-01+02:00</publish_date> 2000-09-30T22:00:00Z (midnight two hours east)
//     decoder.dateDecodingStrategy = .xmlSchemaDateTime
//     // <at>2000-10-01T12:00:00.25</at>               12:00:00.25 UTC (no zone: UTC)
//
// They are static properties that return `.custom` strategies, as `formatted(_:)` is, rather than
// new cases of the enum: a `switch` over a strategy written against XMLCoder's cases keeps
// compiling. The closures reach into the decoder running them (`XMLDecoderImpl`), so a date that
// does not read throws `dataCorrupted` with the coding path, the line and column, and why
// (`February 2023 has 28 days`), and with a hint when the text is in another form (see
// XMLDecoderImpl+DateHints.swift). The forms themselves are XSDDateTime's.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLDecoder.DateDecodingStrategy {
    /// XML Schema's `xs:date`: a day, `2000-10-01`, with an optional zone (`Z`, `+hh:mm`,
    /// `-hh:mm`). The date is the first instant of that day in that zone; without a zone, in UTC.
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .xmlSchemaDate
    /// // <published>2000-10-01</published>        2000-10-01T00:00:00Z
    /// // <published>2000-10-01+02:00</published>  2000-09-30T22:00:00Z
    /// ```
    ///
    /// Years are four digits, -9999 to 9999 (0000 is 1 BCE). XML white space around the text is
    /// ignored. Text in another form, or a day that does not exist (`2023-02-29`), throws
    /// `DecodingError.dataCorrupted` saying why, with the line and column. (A `.custom` strategy:
    /// it matches no `case` pattern.)
    public static var xmlSchemaDate: Self { xmlSchema(.date) }

    /// XML Schema's `xs:dateTime`: `2000-10-01T12:00:00`, with an optional fraction of a second of
    /// any length (`.5`, `.125`, `.123456789`) and an optional zone (`Z`, `+hh:mm`, `-hh:mm`).
    /// Without a zone, the time is read in UTC.
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .xmlSchemaDateTime
    /// // <at>2000-10-01T12:00:00Z</at>          12:00 UTC
    /// // <at>2000-10-01T12:00:00.5+02:00</at>   10:00:00.5 UTC
    /// // <at>2000-10-01T12:00:00</at>           12:00 UTC (no zone)
    /// // <at>2000-10-01T24:00:00</at>           2000-10-02T00:00:00Z (the end of the day)
    /// ```
    ///
    /// `T` and `Z` are upper case, as the schema writes them; years are four digits, -9999 to
    /// 9999; there are no leap seconds. XML white space around the text is ignored. Text in
    /// another form (a day without a time, a space for `T`, `+0200` for `+02:00`) or a time that
    /// does not exist throws `DecodingError.dataCorrupted` saying why, with the line and column.
    /// (A `.custom` strategy: it matches no `case` pattern.)
    public static var xmlSchemaDateTime: Self { xmlSchema(.dateTime) }

    /// The strategy that reads one of the schema's forms.
    private static func xmlSchema(_ form: XSDDateTime.Form) -> Self {
        let strategy: DateHints.Strategy = form == .date ? .xmlSchemaDate : .xmlSchemaDateTime
        return .custom { decoder in
            if let decoder = decoder as? XMLDecoderImpl {
                return try decoder.date(reading: { text in
                    XSDDateTime.date(from: text, as: form).mapError {
                        DateReadingFailure(strategy: strategy, reason: $0.reason)
                    }
                })
            }
            // Only ever run by XMLDecoder; another decoder gets the same reading by public means.
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            switch XSDDateTime.date(from: text, as: form) {
            case .success(let date): return date
            case .failure(let failure):
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: DateHints.message(
                        text: DateHints.trimmed(text), strategy: strategy, reason: failure.reason))
            }
        }
    }

    /// How a tree value reads a date when no decoder is given (`XMLTree.Value.defaultDecoder`):
    /// a number as seconds since 1970 (as the decoder's default strategy reads it), an
    /// `xs:dateTime` (with or without a zone), an `xs:date`, or what `.iso8601` reads. The forms
    /// do not overlap, so every text the default strategy reads means the same date here.
    static var treeDefault: Self {
        .custom { decoder in
            guard let decoder = decoder as? XMLDecoderImpl else {
                let container = try decoder.singleValueContainer()
                return try container.decode(Date.self)
            }
            return try decoder.date(reading: { text in
                if let seconds = EpochNumber.value(from: text) { return .success(Date(timeIntervalSince1970: seconds)) }
                if case .success(let date) = XSDDateTime.date(from: text, as: .dateTime) { return .success(date) }
                if case .success(let date) = XSDDateTime.date(from: text, as: .date) { return .success(date) }
                if let date = ISO8601Parsing.date(from: text) { return .success(date) }
                return .failure(DateReadingFailure(strategy: .tree, reason: nil))
            })
        }
    }
}

/// Why a date strategy did not read a text: the strategy, for the message, and the reason when
/// it knows one.
internal struct DateReadingFailure: Error {
    var strategy: DateHints.Strategy
    var reason: String?
}

extension XMLDecoderImpl {
    /// The current value's text (XML white space around it removed) as a date, by `read`; its
    /// failure becomes `dataCorrupted` at the value, with the hints of `DateHints`.
    func date(reading read: (String) -> Result<Date, DateReadingFailure>) throws -> Date {
        try checkInUse()
        let path = codingPathNode
        let value = self.value
        let text = try withText(value, expecting: Date.self, path: path) {
            ScalarParsing.trimmed($0).string
        }
        switch read(text) {
        case .success(let date): return date
        case .failure(let failure):
            throw dateMismatch(text, strategy: failure.strategy, reason: failure.reason, at: value, path: path)
        }
    }
}
