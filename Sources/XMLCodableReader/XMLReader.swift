// XMLReader: the public pull API over the scanner.
//
// Design: `XMLReader` is a value type that holds the input (an array, `Data`, a `String` or a
// caller-owned buffer) without copying it, and an `XMLScanner` that holds all parsing state as
// offsets. Each call borrows the input's bytes for its duration (`Input.withUncheckedBytes`), so
// no pointer ever outlives the storage that owns it. Inputs in UTF-16, UTF-32 or an encoding the
// declaration names (ISO-8859-1, windows-1251, Shift_JIS, …: InputDecoding.swift, Encodings/) are
// transcoded to UTF-8 once, in `init`; UTF-8 input is read where it lies.
//
// Because the whole state is values (arrays are copy-on-write), copying a reader takes a snapshot
// of the parse: the copy and the original continue independently.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A pull parser for XML 1.0 (fifth edition) with Namespaces 1.0.
///
/// Create a reader over a document and call ``next()-96fvi`` until it returns `nil`:
///
/// ```swift
/// var reader = try XMLReader("<book name='Swift'><author>Jon</author></book>")
/// while let event = try reader.next() {
///     switch event {
///     case .startElement(let name):
///         print("start", reader.string(name), reader.attributes.count)
///     case .text(let text):
///         print("text", reader.string(text))
///     default:
///         break
///     }
/// }
/// ```
///
/// The reader checks everything XML 1.0 requires of a non-validating processor: well-formedness,
/// characters and names, the internal DTD subset (entities are expanded, attribute defaults
/// applied) and namespace well-formedness. It never loads anything external: a reference to an
/// external entity is an error. Hostile input is bounded by ``Limits``.
///
/// Events carry ``XMLSlice`` and ``XMLName`` views rather than strings; turn them into strings
/// with ``string(_:)-(XMLSlice)`` only when you need one.
public struct XMLReader {
    @usableFromInline package internal(set) var input: Input
    @usableFromInline internal var scanner: XMLScanner
    /// For a document in memory whose bytes stop being valid in its encoding: the error, thrown once
    /// the bytes before it are read (see `InputDecoding.Prepared.cutShort`).
    @usableFromInline internal var deferredFailure: XMLParsingError?
    /// For a document read in chunks: the absolute offset of the window's first byte as this
    /// reader last left it. Copies of a reader share its window; when one reads on and drops
    /// bytes, the others' positions no longer match the window, and they throw rather than read
    /// (see `stepStream`).
    @usableFromInline internal var windowBase = 0

    /// Creates a reader over a document's bytes: UTF-8, UTF-16 or UTF-32 (by byte order mark or
    /// by the first bytes), or an encoding the XML declaration names (see <doc:Encodings>).
    /// UTF-8 input is not copied; other encodings are transcoded to UTF-8 once, here.
    ///
    /// - Throws: ``XMLParsingError`` when the encoding is unsupported or contradicts the byte order mark.
    public init(_ bytes: [UInt8], options: Options = Options()) throws(XMLParsingError) {
        self.init(prepared: try InputDecoding.prepare(bytes), utf8: .array(bytes), options: options)
    }

    /// Creates a reader over the bytes of `data`; see ``init(_:options:)-([UInt8],_)``.
    public init(_ data: Data, options: Options = Options()) throws(XMLParsingError) {
        let outcome = UncheckedBytes.withView(of: data) { bytes in
            Result { () throws(XMLParsingError) in try InputDecoding.prepare(bytes) }
        }
        let prepared = try outcome.get()
        self.init(prepared: prepared, utf8: .data(data), options: options)
    }

    /// Creates a reader over a string. The string is read as UTF-8 whatever its XML declaration
    /// says about encoding (a Swift string has no encoding of its own to declare).
    public init(_ string: String, options: Options = Options()) {
        var string = string
        string.makeContiguousUTF8()
        self.init(input: .string(string), options: options)
    }

    /// Creates a reader over bytes the caller owns.
    ///
    /// The memory must stay valid and unchanged for as long as the reader (or any copy of it)
    /// is used. UTF-8 input is not copied; other encodings are transcoded into the reader.
    public init(unsafeBytes bytes: UnsafeRawBufferPointer, options: Options = Options()) throws(XMLParsingError) {
        let view = UncheckedBytes(bytes)
        self.init(prepared: try InputDecoding.prepare(view), utf8: .unsafe(view), options: options)
    }

