// XMLEncodedTree+Store: the encoder's element tree laid out as a document store, for
// `XMLEncoder.encodeToTree` — no bytes written and read back, and no value made per node.
//
// Design: the encoder's names and values are already UTF-8 bytes (its two sinks); they become the
// store's arena, values first, then names, in one copy, and every node of the store is a slice of
// it (`XMLTree.StoreBuilder`). The tree is walked as the writer walks it, and each element gets
// exactly the content a reader would see in the writer's output: attributes in the order written
// (an element's own, then those hoisted from its groups; sorted by name with `.sortedKeys`), groups'
// content in their place, element-only content in the writer's order (sorted with `.sortedKeys`),
// empty text dropped (an empty string is an empty element), CDATA split where the writer splits it
// and turned into text where it writes text (adjacent text is joined when the tree is read, as the
// reader joins it). Each name's namespace is resolved against the `xmlns` attributes in scope, as
// the reader resolves it, and what the reader would refuse (an undeclared prefix, a misused
// `xml`/`xmlns` binding, two attributes with one expanded name, nesting deeper than
// `XMLTree.maxDepth`) is refused here. Layout white space is not content: pretty printing is
// chosen when the tree is written.
//
// For example, with the root `<r xmlns:p="urn:p">` holding a group whose attribute is `p:id="1"`
// and the text "a", then a CDATA value "x]]>y": the element `r` gets the attributes `xmlns:p`
// (no namespace) and `p:id` (namespace "urn:p") and the nodes text "a", CDATA "x]]" and CDATA
// ">y" (slices of the arena), which is what `XMLTree(parsing:)` reads from `<r xmlns:p="urn:p"
// p:id="1">a<![CDATA[x]]]]><![CDATA[>y]]></r>`. Elements are opened and closed with an explicit
// stack, so the depth of a tree is not limited by the thread's stack.

extension XMLEncodedTree {
    /// Why an encoded tree cannot be held as a document: what the reader would refuse in the
    /// writer's output.
    struct DocumentError: Error {
        let message: String
    }

    private static let xmlNamespace = ReservedNamespace.xml
    private static let xmlnsNamespace = ReservedNamespace.xmlns

    /// An interned name as the store holds it.
    private struct StoredName {
        /// Its bytes in the arena.
        var start: Int
        var count: Int
        /// The length of its prefix, or -1.
        var prefixLength: Int32
        /// Whether it is a namespace declaration's (`xmlns`, `xmlns:prefix`).
        var isDeclaration: Bool
        /// The bit an element of this name sets in its parent's `childNameBits`.
        var nameBit: UInt8

        var range: Range<Int> { start..<(start + count) }
        var prefix: Range<Int> { start..<(start + Int(prefixLength)) }
        var slice: XMLSlice { XMLSlice(source: 0, start: start, end: start + count) }
    }

    /// An element whose content is being laid out: its children still to visit, either in a list
    /// (groups flattened, or sorted), `lists[position..<end]`, or by following the links from
    /// `cursor` (`end` -1). Lists are pushed on one buffer and dropped from it when done, so a
    /// frame holds no reference.
    private struct Frame {
        var start = 0
        var position = 0
        var end = -1
        var cursor: Index
        /// Whether text is content here (see `holdsText`).
        var inline: Bool

        var isListed: Bool { end >= 0 }
    }

