// `xmlc format` as a stream: the document is written again, indented or compact, while it is read.
//
// What comes out is, byte for byte, what the tree-based format gives — `XMLTree` →
// `removingWhitespaceBetweenElements()` → the library's writer, `.prettyPrinted` or compact —
// whenever the layout decisions fit the look-ahead. Those rules, per element:
//
// - Its white-space-only text is removed only when its content is elements (and comments and
//   processing instructions) with no other text and no CDATA, and it is not under
//   `xml:space="preserve"`. Such element-only content is the only content pretty printing
//   indents: a line break and the indentation of its depth before each child and before the end
//   tag. Every other element (mixed content, text only, white space only, comments only,
//   preserved) is written with its text exactly as it is.
// - An element with no content at all is written `<a/>`.
//
// How an element's children are written never depends on how the element itself is laid out, so
// the only thing to wait for is each element's own decision, which is known when non-white-space
// text or CDATA appears in it (mixed: keep all its text) or at its end tag (element-only if it
// has a child element). Until then the element is *undecided*, and everything written inside it
// is held in its pending buffer, in segments: white-space text (dropped if element-only) and
// nodes (each preceded by a line break and indentation if element-only). Output of decided
// elements inside an undecided one goes to that one's buffer; everything else goes straight to
// the output.
//
// The look-ahead bounds the bytes held in all pending buffers together. When they hold more, the
// outermost undecided element is committed: its own white-space text is kept exactly as it is
// and nothing is inserted (its children still get their own layout), so the content never
// changes — only that element (typically a huge root with millions of children) keeps the layout
// it came with. Its buffer is written out, and it streams from then on.
//
// The formatter is a struct driven from a local variable, and what it writes to (the output and
// the pending buffers, `FormatterSinks`) is a separate struct beside its own state, so every
// access is checked at compile time and writing costs plain stores. Bytes are read as
// `UncheckedBytes` views (ByteViews.swift). The pending buffers are `UncheckedByteBuffer`s and the
// output an `OutputBuffer`, which cannot be copied, so the sinks and the formatter cannot be either: a
// buffer is taken out of its depth and put back by moves (`take`, `giveBack`).
//
// Everything else is as the tree writer does it: text escapes `&`, `<`, `>` and carriage return;
// attribute values `&`, `<`, `"`, tab, line feed and carriage return; CDATA sections are kept
// (split around `]]>`; one holding a carriage return, which a CDATA section cannot carry, is
// written as escaped text); attributes in document order with DTD defaults explicit; entity
// references expanded; the XML declaration (another encoding than UTF-8 declared as UTF-8); the DOCTYPE's name and
// external identifiers without its internal subset, before the comments and processing
// instructions of the prologue (which are held until the DOCTYPE or the root element, within the
// look-ahead). A document the reader accepts always passes the tree writer's checks (names,
// characters, comments, duplicate attributes, namespaces), so they are not repeated here.

import XMLCodableCore

/// Writes a document formatted as `xmlc format` does, while it is read.
struct StreamingFormatter: ~Copyable {
    /// Whether element-only content is indented (`false`: compact).
    private let pretty: Bool
    /// The most bytes held in pending buffers before the outermost undecided element is committed.
    private let lookahead: Int

    /// An open element.
    private struct Frame {
        /// Its qualified name: `names[nameStart..<nameEnd]`.
        var nameStart: Int
        var nameEnd: Int
        /// Whether `xml:space="preserve"` is in force.
        var preserve: Bool
        /// Whether its layout is still open (its content is held in the pending buffer of its depth).
        var undecided: Bool
        /// Whether its start tag has been closed with `>` (it has content).
        var hasContent = false
        /// Whether it has a child element.
        var hasElement = false
        /// Where its tags go: `FormatterSinks.output`, or the depth of the undecided element
        /// whose pending buffer holds them.
        var tagTarget: Int
    }

