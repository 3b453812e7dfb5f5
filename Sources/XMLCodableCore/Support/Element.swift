// Element: the property wrapper that reads and writes a property only as a child element.
//
// Design: as in XMLCoder, a wrapper has only `init(_:)` (no `init(wrappedValue:)`), so that a
// model's memberwise initializer keeps taking the wrapper type, as code written for XMLCoder
// expects. Its Codable form is the bare value, so a model using it encodes and decodes with
// JSONEncoder/JSONDecoder exactly as without it; the XML coders recognise the wrapper type
// (PropertyWrappers.swift) and place the value.
//
// For example, with `nodeEncodingStrategy` putting every key in attributes, `@Element var title:
// String` is still written `<title>…</title>`.

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

extension Element: Decodable where Value: Decodable {
    /// Decodes the bare value.
    public init(from decoder: any Decoder) throws { wrappedValue = try Value(from: decoder) }
}

extension Element: Encodable where Value: Encodable {
    /// Encodes the bare value.
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension Element: Equatable where Value: Equatable {}

extension Element: Hashable where Value: Hashable {}

extension Element: Sendable where Value: Sendable {}
