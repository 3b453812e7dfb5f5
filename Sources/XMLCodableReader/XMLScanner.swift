// XMLScanner: the tokenizer behind XMLReader. One call of `next(_:)` reads one event.
//
// How it works
// ------------
// The scanner reads UTF-8 bytes in place and keeps its whole state as integers and small arrays,
// so it never recurses and never makes a `String` while scanning:
//
//     <books xmlns:x="urn:x"><book name="A &amp; B">Caf&#xE9;</book></books>
//     ^ phase .prolog → startTag: name [1,6), one attribute, bindings += (x → urn:x)
//                            ^ startTag: name "book", attribute value [41,50) flags {references}
//                                                  ^ text [51,59) flags {references}
//                                                              ^ endTag: bytes compared with the open element
//
// * `source`/`position`/`end` say where reading is: source 0 is the document, source k is the
//   replacement text of an internal entity (a buffer of the `DTDStore`). A general-entity reference
//   in content pushes a `Frame` and continues in the entity's buffer; reaching its end pops it.
//   Elements must start and end in the same entity (checked with `OpenElement.frameDepth`).
// * Events carry `XMLSlice`s: byte ranges plus flags saying what decoding they need. Text is
//   checked (characters, references, `]]>`) while it is scanned, but decoded only when asked.
// * Open elements, attributes and namespace bindings live in storage reused for the whole
//   document, so steady-state reading allocates nothing per element. The open elements' array only
//   grows (`OpenElements`): closing an element lowers a count, and the next start tag overwrites
//   the entry. The attributes' store (`AttributeStore`) is emptied by setting its count to zero and
//   checks once per start tag, not once per attribute, that no one else shares it.
// * Every error is thrown as a `ScanError` with the byte offset into the document (inside an entity,
//   the offset of the outermost reference); `XMLReader` adds line and column.
// * Hostile input is bounded by `XMLReader.Limits`: depth, attributes per element, name length,
//   and the bytes produced by entity expansion (total, and as a ratio of the document's size).
//
// The prolog and the DTD are in XMLScanner+Prolog.swift and XMLScanner+DTD.swift, content in
// XMLScanner+Content.swift, namespaces in XMLScanner+Namespaces.swift, and decoding of slices
// (references, line ends, attribute-value normalization) in XMLScanner+Values.swift.

/// An error found by the scanner: a reason and a byte offset into the document.
///
/// The reason lives in a small class of its own, so that the error is three words: Swift returns a
/// typed error that small in registers, where a larger one (the reason alone takes four words and
/// a tag) goes through a slot on the caller's stack. Every call of a throwing scanner
/// function paid for that slot, errors or not, and the event loop's frame grew with it.
@usableFromInline
package struct ScanError: Error {
    /// The reason, allocated only when an error is made.
    @usableFromInline
    final class ReasonBox: Sendable {
        @usableFromInline let reason: XMLParsingError.Reason
        @usableFromInline init(_ reason: XMLParsingError.Reason) { self.reason = reason }
        /// The reason of every `needsInput` signal, made once (a reader fed in chunks signals at
        /// every chunk's end).
        static let moreInput = ReasonBox(.unexpectedEndOfInput(expected: "more input"))
    }

    @usableFromInline var boxedReason: ReasonBox
    @usableFromInline var offset: Int
    /// Not an error: a reader fed in chunks has reached the end of the bytes that have arrived
    /// (see `XMLScanner.needMoreInput`). The reader reads more and asks again.
    @usableFromInline var needsInput = false

    @usableFromInline
    var reason: XMLParsingError.Reason { boxedReason.reason }

    @usableFromInline
    init(reason: XMLParsingError.Reason, offset: Int) {
        self.boxedReason = ReasonBox(reason)
        self.offset = offset
    }

    /// The signal that the bytes that have arrived are all read (`needsInput`), at `offset`.
    static func moreInput(at offset: Int) -> ScanError {
        ScanError(boxedReason: .moreInput, offset: offset, needsInput: true)
    }

    private init(boxedReason: ReasonBox, offset: Int, needsInput: Bool) {
        self.boxedReason = boxedReason
        self.offset = offset
        self.needsInput = needsInput
    }
}

