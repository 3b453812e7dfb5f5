// XMLDecoder: the public entry point for decoding. Same names and shapes as XMLCoder 0.18.2's
// XMLDecoder (an `open class` whose settings are mutable properties), so that code written for
// it compiles after changing the import; see Docs/XMLCoderAPI.md and the migration guide.
//
// Decoding a document: the bytes are read by `XMLReader` into an `XMLIndex` in one pass, then
// one `XMLDecoderImpl` walks the index as the model's `init(from:)` asks for values. Settings are
// copied once per call, under a lock, so one decoder can be shared by many tasks. The index's
// arrays are kept, emptied, for the next call, whichever decoder makes it (`DecodingScratch`).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` values from XML.
///
/// ```swift
/// struct Book: Codable {
///     @Attribute var name: String
///     var author: String
/// }
/// struct Catalog: Codable { var book: [Book] }
///
/// let catalog = try XMLDecoder().decode(Catalog.self, from: Data(xml.utf8))
/// ```
///
/// How XML meets a model:
///
/// - **Keys** find child elements first, then attributes, by name (``Attribute`` and ``Element``,
///   ``DynamicNodeDecoding`` or ``NodeDecodingStrategy`` restrict this). The `""` key reads an
///   element's own text, beside its attributes: `<price currency="EUR">12.5</price>`.
/// - **Lists**: an array property reads the repeated child elements named by its key
///   (`<book/><book/>`); a missing list is empty. ``XMLListCoding`` makes a property a wrapped
///   list (`<authors><author/>…</authors>`). A top-level array reads the root's child elements.
/// - **Optionals**: a missing key, or an element with `xsi:nil="true"`, is `nil`. An empty
///   element (`<note/>`) is `""` for `String?`, `nil` for numbers, booleans, dates and data, and a
///   value decoded from nothing for structs (whose own optional properties are then `nil`).
/// - **Namespaces**: keys match names as written (`prefix:local`); with
///   ``shouldProcessNamespaces`` they match local names; a key in Clark notation,
///   `{namespace-uri}local`, matches by namespace URI whatever prefix the document uses.
/// - **Errors** are `DecodingError`s whose description gives the coding path and the line and
///   column in the XML; a document that is not well-formed is `dataCorrupted` with the
///   ``XMLParsingError`` as `underlyingError`.
///
/// The working memory of a finished call (the document's index, emptied) is kept for the next call
/// of any decoder in the process (see ``releaseWorkingMemory()``), so a new decoder per call costs
/// no new memory. A decoder can be shared by concurrent tasks.
open class XMLDecoder: @unchecked Sendable {
    /// The settings one decoding run uses.
    internal struct Options {
        var dateDecodingStrategy: DateDecodingStrategy = .secondsSince1970
        var dataDecodingStrategy: DataDecodingStrategy = .base64
        var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
        var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
        var nodeDecodingStrategy: NodeDecodingStrategy = .deferredToDecoder
        var userInfo: [CodingUserInfoKey: Any] = [:]
        var errorContextLength: UInt = 0
        var shouldProcessNamespaces = false
        var trimValueWhitespaces = true
        var removeWhitespaceElements = false
        /// Whether the index keeps a node for every run of layout white space between two child
        /// elements (`XMLIndex.build`'s `dropsLayout`). Only tests and fuzzers set it, to compare
        /// decoding with and without those nodes: the results must be the same.
        var keepsLayoutWhitespace = false
        var limits = XMLReader.Limits()
        var undeclaredEntityReplacements: XMLReader.EntityReplacements?

        /// The reader's options for a decoding run.
        var readerOptions: XMLReader.Options {
            XMLReader.Options(limits: limits, undeclaredEntityReplacements: undeclaredEntityReplacements)
        }
    }

    private let options: Locked<Options>

    /// The settings a decoding call uses: a copy of the current ones.
    internal var currentOptions: Options { options.current }

    /// The namespace of `xsi:nil`.
    static let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - trimValueWhitespaces: whether leading and trailing white space is removed from text
    ///     values (spaces inside a value are always kept). Default `true`.
    ///   - removeWhitespaceElements: whether white-space-only text between child elements is
    ///     ignored when reading an element as a list. Default `false`.
    public init(trimValueWhitespaces: Bool = true, removeWhitespaceElements: Bool = false) {
        var options = Options()
        options.trimValueWhitespaces = trimValueWhitespaces
        options.removeWhitespaceElements = removeWhitespaceElements
        self.options = Locked(options)
    }

