// LibXML2Reader: libxml2's side of the differential target, locked away from files and network.
//
// Design: the document is parsed in memory with libxml2's tree API (`xmlCtxtReadMemory`) and the
// resulting tree is walked into the same canonical lines as our reader's events (Trace.swift).
// The tree is libxml2's best-tested path: it merges adjacent text for us, substitutes entities
// (`XML_PARSE_NOENT`), adds attribute defaults from the DTD (`XML_PARSE_DTDATTR`) and keeps
// processing instructions of the internal subset in the DTD node, in order. The options:
//
//   XML_PARSE_NOENT | XML_PARSE_DTDATTR | XML_PARSE_NONET     (no XML_PARSE_RECOVER, no HUGE)
//
// A document is well-formed for libxml2 when it returns a tree and its context's `nsWellFormed`
// is still set: namespace errors (an undeclared prefix, say) are reported but do not stop
// libxml2 from building the tree.
//
// libxml2 must touch nothing outside the input. `XML_PARSE_NOENT` and `XML_PARSE_DTDATTR` both
// make it want the external subset and external entities, so every load goes through an external
// entity loader (`xmlSetExternalEntityLoader`) that refuses: it returns NULL and records the
// attempt, with whether the parser was in the internal subset (an external parameter entity),
// the external subset, or content (an external general entity). Catalog resolution, which would
// read /etc/xml/catalog, only happens in libxml2's default loader, which is never called;
// catalog PIs are refused too (`xmlCatalogSetDefaults(XML_CATA_ALLOW_NONE)`). Errors go to a
// structured handler that records them (domain, code, level, message) instead of printing.
//
// Example: `<!DOCTYPE r SYSTEM "r.dtd"><r/>` calls the loader once, for "r.dtd", with
// `inSubset == 2`; the loader says no, libxml2 carries on without the external subset, and the
// reading is `doctype "r" public - system "r.dtd"`, `start "r" {-} |`, `end "r"`.

import CLibXML2

#if canImport(Glibc)
import Glibc
#endif

/// What libxml2 made of a document, with what the known-difference filters need to know.
struct LibXML2Reading {
    var reading: Reading
    /// Every error and warning libxml2 reported, in order.
    var errors: [LibXML2Reader.Report] = []
    /// For each refused load: `ctxt->inSubset` at the time (0 content, 1 internal subset, 2 external subset).
    var refusedLoads: [Int32] = []
    /// Whether the tree held an entity reference node: a reference libxml2 did not replace (an
    /// undeclared or unread entity).
    var unreplacedReference = false
    /// Whether the internal subset had parameter-entity references (`ctxt->hasPErefs`).
    var hasParameterEntityReferences = false
    /// Whether the document type declaration names an external subset (`ctxt->hasExternalSubset`).
    var hasExternalSubset = false
    /// The document's standalone declaration, as libxml2 read it (`ctxt->standalone`: -1 none, 0 no, 1 yes).
    var standalone: Int32 = -1
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

