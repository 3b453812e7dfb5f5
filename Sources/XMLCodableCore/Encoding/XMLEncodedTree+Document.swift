// XMLEncodedTree+Document: the encoder's element tree turned into the public document model
// (`XMLTree.Element`) directly, for `XMLEncoder.encodeToTree` — no bytes written and read back.
//
// Design: the tree is walked as the writer walks it, and each element gets exactly the content a
// reader would see in the writer's output: attributes in the order written (an element's own,
// then those hoisted from its groups; sorted by name with `.sortedKeys`), groups' content in
// their place, element-only content in the writer's order (sorted with `.sortedKeys`), empty text
// dropped (an empty string is an empty element), CDATA split where the writer splits it and
// turned into text where it writes text, adjacent text joined — as the reader reports it. Each
// name's namespace URI is resolved against the `xmlns` attributes in scope, as the reader resolves
// it, and what the reader would refuse (an undeclared prefix, a misused `xml`/`xmlns` binding, two
// attributes with one expanded name, nesting deeper than `XMLTree.maxDepth`) is refused here.
// Layout white space is not content: pretty printing is chosen when the tree is written.
//
// For example, with the root `<r xmlns:p="urn:p">` holding a group whose attribute is `p:id="1"`
// and the text "a", then a CDATA value "x]]>y": the element `r` gets the attributes `xmlns:p`
// (no namespace) and `p:id` (namespace "urn:p") and the children `.text("a")`, `.cdata("x]]")`,
// `.cdata(">y")`, which is what `XMLTree(parsing:)` reads from `<r xmlns:p="urn:p"
// p:id="1">a<![CDATA[x]]]]><![CDATA[>y]]></r>`. Elements are built with an explicit stack, so the
// depth of a tree is not limited by the thread's stack.

extension XMLEncodedTree {
    /// Why an encoded tree cannot be held as a document: what the reader would refuse in the
    /// writer's output.
    struct DocumentError: Error {
        let message: String
    }

    private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    private static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// An element being built: its name and attributes, the content items still to visit, and
    /// the children made so far.
    private struct Frame {
        var name: XMLTree.Name
        var attributes: XMLTree.Attributes
        var items: [Index]
        var next = 0
        var children: [XMLTree.Node] = []
        /// The number of namespace bindings in scope before this element's own.
        var bindingCount: Int
    }

    /// The element at `root` and everything in it as a document-model element.
    ///
    /// - Parameters:
    ///   - sortedKeys: whether attributes and element-only content are sorted, as the writer
    ///     sorts them with `.sortedKeys`.
    ///   - compactEmptyElements: whether empty text and CDATA are written as nothing, as with
    ///     `.compactEmptyElements`.
    func documentElement(_ root: Index, sortedKeys: Bool, compactEmptyElements: Bool) throws(DocumentError)
        -> XMLTree.Element
    {
        var bindings: [(prefix: String, uri: String)] = [("xml", Self.xmlNamespace)]
        var stack: [Frame] = []
        var finished: XMLTree.Element?
        var pending: Index? = root
        while true {
            if let index = pending {
                pending = nil
                guard stack.count < XMLTree.maxDepth else {
                    throw DocumentError(message: "elements are nested deeper than \(XMLTree.maxDepth)")
                }
                let bindingCount = bindings.count
                let (name, attributes) = try resolvedNames(of: index, sortedKeys: sortedKeys, bindings: &bindings)
                let items = contentItems(of: index, sortedKeys: sortedKeys, compactEmptyElements: compactEmptyElements)
                stack.append(Frame(name: name, attributes: attributes, items: items, bindingCount: bindingCount))
            }
            guard var frame = stack.popLast() else { break }
            if frame.next < frame.items.count {
                let item = frame.items[frame.next]
                frame.next += 1
                let node = nodes[item]
                switch node.kind {
                case .element:
                    pending = item
                case .text:
                    appendText(string(node.text), to: &frame.children)
                case .cdata:
                    appendCDATA(node.text, to: &frame.children)
                case .group:
                    break  // groups are flattened into `items`
                }
                stack.append(frame)
            } else {
                bindings.removeLast(bindings.count - frame.bindingCount)
                let element = XMLTree.Element(frame.name, attributes: frame.attributes, children: frame.children)
                if stack.isEmpty {
                    finished = element
                    break
                }
                stack[stack.count - 1].children.append(.element(element))
            }
        }
        guard let finished else { throw DocumentError(message: "the root element is missing") }
        return finished
    }

