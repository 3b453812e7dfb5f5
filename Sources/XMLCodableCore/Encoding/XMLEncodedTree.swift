// The encoder's element tree, as a flat arena. Codable may encode an attribute after a child
// element, and a `superEncoder()` must keep its place among the siblings while its content is
// encoded later, so the encoder builds the document in memory before writing it. Rather than an
// object per element with arrays of attributes and children, every node (element, text, CDATA)
// is a small struct in one buffer, addressed by a 32-bit index: an element links to its first and last
// child and attribute, each node to its next sibling, each attribute to the next (nodes and
// attributes are kept in `UncheckedStorage`). Values are copied, as UTF-8, into one byte arena (an
// `UncheckedByteSink`) as they arrive, checked for characters XML 1.0 cannot carry in the same
// pass that notes whether they need escaping (most do not, and are then written with one copy).
// Names are interned: each distinct name is checked, and its bytes stored (in a second sink), once.
// The writer reads both through `UncheckedBytes` views (`bytes`, `nameBytes`), which stay valid
// while the tree does not change.
//
// A value under the `""` key that is not text (a struct, a choice) is written into a *group*: a
// node with no tag of its own whose content is written in its place, inside the element that
// holds it (its host), and whose attributes are written on the host, after the host's own. This is
// the shape XMLCoder gives such values (an element with an empty key), which its pretty printer
// lays out differently from the host's other children, so the writer needs to know it.
//
// `XMLWriter.write(_:element:)` serializes the tree. For example, encoding `Book(id: 7, title:
// "A&B")` under the key `book` makes the nodes [book, id, "7", title, "A&B"] (book's first child
// id, id's next sibling title), the value bytes `7A&B` (spans 0 ..< 1 and 1 ..< 4, the second
// flagged `escapeInText | escapeInAttribute` for its `&`) and the name bytes `bookidtitle`.

internal final class XMLEncodedTree {
    /// A node's index in `nodes`.
    typealias Index = Int
    /// An interned name's index in `names`.
    typealias NameID = Int

    enum Kind: UInt8 {
        /// An element; a `group` is content without a tag of its own, written in its place (its
        /// `host`, the nearest enclosing element, takes its attributes).
        case element, text, cdata, group
    }

    /// Bits of `Node.marks`.
    enum Marks {
        /// The element or group has a group child.
        static let groupChild: UInt8 = 1
        /// The element has attributes that came from a group (written after its own).
        static let hoisted: UInt8 = 2
        /// The element is a list item whose value was a choice (its content is a single case):
        /// in a list whose items are all choices, the items are replaced by their content.
        static let choiceItem: UInt8 = 4
        /// The group holds a list under the `""` key, and only it: pretty printed, its items are
        /// laid out as the element's own children are, each on its own line.
        static let listGroup: UInt8 = 8
    }

    /// Bits of `Span.flags`: what the bytes contain (from `classTable`).
    enum Flags {
        /// A control character other than tab, line feed, carriage return, or a byte 0xEF (the
        /// lead of U+FFFE and U+FFFF): the string must be checked character by character.
        static let suspect: UInt8 = 1
        /// `&`, `<`, `>` or carriage return: escaped in text whatever the escaping tables say.
        static let escapeInText: UInt8 = 2
        /// `&`, `<`, `"`, tab, line feed or carriage return: escaped in attribute values whatever
        /// the escaping tables say.
        static let escapeInAttribute: UInt8 = 4
        /// A carriage return (text holding one is not written as CDATA).
        static let carriageReturn: UInt8 = 8
        /// `>`, `'` or `"`: escaped, in text and in attribute values, by XMLCoder's default
        /// escaping tables (and not required by XML there).
        static let escapeByDefaultTables: UInt8 = 16
        /// What the default tables escape in text: `&`, `<`, `>`, `'`, `"` and carriage return.
        static let textDefault: UInt8 = escapeInText | escapeByDefaultTables
        /// What the default tables escape in attribute values: `&`, `<`, `>`, `'`, `"`, tab,
        /// line feed and carriage return.
        static let attributeDefault: UInt8 = escapeInAttribute | escapeByDefaultTables
    }