    /// How dates are read. Default ``DateDecodingStrategy/secondsSince1970`` (as in XMLCoder).
    ///
    /// For XML Schema's dates (`2000-10-01`, `2000-10-01T12:00:00Z`), use
    /// ``DateDecodingStrategy/xmlSchemaDate`` or ``DateDecodingStrategy/xmlSchemaDateTime``. A
    /// date's text that the strategy does not read throws `DecodingError.dataCorrupted` naming the
    /// strategy and, when the text is in a form another strategy reads, that strategy.
    open var dateDecodingStrategy: DateDecodingStrategy {
        get { options.withLock { $0.dateDecodingStrategy } }
        set { options.withLock { $0.dateDecodingStrategy = newValue } }
    }

    /// How `Data` values are read. Default ``DataDecodingStrategy/base64``.
    open var dataDecodingStrategy: DataDecodingStrategy {
        get { options.withLock { $0.dataDecodingStrategy } }
        set { options.withLock { $0.dataDecodingStrategy = newValue } }
    }

    /// How infinities and NaN are read. Default ``NonConformingFloatDecodingStrategy/throw``.
    open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { options.withLock { $0.nonConformingFloatDecodingStrategy } }
        set { options.withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// How XML names are turned into coding keys. Default ``KeyDecodingStrategy/useDefaultKeys``.
    open var keyDecodingStrategy: KeyDecodingStrategy {
        get { options.withLock { $0.keyDecodingStrategy } }
        set { options.withLock { $0.keyDecodingStrategy = newValue } }
    }

    /// Whether each key is read from an attribute, a child element or either.
    /// Default ``NodeDecodingStrategy/deferredToDecoder``.
    open var nodeDecodingStrategy: NodeDecodingStrategy {
        get { options.withLock { $0.nodeDecodingStrategy } }
        set { options.withLock { $0.nodeDecodingStrategy = newValue } }
    }

    /// Values passed to every `init(from:)` through `Decoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: Any] {
        get { options.withLock { $0.userInfo } }
        set { options.withLock { $0.userInfo = newValue } }
    }

    /// Kept for compatibility with XMLCoder, where it added source context to parse errors. Errors
    /// always say where they are here (line and column); this setting has no effect.
    open var errorContextLength: UInt {
        get { options.withLock { $0.errorContextLength } }
        set { options.withLock { $0.errorContextLength = newValue } }
    }

    /// Whether keys match element and attribute names without their prefix (the local name).
    /// Default `false`: keys match names as written, `prefix:local`.
    open var shouldProcessNamespaces: Bool {
        get { options.withLock { $0.shouldProcessNamespaces } }
        set { options.withLock { $0.shouldProcessNamespaces = newValue } }
    }

    /// Whether leading and trailing white space is removed from text values. Spaces inside a value,
    /// including those next to entity and character references, are always kept.
    open var trimValueWhitespaces: Bool {
        get { options.withLock { $0.trimValueWhitespaces } }
        set { options.withLock { $0.trimValueWhitespaces = newValue } }
    }

    /// Whether white-space-only text between child elements is ignored when an element is read as
    /// a list (it always is when the element has no other text).
    open var removeWhitespaceElements: Bool {
        get { options.withLock { $0.removeWhitespaceElements } }
        set { options.withLock { $0.removeWhitespaceElements = newValue } }
    }

    /// Whether the document's index keeps a node for every run of layout white space between two
    /// child elements, which it otherwise leaves out and finds again in the document when a value
    /// needs it. Decoding gives the same results either way; the tests and the fuzzers compare the
    /// two (`@_spi(Testing) import XMLCodableCore`). Default `false`.
    @_spi(Testing) public var keepsLayoutWhitespace: Bool {
        get { options.withLock { $0.keepsLayoutWhitespace } }
        set { options.withLock { $0.keepsLayoutWhitespace = newValue } }
    }

    /// The reader's limits (depth, entity expansion, attributes, name length) for hostile input.
    open var limits: XMLReader.Limits {
        get { options.withLock { $0.limits } }
        set { options.withLock { $0.limits = newValue } }
    }

    /// Replacement text for entity references that documents use without declaring them, such as
    /// HTML's `&eacute;` or `&nbsp;` in an RSS feed. Default `nil`: such a reference is an error,
    /// as XML requires (the document is not well-formed).
    ///
    /// ```swift
    /// let decoder = XMLDecoder()
    /// decoder.undeclaredEntityReplacements = .html
    /// let feed = try decoder.decode(RSS.self, from: data)   // "Caf&eacute;" reads "Café"
    /// ```
    ///
    /// Only names the document does not declare are looked up; the predefined entities and the
    /// DTD's keep their meaning. The documents this accepts are refused by other XML tools. See
    /// ``XMLReader/EntityReplacements`` and ``XMLReader/Options/undeclaredEntityReplacements``.
    open var undeclaredEntityReplacements: XMLReader.EntityReplacements? {
        get { options.withLock { $0.undeclaredEntityReplacements } }
        set { options.withLock { $0.undeclaredEntityReplacements = newValue } }
    }

