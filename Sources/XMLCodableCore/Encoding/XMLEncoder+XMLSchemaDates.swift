// The encoder's XML Schema date strategies, `.xmlSchemaDate` and `.xmlSchemaDateTime`: dates
// written in UTC in the forms the decoder's strategies of the same names read.
//
//     encoder.dateEncodingStrategy = .xmlSchemaDate
//     // Date(timeIntervalSince1970: 970_358_400)      <published>2000-10-01</published>
//     encoder.dateEncodingStrategy = .xmlSchemaDateTime
//     // Date(timeIntervalSince1970: 970_401_600.25)   <at>2000-10-01T12:00:00.25Z</at>
//
// Static properties returning `.custom` strategies, as `formatted(_:)` is, so that XMLCoder's
// cases stay the enum's cases. The text is written as the built-in strategies write theirs:
// plain text, never CDATA, in elements and attributes alike. A date whose year is outside -9999
// to 9999 has no such text and throws `EncodingError.invalidValue` with the coding path.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder.DateEncodingStrategy {
    /// XML Schema's `xs:date`: the day the date falls in, in UTC, without a zone:
    /// `2000-10-01`.
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .xmlSchemaDate
    /// // Date(timeIntervalSince1970: 970_358_400) is written <published>2000-10-01</published>
    /// ```
    ///
    /// The time of day is not written: ``XMLDecoder/DateDecodingStrategy/xmlSchemaDate`` reads
    /// the text back as midnight UTC, so a date at midnight UTC round-trips exactly, and any other
    /// comes back as the start of its UTC day. A year outside -9999 to 9999 throws
    /// `EncodingError.invalidValue`. (A `.custom` strategy: it matches no `case` pattern.)
    public static var xmlSchemaDate: Self { xmlSchema(.date) }

    /// XML Schema's `xs:dateTime` in UTC: `2000-10-01T12:00:00Z`, with the fraction of a second
    /// when the date has one, to the nearest millisecond and without trailing zeros
    /// (`2000-10-01T12:00:00.25Z`), as the schema's canonical form writes it.
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .xmlSchemaDateTime
    /// // Date(timeIntervalSince1970: 970_401_600.25) is written <at>2000-10-01T12:00:00.25Z</at>
    /// ```
    ///
    /// ``XMLDecoder/DateDecodingStrategy/xmlSchemaDateTime`` (and `.iso8601`) read the text back
    /// to the same millisecond: a date with whole milliseconds round-trips exactly. A year
    /// outside -9999 to 9999 throws `EncodingError.invalidValue`. (A `.custom` strategy: it
    /// matches no `case` pattern.)
    public static var xmlSchemaDateTime: Self { xmlSchema(.dateTime) }

    /// The strategy that writes one of the schema's forms.
    private static func xmlSchema(_ form: XSDDateTime.Form) -> Self {
        .custom { date, encoder in
            guard let text = XSDDateTime.string(from: date, as: form) else {
                throw XSDDateTime.unrepresentable(date, as: form, codingPath: encoder.codingPath)
            }
            guard let encoder = encoder as? XMLEncoderImpl else {
                // Only ever run by XMLEncoder; another encoder gets the text by public means.
                var container = encoder.singleValueContainer()
                try container.encode(text)
                return
            }
            try encoder.writeDateText(text)
        }
    }
}