    /// Bytes in the arena, and what they contain.
    struct Span {
        var start: Int
        var count: Int
        var flags: UInt8
    }

    /// A node. Indices are stored in 32 bits (a node is 48 bytes, not 88: less memory to fill
    /// and copy); the tree refuses to grow past what they can address (`overflowed`).
    struct Node {
        @CompactIndex var next: Index = -1
        @CompactIndex private(set) var name: NameID = -1
        @CompactIndex var firstChild: Index = -1
        @CompactIndex var lastChild: Index = -1
        @CompactIndex var firstAttribute: Int = -1
        @CompactIndex var lastAttribute: Int = -1
        /// For an element: bit `name % 32` of each of its attributes' names (most elements have
        /// few attributes, so a new name is seen to be new without comparing).
        var attributeNames: UInt32 = 0
        var kind: Kind
        /// For an element: whether it has a text or CDATA child.
        var hasText = false
        private var storedTextFlags: UInt8 = 0
        /// `Marks` bits.
        var marks: UInt8 = 0
        private var storedTextCount: Int32 = 0
        private var storedTextStart = 0

        init(kind: Kind, name: NameID = -1, text: Span = Span(start: 0, count: 0, flags: 0)) {
            self.kind = kind
            self.name = name
            storedTextStart = text.start
            storedTextCount = Int32(truncatingIfNeeded: text.count)
            storedTextFlags = text.flags
        }

        mutating func rename(to name: NameID) { self.name = name }
        /// For a group: the element that takes its attributes (stored where an element keeps its name).
        var host: Index { name }
        /// For text and CDATA.
        var text: Span { Span(start: storedTextStart, count: Int(storedTextCount), flags: storedTextFlags) }
    }

    struct Attribute {
        @CompactIndex private(set) var name: NameID
        @CompactIndex var next: Int = -1
        private var storedCount: Int32
        private var storedFlags: UInt8
        /// Set on a group's attribute, which is written after the host's own.
        let hoisted: Bool
        private var storedStart: Int

        init(name: NameID, value: Span, hoisted: Bool = false) {
            self.name = name
            storedCount = Int32(truncatingIfNeeded: value.count)
            storedFlags = value.flags
            self.hoisted = hoisted
            storedStart = value.start
        }

        var value: Span {
            get { Span(start: storedStart, count: Int(storedCount), flags: storedFlags) }
            set {
                storedStart = newValue.start
                storedCount = Int32(truncatingIfNeeded: newValue.count)
                storedFlags = newValue.flags
            }
        }
    }

    /// An index or name stored in 32 bits, as `Node` and `Attribute` keep theirs.
    @propertyWrapper
    struct CompactIndex {
        private var stored: Int32

        init(wrappedValue: Int) { stored = Int32(truncatingIfNeeded: wrappedValue) }

