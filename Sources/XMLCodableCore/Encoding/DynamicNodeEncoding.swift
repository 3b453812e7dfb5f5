// DynamicNodeEncoding: a type says, key by key, whether a value is written as an attribute, a
// child element, or both — XMLCoder 0.18.2's protocol, consulted before the encoder's
// `nodeEncodingStrategy`.
//
// For example, a `Book` answering `.attribute` for "id" and `.element` otherwise is written
// `<book id="7"><title>T</title></book>`.

/// A type that says, key by key, whether its values are written as attributes or child elements.
public protocol DynamicNodeEncoding: Encodable {
    /// Where the value for `key` is written.
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding
}
