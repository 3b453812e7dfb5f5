// XMLParsingError: the one error type the reader throws.
//
// Design: the scanner only ever knows a byte offset when it fails (counting lines while scanning
// would cost on every byte). The public `XMLReader` turns that offset into a line and a column
// once, when the error is thrown, by counting newlines in the input up to the offset. Columns
// count Unicode scalars, so they match what an editor shows for UTF-8 text.
//
// `Reason` is an enum users can switch over; its cases carry what a message needs (a name, a
// limit) and `description` builds the sentence. As a `LocalizedError`, its `localizedDescription`
// is that sentence with the line and column (not Foundation's generic "The operation could not be
// completed").

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An error thrown when input is not well-formed XML, uses something the reader refuses
/// (an external entity, an unsupported encoding) or breaches one of the reader's limits.
///
/// The error says what went wrong (``reason``) and where: the byte ``offset`` into the UTF-8
/// form of the document, and the 1-based ``line`` and ``column`` (in characters).
///
/// ```swift
/// do {
///     var reader = try XMLReader("<a><b></a>")
///     while try reader.next() != nil {}
/// } catch let error as XMLParsingError {
///     print(error)   // 1:7: error: end tag </a> does not match start tag <b>
/// }
/// ```
public struct XMLParsingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var reason: Reason
    /// The byte offset into the document's UTF-8 bytes where the problem was found.
    ///
    /// For a document in another encoding, an error in decoding its bytes (a byte sequence that
    /// is not a character of the encoding, or one cut short by the end of the input) gives the
    /// offset of that sequence's first byte in the original bytes; any other error, the offset in
    /// the document's UTF-8 transcoding. ``line`` and ``column`` are the same either way.
    public var offset: Int
    /// The 1-based line of ``offset``.
    public var line: Int
    /// The 1-based column of ``offset``, counted in Unicode scalars.
    public var column: Int

    /// Creates an error from its parts.
    public init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The error as `LINE:COLUMN: error: MESSAGE`.
    public var description: String {
        "\(line):\(column): error: \(reason)"
    }

    /// The reasons the reader can refuse a document.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The input ended inside a construct; the string names what was expected.
        case unexpectedEndOfInput(expected: String)
        /// A character that the grammar does not allow at this point; `expected` says what would be.
        case unexpectedCharacter(found: String, expected: String)
        /// A code point that XML 1.0 does not allow in a document (a C0 control, U+FFFE, U+FFFF).
        case invalidCharacter(codePoint: UInt32)
        /// Bytes that are not valid UTF-8 (or not valid in the declared encoding).
        case invalidUTF8
        /// The document declares an encoding the reader does not support.
        case unsupportedEncoding(String)
        /// A byte order mark contradicts the encoding declaration.
        case encodingMismatch(declared: String, detected: String)
        /// The XML declaration (`<?xml …?>`) is malformed; the string says how.
        case invalidXMLDeclaration(String)
        /// Some other violation of the XML grammar; the string says which.
        case syntax(String)
        /// A name that is not a valid XML name (or QName, when namespaces are processed).
        case invalidName(String)
        /// An end tag that does not match the open element.
        case mismatchedEndTag(expected: String, found: String)
        /// The input ended while elements were still open; the string is the innermost one.
        case unclosedElement(String)
        /// The document has no root element.
        case missingRootElement
        /// Content other than comments, processing instructions and white space after the root element.
        case contentAfterRootElement
        /// The same attribute appears twice on an element (by name, or by namespace URI and local name).
        case duplicateAttribute(String)
        /// A reference to an entity that was not declared.
        case undeclaredEntity(String)
        /// An entity that refers to itself, directly or through other entities.
        case recursiveEntity(String)
        /// A reference to an external entity; the reader never loads external resources.
        case externalEntityReference(String)
        /// A reference to an unparsed (`NDATA`) entity in content or an attribute value.
        case unparsedEntityReference(String)
        /// An entity whose replacement text is not well-formed where it is used; the string says how.
        case malformedEntity(name: String, problem: String)
        /// A character reference (`&#…;`) to a code point XML does not allow, or a malformed one.
        case invalidCharacterReference(String)
        /// A namespace prefix that has no declaration in scope.
        case undeclaredNamespacePrefix(String)
        /// A namespace declaration that Namespaces 1.0 forbids; the string says why.
        case invalidNamespaceDeclaration(String)
        /// A malformed declaration in the document type declaration; the string says which and how.
        case invalidDeclaration(String)
        /// Elements nested deeper than ``XMLReader/Limits/maxDepth``.
        case depthLimitExceeded(limit: Int)
        /// Entity expansion produced more than ``XMLReader/Limits/maxEntityExpansionBytes`` bytes.
        case entityExpansionLimitExceeded(limit: Int)
        /// Entity expansion grew beyond ``XMLReader/Limits/maxEntityExpansionRatio`` times the document's size.
        case entityExpansionRatioExceeded(limit: Int)
        /// An element has more than ``XMLReader/Limits/maxAttributesPerElement`` attributes.
        case attributeLimitExceeded(limit: Int)
        /// A name longer than ``XMLReader/Limits/maxNameLength`` bytes.
        case nameLengthLimitExceeded(limit: Int)
        /// A document (or a DTD) larger than the reader can address: 4 GiB, or 16 million declarations.
        case documentTooLarge(limit: Int)
        /// While reading a document in chunks: one token (a start tag, a comment, a processing
        /// instruction, a CDATA section, the DOCTYPE) longer than ``XMLReader/Limits/maxTokenLength`` bytes.
        case tokenTooLarge(limit: Int)
        /// While reading a document in chunks: the source of the bytes failed (the text describes its error).
        case inputFailed(String)

        /// A sentence describing the problem.
        public var description: String {
            switch self {
            case .unexpectedEndOfInput(let expected): "unexpected end of input; expected \(expected)"
            case .unexpectedCharacter(let found, let expected): "unexpected \(found); expected \(expected)"
            case .invalidCharacter(let cp): "character U+\(hex(cp)) is not allowed in XML 1.0"
            case .invalidUTF8: "invalid UTF-8 byte sequence"
            case .unsupportedEncoding(let name): "unsupported encoding '\(name)'"
            case .encodingMismatch(let declared, let detected):
                "encoding declared as '\(declared)' but the byte order mark says \(detected)"
            case .invalidXMLDeclaration(let why): "invalid XML declaration: \(why)"
            case .syntax(let why): why
            case .invalidName(let name): "'\(name)' is not a valid name"
            case .mismatchedEndTag(let expected, let found):
                "end tag </\(found)> does not match start tag <\(expected)>"
            case .unclosedElement(let name): "unexpected end of input; element <\(name)> is not closed"
            case .missingRootElement: "the document has no root element"
            case .contentAfterRootElement: "content after the root element"
            case .duplicateAttribute(let name): "attribute '\(name)' appears more than once"
            case .undeclaredEntity(let name): "entity '\(name)' is not declared"
            case .recursiveEntity(let name): "entity '\(name)' refers to itself"
            case .externalEntityReference(let name):
                "reference to external entity '\(name)'; external entities are never loaded"
            case .unparsedEntityReference(let name): "reference to unparsed entity '\(name)'"
            case .malformedEntity(let name, let problem): "entity '\(name)': \(problem)"
            case .invalidCharacterReference(let why): "invalid character reference: \(why)"
            case .undeclaredNamespacePrefix(let prefix): "namespace prefix '\(prefix)' is not declared"
            case .invalidNamespaceDeclaration(let why): "invalid namespace declaration: \(why)"
            case .invalidDeclaration(let why): "invalid declaration: \(why)"
            case .depthLimitExceeded(let limit): "elements nested deeper than the limit of \(limit)"
            case .entityExpansionLimitExceeded(let limit):
                "entity expansion exceeds the limit of \(limit) bytes"
            case .entityExpansionRatioExceeded(let limit):
                "entity expansion exceeds \(limit) times the size of the document"
            case .attributeLimitExceeded(let limit): "more than \(limit) attributes on one element"
            case .nameLengthLimitExceeded(let limit): "name longer than the limit of \(limit) bytes"
            case .documentTooLarge(let limit): "the document is larger than the reader can address (\(limit))"
            case .tokenTooLarge(let limit):
                "a token (tag, comment, processing instruction, CDATA section or DOCTYPE) longer than the "
                    + "limit of \(limit) bytes"
            case .inputFailed(let why): "the input could not be read: \(why)"
            }
        }
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
}

extension XMLParsingError: LocalizedError {
    /// The problem and where it is, as ``description`` gives them: `1:7: error: end tag </a> does
    /// not match start tag <b>`.
    public var errorDescription: String? { description }
}
