// The element name a type is written as when nothing else names it. Without it, the encoder falls
// back on the type's name, as XMLCoder does: `encode(catalog)` writes `<Catalog>`, and a framework
// that encodes a type of its own (an error body, say) writes its internal name. A conforming type
// names its element once:
//
//     struct Book: Codable, XMLElementNaming {
//         static let xmlElementName = "book"
//         var title: String
//     }
//     try XMLEncoder().encode(book)                                           // <book><title>…</title></book>
//     try XMLEncoder().encode(books, withRootKey: "books", itemKey: Book.xmlElementName)
//     // <books><book>…</book><book>…</book></books>
//
// The name is used for the root of `encode(_:)` without a root key, and for an item the encoder
// would otherwise name after its type; a key or a root key always wins. The items of a top-level
// list keep XMLCoder's rule (named like the root) unless `itemKey` names them
// (XMLEncoder+ItemLists.swift). Decoding needs nothing: the decoder does not check the root
// element's name.

/// A type that names the element it is written as when no key names it: the root of a document
/// encoded without a root key.
///
/// ```swift
/// struct Book: Codable, XMLElementNaming {
///     static let xmlElementName = "book"
///     var title: String
/// }
///
/// try XMLEncoder().encodeToString(Book(title: "Swift"))      // <book><title>Swift</title></book>
/// try XMLEncoder().encodeToString([Book(title: "Swift")], withRootKey: "books", itemKey: Book.xmlElementName)
/// // <books><book><title>Swift</title></book></books>
/// ```
///
/// Without the conformance the encoder writes the type's name (`<Book>`), after the key encoding
/// strategy, as XMLCoder does. A root key given to `encode` wins, and a property's element is
/// always named by its key. The name is taken as it is (no key strategy applies) and must be an XML
/// name, with or without a prefix, or a name in Clark notation (`{uri}local`), as a root key may
/// be; a name that is not one is an `EncodingError.invalidValue`.
public protocol XMLElementNaming {
    /// The element's name.
    static var xmlElementName: String { get }
}
