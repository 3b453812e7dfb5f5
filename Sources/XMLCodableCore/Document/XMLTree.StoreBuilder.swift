// XMLTree.StoreBuilder: a document that was not parsed, laid out as a store.
//
// Design: a parsed document's store (XMLTree.Store.swift) is the reader's index of it: nodes in
// document order, attributes packed, names and text as slices of the document's bytes. A document
// the encoder made is laid out the same way, so that it is an `XMLTree` of stored elements like a
// parsed one, with no value made per node: its names and values are already bytes (the encoder's),
// and they become this builder's one buffer, the "arena" (never XML: nothing in it is escaped or
// read again). The builder appends nodes in document order and links each to its parent's last
// child; it keeps the namespace bindings in scope and interns their URIs as the reader does, so a
// stored name's namespace number resolves through the store's reader (made over the arena, with
// the builder's namespace table). What to refuse (an undeclared prefix, a misused `xml` binding)
// is the caller's rule; the builder only records. For example, with the arena `bookid7Swift`:
//
//     let scope = builder.bindingCount
//     builder.openElement(XMLName(qualified: slice(0..<4)), attributeCount: 1, scope: scope)  // book
//     builder.appendAttribute(id = 7)                      // slices 4..<6 and 6..<7
//     builder.appendCharacterData(slice(7..<12), cdata: false)  // "Swift"
//     builder.closeElement()
//
//     nodes[0]  element "book"  attributes 0..<1  has children (1)
//     nodes[1]  text "Swift"
//
// An element's own namespace declarations are declared (`declare`) before it is opened, since
// they apply to its own name; closing it ends their scope.

extension XMLTree {
    /// Lays out a document as a store over one byte buffer (see the file's header).
    internal struct StoreBuilder {
        /// The bytes the store's slices point into.
        private(set) var arena: [UInt8]
        private var nodes: [XMLIndex.Node] = []
        private var attributes = XMLIndex.AttributeTable()
        private var markup: [XMLIndex.Markup] = []
        private var namespaces = NamespaceTable()
        /// Prefix bindings in scope, innermost last.
        private var bindings: [Binding] = []
        /// The element open innermost (`node` -1: none), and those around it, innermost last.
        private var current = Frame(node: -1, bindingCount: 0)
        private var open: [Frame] = []
        /// The default namespace in scope (0: none).
        private(set) var defaultNamespace: Int32 = 0
        /// The largest namespace number interned.
        private var largestNamespace: Int32 = 0

        /// A prefix bound to a namespace: the prefix's bytes in `arena` (`prefixCount` -1 for the
        /// default namespace), and the URI's number (0: none, as `xmlns=""` makes it).
        private struct Binding {
            var prefixStart: Int
            var prefixCount: Int
            var uri: Int32
        }

        private struct Frame {
            var node: Int32
            var lastChild: Int32 = -1
            /// The name bits of its child elements so far, written to the node when it is closed
            /// (one write per element rather than one per child).
            var childNameBits: UInt8 = 0
            /// The bindings in scope before the element's own declarations.
            var bindingCount: Int
        }

        init(arena: [UInt8], nodes: Int = 0, attributes: Int = 0) {
            self.arena = arena
            self.nodes.reserveCapacity(nodes)
            self.attributes.reserveCapacity(attributes)
        }

        /// The number of bindings in scope: pass it to `openElement` after declaring the element's own.
        var bindingCount: Int { bindings.count }

        /// The number the next node will have.
        var nodeCount: Int { nodes.count }

        /// Appends bytes to the arena and returns their slice.
        mutating func append(_ string: String) -> XMLSlice {
            let start = arena.count
            var string = string
            string.withUncheckedUTF8 { arena.append(contentsOf: $0) }
            return XMLSlice(source: 0, start: start, end: arena.count)
        }

        /// Appends bytes to the arena and returns their slice.
        mutating func append(_ bytes: UncheckedBytes) -> XMLSlice {
            let start = arena.count
            arena.append(contentsOf: bytes)
            return XMLSlice(source: 0, start: start, end: arena.count)
        }

        // MARK: Namespaces

        /// Binds a prefix (the bytes of `arena` in `prefix`; `nil` for the default namespace) to
        /// the URI whose bytes are `uri` in the arena, until the element opened next is closed.
        mutating func declare(prefix: Range<Int>?, uri: Range<Int>) {
            let number = arena.withUncheckedBytes { namespaces.intern($0.extracting(unchecked: uri)) }
            largestNamespace = max(largestNamespace, number)
            declare(prefix: prefix, uriNumber: number)
        }