    // MARK: - Decoding

    /// Decodes a value of type `T` from an XML document.
    ///
    /// The root element is the value: its attributes and children are the keys of a keyed
    /// container, its text is a single value, its children the items of an unkeyed container.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a document that is not well-formed (with the
    ///   ``XMLParsingError`` as `underlyingError`), and the other `DecodingError`s when the
    ///   document does not fit `T`.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { bytes in try decode(type, fromBytes: bytes) }
    }

    /// Decodes a value of type `T` from the bytes of an XML document.
    open func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { bytes in try decode(type, fromBytes: bytes) }
    }

    /// Decodes a value of type `T` from an XML document in a string.
    open func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        var string = string
        return try string.withUTF8 { bytes in try decode(type, fromBytes: UnsafeRawBufferPointer(bytes)) }
    }

    /// Decodes a value of type `T` from an XML file.
    ///
    /// - Throws: the error reading the file, or a `DecodingError`.
    open func decode<T: Decodable>(_ type: T.Type, contentsOf url: URL) throws -> T {
        try decode(type, from: try Data(contentsOf: url))
    }

    /// Frees the working memory that finished calls keep for the next ones.
    ///
    /// A decoding call's largest allocations are its index of the document (a few times the
    /// document's size). When the call ends they are kept, emptied, for the next call of any
    /// decoder in the process, since filling memory already in use is much faster than having the
    /// system provide new pages: at most four sets and 256 MB in all. A set over 32 MB (a document
    /// of some 20 MB or more) is kept only when its call filled at least half of it, so the next
    /// call of a much smaller document frees it. Call this after decoding a large document when the
    /// memory is better used elsewhere; decoding works the same after it.
    public static func releaseWorkingMemory() {
        DecodingScratch.pool.releaseAll()
    }

    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        let options = self.options.current
        guard bytes.count <= XMLIndex.maxDocumentSize else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "The document is \(bytes.count) bytes; XMLDecoder decodes documents of up to 4 GiB."))
        }
        // A type with a generated field-stream reader is read with it when the settings read its
        // fields as Codable would and the type does not place its keys itself (XMLFieldDecodable.swift).
        // A document the generated reader cannot read as Codable would (a second element for a
        // single-valued property) is decoded through Codable (XMLFieldStream.restartsThroughCodable).
        if let generated = T.self as? any XMLFieldDecodable.Type, Self.readsGenerated(generated, options: options) {
            do {
                return try decodeGenerated(generated, fromBytes: bytes, options: options) as! T
            } catch is XMLFieldStream.DecodeThroughCodable {}
        }
        var scratch = DecodingScratch.take()
        var index: XMLIndex
        var reader: XMLReader
        do {
            reader = try XMLReader(unsafeBytes: bytes, options: options.readerOptions)
            index = try XMLIndex.build(&reader, reusing: &scratch, dropsLayout: !options.keepsLayoutWhitespace)
        } catch {
            throw Self.notWellFormed(error)
        }
        let (value, leftover) = try reader.input.withUncheckedBytes { document -> (T, DecodingScratch) in
            let decoder = XMLDecoderImpl(
                index: index, reader: reader, options: options, document: document,
                listNodes: scratch.listNodes, keyNames: scratch.keyNames, containerBoxes: scratch.containerBoxes)
            // `document` is the caller's: whatever kept the decoder or a container refuses to use
            // them once this call returns.
            defer { decoder.finish() }
            // The decoder's copies are now the only references to the arrays, so that once it is
            // gone they can be emptied in place for the next call.
            index = XMLIndex()
            scratch = DecodingScratch()
            let value = try decoder.unwrap(.element(decoder.index.root), as: type, path: .root)
            let storage = decoder.index.storage
            return (
                value,
                DecodingScratch(
                    nodes: storage.nodes, attributes: storage.attributes, listNodes: decoder.listNodes,
                    keyNames: decoder.keyNames, containerBoxes: decoder.takeReusableContainers())
            )
        }
        DecodingScratch.giveBack(leftover)
        return value
    }
}

extension XMLDecoder {
    /// The error for a document that is not well-formed, as every decoding call throws it (a whole
    /// document, or elements streamed one by one): `dataCorrupted` at the top level, with the
    /// reader's error as the underlying error.
    static func notWellFormed(_ error: XMLParsingError) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription:
                    "The given data is not well-formed XML: \(error.reason), at line \(error.line), column "
                    + "\(error.column).",
                underlyingError: error))
    }
}
