// XMLIndex: a flat map of a whole document, built in one pass over the reader's events.
//
// Layout
// ------
// Every element and every run of character data is a `Node` in one array, in document order.
// An element's first child, if it has any, is the node after it, and every node links to its next
// sibling by index, so walking the children of an element or skipping a whole subtree is a few
// integer loads, and looking a child up by name compares bytes, never strings:
//
//     <book name="A"><author>Jon</author><year>2020</year></book>
//
//     nodes[0]  element "book"    attributes 0..<1  has children (1)  nextSibling -1
//     nodes[1]  element "author"  attributes 1..<1  has children (2)  nextSibling 3
//     nodes[2]  text    "Jon"                                          nextSibling -1
//     nodes[3]  element "year"    attributes 1..<1  has children (4)  nextSibling -1
//     nodes[4]  text    "2020"                                         nextSibling -1
//     attributes[0]  name="A"   (packed, 16 bytes: see XMLIndex.AttributeTable.swift)
//
// Nothing is decoded while the index is built: names, text and attribute values stay `XMLSlice`s
// into the reader's buffers (the document, or entity replacement text), and become strings or
// numbers only when the decoder asks for them. Adjacent character data (text, CDATA, text from
// entities) stays as separate nodes, in order; the decoder joins them when it needs an element's
// text. Comments and processing instructions are not indexed, and the decoder's index leaves out
// the indentation between child elements (see XMLIndex+Layout.swift).

/// A flat, read-only map of a document's elements, attributes and character data.
internal struct XMLIndex {
    /// An element or a run of character data, in 32 bytes: 32-bit offsets keep the index small
    /// (its size is most of the decoder's memory), so an indexed document is at most 4 GiB.
    ///
    /// A node's first child, when it has one, is always the next node (nodes are in document
    /// order), so a bit says whether there is one (`XMLIndex.firstChild(of:)`). The buffer number
    /// shares a word with the slice's flags (as in `XMLSlice`), the namespace number one with the
    /// bits of `childNameBits`, and the prefix's length one with the kind and two flags: a name
    /// whose prefix is 256 MiB or more, or a document with 16 million namespaces, is refused
    /// (`fits(_:)`).
    struct Node {
        /// The buffer (upper 24 bits) and the slice's decoding flags (lower 8).
        private var sourceAndFlags: UInt32
        /// Where the name (element) or the text (character data) starts in its buffer.
        var start: UInt32
        var length: UInt32
        /// For an element: where its attributes begin in `attributes`, and how many.
        var firstAttribute: Int32
        var attributeCount: Int32
        /// The index of the next node with the same parent, or -1.
        var nextSibling: Int32
        /// The namespace number (upper 24 bits) and `childNameBits` (lower 8).
        private var namespaceAndNameBits: UInt32
        /// The prefix's length plus one, 0 for none (upper 28 bits); whether a run of layout
        /// white space was left out just before the node (bit 3, `followsLayout`); whether the
        /// node has children (bit 2); the kind (lower 2 bits).
        private var prefixAndKind: UInt32

        /// The largest prefix length and namespace number a node holds.
        static let maxPrefixLength = Int(UInt32.max >> 4) - 1
        static let maxNamespaceID = Int(UInt32.max >> 8)

        /// Whether a node can hold `name`'s prefix length and namespace number.
        static func fits(_ name: XMLName) -> Bool {
            Int(name.prefixLength) < maxPrefixLength && name.namespaceID >= 0 && Int(name.namespaceID) <= maxNamespaceID
        }

