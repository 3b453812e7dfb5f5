// LibXML2Reader: libxml2's side of the differential target, locked away from files and network.
//
// Design: the document is parsed in memory by libxml2's parser (`xmlCtxtReadMemory`) with SAX2
// callbacks of our own for the document's content, which write the same canonical lines as our
// reader's events (Trace.swift). libxml2's default SAX2 handlers are kept for everything else —
// starting the document, the internal subset and its declarations, looking entities up — so that
// libxml2 stores and applies its DTD as it always does. The options:
//
//   XML_PARSE_NOENT | XML_PARSE_DTDATTR | XML_PARSE_NONET     (no XML_PARSE_RECOVER, no HUGE)
//
// so entity references arrive replaced (libxml2 parses an internal entity's text again for each
// reference, in a context of its own, and calls the same callbacks), and attribute defaults
// arrive with the attributes. The callbacks, rather than libxml2's tree, are compared because
// the tree builder adds artefacts of its own: an element from an entity's text whose prefix is
// declared outside the entity comes out of it in no namespace with a made-up `xmlns:p=""`.
//
// A document is well-formed for libxml2 when `xmlCtxtReadMemory` returns a document and the
// context's `nsWellFormed` is still set: namespace errors (an undeclared prefix, say) are
// reported but do not stop libxml2.
//
// libxml2 must touch nothing outside the input. `XML_PARSE_NOENT` and `XML_PARSE_DTDATTR` both
// make it want external entities and the external subset. The external subset is never asked
// for: our `externalSubset` callback only writes the doctype line. External entities go through
// the external entity loader (`xmlSetExternalEntityLoader`), which refuses: it returns NULL and
// records the attempt, with whether the parser was in the internal subset (an external parameter
// entity) or in content (an external general entity). (libxml2 2.9's `xmlLoadExternalEntity`
// does `stat` a relative or file path before it calls the loader; nothing is opened or read.)
// Catalog resolution, which would read /etc/xml/catalog, happens only in libxml2's default
// loader, which is never called; catalog PIs are refused too (`XML_CATA_ALLOW_NONE`). Errors go
// to a structured handler that records them (domain, code, level, message) instead of printing.
//
// Example: `<!DOCTYPE r [<!ENTITY e "<p:a/>">]><r xmlns:p="urn:p">&e;</r>` gives the callbacks
// internalSubset, entityDecl (libxml2's own), externalSubset (ours: the doctype line), then
// startElementNs r, startElementNs a with prefix p and URI urn:p (the entity's text, parsed at the
// reference), endElementNs a, endElementNs r:
//
//     doctype "r" public - system -
//     entities ["e"]
//     start "r" {-} xmlns:"p"="urn:p" |
//     start "p:a" {"urn:p"} |
//     end "p:a"
//     end "r"

import CLibXML2

#if canImport(Glibc)
import Glibc
#endif

/// What libxml2 made of a document, with what the known-difference filters need to know.
struct LibXML2Reading {
    var reading: Reading
    /// Every error and warning libxml2 reported, in order.
    var errors: [LibXML2Reader.Report] = []
    /// For each refused load: `ctxt->inSubset` at the time (0 content, 1 internal subset).
    var refusedLoads: [Int32] = []
    /// Whether libxml2 reported a reference it did not replace (an undeclared entity).
    var unreplacedReference = false
    /// Whether libxml2 reported, without an error, a namespace declaration that Namespaces 1.0
    /// forbids (binding `xmlns`, binding a prefix to "", misusing the xml or xmlns namespace).
    var acceptedForbiddenDeclaration = false
    /// Whether the internal subset had parameter-entity references (`ctxt->hasPErefs`).
    var hasParameterEntityReferences = false
    /// Whether the document type declaration names an external subset (`ctxt->hasExternalSubset`).
    var hasExternalSubset = false
    /// The document's standalone declaration, as libxml2 read it (`ctxt->standalone`: -1 none, 0 no, 1 yes).
    var standalone: Int32 = -1
    /// The names of the parameter entities libxml2 looked up, in order, once per reference.
    var parameterEntityLookups: [[UInt8]] = []
}

enum LibXML2Reader {
    /// One error or warning libxml2 reported.
    struct Report: CustomStringConvertible {
        var domain: Int32
        var code: Int32
        var level: UInt32
        var message: String
        var description: String { "libxml2 \(level == 1 ? "warning" : level == 3 ? "fatal error" : "error") \(domain)/\(code): \(message)" }
        /// Whether this error makes the document not well-formed for libxml2: a fatal error
        /// (`xmlFatalErr`, which clears `wellFormed`), or a namespace error (`xmlNsErr`, which
        /// clears `nsWellFormed`). Other errors (validity, an invalid system identifier) do not.
        var isWellFormednessError: Bool { level == XML_ERR_FATAL.rawValue || (domain == Int32(XML_FROM_NAMESPACE.rawValue) && level >= XML_ERR_ERROR.rawValue) }
    }

