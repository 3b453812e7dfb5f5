// Reading an XMLTree: the reader's events indexed into a store, the root element referring to it.
//
// Reading is the decoder's indexing pass (XMLIndex.build) that also keeps comments, processing
// instructions and empty CDATA sections: no string is made and no element value built while the
// document is read. The tree's values are made from the store when they are asked for (see
// XMLTree.Store.swift), so a lookup in a large document touches only what it walks:
//
//     let tree = try XMLTree(parsing: data)      // one pass: index + markup, no strings
//     tree["books"]["book"][1]["author"].text    // makes two names' worth of comparisons and one string

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree {
    /// Parses a document from its bytes: UTF-8, UTF-16, UTF-32 or an encoding its XML declaration
    /// names (see <doc:Encodings>).
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - options: the reader's options: limits, and whether namespaces are processed (when they
    ///     are, every ``Name/namespaceURI`` is filled in).
    /// - Throws: ``XMLParsingError`` for a document that is not well-formed or breaks a limit.
    public init(parsing bytes: [UInt8], options: XMLReader.Options = XMLReader.Options()) throws(XMLParsingError) {
        var reader = try XMLReader(bytes, options: Self.treeOptions(options))
        self = try Self.build(&reader, namespaceAware: options.shouldProcessNamespaces)
    }

    /// Parses a document from `Data`; see ``init(parsing:options:)-([UInt8],_)``.
    public init(parsing data: Data, options: XMLReader.Options = XMLReader.Options()) throws(XMLParsingError) {
        var reader = try XMLReader(data, options: Self.treeOptions(options))
        self = try Self.build(&reader, namespaceAware: options.shouldProcessNamespaces)
    }

    /// Parses a document from a string; see ``init(parsing:options:)-([UInt8],_)``.
    public init(parsing string: String, options: XMLReader.Options = XMLReader.Options()) throws(XMLParsingError) {
        var reader = XMLReader(string, options: Self.treeOptions(options))
        self = try Self.build(&reader, namespaceAware: options.shouldProcessNamespaces)
    }

    /// Reads and parses an XML file.
    ///
    /// - Throws: the error reading the file, or ``XMLParsingError``.
    public init(contentsOf url: URL, options: XMLReader.Options = XMLReader.Options()) throws {
        try self.init(parsing: try Data(contentsOf: url), options: options)
    }

    private static func treeOptions(_ options: XMLReader.Options) -> XMLReader.Options {
        var options = options
        options.limits.maxDepth = min(options.limits.maxDepth, maxDepth)
        return options
    }

    /// Reads the document into a store (see XMLTree.Store.swift): the reader's index of it, its
    /// comments and processing instructions; the root element refers to the store.
    private static func build(_ reader: inout XMLReader, namespaceAware: Bool) throws(XMLParsingError) -> XMLTree {
        var markup: [XMLIndex.Markup] = []
        let index = try XMLIndex.build(&reader, markup: &markup)
        guard !index.nodes.isEmpty else {
            // The reader reports a missing root element itself; this is only a safety net.
            throw XMLParsingError(reason: .missingRootElement, offset: 0, line: 1, column: 1)
        }
        let store = Store(reader: reader, index: index, markup: markup, shouldProcessNamespaces: namespaceAware)
        let (prologue, epilogue) = store.outsideRoot()
        return XMLTree(
            root: Element(store: store, node: index.root), declaration: reader.declaration, doctype: reader.doctype,
            prologue: prologue,
            epilogue: epilogue, shouldProcessNamespaces: namespaceAware)
    }
}
