// Dates that explain themselves: the error for a date's text that the date strategy does not
// read names the strategy, says what the text looks like, and which setting reads it.
//
// Worked example: with the default strategy (seconds since 1970),
// `<publish_date>2000-10-01</publish_date>` on line 3 of a document, indented by two spaces, used
// to fail with "Expected to decode Double but found "2000-10-01", which is not a number". The text
// is classified (`DateHints.kind(of:)`: a number, an ISO 8601 date and time, an xs:dateTime
// without a zone, an xs:date, an RFC 822 or HTTP date, a date-shaped text with a field out of
// range, or something else), and the message becomes
//
//     Expected a date in seconds since 1970 (the decoder's dateDecodingStrategy is
//     .secondsSince1970, the default) but found "2000-10-01", which looks like an xs:date (a day
//     without a time): set decoder.dateDecodingStrategy = .xmlSchemaDate to read it, at line 3,
//     column 4.
//
// The error keeps its kind (`dataCorrupted`), its coding path and its line and column; only the
// description changes. A text the strategy should have read (a number under the number
// strategies, say one too large for a Double) keeps the error it had. None of this runs unless a
// date has already failed: the paths that read dates successfully, and every other value, are
// untouched.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal enum DateHints {
    /// The date strategies whose errors explain themselves.
    enum Strategy: Equatable {
        case secondsSince1970
        case millisecondsSince1970
        case deferredToDate
        case iso8601
        case xmlSchemaDate
        case xmlSchemaDateTime
        /// How ``XMLTree/Value`` reads a date without a decoder (`XMLTree.Value.defaultDecoder`).
        case tree

        /// What the strategy reads, with its name: the start of the message.
        var expectation: String {
            guard self != .tree else {
                return
                    #"Expected a date, as a tree reads one without a decoder: an xs:dateTime such as "#
                    + #""2000-10-01T12:00:00Z", an xs:date such as "2000-10-01", or a number of seconds since "#
                    + #"1970,"#
            }
            let isDefault = self == .secondsSince1970 ? ", the default" : ""
            return "Expected \(words.reads) (the decoder's dateDecodingStrategy is \(setting)\(isDefault))"
        }

        /// The setting that chooses the strategy: `.xmlSchemaDate`.
        var setting: String { words.setting }

        /// What the strategy reads, as its message says it, and the setting that chooses it; for
        /// `.tree`, which no setting chooses and whose message is its own, nothing.
        private var words: (reads: String, setting: String) {
            switch self {
            case .secondsSince1970: return ("a date in seconds since 1970", ".secondsSince1970")
            case .millisecondsSince1970: return ("a date in milliseconds since 1970", ".millisecondsSince1970")
            case .deferredToDate:
                return ("a date in Date's own Decodable form, a number of seconds since 2001-01-01", ".deferredToDate")
            case .iso8601: return (#"an ISO 8601 date and time such as "2000-10-01T12:00:00Z""#, ".iso8601")
            case .xmlSchemaDate: return (#"an xs:date such as "2000-10-01""#, ".xmlSchemaDate")
            case .xmlSchemaDateTime: return (#"an xs:dateTime such as "2000-10-01T12:00:00Z""#, ".xmlSchemaDateTime")
            case .tree: return ("", "")
            }
        }

        var isXMLSchema: Bool { self == .xmlSchemaDate || self == .xmlSchemaDateTime }
    }

    /// What a date's text looks like.
    enum Kind: Equatable {
        case empty
        /// A number, as the number strategies read it.
        case number
        /// A date and time, read by `.iso8601` (with a zone), by `.xmlSchemaDateTime` (in the
        /// schema's form, with or without a zone), or both.
        case dateTime(iso8601: Bool, xmlSchema: Bool, hasZone: Bool)
        /// An xs:date.
        case date
        /// An RFC 822 date (RSS).
        case rfc822
        /// An HTTP-date.
        case httpDate
        /// The shape of an xs:date or xs:dateTime with a field out of range.
        case invalid(typeName: String, reason: String)
        case unknown
    }

    /// What `text` (trimmed of XML white space) looks like.
    static func kind(of text: String) -> Kind {
        if text.isEmpty { return .empty }
        // Any number, also one too large for a Double (whose error says so already).
        var number = text
        if number.withUTF8({ ScalarParsing.floatingPoint(UncheckedBytes($0), as: Double.self) }) != nil {
            return .number
        }
        let dateTime = XSDDateTime.date(from: text, as: .dateTime)
        let iso8601 = ISO8601Parsing.date(from: text) != nil
        if case .success = dateTime {
            // A zone is the last thing: `Z`, or `+hh:mm` / `-hh:mm` (six bytes).
            let bytes = Array(text.utf8)
            let hasZone =
                bytes.last == UInt8(ascii: "Z")
                || (bytes.count >= 6
                    && (bytes[bytes.count - 6] == UInt8(ascii: "+") || bytes[bytes.count - 6] == UInt8(ascii: "-")))
            return .dateTime(iso8601: iso8601, xmlSchema: true, hasZone: hasZone)
        }
        if iso8601 { return .dateTime(iso8601: true, xmlSchema: false, hasZone: true) }
        let date = XSDDateTime.date(from: text, as: .date)
        if case .success = date { return .date }
        if InternetDateParsing.httpDate(from: text) != nil { return .httpDate }
        if InternetDateParsing.rfc822Date(from: text) != nil { return .rfc822 }
        if case .failure(let failure) = dateTime, failure.isFieldError {
            return .invalid(typeName: "xs:dateTime", reason: failure.reason)
        }
        if case .failure(let failure) = date, failure.isFieldError {
            return .invalid(typeName: "xs:date", reason: failure.reason)
        }
        return .unknown
    }

    /// The strategy that reads a kind of text, when one does; `nil` for the tree's reading (which
    /// has none to set) and kinds no strategy reads.
    static func strategy(reading kind: Kind, besides current: Strategy) -> Strategy? {
        switch kind {
        case .number: return current == .tree ? nil : .secondsSince1970
        case .dateTime(let iso8601, let xmlSchema, _):
            return xmlSchema && (current.isXMLSchema || !iso8601) ? .xmlSchemaDateTime : .iso8601
        case .date: return .xmlSchemaDate
        default: return nil
        }
    }

    /// The message for a date's text that `strategy` does not read; `reason` is why, when the
    /// strategy knows (the XML Schema strategies do). The decoder adds the location.
    static func message(text: String, strategy: Strategy, reason: String? = nil) -> String {
        var message = strategy.expectation + " but found " + quoted(text)
        let kind = Self.kind(of: text)
        if let reason, kind != .empty { message += ": " + reason }
        let looks: String
        switch kind {
        case .empty:
            return message + " (a Date? property reads an empty element as nil)"
        case .number:
            looks = "a number"
        case .dateTime(_, _, let hasZone):
            looks = hasZone ? "an ISO 8601 date and time" : "an xs:dateTime without a zone"
        case .date:
            looks = "an xs:date (a day without a time)"
        case .rfc822, .httpDate:
            let format = kind == .rfc822 ? "RFC822DateFormat" : "HTTPDateFormat"
            let name = kind == .rfc822 ? "an RFC 822 date (as RSS writes them)" : "an HTTP-date"
            let fix =
                strategy == .tree
                ? "read it with \(format).value(from:), or pass a decoder that reads it (value(Date.self, using: "
                    + "decoder))"
                : "declare the property @Formatted<\(format)> var …: Date to read it, or set "
                    + "decoder.dateDecodingStrategy = .formatted(formatter) with a DateFormatter"
            return message + (reason == nil ? ", which" : "; it") + " looks like \(name): " + fix
        case .invalid(let typeName, let invalid):
            if reason != nil || strategy.isXMLSchema { return message }
            return message + ", which looks like an \(typeName), but " + invalid
        case .unknown:
            if strategy == .tree {
                return message
                    + "; to read another format, pass a decoder whose dateDecodingStrategy reads it "
                    + "(value(Date.self, using: decoder))"
            }
            return message
                + (reason == nil ? ", which is in no date format the decoder knows" : "")
                + "; for a format of your own, set decoder.dateDecodingStrategy = .formatted(formatter) with a "
                + "DateFormatter, or .custom"
        }
        guard let fix = Self.strategy(reading: kind, besides: strategy), fix != strategy else { return message }
        var hint =
            (reason == nil ? ", which" : "; it") + (kind == .number ? " is " : " looks like ") + looks
            + ": set decoder.dateDecodingStrategy = "
        hint += fix.setting
        if fix == .secondsSince1970 { hint += " (or .millisecondsSince1970 for milliseconds)" }
        return message + hint + " to read it"
    }

    /// The text without the XML white space around it.
    static func trimmed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { ScalarParsing.trimmed(UncheckedBytes($0)).string }
    }

    /// The text in quotes, for messages (at most 40 characters).
    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
    }
}

