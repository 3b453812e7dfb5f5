// Former public names, kept as deprecated spellings so that code using them still compiles.
// The library now has one type for the XML declaration (`XMLDeclaration`) and one for the
// document type declaration (`XMLDocumentType`) across the reader, the tree and the encoder; it
// spells the namespace switch `shouldProcessNamespaces` everywhere (Foundation's `XMLParser` and
// XMLCoder's `XMLDecoder` name) and a depth limit `maxDepth` (as `XMLReader.Limits` does):
//
//     XMLReader.Declaration                    // now XMLDeclaration
//     XMLReader.Doctype, XMLReader.Notation    // now XMLDocumentType, XMLDocumentType.Notation
//     tree.namespaceAware                      // now tree.shouldProcessNamespaces
//     XMLReader.Options(processNamespaces: false)  // now XMLReader.Options(shouldProcessNamespaces: false)
//     XMLTree.maximumDepth                     // now XMLTree.maxDepth

extension XMLTree {
    /// Whether names follow Namespaces 1.0; renamed ``shouldProcessNamespaces``.
    @available(*, deprecated, renamed: "shouldProcessNamespaces")
    public var namespaceAware: Bool {
        get { shouldProcessNamespaces }
        set { shouldProcessNamespaces = newValue }
    }

    /// The deepest nesting a parsed tree accepts; renamed ``maxDepth``.
    @available(*, deprecated, renamed: "maxDepth")
    public static var maximumDepth: Int { maxDepth }

    /// Creates a document from its parts; `namespaceAware` is now `shouldProcessNamespaces`.
    @available(*, deprecated, renamed: "init(root:declaration:doctype:prologue:epilogue:shouldProcessNamespaces:)")
    public init(
        root: Element, declaration: XMLDeclaration? = nil, doctype: XMLDocumentType? = nil, prologue: [Node] = [], epilogue: [Node] = [],
        namespaceAware: Bool
    ) {
        self.init(root: root, declaration: declaration, doctype: doctype, prologue: prologue, epilogue: epilogue, shouldProcessNamespaces: namespaceAware)
    }
}

extension XMLReader.Options {
    /// Whether names are read as Namespaces 1.0 QNames; renamed ``shouldProcessNamespaces``.
    @available(*, deprecated, renamed: "shouldProcessNamespaces")
    public var processNamespaces: Bool {
        get { shouldProcessNamespaces }
        set { shouldProcessNamespaces = newValue }
    }

    /// Options with a namespace switch; `processNamespaces` is now `shouldProcessNamespaces`.
    @available(*, deprecated, renamed: "init(limits:shouldProcessNamespaces:undeclaredEntityReplacements:)")
    public init(limits: XMLReader.Limits = XMLReader.Limits(), processNamespaces: Bool, undeclaredEntityReplacements: XMLReader.EntityReplacements? = nil) {
        self.init(limits: limits, shouldProcessNamespaces: processNamespaces, undeclaredEntityReplacements: undeclaredEntityReplacements)
    }
}

extension XMLReader {
    /// The XML declaration; now ``XMLDeclaration``, shared by the reader, the tree and the encoder.
    @available(*, deprecated, renamed: "XMLDeclaration")
    public typealias Declaration = XMLDeclaration

    /// The document type declaration; now ``XMLDocumentType``, shared by the reader, the tree and
    /// the encoder.
    @available(*, deprecated, renamed: "XMLDocumentType")
    public typealias Doctype = XMLDocumentType

    /// A notation declaration; now ``XMLDocumentType/Notation``.
    @available(*, deprecated, renamed: "XMLDocumentType.Notation")
    public typealias Notation = XMLDocumentType.Notation
}