    // What the C callbacks record while one document is parsed (libFuzzer runs one input at a time,
    // on one thread).
    nonisolated(unsafe) private static var reports: [Report] = []
    nonisolated(unsafe) private static var loads: [Int32] = []

    /// The parser options of the comparison.
    static let options: Int32 = Int32(bitPattern: XML_PARSE_NOENT.rawValue | XML_PARSE_DTDATTR.rawValue | XML_PARSE_NONET.rawValue)

    /// One-time setup of libxml2's globals: the loader, the error handler, no catalogs.
    private static let setUp: Void = {
        xmlInitParser()
        xmlCatalogSetDefaults(XML_CATA_ALLOW_NONE)
        xmlSetExternalEntityLoader { _, _, context in
            LibXML2Reader.loads.append(context?.pointee.inSubset ?? -1)
            return nil
        }
        xmlSetStructuredErrorFunc(nil) { _, error in
            guard let error else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? ""
            while message.last == "\n" { message.removeLast() }
            LibXML2Reader.reports.append(
                Report(domain: error.pointee.domain, code: error.pointee.code, level: error.pointee.level.rawValue, message: message))
        }
    }()

    // What the callbacks build while one document is parsed.
    nonisolated(unsafe) private static var writer = TraceWriter()
    nonisolated(unsafe) private static var unreplacedReference = false
    nonisolated(unsafe) private static var forbiddenDeclaration = false
    nonisolated(unsafe) private static var parameterEntityLookups: [[UInt8]] = []

