// Root attributes in the order given.
//
// XMLCoder's `rootAttributes` is a `[String: String]`, whose order is not defined; XMLEncoder keeps
// that signature for migration and writes those attributes sorted by name, so output is
// reproducible. These overloads take `KeyValuePairs`, which keeps the order it was written in.
// They encode through the document model: the value is encoded as usual, read back as an
// `XMLTree`, the attributes are put first on the root in the order given, and the tree is written
// with the same writer and formatting, so the output is otherwise byte for byte `encode`'s.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// Encodes a value as an XML document whose root attributes are written in the order given.
    ///
    /// ```swift
    /// let data = try XMLEncoder().encode(catalog, withRootKey: "books",
    ///                                    rootAttributes: ["version": "2", "lang": "en"] as KeyValuePairs)
    /// // <books version="2" lang="en">…
    /// ```
    ///
    /// (A plain dictionary literal selects ``encode(_:withRootKey:rootAttributes:header:doctype:)``
    /// with `[String: String]`, XMLCoder's signature, which writes the attributes sorted by name.)
    /// An attribute the value itself also encodes on the root keeps the value's text, at the
    /// position given here. With ``OutputFormatting/sortedKeys`` all attributes are sorted by name,
    /// these too.
    ///
    /// - Throws: the `EncodingError`s of ``encode(_:withRootKey:rootAttributes:header:doctype:)``.
    public func encode<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: KeyValuePairs<String, String>,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> Data {
        Data(try encodeOrdered(value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype))
    }

    /// Encodes a value as an XML string whose root attributes are written in the order given; see
    /// ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,KeyValuePairs<String,String>,_,_)``.
    public func encodeToString<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: KeyValuePairs<String, String>,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> String {
        String(decoding: try encodeOrdered(value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype), as: UTF8.self)
    }

    private func encodeOrdered<T: Encodable>(
        _ value: T, withRootKey rootKey: String?, rootAttributes: KeyValuePairs<String, String>, header: XMLHeader?, doctype: XMLDocumentType?
    ) throws -> [UInt8] {
        // Encoding with the attributes as a dictionary checks their names and values exactly as
        // `encode` does, and gives the document whose root attributes are then reordered.
        var dictionary: [String: String] = [:]
        for (name, attributeValue) in rootAttributes {
            guard dictionary.updateValue(attributeValue, forKey: name) == nil else {
                throw EncodingError.invalidValue(
                    name,
                    EncodingError.Context(
                        codingPath: [], debugDescription: "The root attribute \"\(name)\" is given more than once."))
            }
        }
        let encoded = try encode(value, withRootKey: rootKey, rootAttributes: dictionary, header: header, doctype: doctype)
        var readerOptions = XMLReader.Options()
        readerOptions.limits.maxDepth = XMLTree.maximumDepth
        var tree: XMLTree
        do {
            tree = try XMLTree(parsing: encoded, options: readerOptions)
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "The encoded document cannot be reordered: \(error)", underlyingError: error))
        }
        var ordered: [XMLTree.Attribute] = []
        for (name, _) in rootAttributes {
            if let attribute = tree.root.attributes.first(where: { $0.name.qualifiedName == name }) { ordered.append(attribute) }
        }
        let given = Set(rootAttributes.map(\.key))
        ordered += tree.root.attributes.filter { !given.contains($0.name.qualifiedName) }
        tree.root.attributes = XMLTree.Attributes(ordered)

        // The header and doctype as `encode` writes them, then the root element and its content
        // with the same writer and formatting.
        var writer = XMLWriter(formatting: XMLWriter.Formatting(outputFormatting, prettyPrintIndentation))
        if let header { writer.append(header.text) }
        if let doctype { writer.append(doctype.text) }
        do {
            try writer.writeTree(tree.root)
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "The encoded document cannot be written: \(error)", underlyingError: error))
        }
        return writer.bytes
    }
}
