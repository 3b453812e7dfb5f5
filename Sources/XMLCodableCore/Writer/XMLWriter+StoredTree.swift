// XMLWriter+StoredTree: writing a stored element of the document model (parsed, or made by
// `encodeToTree`, and not changed since) straight from its store's nodes.
//
// Design: the document model's writer (XMLWriter+Tree.swift) writes an element through its values,
// which for a stored element means a `String` for every name, attribute and text and an array for
// every element's attributes and children, made only to be written out again. A stored element's
// subtree is instead walked in its store (XMLTree.Store.swift): the index's nodes by their
// first-child and next-sibling links, each element's run of packed attributes, its markup (comments,
// processing instructions, empty CDATA sections) found by parent; names, attribute values and text
// are byte slices of the store's bytes, copied or escaped into the output. A slice is raw (the
// reader resolves references only when a value is asked for), so a value with references or line
// ends to normalize is decoded first (`XMLReader.decodedBytes`) and escaped again, exactly as the
// writer escapes a `String`. Everything else follows the rules the encoder's writer follows, so the
// bytes are the same as for encoded values: pretty printing indents content with elements and no
// character data (never under `xml:space="preserve"`), `.sortedKeys` sorts attributes and
// element-only children by qualified name (compared as `String`s compare them), an element's own
// `xmlns` attributes come first and a declaration its names need in the writer's scope is added
// after its attributes. Only stored nodes are below a stored element, so a subtree is written by
// one loop over an explicit stack (no recursion). An element built or changed in code (`.parts`) is laid out as a store first
// (XMLWriter+Tree.swift), in which a node may stand for a stored element of another store
// (`references`): that element is written from its own store, where the node would be.
//
// For example, `tree["books"]["book"].element!.xmlData()` of the parsed
//
//     <books xmlns="urn:b"><book id="1">A &amp; B<!-- x --></book></books>
//
//     nodes[1]  element "book" (namespace urn:b)  attributes 0..<1  has children (2)
//     nodes[2]  text "A &amp; B" (raw, with references)
//     markup    comment " x "  parent 1  before 3
//
// writes `<book` (the name's bytes), ` xmlns="urn:b"` (the default namespace is not bound to
// urn:b in the writer's scope, so it is declared, as for the element's value), ` id="1">` (the
// attribute's bytes, the value escaped), `A &amp; B` (the text decoded to "A & B" and escaped),
// `<!-- x -->` (the markup after node 2) and `</book>`, with no `String` made but the URI's.
//
// What is not checked: a document model built in code was not checked when it was built, so
// `writeTree` checks names, characters, comments, processing instructions, duplicate attributes and
// namespace prefixes as it lays it out. A stored node was checked when its store was made: a parsed one
// by the reader (names are XML names, QNames with declared prefixes when namespaces are processed,
// and no element has the prefix `xmlns`; characters, comments and processing-instruction targets
// are XML's; attributes are unique by qualified name and, with namespaces, by expanded name), one
// made by `encodeToTree` by the encoder (names are QNames, characters XML's) and its layout, which
// refuses what the reader would (XMLEncodedTree+Store.swift). None of those refusals can then
// apply to it. Nor can the namespace refusals in a new scope: a prefix an element declares itself
// is bound to the URI its names resolved to, so the writer never adds a second binding for it, and
// each prefix the element's names use is added at most once. The one exception is a store read
// without namespace processing written with namespace checks (one of its elements written on its
// own, or put into a tree read with namespaces): its names were checked only as names, so such an
// element is laid out from its values, which checks them (`writesFromStore`). So is an element of a
// store that is not checked (`Store.isChecked`): a subtree a model decoded from an element built in
// code.

extension XMLWriter {
    /// Namespace bindings in scope, innermost last, as `writeTree` keeps them.
    typealias Bindings = [(prefix: String, uri: String)]

    /// Whether `writeTree` writes a stored element from its store (`writeStored`): always, but for
    /// a store read without namespace processing written with namespace checks, whose names were
    /// not checked as the writer checks them, and a store not checked at all (see the file's header).
    static func writesFromStore(_ store: XMLTree.Store, namespaceAware: Bool) -> Bool {
        store.isChecked && (!namespaceAware || store.shouldProcessNamespaces)
    }

