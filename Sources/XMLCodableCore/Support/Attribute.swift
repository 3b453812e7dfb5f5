// Attribute: the property wrapper that reads and writes a property as an XML attribute.
//
// Design: as in XMLCoder, a wrapper has only `init(_:)` (no `init(wrappedValue:)`), so that a
// model's memberwise initializer keeps taking the wrapper type, as code written for XMLCoder
// expects. Its Codable form is the bare value, so a model using it encodes and decodes with
// JSONEncoder/JSONDecoder exactly as without it; the XML coders recognise the wrapper type
// (PropertyWrappers.swift) and place the value.
//
// For example, `struct Book: Codable { @Attribute var name: String; var author: String }` is
// `<book name="Swift"><author>Ann</author></book>`, and `Book(name: "Swift", author: "Ann")`
// compiles through the literal conformances (as in XMLCoder).

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
///
/// The memberwise initializer takes the wrapper, which literals of the value's type make
/// (`Book(name: "Swift", author: "Ann")`). For an optional value write `nil` or `.init(value)`:
/// `Attribute<String?>("978-0")` does not compile, as Swift reads `T("…")` as a literal of type
/// `T` (SE-0213) and `String?` has no string literals.
@propertyWrapper
public struct Attribute<Value> {
    /// The property's value.
    public var wrappedValue: Value

    /// Wraps a value (XMLCoder's spelling: `Attribute(value)`).
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

extension Attribute: Equatable where Value: Equatable {}

extension Attribute: Hashable where Value: Hashable {}

extension Attribute: Sendable where Value: Sendable {}

extension Attribute: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    /// Wraps an integer literal.
    public init(integerLiteral value: Value.IntegerLiteralType) { wrappedValue = Value(integerLiteral: value) }
}

extension Attribute: ExpressibleByUnicodeScalarLiteral where Value: ExpressibleByUnicodeScalarLiteral {
    /// Wraps a Unicode scalar literal.
    public init(unicodeScalarLiteral value: Value.UnicodeScalarLiteralType) {
        wrappedValue = Value(unicodeScalarLiteral: value)
    }
}

extension Attribute: ExpressibleByExtendedGraphemeClusterLiteral
where Value: ExpressibleByExtendedGraphemeClusterLiteral {
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
