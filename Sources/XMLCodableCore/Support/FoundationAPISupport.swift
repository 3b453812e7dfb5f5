// What the XMLCodable module builds its Foundation-only API on: the core links FoundationEssentials
// only, so `DateFormatter` and `FileHandle` cannot appear here. These entry points take what those
// types provide (a parsing or formatting closure, a file descriptor) and are `package`: visible to
// the XMLCodable module, not to users, so the public API is the one XMLCodable always had.
//
//     // In the XMLCodable module:
//     public static func formatted(_ formatter: DateFormatter) -> Self {
//         .parsingText { formatter.date(from: $0) }
//     }
//
// The strategies they make are `.custom` ones that reach into the decoder or encoder running them,
// so that they behave exactly as the former `formatted` cases did: the same text read (trimmed as
// `trimValueWhitespaces` says), the same error with its line and column, and the date written as
// text, never as CDATA whatever `stringEncodingStrategy` says. (A closure written against the
// public `Decoder`/`Encoder` API could do neither.)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLDecoder.DateDecodingStrategy {
    /// Dates read from the value's text by `parse`; text it returns `nil` for is refused with
    /// `DecodingError.dataCorrupted`, "Date string "…" does not match the format expected by the
    /// formatter", at the value's line and column (what `formatted(DateFormatter)` does).
    package static func parsingText(_ parse: @escaping @Sendable (String) -> Date?) -> Self {
        .custom { decoder in
            guard let decoder = decoder as? XMLDecoderImpl else {
                // Only ever run by XMLDecoder; another decoder gets the same check by public means.
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = parse(text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: XMLDecoderImpl.unmatchedDateMessage(text))
                }
                return date
            }
            return try decoder.date(parsing: parse)
        }
    }
}

extension XMLEncoder.DateEncodingStrategy {
    /// Dates written as the text `format` makes of them (what `formatted(DateFormatter)` does).
    package static func writingText(_ format: @escaping @Sendable (Date) -> String) -> Self {
        .custom { date, encoder in
            guard let encoder = encoder as? XMLEncoderImpl else {
                var container = encoder.singleValueContainer()
                try container.encode(format(date))
                return
            }
            try encoder.writeDateText(format(date))
        }
    }
}

extension XMLDecoderImpl {
    /// The message for a date whose text the formatter does not read.
    static func unmatchedDateMessage(_ text: String) -> String {
        "Date string \"\(text)\" does not match the format expected by the formatter"
    }

    /// The current value's text as a date, by `parse`.
    func date(parsing parse: (String) -> Date?) throws -> Date {
        try checkInUse()
        let path = codingPathNode
        let text = try string(value, path: path)
        guard let date = parse(text) else {
            throw dataCorrupted(Self.unmatchedDateMessage(text), at: value, path: path)
        }
        return date
    }
}

extension XMLEncoderImpl {
    /// Writes a date's text into the current target, as text (not CDATA), as the encoder writes
    /// the text of the strategies it knows (`iso8601`, the numbers).
    func writeDateText(_ text: String) throws {
        try checkInUse()
        try writeText(try checkedSpan(text, path: codingPathNode), cdata: false)
    }
}