        /// Binds a prefix to a URI given as a string.
        mutating func declare(prefix: Range<Int>?, uri: String) {
            declare(prefix: prefix, uriNumber: intern(uri))
        }

        private mutating func declare(prefix: Range<Int>?, uriNumber: Int32) {
            if prefix == nil { defaultNamespace = uriNumber }
            bindings.append(
                Binding(
                    prefixStart: prefix?.lowerBound ?? 0, prefixCount: prefix?.count ?? -1, uri: uriNumber))
        }

        /// The number of a namespace URI, interned.
        mutating func intern(_ uri: String) -> Int32 {
            var uri = uri
            let number = uri.withUncheckedUTF8 { namespaces.intern($0) }
            largestNamespace = max(largestNamespace, number)
            return number
        }

        /// The namespace number of a name whose bytes are `qualified` in the arena, for a name of
        /// the document model (`XMLTree.Name`): its own URI when it has one, else the one its prefix
        /// (`prefixLength` bytes, -1 for none) is bound to in scope; an unprefixed element's is the
        /// default namespace, an unprefixed attribute's none (0), as is a prefix nothing binds.
        mutating func namespace(
            of qualified: XMLSlice, prefixLength: Int32, namespaceURI: String?, isAttribute: Bool
        ) -> Int32 {
            if let namespaceURI { return intern(namespaceURI) }
            guard prefixLength >= 0 else { return isAttribute ? 0 : defaultNamespace }
            return namespace(ofPrefix: qualified.start..<(qualified.start + Int(prefixLength))) ?? 0
        }

        /// The URI number the prefix whose bytes are `prefix` in the arena is bound to, or `nil`
        /// when it is not bound. `xml` and `xmlns` are always bound (to 1 and 2, as in the reader).
        func namespace(ofPrefix prefix: Range<Int>) -> Int32? {
            for binding in bindings.reversed()
            where binding.prefixCount == prefix.count
                && arena[binding.prefixStart..<(binding.prefixStart + binding.prefixCount)].elementsEqual(
                    arena[prefix])
            {
                return binding.uri
            }
            if arena[prefix].elementsEqual("xml".utf8) { return 1 }
            if arena[prefix].elementsEqual("xmlns".utf8) { return 2 }
            return nil
        }

        // MARK: Structure

        /// Appends an element, as the next child of the open element, and opens it; its
        /// `attributeCount` attributes must be appended next (`appendAttribute`), before its content.
        /// `scope` is `bindingCount` before the element's own declarations. `nameBit`, when given,
        /// is the name's `XMLIndex.Node.nameBit` (a caller that interns names has it at hand).
        mutating func openElement(_ name: XMLName, nameBit: UInt8? = nil, attributeCount: Int, scope: Int) {
            let number = Int32(nodes.count)
            nodes.append(
                XMLIndex.Node(
                    name: name, firstAttribute: Int32(attributes.count), attributeCount: Int32(attributeCount),
                    nextSibling: -1, kind: .element))
            link(number, nameBit: nameBit ?? self.nameBit(of: name))
            if current.node >= 0 { open.append(current) }
            current = Frame(node: number, bindingCount: scope)
        }

        /// Appends an element with no attributes whose content is `text` (none when it is empty) as
        /// the next child of the open element, without opening it: the usual leaf of a model.
        /// `nameBit` as for `openElement`. (Inlined: it is most of the encoder's tree layout.)
        @inline(__always)
        mutating func appendLeafElement(_ name: XMLName, nameBit: UInt8? = nil, text: XMLSlice) {
            let number = Int32(nodes.count)
            var element = XMLIndex.Node(
                name: name, firstAttribute: Int32(attributes.count), attributeCount: 0,
                nextSibling: -1, kind: .element)
            if text.end > text.start {
                element.hasChildren = true
                nodes.append(element)
                nodes.append(
                    XMLIndex.Node(
                        name: XMLName(qualified: text), firstAttribute: 0, attributeCount: 0, nextSibling: -1,
                        kind: .text))
            } else {
                nodes.append(element)
            }
            link(number, nameBit: nameBit ?? self.nameBit(of: name))
        }

        /// Appends an attribute of the element opened last.
        mutating func appendAttribute(_ attribute: XMLAttribute) {
            attributes.append(attribute)
        }