    /// A reader over a document whose encoding is known: `utf8` when it is UTF-8.
    private init(prepared: InputDecoding.Prepared, utf8: @autoclosure () -> Input, options: Options) {
        switch prepared {
        case .utf8:
            self.init(input: utf8(), options: options)
        case .transcoded(let bytes):
            self.init(input: .array(bytes), options: options)
            scanner.transcoded = true
        case .cutShort(let bytes, let failure):
            // The bytes before the error are read as the beginning of a longer document (tokens
            // cut short by the error are not), then the error is thrown: errors in document order.
            self.init(input: .array(bytes), options: options)
            scanner.transcoded = true
            deferredFailure = failure
            var boundary = StreamBoundary()
            input.withUncheckedBytes { boundary.advance($0, final: false) }
            scanner.end = boundary.safeEnd
            scanner.inputIsFinal = false
        }
    }

    package init(input: Input, options: Options) {
        self.input = input
        let count = input.withUncheckedBytes { $0.count }
        self.scanner = XMLScanner(options: options, documentSize: count)
        if input.kind == .stream {
            scanner.streaming = true
            scanner.inputIsFinal = false
            scanner.end = 0
        }
    }

    /// Reads the next event, or returns `nil` after the end of the document.
    ///
    /// Once `next()` has thrown, the reader stays at the error: every later call throws it again.
    ///
    /// - Throws: ``XMLParsingError`` at the first problem in the document.
    @inlinable
    public mutating func next() throws(XMLParsingError) -> XMLEvent? {
        if input.kind == .stream { return try nextFromStream() }
        return try nextInMemory()
    }

    /// `next()` for a document in memory: one call into the library, which takes the reader by
    /// address (no copy of its input, as a static call with the input as a parameter made in the
    /// caller) and reads the event with the scanner's step inlined (`XMLScanner.nextInline`).
    @usableFromInline
    internal mutating func nextInMemory() throws(XMLParsingError) -> XMLEvent? {
        switch XMLReader.advance(&scanner, input) {
        case .success(let event): return event
        case .failure(let failure): throw publicError(failure)
        }
    }

    /// Reads one event, or the scanner's error. The scanner and the input are separate parameters
    /// so that borrowing the input while the scanner changes needs no copy of either.
    @inline(__always)
    internal static func advance(_ scanner: inout XMLScanner, _ input: borrowing Input) -> Result<XMLEvent?, ScanError>
    {
        input.withUncheckedBytes { bytes -> Result<XMLEvent?, ScanError> in
            do throws(ScanError) {
                return .success(try scanner.nextInline(bytes))
            } catch {
                return .failure(error)
            }
        }
    }

    @usableFromInline
    package func publicError(_ error: ScanError) -> XMLParsingError {
        if error.needsInput, let deferredFailure { return deferredFailure }
        let offset = absoluteOffset(error.offset)
        let location = self.location(ofOffset: offset)
        return XMLParsingError(reason: error.reason, offset: offset, line: location.line, column: location.column)
    }

    /// The offset in the whole document of an offset in the buffer the scanner reads: the same,
    /// but for a document read in chunks, whose buffer is a window onto it.
    @inline(__always)
    internal func absoluteOffset(_ offset: Int) -> Int {
        guard let stream = input.stream else { return offset }
        return stream.absolute(offset)
    }

    // Always inlined, and handing on only the storage and its base: a call that took the reader
    // itself would copy it (some 600 bytes, and a retain of each of its buffers) when the reader
    // is a `var`, as a pull loop's is, once per start element.

    /// The attributes of the element of the last ``XMLEvent/startElement(_:)``, in document order,
    /// followed by any defaulted from the DTD. Namespace declarations are included and marked.
    ///
    /// Reading this property is cheap enough for every start element of a pull loop: the
    /// collection shares the reader's own storage and copies nothing. It keeps its contents when
    /// the reader reads on; `Array(reader.attributes)` makes an array of them.
    @inlinable @inline(__always)
    public var attributes: Attributes {
        Attributes(scanner.attributes, from: scanner.attributeBase)
    }

