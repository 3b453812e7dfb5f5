// Formatted: the property wrapper that chooses a property's text format, whatever the coder's
// date or data strategy — `@Formatted<Format>` for a value, and its optional twin
// `@OptionalFormatted<Format>` (OptionalFormatted.swift) for an optional one.
//
// Design: the format is a generic argument (a type, see ValueFormat.swift), not a stored value,
// because `init(from:)` must know it before there is an instance. Swift cannot infer one generic
// argument of two from the property's type (`@W<HTTPDateFormat> var d: Date?` with
// `W<Format, Value>` does not compile), so an optional property has its own wrapper rather than a
// second generic argument. Both wrappers have `init(wrappedValue:)`, so a default value and the
// memberwise initializer take the bare value (`Feed(updated: date)`), unlike the placement
// wrappers, which keep XMLCoder's `init(_:)`.
//
// An optional behaves as a plain optional property with every coder: a missing key is `nil`, and
// `nil` is left out (or, with XMLEncoder, written as its nil strategy says). Swift's synthesized
// Codable calls `decode(_:forKey:)` for a wrapper (it is not an `Optional`), which would throw
// `keyNotFound`; the `KeyedDecodingContainer` and `KeyedEncodingContainer` overloads of
// XMLOptionalValueWrapper.swift, chosen at compile time for any `XMLOptionalValueWrapper`, read a
// missing key as `nil` and encode `nil` through `encodeIfPresent`, as for a plain optional. The
// placement wrappers conform when their value does, so the formats compose with them:
//
//     @Attribute @Formatted<EpochSecondsDateFormat> var created: Date
//     @Attribute @OptionalFormatted<HTTPDateFormat> var expires: Date?
//
//     <item created="784111777" expires="Sun, 06 Nov 1994 08:49:37 GMT">…   (expires left out when nil)
//
// The placement wrapper puts the value (an attribute here), the format writes its text. (The
// memberwise initializer of such a property takes the outer wrapper, as for every `@Attribute`:
// `Item(created: Attribute(Formatted(date)), expires: nil)`.)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes and reads a property in a text format of your choice, whatever the coder's strategies.
///
/// ```swift
/// struct Resource: Codable {
///     @Formatted<HTTPDateFormat> var lastModified: Date
///     @Formatted<EpochSecondsDateFormat> var created: Date
///     @Formatted<HexDataFormat> var checksum: Data
/// }
/// ```
///
/// ```xml
/// <resource>
///   <lastModified>Sun, 06 Nov 1994 08:49:37 GMT</lastModified>
///   <created>784111777</created>
///   <checksum>c0ffee</checksum>
/// </resource>
/// ```
///
/// With ``XMLEncoder`` and ``XMLDecoder`` the property is the format's text, wherever it is placed
/// (an element, an attribute with ``Attribute``, a list item). With any other coder, such as
/// `JSONEncoder`, it is the bare value, encoded as it would be without the wrapper (so JSON's own
/// date and data strategies apply). For an optional property use ``OptionalFormatted``.
@propertyWrapper
public struct Formatted<Format: XMLValueFormat> {
    /// The property's value.
    public var wrappedValue: Format.Value

    /// Wraps a value (what a default value or the memberwise initializer calls).
    public init(wrappedValue: Format.Value) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps a value, as the placement wrappers are made: `Attribute(Formatted(date))`.
    public init(_ wrappedValue: Format.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Formatted: Codable {
    /// Decodes the format's text with ``XMLDecoder``, the bare value with any other decoder.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Format.decodeValue(from: decoder)
    }

    /// Encodes the format's text with ``XMLEncoder``, the bare value with any other encoder.
    public func encode(to encoder: any Encoder) throws {
        try Format.encode(wrappedValue, to: encoder)
    }
}

extension Formatted: Equatable where Format.Value: Equatable {}

extension Formatted: Hashable where Format.Value: Hashable {}

extension Formatted: Sendable where Format.Value: Sendable {}

/// The formatted wrappers, which the XML decoder reads as it reads numbers and dates (an empty
/// element, or an element's own text that is empty, is `nil` for an optional one; a list of them
/// may be wrapped).
internal protocol XMLFormattedScalar {}
extension Formatted: XMLFormattedScalar {}
extension OptionalFormatted: XMLFormattedScalar {}
