// The property wrappers that place a property in XML: `@Attribute`, `@Element`,
// `@ElementAndAttribute`. As in XMLCoder, they have only `init(_:)` (no `init(wrappedValue:)`), so
// that a model's memberwise initializer keeps taking the wrapper type, as code written for
// XMLCoder expects (`Book(name: "Swift")` works through the literal conformances of `Attribute`). Their Codable form is the bare value, so a model using them encodes
// and decodes with JSONEncoder/JSONDecoder exactly as without them; the XML coders recognise the
// wrapper type and read (or write) the value as an attribute, an element, or either.

/// Reads and writes a property as an XML attribute: `<book name="…">`.
///
/// ```swift
/// struct Book: Codable {
///     @Attribute var name: String
///     var author: String
/// }
/// ```
///
/// In JSON the property is an ordinary member. An optional attribute that is absent decodes as `nil`.
@propertyWrapper
public struct Attribute<Value> {
    /// The property's value.
    public var wrappedValue: Value

    /// Wraps a value (XMLCoder's spelling: `Attribute(value)`).
    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

}

/// Reads and writes a property only as a child element, never as an attribute.
@propertyWrapper
public struct Element<Value> {
    /// The property's value.
    public var wrappedValue: Value

    /// Wraps a value (XMLCoder's spelling: `Element(value)`).
    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

}

/// Reads a property from a child element or else an attribute, and writes it as both.
@propertyWrapper
public struct ElementAndAttribute<Value> {
    /// The property's value.
    public var wrappedValue: Value

    /// Wraps a value (XMLCoder's spelling: `ElementAndAttribute(value)`).
    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

}

extension Attribute: Decodable where Value: Decodable {
    /// Decodes the bare value.
    public init(from decoder: any Decoder) throws { wrappedValue = try Value(from: decoder) }
}

extension Attribute: Encodable where Value: Encodable {
    /// Encodes the bare value.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension Element: Decodable where Value: Decodable {
    /// Decodes the bare value.
    public init(from decoder: any Decoder) throws { wrappedValue = try Value(from: decoder) }
}

extension Element: Encodable where Value: Encodable {
    /// Encodes the bare value.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension ElementAndAttribute: Decodable where Value: Decodable {
    /// Decodes the bare value.
    public init(from decoder: any Decoder) throws { wrappedValue = try Value(from: decoder) }
}

extension ElementAndAttribute: Encodable where Value: Encodable {
    /// Encodes the bare value.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension Attribute: Equatable where Value: Equatable {}
extension Attribute: Hashable where Value: Hashable {}
extension Attribute: Sendable where Value: Sendable {}
extension Element: Equatable where Value: Equatable {}
extension Element: Hashable where Value: Hashable {}
extension Element: Sendable where Value: Sendable {}
extension ElementAndAttribute: Equatable where Value: Equatable {}
extension ElementAndAttribute: Hashable where Value: Hashable {}
extension ElementAndAttribute: Sendable where Value: Sendable {}

// Literals, as in XMLCoder, so that `Book(name: "Swift")` compiles with `@Attribute var name`.

extension Attribute: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    /// Wraps an integer literal.
    public init(integerLiteral value: Value.IntegerLiteralType) { wrappedValue = Value(integerLiteral: value) }
}

extension Attribute: ExpressibleByUnicodeScalarLiteral where Value: ExpressibleByUnicodeScalarLiteral {
    /// Wraps a Unicode scalar literal.
    public init(unicodeScalarLiteral value: Value.UnicodeScalarLiteralType) { wrappedValue = Value(unicodeScalarLiteral: value) }
}

extension Attribute: ExpressibleByExtendedGraphemeClusterLiteral where Value: ExpressibleByExtendedGraphemeClusterLiteral {
    /// Wraps a grapheme cluster literal.
    public init(extendedGraphemeClusterLiteral value: Value.ExtendedGraphemeClusterLiteralType) {
        wrappedValue = Value(extendedGraphemeClusterLiteral: value)
    }
}

extension Attribute: ExpressibleByStringLiteral where Value: ExpressibleByStringLiteral {
    /// Wraps a string literal.
    public init(stringLiteral value: Value.StringLiteralType) { wrappedValue = Value(stringLiteral: value) }
}

extension Attribute: ExpressibleByBooleanLiteral where Value: ExpressibleByBooleanLiteral {
    /// Wraps a Boolean literal.
    public init(booleanLiteral value: Value.BooleanLiteralType) { wrappedValue = Value(booleanLiteral: value) }
}

extension Attribute: ExpressibleByNilLiteral where Value: ExpressibleByNilLiteral {
    /// Wraps `nil`.
    public init(nilLiteral: ()) { wrappedValue = Value(nilLiteral: ()) }
}

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
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode) throws
}

extension Attribute: XMLEncodableWrapper where Value: Encodable {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode) throws {
        try encoder.encode(wrappedValue, into: target, path: path, passThrough: true)
    }
}

extension Element: XMLEncodableWrapper where Value: Encodable {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode) throws {
        try encoder.encode(wrappedValue, into: target, path: path, passThrough: true)
    }
}

extension ElementAndAttribute: XMLEncodableWrapper where Value: Encodable {
    func encodeWrappedValue(with encoder: XMLEncoderImpl, into target: XMLEncoderImpl.Target, path: CodingPathNode) throws {
        try encoder.encode(wrappedValue, into: target, path: path, passThrough: true)
    }
}

/// A wrapper the decoder fills itself, so that dates, data, URLs and decimals inside it follow
/// the decoder's strategies.
internal protocol XMLDecodableWrapper {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Self
}

extension Attribute: XMLDecodableWrapper where Value: Decodable {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Attribute {
        Attribute(try decoder.unwrap(value, as: Value.self, path: path))
    }
}

extension Element: XMLDecodableWrapper where Value: Decodable {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Element {
        Element(try decoder.unwrap(value, as: Value.self, path: path))
    }
}

extension ElementAndAttribute: XMLDecodableWrapper where Value: Decodable {
    static func decodeWrapped(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> ElementAndAttribute {
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
    public func decode<T: Decodable>(_ type: ElementAndAttribute<T?>.Type, forKey key: Key) throws -> ElementAndAttribute<T?> {
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