    /// The number of elements currently open.
    @inlinable
    public var depth: Int { scanner.depth }

    /// Whether the last ``XMLEvent/startElement(_:)`` came from an empty-element tag (`<a/>`).
    @inlinable
    public var isEmptyElementTag: Bool { scanner.isEmptyElementTag }

    /// The XML declaration, once the first event has been read; `nil` if the document has none.
    public var declaration: XMLDeclaration? { scanner.declaration }

    /// The document type declaration, once its ``XMLEvent/doctype(name:)`` event has been read.
    public var doctype: XMLDocumentType? { scanner.doctype }

    /// The decoded text of a slice: references replaced, line ends normalized to `\n`, and
    /// attribute values normalized as XML 1.0 section 3.3.3 requires.
    public func string(_ slice: XMLSlice) -> String {
        withDecodedBytes(of: slice) { UncheckedUTF8String.make($0) }
    }

    /// The qualified name as written (`prefix:local`).
    public func string(_ name: XMLName) -> String {
        string(name.qualified)
    }

    /// The local part of a name.
    public func localName(_ name: XMLName) -> String {
        string(name.local)
    }

    /// The namespace URI a name resolves to, or `nil` if it is in no namespace (or namespaces
    /// are not processed).
    public func namespaceURI(_ name: XMLName) -> String? {
        scanner.namespaceURI(id: name.namespaceID)
    }

    /// Calls `body` with the decoded bytes of a slice (UTF-8). Verbatim slices are passed without copying.
    ///
    /// The buffer is valid only during the call.
    @inlinable
    public func withDecodedBytes<R>(of slice: XMLSlice, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if slice.source == 0, slice.isVerbatim {
            // Verbatim bytes of the document itself, the common case: no call into the library.
            return try input.withUncheckedBytes { document in
                try body(XMLReader.bytes(of: slice, in: document).unsafeRawBuffer)
            }
        }
        let slice = checked(slice)
        if slice.isVerbatim {
            if slice.source == 0 {
                return try input.withUncheckedBytes { document in
                    try body(document.rawBuffer(unchecked: slice.start..<slice.end))
                }
            }
            let dtd = scanner.dtd
            return try input.withUncheckedBytes { document in
                try body(XMLScanner.rawBytes(slice, document, dtd).unsafeRawBuffer)
            }
        }
        let decoded = decodedBytes(slice)
        return try UncheckedBytes.withView(of: decoded) { try body($0.unsafeRawBuffer) }
    }

    @usableFromInline
    internal func decodedBytes(_ slice: XMLSlice) -> [UInt8] {
        let slice = checked(slice)
        return input.withUncheckedBytes { document in scanner.decodedBytes(slice, document) }
    }

    /// A slice cut to a buffer of `count` bytes: itself when it lies within, else its range
    /// clamped to the buffer (empty at worst). The one rule `checked` and the inlined paths use.
    @inlinable @inline(__always)
    internal static func cut(_ slice: XMLSlice, toCount count: Int) -> XMLSlice {
        if slice.end <= count, slice.start <= slice.end { return slice }
        var cut = slice
        cut.start = min(slice.start, count)
        cut.end = min(max(cut.start, slice.end), count)
        return cut
    }

    /// The bytes of a slice within `buffer` (the buffer the slice names), cut to it as `checked`
    /// cuts: a slice from another reader, or one whose bytes have left a stream's window, reads
    /// this reader's own bytes, never memory outside them.
    @inlinable @inline(__always)
    internal static func bytes(of slice: XMLSlice, in buffer: UncheckedBytes) -> UncheckedBytes {
        let slice = cut(slice, toCount: buffer.count)
        return buffer.extracting(unchecked: slice.start..<slice.end)
    }

