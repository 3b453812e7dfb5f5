// ElementAndAttribute: the property wrapper that reads a property from a child element or else an
// attribute, and writes it as both.
//
// Design: as in XMLCoder, a wrapper has only `init(_:)` (no `init(wrappedValue:)`), so that a
// model's memberwise initializer keeps taking the wrapper type, as code written for XMLCoder
// expects. Its Codable form is the bare value, so a model using it encodes and decodes with
// JSONEncoder/JSONDecoder exactly as without it; the XML coders recognise the wrapper type
// (PropertyWrappers.swift) and place the value.
//
// For example, `@ElementAndAttribute var id: Int` is written `<book id="7"><id>7</id></book>`
// and reads either `<book id="7"/>` or `<book><id>7</id></book>`.

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

extension ElementAndAttribute: Decodable where Value: Decodable {
    /// Decodes the bare value.
    public init(from decoder: any Decoder) throws { wrappedValue = try Value(from: decoder) }
}

extension ElementAndAttribute: Encodable where Value: Encodable {
    /// Encodes the bare value.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension ElementAndAttribute: Equatable where Value: Equatable {}

extension ElementAndAttribute: Hashable where Value: Hashable {}

extension ElementAndAttribute: Sendable where Value: Sendable {}