    /// Parses `bytes` and returns the canonical reading.
    static func read(_ bytes: UnsafeRawBufferPointer) -> LibXML2Reading {
        _ = setUp
        reports = []
        loads = []
        guard let context = xmlNewParserCtxt() else { return LibXML2Reading(reading: .rejected("libxml2: no parser context")) }
        defer { xmlFreeParserCtxt(context) }
        // A zero-length buffer still needs an address.
        var empty: CChar = 0
        let base = bytes.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) } ?? withUnsafeMutablePointer(to: &empty) { UnsafePointer($0) }
        let document = xmlCtxtReadMemory(context, base, Int32(bytes.count), nil, nil, options)
        defer { if let document { xmlFreeDoc(document) } }

        var result = LibXML2Reading(reading: .rejected(""))
        result.hasParameterEntityReferences = context.pointee.hasPErefs != 0
        result.standalone = context.pointee.standalone
        result.hasExternalSubset = context.pointee.hasExternalSubset != 0
        if let document, context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 {
            var writer = TraceWriter()
            walk(document.pointee.children, document, &writer, &result)
            result.reading = .accepted(writer.finish())
        } else {
            let first = reports.first { $0.isWellFormednessError } ?? reports.first { $0.level >= XML_ERR_ERROR.rawValue }
            result.reading = .rejected(first?.description ?? "libxml2 rejected the document without an error")
        }
        result.errors = reports
        result.refusedLoads = loads
        return result
    }

    /// Walks a list of sibling nodes (and their descendants) into `writer`.
    private static func walk(_ first: xmlNodePtr?, _ document: xmlDocPtr, _ writer: inout TraceWriter, _ result: inout LibXML2Reading) {
        var next = first
        while let node = next {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                writer.startElement(
                    qualifiedName(node.pointee.ns?.pointee.prefix, node.pointee.name),
                    uri: node.pointee.ns.map { bytes($0.pointee.href) },
                    declarations: declarations(node.pointee.nsDef),
                    attributes: attributes(node.pointee.properties, &result))
                walk(node.pointee.children, document, &writer, &result)
                writer.endElement(qualifiedName(node.pointee.ns?.pointee.prefix, node.pointee.name))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                writer.characters(bytes(node.pointee.content))
            case XML_ENTITY_REF_NODE:
                // Not replaced: the entity was undeclared or external (and not loaded).
                result.unreplacedReference = true
            case XML_COMMENT_NODE:
                writer.comment(bytes(node.pointee.content))
            case XML_PI_NODE:
                writer.processingInstruction(target: bytes(node.pointee.name), data: bytes(node.pointee.content))
            case XML_DTD_NODE:
                doctype(UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self), &writer)
            default:
                writer.comment(Array("unexpected libxml2 node type \(node.pointee.type.rawValue)".utf8))
            }
            next = node.pointee.next
        }
    }

    /// The DTD: its processing instructions (in order), then the doctype, notations and entity names.
    private static func doctype(_ dtd: UnsafeMutablePointer<xmlDtd>, _ writer: inout TraceWriter) {
        var entityNames: [[UInt8]] = []
        var child = dtd.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_PI_NODE:
                writer.processingInstruction(target: bytes(node.pointee.name), data: bytes(node.pointee.content))
            case XML_ENTITY_DECL:
                let entity = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlEntity.self)
                switch entity.pointee.etype {
                case XML_INTERNAL_GENERAL_ENTITY, XML_EXTERNAL_GENERAL_PARSED_ENTITY, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY:
                    entityNames.append(bytes(entity.pointee.name))
                default:
                    break
                }
            default:
                break
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

    private static func declarations(_ first: xmlNsPtr?) -> [TraceWriter.Declaration] {
        var result: [TraceWriter.Declaration] = []
        var next = first
        while let ns = next {
            result.append(.init(prefix: ns.pointee.prefix.map { bytes($0) }, uri: bytes(ns.pointee.href)))
            next = ns.pointee.next
        }
        return result
    }

    private static func attributes(_ first: xmlAttrPtr?, _ result: inout LibXML2Reading) -> [TraceWriter.Attribute] {
        var list: [TraceWriter.Attribute] = []
        var next = first
        while let attribute = next {
            var value: [UInt8] = []
            var child = attribute.pointee.children
            while let node = child {
                if node.pointee.type == XML_TEXT_NODE {
                    value += bytes(node.pointee.content)
                } else if node.pointee.type == XML_ENTITY_REF_NODE {
                    result.unreplacedReference = true
                }
                child = node.pointee.next
            }
            list.append(
                .init(
                    name: qualifiedName(attribute.pointee.ns?.pointee.prefix, attribute.pointee.name), uri: attribute.pointee.ns.map { bytes($0.pointee.href) },
                    value: value))
            next = attribute.pointee.next
        }
        return list
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
