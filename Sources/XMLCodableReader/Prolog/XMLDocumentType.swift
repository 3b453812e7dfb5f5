// XMLDocumentType: the one type for the document type declaration (`<!DOCTYPE root SYSTEM "…">`)
// across the library — what `XMLReader` reports, what an `XMLTree` keeps and writes, and what
// `XMLEncoder` writes before the root element.
//
// Design: the fields are the reader's (the name, the external identifiers, and what the internal
// subset declared that a non-validating reader keeps); XMLCoder 0.18.2's spelling — `rootElement`,
// `external`, `dtdName`, `dtdLocation`, `.public(…)`, `.system(…)` — is a view of the same fields,
// so code written for XMLCoder compiles unchanged. Whether one can be written is decided in one
// place, `XMLWriter.appendDeclaration`/`appendDoctype` (Writer/XMLWriter+Prolog.swift), for the
// encoder and the tree alike:
//
//     XMLDocumentType.system(rootElement: "note", dtdLocation: "note.dtd")
//     // == XMLDocumentType(name: "note", systemID: "note.dtd")
//     // written: <!DOCTYPE note SYSTEM "note.dtd">

/// The document type declaration: `<!DOCTYPE root SYSTEM "…">` or `<!DOCTYPE root PUBLIC "…" "…">`.
///
/// ``XMLReader/doctype`` reports it (as far as a non-validating reader keeps it), ``XMLTree/doctype``
/// keeps it, and ``XMLEncoder`` writes it, with XMLCoder's spelling:
///
/// ```swift
/// let xml = try XMLEncoder().encode(note, withRootKey: "note",
///                                   doctype: .system(rootElement: "note", dtdLocation: "note.dtd"))
/// // <!DOCTYPE note SYSTEM "note.dtd">
/// // <note>…</note>
/// ```
///
/// The external subset named by ``systemID`` is never loaded.
public struct XMLDocumentType: Sendable, Hashable {
    /// XMLCoder's kind of external identifier: `PUBLIC` (a public identifier and a location) or
    /// `SYSTEM` (a location only).
    public enum External: String, Sendable {
        /// `PUBLIC "name" "location"`.
        case `public` = "PUBLIC"
        /// `SYSTEM "location"`.
        case system = "SYSTEM"
    }

    /// A notation declaration (`<!NOTATION name PUBLIC "…" "…">`).
    public struct Notation: Sendable, Hashable {
        /// The notation's name.
        public var name: String
        /// Its public identifier, if any.
        public var publicID: String?
        /// Its system identifier, if any.
        public var systemID: String?

        /// Creates a notation from its parts.
        public init(name: String, publicID: String? = nil, systemID: String? = nil) {
            self.name = name
            self.publicID = publicID
            self.systemID = systemID
        }
    }

    /// The declared name of the root element.
    public var name: String
    /// The public identifier of the external subset, if any.
    public var publicID: String?
    /// The system identifier of the external subset (its location), if any. It is never loaded.
    public var systemID: String?
    /// The notations declared in the internal subset, in declaration order (kept by the reader;
    /// not written).
    public var notations: [Notation]
    /// The names of the general entities declared in the internal subset, in declaration order
    /// (kept by the reader; not written: a parsed tree has its entities expanded).
    public var entityNames: [String]

    /// Creates a document type declaration from its parts.
    public init(
        name: String, publicID: String? = nil, systemID: String? = nil, notations: [Notation] = [],
        entityNames: [String] = []
    ) {
        self.name = name
        self.publicID = publicID
        self.systemID = systemID
        self.notations = notations
        self.entityNames = entityNames
    }

    /// A PUBLIC document type declaration (XMLCoder's spelling).
    public static func `public`(rootElement: String, dtdName: String, dtdLocation: String) -> XMLDocumentType {
        XMLDocumentType(name: rootElement, publicID: dtdName, systemID: dtdLocation)
    }

    /// A SYSTEM document type declaration (XMLCoder's spelling).
    public static func system(rootElement: String, dtdLocation: String) -> XMLDocumentType {
        XMLDocumentType(name: rootElement, systemID: dtdLocation)
    }

    /// The root element's name: ``name`` (XMLCoder's spelling).
    public var rootElement: String { name }
    /// `.public` when there is a ``publicID``, else `.system` (XMLCoder's spelling).
    public var external: External { publicID == nil ? .system : .public }
    /// The public identifier: ``publicID`` (XMLCoder's spelling).
    public var dtdName: String? { publicID }
    /// The system identifier: ``systemID``, or an empty string when there is none (XMLCoder's spelling).
    public var dtdLocation: String { systemID ?? "" }
}