    /// Where everything is written.
    private var sinks: FormatterSinks
    private var frames: [Frame] = []
    /// The names of the open elements, one after the other.
    private var names: [UInt8] = []
    /// Whether the first event was read (and the XML declaration written).
    private var started = false
    /// Whether prologue items are still held (until the DOCTYPE, the root, or the look-ahead).
    private var holdingPrologue = true
    /// Whether the root element has ended.
    private var rootEnded = false

    /// A formatter: pretty printed with `indentation` per level, or compact.
    init(pretty: Bool, indentation: [UInt8], lookahead: Int) {
        self.pretty = pretty
        self.lookahead = max(0, lookahead)
        sinks = FormatterSinks(indentation: indentation)
    }

    /// Reads the whole document and writes it formatted to standard output. What was written
    /// before an error is flushed before the error is thrown.
    mutating func run(_ document: inout DocumentReader) throws(StreamFailure) {
        defer { sinks.output.flush() }
        while let event = try document.next() {
            if !started {
                started = true
                try writeDeclaration(document.reader.declaration)
            }
            switch event {
            case .startElement(let name): startElement(name, document.reader)
            case .endElement: endElement()
            case .text(let slice): text(slice, document.reader)
            case .cdata(let slice): cdata(slice, document.reader)
            case .comment(let slice): comment(slice, document.reader)
            case .processingInstruction(let target, let data): processingInstruction(target, data, document.reader)
            case .doctype: try doctype(document.reader.doctype)
            }
            if sinks.pendingTotal > lookahead { commitOutermost() }
            if let failure = sinks.output.failure { throw .unwritable(failure) }
        }
        sinks.output.append(0x0A)
        sinks.output.flush()
        if let failure = sinks.output.failure { throw .unwritable(failure) }
    }

    // MARK: Events

    private mutating func startElement(_ name: XMLName, _ reader: XMLReader) {
        let depth = frames.count
        var preserve = false
        if depth == 0 {
            releasePrologue()
        } else {
            beginNode(in: depth - 1, whitespace: false)
            frames[depth - 1].hasElement = true
            preserve = frames[depth - 1].preserve
        }
        let target = depth == 0 ? FormatterSinks.output : contentTarget(depth - 1)
        let nameStart = names.count
        reader.withDecodedUncheckedBytes(of: name.qualified) { bytes in
            names.append(contentsOf: bytes)
            sinks.put(0x3C, target)
            sinks.put(bytes, target)
        }
        for attribute in reader.attributes {
            sinks.put(0x20, target)
            let isSpace = reader.withDecodedUncheckedBytes(of: attribute.name.qualified) { bytes in
                sinks.put(bytes, target)
                return bytes.equals("xml:space")
            }
            sinks.put("=\"", target)
            reader.withDecodedUncheckedBytes(of: attribute.value) { bytes in
                sinks.putEscaped(bytes, inAttribute: true, target)
                if isSpace { preserve = bytes.equals("preserve") }
            }
            sinks.put(0x22, target)
        }
        sinks.prepare(depth)
        frames.append(
            Frame(
                nameStart: nameStart, nameEnd: names.count, preserve: preserve, undecided: !preserve, tagTarget: target)
        )
    }

    private mutating func endElement() {
        guard let frame = frames.popLast() else { return }
        let depth = frames.count
        let target = frame.tagTarget
        if frame.undecided {
            if frame.hasContent {
                if frame.hasElement {
                    sinks.releaseElementOnly(depth, to: target, pretty: pretty)
                    if pretty { sinks.newline(depth, target) }
                } else {
                    sinks.releaseVerbatim(depth, to: target)
                }
            } else {
                sinks.discard(depth)
            }
        }
        if frame.hasContent {
            sinks.put("</", target)
            sinks.put(names, frame.nameStart..<frame.nameEnd, target)
            sinks.put(0x3E, target)
        } else {
            sinks.put("/>", target)
        }
        names.removeLast(names.count - frame.nameStart)
        if frames.isEmpty { rootEnded = true }
    }

