// XMLIndex from a document tree's values: what the decoder reads when a model is decoded from an
// element that was built in code or changed (a parsed element is decoded from its own store's
// index, see XMLDecoder+Tree.swift).
//
// Design: the decoder reads an index of slices, so the tree's names and text are laid end to end
// in one byte buffer (the "arena", never XML: nothing is escaped, written or parsed again) and the
// index points into it, its slices verbatim. Namespace URIs are interned as the reader does: a
// name's own `namespaceURI`, else the URI its prefix is bound to by the `xmlns` attributes in
// scope within the element. Elements are walked with an explicit stack (no recursion):
//
//     Element("book", attributes: ["id": "7"]) { Element("title", text: "Swift") }
//
//     arena     "book" "id" "7" "title" "Swift"
//     nodes[0]  element book  attributes 0..<1  firstChild 1
//     nodes[1]  element title                   firstChild 2
//     nodes[2]  text "Swift"
//
// Every node keeps where its element came from (`Origins`): a stored element's store and node
// number, for the decoder's error messages to give the source line and column of what was parsed.

extension XMLIndex {
    /// Where the nodes and attributes of an index built from tree values came from, for errors.
    final class Origins {
        /// For each node (by number): the stored element it is, or lies in; `nil` for built ones.
        var nodes: [(store: XMLTree.Store, node: Int32)?] = []
        /// For each attribute (by number): its stored element and position; `nil` for built ones.
        var attributes: [(store: XMLTree.Store, node: Int32, position: Int)?] = []

        /// The source location of a node, if it was parsed.
        func location(ofNode node: Int32) -> XMLTree.SourceLocation? {
            guard nodes.indices.contains(Int(node)), let origin = nodes[Int(node)] else { return nil }
            return origin.store.location(ofElement: origin.node)
        }

        /// The source location of an attribute, if it was parsed.
        func location(ofAttribute attribute: Int32) -> XMLTree.SourceLocation? {
            guard attributes.indices.contains(Int(attribute)), let origin = attributes[Int(attribute)] else {
                return nil
            }
            return origin.store.location(ofAttribute: origin.position, of: origin.node)
        }
    }

    /// An index of an element's values, the reader that reads its slices (over the arena) and the
    /// origins of its nodes.
    ///
    /// - Throws: `XMLParsingError` for a name a node cannot hold (a prefix of 256 MiB or more).
    static func build(from root: XMLTree.Element, options: XMLReader.Options) throws(XMLParsingError) -> (
        index: XMLIndex, reader: XMLReader, origins: Origins
    ) {
        var builder = TreeIndexBuilder()
        builder.add(root)
        if let name = builder.unfit {
            let reason: XMLParsingError.Reason =
                Int(name.prefixLength) >= Node.maxPrefixLength
                ? .nameLengthLimitExceeded(limit: Node.maxPrefixLength) : .documentTooLarge(limit: Node.maxNamespaceID)
            throw XMLParsingError(reason: reason, offset: 0, line: 1, column: 1)
        }
        var reader = XMLReader(input: .array(builder.arena), options: options)
        reader.adoptNamespaces(builder.namespaces)
        return (XMLIndex(nodes: builder.nodes, attributes: builder.attributes), reader, builder.origins)
    }
}

/// Lays out element values as an index over one byte buffer (see the file's header).
private struct TreeIndexBuilder {
    var arena: [UInt8] = []
    var nodes: [XMLIndex.Node] = []
    var attributes = XMLIndex.AttributeTable()
    /// A name no node can hold (see `XMLIndex.Node.fits(_:)`), if one was met.
    var unfit: XMLName?
    var namespaces = NamespaceTable()
    let origins = XMLIndex.Origins()
    /// Prefix bindings in scope, innermost last: (prefix, URI number); "" for the default namespace.
    var bindings: [(prefix: String, uri: Int32)] = []

    /// An element being laid out: its node, its last child so far, the children still to add,
    /// and how many bindings were in scope before its own.
    struct Frame {
        var node: Int32
        var lastChild: Int32 = -1
        var children: [XMLTree.Node]
        var next = 0
        var bindingCount: Int
        var origin: (store: XMLTree.Store, node: Int32)?
    }

    mutating func slice(_ string: String) -> XMLSlice {
        let start = arena.count
        arena.append(contentsOf: string.utf8)
        return XMLSlice(source: 0, start: start, end: arena.count)
    }

    mutating func intern(_ uri: String) -> Int32 {
        var uri = uri
        return uri.withUncheckedUTF8 { namespaces.intern($0) }
    }

