// XMLReader.Options: how the reader reads — its limits, whether it processes namespaces, and
// what it does with entity references a document never declares.
//
// Design: a plain value passed to the reader (and through `XMLDecoder.limits` and `XMLTree`'s
// initializers), so one configuration is shared by every entry point. For example,
// `XMLReader.Options(shouldProcessNamespaces: false, undeclaredEntityReplacements: .html)` reads
// `<a:b:c>caf&eacute;</a:b:c>`: the colons are ordinary name characters, and `&eacute;` is "é".

extension XMLReader {
    /// How the reader reads.
    public struct Options: Sendable, Hashable {
        /// The reader's limits.
        public var limits: Limits = Limits()
        /// Whether names are read as Namespaces 1.0 QNames: prefixes must be declared, colons
        /// are only allowed as the prefix separator, and ``XMLReader/namespaceURI(_:)`` resolves
        /// names. Default `true`. When `false`, a colon is an ordinary name character. (The name
        /// is Foundation's `XMLParser.shouldProcessNamespaces`; ``XMLTree/shouldProcessNamespaces``
        /// says how a tree was read.)
        public var shouldProcessNamespaces: Bool = true
        /// Replacement text for entity references the document uses without declaring them, such
        /// as HTML's `&eacute;` in an RSS feed; `nil` (the default) keeps XML's rule, under which
        /// such a reference is an ``XMLParsingError/Reason/undeclaredEntity(_:)`` error.
        ///
        /// Only names the document does not declare are looked up: the five predefined entities and
        /// those the DTD declares keep their meaning. A document read this way is not well-formed
        /// XML, and other XML tools refuse it. See ``XMLReader/EntityReplacements``.
        public var undeclaredEntityReplacements: EntityReplacements? = nil

        /// Options with the default values.
        public init(
            limits: Limits = Limits(), shouldProcessNamespaces: Bool = true,
            undeclaredEntityReplacements: EntityReplacements? = nil
        ) {
            self.limits = limits
            self.shouldProcessNamespaces = shouldProcessNamespaces
            self.undeclaredEntityReplacements = undeclaredEntityReplacements
        }
    }
}
