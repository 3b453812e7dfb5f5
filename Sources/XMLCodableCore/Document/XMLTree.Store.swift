// XMLTree.Store: a parsed document kept flat, behind the value-type tree.
//
// Design: reading a document into a tree of values made a `String` for every name, text and
// attribute and an array for every element's attributes and children — most of a large tree's
// time and memory, spent before anyone looks. A parsed tree instead keeps what the decoder keeps:
// the reader (which owns the document's bytes, entity text and namespace URIs) and the document's
// `XMLIndex` (32 bytes per element or text run, names and text as slices of the bytes) with its
// attributes packed (16 bytes each, see XMLIndex.CompactAttribute.swift), plus its comments and
// processing instructions (`XMLIndex.Markup`). An `XMLTree.Element` of a parsed tree
// is this store and a node number; its name, attributes and children become values only when
// asked for, and an element that is changed becomes a value of its own (its children still
// stored: changing one element of a large document copies one element):
//
//     <books><book id="1">Swift</book><!-- more --></books>
//
//     nodes[0]  element "books"  has children (1)                Element(.stored(store, 0))
//     nodes[1]  element "book"   attributes 0..<1  has children (2)
//     nodes[2]  text "Swift"
//     markup    comment " more "  parent 0  before 3          (after node 2, inside node 0)
//
//     tree.root.children   →  [.element(Element(.stored(store, 1))), .comment(" more ")]
//
// Where each element and attribute was in the source comes with it for free: a name's slice is
// where the name was read, so a location is its offset turned into a line and column, with a table
// of line starts made the first time one is asked for (a side table, not a field per node).
//
// The store is immutable once built and shared by every copy of the tree: reading it from many
// tasks at once only reads.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree {
    /// The flat form of a parsed document that parsed elements refer to (see the file's header).
    internal final class Store: @unchecked Sendable {
        // @unchecked: every stored property is immutable after `init`, but for `lineStarts`, which
        // is behind a lock. The reader is only read (its slices' bytes, namespace URIs), and so is
        // `origins`, a class whose arrays are filled before the store is made and never after.
        let reader: XMLReader
        /// The nodes and the attributes, packed (see XMLIndex.AttributeTable.swift).
        let index: XMLIndex
        /// Comments, processing instructions and empty CDATA sections, by `parent` (stable: in
        /// document order within one parent).
        let markup: [XMLIndex.Markup]
        /// Whether the document was read with namespaces processed.
        let shouldProcessNamespaces: Bool
        /// For a store that was not parsed (XMLTree.StoreBuilder.swift): where its nodes came from,
        /// for errors (empty for the encoder's and for a subtree a model decoded, whose elements
        /// have no source positions; filled for
        /// element values laid out for one decoding call, from node 0). `nil` for a parsed
        /// document, whose slices are where things were.
        let origins: XMLIndex.Origins?
        /// Whether its names, attributes and text were checked as the reader checks them: by the
        /// reader (parsed), the encoder (`encodeToTree`) or the decoder (a subtree of either).
        /// Not for element values laid out for one decoding call (XMLTree.Element+Store.swift),
        /// built in code and checked only when written, nor for a subtree a model decodes from
        /// one: the writer writes such a store's elements through their values, which it checks.
        let isChecked: Bool

        /// Whether the slices are where things were in a parsed document.
        var hasSourcePositions: Bool { origins == nil }
        /// The offset of each line's first byte, made when a location is first asked for.
        private let lineStarts = Locked<[UInt32]?>(nil)

        init(
            reader: XMLReader, index: XMLIndex, markup: [XMLIndex.Markup], shouldProcessNamespaces: Bool,
            origins: XMLIndex.Origins? = nil, isChecked: Bool = true
        ) {
            self.reader = reader
            self.origins = origins
            self.isChecked = isChecked
            self.index = index
            var markup = markup
            if !markup.isEmpty { markup = Self.sortedByParent(markup) }
            self.markup = markup
            self.shouldProcessNamespaces = shouldProcessNamespaces
        }

        /// `markup` ordered by parent, document order kept within each parent.
        private static func sortedByParent(_ markup: [XMLIndex.Markup]) -> [XMLIndex.Markup] {
            var order = Array(markup.indices)
            order.sort { markup[$0].parent != markup[$1].parent ? markup[$0].parent < markup[$1].parent : $0 < $1 }
            return order.map { markup[$0] }
        }

        // MARK: Values made on demand

        func string(_ slice: XMLSlice) -> String { reader.string(slice) }

        func name(_ name: XMLName) -> Name {
            Name(reader.string(name.qualified), namespaceURI: reader.namespaceURI(name))
        }

        func name(of node: Int32) -> Name { name(index[node].name) }

        /// The numbers of an element's attributes in `index.attributes`.
        func attributeRange(of node: Int32) -> Range<Int> {
            let element = index[node]
            guard element.kind == .element, element.attributeCount > 0 else { return 0..<0 }
            let start = Int(element.firstAttribute)
            return start..<min(start + Int(element.attributeCount), index.attributes.count)
        }

        /// An attribute, unpacked.
        func attribute(_ number: Int) -> XMLAttribute {
            index.attributes[number]
        }

        func attributes(of node: Int32) -> Attributes {
            let range = attributeRange(of: node)
            if range.isEmpty { return Attributes() }
            return Attributes(
                range.map { number in
                    let attribute = self.attribute(number)
                    return Attribute(name(attribute.name), value: reader.string(attribute.value))
                })
        }

        /// The index the decoder reads for the subtree of `root`: its nodes renumbered from 0 and
        /// its attributes numbered from 0. Nodes are in document order, so a subtree is the run of nodes
        /// from its root to its last descendant (made in time and memory proportional to the
        /// subtree, so decoding the elements of a large document one by one stays linear).
        func decoderIndex(root: Int32) -> XMLIndex {
            // The root element's subtree is every node, numbered as they are.
            if root == 0 { return index }
            // The last descendant: the last child of the last child… of `root`.
            var last = root
            while index.firstChild(of: last) >= 0 {
                var child = index.firstChild(of: last)
                while index[child].nextSibling >= 0 { child = index[child].nextSibling }
                last = child
            }
            let base = Int(root)
            var nodes = Array(index.nodes[base...Int(last)])
            var attributes = XMLIndex.AttributeTable()
            for position in nodes.indices {
                var node = nodes[position]
                node.nextSibling = position == 0 || node.nextSibling < 0 ? -1 : node.nextSibling - Int32(base)
                if node.kind == .element {
                    let range = attributeRange(of: Int32(base + position))
                    node.firstAttribute = Int32(attributes.count)
                    node.attributeCount = Int32(range.count)
                    for number in range { attributes.append(attribute(number)) }
                }
                nodes[position] = node
            }
            return XMLIndex(nodes: nodes, attributes: attributes)
        }

        /// The markup inside `parent` (-1: outside the root element), in document order.
        func markup(in parent: Int32) -> ArraySlice<XMLIndex.Markup> {
            markup[markupRange(in: parent)]
        }

        /// The positions in `markup` of the markup inside `parent`, found by binary search.
        func markupRange(in parent: Int32) -> Range<Int> {
            if markup.isEmpty { return 0..<0 }
            var low = 0
            var high = markup.count
            while low < high {
                let middle = (low + high) / 2
                if markup[middle].parent < parent { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < markup.count, markup[end].parent == parent { end += 1 }
            return low..<end
        }

        func node(_ item: XMLIndex.Markup) -> Node {
            switch item.kind {
            case .comment: return .comment(string(item.first))
            case .processingInstruction:
                return .processingInstruction(target: string(item.first), data: string(item.second))
            case .emptyCDATA: return .cdata("")
            }
        }

        /// The content of an element, in document order: child elements (stored), text (adjacent
        /// runs joined, as the reader's text events are), CDATA sections and markup.
        func children(of element: Int32) -> [Node] {
            var children: [Node] = []
            var markup = self.markup(in: element)[...]
            var pendingText: String?
            func flushText() {
                if let text = pendingText {
                    children.append(.text(text))
                    pendingText = nil
                }
            }
            var child = index.firstChild(of: element)
            while child >= 0 {
                while let first = markup.first, first.before <= child {
                    flushText()
                    children.append(node(first))
                    markup = markup.dropFirst()
                }
                let item = index[child]
                switch item.kind {
                case .element:
                    flushText()
                    children.append(.element(Element(store: self, node: child)))
                case .text:
                    let text = string(item.text)
                    if var joined = pendingText {
                        pendingText = nil
                        joined += text
                        pendingText = joined
                    } else {
                        pendingText = text
                    }
                case .cdata:
                    flushText()
                    children.append(.cdata(string(item.text)))
                }
                child = item.nextSibling
            }
            flushText()
            for item in markup { children.append(node(item)) }
            return children
        }

        /// An element's own character data (text and CDATA, in order), without making its nodes.
        func text(of element: Int32) -> String {
            var text = ""
            var child = index.firstChild(of: element)
            while child >= 0 {
                let item = index[child]
                if item.kind != .element { text += string(item.text) }
                child = item.nextSibling
            }
            return text
        }

        /// Calls `body` with each child element of `element`, in order.
        func forEachChildElement(of element: Int32, _ body: (Int32) throws -> Void) rethrows {
            var child = index.firstChild(of: element)
            while child >= 0 {
                let item = index[child]
                if item.kind == .element { try body(child) }
                child = item.nextSibling
            }
        }

        /// Whether a child element's name matches a lookup key (see `Name.matches`), comparing
        /// bytes for a plain qualified name.
        func name(of node: Int32, matches key: String) -> Bool {
            if key.utf8.first == UInt8(ascii: "{") { return name(of: node).matches(key) }
            return reader.slice(index[node].name.qualified, equals: key)
        }

        /// The prologue (before the root element) and epilogue (after it).
        func outsideRoot() -> (prologue: [Node], epilogue: [Node]) {
            var prologue: [Node] = []
            var epilogue: [Node] = []
            for item in markup(in: -1) {
                if item.before == 0 { prologue.append(node(item)) } else { epilogue.append(node(item)) }
            }
            return (prologue, epilogue)
        }

        // MARK: Source locations

        /// Where a name was read (the decoder's errors locate elements and attributes at their
        /// names too, so both give the same line and column).
        func location(of slice: XMLSlice) -> SourceLocation {
            guard slice.source == 0 else { return reader.location(of: slice) }
            let offset = slice.start
            return reader.input.withUncheckedBytes { bytes in
                let starts = lineStarts.withLock { table in
                    if let table { return table }
                    let made = Self.lineStarts(in: bytes)
                    table = made
                    return made
                }
                return Self.location(ofOffset: offset, in: bytes, lineStarts: starts)
            }
        }

        /// The location of an element's name in its start tag (`nil` in a store that was not parsed).
        func location(ofElement node: Int32) -> SourceLocation? {
            guard hasSourcePositions else { return nil }
            return location(of: index[node].name.qualified)
        }

        /// The location of an element's attribute (its name), by position among its attributes.
        func location(ofAttribute position: Int, of node: Int32) -> SourceLocation? {
            guard hasSourcePositions else { return nil }
            let range = attributeRange(of: node)
            guard range.indices.contains(range.lowerBound + position) else { return nil }
            let attribute = self.attribute(range.lowerBound + position)
            // A defaulted attribute is located at its element (its name lies in the DTD's text).
            if attribute.isDefaulted { return location(ofElement: node) }
            return location(of: attribute.name.qualified)
        }

        /// The offset of each line's first byte; lines end as XML counts them (`\n`, `\r\n`, `\r`).
        static func lineStarts(in bytes: UncheckedBytes) -> [UInt32] {
            var starts: [UInt32] = [0]
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[unchecked: index]
                if byte == 0x0A {
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                } else if byte == 0x0D {
                    if index + 1 < count, bytes[unchecked: index + 1] == 0x0A { index += 1 }
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                }
                index += 1
            }
            return starts
        }

        /// The line and column of `offset` with a table of line starts: the same as
        /// `XMLReader.Location(offset:in:)` finds by counting from the start.
        static func location(ofOffset offset: Int, in bytes: UncheckedBytes, lineStarts: [UInt32])
            -> SourceLocation
        {
            let limit = max(0, min(offset, bytes.count))
            // The last line starting at or before `limit`.
            var low = 0
            var high = lineStarts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(lineStarts[middle]) <= limit { low = middle } else { high = middle }
            }
            let column = SourceLocation.column(of: limit, lineStart: Int(lineStarts[low]), in: bytes)
            return SourceLocation(line: low + 1, column: column, offset: offset)
        }
    }

    /// A position in a parsed document: its 1-based line and column (in Unicode scalars) and byte
    /// offset, as ``XMLParsingError`` and the decoder's errors give them.
    public typealias SourceLocation = XMLReader.Location
}
