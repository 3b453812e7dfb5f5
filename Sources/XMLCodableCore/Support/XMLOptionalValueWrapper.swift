// XMLOptionalValueWrapper: a property wrapper whose value may be `nil`, absent under a key as a
// plain optional is, with any coder.
//
// Design: Swift's synthesized Codable calls `decode(_:forKey:)` for a wrapper (it is not an
// `Optional`), which would throw `keyNotFound`; the `KeyedDecodingContainer` and
// `KeyedEncodingContainer` overloads below, chosen at compile time for any conforming type, read a
// missing key as `nil` and encode `nil` through `encodeIfPresent`, as for a plain optional. The
// placement wrappers conform when their value does, so the formats compose with them:
//
//     @Attribute @OptionalFormatted<HTTPDateFormat> var expires: Date?
//     // <item expires="Sun, 06 Nov 1994 08:49:37 GMT">…, the attribute left out when nil

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
