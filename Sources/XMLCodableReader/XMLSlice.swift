// XMLSlice: a byte range in one of the reader's buffers — a name, some text, an attribute value.
//
// Design: nothing the reader yields owns text. A slice is 12 bytes (32-bit offsets, and the buffer
// number packed with the flags that say whether the bytes need decoding: references, line ends,
// attribute-value normalization), so every event fits in registers. A `String` is made only on
// request: for `<a>x &amp; y</a>`, the text event's slice covers `x &amp; y` with the references
// flag set, and `reader.string(slice)` gives "x & y".

/// A range of bytes in one of an ``XMLReader``'s buffers: a name, some text, or an attribute value.
///
/// A slice is only meaningful to the reader that produced it. Ask that reader for its text with
/// ``XMLReader/string(_:)-(XMLSlice)`` or for its raw bytes with
/// ``XMLReader/withUnsafeRawBytes(of:_:)``.
public struct XMLSlice: Sendable, Hashable {
    // 12 bytes, so that every event fits in registers when it is returned: 32-bit offsets (a
    // document is at most 4 GiB; the reader refuses larger ones), and the buffer number (24 bits)
    // packed with the flags (8 bits).
    @usableFromInline package var _start: UInt32
    @usableFromInline package var _end: UInt32
    @usableFromInline package var _sourceAndFlags: UInt32

    /// Which buffer the bytes are in: 0 for the document, otherwise an entity's replacement text.
    @inlinable package var source: UInt32 {
        get { _sourceAndFlags >> 8 }
        set { _sourceAndFlags = newValue << 8 | (_sourceAndFlags & 0xFF) }
    }

    /// What decoding the raw bytes need.
    @inlinable package var flags: Flags {
        get { Flags(rawValue: UInt8(truncatingIfNeeded: _sourceAndFlags)) }
        set { _sourceAndFlags = (_sourceAndFlags & ~0xFF) | UInt32(newValue.rawValue) }
    }

    /// Offset of the first byte in the buffer.
    @inlinable package var start: Int {
        get { Int(_start) }
        set { _start = UInt32(truncatingIfNeeded: newValue) }
    }

    /// Offset just past the last byte in the buffer.
    @inlinable package var end: Int {
        get { Int(_end) }
        set { _end = UInt32(truncatingIfNeeded: newValue) }
    }

    @inlinable
    package init(source: UInt32, start: Int, end: Int, flags: Flags = []) {
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
    package struct Flags: OptionSet, Sendable, Hashable {
        @usableFromInline package var rawValue: UInt8
        @inlinable package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Contains `&`: character or entity references to replace.
        @inlinable internal static var references: Flags { Flags(rawValue: 1 << 0) }
        /// Contains a carriage return: line ends to normalize to `\n`.
        @inlinable internal static var carriageReturn: Flags { Flags(rawValue: 1 << 1) }
        /// An attribute value containing tab, line feed or carriage return, which normalize to a space.
        @inlinable internal static var attributeWhitespace: Flags { Flags(rawValue: 1 << 2) }
        /// An attribute whose declared type is not CDATA: spaces collapse and are trimmed.
        @inlinable internal static var collapse: Flags { Flags(rawValue: 1 << 3) }
        /// An attribute value (its references may name any declared general entity).
        @inlinable package static var attributeValue: Flags { Flags(rawValue: 1 << 4) }
        /// The flags that mean the raw bytes are not the value.
        @inlinable internal static var needsDecoding: Flags {
            [.references, .carriageReturn, .attributeWhitespace, .collapse]
        }
    }
}
