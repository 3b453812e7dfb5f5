// Writing an XMLTree: the public entry points and the errors for what cannot be written.
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
    /// Why a tree cannot be written as XML, and where.
    public struct SerializationError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What cannot be written.
        public enum Reason: Sendable, Hashable {
            /// An element, attribute or processing-instruction target name that is not an XML name
            /// (or is reserved: `xmlns` prefixes on elements, the target `xml`).
            case invalidName(String)
            /// A character XML 1.0 cannot carry (most C0 controls, U+FFFE, U+FFFF).
            case invalidCharacter(Unicode.Scalar)
            /// A comment containing `--` or ending with `-`.
            case invalidComment(String)
            /// A processing instruction whose data contains `?>`.
            case invalidProcessingInstruction(String)
            /// Two attributes with the same name (or the same namespace URI and local name) on one element.
            case duplicateAttribute(String)
            /// A prefix with no namespace declaration in scope and no ``Name/namespaceURI``.
            case undeclaredPrefix(String)
            /// A prefix that would need two different namespace URIs on one element, or a
            /// namespace URI given to an unprefixed attribute (which is in no namespace).
            case namespaceConflict(String)
            /// Text, CDATA or an element outside the root element, where only comments and
            /// processing instructions may be.
            case contentOutsideRoot
            /// An XML declaration or document type declaration that cannot be written.
            case invalidDeclaration(String)
        }

        /// What cannot be written.
        public let reason: Reason
        /// Where: the path of the element, like `books/book[1]/author` (the index counts siblings
        /// with the same name); empty for the prologue and epilogue.
        public let path: String

        /// Creates an error.
        public init(reason: Reason, path: String) {
            self.reason = reason
            self.path = path
        }

        /// The error as a sentence, prefixed with the path.
        public var description: String {
            let message: String
            switch reason {
            case .invalidName(let name): message = "\"\(name)\" is not a valid XML name here"
            case .invalidCharacter(let scalar):
                message = "U+\(String(scalar.value, radix: 16, uppercase: true)) cannot be represented in XML 1.0"
            case .invalidComment(let text): message = "the comment \"\(text)\" contains \"--\" or ends with \"-\""
            case .invalidProcessingInstruction(let data): message = "the processing instruction data \"\(data)\" contains \"?>\""
            case .duplicateAttribute(let name): message = "attribute \(name) appears more than once"
            case .undeclaredPrefix(let prefix): message = "namespace prefix \"\(prefix)\" is not declared and has no namespace URI"
            case .namespaceConflict(let why): message = why
            case .contentOutsideRoot: message = "only comments and processing instructions can appear outside the root element"
            case .invalidDeclaration(let why): message = why
            }
            return path.isEmpty ? message : path + ": " + message
        }
    }

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
        outputFormatting: XMLEncoder.OutputFormatting = [], prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(SerializationError) -> Data {
        Data(try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation))
    }

    /// The document as an XML string; see ``xmlData(outputFormatting:prettyPrintIndentation:)``.
    public func xmlString(
        outputFormatting: XMLEncoder.OutputFormatting = [], prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(SerializationError) -> String {
        String(decoding: try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation), as: UTF8.self)
    }

    func xmlBytes(outputFormatting: XMLEncoder.OutputFormatting, prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation) throws(SerializationError)
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
        outputFormatting: XMLEncoder.OutputFormatting = [], prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(XMLTree.SerializationError) -> Data {
        Data(try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation))
    }

    /// The element as an XML string; see ``xmlData(outputFormatting:prettyPrintIndentation:)``.
    public func xmlString(
        outputFormatting: XMLEncoder.OutputFormatting = [], prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation = .spaces(4)
    ) throws(XMLTree.SerializationError) -> String {
        String(decoding: try xmlBytes(outputFormatting: outputFormatting, prettyPrintIndentation: prettyPrintIndentation), as: UTF8.self)
    }

    func xmlBytes(outputFormatting: XMLEncoder.OutputFormatting, prettyPrintIndentation: XMLEncoder.PrettyPrintIndentation) throws(XMLTree.SerializationError)
        -> [UInt8]
    {
        var writer = XMLWriter(formatting: XMLWriter.Formatting(outputFormatting, prettyPrintIndentation))
        try writer.writeTree(self)
        return writer.bytes
    }
}
