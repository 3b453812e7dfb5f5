// Root attributes in the order given.
//
// XMLCoder's `rootAttributes` is a `[String: String]`, whose order is not defined; XMLEncoder keeps
// that signature for migration and writes those attributes sorted by name, so output is
// reproducible. These overloads take `KeyValuePairs`, which keeps the order it was written in.
// Both signatures come down to one encoding path that takes the attributes as ordered pairs (the
// dictionary sorted by name), so the output is otherwise byte for byte the same.

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
        try encodeDocument(
            value, withRootKey: rootKey, rootAttributes: Self.pairs(rootAttributes), header: header, doctype: doctype)
    }

    /// Encodes a value as an XML string whose root attributes are written in the order given; see
    /// ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,KeyValuePairs<String,String>,_,_)``.
    public func encodeToString<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: KeyValuePairs<String, String>,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> String {
        try encodeDocumentString(
            value, withRootKey: rootKey, rootAttributes: Self.pairs(rootAttributes), header: header, doctype: doctype)
    }

    /// The attributes as pairs, in order, refusing a name given twice (a dictionary cannot
    /// have that mistake; `KeyValuePairs` can).
    private static func pairs(_ rootAttributes: KeyValuePairs<String, String>) throws -> [(String, String)] {
        var seen = Set<String>()
        for (name, _) in rootAttributes where !seen.insert(name).inserted {
            throw EncodingError.invalidValue(
                name,
                EncodingError.Context(
                    codingPath: [], debugDescription: "The root attribute \"\(name)\" is given more than once."))
        }
        return rootAttributes.map { ($0.key, $0.value) }
    }
}