    /// Text as the reader reports it: joined to the text before it, nothing for an empty string.
    private func appendText(_ text: String, to children: inout [XMLTree.Node]) {
        guard !text.isEmpty else { return }
        if case .text(let previous)? = children.last {
            children[children.count - 1] = .text(previous + text)
        } else {
            children.append(.text(text))
        }
    }

    /// A CDATA value as the writer writes it (`XMLWriter.appendCDATA`) and the reader reads it
    /// back: text when it holds a carriage return, else one section per piece of a split `]]>`.
    private func appendCDATA(_ span: Span, to children: inout [XMLTree.Node]) {
        guard span.flags & Flags.carriageReturn == 0 else { return appendText(string(span), to: &children) }
        XMLEscaping.cdataSections(bytes(span)) { children.append(.cdata($0.string)) }
    }

    /// The nodes of an element's content in the order the writer writes them, groups replaced by
    /// their content: all of it in order when the element holds text, else its elements (sorted
    /// with `sortedKeys`). Empty text, and empty CDATA with `compactEmptyElements`, are left out.
    private func contentItems(of index: Index, sortedKeys: Bool, compactEmptyElements: Bool) -> [Index] {
        var items: [Index] = []
        let inline = holdsText(index, ignoringEmptyText: compactEmptyElements)
        // Groups are visited with an explicit stack of the children still to visit.
        var pendingLists: [[Index]] = [orderedChildren(of: index, sorted: sortedKeys && !inline)]
        var positions = [0]
        while let list = pendingLists.last, let position = positions.last {
            guard position < list.count else {
                pendingLists.removeLast()
                positions.removeLast()
                continue
            }
            positions[positions.count - 1] += 1
            let child = list[position]
            let node = nodes[child]
            switch node.kind {
            case .element:
                items.append(child)
            case .group:
                pendingLists.append(orderedChildren(of: child, sorted: sortedKeys && !inline))
                positions.append(0)
            case .text:
                if inline, node.text.count > 0 { items.append(child) }
            case .cdata:
                if inline, node.text.count > 0 || !compactEmptyElements { items.append(child) }
            }
        }
        return items
    }

    /// The children of an element or group: as encoded, or stably sorted by name as the writer
    /// sorts them with `.sortedKeys` (text and groups, which have none, first). The writer's
    /// order too (`XMLWriter`).
    func orderedChildren(of index: Index, sorted: Bool) -> [Index] {
        var children: [Index] = []
        var child = nodes[index].firstChild
        while child >= 0 {
            children.append(child)
            child = nodes[child].next
        }
        guard sorted, children.count > 1 else { return children }
        var keyed: [(offset: Int, node: Index, key: String)] = []
        keyed.reserveCapacity(children.count)
        for (offset, node) in children.enumerated() { keyed.append((offset, node, sortKey(of: node))) }
        keyed.sort { a, b in a.key == b.key ? a.offset < b.offset : a.key < b.key }
        return keyed.map { $0.node }
    }

    /// The name a node is sorted by with `.sortedKeys`.
    private func sortKey(of node: Index) -> String {
        switch nodes[node].kind {
        case .element: return names[nodes[node].name]
        case .cdata: return "#CDATA"
        case .text, .group: return ""
        }
    }

