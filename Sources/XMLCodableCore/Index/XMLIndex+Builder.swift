// Building an index one event at a time, for one element of a document read in chunks
// (`XMLDecoder.decodeElements`). `XMLIndex.build` reads a whole document from an in-memory
// reader; here the events come from a reader whose window moves, so each slice into the document
// is stored relative to the element's first byte (`origin`, an absolute offset), and the index
// is then read against those bytes alone:
//
//     document:  <osm><node id="1"><tag k="a"/></node><node id="2"/>…
//                     ^ origin (absolute 5)
//     slices:    "node" [1,5)  id="1" value [10,11)  "tag" [14,17) …   (relative to origin)
//
// Slices into an entity's replacement text or an attribute default (other buffers) are kept as
// they are. The arrays are kept from element to element, so steady-state building allocates nothing.

extension XMLIndex {
    internal struct Builder {
        private var nodes: [Node] = []
        private var attributes = AttributeTable()
        private var open: [(node: Int32, lastChild: Int32)] = []
        /// The absolute offset the element's slices are relative to.
        private(set) var origin = 0
        /// A name of the element that no node can hold (see `Node.fits(_:)`), if one was met.
        private(set) var unfit: XMLName?

        /// Starts a new element (dropping what the last one built) whose first byte is at
        /// absolute offset `origin`.
        mutating func begin(at origin: Int) {
            nodes.removeAll(keepingCapacity: true)
            attributes.removeAll(keepingCapacity: true)
            open.removeAll(keepingCapacity: true)
            self.origin = origin
            unfit = nil
        }

        /// A slice moved from the reader's buffer, whose first byte is at absolute offset `base`,
        /// to the element's bytes.
        @inline(__always)
        private func relocated(_ slice: XMLSlice, base: Int) -> XMLSlice {
            guard slice.source == 0 else { return slice }
            var moved = slice
            moved.start = slice.start + base - origin
            moved.end = slice.end + base - origin
            return moved
        }

        @inline(__always)
        private func relocated(_ name: XMLName, base: Int) -> XMLName {
            var moved = name
            moved.qualified = relocated(name.qualified, base: base)
            return moved
        }

        /// Adds a start tag and its attributes; `base` is the absolute offset of the reader's
        /// buffer, `nameLastByte` the last byte of the name when it is in that buffer (`nil` for a
        /// name from an entity's replacement text, which is never skipped by name).
        mutating func startElement(
            _ name: XMLName, attributes tagAttributes: Slice<AttributeStore>, base: Int, nameLastByte: UInt8?
        ) {
            let first = attributes.count
            for attribute in tagAttributes {
                attributes.append(
                    XMLAttribute(
                        name: relocated(attribute.name, base: base), value: relocated(attribute.value, base: base),
                        isDefaulted: attribute.isDefaulted,
                        isNamespaceDeclaration: attribute.isNamespaceDeclaration))
            }
            if !Node.fits(name), unfit == nil { unfit = name }
            let nameBit: UInt8 = nameLastByte.map(Node.nameBit) ?? 0xFF
            let node = append(
                Node(
                    name: relocated(name, base: base), firstAttribute: Int32(truncatingIfNeeded: first),
                    attributeCount: Int32(truncatingIfNeeded: attributes.count - first), nextSibling: -1, kind: .element
                ),
                nameBit: nameBit)
            open.append((node, -1))
        }

        /// Adds character data (text or CDATA) to the open element.
        mutating func characters(_ slice: XMLSlice, cdata: Bool, base: Int) {
            guard !open.isEmpty, !slice.isEmpty else { return }
            _ = append(
                Node(
                    name: XMLName(qualified: relocated(slice, base: base)), firstAttribute: 0, attributeCount: 0,
                    nextSibling: -1,
                    kind: cdata ? .cdata : .text), nameBit: 0)
        }

        /// Closes the open element.
        mutating func endElement() {
            if !open.isEmpty { open.removeLast() }
        }

        /// Links a new node under the open element and returns its number.
        private mutating func append(_ node: Node, nameBit: UInt8) -> Int32 {
            let number = Int32(truncatingIfNeeded: nodes.count)
            nodes.append(node)
            if let parent = open.last {
                if parent.lastChild >= 0 {
                    nodes[Int(parent.lastChild)].nextSibling = number
                } else {
                    // Nodes are in document order: the first child is the next node.
                    nodes[Int(parent.node)].hasChildren = true
                }
                open[open.count - 1].lastChild = number
                if nameBit != 0 { nodes[Int(parent.node)].childNameBits |= nameBit }
            }
            return number
        }

        /// The index of the element built, handing its arrays over (`reclaim` gives them back).
        mutating func finish() -> XMLIndex {
            var builtNodes: [Node] = []
            var builtAttributes = AttributeTable()
            swap(&builtNodes, &nodes)
            swap(&builtAttributes, &attributes)
            return XMLIndex(nodes: builtNodes, attributes: builtAttributes)
        }

        /// Takes back the arrays of an index `finish()` made, to build the next element in them.
        mutating func reclaim(_ index: consuming XMLIndex) {
            let storage = index.storage
            nodes = storage.nodes
            attributes = AttributeTable(reusing: storage.attributes)
        }
    }
}
