// XMLIndex.AttributeTable: the attributes of every element of an index, packed 16 bytes each.
//
// Design: the index numbers attributes as the start tags bring them (an element's are a run,
// `firstAttribute ..< firstAttribute + attributeCount`). Each is stored as a `CompactAttribute`;
// the few that do not pack (a DTD default, a very long name) are kept whole in `overflow`, and
// reading a position unpacks either kind into the reader's `XMLAttribute`, so code that reads
// attributes never sees the packing:
//
//     <way id="1"><nd ref="5"/></way>
//     packed[0]  id="1"    packed[1]  ref="5"        overflow: empty
//     table[1]   XMLAttribute(name: "ref" at 17..<20, value: "5" at 22..<23)
//
// For osm-like documents (two attributes per element on average) this halves the index's
// memory against 36-byte `XMLAttribute`s.

extension XMLIndex {
    struct AttributeTable {
        private(set) var packed: [CompactAttribute] = []
        private(set) var overflow: [XMLAttribute] = []

        init() {}

        /// A table whose packed array is `packed`, emptied (a reused array keeps its capacity).
        init(reusing packed: consuming [CompactAttribute]) {
            self.packed = consume packed
            self.packed.removeAll(keepingCapacity: true)
        }

        var count: Int { packed.count }
        var capacity: Int { packed.capacity }

        /// Makes room for `capacity` attributes in all.
        mutating func reserveCapacity(_ capacity: Int) { packed.reserveCapacity(capacity) }

        @inline(__always)
        mutating func append(_ attribute: XMLAttribute) {
            packed.append(CompactAttribute(attribute, overflow: &overflow))
        }

        /// Appends a start tag's attributes: a run of the scanner's store (read without a retain
        /// of the store's storage, which a borrowed store or a slice cost for every start tag).
        mutating func append(contentsOf attributes: UncheckedAttributeRun) {
            for position in 0..<attributes.count {
                packed.append(CompactAttribute(attributes[unchecked: position], overflow: &overflow))
            }
        }

        mutating func removeAll(keepingCapacity: Bool) {
            packed.removeAll(keepingCapacity: keepingCapacity)
            overflow.removeAll()
        }

        /// The attribute at `position`, unpacked.
        subscript(position: Int) -> XMLAttribute {
            @inline(__always) get { packed[position].attribute(overflow: overflow) }
        }

        /// The attributes at `positions`, unpacked as they are read.
        func elements(_ positions: Range<Int>) -> Run { Run(table: self, positions: positions) }

        /// A run of attributes (one element's), read as `XMLAttribute`s.
        struct Run: RandomAccessCollection {
            let table: AttributeTable
            let positions: Range<Int>

            var startIndex: Int { positions.lowerBound }
            var endIndex: Int { positions.upperBound }
            subscript(position: Int) -> XMLAttribute {
                @inline(__always) get { table[position] }
            }
        }
    }
}
