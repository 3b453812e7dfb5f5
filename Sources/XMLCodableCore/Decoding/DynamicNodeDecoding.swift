// DynamicNodeDecoding: a type says, key by key, whether a value is read from an attribute, a
// child element, or either — XMLCoder 0.18.2's protocol, consulted by the keyed container before
// the decoder's `nodeDecodingStrategy`.
//
// For example, a `Book` answering `.attribute` for "id" and `.element` otherwise reads
// `<book id="7"><title>T</title></book>` with `id` from the attribute and `title` from the child.

/// A type that says, key by key, whether its values are read from attributes or child elements.
///
/// ```swift
/// struct Book: Decodable, DynamicNodeDecoding {
///     let id: Int
///     let title: String
///     static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
///         key.stringValue == "id" ? .attribute : .element
///     }
/// }
/// ```
public protocol DynamicNodeDecoding: Decodable {
    /// Where the value for `key` is read from.
    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding
}
