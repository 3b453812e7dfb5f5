// Encoding to the document model: a model as an XMLTree instead of bytes.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// Encodes a value as a document tree, to inspect or change before writing it.
    ///
    /// The tree has exactly the content ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``
    /// writes — names after the key strategy, attributes, text, CDATA, namespace declarations —
    /// with every name's namespace URI resolved (an empty string becomes an empty element).
    /// A tree is written in the compact form: writing it with an output formatting gives the bytes
    /// the encoder writes with that formatting plus ``OutputFormatting/compactEmptyElements`` and
    /// ``OutputFormatting/minimalEscaping``.
    ///
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - rootKey: the root element's name; by default the type's name.
    ///   - rootAttributes: attributes for the root element.
    ///   - header: the XML declaration, kept as the tree's ``XMLTree/declaration``.
    /// - Returns: the document as a tree.
    /// - Throws: the `EncodingError`s of ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``.
    public func encodeToTree<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: [String: String]? = nil, header: XMLHeader? = nil
    ) throws -> XMLTree {
        // The encoder's own output is read back: the tree then holds precisely what `encode`
        // writes, names resolved by the same reader that reads every other document.
        let data = try encode(value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: nil)
        var options = XMLReader.Options()
        options.limits.maxDepth = XMLTree.maximumDepth
        do {
            return try XMLTree(parsing: data, options: options)
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "The encoded document cannot be held as a tree: \(error)", underlyingError: error))
        }
    }
}
