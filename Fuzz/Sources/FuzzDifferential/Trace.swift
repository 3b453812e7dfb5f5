// Trace: the canonical form in which both parsers' readings of a document are compared, and our
// reader's side of it.
//
// Design: each parser's view of a well-formed document is reduced to a list of lines that two
// parsers reporting the same information write identically. The rules follow James Clark's
// canonical XML (the form of the W3C suite's OUTPUT files; Tests/…/CanonicalWriter.swift), widened
// to what the suite's form leaves out:
//
//   * text is merged: adjacent text, CDATA sections and the expansions of references are one
//     `text` line, written as the characters they stand for. Text outside the root element is
//     dropped when it is white space (the only text allowed there; libxml2 keeps none of it);
//   * a start tag is one line: its qualified name and namespace URI, then its namespace
//     declarations sorted by prefix, then its other attributes (defaulted ones included) sorted by
//     qualified name in code-point order, each with its namespace URI and value. `xmlns:xml`
//     declarations are left out: libxml2 never records them (the binding is fixed);
//   * comments and processing instructions in the document are kept, in order. Comments in the
//     internal subset are dropped (our reader does not report them); processing instructions in it
//     are kept, before the `doctype` line, where our reader reports them (XML 1.0 §2.6);
//   * the document type declaration is one line with its name and external identifiers, then one
//     line per notation (sorted by name, the first declaration of a name wins) and one for the
//     sorted, de-duplicated names of the general entities declared in the internal subset, except
//     the five predefined ones (libxml2 keeps no declaration of those).
//
// Every value is written quoted, as Swift would write it, so that a stray control character or
// an invalid UTF-8 byte is visible. For example,
//
//     <!DOCTYPE r [<!ATTLIST r b CDATA "2"><!ENTITY e "x<![CDATA[y]]>">]>
//     <r xmlns:p="urn:p" p:a="1">t&e;<!--c--><?pi d?></r>
//
// is
//
//     doctype "r" public - system -
//     entities ["e"]
//     start "r" {-} xmlns:p="urn:p" | "b" {-}="2" "p:a" {"urn:p"}="1"
//     text "txy"
//     comment "c"
//     pi "pi" "d"
//     end "r"

import XMLCodable

/// Builds the canonical lines of one document, from either parser's events.
struct TraceWriter {
    private(set) var lines: [String] = []
    private var pendingText: [UInt8] = []
    private var depth = 0

    /// When set, tab, line feed and carriage return in attribute values are written as spaces
    /// (for KnownDifferences' rule on white space from character references in entity text).
    nonisolated(unsafe) static var attributeWhiteSpaceAsSpace = false
    /// When set, line ends in text and in notations' identifiers (CR LF, CR) are written as LF
    /// (for KnownDifferences' rule on carriage returns from character references in entity text).
    nonisolated(unsafe) static var textLineEndsNormalized = false
    /// When set, line ends in public identifiers (CR LF, CR) are written as LF (for
    /// KnownDifferences' rule on libxml2 keeping raw carriage returns in public literals).
    nonisolated(unsafe) static var publicIDLineEndsNormalized = false

    /// An attribute: its qualified name, namespace URI (nil for none) and value.
    struct Attribute {
        var name: [UInt8]
        var uri: [UInt8]?
        var value: [UInt8]
    }

    /// A namespace declaration: the prefix (nil for the default namespace) and the URI.
    struct Declaration {
        var prefix: [UInt8]?
        var uri: [UInt8]
    }

    mutating func startElement(_ name: [UInt8], uri: [UInt8]?, declarations: [Declaration], attributes: [Attribute]) {
        flush()
        var line = "start \(quote(name)) {\(uri.map(quote) ?? "-")}"
        let kept = declarations.filter { $0.prefix != Array("xml".utf8) }
        for declaration in kept.sorted(by: { ($0.prefix ?? []).lexicographicallyPrecedes($1.prefix ?? []) }) {
            line += declaration.prefix.map { " xmlns:\(quote($0))" } ?? " xmlns"
            line += "=\(quote(declaration.uri))"
        }
        line += " |"
        for attribute in attributes.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
            let value = Self.attributeWhiteSpaceAsSpace ? attribute.value.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 } : attribute.value
            line += " \(quote(attribute.name)) {\(attribute.uri.map(quote) ?? "-")}=\(quote(value))"
        }
        lines.append(line)
        depth += 1
    }

    mutating func endElement(_ name: [UInt8]) {
        flush()
        lines.append("end \(quote(name))")
        depth -= 1
    }

    /// Character data: text, a CDATA section's content, or what a reference stands for.
    mutating func characters(_ text: [UInt8]) {
        pendingText += text
    }

    mutating func comment(_ text: [UInt8]) {
        flush()
        lines.append("comment \(quote(text))")
    }

    mutating func processingInstruction(target: [UInt8], data: [UInt8]) {
        flush()
        lines.append("pi \(quote(target)) \(quote(data))")
    }

    /// A notation: name, public and system identifiers.
    struct Notation {
        var name: [UInt8]
        var publicID: [UInt8]?
        var systemID: [UInt8]?
    }

    mutating func doctype(name: [UInt8], publicID: [UInt8]?, systemID: [UInt8]?, notations: [Notation], entityNames: [[UInt8]]) {
        flush()
        let publicID = Self.publicIDLineEndsNormalized ? publicID.map(Self.normalizingLineEnds) : publicID
        lines.append("doctype \(quote(name)) public \(publicID.map(quote) ?? "-") system \(systemID.map(quote) ?? "-")")
        var seen: Set<[UInt8]> = []
        let firsts = notations.filter { seen.insert($0.name).inserted }
        for var notation in firsts.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
            if Self.textLineEndsNormalized || Self.publicIDLineEndsNormalized {
                notation.publicID = notation.publicID.map(Self.normalizingLineEnds)
            }
            if Self.textLineEndsNormalized {
                notation.systemID = notation.systemID.map(Self.normalizingLineEnds)
            }
            lines.append(
                "notation \(quote(notation.name)) public \(notation.publicID.map(quote) ?? "-") system \(notation.systemID.map(quote) ?? "-")")
        }
        let predefined: Set<[UInt8]> = ["lt", "gt", "amp", "apos", "quot"].map { Array($0.utf8) }.reduce(into: []) { $0.insert($1) }
        let names = Set(entityNames).subtracting(predefined).sorted { $0.lexicographicallyPrecedes($1) }
        if !names.isEmpty { lines.append("entities [\(names.map(quote).joined(separator: ", "))]") }
    }

    /// CR LF and CR as LF.
    private static func normalizingLineEnds(_ bytes: [UInt8]) -> [UInt8] {
        var normalized: [UInt8] = []
        for (i, byte) in bytes.enumerated() where !(byte == 0x0A && i > 0 && bytes[i - 1] == 0x0D) {
            normalized.append(byte == 0x0D ? 0x0A : byte)
        }
        return normalized
    }

    /// The finished lines.
    mutating func finish() -> [String] {
        flush()
        return lines
    }

    private mutating func flush() {
        guard !pendingText.isEmpty else { return }
        defer { pendingText = [] }
        if depth == 0, pendingText.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return }
        guard Self.textLineEndsNormalized else {
            lines.append("text \(quote(pendingText))")
            return
        }
        lines.append("text \(quote(Self.normalizingLineEnds(pendingText)))")
    }
}