    /// The document whose root element is `root`, as a store.
    ///
    /// - Parameters:
    ///   - sortedKeys: whether attributes and element-only content are sorted, as the writer
    ///     sorts them with `.sortedKeys`.
    ///   - compactEmptyElements: whether empty text and CDATA are written as nothing, as with
    ///     `.compactEmptyElements`.
    func documentStore(_ root: Index, sortedKeys: Bool, compactEmptyElements: Bool) throws(DocumentError)
        -> XMLTree.Store
    {
        var arena: [UInt8] = []
        let values = bytes
        let nameBytes = self.nameBytes
        arena.reserveCapacity(values.count + nameBytes.count)
        arena.append(contentsOf: values)
        let nameBase = arena.count
        arena.append(contentsOf: nameBytes)
        let storedNames = nameSpans.map { span -> StoredName in
            let start = nameBase + span.start
            let colon = arena[start..<(start + span.count)].firstIndex(of: UInt8(ascii: ":"))
            let prefixLength = colon.map { Int32($0 - start) } ?? -1
            let isDeclaration =
                arena[start..<(start + span.count)].elementsEqual("xmlns".utf8)
                || (prefixLength == 5 && arena[start..<(start + 5)].elementsEqual("xmlns".utf8))
            let nameBit = span.count > 0 ? XMLIndex.Node.nameBit(arena[start + span.count - 1]) : 0xFF
            return StoredName(
                start: start, count: span.count, prefixLength: prefixLength, isDeclaration: isDeclaration,
                nameBit: nameBit)
        }
        var builder = XMLTree.StoreBuilder(arena: arena, nodes: nodes.count, attributes: attributes.count)
        guard builder.fitsIndex else {
            throw DocumentError(message: "the document is larger than \(XMLIndex.maxDocumentSize) bytes")
        }
        if let long = storedNames.firstIndex(where: { Int($0.prefixLength) >= XMLIndex.Node.maxPrefixLength }) {
            throw DocumentError(message: "the name \(names[long]) has a prefix too long for a document tree")
        }
        // The attributes of the element being opened, in the order written (one buffer for all).
        var written: [Attribute] = []
        try openElement(root, names: storedNames, sortedKeys: sortedKeys, attributes: &written, into: &builder)
        // The element whose content is being laid out, and those around it (innermost last); the
        // lists of content items of those that have one (`Frame`).
        var lists: [Index] = []
        var current = frame(
            of: root, sortedKeys: sortedKeys, compactEmptyElements: compactEmptyElements, lists: &lists)
        var stack: [Frame] = []
        while true {
            let item: Index
            if current.isListed {
                if current.position < current.end {
                    item = lists[current.position]
                    current.position += 1
                } else {
                    item = -1
                    lists.removeSubrange(current.start...)
                }
            } else {
                item = current.cursor
                if item >= 0 { current.cursor = nodes[item].next }
            }
            guard item >= 0 else {
                builder.closeElement()
                guard let outer = stack.popLast() else { break }
                current = outer
                continue
            }
            let node = nodes[item]
            switch node.kind {
            case .element:
                guard stack.count + 1 < XMLTree.maxDepth else {
                    throw DocumentError(message: "elements are nested deeper than \(XMLTree.maxDepth)")
                }
                if node.firstAttribute < 0, node.marks == 0 {
                    // No attributes, no groups, and no content or one text: a leaf, laid out at once.
                    let first = node.firstChild
                    if first < 0 || (nodes[first].kind == .text && nodes[first].next < 0) {
                        let name = try elementName(of: node, names: storedNames, in: &builder)
                        builder.appendLeafElement(
                            name, nameBit: storedNames[node.name].nameBit,
                            text: first < 0 ? XMLSlice(source: 0, start: 0, end: 0) : slice(nodes[first].text))
                        continue
                    }
                }
                try openElement(
                    item, names: storedNames, sortedKeys: sortedKeys, attributes: &written, into: &builder)
                stack.append(current)
                current = frame(
                    of: item, sortedKeys: sortedKeys, compactEmptyElements: compactEmptyElements, lists: &lists)
            case .text:
                // In a list, only the items that are content; by the links, every child.
                if !current.isListed, !current.inline { continue }
                builder.appendCharacterData(slice(node.text), cdata: false)
            case .cdata:
                if !current.isListed {
                    guard current.inline, node.text.count > 0 || !compactEmptyElements else { continue }
                }
                appendCDATA(node.text, to: &builder)
            case .group:
                break  // flattened into the frame's items
            }
        }
        guard builder.fitsNamespaces else {
            throw DocumentError(message: "the document uses more than \(XMLIndex.Node.maxNamespaceID) namespaces")
        }
        return builder.store()
    }

    private func slice(_ span: Span) -> XMLSlice {
        XMLSlice(source: 0, start: span.start, end: span.start + span.count)
    }

    /// How the content of an element is visited: by its links when it has no group and is not
    /// sorted, else as the list `contentItems` appends to `lists`.
    private func frame(of index: Index, sortedKeys: Bool, compactEmptyElements: Bool, lists: inout [Index]) -> Frame {
        let node = nodes[index]
        // (Most elements have neither text nor groups: no call for them.)
        let inline =
            (node.hasText || node.marks & Marks.groupChild != 0)
            && holdsText(index, ignoringEmptyText: compactEmptyElements)
        if node.marks & Marks.groupChild == 0, !sortedKeys || inline {
            return Frame(cursor: node.firstChild, inline: inline)
        }
        let start = lists.count
        contentItems(
            of: index, inline: inline, sortedKeys: sortedKeys, compactEmptyElements: compactEmptyElements,
            into: &lists)
        return Frame(start: start, position: start, end: lists.count, cursor: -1, inline: inline)
    }

    /// A CDATA value as the writer writes it (`XMLWriter.appendCDATA`) and the reader reads it
    /// back: text when it holds a carriage return, else one section per piece of a split `]]>`.
    private func appendCDATA(_ span: Span, to builder: inout XMLTree.StoreBuilder) {
        guard span.flags & Flags.carriageReturn == 0 else {
            return builder.appendCharacterData(slice(span), cdata: false)
        }
        XMLEscaping.cdataSectionRanges(bytes(span)) { section in
            builder.appendCharacterData(
                XMLSlice(source: 0, start: span.start + section.lowerBound, end: span.start + section.upperBound),
                cdata: true)
        }
    }