    /// Parses `bytes` and returns the canonical reading.
    static func read(_ bytes: UnsafeRawBufferPointer) -> LibXML2Reading {
        _ = setUp
        reports = []
        loads = []
        writer = TraceWriter()
        unreplacedReference = false
        forbiddenDeclaration = false
        parameterEntityLookups = []
        guard let context = xmlNewParserCtxt() else { return LibXML2Reading(reading: .rejected("libxml2: no parser context")) }
        defer { xmlFreeParserCtxt(context) }
        installCallbacks(context.pointee.sax)
        // A zero-length buffer still needs an address.
        var empty: CChar = 0
        let base = bytes.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) } ?? withUnsafeMutablePointer(to: &empty) { UnsafePointer($0) }
        let document = xmlCtxtReadMemory(context, base, Int32(bytes.count), nil, nil, options)
        if let document { xmlFreeDoc(document) }

        var result = LibXML2Reading(reading: .rejected(""))
        result.hasParameterEntityReferences = context.pointee.hasPErefs != 0
        result.hasExternalSubset = context.pointee.hasExternalSubset != 0
        result.standalone = context.pointee.standalone
        result.unreplacedReference = unreplacedReference
        result.acceptedForbiddenDeclaration = forbiddenDeclaration
        result.parameterEntityLookups = parameterEntityLookups
        if document != nil, context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 {
            result.reading = .accepted(writer.finish())
        } else {
            let first = reports.first { $0.isWellFormednessError } ?? reports.first { $0.level >= XML_ERR_ERROR.rawValue }
            result.reading = .rejected(first?.description ?? "libxml2 rejected the document without an error")
        }
        result.errors = reports
        result.refusedLoads = loads
        return result
    }

    /// Replaces the content callbacks of libxml2's default SAX2 handler with ours.
    private static func installCallbacks(_ sax: UnsafeMutablePointer<xmlSAXHandler>?) {
        guard let sax else { return }
        sax.pointee.startElementNs = { _, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            var declarations: [TraceWriter.Declaration] = []
            for i in 0..<Int(namespaceCount) {
                declarations.append(.init(prefix: namespaces?[2 * i].map { LibXML2Reader.bytes($0) }, uri: LibXML2Reader.bytes(namespaces?[2 * i + 1])))
            }
            if declarations.contains(where: LibXML2Reader.isForbidden) { LibXML2Reader.forbiddenDeclaration = true }
            var list: [TraceWriter.Attribute] = []
            for i in 0..<Int(attributeCount) {
                // localname, prefix, URI, value, end: the value is not NUL-terminated.
                let value: [UInt8]
                if let start = attributes?[5 * i + 3], let end = attributes?[5 * i + 4] {
                    value = Array(UnsafeBufferPointer(start: start, count: end - start))
                } else {
                    value = []
                }
                list.append(.init(name: LibXML2Reader.qualifiedName(attributes?[5 * i + 1], attributes?[5 * i]), uri: attributes?[5 * i + 2].map { LibXML2Reader.bytes($0) }, value: value))
            }
            LibXML2Reader.writer.startElement(LibXML2Reader.qualifiedName(prefix, localName), uri: uri.map { LibXML2Reader.bytes($0) }, declarations: declarations, attributes: list)
        }
        sax.pointee.endElementNs = { _, localName, prefix, _ in
            LibXML2Reader.writer.endElement(LibXML2Reader.qualifiedName(prefix, localName))
        }
        let characters: charactersSAXFunc = { _, text, length in
            guard let text else { return }
            LibXML2Reader.writer.characters(Array(UnsafeBufferPointer(start: text, count: Int(length))))
        }
        sax.pointee.characters = characters
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.cdataBlock = characters
        sax.pointee.comment = { context, text in
            // Comments in the internal subset are not compared (our reader does not report them).
            guard !LibXML2Reader.inSubset(context) else { return }
            LibXML2Reader.writer.comment(LibXML2Reader.bytes(text))
        }
        sax.pointee.processingInstruction = { _, target, data in
            // Those of the internal subset come before the doctype line, as ours do.
            LibXML2Reader.writer.processingInstruction(target: LibXML2Reader.bytes(target), data: LibXML2Reader.bytes(data))
        }
        sax.pointee.getParameterEntity = { context, name in
            // libxml2's own lookup, noted (xmlParsePEReference asks once per reference).
            LibXML2Reader.parameterEntityLookups.append(LibXML2Reader.bytes(name))
            return xmlSAX2GetParameterEntity(context, name)
        }
        sax.pointee.reference = { _, _ in
            // Called for a reference libxml2 does not replace: an undeclared entity.
            LibXML2Reader.unreplacedReference = true
        }
        sax.pointee.externalSubset = { context, _, _, _ in
            // Called where the document type declaration ends: write it, and load nothing.
            guard let dtd = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee.myDoc?.pointee.intSubset else { return }
            LibXML2Reader.doctype(dtd)
        }
    }

    /// Whether Namespaces 1.0 forbids a declaration (§3, "Reserved Prefixes and Namespace
    /// Names"; "No Prefix Undeclaring"; the empty string as a prefixed namespace name).
    private static func isForbidden(_ declaration: TraceWriter.Declaration) -> Bool {
        let xml = Array("http://www.w3.org/XML/1998/namespace".utf8)
        let xmlns = Array("http://www.w3.org/2000/xmlns/".utf8)
        guard let prefix = declaration.prefix else { return declaration.uri == xml || declaration.uri == xmlns }
        if prefix == Array("xmlns".utf8) || declaration.uri == xmlns || declaration.uri.isEmpty { return true }
        return (prefix == Array("xml".utf8)) != (declaration.uri == xml)
    }

    private static func inSubset(_ context: UnsafeMutableRawPointer?) -> Bool {
        (context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee.inSubset ?? 0) != 0
    }

    /// The doctype line, notations and entity names.
    private static func doctype(_ dtd: UnsafeMutablePointer<xmlDtd>) {
        var entityNames: [[UInt8]] = []
        var child = dtd.pointee.children
        while let node = child {
            if node.pointee.type == XML_ENTITY_DECL {
                let entity = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlEntity.self)
                switch entity.pointee.etype {
                case XML_INTERNAL_GENERAL_ENTITY, XML_EXTERNAL_GENERAL_PARSED_ENTITY, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY:
                    entityNames.append(bytes(entity.pointee.name))
                default:
                    break
                }
            }
            child = node.pointee.next
        }
        var notations: [TraceWriter.Notation] = []
        if let table = dtd.pointee.notations {
            withUnsafeMutablePointer(to: &notations) { list in
                xmlHashScan(OpaquePointer(table), { payload, data, _ in
                    guard let payload, let data else { return }
                    let notation = payload.assumingMemoryBound(to: xmlNotation.self)
                    data.assumingMemoryBound(to: [TraceWriter.Notation].self).pointee.append(
                        TraceWriter.Notation(
                            name: LibXML2Reader.bytes(notation.pointee.name),
                            publicID: notation.pointee.PublicID.map { LibXML2Reader.bytes($0) },
                            systemID: notation.pointee.SystemID.map { LibXML2Reader.bytes($0) }))
                }, list)
            }
        }
        writer.doctype(
            name: bytes(dtd.pointee.name), publicID: dtd.pointee.ExternalID.map { bytes($0) }, systemID: dtd.pointee.SystemID.map { bytes($0) },
            notations: notations, entityNames: entityNames)
    }

    private static func qualifiedName(_ prefix: UnsafePointer<xmlChar>?, _ local: UnsafePointer<xmlChar>?) -> [UInt8] {
        guard let prefix else { return bytes(local) }
        return bytes(prefix) + [UInt8(ascii: ":")] + bytes(local)
    }

    /// The bytes of a NUL-terminated libxml2 string (empty for NULL).
    static func bytes(_ string: UnsafePointer<xmlChar>?) -> [UInt8] {
        guard let string else { return [] }
        return Array(UnsafeBufferPointer(start: string, count: strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))))
    }

    static func bytes(_ string: UnsafeMutablePointer<xmlChar>?) -> [UInt8] {
        bytes(UnsafePointer(string))
    }
}