        var source: UInt32 { sourceAndFlags >> 8 }
        /// The slice's decoding flags.
        var flags: XMLSlice.Flags { XMLSlice.Flags(rawValue: UInt8(truncatingIfNeeded: sourceAndFlags)) }
        /// For an element: its namespace number.
        var namespaceID: Int32 { Int32(bitPattern: namespaceAndNameBits >> 8) }
        /// For an element: the length of its prefix, or -1.
        var prefixLength: Int32 { Int32(bitPattern: prefixAndKind >> 4) - 1 }
        /// What the node is.
        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: prefixAndKind & 3)) ?? .text }
        /// Whether the node has children (the first is the next node).
        var hasChildren: Bool {
            get { prefixAndKind & 4 != 0 }
            set { prefixAndKind = newValue ? prefixAndKind | 4 : prefixAndKind & ~4 }
        }
        /// For an element: whether a run of layout white space lies just before it in the
        /// document, left out of the index (see XMLIndex+Layout.swift). The run is the white
        /// space before the element's `<` (`XMLIndex.layoutRun(before:in:)`).
        var followsLayout: Bool {
            get { prefixAndKind & 8 != 0 }
            set { prefixAndKind = newValue ? prefixAndKind | 8 : prefixAndKind & ~8 }
        }
        /// For an element: one bit per child element, `1 << (last byte of its name & 7)`; zero
        /// when it has no child elements. The last byte is the same for a name and its local
        /// part, so a key whose bit is clear names no child, whichever part keys match: most
        /// attribute keys then skip the children without comparing a name.
        var childNameBits: UInt8 {
            get { UInt8(truncatingIfNeeded: namespaceAndNameBits) }
            set { namespaceAndNameBits = (namespaceAndNameBits & ~0xFF) | UInt32(newValue) }
        }

        var hasChildElements: Bool { childNameBits != 0 }

        /// The bit `childNameBits` uses for a name ending in `lastByte`.
        @inline(__always)
        static func nameBit(_ lastByte: UInt8) -> UInt8 { 1 << (lastByte & 7) }

        enum Kind: UInt8 {
            case element
            case text
            case cdata
        }

        /// A node without children; the name's prefix length and namespace number must fit
        /// (`fits(_:)`; for character data they are -1 and 0).
        init(name: XMLName, firstAttribute: Int32, attributeCount: Int32, nextSibling: Int32, kind: Kind) {
            let slice = name.qualified
            sourceAndFlags = slice.source << 8 | UInt32(slice.flags.rawValue)
            start = UInt32(truncatingIfNeeded: slice.start)
            length = UInt32(truncatingIfNeeded: slice.end - slice.start)
            self.firstAttribute = firstAttribute
            self.attributeCount = attributeCount
            self.nextSibling = nextSibling
            namespaceAndNameBits = UInt32(truncatingIfNeeded: name.namespaceID) << 8
            prefixAndKind = UInt32(truncatingIfNeeded: name.prefixLength + 1) << 4 | UInt32(kind.rawValue)
        }

        var isElement: Bool { prefixAndKind & 3 == UInt32(Kind.element.rawValue) }
        /// For an element, its name; for character data, `name.qualified` is the text.
        var name: XMLName {
            XMLName(
                qualified: XMLSlice(source: source, start: Int(start), end: Int(start) + Int(length), flags: flags),
                prefixLength: prefixLength, namespaceID: namespaceID)
        }
        var text: XMLSlice { XMLSlice(source: source, start: Int(start), end: Int(start) + Int(length), flags: flags) }
    }

    /// A comment, a processing instruction or an empty CDATA section: kept only for the document
    /// model (`XMLTree.Store`), never for the decoder, whose loops take every node that is not an
    /// element for character data. It lies between nodes: after node `before - 1` and before node
    /// `before` in document order, inside element `parent` (-1 outside the root element).
    struct Markup {
        enum Kind: UInt8 {
            case comment
            case processingInstruction
            case emptyCDATA
        }
        var kind: Kind
        var parent: Int32
        var before: Int32
        /// The comment's text or the instruction's target.
        var first: XMLSlice
        /// The instruction's data.
        var second: XMLSlice
    }

    /// The largest document (and entity text) the index can address.
    static let maxDocumentSize = Int(UInt32.max)

    private(set) var nodes: [Node] = []
    /// The attributes of every element, packed (see XMLIndex.AttributeTable.swift).
    private(set) var attributes = AttributeTable()

    init() {}

    /// An index of nodes and attributes built elsewhere (see `XMLIndex.Builder`).
    init(nodes: [Node], attributes: AttributeTable) {
        self.nodes = nodes
        self.attributes = attributes
    }
    /// The root element's node (always 0 once built).
    var root: Int32 { 0 }

    /// Reads the whole document from `reader` and indexes it.
    ///
    /// - Throws: the reader's ``XMLParsingError`` for a document that is not well-formed.
    /// - Parameter scratch: arrays to fill (emptied, with the capacity of an earlier call), taken
    ///   from it; see `DecodingScratch`.
    /// - Parameter dropsLayout: whether runs of layout white space between child elements are left
    ///   out (see XMLIndex+Layout.swift); the document model keeps them all.
    static func build(_ reader: inout XMLReader, reusing scratch: inout DecodingScratch, dropsLayout: Bool = true)
        throws(XMLParsingError) -> XMLIndex
    {
        // A second reference to the input, so that names can be read from the document's bytes
        // while the reader moves on (the storage is shared, not copied).
        let input = reader.input
        var unused: [Markup] = []
        return try input.withUncheckedBytes { document in
            Result { () throws(XMLParsingError) -> XMLIndex in
                // The scratch arrays are taken here, inside the closure, and handed on with
                // `consume`: a variable captured from outside would keep a second reference to
                // them, and the first write would copy them into new memory, fresh pages every call.
                var nodes: [Node] = []
                var packed: [CompactAttribute] = []
                swap(&nodes, &scratch.nodes)
                swap(&packed, &scratch.attributes)
                return try build(
                    &reader, document: document, nodes: consume nodes,
                    attributes: AttributeTable(reusing: consume packed),
                    keepsMarkup: false, dropsLayout: dropsLayout,
                    markup: &unused)
            }
        }.get()
    }

    /// Reads the whole document from `reader` and indexes it for the document model: with its
    /// comments, processing instructions and empty CDATA sections, in `markup`.
    static func build(_ reader: inout XMLReader, markup: inout [Markup]) throws(XMLParsingError) -> XMLIndex {
        let input = reader.input
        return try input.withUncheckedBytes { document in
            Result { () throws(XMLParsingError) -> XMLIndex in
                try build(
                    &reader, document: document, nodes: [], attributes: AttributeTable(), keepsMarkup: true,
                    dropsLayout: false, markup: &markup)
            }
        }.get()
    }

    /// Reads the whole document from `reader` and indexes it, into new arrays.
    static func build(_ reader: inout XMLReader) throws(XMLParsingError) -> XMLIndex {
        var scratch = DecodingScratch()
        return try build(&reader, reusing: &scratch)
    }

    /// The index's arrays, for the next call (see `DecodingScratch`).
    var storage: (nodes: [Node], attributes: [CompactAttribute]) { (nodes, attributes.packed) }

    /// An open element while building: its node, the last child linked so far (-1 for none), and
    /// what its character data allows for leaving layout white space out.
    private struct OpenElement {
        var node: Int32
        var lastChild: Int32
        var layout: Layout = .unchecked
        /// Whether a run of its layout white space was left out (`followsLayout` on the element after it).
        var leftOut = false
    }

    /// What an open element's character data so far says about leaving its layout white space
    /// out of the index.
    private enum Layout: UInt8 {
        /// Not looked at yet (no run has been a candidate).
        case unchecked
        /// White space only, so far: runs between child elements may be left out.
        case spaceOnly
        /// Character data other than white space (or in an entity's text, not looked into): the
        /// element is mixed content, whose every run is an item of a list, so every run is kept.
        case mixed
    }

    private static func build(
        _ reader: inout XMLReader, document: UncheckedBytes, nodes: consuming [Node],
        attributes: consuming AttributeTable,
        keepsMarkup: Bool, dropsLayout: Bool, markup: inout [Markup]
    ) throws(XMLParsingError) -> XMLIndex {
        var index = XMLIndex()
        index.nodes = consume nodes
        index.nodes.reserveCapacity(256)
        // (Plain loops, no local closures: a closure capturing these would box them.)
        var open: [OpenElement] = []
        open.reserveCapacity(32)
        // Each tag's attributes are packed into the index's table (16 bytes each instead of 36,
        // see XMLIndex.AttributeTable.swift). The scanner keeps appending them to its array
        // (`keepsAttributes`: the tag's are `attributes[attributeBase...]`), which is emptied
        // every thousand or so, not at every event.
        reader.keepsAttributes = true
        index.attributes = consume attributes
        if index.attributes.capacity < 64 { index.attributes.reserveCapacity(64) }
        // A document in memory is read straight from `document` (the bytes `reader.next()` would
        // look up in its input for every event); one read in chunks goes through the reader.
        let inMemory = reader.input.kind != .stream
        // Runs of layout white space are only left out of a document in memory, whose bytes the
        // decoder can read them back from.
        let dropsLayout = dropsLayout && inMemory
        /// Whether the last event was a run of layout white space left out, so that the element
        /// it precedes (the next event: the run ends at a start tag) gets `followsLayout`.
        var afterLeftOutRun = false
        while true {
            let next: XMLEvent?
            if inMemory {
                do throws(ScanError) {
                    next = try reader.nextEvent(inMemory: document)
                } catch {
                    throw reader.publicError(error)
                }
            } else {
                next = try reader.next()
            }
            guard let event = next else { break }
            var node = Int32(index.nodes.count)
            if index.nodes.count == index.nodes.capacity {
                // Node numbers are 32-bit: refuse a document with more nodes (only reachable by
                // expanding entities past the default limits) rather than number them wrongly.
                guard index.nodes.count < Int(Int32.max) else { throw tooLarge(reader) }
                grow(&index.nodes, adding: 1, reader, document)
            }
            var nameBit: UInt8 = 0
            switch event {
            case .startElement(let name):
                guard Node.fits(name) else { throw unindexable(name, reader) }
                defer { afterLeftOutRun = false }
                let firstAttribute = index.attributes.count
                let attributeBase = reader.attributeBase
                let attributeCount = reader.keptAttributes.count - attributeBase
                if attributeCount > 0 {
                    guard firstAttribute + attributeCount <= Int(Int32.max) else { throw tooLarge(reader) }
                    if index.attributes.capacity - firstAttribute < attributeCount {
                        grow(&index.attributes, adding: attributeCount, reader, document)
                    }
                    // The run is read at once, before anything else of the reader.
                    index.attributes.append(contentsOf: reader.keptAttributes.uncheckedRun(from: attributeBase))
                    if reader.keptAttributes.count >= 1024 { reader.removeKeptAttributes() }
                }
                var element = Node(
                    name: name, firstAttribute: Int32(truncatingIfNeeded: firstAttribute),
                    attributeCount: Int32(truncatingIfNeeded: attributeCount),
                    nextSibling: -1, kind: .element)
                element.followsLayout = afterLeftOutRun
                index.nodes.append(element)
                // A name from an entity's replacement text sets every bit: never skipped.
                let qualified = name.qualified
                nameBit =
                    qualified.source == 0 && qualified.end > qualified.start
                    ? Node.nameBit(document[unchecked: qualified.end - 1]) : 0xFF
            case .endElement:
                internalCheck(!afterLeftOutRun, "XMLIndex: a run of layout white space was left out before an end tag")
                open.removeLast()
                continue
            case .text(let slice), .cdata(let slice):
                guard !open.isEmpty, !slice.isEmpty else {
                    if keepsMarkup, !open.isEmpty, case .cdata = event {
                        markup.append(
                            Markup(
                                kind: .emptyCDATA, parent: open[open.count - 1].node, before: node, first: slice,
                                second: slice))
                    }
                    continue
                }
                let kind: Node.Kind
                if case .cdata = event { kind = .cdata } else { kind = .text }
                if dropsLayout {
                    let parent = open.count - 1
                    if open[parent].layout != .mixed {
                        let previous = open[parent].lastChild
                        if kind == .text, previous >= 0, index.nodes[Int(previous)].isElement,
                            isLayoutRun(slice, document)
                        {
                            if open[parent].layout == .unchecked {
                                open[parent].layout =
                                    hasOnlySpace(childrenOf: open[parent].node, index.nodes, document)
                                    ? .spaceOnly : .mixed
                            }
                            if open[parent].layout == .spaceOnly {
                                // Left out: the element after it says so, and the decoder reads it back.
                                internalCheck(
                                    layoutRunStart(before: slice.end, document) == slice.start,
                                    "XMLIndex: a left-out run that is not a whole layout run")
                                open[parent].leftOut = true
                                afterLeftOutRun = true
                                continue
                            }
                        } else if open[parent].layout == .spaceOnly, !isSpace(slice, document) {
                            open[parent].layout = .mixed
                            if open[parent].leftOut {
                                // Mixed content after all: its runs are list items, put back.
                                try restoreLayout(of: open[parent].node, &index, reader, document)
                                open[parent].leftOut = false
                                node = Int32(index.nodes.count)
                            }
                        }
                    }
                }
                index.nodes.append(
                    Node(
                        name: XMLName(qualified: slice), firstAttribute: 0, attributeCount: 0, nextSibling: -1,
                        kind: kind))
            case .comment(let slice):
                if keepsMarkup {
                    markup.append(
                        Markup(kind: .comment, parent: open.last?.node ?? -1, before: node, first: slice, second: slice)
                    )
                }
                continue
            case .processingInstruction(let target, let data):
                if keepsMarkup {
                    markup.append(
                        Markup(
                            kind: .processingInstruction, parent: open.last?.node ?? -1, before: node, first: target,
                            second: data))
                }
                continue
            case .doctype:
                continue
            }
            // Link the new node under the open element.
            let depth = open.count
            if depth > 0 {
                let parent = open[depth - 1]
                if parent.lastChild >= 0 {
                    index.nodes[Int(parent.lastChild)].nextSibling = node
                } else {
                    // Nodes are in document order: the first child is the next node.
                    index.nodes[Int(parent.node)].hasChildren = true
                }
                open[depth - 1].lastChild = node
                if nameBit != 0 { index.nodes[Int(parent.node)].childNameBits |= nameBit }
            }
            if nameBit != 0 { open.append(OpenElement(node: node, lastChild: -1)) }
        }
        reader.stopKeepingAttributes()
        return index
    }

    /// Puts the runs of layout white space left out of `element`'s children back as text nodes,
    /// each linked between the two elements it lies between, for an element that turned out to
    /// hold mixed content; then leaves room for one more node, as the loop's check at each event
    /// does (the text that made the element mixed comes next).
    @inline(never)
    private static func restoreLayout(
        of element: Int32, _ index: inout XMLIndex, _ reader: XMLReader, _ document: UncheckedBytes
    )
        throws(XMLParsingError)
    {
        var previous: Int32 = -1
        var child: Int32 = index.nodes[Int(element)].hasChildren ? element + 1 : -1
        while child >= 0 {
            let node = index.nodes[Int(child)]
            if node.followsLayout {
                // A left-out run always follows an element under the same parent.
                internalCheck(previous >= 0, "XMLIndex: a left-out layout run with no element before it")
                guard index.nodes.count < Int(Int32.max) else { throw tooLarge(reader) }
                if index.nodes.count == index.nodes.capacity { grow(&index.nodes, adding: 1, reader, document) }
                let run = Int32(index.nodes.count)
                let text = layoutRun(before: node, in: document)
                index.nodes.append(
                    Node(
                        name: XMLName(qualified: text), firstAttribute: 0, attributeCount: 0, nextSibling: child,
                        kind: .text))
                index.nodes[Int(previous)].nextSibling = run
                index.nodes[Int(child)].followsLayout = false
            }
            previous = child
            child = node.nextSibling
        }
        guard index.nodes.count < Int(Int32.max) else { throw tooLarge(reader) }
        if index.nodes.count == index.nodes.capacity { grow(&index.nodes, adding: 1, reader, document) }
    }

    /// The error for a document with more nodes or attributes than 32-bit numbers can count.
    /// The error for a name a node cannot hold (see `Node.fits(_:)`).
    static func unindexable(_ name: XMLName, _ reader: XMLReader) -> XMLParsingError {
        let offset = reader.documentPosition
        let location = reader.location(ofOffset: offset)
        let reason: XMLParsingError.Reason =
            Int(name.prefixLength) >= Node.maxPrefixLength
            ? .nameLengthLimitExceeded(limit: Node.maxPrefixLength) : .documentTooLarge(limit: Node.maxNamespaceID)
        return XMLParsingError(reason: reason, offset: offset, line: location.line, column: location.column)
    }

    private static func tooLarge(_ reader: XMLReader) -> XMLParsingError {
        let offset = reader.documentPosition
        let location = reader.location(ofOffset: offset)
        return XMLParsingError(
            reason: .documentTooLarge(limit: Int(Int32.max)), offset: offset, line: location.line,
            column: location.column)
    }

    /// Makes room in `array` for `count` more items, for the rest of the document at once if it
    /// can: the size is projected from how many items the bytes read so far produced (plus an
    /// eighth), so a large document's index is copied a few times as it grows rather than at
    /// every doubling. Each step grows by half at least. Until a 64th of the document has been
    /// read, a step grows by 16 times at most (a dense start must not reserve room for a whole
    /// large document that turns out sparse); from then on the projection is trusted, so a large
    /// document's index is not copied once more at a third of its size: on a 100 MB document that
    /// copy was 8,000 of the 33,000 pages a call touched for the first time, each costing a page
    /// fault (1.5 µs here), and its 32 MB of copying. (Room reserved beyond what is used is
    /// address space only: the pages are never touched.)
    @inline(never)
    private static func grow<T>(
        _ array: inout [T], adding count: Int, _ reader: XMLReader, _ document: UncheckedBytes
    ) {
        array.reserveCapacity(
            projectedCapacity(
                have: array.count, adding: count, read: reader.documentPosition, of: document.count))
    }

    /// `grow` for the attribute table.
    @inline(never)
    private static func grow(
        _ table: inout AttributeTable, adding count: Int, _ reader: XMLReader, _ document: UncheckedBytes
    ) {
        table.reserveCapacity(
            projectedCapacity(
                have: table.count, adding: count, read: reader.documentPosition, of: document.count))
    }

    /// The capacity `grow` reserves for `have + count` items when `read` of the document's
    /// `documentSize` bytes have been read (see `grow`).
    static func projectedCapacity(have: Int, adding count: Int, read: Int, of documentSize: Int) -> Int {
        var capacity = have + count + max(have / 2, 64)
        if read > 0, have > 0 {
            let (product, overflow) = have.multipliedReportingOverflow(by: documentSize)
            let projected = overflow ? Int.max / 2 : product / read
            let withSlack = projected + projected / 8
            let trusted = read >= documentSize / 64
            capacity = max(capacity, (trusted ? withSlack : min(withSlack, have * 16)) + count)
        }
        return capacity
    }

    subscript(node: Int32) -> Node {
        @inline(__always) get { nodes[Int(node)] }
    }

    /// The attributes of an element node.
    @inline(__always)
    func attributes(of node: Int32) -> AttributeTable.Run {
        let element = nodes[Int(node)]
        return attributes.elements(Int(element.firstAttribute)..<Int(element.firstAttribute + element.attributeCount))
    }

    /// The children of a node, in document order.
    func children(of node: Int32) -> Children { Children(index: self, first: firstChild(of: node)) }

    /// The first child of a node, or -1.
    @inline(__always)
    func firstChild(of node: Int32) -> Int32 { nodes[Int(node)].hasChildren ? node + 1 : -1 }

    /// The children of a node, as a sequence of node numbers.
    struct Children: Sequence, IteratorProtocol {
        let index: XMLIndex
        var current: Int32

        init(index: XMLIndex, first: Int32) {
            self.index = index
            self.current = first
        }

        mutating func next() -> Int32? {
            guard current >= 0 else { return nil }
            defer { current = index.nodes[Int(current)].nextSibling }
            return current
        }
    }
}