@usableFromInline
internal struct XMLScanner {
    enum Phase { case start, prolog, content, epilog, done }

    /// A general or parameter entity being read.
    struct Frame {
        /// Where to continue when the entity's text ends.
        var source: UInt32
        var position: Int
        var end: Int
        /// The entity (an index into `DTDStore.entities`).
        var entity: Int
        /// The number of open elements when the entity began.
        var depth: Int
        /// Where in the document the outermost reference is.
        var referenceOffset: Int
    }

    struct OpenElement {
        var name: XMLName
        /// The number of namespace bindings before this element's declarations.
        var bindings: Int
        /// The number of entity frames open when the element started.
        var frameDepth: Int
    }

    /// The open elements, innermost last: `count` entries of an array that only grows. Closing an
    /// element lowers `count` and leaves its entry, which the next start tag at that depth
    /// overwrites; so closing changes no array (every change of an array checks that its buffer is
    /// unique, and `removeLast()` is a call of its own), and opening changes one entry in place.
    /// Entries past `count` are never read.
    struct OpenElements {
        /// The entries: the open elements, then what is left of closed ones.
        private var storage: [OpenElement] = []
        /// The number of open elements.
        private(set) var count = 0

        /// Whether no element is open.
        var isEmpty: Bool { count == 0 }

        /// The open elements' positions, outermost first.
        var indices: Range<Int> { 0..<count }

        /// The innermost open element, if any.
        var last: OpenElement? { count > 0 ? storage[count - 1] : nil }

        /// The open element at `index` (in `indices`).
        subscript(index: Int) -> OpenElement {
            get {
                internalCheck(index < count, "OpenElements: \(index) is not open")
                return storage[index]
            }
            set {
                internalCheck(index < count, "OpenElements: \(index) is not open")
                storage[index] = newValue
            }
        }

        /// Opens `element`, innermost.
        @inline(__always)
        mutating func append(_ element: OpenElement) {
            if count < storage.count {
                storage[count] = element
            } else {
                storage.append(element)
            }
            count += 1
        }

        /// Closes the innermost open element (there must be one) and returns it.
        @inline(__always)
        mutating func removeLast() -> OpenElement {
            count -= 1
            return storage[count]
        }

        /// Whether an open element satisfies `predicate`.
        func contains(where predicate: (OpenElement) -> Bool) -> Bool {
            storage[..<count].contains(where: predicate)
        }
    }

    let limits: XMLReader.Limits
    let processNamespaces: Bool
    let lexer: Lexer
    /// Replacement text for references to undeclared entities (`XMLReader.EntityReplacements`), or
    /// `nil` for XML's rule: consulted only once a name is known to be undeclared.
    let entityReplacements: XMLReader.EntityReplacements?
    /// The document's size in bytes; for a document read in chunks, the bytes that have arrived.
    var documentSize: Int
    /// Whether the document is read in chunks: the end of the buffer is then the end of the bytes
    /// that have arrived, not of the document, unless `inputIsFinal`.
    var streaming = false
    /// Whether no more bytes will arrive after `end` (always, for a document in memory).
    var inputIsFinal = true
    /// Whether the bytes were transcoded to UTF-8 from another encoding, whose byte order mark (if
    /// any) the transcoder has already consumed: a leading `EF BB BF` is then the character U+FEFF,
    /// which is not allowed before the root element, not a second byte order mark.
    var transcoded = false