    private mutating func text(_ slice: XMLSlice, _ reader: XMLReader) {
        // Text outside the root element is white space, which is not kept; an empty slice is no text.
        guard let depth = frames.indices.last, !slice.isEmpty else { return }
        reader.withDecodedUncheckedBytes(of: slice) { bytes in
            let whitespace = bytes.isXMLWhiteSpace
            if !whitespace && frames[depth].undecided { decide(depth) }
            beginNode(in: depth, whitespace: true)
            sinks.putEscaped(bytes, inAttribute: false, contentTarget(depth))
        }
    }

    private mutating func cdata(_ slice: XMLSlice, _ reader: XMLReader) {
        guard let depth = frames.indices.last else { return }
        if frames[depth].undecided { decide(depth) }
        beginNode(in: depth, whitespace: false)
        let target = contentTarget(depth)
        reader.withDecodedUncheckedBytes(of: slice) { sinks.putCDATA($0, target) }
    }

    private mutating func comment(_ slice: XMLSlice, _ reader: XMLReader) {
        let target = miscTarget()
        sinks.put("<!--", target)
        reader.withDecodedUncheckedBytes(of: slice) { sinks.put($0, target) }
        sinks.put("-->", target)
        endMisc(target)
    }

    private mutating func processingInstruction(_ name: XMLSlice, _ data: XMLSlice, _ reader: XMLReader) {
        let target = miscTarget()
        sinks.put("<?", target)
        reader.withDecodedUncheckedBytes(of: name) { sinks.put($0, target) }
        reader.withDecodedUncheckedBytes(of: data) { bytes in
            if !bytes.isEmpty {
                sinks.put(0x20, target)
                sinks.put(bytes, target)
            }
        }
        sinks.put("?>", target)
        endMisc(target)
    }

    /// Writes the DOCTYPE's name and external identifiers as the tree writer does.
    private mutating func doctype(_ doctype: XMLDocumentType?) throws(StreamFailure) {
        guard let doctype else { return }
        let bytes = try Self.markup { () throws(XMLTree.SerializationError) in try XMLMarkup.doctype(doctype) }
        bytes.withUncheckedBytes { sinks.output.append($0) }
        releasePrologue()
    }

    /// The bytes of a declaration, or the failure to report when the tree writer would refuse it
    /// (the reader accepts nothing it refuses: this is a safety net).
    private static func markup(_ bytes: () throws(XMLTree.SerializationError) -> [UInt8]) throws(StreamFailure)
        -> [UInt8]
    {
        do throws(XMLTree.SerializationError) {
            return try bytes()
        } catch {
            throw .unmappable("cannot be written as XML: \(error)")
        }
    }

    // MARK: The prologue and the epilogue

    private mutating func writeDeclaration(_ declaration: XMLDeclaration?) throws(StreamFailure) {
        guard let declaration else { return }
        let bytes = try Self.markup { () throws(XMLTree.SerializationError) in try XMLMarkup.declaration(declaration) }
        bytes.withUncheckedBytes { sinks.output.append($0) }
    }

    /// Where a comment or processing instruction goes: into the open element (a node of it), to
    /// the held prologue, or to the output.
    private mutating func miscTarget() -> Int {
        if let depth = frames.indices.last {
            beginNode(in: depth, whitespace: false)
            return contentTarget(depth)
        }
        if rootEnded {
            sinks.output.append(0x0A)
            return FormatterSinks.output
        }
        return holdingPrologue ? FormatterSinks.prologue : FormatterSinks.output
    }

    /// Ends a comment or processing instruction: a line break after one in the prologue.
    private mutating func endMisc(_ target: Int) {
        guard frames.isEmpty, !rootEnded else { return }
        sinks.put(0x0A, target)
        if holdingPrologue, sinks.prologueBytes.count > lookahead { releasePrologue() }
    }

    /// Writes the held prologue items and stops holding them.
    private mutating func releasePrologue() {
        holdingPrologue = false
        sinks.releasePrologue()
    }

    // MARK: Layout decisions

    /// Where an element's content goes: its own pending buffer while it is undecided, else where its tags go.
    @inline(__always)
    private func contentTarget(_ depth: Int) -> Int {
        frames[depth].undecided ? depth : frames[depth].tagTarget
    }

