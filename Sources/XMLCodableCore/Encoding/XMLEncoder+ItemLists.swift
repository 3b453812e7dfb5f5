// A list as a whole document, its items named in the same call:
//
//     try XMLEncoder().encode(tags, withRootKey: "tags", itemKey: "tag")
//     // <tags><tag>swift</tag><tag>xml</tag></tags>
//
// A top-level array encoded with `encode(_:withRootKey:)` names each item like the root
// (`<tags><tags>swift</tags>…`), as XMLCoder does. These overloads name the items: the list is
// encoded as a struct whose one property holds it under `itemKey` (`KeyedList`), which is the shape
// the element writer writes item by item, and the decoder reads back with `decode([Item].self,
// from:)`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// Encodes a list as an XML document: a root element named `rootKey` holding one element named
    /// `itemKey` per item, in order.
    ///
    /// ```swift
    /// let data = try XMLEncoder().encode(["swift", "xml"], withRootKey: "tags", itemKey: "tag")
    /// // <tags><tag>swift</tag><tag>xml</tag></tags>
    /// let tags = try XMLDecoder().decode([String].self, from: data)   // ["swift", "xml"]
    /// ```
    ///
    /// The items are written as
    /// ``elementWriter(withRootKey:itemKey:rootAttributes:header:doctype:to:)-(_,_,_,_,_,(Data)->Void)``
    /// writes them, so the two give the same bytes; an empty list is an empty root element.
    /// ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)`` names
    /// the items of a list like the root, as XMLCoder does.
    ///
    /// - Parameters:
    ///   - items: the list.
    ///   - rootKey: the root element's name.
    ///   - itemKey: each item's element name: a key, so the key encoding strategy applies to it.
    ///   - rootAttributes: attributes for the root element, written first, sorted by name.
    ///     Their namespace declarations are in force in the whole document, as for
    ///     ``XMLEncoder/encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``.
    ///   - header: the XML declaration, if any.
    ///   - doctype: the document type declaration, if any.
    /// - Returns: the document as UTF-8 bytes.
    /// - Throws: the `EncodingError`s of
    ///   ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``, with
    ///   each item's coding path under `itemKey` (`tag`, `Index 1`).
    public func encode<Items: Sequence>(
        _ items: Items, withRootKey rootKey: String, itemKey: String, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> Data where Items.Element: Encodable {
        try encodeDocument(
            KeyedList(key: itemKey, items: Array(items)), withRootKey: rootKey,
            rootAttributes: Self.sortedByName(rootAttributes),
            header: header, doctype: doctype)
    }

    /// Encodes a list as an XML document in a string: a root element named `rootKey` holding one
    /// element named `itemKey` per item; see ``encode(_:withRootKey:itemKey:rootAttributes:header:doctype:)``.
    public func encodeToString<Items: Sequence>(
        _ items: Items, withRootKey rootKey: String, itemKey: String, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> String where Items.Element: Encodable {
        try encodeDocumentString(
            KeyedList(key: itemKey, items: Array(items)), withRootKey: rootKey,
            rootAttributes: Self.sortedByName(rootAttributes),
            header: header, doctype: doctype)
    }
}