    /// A stored element being written: how far its content has got.
    private struct StoredFrame {
        var node: Int32
        /// The next child node to write, in document order (-1: none left).
        var nextChild: Int32
        /// The element's markup not written yet: positions in `store.markup`.
        var markup: Range<Int>
        /// The child elements in the order `.sortedKeys` puts them (empty when not sorted).
        var sorted: [Int32] = []
        var sortedPosition = 0
        var indent = false
        var bindingCount: Int
        /// Whether `xml:space="preserve"` is in force.
        var preserve: Bool
    }

    /// What a stored subtree is written from: its store, a view of the bytes of the store's
    /// document (valid while `writeStored` runs), and the namespace URIs made so far, by number.
    /// (The encoder copies a stored subtree with it too: XMLEncoderImpl+Subtrees.swift.)
    struct StoredSource {
        let store: XMLTree.Store
        let index: XMLIndex
        let document: UncheckedBytes
        var uris: [String?] = []

        init(store: XMLTree.Store, document: UncheckedBytes) {
            self.store = store
            index = store.index
            self.document = document
        }

        /// Calls `body` with a slice's raw bytes: a name, or a value with nothing to decode.
        @inline(__always)
        func withRaw<R>(_ slice: XMLSlice, _ body: (UncheckedBytes) -> R) -> R {
            // The store's slices lie within its bytes: the reader (or the store builder) made them.
            if slice.source == 0 { return body(document.extracting(unchecked: slice.start..<slice.end)) }
            return store.reader.withUncheckedBytes(of: slice, body)
        }

        /// Calls `body` with a slice's value: its references replaced and line ends normalized, as
        /// `XMLReader.string(_:)` reads it.
        @inline(__always)
        func withDecoded<R>(_ slice: XMLSlice, _ body: (UncheckedBytes) -> R) -> R {
            if slice.isVerbatim { return withRaw(slice, body) }
            return store.reader.decodedBytes(slice, in: document).withUncheckedBytes(body)
        }

        /// The prefix of a name as `XMLTree.Name.prefix` has it (before the first colon; empty
        /// for none). Short, so no storage is allocated for it.
        func prefix(of name: XMLName) -> String {
            withRaw(name.qualified) { bytes in
                var colon = 0
                while colon < bytes.count, bytes[unchecked: colon] != UInt8(ascii: ":") { colon += 1 }
                return colon < bytes.count ? bytes.extracting(unchecked: 0..<colon).string : ""
            }
        }

        /// The URI of a namespace number (not 0), made once per write.
        mutating func uri(_ id: Int32) -> String {
            let position = Int(id)
            if position >= uris.count { uris += Array(repeating: nil, count: position + 1 - uris.count) }
            if let uri = uris[position] { return uri }
            let uri = store.reader.namespaceURI(
                XMLName(qualified: XMLSlice(source: 0, start: 0, end: 0), namespaceID: id))
            uris[position] = uri ?? ""
            return uri ?? ""
        }

        /// Whether an attribute's name is a namespace declaration's (`xmlns`, `xmlns:prefix`).
        func isDeclaration(_ name: XMLName) -> Bool {
            withRaw(name.qualified) { bytes in
                bytes.count >= 5 && bytes.hasPrefix("xmlns", at: 0, limit: bytes.count)
                    && (bytes.count == 5 || bytes[unchecked: 5] == UInt8(ascii: ":"))
            }
        }
    }

    /// Writes a stored element and everything inside it from its store (see the file's header).
    ///
    /// - Parameters:
    ///   - depth: the element's depth in the output (its indentation when pretty printed).
    ///   - preserve: whether `xml:space="preserve"` is in force around it.
    ///   - bindings: the namespace bindings in scope; as they were when it returns.
    ///   - namespaceAware: as for `writeTree`.
    ///   - references: elements of `store` that stand for a stored element of another store, written
    ///     from that store in their place (a tree's values laid out for writing, XMLWriter+Tree.swift).
    mutating func writeStored(
        _ store: XMLTree.Store, _ root: Int32, depth: Int, preserve: Bool, bindings: inout Bindings,
        namespaceAware: Bool, references: [Int32: (store: XMLTree.Store, node: Int32)] = [:]
    ) {
        store.reader.input.withUncheckedBytes { document in
            // A whole document is written in about as many bytes as it was read from: room for
            // them (and some) at once, rather than a buffer grown by doubling and copying.
            if root == 0 { bytes.reserveCapacity(bytes.count + document.count + document.count / 8) }
            var source = StoredSource(store: store, document: document)
            writeStored(
                &source, root, depth: depth, preserve: preserve, bindings: &bindings, namespaceAware: namespaceAware,
                references: references)
        }
    }

