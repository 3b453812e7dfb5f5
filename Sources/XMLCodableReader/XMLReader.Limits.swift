// XMLReader.Limits: what the reader refuses to do on behalf of hostile input.

extension XMLReader {
    /// Bounds on what a document may make the reader do. Each breach throws its own
    /// ``XMLParsingError/Reason``.
    ///
    /// The defaults accept any reasonable document and stop the known attacks: deep nesting,
    /// "billion laughs" (nested entity expansion), quadratic blowup (one large entity referenced
    /// many times), huge numbers of attributes and giant names.
    public struct Limits: Sendable, Hashable {
        /// The deepest element nesting allowed. Default 256 (libxml2's default).
        public var maxDepth: Int = 256
        /// The most bytes that entity expansion may produce in one document, in content and
        /// attribute values together. Default 10,000,000.
        public var maxEntityExpansionBytes: Int = 10_000_000
        /// Once entity expansion has produced more than ``entityExpansionRatioThreshold`` bytes, it
        /// may not produce more than this many times the document's own size. Default 10.
        public var maxEntityExpansionRatio: Int = 10
        /// The expansion size from which ``maxEntityExpansionRatio`` applies. Default 1 MiB.
        public var entityExpansionRatioThreshold: Int = 1 << 20
        /// The most attributes one element may have (defaulted ones included). Default 10,000.
        public var maxAttributesPerElement: Int = 10_000
        /// The longest name, in bytes. Default 50,000.
        public var maxNameLength: Int = 50_000
        /// When a document is read in chunks (a file, a pipe, async bytes): the longest single token
        /// the reader holds in memory, in bytes — a start tag with its attributes, a comment, a
        /// processing instruction, a CDATA section or the DOCTYPE declaration. Text is not bounded
        /// by it: a long run of text is reported in several ``XMLEvent/text(_:)`` events. Default
        /// 64 MiB. Documents in memory are not affected.
        public var maxTokenLength: Int = 64 << 20

        /// Limits with the default values.
        public init() {}
    }
}
