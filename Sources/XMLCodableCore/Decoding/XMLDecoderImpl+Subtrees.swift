// Subtrees in models: `XMLTree.Element` and `[XMLTree.Node]` properties, laid out as stores.
//
// A model property of type `XMLTree.Element` captures the element of its key as it is in the
// document; one of type `[XMLTree.Node]` captures that element's content. Both are made here from
// the decoder's `XMLIndex`, as a store of their own (XMLTree.Store.swift) that the document model
// reads as it reads a parsed document's: the element is `Element(.stored(store, 0))`, the content
// that element's children. No `String` or array is made per node: the subtree's nodes are laid out
// in document order with `XMLTree.StoreBuilder`, and their bytes copied into its arena — names as
// written, attribute values and text decoded (references replaced, line ends normalized, entity
// text read through the decoder's reader), since the decoder's document bytes are only borrowed
// for the call. For
//
//     <feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">
//       <div xmlns="http://www.w3.org/1999/xhtml">a &amp; <b>x</b></div></content></entry></feed>
//
// the key `content` gives the store
//
//     arena     content type xhtml ⏎␣␣ div xmlns http://www.w3.org/1999/xhtml a␣&␣ b x
//     nodes[0]  element content (namespace 3: Atom)  attributes 0..<1  has children (1)
//     nodes[1]  text "\n  "
//     nodes[2]  element div (namespace 4: XHTML)  attributes 1..<2 (its xmlns declaration)
//     nodes[3]  text "a & "          (decoded: the reference replaced, the slice verbatim)
//     nodes[4]  element b (namespace 4)
//     nodes[5]  text "x"
//
// Every name keeps the namespace URI the reader resolved it to (the reader resolves prefixes
// whatever the decoder's `shouldProcessNamespaces` says; it only changes how keys match), also when
// the declaration is on an ancestor outside the subtree (the Atom namespace here): the decoder's
// namespace numbers are turned into the store's by interning their URIs, and the store's writer
// declares what a name needs that the subtree does not (XMLWriter+StoredTree.swift). Text is joined
// as `XMLTree(parsing:)` joins it: adjacent character data (text and entity text) is one `.text`
// node when read, each CDATA section a `.cdata` node of its own; the runs of layout white space the
// index left out (XMLIndex+Layout.swift) are read back from the document and laid out in place.
//
// The index keeps no comments, no processing instructions and no empty CDATA sections, so a
// captured subtree has none: that is the one thing such a property does not hold (see
// `XMLTree.Element`'s Codable conformance, and the DocumentModel article). Everything else —
// attributes in order with namespace declarations, white space, CDATA, the order of the content —
// is kept. The store has no source positions (`sourceLocation` is `nil`, as for an element built in
// code), and one whose names came from an element built in code (decoded with
// `decode(_:from: XMLTree.Element)`) is marked as not checked, so that writing it checks them.
//
// The subtree is walked with an explicit stack, so its depth is bounded only by the reader's limit;
// a store too large for its 32-bit slices, or with too many namespaces, is refused with
// `DecodingError.dataCorrupted`.

extension XMLDecoderImpl {
    /// The element a value is, as a document-model element.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not one element (an attribute,
    ///   a run of text among mixed content, several elements, a map); `DecodingError.dataCorrupted`
    ///   when the subtree is too large for a store.
    func treeElement(_ value: XMLValue, path: CodingPathNode) throws -> XMLTree.Element {
        try checkInUse()
        let root = try subtreeElement(value, expecting: XMLTree.Element.self, path: path)
        return XMLTree.Element(store: try subtreeStore(root, value: value, path: path), node: 0)
    }

    /// The content of the element a value is, as document-model nodes.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not one element.
    func treeContent(_ value: XMLValue, path: CodingPathNode) throws -> [XMLTree.Node] {
        try checkInUse()
        if case .elements(let list) = value, list.count == 0 { return [] }
        let root = try subtreeElement(value, expecting: [XMLTree.Node].self, path: path)
        // An element with no content needs no store.
        guard index.firstChild(of: root) >= 0 else { return [] }
        return try subtreeStore(root, value: value, path: path).children(of: 0)
    }

    /// The element node a value stands for: an element, the one element of a list, or the
    /// element whose own content the `""` key names.
    private func subtreeElement(_ value: XMLValue, expecting type: Any.Type, path: CodingPathNode) throws -> Int32 {
        switch value {
        case .element(let node), .text(ofElement: let node):
            return node
        case .elements(let list) where list.count == 1:
            return node(0, of: list)
        case .attribute, .characters, .elements, .map:
            throw typeMismatch(type, found: value, path: path)
        }
    }

