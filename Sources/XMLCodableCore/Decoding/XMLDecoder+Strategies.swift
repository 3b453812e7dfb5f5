// The decoder's strategies: nested enums with XMLCoder 0.18.2's names and cases.
//
// XMLCoder's `DateDecodingStrategy.formatted(DateFormatter)` is not a case here: `DateFormatter`
// lives in Foundation proper, which the core does not link. The XMLCodable module adds
// `static func formatted(_:)`, a `.custom` strategy built on `parsingText(_:)` below, so that
// `.formatted(formatter)` reads as before (as FoundationEssentials' JSONDecoder and Foundation's
// `formatted` do it on Linux).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLDecoder {
    /// How `Date` values are read.
    ///
    /// Besides these cases, XMLCoder's, there are strategies that return `.custom` ones:
    /// ``xmlSchemaDate`` and ``xmlSchemaDateTime`` (XML Schema's `xs:date` and `xs:dateTime`),
    /// and `formatted(_:)` with a `DateFormatter` (with `import XMLCodable`).
    public enum DateDecodingStrategy: Sendable {
        /// The date's own `Decodable` implementation (a number of seconds since 2001-01-01).
        case deferredToDate
        /// A number of seconds since 1970-01-01 (the default, as in XMLCoder).
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// ISO 8601 with or without fractional seconds: `2024-05-01T12:30:00Z`, `2024-05-01T12:30:00.125+02:00`.
        case iso8601
        /// A closure that decodes the date from the decoder.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How `Data` values are read.
    public enum DataDecodingStrategy: Sendable {
        /// The data's own `Decodable` implementation (an unkeyed list of bytes).
        case deferredToData
        /// Base64 text (the default).
        case base64
        /// A closure that decodes the data from the decoder.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }

    /// How infinities and NaN are read from text.
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// Only finite numbers are accepted; anything else throws (the default).
        case `throw`
        /// These strings stand for infinity, negative infinity and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How element and attribute names are turned into coding keys before they are matched.
    public enum KeyDecodingStrategy: Sendable {
        /// Names are keys as they are (the default).
        case useDefaultKeys
        /// `first_name` matches the key `firstName`.
        case convertFromSnakeCase
        /// `first-name` matches the key `firstName`.
        case convertFromKebabCase
        /// `FirstName` matches the key `firstName` (the first letter is lower-cased).
        case convertFromCapitalized
        /// `FIRST_NAME` matches the key `firstName`.
        case convertFromUppercase
        /// A closure given the coding path ending in the name as a key, returning the key to match.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// Where a key's value is looked for.
    public enum NodeDecoding: Sendable, Hashable {
        /// Only among the element's attributes.
        case attribute
        /// Only among its child elements.
        case element
        /// Among its child elements first, then its attributes (the default).
        case elementOrAttribute
    }

    /// How the decoder chooses between attributes and elements for each key.
    public enum NodeDecodingStrategy: Sendable {
        /// Types that conform to ``DynamicNodeDecoding`` choose; others use `elementOrAttribute`
        /// (property wrappers ``Attribute`` and ``Element`` restrict it).
        case deferredToDecoder
        /// A closure, given the type being decoded and the decoder, returning the choice for each key.
        case custom(@Sendable (any Decodable.Type, any Decoder) -> (@Sendable (any CodingKey) -> NodeDecoding))
    }
}