    /// Starts a node (or white-space text, which may be dropped) in the element at `depth`: closes
    /// its start tag, and opens a segment when the element is undecided.
    @inline(__always)
    private mutating func beginNode(in depth: Int, whitespace: Bool) {
        if !frames[depth].hasContent {
            frames[depth].hasContent = true
            sinks.put(0x3E, frames[depth].tagTarget)
        }
        if frames[depth].undecided { sinks.mark(depth, whitespace: whitespace) }
    }

    /// Writes the held content of an undecided element verbatim, and streams it from now on (its
    /// text is kept: mixed content, or the look-ahead is exceeded).
    private mutating func decide(_ depth: Int) {
        let target = frames[depth].tagTarget
        sinks.releaseVerbatim(depth, to: target)
        frames[depth].undecided = false
        for index in (depth + 1)..<frames.count where frames[index].tagTarget == depth {
            frames[index].tagTarget = target
        }
    }

    /// Commits the outermost undecided elements holding output until the look-ahead is respected.
    private mutating func commitOutermost() {
        while sinks.pendingTotal > lookahead {
            guard let depth = frames.indices.first(where: { frames[$0].undecided && sinks.holds($0) }) else { return }
            decide(depth)
        }
    }
}

// Internal rather than private: with `~Copyable`, a private type crashes Swift 6.3.1's compiler
// when another file destroys a formatter ("Global is external, but doesn't have external or weak
// linkage" for its metadata).
/// Where the formatter writes: the output, the held prologue, and one pending buffer per depth
/// of open element (reused from one element to the next).
struct FormatterSinks: ~Copyable {
    /// The target that means the output.
    static let output = -1
    /// The target that means the held prologue.
    static let prologue = -2

    /// The held output of an undecided element: bytes in segments.
    struct Pending: ~Copyable {
        var bytes = UncheckedByteBuffer()
        /// Where each segment starts: the offset for a node, `~offset` for white-space text.
        var marks: [Int] = []

        /// The memory held, counted against the look-ahead.
        var size: Int { bytes.count + marks.count * MemoryLayout<Int>.stride }
    }

    var output = OutputBuffer()
    var prologueBytes: [UInt8] = []
    private var pending = UniqueArray<Pending>()
    /// The bytes held in pending buffers (`Pending.size`, summed).
    private(set) var pendingTotal = 0
    /// One level of indentation.
    private let indentation: UncheckedByteBuffer
    /// A line break followed by `lineBreakLevels` levels of indentation, to copy line breaks from.
    private let lineBreaks: UncheckedByteBuffer
    private static let lineBreakLevels = 32

    init(indentation: [UInt8]) {
        self.indentation = UncheckedByteBuffer(copying: indentation)
        lineBreaks = UncheckedByteBuffer(
            copying: [0x0A] + Array([[UInt8]](repeating: indentation, count: Self.lineBreakLevels).joined()))
    }

    /// Makes the pending buffer of `depth` ready for a new element.
    mutating func prepare(_ depth: Int) {
        if pending.count == depth { pending.append(Pending()) }
    }

    /// Whether the pending buffer of `depth` holds any bytes.
    func holds(_ depth: Int) -> Bool {
        !pending[depth].bytes.isEmpty
    }

    /// Opens a segment in the pending buffer of `depth` (white space after white space continues one).
    @inline(__always)
    mutating func mark(_ depth: Int, whitespace: Bool) {
        let offset = pending[depth].bytes.count
        if whitespace, let last = pending[depth].marks.last, last < 0 { return }
        pending[depth].marks.append(whitespace ? ~offset : offset)
        pendingTotal += MemoryLayout<Int>.stride
    }

    @inline(__always)
    mutating func put(_ bytes: UncheckedBytes, _ target: Int) {
        if target >= 0 {
            pending[target].bytes.append(bytes)
            pendingTotal += bytes.count
        } else if target == Self.output {
            output.append(bytes)
        } else {
            prologueBytes.append(contentsOf: bytes)
        }
    }