extension XMLDecoderImpl {
    /// The error for a date `strategy` did not read: `error`, the error the strategy threw, with
    /// the description `DateHints` writes (same kind, coding path and location). A text the
    /// strategy should have read (a number, under the number strategies), or a value that is not
    /// text, keeps `error` as it is.
    @inline(never)
    func dateMismatch(_ error: DecodingError, strategy: DateHints.Strategy, at value: XMLValue, path: CodingPathNode)
        -> DecodingError
    {
        guard case .dataCorrupted(let context) = error,
            let text = try? withText(
                value, expecting: String.self, path: path,
                { ScalarParsing.trimmed($0).string }),
            DateHints.kind(of: text) != .number
        else { return error }
        return .dataCorrupted(
            DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: DateHints.message(text: text, strategy: strategy) + ", at \(location(of: value)).",
                underlyingError: context.underlyingError))
    }

    /// The error for a date's text that `strategy` did not read, `reason` saying why when known.
    @inline(never)
    func dateMismatch(
        _ text: String, strategy: DateHints.Strategy, reason: String? = nil, at value: XMLValue, path: CodingPathNode
    ) -> DecodingError {
        dataCorrupted(
            DateHints.message(text: DateHints.trimmed(text), strategy: strategy, reason: reason), at: value, path: path)
    }
}
