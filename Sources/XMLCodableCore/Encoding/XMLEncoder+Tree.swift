// Encoding to the document model: a model as an XMLTree instead of bytes.
//
// The value is encoded into the encoder's element tree (`XMLEncodedTree`), as for `encode`, and
// that tree is laid out as a document store directly (XMLEncodedTree+Store.swift), whose elements
// are the tree's: no bytes are written and read back, and no value is made per node. The declaration goes through the one declaration writer
// (Writer/XMLWriter+Prolog.swift), so it is refused exactly when `encode` refuses it. For example:
//
//     let tree = try XMLEncoder().encodeToTree(Note(to: "Tom"), withRootKey: "note")
//     tree.root                   // <note><to>Tom</to></note> as an XMLTree.Element
//     tree == XMLTree(parsing: XMLEncoder().encode(Note(to: "Tom"), withRootKey: "note"))   // true

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// Encodes a value as a document tree, to inspect or change before writing it.
    ///
    /// The tree has exactly the content
    /// ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)`` writes —
    /// names after the key strategy, attributes in order, text, CDATA, namespace declarations —
    /// with every name's namespace URI resolved as a reader resolves it (an empty string becomes an
    /// empty element): it equals `XMLTree(parsing:)` of the encoder's compact output. Layout is not
    /// content: a tree is written in the compact form, and writing it with an output formatting
    /// gives the bytes the encoder writes with that formatting plus
    /// ``OutputFormatting/compactEmptyElements`` and ``OutputFormatting/minimalEscaping``.
    ///
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - rootKey: the root element's name; by default the type's name.
    ///   - rootAttributes: attributes for the root element.
    ///     Their namespace declarations are in force in the whole document, as for
    ///     ``XMLEncoder/encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``.
    ///   - header: the XML declaration, kept as the tree's ``XMLTree/declaration``.
    /// - Returns: the document as a tree.
    /// - Throws: the `EncodingError`s of
    ///   ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``, and
    ///   one for what a reader would refuse in that output (a namespace prefix that is not
    ///   declared, nesting deeper than ``XMLTree/maxDepth``).
    public func encodeToTree<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil
    ) throws -> XMLTree {
        let options = currentOptions
        // Encoded as `encode` encodes (into a tree from the pool, the declaration refused as it
        // refuses it); the store copies what it keeps, so the tree goes back to the pool.
        let (_, tree, root) = try encodeTree(
            value, withRootKey: rootKey, rootAttributes: Self.sortedByName(rootAttributes), header: header,
            doctype: nil)
        let declaration = try header?.declaration()
        let store: XMLTree.Store
        do {
            store = try tree.documentStore(
                root, sortedKeys: options.outputFormatting.contains(.sortedKeys),
                compactEmptyElements: options.outputFormatting.contains(.compactEmptyElements))
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "The encoded document cannot be held as a tree: \(error.message)."
                ))
        }
        EncodingScratch.giveBack(consume tree)
        return XMLTree(root: XMLTree.Element(store: store, node: 0), declaration: declaration)
    }
}
