// Wrapped lists, chosen per property: `<authors><author>A</author><author>B</author></authors>`
// for `var authors: [String]`, without an intermediate struct, and with the property still a plain
// array in JSON.

/// A type that stores some of its array properties as wrapped lists.
///
/// By default an array property is an *unwrapped* list: its items are repeated elements named by
/// the key, directly inside the parent (`<book><author>A</author><author>B</author></book>` for
/// `var author: [String]`). A type conforming to `XMLListCoding` can instead name, key by key, the
/// element that wraps each item:
///
/// ```swift
/// struct Book: Codable, XMLListCoding {
///     var title: String
///     var authors: [String]      // <authors><author>A</author><author>B</author></authors>
///
///     static func xmlListItemName(for key: any CodingKey) -> String? {
///         key.stringValue == "authors" ? "author" : nil
///     }
/// }
/// ```
///
/// The decoder reads the items from the children of `<authors>` with that name; the encoder writes
/// them so. JSON is unaffected: the property is an ordinary array there.
public protocol XMLListCoding {
    /// The name of the item elements of the wrapped list stored under `key`, or `nil` when the
    /// property under `key` is not a wrapped list.
    ///
    /// A name as written (`"member"`), or a namespace URI and a local name in Clark notation
    /// (`"{http://example.com/ns}member"`), which the decoder matches whatever the prefix and the
    /// encoder writes with a prefix it declares. For an optional property, a missing wrapper
    /// element is `nil` and an empty one `[]`.
    static func xmlListItemName(for key: any CodingKey) -> String?
}
