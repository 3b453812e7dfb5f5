// XMLReader.Attributes: the attributes of the last start tag, as a collection that shares the
// reader's own storage (AttributeStore.swift) instead of an array made for each tag.
//
// A view holds a reference to the storage and the range of its tag's attributes. The reader
// never writes to storage a view still refers to (copy on write, as for an array), so a view kept
// past `next()` goes on showing the same attributes:
//
//     var reader = XMLReader("<a x='1' y='2'><b z='3'/></a>")
//     _ = try reader.next()                  // <a>
//     let kept = reader.attributes           // x, y
//     _ = try reader.next()                  // <b>: reader.attributes is z; kept is still x, y

extension XMLReader {
    /// The attributes of a start tag, in document order (see ``XMLReader/attributes``).
    ///
    /// A random-access collection of ``XMLAttribute``, indexed from 0. It shares the reader's
    /// storage rather than copying it, and keeps its contents when the reader reads on.
    public struct Attributes: RandomAccessCollection, Sendable {
        /// The reader's store as it was when the view was made (its storage is then never written).
        @usableFromInline let store: AttributeStore
        @usableFromInline let base: Int
        /// The number of attributes.
        public let count: Int

        @inlinable
        init(_ store: AttributeStore, from base: Int) {
            self.store = store
            self.base = base
            // Never negative, whatever the base: the scanner keeps `base <= store.count`, and a
            // view must not trust that with its bounds.
            self.count = Swift.max(store.count - base, 0)
        }

        /// The position of the first attribute: 0.
        @inlinable public var startIndex: Int { 0 }
        /// The position after the last attribute: ``count``.
        @inlinable public var endIndex: Int { count }

        /// The attribute at `position`, which must be in `0 ..< count`.
        @inlinable
        public subscript(position: Int) -> XMLAttribute {
            precondition(
                position >= 0 && position < count, "XMLReader.Attributes: index \(position) out of range 0 ..< \(count)"
            )
            // The storage holds at least `base + count` attributes: it is not written to while a
            // view refers to it, and it held them when the view was made.
            return store.storage[unchecked: base + position]
        }
    }
}

extension XMLReader.Attributes: Equatable, Hashable {
    /// Whether both hold the same attributes in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes the attributes in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for attribute in self { hasher.combine(attribute) }
    }
}

extension XMLReader.Attributes: CustomStringConvertible {
    /// The attributes as an array would print them.
    public var description: String { Array(self).description }
}
