// Decoding from the document model: a model from any element of an XMLTree, with no bytes in
// between.
//
// A parsed element, or one of a tree the encoder made, is a node of its document's store
// (XMLTree.Store.swift), whose index is the one the decoder reads anyway: the decoder reads the
// element's run of nodes (renumbered, its attributes unpacked: `Store.decoderIndex`; the root's
// are all of them, as they are), whose slices are still those of the document, so its errors give
// the lines and columns of the document the tree was read from. An element built in code, or
// changed after parsing, is first laid out as a store of its values (XMLTree.Element+Store.swift);
// errors about what it took from a parsed document still give the source positions, errors about
// what was built in code say so:
//
//     let tree = try XMLTree(parsing: data)
//     let book = try XMLDecoder().decode(Book.self, from: tree["books"]["book"][1].require())
//     // a wrong price: "… at line 12, column 7." (the line in `data`)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLDecoder {
    /// Decodes a value of type `T` from an element of a document tree, as if the element were
    /// the root of a document.
    ///
    /// ```swift
    /// let tree = try XMLTree(parsing: data)
    /// let book = try XMLDecoder().decode(Book.self, from: try tree["books"]["book"][1].require())
    /// ```
    ///
    /// The element is decoded as it is, without being written out and read again: errors give
    /// the line and column in the document the tree was parsed from (an element built in code has
    /// none, and the error names it instead). Namespace prefixes declared above the element are
    /// resolved as they were when the document was read.
    ///
    /// - Throws: the `DecodingError`s of ``decode(_:from:)-(_,Data)`` when the element does not fit `T`.
    public func decode<T: Decodable>(_ type: T.Type, from element: XMLTree.Element) throws -> T {
        let options = self.currentOptions
        let store: XMLTree.Store
        let root: Int32
        if case .stored(let stored, let node) = element.storage, stored.shouldProcessNamespaces {
            (store, root) = (stored, node)
        } else {
            (store, root) = (try XMLTree.Store.laidOut(from: element, options: options.readerOptions), 0)
        }
        let index = store.decoderIndex(root: root)
        return try decode(
            type, index: index, reader: store.reader, root: index.root, origins: store.origins, options: options,
            isChecked: store.isChecked)
    }

    /// Decodes a value of type `T` from a document tree's root element; see ``decode(_:from:)-(_,XMLTree.Element)``.
    public func decode<T: Decodable>(_ type: T.Type, from tree: XMLTree) throws -> T {
        try decode(type, from: tree.root)
    }

    /// Decodes one value from a string, as the text of an element (the typed accessors of the
    /// document model, which add where the string was to the errors themselves).
    internal func decodeValue<T: Decodable>(_ type: T.Type, fromText text: String) throws -> T {
        let options = self.currentOptions
        let store = try XMLTree.Store.laidOut(
            from: XMLTree.Element("value", text: text), options: options.readerOptions)
        return try decode(
            type, index: store.index, reader: store.reader, root: store.index.root, origins: store.origins,
            options: options, locatesErrors: false, isChecked: false)
    }

    /// Decodes from an index that a tree holds or was laid out from, starting at node `root`.
    private func decode<T: Decodable>(
        _ type: T.Type, index: XMLIndex, reader: XMLReader, root: Int32, origins: XMLIndex.Origins?, options: Options,
        locatesErrors: Bool = true, isChecked: Bool
    ) throws -> T {
        try reader.input.withUncheckedBytes { document in
            let decoder = XMLDecoderImpl(index: index, reader: reader, options: options, document: document)
            decoder.origins = origins
            decoder.locatesErrors = locatesErrors
            decoder.sourceIsChecked = isChecked
            // The index and bytes stay the tree's: a decoder or container kept past this call
            // refuses use (as for every decoding call), and nothing is given to the pool.
            defer { decoder.finish() }
            return try decoder.unwrap(.element(root), as: type, path: .root)
        }
    }
}
