// The property wrappers' machinery: how the coders recognise `@Attribute`, `@Element` and
// `@ElementAndAttribute` (each in its own file) and where each puts its value — the internal
// protocols the wrappers conform to, and the keyed-container overloads that let an optional
// wrapped value be absent. For example, `@Attribute var note: String?` decodes `<book/>` as `nil`:
// `KeyedDecodingContainer.decode(_:forKey:)` below finds no attribute and returns the wrapper of
// `nil` instead of throwing.

// MARK: - What the coders see

/// How the coders recognise a wrapper type and where it puts its value.
internal protocol XMLWrapperMarker {
    static var placement: XMLDecoder.NodeDecoding { get }
    static var wrappedType: Any.Type { get }
}

extension Attribute: XMLWrapperMarker {
    static var placement: XMLDecoder.NodeDecoding { .attribute }
    static var wrappedType: Any.Type { Value.self }
}

extension Element: XMLWrapperMarker {
    static var placement: XMLDecoder.NodeDecoding { .element }
    static var wrappedType: Any.Type { Value.self }
}

extension ElementAndAttribute: XMLWrapperMarker {
    static var placement: XMLDecoder.NodeDecoding { .elementOrAttribute }
    static var wrappedType: Any.Type { Value.self }
}

/// A wrapper whose value the encoder writes itself, so that dates, data, URLs and decimals inside
/// it follow the encoder's strategies.
internal protocol XMLEncodableWrapper {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode)
        throws
}

extension Attribute: XMLEncodableWrapper where Value: Encodable {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode)
        throws
    {
        try encoder.encode(wrappedValue, into: target, path: path, passThrough: true)
    }
}

extension Element: XMLEncodableWrapper where Value: Encodable {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode)
        throws
    {
        try encoder.encode(wrappedValue, into: target, path: path, passThrough: true)
    }
}

extension ElementAndAttribute: XMLEncodableWrapper where Value: Encodable {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode)
        throws
    {
        try encoder.encode(wrappedValue, into: target, path: path, passThrough: true)
    }
}

/// A wrapper the decoder fills itself, so that dates, data, URLs and decimals inside it follow
/// the decoder's strategies.
internal protocol XMLDecodableWrapper {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Self
}

extension Attribute: XMLDecodableWrapper where Value: Decodable {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Attribute
    {
        Attribute(try decoder.unwrap(value, as: Value.self, path: path))
    }
}

extension Element: XMLDecodableWrapper where Value: Decodable {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Element {
        Element(try decoder.unwrap(value, as: Value.self, path: path))
    }
}

extension ElementAndAttribute: XMLDecodableWrapper where Value: Decodable {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws
        -> ElementAndAttribute
    {
        ElementAndAttribute(try decoder.unwrap(value, as: Value.self, path: path))
    }
}

/// An optional the encoder can ask whether it is `nil` without knowing its wrapped type.
internal protocol XMLOptionalEncodable {
    var isNil: Bool { get }
    /// Holds an empty string (at any depth of optionals), which, as an element's own text, is no
    /// text, as `nil` is.
    var wrapsEmptyString: Bool { get }
}

extension Optional: XMLOptionalEncodable {
    var isNil: Bool { self == nil }
    var wrapsEmptyString: Bool {
        guard case .some(let wrapped) = self else { return false }
        if let string = wrapped as? String { return string.isEmpty }
        return (wrapped as? any XMLOptionalEncodable)?.wrapsEmptyString ?? false
    }
}

/// Dictionaries: their array values are written as wrapped lists, so an empty one keeps its key.
internal protocol XMLDictionaryMarker {}
extension Dictionary: XMLDictionaryMarker {}

/// A wrapper around an optional, which decodes as `nil` when its key is missing.
internal protocol XMLOptionalWrapper {
    static var absent: Self { get }
}

extension Attribute: XMLOptionalWrapper where Value: ExpressibleByNilLiteral {
    static var absent: Attribute { Attribute(Value(nilLiteral: ())) }
}

extension Element: XMLOptionalWrapper where Value: ExpressibleByNilLiteral {
    static var absent: Element { Element(Value(nilLiteral: ())) }
}

extension ElementAndAttribute: XMLOptionalWrapper where Value: ExpressibleByNilLiteral {
    static var absent: ElementAndAttribute { ElementAndAttribute(Value(nilLiteral: ())) }
}

// MARK: - Optional wrapped values with any coder

// A property `@Attribute var sku: String?` is a non-optional `Attribute<String?>` to Swift's
// synthesized Codable, which would call `decode(_:forKey:)` and fail on a missing key (in JSON as
// in XML). These overloads, chosen at compile time for wrappers of optionals, read a missing key
// as `nil` and leave `nil` out when encoding, as plain optionals behave, with any coder.

extension KeyedDecodingContainer {
    /// Decodes an optional attribute property; a missing key is `nil`.
    public func decode<T: Decodable>(_ type: Attribute<T?>.Type, forKey key: Key) throws -> Attribute<T?> {
        try decodeIfPresent(type, forKey: key) ?? Attribute(nil)
    }

    /// Decodes an optional element property; a missing key is `nil`.
    public func decode<T: Decodable>(_ type: Element<T?>.Type, forKey key: Key) throws -> Element<T?> {
        try decodeIfPresent(type, forKey: key) ?? Element(nil)
    }

    /// Decodes an optional element-or-attribute property; a missing key is `nil`.
    public func decode<T: Decodable>(_ type: ElementAndAttribute<T?>.Type, forKey key: Key) throws
        -> ElementAndAttribute<T?>
    {
        try decodeIfPresent(type, forKey: key) ?? ElementAndAttribute(nil)
    }
}

extension KeyedEncodingContainer {
    /// Encodes an optional attribute property, leaving it out when it is `nil`.
    public mutating func encode<T: Encodable>(_ value: Attribute<T?>, forKey key: Key) throws {
        if value.wrappedValue != nil { try encodeIfPresent(value, forKey: key) }
    }

    /// Encodes an optional element property, leaving it out when it is `nil`.
    public mutating func encode<T: Encodable>(_ value: Element<T?>, forKey key: Key) throws {
        if value.wrappedValue != nil { try encodeIfPresent(value, forKey: key) }
    }

    /// Encodes an optional element-or-attribute property, leaving it out when it is `nil`.
    public mutating func encode<T: Encodable>(_ value: ElementAndAttribute<T?>, forKey key: Key) throws {
        if value.wrappedValue != nil { try encodeIfPresent(value, forKey: key) }
    }
}
