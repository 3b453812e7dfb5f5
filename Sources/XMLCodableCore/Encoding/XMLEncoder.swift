// XMLEncoder: the public entry point for encoding, with XMLCoder 0.18.2's names and shapes (an
// `open class` whose settings are mutable properties).
//
// Encoding a value: one `XMLEncoderImpl` builds an element tree (`XMLEncodedTree`, a flat arena)
// as the value's `encode(to:)` runs (checking names and characters as they arrive, where the
// coding path is known), then `XMLWriter` serializes the tree into UTF-8. Settings are copied once
// per call, under a lock, so one encoder can be shared by many tasks.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes `Encodable` values as XML.
///
/// ```swift
/// let xml = try XMLEncoder().encode(catalog, withRootKey: "books", header: XMLHeader(version: 1.0))
/// ```
///
/// Properties become child elements (or attributes, through ``Attribute``, ``DynamicNodeEncoding``
/// or ``nodeEncodingStrategy``); arrays become repeated elements named by their key; the `""` key
/// writes an element's own text. Characters XML 1.0 cannot carry and keys that are not XML names
/// are refused with an `EncodingError` rather than written as broken XML.
///
/// For the same value and settings the output is XMLCoder 0.18.2's, byte for byte, except where
/// XMLCoder's output would lose data or not be well-formed (see <doc:MigratingFromXMLCoder>):
///
/// ```swift
/// struct Note: Codable { var to: String; var body: String }
/// try XMLEncoder().encodeToString(Note(to: "Tom's", body: ""), withRootKey: "note")
/// // <note><to>Tom&apos;s</to><body></body></note>
/// ```
///
/// ``OutputFormatting/compactEmptyElements`` and ``OutputFormatting/minimalEscaping`` give a
/// shorter form: `<note><to>Tom's</to><body/></note>`.
open class XMLEncoder: @unchecked Sendable {
    internal struct Options {
        var outputFormatting: OutputFormatting = []
        var prettyPrintIndentation: PrettyPrintIndentation = .spaces(4)
        var dateEncodingStrategy: DateEncodingStrategy = .secondsSince1970
        var dataEncodingStrategy: DataEncodingStrategy = .base64
        var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
        var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
        var nodeEncodingStrategy: NodeEncodingStrategy = .deferredToEncoder
        var stringEncodingStrategy: StringEncodingStrategy = .deferredToString
        var nilEncodingStrategy: NilEncodingStrategy = .omitted
        var enumPayloadEncodingStrategy: EnumPayloadEncodingStrategy = .underscoreElement
        var userInfo: [CodingUserInfoKey: Any] = [:]
        var charactersEscapedInAttributes: [(String, String)] = XMLEscaping.defaultTable {
            didSet {
                tablesAreDefault = XMLEscaping.areDefault(charactersEscapedInElements, charactersEscapedInAttributes)
            }
        }
        var charactersEscapedInElements: [(String, String)] = XMLEscaping.defaultTable {
            didSet {
                tablesAreDefault = XMLEscaping.areDefault(charactersEscapedInElements, charactersEscapedInAttributes)
            }
        }
        /// Whether both tables are XMLCoder's defaults (worked out when they are set, not per call).
        var tablesAreDefault = true
    }

    private let options = Locked(Options())

    /// The settings an encoding call uses: a copy of the current ones.
    internal var currentOptions: Options { options.current }
    /// The size of the last document's tree, to size the next one's buffers.
    private let lastTreeSize = Locked(XMLEncodedTree.Capacity())

    /// Creates an encoder with the default settings.
    public init() {}

    /// Layout and escaping options: pretty printing, sorted keys, no empty-element tags, the
    /// compact forms. Default: compact, with XMLCoder's spelling of empty elements (`<a />`) and
    /// escaping (see ``OutputFormatting``).
    open var outputFormatting: OutputFormatting {
        get { options.withLock { $0.outputFormatting } }
        set { options.withLock { $0.outputFormatting = newValue } }
    }