    /// A slice as this reader can read it: itself when it lies in one of this reader's buffers (as
    /// every slice this reader made does, until a reader in chunks moves its window past it),
    /// else cut to the buffer it names, or empty when this reader has no such buffer. So a slice
    /// used with another reader, or after the bytes it named have left the window, reads
    /// something of this reader's own bytes, never memory outside them.
    @usableFromInline
    internal func checked(_ slice: XMLSlice) -> XMLSlice {
        let count: Int
        if slice.source == 0 {
            count = input.withUncheckedBytes { $0.count }
        } else if let dtd = scanner.dtd, Int(slice.source) <= dtd.buffers.count {
            count = dtd.buffer(slice.source).bytes.count
        } else {
            return XMLSlice(source: 0, start: 0, end: 0)
        }
        return XMLReader.cut(slice, toCount: count)
    }

    /// Calls `body` with the raw bytes of a slice exactly as they appear in the input (references
    /// not replaced, line ends not normalized).
    ///
    /// The buffer is valid only during the call.
    @inlinable @inline(__always)
    public func withUnsafeRawBytes<R>(of slice: XMLSlice, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if slice.source == 0 {
            // The document itself, the common case: no call into the library.
            return try input.withUncheckedBytes { document in
                try body(XMLReader.bytes(of: slice, in: document).unsafeRawBuffer)
            }
        }
        // Always inlined, and nothing here is a call to a method of the reader's: such a call takes
        // the reader by address, and the caller copied the whole reader (some 600 bytes) to have one,
        // for every slice read.
        let dtd = scanner.dtd
        return try withExtendedLifetime(dtd) { try body(XMLReader.entityBytes(of: slice, dtd).unsafeRawBuffer) }
    }

    /// `withUnsafeRawBytes(of:_:)` as a view, for the library's own layers (the decoder reads a
    /// slice that lies outside the document's bytes through this).
    @inline(__always)
    package func withUncheckedBytes<R>(of slice: XMLSlice, _ body: (UncheckedBytes) throws -> R) rethrows -> R {
        if slice.source == 0 {
            return try input.withUncheckedBytes { document in try body(XMLReader.bytes(of: slice, in: document)) }
        }
        let dtd = scanner.dtd
        return try withExtendedLifetime(dtd) { try body(XMLReader.entityBytes(of: slice, dtd)) }
    }

    /// The bytes of a slice of an entity's replacement text or another DTD-store buffer, cut to
    /// that buffer; empty when there is no such buffer (a slice of another reader's).
    @usableFromInline
    internal static func entityBytes(of slice: XMLSlice, _ dtd: DTDStore?) -> UncheckedBytes {
        guard let dtd, slice.source > 0, Int(slice.source) <= dtd.buffers.count else { return .empty }
        return bytes(of: slice, in: dtd.buffer(slice.source).bytes)
    }

    /// Whether a slice's decoded bytes equal the UTF-8 of `string`, without making a `String`.
    public func slice(_ slice: XMLSlice, equals string: String) -> Bool {
        var string = string
        return string.withUncheckedUTF8 { expected in
            withDecodedBytes(of: slice) { actual in UncheckedBytes(actual).elementsEqual(expected) }
        }
    }

    /// Whether a name's qualified form equals `string`, compared as bytes.
    public func name(_ name: XMLName, equals string: String) -> Bool {
        slice(name.qualified, equals: string)
    }

    /// Where a slice begins in the document.
    ///
    /// A slice that is not in the document itself — text from an entity's replacement text, or an
    /// attribute value defaulted from an `<!ATTLIST>` declaration — is located at the declaration
    /// it comes from.
    public func location(of slice: XMLSlice) -> Location {
        location(ofOffset: absoluteOffset(scanner.documentOffset(of: slice)))
    }

    /// The line and column of a byte offset into the document's UTF-8 bytes.
    ///
    /// For a document read in chunks, the offset must be in the bytes the reader still holds:
    /// those of the last event, or after it.
    public func location(ofOffset offset: Int) -> Location {
        if let stream = input.stream { return stream.location(ofAbsolute: offset) }
        return input.withUncheckedBytes { Location(offset: offset, in: $0) }
    }
}

/// A reader is a cursor that one task moves forward; it is not shared between tasks. (Its events,
/// slices, names and errors are `Sendable` values, and a reader is cheap to create per task.)
@available(*, unavailable, message: "an XMLReader is used by one task at a time; create one per task")
extension XMLReader: Sendable {}