    var phase: Phase = .start { didSet { refreshReadsContentDirectly() } }
    var source: UInt32 = 0
    var position: Int = 0
    var end: Int
    var frames: [Frame] = []
    var elements = OpenElements()
    /// The attributes of the element of the last start tag: `attributes[attributeBase...]`.
    @usableFromInline var attributes = AttributeStore()
    /// Where the current element's attributes begin in `attributes`: always 0, unless
    /// `keepsAttributes` asks the scanner to keep those of earlier elements before them.
    @usableFromInline var attributeBase = 0
    /// Whether `attributes` keeps growing from element to element instead of being emptied at each
    /// event, so that a consumer that wants them all (the index) can take the array as it is.
    @usableFromInline var keepsAttributes = false
    var pendingEnd = false
    @usableFromInline var isEmptyElementTag = false
    var declaration: XMLDeclaration?
    var doctype: XMLDocumentType?
    @usableFromInline var dtd: DTDStore?
    /// Entities currently being expanded in content (indexed like `DTDStore.entities`).
    var activeEntities: [Bool] = []
    /// Bytes produced by entity expansion so far.
    var expandedBytes = 0
    var namespaces = NamespaceTable()
    var failure: ScanError? { didSet { refreshReadsContentDirectly() } }
    /// Whether a reference to an undeclared entity is a well-formedness error (XML 1.0 §4.1, WFC:
    /// Entity Declared) rather than something declared in markup the reader did not read.
    var undeclaredEntitiesAreErrors = true
    /// Whether the internal subset referred to a parameter entity.
    var sawParameterEntityReference = false
    /// Whether entity and attribute-list declarations are now only checked, not used: after a
    /// reference to a parameter entity the reader does not read (XML 1.0 §5.1).
    var skipDeclarations = false
    /// Whether the DTD declared attribute lists (defaults or tokenized types to apply to start tags).
    var hasAttributeDeclarations = false
    /// Events found ahead of their turn (processing instructions inside the DTD), to report first.
    var pendingEvents: [XMLEvent] = [] { didSet { refreshReadsContentDirectly() } }
    /// The next of `pendingEvents` to report.
    var pendingIndex = 0 { didSet { refreshReadsContentDirectly() } }
    /// Whether the next event is simply read by `content`, with nothing to report or check first:
    /// the phase is `.content`, no events wait in `pendingEvents` and no error has stopped the
    /// reader. The observers of those four properties keep it, so that the event loop tests one
    /// flag for them on every event. (An empty-element tag's pending end is tested beside it: it
    /// is set and cleared too often to keep through an observer. Whether the bytes are an
    /// entity's rather than the document's, `content` looks at itself.)
    private(set) var readsContentDirectly = false

    private mutating func refreshReadsContentDirectly() {
        readsContentDirectly = phase == .content && pendingIndex >= pendingEvents.count && failure == nil
    }
    /// Hash slots reused to find duplicate attributes on elements with many attributes.
    var duplicateSlots: [Int32] = []

    init(options: XMLReader.Options, documentSize: Int) {
        self.limits = options.limits
        self.processNamespaces = options.shouldProcessNamespaces
        self.entityReplacements = options.undeclaredEntityReplacements
        self.lexer = Lexer(
            maxNameLength: options.limits.maxNameLength, processNamespaces: options.shouldProcessNamespaces)
        self.documentSize = documentSize
        self.end = documentSize
    }

    @usableFromInline
    var depth: Int { elements.count }

    // MARK: - Reading events

    /// Reads one event from `document` (the document's bytes, or a stream's window).
    ///
    /// The one place the document's bytes enter the scanner: from here on they are an
    /// `UncheckedBytes` view, valid for this call (`XMLReader.Input.withUncheckedBytes`).
    @usableFromInline
    mutating func next(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        try nextInline(document)
    }

    /// `next(_:)`, always inlined: the readers' own loops (`XMLReader.nextInMemory`, the index's
    /// build) take the event without a call of their own into the scanner, whose prologue and
    /// epilogue were paid on every event.
    @inline(__always)
    mutating func nextInline(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        if !readsContentDirectly, let failure { throw failure }
        do {
            return try step(document)
        } catch {
            if !error.needsInput { failure = error }
            throw error
        }
    }