        var wrappedValue: Int {
            get { Int(stored) }
            set { stored = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The most nodes, attributes, names, and bytes in one value, that 32 bits address.
    static let limit = Int(Int32.max) - 1

    @exclusivity(unchecked) private(set) var nodes: UncheckedStorage<Node>
    @exclusivity(unchecked) private(set) var attributes: UncheckedStorage<Attribute>
    /// The values' UTF-8 bytes, one after the other (appending is a check for room and a copy).
    @exclusivity(unchecked) private var valueSink: UncheckedByteSink
    /// Interned names: their strings, their UTF-8 bytes (in `nameSink`), and an index by string.
    @exclusivity(unchecked) private(set) var names: [String] = []
    @exclusivity(unchecked) private(set) var nameSpans: [(start: Int, count: Int)] = []
    @exclusivity(unchecked) private var nameSink: UncheckedByteSink
    @exclusivity(unchecked) private var nameIndex: [String: NameID] = [:]
    /// At least the size of the document written compactly, for the writer's buffer: every node
    /// made counts (an element as if it had content), and a value that needs escaping as if each
    /// of its bytes did.
    @exclusivity(unchecked) private(set) var estimatedSize = 0
    /// Whether there is a CDATA node.
    @exclusivity(unchecked) private(set) var hasCDATA = false
    /// Whether the document outgrew `limit`: the tree then stops changing, and the encoder
    /// reports an error.
    @exclusivity(unchecked) private(set) var overflowed = false

    /// How much room to make at first: the XMLEncoder passes the sizes of its previous document,
    /// so encoding documents of one shape again and again does not grow (and copy) the buffers.
    struct Capacity {
        var nodes = 64
        var attributes = 16
        var bytes = 4096
    }

    init(capacity: Capacity = Capacity()) {
        nodes = UncheckedStorage(capacity: Swift.max(capacity.nodes, 64))
        attributes = UncheckedStorage(capacity: Swift.max(capacity.attributes, 16))
        valueSink = UncheckedByteSink(capacity: Swift.max(capacity.bytes, 4096))
        nameSink = UncheckedByteSink(capacity: 256)
    }

    /// The room this tree used.
    var used: Capacity { Capacity(nodes: nodes.count, attributes: attributes.count, bytes: valueSink.count) }

    /// Empties the tree of its nodes, attributes and values, keeping its buffers and the names
    /// interned so far (their IDs stay valid): `XMLEncoder.ElementWriter` encodes each item into
    /// the same tree, so the names of a list's items are interned once.
    func removeContent() {
        nodes.removeAll()
        attributes.removeAll()
        valueSink.removeAll()
        estimatedSize = 0
        hasCDATA = false
        overflowed = false
    }

    /// Empties the tree of everything, its interned names too, keeping its buffers (for
    /// `EncodingScratch`, which gives the tree to another call).
    func removeAll() {
        removeContent()
        names.removeAll(keepingCapacity: true)
        nameSpans.removeAll(keepingCapacity: true)
        nameSink.removeAll()
        nameIndex.removeAll(keepingCapacity: true)
        declarationNames.removeAll(keepingCapacity: true)
        hasDeclarationNames = false
    }

    /// The memory the tree's buffers hold (their capacity).
    var heldBytes: Int {
        nodes.allocated * MemoryLayout<Node>.stride + attributes.allocated * MemoryLayout<Attribute>.stride
            + valueSink.capacity + nameSink.capacity
    }

    /// The memory of the tree's buffers that its nodes, attributes, values and names fill.
    var usedBytes: Int {
        nodes.count * MemoryLayout<Node>.stride + attributes.count * MemoryLayout<Attribute>.stride
            + valueSink.count + nameSink.count
    }

    deinit {
        nodes.deallocate()
        attributes.deallocate()
    }

    /// The values' bytes, valid while the tree does not change (the writer's view).
    var bytes: UncheckedBytes { valueSink.view }

    /// The names' bytes (`nameSpans` says where each is), valid while the tree does not change.
    var nameBytes: UncheckedBytes { nameSink.view }

    /// The bytes of a span of `bytes`.
    @inline(__always)
    func bytes(_ span: Span) -> UncheckedBytes {
        valueSink.view.extracting(unchecked: span.start..<(span.start &+ span.count))
    }

    // MARK: - Names

    /// The name's ID, interning it (the caller has checked it is a name).
    func intern(_ name: String) -> NameID {
        if let id = nameIndex[name] { return id }
        guard names.count < XMLEncodedTree.limit else {
            overflowed = true
            return 0
        }
        let id = names.count
        names.append(name)
        let start = nameSink.count
        var utf8 = name
        utf8.withUncheckedUTF8 { nameSink.append($0) }
        nameSpans.append((start, nameSink.count - start))
        nameIndex[name] = id
        if name == "xmlns" || name.hasPrefix("xmlns:") {
            declarationNames.insert(id)
            hasDeclarationNames = true
        }
        return id
    }

    /// The interned names that are namespace declarations' (`xmlns`, `xmlns:prefix`).
    @exclusivity(unchecked) private(set) var declarationNames: Set<NameID> = []
    /// Whether `declarationNames` has any: tested for every key written, so a plain flag.
    @exclusivity(unchecked) private var hasDeclarationNames = false

    /// Whether a name is a namespace declaration's: a key with such a name is written as the
    /// declaration (an attribute), since no element may have that name.
    @inline(__always)
    func isDeclarationName(_ name: NameID) -> Bool {
        hasDeclarationNames && declarationNames.contains(name)
    }

    // MARK: - Building

    /// Gives an element another name (a subtree a model holds, written as the element made for
    /// it: XMLEncoderImpl+Subtrees.swift).
    func rename(_ element: Index, to name: NameID) {
        nodes[element].rename(to: name)
    }

    /// A new element with no parent (the root, or scratch space).
    func makeElement(_ name: NameID) -> Index {
        let index = nodes.count
        guard index < XMLEncodedTree.limit, !overflowed else {
            overflowed = true
            return 0
        }
        nodes.append(Node(kind: .element, name: name))
        estimatedSize &+= 2 &* nameSpans[name].count &+ 5
        return index
    }

    /// Adds a child element to `parent` and returns it.
    /// Puts the children of `parent` that follow `before` (all of them when `before` is -1) in the
    /// order given, which must hold exactly those children.
    func reorderChildren(of parent: Index, after before: Index, as order: [Index]) {
        guard let first = order.first, let last = order.last else { return }
        if before < 0 { nodes[parent].firstChild = first } else { nodes[before].next = first }
        for (index, node) in order.enumerated() { nodes[node].next = index + 1 < order.count ? order[index + 1] : -1 }
        nodes[parent].lastChild = last
    }

    func addElement(_ name: NameID, to parent: Index) -> Index {
        let index = makeElement(name)
        link(index, to: parent)
        return index
    }

    /// Adds a child element holding one text (or CDATA) to `parent`: `addText(span, cdata: cdata,
    /// to: addElement(name, to: parent))` in one step (one check of room, one link), for a scalar
    /// written as an element. Returns the element.
    @discardableResult
    func addElement(_ name: NameID, text span: Span, cdata: Bool, to parent: Index) -> Index {
        let index = nodes.count
        guard index < XMLEncodedTree.limit &- 1, !overflowed else {
            overflowed = true
            return 0
        }
        var element = Node(kind: .element, name: name)
        element.firstChild = index &+ 1
        element.lastChild = index &+ 1
        element.hasText = true
        nodes.append(element)
        nodes.append(Node(kind: cdata ? .cdata : .text, text: span))
        link(index, to: parent)
        estimatedSize &+= 2 &* nameSpans[name].count &+ 5 &+ span.count
        if cdata {
            hasCDATA = true
            estimatedSize &+= 5 &* span.count &+ 12
        } else if span.flags & Flags.textDefault != 0 {
            // At most five more bytes per byte (`'` → `&apos;`).
            estimatedSize &+= 5 &* span.count
        }
        return index
    }

    /// Adds a group to `parent` (an element or a group) and returns it.
    func addGroup(to parent: Index) -> Index {
        let index = nodes.count
        guard index < XMLEncodedTree.limit, !overflowed else {
            overflowed = true
            return 0
        }
        let host = nodes[parent].kind == .group ? nodes[parent].host : parent
        nodes.append(Node(kind: .group, name: host))
        nodes[parent].marks |= Marks.groupChild
        link(index, to: parent)
        return index
    }

    /// Adds text (or CDATA) to `parent`; empty text too (an empty string is `<a></a>`).
    func addText(_ span: Span, cdata: Bool, to parent: Index) {
        let index = nodes.count
        guard index < XMLEncodedTree.limit, !overflowed else {
            overflowed = true
            return
        }
        nodes.append(Node(kind: cdata ? .cdata : .text, text: span))
        nodes[parent].hasText = true
        link(index, to: parent)
        estimatedSize &+= span.count
        if cdata { hasCDATA = true }
        if cdata {
            estimatedSize &+= 5 &* span.count &+ 12
        } else if span.flags & Flags.textDefault != 0 {
            // At most five more bytes per byte (`'` → `&apos;`).
            estimatedSize &+= 5 &* span.count
        }
    }

    @inline(__always)
    private func link(_ child: Index, to parent: Index) {
        if overflowed { return }
        let last = nodes[parent].lastChild
        if last < 0 {
            nodes[parent].firstChild = child
        } else {
            nodes[last].next = child
        }
        nodes[parent].lastChild = child
    }

    /// Puts a namespace declaration first among an element's attributes, unless the element has
    /// an attribute of that name (it declares the prefix itself).
    func declareFirst(_ name: NameID, _ value: Span, on element: Index) {
        guard attributes.count < XMLEncodedTree.limit, !overflowed else {
            overflowed = true
            return
        }
        var current = nodes[element].firstAttribute
        while current >= 0 {
            if attributes[current].name == name { return }
            current = attributes[current].next
        }
        let index = attributes.count
        attributes.append(Attribute(name: name, value: value, hoisted: false))
        attributes[index].next = nodes[element].firstAttribute
        nodes[element].firstAttribute = index
        if nodes[element].lastAttribute < 0 { nodes[element].lastAttribute = index }
        nodes[element].attributeNames |= 1 &<< UInt32(truncatingIfNeeded: name & 31)
        estimatedSize &+= nameSpans[name].count &+ attributeSize(value) &+ 4
    }

    /// Sets an attribute, replacing one of the same name. An attribute set on a group goes on its
    /// host, marked to be written after the host's own attributes.
    func setAttribute(_ name: NameID, _ value: Span, on node: Index) {
        setAttributeInline(name, value, on: node)
    }

    /// `setAttribute`, inlined into the keyed container's write of a scalar (every value a type
    /// places as an attribute goes through it: no call, and the caller's registers kept).
    @inline(__always)
    func setAttributeInline(_ name: NameID, _ value: Span, on node: Index) {
        guard attributes.count < XMLEncodedTree.limit, !overflowed else {
            overflowed = true
            return
        }
        let hoisted = nodes[node].kind == .group
        let element = hoisted ? nodes[node].host : node
        let bit: UInt32 = 1 &<< UInt32(truncatingIfNeeded: name & 31)
        var current = nodes[element].attributeNames & bit != 0 ? nodes[element].firstAttribute : -1
        nodes[element].attributeNames |= bit
        while current >= 0 {
            if attributes[current].name == name {
                attributes[current].value = value
                estimatedSize &+= attributeSize(value)
                return
            }
            current = attributes[current].next
        }
        let index = attributes.count
        attributes.append(Attribute(name: name, value: value, hoisted: hoisted))
        if hoisted { nodes[element].marks |= Marks.hoisted }
        let last = nodes[element].lastAttribute
        if last < 0 {
            nodes[element].firstAttribute = index
        } else {
            attributes[last].next = index
        }
        nodes[element].lastAttribute = index
        estimatedSize &+= nameSpans[name].count &+ attributeSize(value) &+ 4
    }

    /// At least the size of an attribute value, escaped.
    @inline(__always)
    private func attributeSize(_ value: Span) -> Int {
        // At most five more bytes per byte (`"` → `&quot;`).
        value.flags & Flags.attributeDefault != 0 ? 6 &* value.count : value.count
    }

    // MARK: - Values

    /// Copies a string's UTF-8 into the arena. The span's flags say what it contains; with
    /// `Flags.suspect`, the caller checks it with `XMLTreeValidation.invalidCharacter(in:)`.
    func append(_ string: String) -> Span {
        // A native string's bytes are read in place (no copy of the string, so no retain of its
        // storage); others are made contiguous first.
        if let span = string.utf8.withContiguousStorageIfAvailable({ append(UncheckedBytes($0)) }) { return span }
        var string = string
        return string.withUTF8 { append(UncheckedBytes($0)) }
    }

    /// Copies UTF-8 bytes into the arena; see `append(_:)` for a string.
    func append(_ source: UncheckedBytes) -> Span {
        let start = valueSink.count
        let count = source.count
        guard count > 0 else { return Span(start: start, count: 0, flags: 0) }
        guard count < XMLEncodedTree.limit else {
            overflowed = true
            return Span(start: start, count: 0, flags: 0)
        }
        valueSink.append(source)
        return Span(start: start, count: count, flags: XMLEncodedTree.classify(source))
    }

    /// Writes `true` or `false` into the arena (without a string: a string literal this short is
    /// a small string, whose bytes would be copied out of it first).
    func append(bool value: Bool) -> Span {
        let start = valueSink.count
        let count = valueSink.appendBool(value)
        return Span(start: start, count: count, flags: 0)
    }

    /// Writes an integer's decimal digits into the arena.
    func append<I: FixedWidthInteger>(integer value: I) -> Span {
        let start = valueSink.count
        let count = valueSink.appendDecimal(value)
        return Span(start: start, count: count, flags: 0)
    }

    /// Writes a finite floating-point value's text (its `description`) into the arena, through
    /// its `TextOutputStreamable` conformance, which makes no `String` storage; a `Double` with
    /// few digits (most coordinates, prices, measures) through `appendShortDecimal`.
    func append<F: BinaryFloatingPoint & TextOutputStreamable>(finite value: F) -> Span {
        if F.self == Double.self, let double = value as? Double, let span = appendShortDecimal(double) { return span }
        let start = valueSink.count
        var stream = ArenaStream(tree: self)
        value.write(to: &stream)
        return Span(start: start, count: valueSink.count - start, flags: 0)
    }

    /// Writes a `Double`'s `description` into the arena when it is, in fixed-point notation, a
    /// decimal of at most 15 significant digits between 0.0001 and 10^15 (Swift writes such values
    /// without an exponent); returns `nil`, having written nothing, for any other value.
    ///
    /// The decimal is found by scaling: for k = 0, 1, 2, … the nearest integer m to |value| × 10^k
    /// (below 10^15, so exactly a `Double`), until m ÷ 10^k, divided in floating point, is |value|.
    /// That division rounds the exact quotient correctly, as reading `m`e−k does, so the decimal
    /// m × 10^−k reads back as the value. A double holds any decimal of at most 15 significant
    /// digits distinctly (`DBL_DIG`), so no other decimal of 15 digits or fewer reads back as
    /// it: m × 10^−k, unless m ends in 0 (k is then not the least, and the value is left to the
    /// standard library), is the shortest decimal that does, the digits `description` writes.
    /// For example 51.5123456 is m = 515123456 at k = 7, written `51.5123456`, and 3.0 is 3 at
    /// k = 0, written `3.0`; 0.1 + 0.2 (17 digits) and 1e-05 are left.
    @inline(__always)
    private func appendShortDecimal(_ value: Double) -> Span? {
        let magnitude = value.magnitude
        // Below 0.0001 (zero too) Swift writes an exponent; NaN fails the test as well.
        guard magnitude >= 0.0001 else { return nil }
        var scale = 1.0
        var fractionDigits = 0
        var scaled = magnitude
        // Ends by k = 19, where m would be 10^15 or more (|value| is at least 10^−4); 10^k up to
        // 10^22 is exact.
        while true {
            // The nearest integer: adding and taking away 2^52 rounds a number below 2^52 (one of
            // 2^52 or more comes out 2^52 or more), without a call to `round`.
            scaled = (scaled + 0x1p52) - 0x1p52
            guard scaled < 1e15 else { return nil }
            if scaled / scale == magnitude {
                let digits = UInt64(scaled)
                if fractionDigits > 0, digits % 10 == 0 { return nil }
                let start = valueSink.count
                let count = valueSink.appendFixedPoint(
                    digits, fractionDigits: fractionDigits, negative: value.sign == .minus)
                return Span(start: start, count: count, flags: 0)
            }
            scale *= 10
            fractionDigits &+= 1
            scaled = magnitude * scale
        }
    }

    private struct ArenaStream: TextOutputStream {
        /// The tree written to. Held strongly: an unretained reference is watched by a weak one
        /// in internal-checks builds, which gives the tree a side table, and a tree kept in the
        /// encoders' pool for the life of the process then has its side table reported as leaked
        /// by LeakSanitizer (FuzzStructured, 2026-12-02). Only values `appendShortDecimal` does not
        /// take come here, so the retain and release cost little.
        let tree: XMLEncodedTree

        mutating func write(_ string: String) {
            _ = tree.append(string)
        }

        /// The floating-point types write their digits through this (the standard library's
        /// customization point for ASCII output), which spares making a `String` of them. Its
        /// signature is the standard library's: the one buffer the tree takes as such.
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            _ = tree.append(UncheckedBytes(buffer))
        }
    }

    /// A span holding the bytes of several spans, one after the other.
    func concatenate(_ spans: [Span]) -> Span {
        if spans.count == 1 { return spans[0] }
        let total = spans.reduce(0) { $0 + $1.count }
        guard total < XMLEncodedTree.limit else {
            overflowed = true
            return Span(start: valueSink.count, count: 0, flags: 0)
        }
        valueSink.reserve(total)
        let start = valueSink.count
        var flags: UInt8 = 0
        for span in spans {
            // Spans the tree made: within the bytes it holds.
            valueSink.appendCopy(unchecked: span.start..<(span.start + span.count))
            flags |= span.flags
        }
        return Span(start: start, count: total, flags: flags)
    }

    /// The bytes of a span as a string.
    func string(_ span: Span) -> String {
        bytes(span).string
    }

    /// What a string's bytes contain (`Flags`): the class bits of every byte or-ed together, one
    /// load and one or per byte, no branch.
    @inline(__always)
    static func classify(_ source: UncheckedBytes) -> UInt8 {
        let table = classTableView
        var flags: UInt8 = 0
        var index = 0
        let count = source.count
        // `index + 4 <= count` and `index < count`: the reads are in bounds; a byte indexes the
        // table's 256 entries.
        while index &+ 4 <= count {
            flags |=
                table[unchecked: Int(source[unchecked: index])] | table[unchecked: Int(source[unchecked: index &+ 1])]
                | table[unchecked: Int(source[unchecked: index &+ 2])]
                | table[unchecked: Int(source[unchecked: index &+ 3])]
            index &+= 4
        }
        while index < count {
            flags |= table[unchecked: Int(source[unchecked: index])]
            index &+= 1
        }
        return flags
    }

    /// The position of the first byte at or after `index` with one of the `mask` bits in
    /// `classTable`, or the end: four bytes at a time past those that have none.
    @inline(__always)
    static func firstByte(in source: UncheckedBytes, from index: Int, mask: UInt8) -> Int {
        let table = classTableView
        var index = index
        let count = source.count
        while index &+ 4 <= count {
            let flags =
                table[unchecked: Int(source[unchecked: index])] | table[unchecked: Int(source[unchecked: index &+ 1])]
                | table[unchecked: Int(source[unchecked: index &+ 2])]
                | table[unchecked: Int(source[unchecked: index &+ 3])]
            if flags & mask != 0 { break }
            index &+= 4
        }
        while index < count, table[unchecked: Int(source[unchecked: index])] & mask == 0 { index &+= 1 }
        return index
    }

    /// `classTable`'s 256 entries, read by a byte without a bounds check: the table is a constant
    /// of the process, so its storage never changes or goes away (`uncheckedElementsOfHeldArray`).
    @inline(__always)
    private static var classTableView: UncheckedElements<UInt8> { classTable.uncheckedElementsOfHeldArray() }

    /// The `Flags` bits of each byte value.
    static let classTable: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x09, 0x0A: return Flags.escapeInAttribute
        case 0x0D: return Flags.escapeInAttribute | Flags.escapeInText | Flags.carriageReturn
        case 0x00..<0x20, 0xEF: return Flags.suspect
        case Int(UInt8(ascii: "&")), Int(UInt8(ascii: "<")): return Flags.escapeInText | Flags.escapeInAttribute
        case Int(UInt8(ascii: ">")): return Flags.escapeInText | Flags.escapeByDefaultTables
        case Int(UInt8(ascii: "\"")): return Flags.escapeInAttribute | Flags.escapeByDefaultTables
        case Int(UInt8(ascii: "'")): return Flags.escapeByDefaultTables
        default: return 0
        }
    }

