// The property wrappers that choose a property's text format: `@Formatted<Format>` for a value,
// `@OptionalFormatted<Format>` for an optional one, whatever the coder's date or data strategy.
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
// `keyNotFound`; the `KeyedDecodingContainer` and `KeyedEncodingContainer` overloads below, chosen
// at compile time for any `XMLOptionalValueWrapper`, read a missing key as `nil` and encode `nil`
// through `encodeIfPresent`, as for a plain optional. The placement wrappers conform when their
// value does, so the formats compose with them:
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

/// Writes and reads an optional property in a text format of your choice, whatever the coder's
/// strategies.
///
/// ```swift
/// struct Entry: Codable {
///     @OptionalFormatted<ISO8601DateFormat> var published: Date? = nil
/// }
/// ```
///
/// As for a plain optional property, with every coder, a missing key decodes as `nil` and `nil` is
/// left out (with ``XMLEncoder``, written as its ``XMLEncoder/nilEncodingStrategy`` says, which
/// leaves it out by default); with ``XMLDecoder`` an empty element or one marked
/// `xsi:nil="true"` is `nil` too. Otherwise it behaves as ``Formatted``.
@propertyWrapper
public struct OptionalFormatted<Format: XMLValueFormat> {
    /// The property's value.
    public var wrappedValue: Format.Value?

    /// Wraps a value (what a default value or the memberwise initializer calls).
    public init(wrappedValue: Format.Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps a value, as the placement wrappers are made: `Attribute(OptionalFormatted(date))`.
    public init(_ wrappedValue: Format.Value?) {
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

extension OptionalFormatted: Codable {
    /// Decodes `nil` (a null, or in XML an empty or `xsi:nil` element), else as ``Formatted``.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decodeNil() ? nil : Format.decodeValue(from: decoder)
    }

    /// Encodes `nil` as the coder writes it (where a key cannot just be left out), else as ``Formatted``.
    public func encode(to encoder: any Encoder) throws {
        guard let wrappedValue else {
            var container = encoder.singleValueContainer()
            return try container.encodeNil()
        }
        try Format.encode(wrappedValue, to: encoder)
    }
}

extension Formatted: Equatable where Format.Value: Equatable {}
extension Formatted: Hashable where Format.Value: Hashable {}
extension Formatted: Sendable where Format.Value: Sendable {}
extension OptionalFormatted: Equatable where Format.Value: Equatable {}
extension OptionalFormatted: Hashable where Format.Value: Hashable {}
extension OptionalFormatted: Sendable where Format.Value: Sendable {}

/// The formatted wrappers, which the XML decoder reads as it reads numbers and dates (an empty
/// element, or an element's own text that is empty, is `nil` for an optional one; a list of them
/// may be wrapped).
internal protocol XMLFormattedScalar {}
extension Formatted: XMLFormattedScalar {}
extension OptionalFormatted: XMLFormattedScalar {}

// MARK: - Optional values under a key, with any coder

/// A property wrapper whose value may be `nil`: with any coder, a missing key decodes as `nil` and
/// `nil` is encoded as a plain optional property's `nil` is (left out, by default).
///
/// ``OptionalFormatted`` conforms, and so do ``Attribute``, ``Element`` and
/// ``ElementAndAttribute`` when the wrapper inside them does
/// (`@Attribute @OptionalFormatted<HTTPDateFormat> var expires: Date?`). The overloads of
/// `KeyedDecodingContainer.decode(_:forKey:)` and `KeyedEncodingContainer.encode(_:forKey:)` for
/// conforming types, which Swift's synthesized `Codable` code calls, do the work; conform a
/// property wrapper of your own to get the same.
public protocol XMLOptionalValueWrapper {
    /// The wrapper around `nil`: what a missing key decodes as.
    static var wrappedNil: Self { get }

    /// Whether the wrapped value is `nil` (encoded then as a plain optional's `nil`).
    var wrapsNil: Bool { get }
}

extension OptionalFormatted: ExpressibleByNilLiteral {
    /// Wraps `nil`.
    public init(nilLiteral: ()) { wrappedValue = nil }
}

extension OptionalFormatted: XMLOptionalValueWrapper {
    /// The wrapper around `nil`.
    public static var wrappedNil: OptionalFormatted { OptionalFormatted(wrappedValue: nil) }

    /// Whether the wrapped value is `nil`.
    public var wrapsNil: Bool { wrappedValue == nil }
}

extension Attribute: XMLOptionalValueWrapper where Value: XMLOptionalValueWrapper {
    /// The wrapper around `nil`.
    public static var wrappedNil: Attribute { Attribute(Value.wrappedNil) }

    /// Whether the wrapped value is `nil`.
    public var wrapsNil: Bool { wrappedValue.wrapsNil }
}

extension Element: XMLOptionalValueWrapper where Value: XMLOptionalValueWrapper {
    /// The wrapper around `nil`.
    public static var wrappedNil: Element { Element(Value.wrappedNil) }

    /// Whether the wrapped value is `nil`.
    public var wrapsNil: Bool { wrappedValue.wrapsNil }
}

extension ElementAndAttribute: XMLOptionalValueWrapper where Value: XMLOptionalValueWrapper {
    /// The wrapper around `nil`.
    public static var wrappedNil: ElementAndAttribute { ElementAndAttribute(Value.wrappedNil) }

    /// Whether the wrapped value is `nil`.
    public var wrapsNil: Bool { wrappedValue.wrapsNil }
}

extension KeyedDecodingContainer {
    /// Decodes a property wrapper whose value may be `nil`; a missing key is `nil`.
    public func decode<T: Decodable & XMLOptionalValueWrapper>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeIfPresent(type, forKey: key) ?? T.wrappedNil
    }
}

extension KeyedEncodingContainer {
    /// Encodes a property wrapper whose value may be `nil`; `nil` is encoded as a plain optional's
    /// `nil` is (left out; with ``XMLEncoder``, what its ``XMLEncoder/nilEncodingStrategy`` says),
    /// and always left out for an ``Attribute``.
    public mutating func encode<T: Encodable & XMLOptionalValueWrapper>(_ value: T, forKey key: Key) throws {
        if !value.wrapsNil { return try encodeIfPresent(value, forKey: key) }
        // An attribute that is nil is no attribute (an element would be written in its place).
        guard (T.self as? any XMLWrapperMarker.Type)?.placement != .attribute else { return }
        try encodeIfPresent(nil as T?, forKey: key)
    }
}