    /// Appends to `items` the nodes of an element's content in the order the writer writes them,
    /// groups replaced by their content: all of it in order when the element holds text, else its
    /// elements (sorted with `sortedKeys`). Empty text, and empty CDATA with
    /// `compactEmptyElements`, are left out.
    private func contentItems(
        of index: Index, inline: Bool, sortedKeys: Bool, compactEmptyElements: Bool, into items: inout [Index]
    ) {
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

    /// Opens an element in the store with its attributes, as written, their namespaces resolved:
    /// its own declarations first (its names resolve against them); what the reader would refuse
    /// throws. `written` is scratch space, emptied first.
    private func openElement(
        _ index: Index, names storedNames: [StoredName], sortedKeys: Bool, attributes written: inout [Attribute],
        into builder: inout XMLTree.StoreBuilder
    ) throws(DocumentError) {
        let node = nodes[index]
        let scope = builder.bindingCount
        if !written.isEmpty { written.removeAll(keepingCapacity: true) }
        if node.firstAttribute >= 0 {
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
            for attribute in written where storedNames[attribute.name].isDeclaration {
                try declare(attribute, storedNames[attribute.name], into: &builder)
            }
        }
        let name = try elementName(of: node, names: storedNames, in: &builder)
        builder.openElement(
            name, nameBit: storedNames[node.name].nameBit, attributeCount: written.count, scope: scope)
        for (position, attribute) in written.enumerated() {
            let attributeName = storedNames[attribute.name]
            // Names are interned: one name, one number.
            for earlier in written[..<position] where earlier.name == attribute.name {
                throw DocumentError(message: "attribute \(names[attribute.name]) appears more than once")
            }
            var namespaceID: Int32 = 0
            if !attributeName.isDeclaration, attributeName.prefixLength >= 0 {
                namespaceID = try namespace(ofPrefix: attributeName.prefix, in: &builder)
                let local = (attributeName.prefix.upperBound + 1)..<attributeName.range.upperBound
                for earlier in written[..<position] {
                    let other = storedNames[earlier.name]
                    guard !other.isDeclaration, other.prefixLength >= 0,
                        builder.arena[(other.prefix.upperBound + 1)..<other.range.upperBound].elementsEqual(
                            builder.arena[local]),
                        try self.namespace(ofPrefix: other.prefix, in: &builder) == namespaceID
                    else { continue }
                    throw DocumentError(
                        message: "attribute \(names[attribute.name]) has the namespace and local name of another")
                }
            }
            builder.appendAttribute(
                XMLAttribute(
                    name: XMLName(
                        qualified: attributeName.slice, prefixLength: attributeName.prefixLength,
                        namespaceID: namespaceID),
                    value: slice(attribute.value), isDefaulted: false,
                    isNamespaceDeclaration: attributeName.isDeclaration))
        }
    }

    /// An element's name with its namespace, in the scope of its own declarations.
    /// (`builder` is `inout` only so that it is not copied for the call.)
    @inline(__always)
    private func elementName(of node: Node, names storedNames: [StoredName], in builder: inout XMLTree.StoreBuilder)
        throws(DocumentError) -> XMLName
    {
        let name = storedNames[node.name]
        guard name.prefixLength >= 0 else {
            return XMLName(qualified: name.slice, prefixLength: -1, namespaceID: builder.defaultNamespace)
        }
        if builder.arena[name.prefix].elementsEqual("xmlns".utf8) {
            throw DocumentError(message: "an element cannot have the prefix 'xmlns'")
        }
        return XMLName(
            qualified: name.slice, prefixLength: name.prefixLength,
            namespaceID: try namespace(ofPrefix: name.prefix, in: &builder))
    }

    private func namespace(ofPrefix prefix: Range<Int>, in builder: inout XMLTree.StoreBuilder) throws(DocumentError)
        -> Int32
    {
        // Prefixes compare as bytes, as Namespaces 1.0 compares them.
        guard let found = builder.namespace(ofPrefix: prefix) else {
            let written = String(decoding: builder.arena[prefix], as: UTF8.self)
            throw DocumentError(message: "the namespace prefix '\(written)' is not declared")
        }
        return found
    }

    /// Applies a namespace declaration, refusing what Namespaces 1.0 refuses.
    private func declare(_ attribute: Attribute, _ name: StoredName, into builder: inout XMLTree.StoreBuilder)
        throws(DocumentError)
    {
        let value = string(attribute.value)
        let valueRange = attribute.value.start..<(attribute.value.start + attribute.value.count)
        if name.prefixLength < 0 {
            if value == Self.xmlNamespace || value == Self.xmlnsNamespace {
                throw DocumentError(message: "the default namespace cannot be \(value)")
            }
            builder.declare(prefix: nil, uri: valueRange)
            return
        }
        let prefix = (name.prefix.upperBound + 1)..<name.range.upperBound
        let prefixString = String(decoding: builder.arena[prefix], as: UTF8.self)
        if prefixString == "xmlns" { throw DocumentError(message: "the prefix 'xmlns' cannot be declared") }
        if (prefixString == "xml") != (value == Self.xmlNamespace) {
            throw DocumentError(message: "only the prefix 'xml' can be bound to \(Self.xmlNamespace), and only to it")
        }
        if value == Self.xmlnsNamespace {
            throw DocumentError(message: "no prefix can be bound to \(Self.xmlnsNamespace)")
        }
        if value.isEmpty {
            throw DocumentError(message: "the prefix '\(prefixString)' cannot be undeclared (an empty namespace name)")
        }
        builder.declare(prefix: prefix, uri: valueRange)
    }
}