    @inline(__always)
    mutating func put(_ byte: UInt8, _ target: Int) {
        if target >= 0 {
            pending[target].bytes.append(byte)
            pendingTotal += 1
        } else if target == Self.output {
            output.append(byte)
        } else {
            prologueBytes.append(byte)
        }
    }

    @inline(__always)
    mutating func put(_ text: StaticString, _ target: Int) {
        put(UncheckedBytes(text), target)
    }

    /// Writes `bytes[range]`.
    mutating func put(_ bytes: [UInt8], _ range: Range<Int>, _ target: Int) {
        bytes.withUncheckedBytes { put($0.extracting(unchecked: range), target) }
    }

    mutating func newline(_ depth: Int, _ target: Int) {
        if depth <= Self.lineBreakLevels {
            put(lineBreaks.view.extracting(unchecked: 0..<(1 + depth * indentation.count)), target)
            return
        }
        put(0x0A, target)
        for _ in 0..<depth { put(indentation.view, target) }
    }

    /// Writes text with the characters XML gives meaning to replaced by references, as the tree
    /// writer does (its rules: `XMLMarkup`).
    mutating func putEscaped(_ bytes: UncheckedBytes, inAttribute: Bool, _ target: Int) {
        XMLMarkup.escape(bytes, inAttribute: inAttribute) { put($0, target) }
    }

    /// Writes a CDATA section as the tree writer does (split around `]]>`; escaped text when it
    /// holds a carriage return).
    mutating func putCDATA(_ bytes: UncheckedBytes, _ target: Int) {
        XMLMarkup.cdata(bytes) { put($0, target) }
    }

    /// Writes the held prologue to the output.
    mutating func releasePrologue() {
        guard !prologueBytes.isEmpty else { return }
        prologueBytes.withUncheckedBytes { output.append($0) }
        prologueBytes = []
    }

    /// Takes the pending buffer of `depth` out, for writing it elsewhere.
    private mutating func take(_ depth: Int) -> Pending {
        var held = Pending()
        swap(&held, &pending[depth])
        pendingTotal -= held.size
        return held
    }

    /// Puts an emptied buffer back, keeping its room for the next element unless it grew large.
    private mutating func giveBack(_ held: consuming Pending, _ depth: Int) {
        held.bytes.removeAll(keepingCapacityUpTo: 1 << 20)
        if held.marks.capacity > 1 << 16 { held.marks = [] } else { held.marks.removeAll(keepingCapacity: true) }
        pending[depth] = held
    }

    /// Drops what the pending buffer of `depth` holds.
    mutating func discard(_ depth: Int) {
        giveBack(take(depth), depth)
    }

    /// Writes what the pending buffer of `depth` holds as it is, and empties it.
    mutating func releaseVerbatim(_ depth: Int, to target: Int) {
        let held = take(depth)
        put(held.bytes.view, target)
        giveBack(held, depth)
    }

    /// Writes what the pending buffer of `depth` holds as element-only content: its nodes, each on
    /// a line of its own at `depth + 1` when pretty printing, without the white space between them.
    mutating func releaseElementOnly(_ depth: Int, to target: Int, pretty: Bool) {
        let held = take(depth)
        do {
            let bytes = held.bytes.view
            let marks = held.marks
            // Bytes before the first mark (there are none) would be a node.
            var segmentStart = 0
            var segmentIsWhitespace = false
            var index = 0
            if let first = marks.first, (first < 0 ? ~first : first) == 0 {
                segmentIsWhitespace = first < 0
                index = 1
            }
            while true {
                let next = index < marks.count ? marks[index] : nil
                let segmentEnd = next.map { $0 < 0 ? ~$0 : $0 } ?? bytes.count
                if !segmentIsWhitespace, segmentEnd > segmentStart {
                    if pretty { newline(depth + 1, target) }
                    put(bytes.extracting(unchecked: segmentStart..<segmentEnd), target)
                }
                guard let next else { break }
                segmentStart = segmentEnd
                segmentIsWhitespace = next < 0
                index += 1
            }
        }
        giveBack(held, depth)
    }
}