    @inline(__always)
    private mutating func step(_ document: UncheckedBytes) throws(ScanError) -> XMLEvent? {
        if keepsAttributes {
            attributeBase = attributes.count
        } else {
            attributes.removeAll()
        }
        if readsContentDirectly && !pendingEnd {
            isEmptyElementTag = false
            return try content(document)
        }
        if pendingEnd {
            pendingEnd = false
            isEmptyElementTag = false
            return .endElement(popElement())
        }
        isEmptyElementTag = false
        if pendingIndex < pendingEvents.count {
            defer {
                pendingIndex += 1
                if pendingIndex == pendingEvents.count {
                    pendingEvents.removeAll()
                    pendingIndex = 0
                }
            }
            return pendingEvents[pendingIndex]
        }
        switch phase {
        case .content:
            return try content(document)
        case .prolog, .epilog:
            return try misc(document)
        case .start:
            if !streaming, documentSize > XMLSlice.maxBufferSize {
                throw ScanError(reason: .documentTooLarge(limit: XMLSlice.maxBufferSize), offset: 0)
            }
            try xmlDeclaration(document)
            phase = .prolog
            return try misc(document)
        case .done:
            return nil
        }
    }

    // MARK: - Buffers and positions

    /// The bytes of the buffer numbered `source`.
    ///
    /// A source other than 0 is only ever set from an entity or a default of the DTD store, so
    /// `dtd` is there; should that ever not hold, the view is empty (and debug builds stop).
    @inline(__always)
    func buffer(_ source: UInt32, _ document: UncheckedBytes) -> UncheckedBytes {
        if source == 0 { return document }
        guard let dtd else {
            internalCheck(false, "XMLScanner: source \(source) without a DTD")
            return .empty
        }
        return dtd.buffer(source).bytes
    }

    /// Whether the bytes of `source` are raw document text (line ends not yet normalized).
    @inline(__always)
    func hasRawLineEnds(_ source: UInt32) -> Bool {
        if source == 0 { return true }
        return dtd?.buffer(source).rawLineEnds ?? false
    }

    /// The raw bytes of a slice.
    func rawBytes(_ slice: XMLSlice, _ document: UncheckedBytes) -> UncheckedBytes {
        XMLScanner.rawBytes(slice, document, dtd)
    }

    /// The raw bytes of a slice, given the document and the DTD's buffers. The slice is one the
    /// scanner made for these buffers (`XMLReader.checked` clamps any other to them first), so
    /// its range lies within its buffer (checked in debug builds by the buffer's slicing).
    @usableFromInline
    static func rawBytes(_ slice: XMLSlice, _ document: UncheckedBytes, _ dtd: DTDStore?) -> UncheckedBytes {
        let buffer: UncheckedBytes
        if slice.source == 0 {
            buffer = document
        } else if let dtd {
            buffer = dtd.buffer(slice.source).bytes
        } else {
            return .empty
        }
        return buffer.extracting(unchecked: slice.start..<slice.end)
    }

    /// How far into the document the scanner has read (inside an entity, the end of its outermost reference).
    var documentPosition: Int { frames.isEmpty ? (source == 0 ? position : 0) : frames[0].position }

    /// The document offset to report for position `p` in the current buffer.
    @inline(__always)
    mutating func offset(_ p: Int) -> Int {
        if let first = frames.first { return first.referenceOffset }
        return source == 0 ? p : (dtd?.buffer(source).documentOffset ?? p)
    }

    mutating func error(_ reason: XMLParsingError.Reason, at p: Int) -> ScanError {
        ScanError(reason: reason, offset: offset(p))
    }

    /// "unexpected X; expected Y" for the byte at `p` (or the end of input).
    mutating func unexpected(_ buf: UncheckedBytes, at p: Int, expected: String) -> ScanError {
        unexpected(buf, at: p, limit: end, expected: expected)
    }