    /// Whether the element or group has no content: no element and no text (with
    /// `ignoringEmptyText`, no text that is not empty), its groups' content included.
    /// Whether an element's one attribute is `xsi:nil="true"` (what `XMLEncoderImpl.markNil`
    /// writes for nil).
    func isOnlyMarkedNil(_ index: Index) -> Bool {
        let first = nodes[index].firstAttribute
        guard first >= 0, attributes[first].next < 0 else { return false }
        return names[attributes[first].name] == "xsi:nil" && string(attributes[first].value) == "true"
    }

    func isEmpty(_ index: Index, ignoringEmptyText: Bool) -> Bool {
        var child = nodes[index].firstChild
        while child >= 0 {
            let found = nodes[child]
            switch found.kind {
            case .element: return false
            case .text, .cdata: if !ignoringEmptyText || found.text.count > 0 { return false }
            case .group: if !isEmpty(child, ignoringEmptyText: ignoringEmptyText) { return false }
            }
            child = found.next
        }
        return true
    }

    /// Whether the element or group holds text or CDATA, its groups' content included (with
    /// `ignoringEmptyText`, only text that is not empty counts).
    func holdsText(_ index: Index, ignoringEmptyText: Bool) -> Bool {
        let node = nodes[index]
        if node.hasText {
            var child = node.firstChild
            while child >= 0 {
                let found = nodes[child]
                if found.kind == .text || found.kind == .cdata, !ignoringEmptyText || found.text.count > 0 {
                    return true
                }
                child = found.next
            }
        }
        guard node.marks & Marks.groupChild != 0 else { return false }
        var child = node.firstChild
        while child >= 0 {
            if nodes[child].kind == .group, holdsText(child, ignoringEmptyText: ignoringEmptyText) { return true }
            child = nodes[child].next
        }
        return false
    }

    /// Replaces, in the element's children, each item (all of them choice items) by its content:
    /// a list of choices is written as the chosen elements, one after the other.
    func spliceChoiceItems(of index: Index) {
        var items: [Index] = []
        var child = nodes[index].firstChild
        while child >= 0 {
            guard nodes[child].kind == .element, nodes[child].marks & Marks.choiceItem != 0,
                nodes[child].firstAttribute < 0
            else { return }
            items.append(child)
            child = nodes[child].next
        }
        nodes[index].firstChild = -1
        nodes[index].lastChild = -1
        for item in items {
            var inner = nodes[item].firstChild
            while inner >= 0 {
                let next = nodes[inner].next
                nodes[inner].next = -1
                link(inner, to: index)
                switch nodes[inner].kind {
                case .text, .cdata: nodes[index].hasText = true
                case .group: nodes[index].marks |= Marks.groupChild
                case .element: break
                }
                inner = next
            }
        }
    }
}