    private mutating func writeStored(
        _ source: inout StoredSource, _ root: Int32, depth: Int, preserve: Bool, bindings: inout Bindings,
        namespaceAware: Bool, references: [Int32: (store: XMLTree.Store, node: Int32)]
    ) {
        var stack: [StoredFrame] = []
        var pending = root
        while true {
            if pending >= 0 {
                let opened = openStored(
                    pending, &source, preserve: stack.last?.preserve ?? preserve, bindings: &bindings,
                    namespaceAware: namespaceAware)
                pending = -1
                if let opened { stack.append(opened) } else if stack.isEmpty { return }
            }
            // Continue with the element on top of the stack.
            guard var frame = stack.popLast() else { return }
            let level = depth + stack.count
            var child: Int32 = -1
            var markup = -1
            if !frame.sorted.isEmpty {
                if frame.sortedPosition < frame.sorted.count {
                    child = frame.sorted[frame.sortedPosition]
                    frame.sortedPosition += 1
                }
            } else if let first = frame.markup.first,
                frame.nextChild < 0 || source.store.markup[first].before <= frame.nextChild
            {
                // Markup that lies before the next child node (or after the last).
                markup = first
                frame.markup = frame.markup.dropFirst()
            } else if frame.nextChild >= 0 {
                child = frame.nextChild
                frame.nextChild = source.index[child].nextSibling
            }
            if child < 0 && markup < 0 {
                if frame.indent { newline(level) }
                bytes.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
                source.withRaw(source.index[frame.node].name.qualified) { bytes.append(contentsOf: $0) }
                bytes.append(UInt8(ascii: ">"))
                bindings.removeLast(bindings.count - frame.bindingCount)
                if stack.isEmpty { return }
                continue
            }
            stack.append(frame)
            if frame.indent { newline(level + 1) }
            if markup >= 0 {
                writeStoredMarkup(source.store.markup[markup], source)
                continue
            }
            let item = source.index[child]
            switch item.kind {
            case .element:
                if !references.isEmpty, let reference = references[child] {
                    writeStored(
                        reference.store, reference.node, depth: level + 1, preserve: frame.preserve,
                        bindings: &bindings, namespaceAware: namespaceAware)
                } else {
                    pending = child
                }
            case .text: source.withDecoded(item.text) { appendEscaped($0, inAttribute: false) }
            case .cdata: source.withDecoded(item.text) { appendCDATA($0) }
            }
        }
    }