    /// "unexpected X; expected Y" for the byte at `p` of a buffer that ends at `limit`.
    mutating func unexpected(_ buf: UncheckedBytes, at p: Int, limit: Int, expected: String) -> ScanError {
        if p >= limit {
            if !frames.isEmpty, let dtd {
                let name = String(decoding: dtd.entities[frames[frames.count - 1].entity].name, as: UTF8.self)
                return error(
                    .malformedEntity(name: name, problem: "its replacement text ends where \(expected) is expected"),
                    at: p)
            }
            return error(.unexpectedEndOfInput(expected: expected), at: p)
        }
        return error(.unexpectedCharacter(found: describe(buf, at: p, limit: limit), expected: expected), at: p)
    }

    /// A readable description of the character at `p`, for messages.
    mutating func describe(_ buf: UncheckedBytes, at p: Int, limit: Int) -> String {
        let b = buf[unchecked: p]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 {
            return b == 0x20
                ? "space"
                : b == 0x0A
                    ? "line feed"
                    : b == 0x09 ? "tab" : b == 0x0D ? "carriage return" : "U+\(String(b, radix: 16, uppercase: true))"
        }
        if let (scalar, _) = decodeScalar(buf, p, limit), let u = Unicode.Scalar(scalar) {
            return "'\(Character(u))'"
        }
        return "invalid UTF-8"
    }

    /// Whether the input ends at `p` partway through one of `literals`: a construct cut short.
    mutating func endsWithin(_ buf: UncheckedBytes, _ p: Int, _ literals: StaticString...) -> Bool {
        let available = end - p
        guard available >= 0 else { return true }
        for literal in literals where available < literal.utf8CodeUnitCount {
            let bytes = literal.utf8Start
            if (0..<available).allSatisfy({ buf[unchecked: p + $0] == bytes[$0] }) { return true }
        }
        return false
    }

    // MARK: - Entities

    /// Begins reading an entity's replacement text in content.
    mutating func pushEntity(_ index: Int, referenceStart: Int, referenceEnd: Int) throws(ScanError) {
        // `index` was found in the DTD store (`generalEntity(named:)`), so there is one.
        guard let store = dtd else { return }
        let entity = store.entities[index]
        if activeEntities[index] {
            throw error(.recursiveEntity(String(decoding: entity.name, as: UTF8.self)), at: referenceStart)
        }
        let text = store.buffer(entity.source)
        try account(max(text.count, referenceEnd - referenceStart), at: referenceStart)
        let referenceOffset = frames.first?.referenceOffset ?? (source == 0 ? referenceStart : offset(referenceStart))
        frames.append(
            Frame(
                source: source, position: referenceEnd, end: end, entity: index, depth: elements.count,
                referenceOffset: referenceOffset))
        activeEntities[index] = true
        source = entity.source
        position = 0
        end = text.count
    }

    /// Returns to the text around an entity whose replacement text has ended.
    mutating func popEntity() throws(ScanError) {
        let frame = frames[frames.count - 1]
        if elements.count != frame.depth, phase == .content {
            let name = String(decoding: dtd?.entities[frame.entity].name ?? [], as: UTF8.self)
            throw error(
                .malformedEntity(name: name, problem: "an element starts in it but does not end in it"), at: end)
        }
        frames.removeLast()
        activeEntities[frame.entity] = false
        source = frame.source
        position = frame.position
        end = frame.end
    }

    /// Counts bytes produced by entity expansion against the limits.
    mutating func account(_ bytes: Int, at p: Int) throws(ScanError) {
        expandedBytes += bytes
        if expandedBytes > limits.maxEntityExpansionBytes {
            throw error(.entityExpansionLimitExceeded(limit: limits.maxEntityExpansionBytes), at: p)
        }
        if expandedBytes > limits.entityExpansionRatioThreshold,
            expandedBytes / max(documentSize, 1) >= limits.maxEntityExpansionRatio
        {
            throw error(.entityExpansionRatioExceeded(limit: limits.maxEntityExpansionRatio), at: p)
        }
    }
}