    /// An element's name and attributes with their namespace URIs, its namespace declarations
    /// pushed onto `bindings`; what the reader would refuse throws.
    private func resolvedNames(
        of index: Index, sortedKeys: Bool, bindings: inout [(prefix: String, uri: String)]
    ) throws(DocumentError) -> (XMLTree.Name, XMLTree.Attributes) {
        let node = nodes[index]
        var written: [Attribute] = []
        let hoisted = node.marks & Marks.hoisted != 0
        for pass in hoisted ? [false, true] : [false] {
            var current = node.firstAttribute
            while current >= 0 {
                let attribute = attributes[current]
                if !hoisted || attribute.hoisted == pass { written.append(attribute) }
                current = attribute.next
            }
        }
        if sortedKeys { written.sort { names[$0.name] < names[$1.name] } }
        let pairs = written.map { (names[$0.name], string($0.value)) }
        // The element's own declarations first: its names resolve against them.
        for (name, value) in pairs {
            if name == "xmlns" {
                if value == Self.xmlNamespace || value == Self.xmlnsNamespace {
                    throw DocumentError(message: "the default namespace cannot be \(value)")
                }
                bindings.append(("", value))
            } else if name.hasPrefix("xmlns:") {
                let prefix = String(name.dropFirst(6))
                if prefix == "xmlns" { throw DocumentError(message: "the prefix 'xmlns' cannot be declared") }
                if (prefix == "xml") != (value == Self.xmlNamespace) {
                    throw DocumentError(
                        message: "only the prefix 'xml' can be bound to \(Self.xmlNamespace), and only to it")
                }
                if value == Self.xmlnsNamespace {
                    throw DocumentError(message: "no prefix can be bound to \(Self.xmlnsNamespace)")
                }
                if value.isEmpty {
                    throw DocumentError(
                        message: "the prefix '\(prefix)' cannot be undeclared (an empty namespace name)")
                }
                bindings.append((prefix, value))
            }
        }
        func uri(ofPrefix prefix: Substring) throws(DocumentError) -> String {
            // Prefixes compare as code points (bytes), as Namespaces 1.0 compares them.
            guard let binding = bindings.last(where: { $0.prefix.utf8.elementsEqual(prefix.utf8) }) else {
                throw DocumentError(message: "the namespace prefix '\(prefix)' is not declared")
            }
            return binding.uri
        }
        let qualified = names[node.name]
        let elementURI: String?
        if let colon = qualified.utf8.firstIndex(of: UInt8(ascii: ":")) {
            let prefix = qualified[..<colon]
            if prefix == "xmlns" { throw DocumentError(message: "an element cannot have the prefix 'xmlns'") }
            elementURI = try uri(ofPrefix: prefix)
        } else {
            let declared = bindings.last { $0.prefix.isEmpty }?.uri ?? ""
            elementURI = declared.isEmpty ? nil : declared
        }
        var result: [XMLTree.Attribute] = []
        result.reserveCapacity(pairs.count)
        var seen = Set<[UInt8]>()
        var expanded = Set<[UInt8]>()
        for (name, value) in pairs {
            guard seen.insert(Array(name.utf8)).inserted else {
                throw DocumentError(message: "attribute \(name) appears more than once")
            }
            var namespaceURI: String?
            if name != "xmlns", !name.hasPrefix("xmlns:"), let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) {
                let found = try uri(ofPrefix: name[..<colon])
                let local = name[name.utf8.index(after: colon)...]
                guard expanded.insert(Array("{\(found)}\(local)".utf8)).inserted else {
                    throw DocumentError(message: "attribute \(name) has the namespace and local name of another")
                }
                namespaceURI = found
            }
            result.append(XMLTree.Attribute(XMLTree.Name(name, namespaceURI: namespaceURI), value: value))
        }
        return (XMLTree.Name(qualified, namespaceURI: elementURI), XMLTree.Attributes(result))
    }
}
