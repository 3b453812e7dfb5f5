// What a decoder is positioned on: a reference into the index, never a copy of the data.

/// A value in an indexed document, as the decoder sees it.
internal enum XMLValue {
    /// An element, decoded by what it contains (text, attributes, children).
    case element(Int32)
    /// An attribute (an index into `XMLIndex.attributes`), decoded from its value.
    case attribute(Int32)
    /// The character data directly inside an element (the `""` coding key), ignoring its attributes.
    case text(ofElement: Int32)
    /// A run of character data among an element's children (mixed content read as a list).
    case characters(Int32)
    /// Elements that share a name under one parent (an unwrapped list: `<book/><book/>`).
    case elements(XMLNodeList)
    /// The entries of a map (`XMLMapCoding`), read into a dictionary's keyed container: an index
    /// into the decoding run's `XMLDecoderImpl.maps`.
    case map(Int32)
}

/// A map's entries, as the decoder found them (see `XMLMapCoding`): each key with the nodes of
/// its value, in document order.
internal struct DecodedMap {
    /// The element the entries are in (the wrapper, or the parent of flattened entries), for the
    /// locations in errors.
    let host: Int32
    /// The keys, in document order.
    var keys: [String] = []
    /// The value nodes of each key: the value elements (none when the entry has none), or the
    /// entry itself when the value is its content.
    var values: [String: [Int32]] = [:]
}

/// The nodes of a list: a range of the decoding run's `XMLDecoderImpl.listNodes`, so that an
/// `XMLValue` is plain data (copying one, which the decoder does at every descent, touches no
/// reference count, and a list costs no allocation of its own).
internal struct XMLNodeList {
    let start: Int
    let count: Int
    /// How a list of one element is read (see `Shape`).
    var shape = Shape.plain

    init(start: Int, count: Int, shape: Shape = .plain) {
        self.start = start
        self.count = count
        self.shape = shape
    }

    /// How a list of exactly one element is read where the element may not be the one item.
    ///
    /// Repeated elements named by a key are a list (`<k>1</k><k>2</k>`), but where a value can
    /// also be a wrapped list (`<k><i>1</i><i>2</i></k>`), one element with child elements is
    /// either the one item or the wrapper of the items. The decoder then waits for the first item
    /// to say which (see `XMLUnkeyedDecodingContainer`): a scalar cannot be an element with
    /// children, so the list is wrapped; a keyed item is the element itself when some child or
    /// attribute of the element is one of the item's keys.
    enum Shape: UInt8 {
        /// The elements are the items (a plain array property, a list inside a list).
        case plain
        /// One element with child elements may be a wrapped list
        /// (`nestedUnkeyedContainer(forKey:)`, as XMLCoder reads it).
        case mayBeWrapped
        /// As `mayBeWrapped`, and one element with no content and no attributes is an empty list
        /// (a dictionary's list value: the encoder writes an empty list so, since writing nothing
        /// would lose the key).
        case mayBeWrappedOrEmpty
    }

    /// The list of no nodes.
    static let empty = XMLNodeList(start: 0, count: 0)
}
