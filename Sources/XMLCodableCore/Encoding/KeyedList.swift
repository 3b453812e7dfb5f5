// A list as the one property of a struct, under a key chosen at run time: what a top-level list
// with named items and each item of an element writer are encoded as. `KeyedList(key: "book",
// items: books)` encodes as `struct Catalog { var book: [Book] }` would, so under the root key
// "books" it writes `<books><book>…</book><book>…</book></books>`, the shape the decoder reads back
// as `[Book]` or as such a struct.

/// A list encoded as a struct's one property named `key` (an unwrapped list: one element per item).
internal struct KeyedList<Item: Encodable>: Encodable {
    let key: String
    let items: [Item]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: XMLKey.self)
        try container.encode(items, forKey: XMLKey(stringValue: key))
    }
}
