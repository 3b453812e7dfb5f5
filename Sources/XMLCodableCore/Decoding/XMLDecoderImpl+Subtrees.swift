// Subtrees in models: `XMLTree.Element` and `[XMLTree.Node]` properties, read from the index.
//
// A model property of type `XMLTree.Element` captures the element of its key as it is in the
// document; one of type `[XMLTree.Node]` captures that element's content. Both are built here,
// straight from the decoder's `XMLIndex` — names, attribute values and text are read from the
// slices the index points at (through the decoder's reader for entity text and namespace URIs),
// nothing is written back to bytes and parsed again. For
//
//     <entry><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">a <b>x</b></div></content></entry>
//
// the key `content` gives `Element("content", attributes: ["type": "xhtml"], children: [.element(div)])`,
// where `div` keeps its `xmlns` attribute and every name has its namespace URI (the reader resolves
// prefixes whatever the decoder's `shouldProcessNamespaces` says; it only changes how keys match).
// Text is joined as `XMLTree(parsing:)` joins it: adjacent character data (text and entity text) is
// one `.text` node, each CDATA section a `.cdata` node of its own.
//
// The index keeps no comments and no processing instructions, so a captured subtree has none:
// that is the one thing such a property does not hold (see `XMLTree.Element`'s Codable
// conformance, and the DocumentModel article). Everything else — attributes in order with
// namespace declarations, white space, CDATA, the order of the content — is kept.
//
// The subtree is built with an explicit stack, so its depth is bounded only by the reader's limit.

extension XMLDecoderImpl {
    /// The element a value is, as a document-model element.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not one element (an attribute,
    ///   a run of text among mixed content, several elements, a map).
    func treeElement(_ value: XMLValue, path: CodingPathNode) throws -> XMLTree.Element {
        try checkInUse()
        return try treeElement(node: subtreeElement(value, expecting: XMLTree.Element.self, path: path))
    }

    /// The content of the element a value is, as document-model nodes.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not one element.
    func treeContent(_ value: XMLValue, path: CodingPathNode) throws -> [XMLTree.Node] {
        try checkInUse()
        if case .elements(let list) = value, list.count == 0 { return [] }
        return try treeElement(node: subtreeElement(value, expecting: [XMLTree.Node].self, path: path)).children
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

    /// An element of the index and everything inside it, as a document-model element.
    private func treeElement(node root: Int32) -> XMLTree.Element {
        struct Frame {
            var element: XMLTree.Element
            /// The next child node to read.
            var next: Int32
        }
        var stack = [Frame(element: shallowElement(root), next: index.firstChild(of: root))]
        while var frame = stack.popLast() {
            guard frame.next >= 0 else {
                // Done: into the parent, or the result.
                guard !stack.isEmpty else { return frame.element }
                stack[stack.count - 1].element.children.append(.element(frame.element))
                continue
            }
            let childNumber = frame.next
            let child = index[childNumber]
            frame.next = child.nextSibling
            switch child.kind {
            case .element:
                // A run of layout white space the index left out before the element (see
                // XMLIndex+Layout.swift), read back from the document: a tree keeps every text.
                if child.followsLayout {
                    frame.element.children.append(
                        .text(string(XMLIndex.layoutRun(before: child, in: document))))
                }
                stack.append(frame)
                stack.append(Frame(element: shallowElement(childNumber), next: index.firstChild(of: childNumber)))
            case .text:
                // The run of adjacent text nodes (text around entity references) at once, appended
                // in place: joining them one `+` at a time would copy the text for every node.
                var text = string(child.text)
                while frame.next >= 0, index[frame.next].kind == .text {
                    text += string(index[frame.next].text)
                    frame.next = index[frame.next].nextSibling
                }
                frame.element.children.append(.text(text))
                stack.append(frame)
            case .cdata:
                frame.element.children.append(.cdata(string(child.text)))
                stack.append(frame)
            }
        }
        // Not reached: the root's frame is the last one, and returns above.
        return XMLTree.Element("")
    }

    /// An element's name and attributes, without its content.
    private func shallowElement(_ node: Int32) -> XMLTree.Element {
        let name = index[node].name
        var attributes: [XMLTree.Attribute] = []
        for attribute in index.attributes(of: node) {
            attributes.append(XMLTree.Attribute(treeName(attribute.name), value: string(attribute.value)))
        }
        return XMLTree.Element(treeName(name), attributes: XMLTree.Attributes(attributes))
    }

    /// A name as written, with the namespace URI the reader resolved it to.
    private func treeName(_ name: XMLName) -> XMLTree.Name {
        XMLTree.Name(string(name), namespaceURI: reader.namespaceURI(name))
    }
}
