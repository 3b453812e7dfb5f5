// Writing an XMLTree: the public entry points (what cannot be written is an XMLTree.SerializationError).
//
// Serialization goes through `XMLWriter` (Writer/XMLWriter+Tree.swift), the writer XMLEncoder
// uses, so a tree and an encoded model with the same content give the same bytes, with the same
// escaping and the same refusals of what XML 1.0 cannot carry.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree {
    /// The document as UTF-8 XML.
    ///
    /// - Parameters:
    ///   - outputFormatting: `.prettyPrinted` indents element-only content (an element holding
    ///     text is written exactly as it is), `.sortedKeys` sorts attributes and element-only
    ///     children by name, `.noEmptyElements` writes `<a></a>` instead of `<a/>` — as with
    ///     ``XMLEncoder/outputFormatting``. A tree is always written in the compact form, as if
    ///     `.compactEmptyElements` and `.minimalEscaping` were given: empty elements are `<a/>`
    ///     and only what XML requires is escaped.
    ///   - prettyPrintIndentation: the indentation for `.prettyPrinted`.
    /// - Throws: ``SerializationError`` for anything XML cannot represent.
    public func xmlData(
        outputFormatting: XMLEncoder.OutputFormatting = [],
        prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(SerializationError) -> Data {
        Data(try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation))
    }

    /// The document as an XML string; see ``xmlData(outputFormatting:prettyPrintIndentation:)``.
    public func xmlString(
        outputFormatting: XMLEncoder.OutputFormatting = [],
        prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(SerializationError) -> String {
        String(
            decoding: try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation),
            as: UTF8.self)
    }

    func xmlBytes(
        outputFormatting: XMLEncoder.OutputFormatting, prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation
    ) throws(SerializationError)
        -> [UInt8]
    {
        var writer = XMLWriter(formatting: XMLWriter.Formatting(outputFormatting, prettyPrintIndentation))
        try writer.writeDocument(self)
        return writer.bytes
    }
}

extension XMLTree.Element {
    /// The element (and everything in it) as UTF-8 XML, with no XML declaration.
    ///
    /// Namespace prefixes the element uses whose declarations were on its ancestors are declared
    /// on it, from each ``XMLTree/Name/namespaceURI``, so the output stands on its own.
    ///
    /// - Parameters:
    ///   - outputFormatting: as for ``XMLTree/xmlData(outputFormatting:prettyPrintIndentation:)``.
    ///   - prettyPrintIndentation: the indentation for `.prettyPrinted`.
    /// - Throws: ``XMLTree/SerializationError`` for anything XML cannot represent.
    public func xmlData(
        outputFormatting: XMLEncoder.OutputFormatting = [],
        prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(XMLTree.SerializationError) -> Data {
        Data(try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation))
    }

    /// The element as an XML string; see ``xmlData(outputFormatting:prettyPrintIndentation:)``.
    public func xmlString(
        outputFormatting: XMLEncoder.OutputFormatting = [],
        prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(XMLTree.SerializationError) -> String {
        String(
            decoding: try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation),
            as: UTF8.self)
    }

    func xmlBytes(
        outputFormatting: XMLEncoder.OutputFormatting, prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation
    ) throws(XMLTree.SerializationError)
        -> [UInt8]
    {
        var writer = XMLWriter(formatting: XMLWriter.Formatting(outputFormatting, prettyPrintIndentation))
        try writer.writeTree(self)
        return writer.bytes
    }
}