/// A value as a Swift literal (escapes visible), or its bytes in hex when it is not valid UTF-8.
func quote(_ bytes: [UInt8]) -> String {
    if let string = String(validating: bytes, as: UTF8.self) { return string.debugDescription }
    return "<invalid UTF-8: \(bytes.map { String($0, radix: 16) }.joined(separator: " "))>"
}

/// What one parser made of a document.
enum Reading {
    /// Well-formed, with the canonical lines.
    case accepted([String])
    /// Not well-formed (or refused); the text says why.
    case rejected(String)

    var lines: [String]? {
        if case .accepted(let lines) = self { return lines }
        return nil
    }
}

/// Our reader's side: default options (namespaces on), limits raised where the fuzzer's inputs
/// (at most a few kilobytes) could reach them honestly.
enum OurReader {
    /// The options of the comparison: the defaults, with a depth limit no 4 KB document reaches
    /// by nesting alone (libxml2's own is 256; that side is filtered in `KnownDifferences`).
    static let options: XMLReader.Options = {
        var limits = XMLReader.Limits()
        limits.maxDepth = 100_000
        return XMLReader.Options(limits: limits)
    }()

    /// What our reader made of a document: the reading, and for a rejection the error and
    /// whether it came before the document type declaration had been reported.
    struct Result {
        var reading: Reading
        var error: XMLParsingError?
        var sawDoctype = false
    }

    /// Reads `bytes` to the end.
    static func read(_ bytes: UnsafeRawBufferPointer, options: XMLReader.Options = options) -> Result {
        var writer = TraceWriter()
        var sawDoctype = false
        do {
            var reader = try XMLReader(unsafeBytes: bytes, options: options)
            while let event = try reader.next() {
                switch event {
                case .startElement(let name):
                    var declarations: [TraceWriter.Declaration] = []
                    var attributes: [TraceWriter.Attribute] = []
                    for attribute in reader.attributes {
                        let value = decoded(attribute.value, reader)
                        if attribute.isNamespaceDeclaration {
                            declarations.append(.init(prefix: attribute.name.hasPrefix ? decoded(attribute.name.local, reader) : nil, uri: value))
                        } else {
                            attributes.append(
                                .init(name: decoded(attribute.name.qualified, reader), uri: reader.namespaceURI(attribute.name).map { Array($0.utf8) }, value: value))
                        }
                    }
                    writer.startElement(
                        decoded(name.qualified, reader), uri: reader.namespaceURI(name).map { Array($0.utf8) }, declarations: declarations, attributes: attributes)
                case .endElement(let name):
                    writer.endElement(decoded(name.qualified, reader))
                case .text(let slice), .cdata(let slice):
                    writer.characters(decoded(slice, reader))
                case .comment(let slice):
                    writer.comment(decoded(slice, reader))
                case .processingInstruction(let target, let data):
                    writer.processingInstruction(target: decoded(target, reader), data: decoded(data, reader))
                case .doctype(let name):
                    sawDoctype = true
                    let doctype = reader.doctype
                    writer.doctype(
                        name: doctype.map { Array($0.name.utf8) } ?? decoded(name, reader),
                        publicID: doctype?.publicID.map { Array($0.utf8) },
                        systemID: doctype?.systemID.map { Array($0.utf8) },
                        notations: (doctype?.notations ?? []).map {
                            .init(name: Array($0.name.utf8), publicID: $0.publicID.map { Array($0.utf8) }, systemID: $0.systemID.map { Array($0.utf8) })
                        },
                        entityNames: (doctype?.entityNames ?? []).map { Array($0.utf8) })
                }
            }
            return Result(reading: .accepted(writer.finish()), sawDoctype: sawDoctype)
        } catch {
            return Result(reading: .rejected(error.description), error: error, sawDoctype: sawDoctype)
        }
    }

    private static func decoded(_ slice: XMLSlice, _ reader: XMLReader) -> [UInt8] {
        reader.withDecodedBytes(of: slice) { Array($0) }
    }
}
