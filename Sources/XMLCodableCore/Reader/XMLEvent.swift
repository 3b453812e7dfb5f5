// The events the pull reader yields, and the light views they carry.
//
// Nothing here owns text. An `XMLSlice` is a byte range in one of the reader's buffers (the
// document itself, or the replacement text of an entity declared in the DTD) plus flags that say
// whether the bytes need decoding (references, line ends, attribute-value normalization). Reading
// every event of a document therefore allocates nothing per element; a `String` is made only when
// you ask the reader for one (`reader.string(slice)`), and names can be compared as bytes
// (`reader.name(name, equals: "book")`) without making one at all.

/// A range of bytes in one of an ``XMLReader``'s buffers: a name, some text, or an attribute value.
///
/// A slice is only meaningful to the reader that produced it. Ask that reader for its text with
/// ``XMLReader/string(_:)-(XMLSlice)`` or for its raw bytes with
/// ``XMLReader/withUnsafeRawBytes(of:_:)``.
public struct XMLSlice: Sendable, Hashable {
    // 12 bytes, so that every event fits in registers when it is returned: 32-bit offsets (a
    // document is at most 4 GiB; the reader refuses larger ones), and the buffer number (24 bits)
    // packed with the flags (8 bits).
    @usableFromInline internal var _start: UInt32
    @usableFromInline internal var _end: UInt32
    @usableFromInline internal var _sourceAndFlags: UInt32

    /// Which buffer the bytes are in: 0 for the document, otherwise an entity's replacement text.
    @inlinable internal var source: UInt32 {
        get { _sourceAndFlags >> 8 }
        set { _sourceAndFlags = newValue << 8 | (_sourceAndFlags & 0xFF) }
    }

    /// What decoding the raw bytes need.
    @inlinable internal var flags: Flags {
        get { Flags(rawValue: UInt8(truncatingIfNeeded: _sourceAndFlags)) }
        set { _sourceAndFlags = (_sourceAndFlags & ~0xFF) | UInt32(newValue.rawValue) }
    }

    /// Offset of the first byte in the buffer.
    @inlinable internal var start: Int {
        get { Int(_start) }
        set { _start = UInt32(truncatingIfNeeded: newValue) }
    }

    /// Offset just past the last byte in the buffer.
    @inlinable internal var end: Int {
        get { Int(_end) }
        set { _end = UInt32(truncatingIfNeeded: newValue) }
    }

    @inlinable
    internal init(source: UInt32, start: Int, end: Int, flags: Flags = []) {
        _start = UInt32(truncatingIfNeeded: start)
        _end = UInt32(truncatingIfNeeded: end)
        _sourceAndFlags = source << 8 | UInt32(flags.rawValue)
    }

    /// The most bytes a buffer the reader reads may have: 4 GiB.
    public static let maxBufferSize = Int(UInt32.max)

    /// The most buffers (the document and the DTD's entity texts and defaults).
    internal static let maxSources = 1 << 24

    /// The number of raw bytes, before any reference or line-end decoding.
    @inlinable public var rawCount: Int { end - start }

    /// Whether the raw bytes are empty.
    @inlinable public var isEmpty: Bool { end == start }

    /// Whether the raw bytes are the value as it is, with nothing to decode
    /// (no references, no line ends or white space to normalize).
    @inlinable public var isVerbatim: Bool { flags.rawValue & Flags.needsDecoding.rawValue == 0 }