    /// Writes a stored element's start tag (or its empty-element tag) and returns its frame, or
    /// `nil` when it has no content (it is then written whole, its bindings popped).
    private mutating func openStored(
        _ node: Int32, _ source: inout StoredSource, preserve: Bool, bindings: inout Bindings, namespaceAware: Bool
    ) -> StoredFrame? {
        let element = source.index[node]
        let attributes = source.store.attributeRange(of: node)
        let bindingCount = bindings.count
        // Declarations its names need in the writer's scope (after its own, which come first).
        var added: Bindings = []
        // (An element in no namespace with no attributes has nothing to bind: no call.)
        if namespaceAware, !attributes.isEmpty || element.name.namespaceID != 0 {
            Self.bindStored(node, attributes, &source, bindings: &bindings, added: &added)
        }
        bytes.append(UInt8(ascii: "<"))
        source.withRaw(element.name.qualified) { bytes.append(contentsOf: $0) }
        if formatting.sortedKeys, attributes.count + added.count > 1 {
            writeSortedStoredAttributes(attributes, added, source)
        } else {
            for number in attributes { writeStoredAttribute(number, source) }
            for declaration in added { writeDeclaration(declaration) }
        }
        let markup = source.store.markupRange(in: node)
        guard element.hasChildren || !markup.isEmpty else {
            if formatting.noEmptyElements {
                bytes.append(UInt8(ascii: ">"))
                bytes.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
                source.withRaw(element.name.qualified) { bytes.append(contentsOf: $0) }
                bytes.append(UInt8(ascii: ">"))
            } else {
                bytes.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: ">")])
            }
            bindings.removeLast(bindings.count - bindingCount)
            return nil
        }
        bytes.append(UInt8(ascii: ">"))
        var frame = StoredFrame(
            node: node, nextChild: source.index.firstChild(of: node), markup: markup, bindingCount: bindingCount,
            preserve: preserve)
        // The layout rules look at the content; written compactly, nothing does.
        guard formatting.prettyPrinted || formatting.sortedKeys else { return frame }
        if formatting.prettyPrinted, let space = xmlSpace(attributes, source) { frame.preserve = space }
        var elementCount = 0
        var hasCharacterData = false
        var child = frame.nextChild
        while child >= 0 {
            let item = source.index[child]
            if item.kind == .element { elementCount += 1 } else { hasCharacterData = true }
            child = item.nextSibling
        }
        for position in markup where source.store.markup[position].kind == .emptyCDATA { hasCharacterData = true }
        // Indent content with elements and no character data, where white space is layout.
        frame.indent = formatting.prettyPrinted && !frame.preserve && elementCount > 0 && !hasCharacterData
        if formatting.sortedKeys, !hasCharacterData, markup.isEmpty, elementCount > 1 {
            frame.sorted = sortedChildElements(of: node, count: elementCount, source)
        }
        return frame
    }

    /// Binds a stored element's own declarations, then the prefixes its names need that are not
    /// bound to their namespaces in scope, as `checkedAttributes` does for an element's values; returns
    /// the declarations to add after its attributes in `added` (the writer's, and the encoder's when
    /// it copies a stored subtree). `attributes`: the element's, `store.attributeRange(of: node)`.
    static func bindStored(
        _ node: Int32, _ attributes: Range<Int>, _ source: inout StoredSource, bindings: inout Bindings,
        added: inout Bindings
    ) {
        for number in attributes {
            let attribute = source.index.attributes[number]
            guard source.isDeclaration(attribute.name) else { continue }
            let value = source.withDecoded(attribute.value) { $0.string }
            let prefix = source.prefix(of: attribute.name)
            if prefix.isEmpty {
                bindings.append(("", value))
            } else {
                let local = source.withRaw(attribute.name.qualified) {
                    $0.extracting(unchecked: (prefix.utf8.count + 1)..<$0.count).string
                }
                bindings.append((local, value))
            }
        }
        declareIfNeeded(source.index[node].name, &source, bindings: &bindings, added: &added)
        for number in attributes {
            let name = source.index.attributes[number].name
            // An attribute with no namespace (most) needs no declaration.
            if name.namespaceID != 0, !source.isDeclaration(name) {
                declareIfNeeded(name, &source, bindings: &bindings, added: &added)
            }
        }
    }

    /// Adds a binding and a declaration for a name whose prefix is not bound to its namespace in
    /// scope, as `checkedAttributes` adds one (a name in no namespace needs none).
    private static func declareIfNeeded(
        _ name: XMLName, _ source: inout StoredSource, bindings: inout Bindings, added: inout Bindings
    ) {
        guard name.namespaceID != 0 else { return }
        let prefix = source.prefix(of: name)
        if prefix == "xml" { return }
        let uri = source.uri(name.namespaceID)
        // Prefixes and URIs compare as code points (bytes), as Namespaces 1.0 compares them.
        let bound = bindings.last { $0.prefix.utf8.elementsEqual(prefix.utf8) }?.uri ?? ""
        if bound.utf8.elementsEqual(uri.utf8) { return }
        bindings.append((prefix, uri))
        added.append((prefix, uri))
    }

    /// `xml:space` among an element's own attributes: whether it says `preserve`; `nil` without one.
    private func xmlSpace(_ attributes: Range<Int>, _ source: StoredSource) -> Bool? {
        for number in attributes {
            let attribute = source.index.attributes[number]
            guard source.withRaw(attribute.name.qualified, { $0.elementsEqual(UncheckedBytes("xml:space")) }) else {
                continue
            }
            return source.withDecoded(attribute.value) { $0.elementsEqual(UncheckedBytes("preserve")) }
        }
        return nil
    }

    private mutating func writeStoredAttribute(_ number: Int, _ source: StoredSource) {
        let attribute = source.index.attributes[number]
        bytes.append(0x20)
        source.withRaw(attribute.name.qualified) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
        source.withDecoded(attribute.value) { appendEscaped($0, inAttribute: true) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a declaration the writer added (`xmlns="uri"`, `xmlns:prefix="uri"`).
    private mutating func writeDeclaration(_ declaration: (prefix: String, uri: String)) {
        bytes.append(0x20)
        append(declaration.prefix.isEmpty ? "xmlns" : "xmlns:" + declaration.prefix)
        bytes.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
        appendEscaped(declaration.uri, inAttribute: true)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes an element's attributes and added declarations sorted by qualified name (as
    /// `String`s compare, see `precedes`), in their order where names are equal.
    private mutating func writeSortedStoredAttributes(
        _ attributes: Range<Int>, _ added: Bindings, _ source: StoredSource
    ) {
        // Stored attributes by number; an added declaration `i` as `-1 - i`.
        var order = Array(attributes) + added.indices.map { -1 - $0 }
        func withName<R>(_ entry: Int, _ body: (UncheckedBytes) -> R) -> R {
            if entry >= 0 { return source.withRaw(source.index.attributes[entry].name.qualified, body) }
            let prefix = added[-1 - entry].prefix
            var name = prefix.isEmpty ? "xmlns" : "xmlns:" + prefix
            return name.withUncheckedUTF8(body)
        }
        order.sort { a, b in withName(a) { x in withName(b) { y in Self.precedes(x, y) } } }
        for entry in order {
            if entry >= 0 { writeStoredAttribute(entry, source) } else { writeDeclaration(added[-1 - entry]) }
        }
    }

    /// An element's child elements (all its children: it holds elements only) in `.sortedKeys`
    /// order: by qualified name (as `String`s compare), then in document order.
    private func sortedChildElements(of node: Int32, count: Int, _ source: StoredSource) -> [Int32] {
        var children: [Int32] = []
        children.reserveCapacity(count)
        var child = source.index.firstChild(of: node)
        while child >= 0 {
            children.append(child)
            child = source.index[child].nextSibling
        }
        children.sort { a, b in
            source.withRaw(source.index[a].name.qualified) { x in
                source.withRaw(source.index[b].name.qualified) { y in
                    Self.sameName(x, y) ? a < b : Self.precedes(x, y)
                }
            }
        }
        return children
    }

    /// Writes a comment, a processing instruction or an empty CDATA section of a store.
    private mutating func writeStoredMarkup(_ item: XMLIndex.Markup, _ source: StoredSource) {
        switch item.kind {
        case .comment:
            append("<!--")
            source.withDecoded(item.first) { bytes.append(contentsOf: $0) }
            append("-->")
        case .processingInstruction:
            append("<?")
            source.withDecoded(item.first) { bytes.append(contentsOf: $0) }
            source.withDecoded(item.second) { data in
                guard !data.isEmpty else { return }
                bytes.append(0x20)
                bytes.append(contentsOf: data)
            }
            append("?>")
        case .emptyCDATA:
            appendCDATA(UncheckedBytes.empty)
        }
    }

    /// Whether one name's UTF-8 sorts before another's as their `String`s do (`<`): by bytes when
    /// both are ASCII, else as strings (which compare canonically equivalent spellings as equal).
    static func precedes(_ a: UncheckedBytes, _ b: UncheckedBytes) -> Bool {
        guard isASCII(a), isASCII(b) else { return a.string < b.string }
        let count = min(a.count, b.count)
        var index = 0
        while index < count {
            let x = a[unchecked: index]
            let y = b[unchecked: index]
            if x != y { return x < y }
            index += 1
        }
        return a.count < b.count
    }

    /// Whether two names' UTF-8 are the same name as their `String`s compare them (`==`).
    static func sameName(_ a: UncheckedBytes, _ b: UncheckedBytes) -> Bool {
        guard isASCII(a), isASCII(b) else { return a.string == b.string }
        return a.elementsEqual(b)
    }

    private static func isASCII(_ bytes: UncheckedBytes) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[unchecked: index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
