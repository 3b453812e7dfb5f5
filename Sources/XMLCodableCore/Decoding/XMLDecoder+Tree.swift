// Decoding from the document model: a model from any element of an XMLTree.

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
    /// The element is written with ``XMLTree/Element/xmlData(outputFormatting:prettyPrintIndentation:)``
    /// (which declares the namespace prefixes it uses) and decoded from those bytes, so line and
    /// column numbers in errors refer to that compact form of the element.
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``XMLTree/SerializationError`` as
    ///   `underlyingError` when the element cannot be written as XML, and the other
    ///   `DecodingError`s when it does not fit `T`.
    public func decode<T: Decodable>(_ type: T.Type, from element: XMLTree.Element) throws -> T {
        let bytes: [UInt8]
        do {
            bytes = try element.xmlBytes(outputFormatting: [], prettyPrintIndentation: .spaces(0))
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The element cannot be written as XML: \(error)", underlyingError: error))
        }
        return try decode(type, from: bytes)
    }

    /// Decodes a value of type `T` from a document tree's root element; see ``decode(_:from:)-(_,XMLTree.Element)``.
    public func decode<T: Decodable>(_ type: T.Type, from tree: XMLTree) throws -> T {
        try decode(type, from: tree.root)
    }
}
