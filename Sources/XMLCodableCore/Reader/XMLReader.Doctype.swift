// What the reader reports of the prolog: the XML declaration and the document type declaration.

extension XMLReader {
    /// The XML declaration (`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`).
    public struct Declaration: Sendable, Hashable {
        /// The version, such as `"1.0"`.
        public var version: String
        /// The declared encoding, as written, or `nil` when none is declared.
        public var encoding: String?
        /// The standalone declaration, or `nil` when there is none.
        public var standalone: Bool?

        /// Creates a declaration from its parts.
        public init(version: String, encoding: String? = nil, standalone: Bool? = nil) {
            self.version = version
            self.encoding = encoding
            self.standalone = standalone
        }
    }

    /// The document type declaration (`<!DOCTYPE root SYSTEM "…" [ … ]>`) as far as a
    /// non-validating reader keeps it.
    public struct Doctype: Sendable, Hashable {
        /// The declared name of the root element.
        public var name: String
        /// The public identifier of the external subset, if any. It is never loaded.
        public var publicID: String?
        /// The system identifier of the external subset, if any. It is never loaded.
        public var systemID: String?
        /// The notations declared in the internal subset, in declaration order.
        public var notations: [Notation]
        /// The names of the general entities declared in the internal subset, in declaration order.
        public var entityNames: [String]

        /// Creates a doctype from its parts.
        public init(name: String, publicID: String? = nil, systemID: String? = nil, notations: [Notation] = [], entityNames: [String] = []) {
            self.name = name
            self.publicID = publicID
            self.systemID = systemID
            self.notations = notations
            self.entityNames = entityNames
        }
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
}