    /// An element of the index and everything inside it, laid out as a store whose node 0 it is.
    private func subtreeStore(_ root: Int32, value: XMLValue, path: CodingPathNode) throws -> XMLTree.Store {
        var layout = SubtreeLayout(builder: subtreeBuilder(root))
        layout.openElement(root, self)
        // The next child to lay out of the open element, and of those around it (innermost last).
        var next = index.firstChild(of: root)
        var outer: [Int32] = []
        while true {
            guard next >= 0 else {
                layout.builder.closeElement()
                guard let resumed = outer.popLast() else { break }
                next = resumed
                continue
            }
            let child = index[next]
            switch child.kind {
            case .element:
                // A run of layout white space the index left out before the element (see
                // XMLIndex+Layout.swift), read back from the document: a tree keeps every text.
                if child.followsLayout {
                    let run = withRawBytes(of: XMLIndex.layoutRun(before: child, in: document)) {
                        layout.builder.append($0)
                    }
                    layout.builder.appendCharacterData(run, cdata: false)
                }
                outer.append(child.nextSibling)
                layout.openElement(next, self)
                next = index.firstChild(of: next)
                continue
            case .text, .cdata:
                let text = withDecodedBytes(of: child.text) { layout.builder.append($0) }
                layout.builder.appendCharacterData(text, cdata: child.kind == .cdata)
            }
            next = child.nextSibling
        }
        guard layout.builder.fitsIndex else {
            throw dataCorrupted(
                "The subtree is larger than a document tree holds (\(XMLIndex.maxDocumentSize) bytes)", at: value,
                path: path)
        }
        guard layout.builder.fitsNamespaces else {
            throw dataCorrupted(
                "The subtree uses more namespaces than a document tree holds (\(XMLIndex.Node.maxNamespaceID))",
                at: value, path: path)
        }
        return layout.builder.store(options: options.readerOptions, checked: sourceIsChecked)
    }
}

extension XMLDecoderImpl {
    /// A store builder with room for the subtree of `root`: its nodes are in document order, so
    /// they run from `root` to its last descendant (the last child of the last child…), and their
    /// bytes, in the document, from the root's name to the last descendant's end (more than the
    /// store needs: the markup is not copied, and decoded text is not longer than its source).
    /// Entity text lies elsewhere: the arena then grows as it needs.
    fileprivate func subtreeBuilder(_ root: Int32) -> XMLTree.StoreBuilder {
        var last = root
        while index.firstChild(of: last) >= 0 {
            var child = index.firstChild(of: last)
            while index[child].nextSibling >= 0 { child = index[child].nextSibling }
            last = child
        }
        let first = index[root].name.qualified
        let end = index[last].isElement ? index[last].name.qualified : index[last].text
        var arena: [UInt8] = []
        if first.source == 0, end.source == 0, end.end > first.start { arena.reserveCapacity(end.end - first.start) }
        return XMLTree.StoreBuilder(arena: arena, nodes: Int(last - root) + 1)
    }
}

/// A subtree of the decoder's index being laid out as a store (see the file's header).
private struct SubtreeLayout {
    var builder: XMLTree.StoreBuilder
    /// The store's number for each of the decoder's namespace numbers met so far (-1: not yet).
    /// None, `xml` and `xmlns` are 0, 1 and 2 in every table.
    private var namespaces: [Int32] = [0, 1, 2]

    init(builder: XMLTree.StoreBuilder) {
        self.builder = builder
    }

    /// The store's number for a namespace number of the decoder's reader.
    mutating func namespace(_ id: Int32, _ decoder: XMLDecoderImpl) -> Int32 {
        let position = Int(id)
        if position < namespaces.count, namespaces[position] >= 0 { return namespaces[position] }
        if position >= namespaces.count {
            namespaces += repeatElement(-1, count: position + 1 - namespaces.count)
        }
        let uri = decoder.reader.namespaceURI(
            XMLName(qualified: XMLSlice(source: 0, start: 0, end: 0), namespaceID: id))
        let number = builder.intern(uri ?? "")
        namespaces[position] = number
        return number
    }

    /// A name's bytes copied, with its prefix and its namespace in the store's numbers.
    mutating func name(_ name: XMLName, _ decoder: XMLDecoderImpl) -> XMLName {
        let qualified = decoder.withRawBytes(of: name.qualified) { builder.append($0) }
        return XMLName(
            qualified: qualified, prefixLength: name.prefixLength, namespaceID: namespace(name.namespaceID, decoder))
    }

    /// Appends an element of the decoder's index with its attributes, and opens it.
    mutating func openElement(_ node: Int32, _ decoder: XMLDecoderImpl) {
        let attributes = decoder.index.attributes(of: node)
        let elementName = name(decoder.index[node].name, decoder)
        builder.openElement(elementName, attributeCount: attributes.count, scope: builder.bindingCount)
        for attribute in attributes {
            let attributeName = name(attribute.name, decoder)
            let value = decoder.withDecodedBytes(of: attribute.value) { builder.append($0) }
            builder.appendAttribute(
                XMLAttribute(
                    name: attributeName, value: value, isDefaulted: attribute.isDefaulted,
                    isNamespaceDeclaration: attribute.isNamespaceDeclaration))
        }
    }
}