    /// The indentation of pretty-printed output. Default four spaces.
    open var prettyPrintIndentation: PrettyPrintIndentation {
        get { options.withLock { $0.prettyPrintIndentation } }
        set { options.withLock { $0.prettyPrintIndentation = newValue } }
    }

    /// How dates are written. Default ``DateEncodingStrategy/secondsSince1970``, which the
    /// decoder's default reads back (XMLCoder's encoder defaulted to `deferredToDate`, which did not).
    /// For XML Schema's dates, use ``DateEncodingStrategy/xmlSchemaDate`` or
    /// ``DateEncodingStrategy/xmlSchemaDateTime``.
    open var dateEncodingStrategy: DateEncodingStrategy {
        get { options.withLock { $0.dateEncodingStrategy } }
        set { options.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` values are written. Default base64.
    open var dataEncodingStrategy: DataEncodingStrategy {
        get { options.withLock { $0.dataEncodingStrategy } }
        set { options.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// How infinities and NaN are written. Default: refused.
    open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { options.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { options.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// How coding keys become names. Default: as they are.
    open var keyEncodingStrategy: KeyEncodingStrategy {
        get { options.withLock { $0.keyEncodingStrategy } }
        set { options.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// Whether each key is written as an attribute, an element or both.
    open var nodeEncodingStrategy: NodeEncodingStrategy {
        get { options.withLock { $0.nodeEncodingStrategy } }
        set { options.withLock { $0.nodeEncodingStrategy = newValue } }
    }

    /// How strings are written: escaped text (default) or CDATA.
    open var stringEncodingStrategy: StringEncodingStrategy {
        get { options.withLock { $0.stringEncodingStrategy } }
        set { options.withLock { $0.stringEncodingStrategy = newValue } }
    }

    /// What a `nil` optional property becomes: nothing (default), an empty element, or `xsi:nil`.
    ///
    /// The element is written for a key placed as an attribute too (an attribute cannot be `nil`),
    /// named as an element, as in XMLCoder; an ``Attribute`` property that is `nil` is left out.
    open var nilEncodingStrategy: NilEncodingStrategy {
        get { options.withLock { $0.nilEncodingStrategy } }
        set { options.withLock { $0.nilEncodingStrategy = newValue } }
    }

    /// Where the unlabeled associated value of an enum case is written by Swift's synthesized
    /// `Codable`: in a `<_0>` element inside the case element (default, as XMLCoder writes it), or
    /// straight in the case element.
    open var enumPayloadEncodingStrategy: EnumPayloadEncodingStrategy {
        get { options.withLock { $0.enumPayloadEncodingStrategy } }
        set { options.withLock { $0.enumPayloadEncodingStrategy = newValue } }
    }

    /// Values passed to every `encode(to:)` through `Encoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: Any] {
        get { options.withLock { $0.userInfo } }
        set { options.withLock { $0.userInfo = newValue } }
    }

    /// The characters replaced by references in attribute values, each with its reference.
    ///
    /// The default is XMLCoder's: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `'` → `&apos;`,
    /// `"` → `&quot;`. An entry can be added, as in XMLCoder, to keep line feeds from being read
    /// back as spaces by other readers:
    ///
    /// ```swift
    /// encoder.charactersEscapedInAttributes.append(("\n", "&#10;"))
    /// ```
    ///
    /// Each entry must replace one character by a reference that reads back as that character:
    /// one of the five above, or `&#N;` / `&#xH;` with its code point; any other entry makes
    /// `encode` throw `EncodingError.invalidValue` rather than write broken or lossy XML. Whatever
    /// the table says, `&`, `<` and `"` are escaped (values are quoted with `"`), and so are tab,
    /// line feed and carriage return (`&#9;`, `&#10;`, `&#13;`), which a reader would otherwise
    /// turn into spaces. Ignored with ``OutputFormatting/minimalEscaping``.
    open var charactersEscapedInAttributes: [(String, String)] {
        get { options.withLock { $0.charactersEscapedInAttributes } }
        set { options.withLock { $0.charactersEscapedInAttributes = newValue } }
    }

    /// The characters replaced by references in text, each with its reference.
    ///
    /// The default is XMLCoder's: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `'` → `&apos;`,
    /// `"` → `&quot;`, so `Tom's` is written `Tom&apos;s`. To write apostrophes and quotes as they
    /// are, take them out, or use ``OutputFormatting/minimalEscaping``:
    ///
    /// ```swift
    /// encoder.charactersEscapedInElements = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;")]
    /// ```
    ///
    /// Each entry must replace one character by a reference that reads back as that character
    /// (see ``charactersEscapedInAttributes``); any other entry makes `encode` throw
    /// `EncodingError.invalidValue`. Whatever the table says, `&` and `<` are escaped, `>` is
    /// escaped after `]]`, and a carriage return is written `&#13;` (a reader would otherwise read
    /// a line feed). Ignored with ``OutputFormatting/minimalEscaping``.
    open var charactersEscapedInElements: [(String, String)] {
        get { options.withLock { $0.charactersEscapedInElements } }
        set { options.withLock { $0.charactersEscapedInElements = newValue } }
    }

    /// Encodes a value as an XML document.
    ///
    /// - Parameters:
    ///   - value: the value; its keys become the root element's attributes and children.
    ///   - rootKey: the root element's name. Default: the value's type name (without generic
    ///     arguments), passed through the key encoding strategy. A name in Clark notation
    ///     (`"{http://example.com/ns}status"`) is written with a prefix declared on the root
    ///     (`<ns1:status xmlns:ns1="http://example.com/ns">`), as keys in Clark notation are.
    ///   - rootAttributes: attributes for the root element, written first, sorted by name. The
    ///     namespaces they declare (`xmlns:p`, `xmlns`) are in force in the whole document, as
    ///     those an ``XMLNamespaceDeclaring`` root value declares: a key in Clark notation takes a
    ///     prefix declared for its URI, or, written as an element in the declared default
    ///     namespace, none; an element in no namespace (`{}local`) under that default namespace is
    ///     refused (see ``XMLNamespaceDeclaring`` for the rules). Plain keys are written as they are.
    ///   - header: the XML declaration, if any.
    ///   - doctype: the document type declaration, if any.
    /// - Returns: the document as UTF-8 bytes.
    /// - Throws: `EncodingError.invalidValue` for a name that is not an XML name, a character XML
    ///   cannot carry, a non-conforming float under the `.throw` strategy, a complex value placed
    ///   in an attribute, or a key in Clark notation that cannot be written in its namespace.
    open func encode<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> Data {
        try encodeDocument(
            value, withRootKey: rootKey, rootAttributes: Self.sortedByName(rootAttributes), header: header,
            doctype: doctype)
    }

    /// Encodes a document with the root attributes in the order given; what every `encode`
    /// overload comes down to.
    func encodeDocument<T: Encodable>(
        _ value: T, withRootKey rootKey: String?, rootAttributes: [(String, String)], header: XMLHeader?,
        doctype: XMLDocumentType?
    ) throws -> Data {
        let (writer, tree, root) = try encodeTree(
            value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype)
        let data: Data
        if let compact = XMLWriter.compactData(
            prefix: writer.bytes, tree: tree, element: root, formatting: writer.formatting)
        {
            data = compact
        } else {
            var document = writer
            document.write(tree, element: root)
            data = Data(document.bytes)
        }
        EncodingScratch.giveBack(consume tree)
        return data
    }

    /// Frees the working memory that finished calls keep for the next ones.
    ///
    /// An encoding call builds the document in memory before writing it, and that tree's buffers
    /// are its largest allocations (a few times the document's size). When the call ends they are
    /// kept, emptied, for the next call of any encoder in the process, since filling memory
    /// already in use is much faster than having the system provide new pages: at most four trees
    /// and 512 MB in all. A tree over 32 MB (a document of some 10 MB or more) is kept only when
    /// its call filled at least half of it, so the next call of a much smaller document frees it.
    /// Call this after encoding a large document when the memory is better used elsewhere;
    /// encoding works the same after it.
    public static func releaseWorkingMemory() {
        EncodingScratch.pool.releaseAll()
    }

    /// Encodes a value as an XML document in a string; see
    /// ``encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``.
    open func encodeToString<T: Encodable>(
        _ value: T, withRootKey rootKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) throws -> String {
        try encodeDocumentString(
            value, withRootKey: rootKey, rootAttributes: Self.sortedByName(rootAttributes), header: header,
            doctype: doctype)
    }

    /// Encodes a document as a string with the root attributes in the order given.
    func encodeDocumentString<T: Encodable>(
        _ value: T, withRootKey rootKey: String?, rootAttributes: [(String, String)], header: XMLHeader?,
        doctype: XMLDocumentType?
    ) throws -> String {
        var (writer, tree, root) = try encodeTree(
            value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype)
        writer.write(tree, element: root)
        EncodingScratch.giveBack(consume tree)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// XMLCoder's dictionary of root attributes, in the reproducible order they are written: by name.
    static func sortedByName(_ attributes: [String: String]?) -> [(String, String)] {
        (attributes ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Encodes a value into a tree, and makes a writer holding the declarations to write first.
    func encodeTree<T: Encodable>(
        _ value: T, withRootKey rootKey: String?, rootAttributes: [(String, String)], header: XMLHeader?,
        doctype: XMLDocumentType?
    ) throws -> (writer: XMLWriter, tree: XMLEncodedTree, root: XMLEncodedTree.Index) {
        let options = self.options.current
        // A tree an earlier call gave back (`EncodingScratch`), else one of the size of this
        // encoder's last document.
        let (impl, root) = try encodeTree(
            value, withRootKey: rootKey, rootAttributes: rootAttributes, options: options,
            capacity: lastTreeSize.current, reusing: EncodingScratch.pool.take())
        let tree = impl.tree
        lastTreeSize.withLock { $0 = tree.used }
        return (try Self.writer(options: options, header: header, doctype: doctype), tree, root)
    }

    /// A writer for the settings, holding the declarations to write before the root element.
    static func writer(options: Options, header: XMLHeader?, doctype: XMLDocumentType?) throws -> XMLWriter {
        var formatting = XMLWriter.Formatting(options.outputFormatting, options.prettyPrintIndentation)
        formatting.escaping = try Self.escaping(options)
        var writer = XMLWriter(formatting: formatting, capacity: 256)
        if let header {
            do throws(XMLWriter.PrologError) {
                if let declaration = try header.declaration() {
                    try writer.appendDeclaration(declaration, otherEncoding: .refuse)
                }
            } catch {
                throw EncodingError.invalidValue(
                    header,
                    EncodingError.Context(
                        codingPath: [], debugDescription: "The XML declaration cannot be written: \(error.message)."))
            }
        }
        if let doctype {
            do throws(XMLWriter.PrologError) {
                try writer.appendDoctype(doctype, singleQuotes: false)
            } catch {
                throw EncodingError.invalidValue(
                    doctype,
                    EncodingError.Context(
                        codingPath: [],
                        debugDescription: "The document type declaration cannot be written: \(error.message)."))
            }
        }
        return writer
    }

    /// The escaping the settings ask for, or an error naming a table entry that cannot be used.
    private static func escaping(_ options: Options) throws -> XMLEscaping {
        do {
            if options.outputFormatting.contains(.minimalEscaping) { return .minimal }
            if options.tablesAreDefault { return .defaultTables }
            return try XMLEscaping.make(
                minimal: false, elements: options.charactersEscapedInElements,
                attributes: options.charactersEscapedInAttributes)
        } catch let error as XMLEscaping.InvalidEntry {
            let table = error.inAttribute ? "charactersEscapedInAttributes" : "charactersEscapedInElements"
            throw EncodingError.invalidValue(
                error.entry,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "The \(table) entry (\(String(reflecting: error.entry.0)), "
                        + "\(String(reflecting: error.entry.1))) cannot be used: \(error.reason)."
                ))
        }
    }

    /// Encodes a value into a tree: the encoder that built it (its `tree`) and the root element.
    internal func encodeTree<T: Encodable>(
        _ value: T, withRootKey rootKey: String?, rootAttributes: [(String, String)], options: Options,
        capacity: XMLEncodedTree.Capacity = XMLEncodedTree.Capacity(), splicingRoot: Bool = true,
        reusing reused: XMLEncodedTree? = nil,
        traitsOf previous: XMLEncoderImpl? = nil
    ) throws -> (impl: XMLEncoderImpl, root: XMLEncodedTree.Index) {
        let rootName = rootKey ?? XMLEncoderImpl.defaultName(for: T.self, options: options)
        let impl =
            reused.map { XMLEncoderImpl(options: options, reusing: $0, traitsOf: previous) }
            ?? XMLEncoderImpl(options: options, capacity: capacity)
        // Whatever kept the encoder or a container refuses to write once this call returns.
        defer { impl.finishCall() }
        let tree = impl.tree
        // Prefixes the caller declares are used for their URIs and not chosen for others. A
        // default namespace it declares is in force everywhere, as a type's declared at the root.
        for (name, value) in rootAttributes where name.hasPrefix("xmlns") {
            if name.hasPrefix("xmlns:") {
                impl.callerPrefixes.append((String(name.dropFirst(6)), value))
            } else if name == "xmlns", !value.isEmpty {
                impl.rootScopes = [(prefix: "", uri: value)]
            }
        }
        impl.namespaceScopes = impl.rootScopes
        // So are those the root value's type declares on its element (the root).
        if let declaring = T.self as? any XMLNamespaceDeclaring.Type {
            impl.callerPrefixes += XMLEncoderImpl.declarations(of: declaring).filter { !$0.prefix.isEmpty }
        }
        // A root key in Clark notation (`{uri}local`) is written with a prefix declared on the root,
        // or, in the default namespace `rootAttributes` or the root value's type declare, without one.
        let writtenRootName: String
        if rootName.utf8.first == UInt8(ascii: "{") {
            if let declaring = T.self as? any XMLNamespaceDeclaring.Type {
                impl.namespaceScopes += XMLEncoderImpl.scopeEntries(of: declaring)
            }
            defer { impl.namespaceScopes = impl.rootScopes }
            writtenRootName = try impl.qualifiedName(clark: rootName, key: XMLKey(stringValue: rootName), parent: .root)
        } else {
            writtenRootName = try impl.checkedName(rootName, path: .root)
        }
        let root = tree.makeElement(tree.intern(writtenRootName))
        for (name, attributeValue) in rootAttributes {
            let name = tree.intern(try impl.checkedName(name, path: .root))
            tree.setAttribute(name, tree.append(try impl.checkedText(attributeValue, path: .root)), on: root)
        }
        try impl.encodeTopLevel(value, into: root, splicingRoot: splicingRoot)
        if tree.overflowed {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "The document is too large to encode: over \(XMLEncodedTree.limit) elements, "
                        + "attributes or names, or a value of as many bytes."
                ))
        }
        if impl.usesXSINil {
            tree.setAttribute(tree.intern("xmlns:xsi"), tree.append(XMLDecoder.xsiNamespace), on: root)
        }
        for (prefix, uri) in impl.namespacePrefixes {
            tree.setAttribute(tree.intern("xmlns:" + prefix), tree.append(uri), on: root)
        }
        return (impl, root)
    }
}

#if canImport(Combine)
import Combine

extension XMLDecoder: TopLevelDecoder {}

extension XMLEncoder: TopLevelEncoder {
    /// Encodes a value as an XML document with the default root name (for Combine's `encode(encoder:)`).
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encode(value, withRootKey: nil, rootAttributes: nil, header: nil, doctype: nil)
    }
}
#endif
