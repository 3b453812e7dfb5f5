// XMLReader+Layers: what the layers above the reader use of it beyond its public API.
//
// The reader is a module of its own, the bottom layer of the package (Docs/Architecture.md,
// "Layers"). XMLCodableCore builds its index, decodes values and streams elements from a reader,
// and for that it needs a few things users never do: start tags' attributes kept across events
// (so the index copies them a thousand at a time), the next event of a document in memory without
// a call per event, the position of the byte just read, and a slice's text decoded into a buffer
// the caller owns. They are this `package` API, and nothing above reads the scanner or its fields.
//
// The index's loop, for example:
//
//     reader.keepsAttributes = true
//     while let event = try reader.nextEvent(inMemory: document) {
//         if case .startElement = event {
//             let tag = reader.keptAttributes[reader.attributeBase...]   // this tag's attributes
//             …
//         }
//     }
//     reader.stopKeepingAttributes()
//
// The members about attributes are `@inlinable` (a start tag's attributes are read where the
// index's loop is); `nextEvent(inMemory:)` is one call per event (see there why not inlined).

extension XMLReader {
    // MARK: - Attributes kept across events

    /// Whether each start tag's attributes are appended to `keptAttributes` rather than replacing
    /// the previous tag's: the last tag's are then `keptAttributes[attributeBase...]`.
    @inlinable
    package var keepsAttributes: Bool {
        get { scanner.keepsAttributes }
        set { scanner.keepsAttributes = newValue }
    }

    /// The attributes read (only the last start tag's unless `keepsAttributes` is set).
    @inlinable
    package var keptAttributes: AttributeStore {
        _read { yield scanner.attributes }
    }

    /// Where the last start tag's attributes begin in `keptAttributes`.
    @inlinable
    package var attributeBase: Int { scanner.attributeBase }

    /// Empties `keptAttributes` (the slices the caller copied out stay valid: they point into
    /// the document or the DTD's text, not into the store).
    @inlinable
    package mutating func removeKeptAttributes() {
        scanner.attributes.removeAll()
    }

    /// Empties `keptAttributes` and goes back to keeping only the last start tag's attributes.
    @inlinable
    package mutating func stopKeepingAttributes() {
        scanner.attributes.removeAll()
        scanner.attributeBase = 0
        scanner.keepsAttributes = false
    }

    // MARK: - Events and positions

    /// The next event of a document in memory (`input.kind != .stream`), read from `document`,
    /// the view `input.withUncheckedBytes` lends: `next()` without looking the bytes up again. The error
    /// is the scanner's; `publicError(_:)` makes the thrown `XMLParsingError` of it.
    ///
    /// One call per event, into which the scanner's step is inlined. (Made `@inlinable`, the step
    /// would be compiled as a body other modules may copy, which may only inline what is
    /// `@inlinable` too, so `content(_:)` would stop being inlined into `next()` as well: +6%
    /// instructions reading books, measured.)
    package mutating func nextEvent(inMemory document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        try scanner.nextInline(document)
    }

    /// The offset in the document of the next byte to read (of the entity reference being
    /// expanded, inside an entity's text); for locating an error the caller raises.
    package var documentPosition: Int { scanner.documentPosition }

    /// The offset in the reader's buffer of the byte after the last event read (the end of an
    /// end tag, for example), for a reader in chunks whose caller keeps an element's bytes.
    ///
    /// A `mutating` getter though it changes nothing: the element decoder's reader is a class's
    /// property, and a call that borrows it would first copy it (its arrays retained and then
    /// released, at every element).
    package var documentReadPosition: Int {
        mutating get { scanner.documentReadPosition }
    }

    // MARK: - Text

    /// A slice's bytes with references replaced and line ends normalized (attribute values
    /// normalized too), `document` being the view `input.withUncheckedBytes` lends.
    package func decodedBytes(_ slice: XMLSlice, in document: UncheckedBytes) -> [UInt8] {
        scanner.decodedBytes(slice, document)
    }

    /// Decodes a slice into `out`, which holds at least `slice.rawCount` bytes, and returns the
    /// number of bytes written; `nil` when this direct path declines (the caller then takes
    /// `decodedBytes`). `mutating` though it changes nothing: called on a reader borrowed
    /// `inout`, it does not copy the scanner.
    @inlinable
    package mutating func decodeCharacterData(
        _ slice: XMLSlice, _ document: UncheckedBytes, into out: UnsafeMutableRawBufferPointer
    ) -> Int? {
        scanner.decodeCharacterData(slice, document, into: UncheckedMutableBytes(out))
    }

    // MARK: - Namespaces

    /// Replaces the reader's namespace table, for a reader made over bytes laid out by someone
    /// else (the document model's values), so that their names' namespace numbers resolve.
    package mutating func adoptNamespaces(_ table: NamespaceTable) {
        scanner.namespaces = table
    }
}