    /// The URI number a prefix is bound to in scope ("" for the default namespace), or 0.
    func lookUp(_ prefix: String) -> Int32 {
        if prefix == "xml" { return 1 }
        if prefix == "xmlns" { return 2 }
        for binding in bindings.reversed() where binding.prefix == prefix { return binding.uri }
        return 0
    }

    mutating func name(_ name: XMLTree.Name, isAttribute: Bool) -> XMLName {
        let qualified = slice(name.qualifiedName)
        let prefix = name.prefix
        let prefixLength = prefix.map { Int32($0.utf8.count) } ?? -1
        let namespaceID: Int32
        if let uri = name.namespaceURI {
            namespaceID = intern(uri)
        } else if let prefix {
            namespaceID = lookUp(prefix)
        } else {
            // An unprefixed attribute is in no namespace; an unprefixed element in the default one.
            namespaceID = isAttribute || name.qualifiedName == "xmlns" ? 0 : lookUp("")
        }
        return XMLName(qualified: qualified, prefixLength: prefixLength, namespaceID: namespaceID)
    }

    /// Adds an element and its attributes as a node, linked under the open element `parent`.
    mutating func open(_ element: XMLTree.Element, under stack: inout [Frame]) {
        let number = Int32(nodes.count)
        var origin: (store: XMLTree.Store, node: Int32)?
        if case .stored(let store, let node) = element.storage { origin = (store, node) }
        let attributes = element.attributes
        let bindingCount = bindings.count
        // The element's own declarations are in scope for its name and attributes.
        for attribute in attributes {
            let qualified = attribute.name.qualifiedName
            if qualified == "xmlns" {
                bindings.append(("", intern(attribute.value)))
            } else if attribute.name.prefix == "xmlns" {
                bindings.append((attribute.name.localName, intern(attribute.value)))
            }
        }
        let firstAttribute = Int32(self.attributes.count)
        for (position, attribute) in attributes.enumerated() {
            let qualified = attribute.name.qualifiedName
            let isDeclaration = qualified == "xmlns" || attribute.name.prefix == "xmlns"
            var attributeName = name(attribute.name, isAttribute: true)
            // As the reader has them: a declaration's own name is in no namespace.
            if isDeclaration { attributeName.namespaceID = 0 }
            self.attributes.append(
                XMLAttribute(
                    name: attributeName, value: slice(attribute.value), isDefaulted: false,
                    isNamespaceDeclaration: isDeclaration))
            origins.attributes.append(origin.map { ($0.store, $0.node, position) })
        }
        let elementName = name(element.name, isAttribute: false)
        if !XMLIndex.Node.fits(elementName), unfit == nil { unfit = elementName }
        nodes.append(
            XMLIndex.Node(
                name: elementName, firstAttribute: firstAttribute, attributeCount: Int32(attributes.count),
                nextSibling: -1,
                kind: .element))
        origins.nodes.append(origin)
        link(
            number,
            nameBit: elementName.qualified.end > elementName.qualified.start
                ? XMLIndex.Node.nameBit(arena[elementName.qualified.end - 1]) : 0xFF,
            in: &stack)
        stack.append(Frame(node: number, children: element.children, bindingCount: bindingCount, origin: origin))
    }

    /// Links node `number` as the last child of the element on top of `stack`.
    mutating func link(_ number: Int32, nameBit: UInt8, in stack: inout [Frame]) {
        guard let top = stack.indices.last else { return }
        let parent = stack[top]
        if parent.lastChild >= 0 {
            nodes[Int(parent.lastChild)].nextSibling = number
        } else {
            // Nodes are in document order: the first child is the next node.
            nodes[Int(parent.node)].hasChildren = true
        }
        stack[top].lastChild = number
        nodes[Int(parent.node)].childNameBits |= nameBit
    }

    mutating func add(_ root: XMLTree.Element) {
        var stack: [Frame] = []
        open(root, under: &stack)
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].children.count else {
                let finished = stack.removeLast()
                bindings.removeSubrange(finished.bindingCount..<bindings.count)
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            let kind: XMLIndex.Node.Kind
            let text: String
            switch child {
            case .element(let element):
                open(element, under: &stack)
                continue
            case .text(let string):
                kind = .text
                text = string
            case .cdata(let string):
                kind = .cdata
                text = string
            case .comment, .processingInstruction:
                continue
            }
            guard !text.isEmpty else { continue }
            let number = Int32(nodes.count)
            nodes.append(
                XMLIndex.Node(
                    name: XMLName(qualified: slice(text)), firstAttribute: 0, attributeCount: 0, nextSibling: -1,
                    kind: kind))
            origins.nodes.append(stack[top].origin)
            link(number, nameBit: 0, in: &stack)
        }
    }
}
