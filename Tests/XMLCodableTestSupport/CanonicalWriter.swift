// CanonicalWriter: James Clark's canonical XML, the form of the conformance suite's OUTPUT files.
//
// The form (xmlconf/xmltest/canonxml.html) is a UTF-8 document that two parsers reporting the
// same information produce byte for byte:
//
//     CanonXML ::= Pi* element Pi*
//     element  ::= Stag (Datachar | Pi | element)* Etag
//     Stag     ::= '<' Name Atts '>'          Etag ::= '</' Name '>'
//     Pi       ::= '<?' Name ' ' (((Char - S) Char*)? - (Char* '?>' Char*)) '?>'
//     Atts     ::= (' ' Name '=' '"' Datachar* '"')*
//     Datachar ::= '&amp;' | '&lt;' | '&gt;' | '&quot;' | '&#9;' | '&#10;' | '&#13;'
//                | (Char - ('&' | '<' | '>' | '"' | #x9 | #xA | #xD))
//
// So: no XML declaration, no comments, no DOCTYPE; an empty element is written `<a></a>`;
// attributes (defaulted ones included, namespace declarations as ordinary attributes) are sorted
// by name in Unicode code-point order; a PI always has a space after its target, even when its
// data is empty (`<?pi ?>`); CDATA sections and references are written as the data they stand
// for; white space outside the root element is not written.
//
// "Second canonical form" (testcases.dtd; 24 of the suite's OUTPUT files) adds, when the document
// declares notations, a DOCTYPE listing them sorted by name, written where the document type
// declaration ends:
//
//     <!DOCTYPE root [\n
//     <!NOTATION name PUBLIC 'pub' 'sys'>\n     (or PUBLIC 'pub', or SYSTEM 'sys')
//     ]>\n
//
// The writer takes decoded strings (`startElement`, `characters`, …) so that it can be unit-tested
// on hand-made input; `canonicalize(_:)` drives it from an `XMLReader`. These rules were checked
// against all 261 selected OUTPUT files with an independent parser (expat) before the reader
// existed: all match except ibm-valid-P29-ibm29v01.xml, whose output places a PI from the
// internal subset before the DOCTYPE (it matches if the reader reports that PI before the
// `.doctype` event).

import XMLCodableCore

public struct CanonicalWriter {
    /// The canonical bytes written so far.
    public private(set) var output: [UInt8] = []
    /// How many elements are open (text outside the root element is not written).
    private var depth = 0

    public init() {}

    public mutating func startElement(_ name: String, attributes: [(name: String, value: String)]) {
        append("<")
        append(name)
        for attribute in attributes.sorted(by: { Self.codePointOrder($0.name, $1.name) }) {
            append(" ")
            append(attribute.name)
            append("=\"")
            appendEscaped(attribute.value)
            append("\"")
        }
        append(">")
        depth += 1
    }

    public mutating func endElement(_ name: String) {
        append("</")
        append(name)
        append(">")
        depth -= 1
    }

    /// Character data (text, CDATA contents or the expansion of references). Adjacent calls
    /// simply concatenate, as the canonical form does not mark where text was split.
    public mutating func characters(_ text: String) {
        if depth == 0 {
            // Outside the root element only white space can occur in a well-formed document, and
            // the canonical form drops it. Anything else is written so that it shows up as a
            // mismatch rather than being hidden.
            if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return }
        }
        appendEscaped(text)
    }

    public mutating func processingInstruction(target: String, data: String) {
        append("<?")
        append(target)
        append(" ")
        append(data)
        append("?>")
    }

    /// The second-canonical-form DOCTYPE: written only when there are notations.
    public mutating func doctype(name: String, notations: [XMLDocumentType.Notation]) {
        guard !notations.isEmpty else { return }
        append("<!DOCTYPE ")
        append(name)
        append(" [\n")
        for notation in notations.sorted(by: { Self.codePointOrder($0.name, $1.name) }) {
            append("<!NOTATION ")
            append(notation.name)
            switch (notation.publicID, notation.systemID) {
            case (let publicID?, let systemID?):
                append(" PUBLIC '\(publicID)' '\(systemID)'")
            case (let publicID?, nil):
                append(" PUBLIC '\(publicID)'")
            case (nil, let systemID?):
                append(" SYSTEM '\(systemID)'")
            case (nil, nil):
                // Not possible in a well-formed document; make it visible.
                append(" ?")
            }
            append(">\n")
        }
        append("]>\n")
    }

    // MARK: Helpers

    /// Unicode code-point order, which for UTF-8 is plain byte order. (`String.<` is not: it
    /// compares by canonical equivalence.)
    public static func codePointOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private mutating func append(_ string: String) {
        output.append(contentsOf: string.utf8)
    }

    private mutating func appendEscaped(_ string: String) {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case 0x09: append("&#9;")
            case 0x0A: append("&#10;")
            case 0x0D: append("&#13;")
            default: output.append(byte)
            }
        }
    }
}

extension CanonicalWriter {
    /// Reads a whole document with `XMLReader` and returns its canonical form.
    ///
    /// - Parameter maxEvents: a guard against a reader that never reaches the end.
    /// - Throws: what the reader throws, or `CanonicalizationError.tooManyEvents`.
    public static func canonicalize(_ bytes: [UInt8], maxEvents: Int? = nil) throws -> [UInt8] {
        var reader = try XMLReader(bytes)
        var writer = CanonicalWriter()
        let limit = maxEvents ?? ConformanceLimits.maxEvents(forDocumentSize: bytes.count)
        var count = 0
        while let event = try reader.next() {
            count += 1
            if count > limit { throw ConformanceLimits.TooManyEvents(limit: limit) }
            switch event {
            case .startElement(let name):
                let attributes = reader.attributes.map {
                    (name: reader.string($0.name), value: reader.string($0.value))
                }
                writer.startElement(reader.string(name), attributes: attributes)
            case .endElement(let name):
                writer.endElement(reader.string(name))
            case .text(let slice), .cdata(let slice):
                writer.characters(reader.string(slice))
            case .comment:
                break
            case .processingInstruction(let target, let data):
                writer.processingInstruction(target: reader.string(target), data: reader.string(data))
            case .doctype(let name):
                let doctype = reader.doctype
                writer.doctype(name: doctype?.name ?? reader.string(name), notations: doctype?.notations ?? [])
            }
        }
        return writer.output
    }
}

/// A bound on the events one document may produce, so that a reader bug that never reaches the
/// end of input fails the test instead of hanging it.
public enum ConformanceLimits {
    public struct TooManyEvents: Error, CustomStringConvertible {
        public var limit: Int
        public init(limit: Int) { self.limit = limit }
        public var description: String { "reader produced more than \(limit) events without ending (runaway?)" }
    }

    /// Generous: entity expansion can multiply a small document's events, but not by this much
    /// within the reader's default limits for the suite's documents.
    public static func maxEvents(forDocumentSize size: Int) -> Int { 1_000_000 + 100 * size }
}
