// OptionalFormatted: the property wrapper that chooses an optional property's text format — the
// optional twin of `Formatted` (Formatted.swift explains the design: the format is a generic
// argument, and an optional needs a wrapper of its own because Swift cannot infer one generic
// argument of two).
//
// A missing key decodes as `nil`, and `nil` is encoded as a plain optional's `nil` is, with any
// coder (XMLOptionalValueWrapper.swift). For example, `@OptionalFormatted<HTTPDateFormat> var
// expires: Date?` reads `<expires>Sun, 06 Nov 1994 08:49:37 GMT</expires>` as that date, and an
// item with no `expires` element as `nil`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

extension OptionalFormatted: Equatable where Format.Value: Equatable {}

extension OptionalFormatted: Hashable where Format.Value: Hashable {}

extension OptionalFormatted: Sendable where Format.Value: Sendable {}

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