    /// What must be done to the raw bytes to get the value.
    @usableFromInline
    internal struct Flags: OptionSet, Sendable, Hashable {
        @usableFromInline internal var rawValue: UInt8
        @inlinable internal init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Contains `&`: character or entity references to replace.
        @usableFromInline internal static let references = Flags(rawValue: 1 << 0)
        /// Contains a carriage return: line ends to normalize to `\n`.
        @usableFromInline internal static let carriageReturn = Flags(rawValue: 1 << 1)
        /// An attribute value containing tab, line feed or carriage return, which normalize to a space.
        @usableFromInline internal static let attributeWhitespace = Flags(rawValue: 1 << 2)
        /// An attribute whose declared type is not CDATA: spaces collapse and are trimmed.
        @usableFromInline internal static let collapse = Flags(rawValue: 1 << 3)
        /// An attribute value (its references may name any declared general entity).
        @usableFromInline internal static let attributeValue = Flags(rawValue: 1 << 4)
        /// The flags that mean the raw bytes are not the value.
        @usableFromInline internal static let needsDecoding: Flags = [.references, .carriageReturn, .attributeWhitespace, .collapse]
    }
}

/// An element or attribute name as read: the qualified name, where its prefix ends, and the
/// namespace it resolves to.
public struct XMLName: Sendable, Hashable {
    /// The qualified name (`prefix:local` or `local`) exactly as written.
    public var qualified: XMLSlice
    /// The byte length of the prefix, or -1 when the name has none.
    @usableFromInline internal var prefixLength: Int32
    /// The index of the namespace URI in the reader's table; 0 for no namespace.
    @usableFromInline internal var namespaceID: Int32

    @inlinable
    internal init(qualified: XMLSlice, prefixLength: Int32 = -1, namespaceID: Int32 = 0) {
        self.qualified = qualified
        self.prefixLength = prefixLength
        self.namespaceID = namespaceID
    }

    /// Whether the name has a prefix (`prefix:local`).
    @inlinable public var hasPrefix: Bool { prefixLength >= 0 }

    /// The local part of the name (after the colon, if any).
    @inlinable public var local: XMLSlice {
        var slice = qualified
        if prefixLength >= 0 { slice.start += Int(prefixLength) + 1 }
        return slice
    }

    /// The prefix (before the colon), or `nil` when the name has none.
    @inlinable public var prefix: XMLSlice? {
        guard prefixLength >= 0 else { return nil }
        var slice = qualified
        slice.end = slice.start + Int(prefixLength)
        return slice
    }
}

/// One attribute of the element the reader is on.
public struct XMLAttribute: Sendable, Hashable {
    /// The attribute's name.
    public var name: XMLName
    /// The attribute's value, before decoding; ask the reader for ``XMLReader/string(_:)-(XMLSlice)``.
    public var value: XMLSlice
    /// Whether the value came from an `<!ATTLIST>` default rather than the start tag.
    public var isDefaulted: Bool
    /// Whether this is a namespace declaration (`xmlns` or `xmlns:prefix`).
    public var isNamespaceDeclaration: Bool

    @inlinable
    internal init(name: XMLName, value: XMLSlice, isDefaulted: Bool, isNamespaceDeclaration: Bool) {
        self.name = name
        self.value = value
        self.isDefaulted = isDefaulted
        self.isNamespaceDeclaration = isNamespaceDeclaration
    }
}

/// One step of an XML document, as ``XMLReader/next()-4qdha`` yields it.
///
/// An empty-element tag (`<a/>`) yields a ``startElement(_:)`` followed at once by an
/// ``endElement(_:)``. Character data can arrive as several ``text(_:)`` events in a row (for
/// example around an entity reference); concatenate them for the element's text.
public enum XMLEvent: Sendable, Hashable {
    /// A start tag. Its attributes are ``XMLReader/attributes`` until the next call to `next()`.
    case startElement(XMLName)
    /// An end tag (or the end of an empty-element tag).
    case endElement(XMLName)
    /// Character data, which may contain references to decode.
    case text(XMLSlice)
    /// The content of a CDATA section, taken literally.
    case cdata(XMLSlice)
    /// The content of a comment, between `<!--` and `-->`.
    case comment(XMLSlice)
    /// A processing instruction: its target and the data after it (without leading white space).
    case processingInstruction(target: XMLSlice, data: XMLSlice)
    /// The document type declaration; its parts are in ``XMLReader/doctype``.
    case doctype(name: XMLSlice)
}
