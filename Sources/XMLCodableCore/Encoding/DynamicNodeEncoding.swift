// DynamicNodeEncoding: a type says, key by key, whether a value is written as an attribute, a
// child element, or both — XMLCoder 0.18.2's protocol, consulted before the encoder's
// `nodeEncodingStrategy`. Its answer for a key is asked once per encoding call and remembered
// by the key type's `KeyNames` (XMLEncoderImpl.swift), by the key's position among its names.
//
// For example, a `Book` answering `.attribute` for "id" and `.element` otherwise is written
// `<book id="7"><title>T</title></book>`.

/// A type that says, key by key, whether its values are written as attributes or child elements.
///
/// The encoder asks ``nodeEncoding(for:)`` once per key and encoding call, the first time the
/// key is written, and places the key's later values of that call the same way: the answer must
/// depend only on the key (its `stringValue`), not on state that changes while the call runs.
/// (XMLCoder asks for every value; the node encoding strategy's `.custom` closure, which sees the
/// encoder, is still asked for every value.)
public protocol DynamicNodeEncoding: Encodable {
    /// Where the value for `key` is written: a function of the key alone, which the encoder asks
    /// once per key and encoding call.
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding
}