        /// Appends text or a CDATA section to the open element. Empty text is nothing, unless
        /// `keepingEmptyText` (the writer's layout of values, where `<a></a>` is an element with an
        /// empty text child); an empty CDATA section is kept as the reader keeps one (with the
        /// comments, see `XMLIndex.Markup`).
        mutating func appendCharacterData(_ slice: XMLSlice, cdata: Bool, keepingEmptyText: Bool = false) {
            guard slice.end > slice.start || (keepingEmptyText && !cdata) else {
                if cdata { appendMarkup(.emptyCDATA, XMLSlice(source: 0, start: 0, end: 0)) }
                return
            }
            let number = Int32(nodes.count)
            nodes.append(
                XMLIndex.Node(
                    name: XMLName(qualified: slice), firstAttribute: 0, attributeCount: 0, nextSibling: -1,
                    kind: cdata ? .cdata : .text))
            link(number, nameBit: 0)
        }

        /// Appends a comment, a processing instruction or an empty CDATA section to the open
        /// element (outside the root element when none is open).
        mutating func appendMarkup(
            _ kind: XMLIndex.Markup.Kind, _ first: XMLSlice, _ second: XMLSlice = XMLSlice(source: 0, start: 0, end: 0)
        ) {
            markup.append(
                XMLIndex.Markup(
                    kind: kind, parent: current.node, before: Int32(nodes.count), first: first, second: second))
        }

        /// Appends a document-model node that is not an element (text, CDATA, a comment or a
        /// processing instruction) to the open element, its strings copied into the arena.
        mutating func appendLeaf(_ node: Node, keepingEmptyText: Bool = false) {
            switch node {
            case .element:
                return
            case .text(let text):
                appendCharacterData(append(text), cdata: false, keepingEmptyText: keepingEmptyText)
            case .cdata(let text):
                appendCharacterData(append(text), cdata: true)
            case .comment(let text):
                appendMarkup(.comment, append(text))
            case .processingInstruction(let target, let data):
                appendMarkup(.processingInstruction, append(target), append(data))
            }
        }

        /// Closes the element opened last, ending the scope of its declarations.
        mutating func closeElement() {
            guard current.node >= 0 else { return }
            if current.childNameBits != 0 { nodes[Int(current.node)].childNameBits |= current.childNameBits }
            if bindings.count > current.bindingCount {
                bindings.removeSubrange(current.bindingCount..<bindings.count)
                defaultNamespace = bindings.last { $0.prefixCount < 0 }?.uri ?? 0
            }
            current = open.popLast() ?? Frame(node: -1, bindingCount: 0)
        }

        /// The bit an element's name sets in its parent's `childNameBits` (all of them for an
        /// empty name, which no key's bit can rule out).
        @inline(__always)
        private func nameBit(of name: XMLName) -> UInt8 {
            let end = name.qualified.end
            return end > name.qualified.start ? XMLIndex.Node.nameBit(arena[end - 1]) : 0xFF
        }

        @inline(__always)
        private mutating func link(_ number: Int32, nameBit: UInt8) {
            guard current.node >= 0 else { return }
            if current.lastChild >= 0 {
                nodes[Int(current.lastChild)].nextSibling = number
            } else {
                // Nodes are in document order: the first child is the next node.
                nodes[Int(current.node)].hasChildren = true
            }
            current.lastChild = number
            current.childNameBits |= nameBit
        }

        /// Whether the store's slices can address the arena (32-bit offsets, see `XMLIndex.Node`).
        var fitsIndex: Bool { arena.count <= XMLIndex.maxDocumentSize }

        /// Whether every namespace number fits a node (see `XMLIndex.Node.fits(_:)`).
        var fitsNamespaces: Bool { Int(largestNamespace) <= XMLIndex.Node.maxNamespaceID }

        /// The store of what was appended (all elements closed), its slices read by a reader over
        /// the arena; it has no source positions (`origins` says where its nodes came from).
        /// `checked`: whether its names and text were checked as the reader checks them (see
        /// `Store.isChecked`).
        consuming func store(
            options: XMLReader.Options = XMLReader.Options(), origins: XMLIndex.Origins = XMLIndex.Origins(),
            checked: Bool = true
        ) -> Store {
            // Elements left open get their children's name bits, which closing writes.
            while current.node >= 0 { closeElement() }
            var reader = XMLReader(input: .array(arena), options: options)
            reader.adoptNamespaces(namespaces)
            return Store(
                reader: consume reader, index: XMLIndex(nodes: nodes, attributes: attributes), markup: markup,
                shouldProcessNamespaces: true, origins: origins, isChecked: checked)
        }
    }
}
