// A text format for one kind of value, chosen per property: the protocols `XMLValueFormat`,
// `XMLDateFormat` and `XMLDataFormat`, and how a format's value is read and written by the coders.
//
// A format is a type with two static functions, from a value to its text and back; it has no
// instances and no state, so the property wrappers that use it (`Formatted`, `OptionalFormatted`)
// name it as a generic argument and cost nothing to store. The XML coders use the format's text,
// whatever their own strategies say; any other coder (JSONEncoder, PropertyListEncoder…) gets the
// bare value, through a single-value container, so that its own strategies apply as if the
// wrapper were not there. Worked example, with `HTTPDateFormat`:
//
//     XMLEncoder:  Date(timeIntervalSince1970: 784_111_777) → <modified>Sun, 06 Nov 1994 08:49:37 GMT</modified>
//     JSONEncoder: the same date → "modified":-194195423 (Date's own form: seconds since 2001),
//                  or whatever JSONEncoder's dateEncodingStrategy writes
//
// The XML coders are recognised by their concrete `Decoder` and `Encoder` classes, which every
// XML decoding and encoding call hands to `init(from:)` and `encode(to:)` (top level, keyed, list
// items, super encoders). A format's text is written like a number: as plain text, never as
// CDATA, and read with XML white space around it ignored. Text that is not in the format throws
// `DecodingError.dataCorrupted`, saying what was expected and what was found (the XML decoder
// adds the line and column); a value the format cannot write throws `EncodingError.invalidValue`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A text form of a value, which a property can be written and read in with the XML coders,
/// whatever their strategies.
///
/// A format is a type, usually a caseless enum, named as the generic argument of the property
/// wrappers ``Formatted`` and ``OptionalFormatted``:
///
/// ```swift
/// struct Item: Codable {
///     @Formatted<RFC822DateFormat> var pubDate: Date
///     @Formatted<HexDataFormat> var checksum: Data
/// }
/// ```
///
/// The library's formats conform to ``XMLDateFormat`` (``ISO8601DateFormat``,
/// ``ISO8601FractionalDateFormat``, ``XMLSchemaDateTimeFormat``, ``XMLSchemaDateFormat``,
/// ``EpochSecondsDateFormat``, ``EpochMillisecondsDateFormat``,
/// ``HTTPDateFormat``, ``RFC822DateFormat``) or ``XMLDataFormat`` (``Base64DataFormat``,
/// ``HexDataFormat``). A format of your own needs only the two conversions:
///
/// ```swift
/// enum DayFormat: XMLDateFormat {
///     static func string(from date: Date) -> String? {
///         ISO8601DateFormat.string(from: date).map { String($0.prefix(10)) }   // 2024-05-01
///     }
///     static func value(from text: String) -> Date? {
///         ISO8601DateFormat.value(from: text + "T00:00:00Z")
///     }
/// }
/// ```
///
/// With ``XMLEncoder`` and ``XMLDecoder`` a wrapped property is the format's text; with any other
/// coder it is the bare value, under that coder's own strategies.
public protocol XMLValueFormat {
    /// The type of the values the format writes and reads.
    associatedtype Value: Codable

    /// What the format's text looks like, for error messages: `an HTTP-date such as "Sun, 06 Nov
    /// 1994 08:49:37 GMT"`. By default, the format type's name.
    static var formatDescription: String { get }

    /// The text of a value; `nil` when the format cannot represent it (the encoder then throws
    /// `EncodingError.invalidValue`).
    static func string(from value: Value) -> String?

    /// The value a text stands for; `nil` when the text is not in the format (the decoder then
    /// throws `DecodingError.dataCorrupted`). XML white space around the text is removed before
    /// the decoder calls this.
    static func value(from text: String) -> Value?
}

extension XMLValueFormat {
    /// The format type's name: `text in the MyFormat format`.
    public static var formatDescription: String { "text in the \(Self.self) format" }
}

// MARK: - Reading and writing a formatted value

extension XMLValueFormat {
    /// Decodes a value: the format's text with the XML decoder, the bare value with any other.
    static func decodeValue(from decoder: any Decoder) throws -> Value {
        let container = try decoder.singleValueContainer()
        guard decoder is XMLDecoderImpl else { return try container.decode(Value.self) }
        let text = trimmingXMLSpace(try container.decode(String.self))
        guard let value = value(from: text) else {
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected \(formatDescription) but found \"\(shown)\"")
        }
        return value
    }

    /// Encodes a value: the format's text with the XML encoder, the bare value with any other.
    static func encode(_ value: Value, to encoder: any Encoder) throws {
        guard let xml = encoder as? XMLEncoderImpl else {
            var container = encoder.singleValueContainer()
            return try container.encode(value)
        }
        try xml.checkInUse()
        guard let text = string(from: value) else {
            // Its description, not the value: printing a Date that is not finite traps in Foundation.
            throw EncodingError.invalidValue(
                describe(value),
                EncodingError.Context(
                    codingPath: xml.codingPath,
                    debugDescription:
                        "\(describe(value)) cannot be written as \(formatDescription): it is outside the "
                        + "format's range."
                ))
        }
        // As a number is written: plain text, whatever the string encoding strategy.
        try xml.writeText(try xml.checkedSpan(text, path: xml.codingPathNode), cdata: false)
    }

    /// A value for messages. (A date as its seconds since 1970: `Date.description` formats the
    /// calendar date, which is what failed.)
    private static func describe(_ value: Value) -> String {
        if let date = value as? Date { return "The date \(date.timeIntervalSince1970) seconds since 1970" }
        return "The \(Value.self) value"
    }

    /// The text without XML white space (space, tab, line feed, carriage return) at either end.
    private static func trimmingXMLSpace(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, ScalarParsing.isSpace(first) || ScalarParsing.isSpace(last)
        else { return text }
        guard let start = utf8.firstIndex(where: { !ScalarParsing.isSpace($0) }),
            let end = utf8.lastIndex(where: { !ScalarParsing.isSpace($0) })
        else {
            return ""
        }
        return String(text[start...end])
    }
}
