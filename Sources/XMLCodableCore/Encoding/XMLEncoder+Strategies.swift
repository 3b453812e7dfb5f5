// The encoder's settings types: nested in XMLEncoder with XMLCoder 0.18.2's names and cases.
// XMLCoder's `DateEncodingStrategy.formatted(DateFormatter)` is the XMLCodable module's
// `static func formatted(_:)` (DateFormatter lives in Foundation proper, which the core does not
// link): a `.custom` strategy built on `writingText(_:)` below.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// How the output is laid out and escaped.
    ///
    /// The default, `[]`, writes what XMLCoder 0.18.2 writes for the same value: compact, empty
    /// elements as `<a />`, an empty string as `<a></a>`, and the characters of
    /// ``XMLEncoder/charactersEscapedInElements`` and ``XMLEncoder/charactersEscapedInAttributes``
    /// escaped.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The format's bits.
        public let rawValue: UInt
        /// Creates a format from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Child elements on their own lines, indented by ``XMLEncoder/prettyPrintIndentation``,
        /// laid out as XMLCoder lays them out.
        ///
        /// ```xml
        /// <book id="1">
        ///     <title>XML</title>
        ///     <author>Ann</author>
        /// </book>
        /// ```
        ///
        /// An element that holds text (mixed content included) is written as it is, with no
        /// white space added inside it, so no value changes.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)

        /// Attributes and child elements sorted by name (the content of an element that holds
        /// text keeps its order).
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)

        /// Empty elements written `<a></a>` rather than `<a />`.
        public static let noEmptyElements = OutputFormatting(rawValue: 1 << 2)

        /// Empty elements written `<a/>` rather than `<a />`, and an empty string written as
        /// nothing, so that an element holding one is empty too:
        ///
        /// ```swift
        /// struct Note: Encodable { var title = ""; var body: String? = nil }
        /// // []:                     <Note><title></title></Note>
        /// // [.compactEmptyElements]: <Note><title/></Note>
        /// ```
        ///
        /// An empty element and an element holding an empty string both decode as `""`. With
        /// ``minimalEscaping`` this is the shortest output, XMLCodable's form before it wrote
        /// XMLCoder's bytes by default.
        public static let compactEmptyElements = OutputFormatting(rawValue: 1 << 3)

        /// Only the characters XML requires are escaped: `&`, `<`, `>` and carriage return in
        /// text; `&`, `<`, `"`, tab, line feed and carriage return in attribute values.
        /// ``XMLEncoder/charactersEscapedInElements`` and ``XMLEncoder/charactersEscapedInAttributes``
        /// are not used.
        ///
        /// ```swift
        /// // value: #"Tom's "book""#
        /// // []:                  <title>Tom&apos;s &quot;book&quot;</title>
        /// // [.minimalEscaping]:  <title>Tom's "book"</title>
        /// ```
        ///
        /// (As `JSONEncoder.OutputFormatting.withoutEscapingSlashes` leaves out an escape JSON
        /// does not need.)
        public static let minimalEscaping = OutputFormatting(rawValue: 1 << 4)
    }

    /// The indentation of pretty-printed output.
    public enum PrettyPrintIndentation: Sendable, Hashable {
        /// This many spaces per level (the default is 4).
        case spaces(Int)
        /// This many tabs per level.
        case tabs(Int)
    }

    /// Where a key's value is written.
    public enum NodeEncoding: Sendable, Hashable {
        /// As an attribute of the element.
        case attribute
        /// As a child element (the default).
        case element
        /// As both.
        case both

        /// The default placement: a child element.
        public static let `default`: NodeEncoding = .element
    }

    /// How `Date` values are written.
    ///
    /// Besides these cases, XMLCoder's, there are strategies that return `.custom` ones:
    /// ``xmlSchemaDate`` and ``xmlSchemaDateTime`` (XML Schema's `xs:date` and `xs:dateTime`),
    /// and `formatted(_:)` with a `DateFormatter` (with `import XMLCodable`).
    public enum DateEncodingStrategy: Sendable {
        /// The date's own `Encodable` implementation (seconds since 2001-01-01).
        case deferredToDate
        /// Seconds since 1970-01-01 (the default: it round-trips with the decoder's default).
        case secondsSince1970
        /// Milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// ISO 8601 in UTC, with fractional seconds when the date has them: `2024-05-01T10:30:00.125Z`.
        case iso8601
        /// A closure that encodes the date with the encoder.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `String` values are written.
    public enum StringEncodingStrategy: Sendable, Hashable {
        /// As text with `&`, `<` and `>` escaped (the default).
        case deferredToString
        /// As CDATA sections (split where the value contains `]]>`).
        case cdata
    }

    /// How `Data` values are written.
    public enum DataEncodingStrategy: Sendable {
        /// The data's own `Encodable` implementation (a list of bytes).
        case deferredToData
        /// Base64 text (the default).
        case base64
        /// A closure that encodes the data with the encoder.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How infinities and NaN are written.
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// They are refused with an error (the default).
        case `throw`
        /// They are written as these strings.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How coding keys become element and attribute names.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are names as they are (the default).
        case useDefaultKeys
        /// `firstName` → `first_name`.
        case convertToSnakeCase
        /// `firstName` → `first-name`.
        case convertToKebabCase
        /// `firstName` → `FirstName`.
        case capitalized
        /// `firstName` → `FIRSTNAME`.
        case uppercased
        /// `firstName` → `firstname`.
        case lowercased
        /// A closure given the coding path ending in the key, returning the key to write.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// Given a key, where its value goes; `nil` leaves the choice to the encoder.
    public typealias XMLNodeEncoderClosure = @Sendable (any CodingKey) -> NodeEncoding?
    /// Given the type being encoded and the encoder, the placement of each of its keys.
    public typealias XMLEncodingClosure = @Sendable (any Encodable.Type, any Encoder) -> XMLNodeEncoderClosure

    /// How the encoder chooses between attributes and elements for each key.
    public enum NodeEncodingStrategy: Sendable {
        /// Types that conform to ``DynamicNodeEncoding`` choose; property wrappers choose for
        /// their properties; everything else is an element.
        case deferredToEncoder
        /// A closure chooses.
        case custom(XMLEncodingClosure)
    }

    /// XMLCoder's former name for ``NodeEncodingStrategy``.
    @available(*, deprecated, renamed: "NodeEncodingStrategy")
    public typealias NodeEncodingStrategies = NodeEncodingStrategy

    /// Where the unlabeled associated value of an enum case goes, for `case book(Book)` with
    /// Swift's synthesized `Codable` (which encodes the value under the key `_0`).
    ///
    /// The decoder reads both forms whatever this setting.
    public enum EnumPayloadEncodingStrategy: Sendable, Hashable {
        /// An element `<_0>` inside the case element: `<book><_0><title>…</title></_0></book>`,
        /// as XMLCoder writes it (the default).
        case underscoreElement
        /// The case element holds the value itself: `<book><title>…</title></book>`, and
        /// `<name>Ada</name>` for `case name(String)`. A case with several unlabeled values
        /// (`_0`, `_1`, …) keeps its elements.
        case caseElement
    }

    /// What a `nil` optional becomes.
    public enum NilEncodingStrategy: Sendable, Hashable {
        /// Nothing: the key is left out (the default, as in XMLCoder and JSON).
        case omitted
        /// An empty element: `<note/>`.
        case emptyElement
        /// An element marked `xsi:nil="true"`, with the `xsi` namespace declared on the root.
        case xsiNil
    }
}
