// An element's values laid out as a store: what the decoder reads when a model is decoded from an
// element that was built in code or changed (a parsed element, or one of a tree the encoder made,
// is decoded from its own store, see XMLDecoder+Tree.swift).
//
// Design: the decoder reads a store's index of slices, so the element's names and text are laid
// end to end in the store's one byte buffer (`XMLTree.StoreBuilder`: never XML, nothing is
// escaped, written or parsed again) and the nodes point into it, its slices verbatim. Namespace
// URIs are resolved as the builder resolves them for the encoder: a name's own `namespaceURI`,
// else the URI its prefix is bound to by the `xmlns` attributes in scope within the element (no
// namespace when nothing binds it: a built tree is not checked here, the writer checks it).
// Elements are walked with an explicit stack (no recursion):
//
//     Element("book", attributes: ["id": "7"]) { Element("title", text: "Swift") }
//
//     arena     "id" "7" "book" "title" "Swift"
//     nodes[0]  element book  attributes 0..<1  has children (1)
//     nodes[1]  element title                   has children (2)
//     nodes[2]  text "Swift"
//
// Every node keeps where its element came from (`XMLIndex.Origins`): a stored element's store and
// node number, for the decoder's error messages to give the source line and column of what was
// parsed. Comments and processing instructions are kept beside the nodes, as a parsed store keeps
// them (the decoder never reads them).

extension XMLIndex {
    /// Where the nodes and attributes of a store laid out from tree values came from, for errors.
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
}

extension XMLTree.Store {
    /// A store of an element's values, its root node 0, with the origins of its nodes.
    ///
    /// - Throws: `XMLParsingError` for a name a node cannot hold (a prefix of 256 MiB or more).
    static func laidOut(from root: XMLTree.Element, options: XMLReader.Options) throws(XMLParsingError)
        -> XMLTree.Store
    {
        var layout = ValueLayout()
        layout.add(root)
        if let name = layout.unfit {
            let reason: XMLParsingError.Reason =
                Int(name.prefixLength) >= XMLIndex.Node.maxPrefixLength
                ? .nameLengthLimitExceeded(limit: XMLIndex.Node.maxPrefixLength)
                : .documentTooLarge(limit: XMLIndex.Node.maxNamespaceID)
            throw XMLParsingError(reason: reason, offset: 0, line: 1, column: 1)
        }
        guard layout.builder.fitsNamespaces else {
            throw XMLParsingError(
                reason: .documentTooLarge(limit: XMLIndex.Node.maxNamespaceID), offset: 0, line: 1, column: 1)
        }
        guard layout.builder.fitsIndex else {
            throw XMLParsingError(
                reason: .documentTooLarge(limit: XMLIndex.maxDocumentSize), offset: 0, line: 1, column: 1)
        }
        // Not checked: built in code, its names are checked only when written.
        return layout.builder.store(options: options, origins: layout.origins, checked: false)
    }
}

/// Lays out element values through a store builder (see the file's header).
private struct ValueLayout {
    var builder = XMLTree.StoreBuilder(arena: [])
    /// A name no node can hold (see `XMLIndex.Node.fits(_:)`), if one was met.
    var unfit: XMLName?
    let origins = XMLIndex.Origins()

    /// An element being laid out: the children still to add, and where it came from.
    struct Frame {
        var children: [XMLTree.Node]
        var next = 0
        var origin: (store: XMLTree.Store, node: Int32)?
    }

    /// An attribute laid out, before it is appended (its element's declarations come first).
    struct LaidOutAttribute {
        var name: XMLSlice
        var prefixLength: Int32
        var namespaceURI: String?
        var value: XMLSlice
        var isDeclaration: Bool
    }

    /// The length of a name's prefix, or -1.
    static func prefixLength(of name: XMLTree.Name) -> Int32 {
        name.prefix.map { Int32($0.utf8.count) } ?? -1
    }

    /// Opens an element with its attributes, its own declarations in scope for its names.
    mutating func open(_ element: XMLTree.Element, under stack: inout [Frame]) {
        var origin: (store: XMLTree.Store, node: Int32)?
        if case .stored(let store, let node) = element.storage { origin = (store, node) }
        let scope = builder.bindingCount
        var laidOut: [LaidOutAttribute] = []
        for attribute in element.attributes {
            let name = builder.append(attribute.name.qualifiedName)
            let prefixLength = Self.prefixLength(of: attribute.name)
            let isDefault = attribute.name.qualifiedName == "xmlns"
            let isDeclaration = isDefault || attribute.name.prefix == "xmlns"
            if isDeclaration {
                builder.declare(prefix: isDefault ? nil : (name.start + 6)..<name.end, uri: attribute.value)
            }
            laidOut.append(
                LaidOutAttribute(
                    name: name, prefixLength: prefixLength, namespaceURI: attribute.name.namespaceURI,
                    value: builder.append(attribute.value), isDeclaration: isDeclaration))
        }
        let qualified = builder.append(element.name.qualifiedName)
        let prefixLength = Self.prefixLength(of: element.name)
        let elementName = XMLName(
            qualified: qualified, prefixLength: prefixLength,
            namespaceID: builder.namespace(
                of: qualified, prefixLength: prefixLength, namespaceURI: element.name.namespaceURI,
                // An element named `xmlns` (not a QName) is in no namespace, as an attribute would be.
                isAttribute: element.name.qualifiedName == "xmlns"))
        if !XMLIndex.Node.fits(elementName), unfit == nil { unfit = elementName }
        builder.openElement(elementName, attributeCount: laidOut.count, scope: scope)
        origins.nodes.append(origin)
        for (position, attribute) in laidOut.enumerated() {
            // As the reader has them: a declaration's own name is in no namespace.
            let namespaceID =
                attribute.isDeclaration
                ? 0
                : builder.namespace(
                    of: attribute.name, prefixLength: attribute.prefixLength, namespaceURI: attribute.namespaceURI,
                    isAttribute: true)
            builder.appendAttribute(
                XMLAttribute(
                    name: XMLName(
                        qualified: attribute.name, prefixLength: attribute.prefixLength, namespaceID: namespaceID),
                    value: attribute.value, isDefaulted: false, isNamespaceDeclaration: attribute.isDeclaration))
            origins.attributes.append(origin.map { ($0.store, $0.node, position) })
        }
        stack.append(Frame(children: element.children, origin: origin))
    }

    mutating func add(_ root: XMLTree.Element) {
        var stack: [Frame] = []
        open(root, under: &stack)
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].children.count else {
                stack.removeLast()
                builder.closeElement()
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            if case .element(let element) = child {
                open(element, under: &stack)
            } else {
                builder.appendLeaf(child)
            }
            // Character data lies in its element: it has the element's origin.
            while origins.nodes.count < builder.nodeCount { origins.nodes.append(stack[top].origin) }
        }
    }
}
