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
}

/// The nodes of a list: a range of the decoding run's `XMLDecoderImpl.listNodes`, so that an
/// `XMLValue` is plain data (copying one, which the decoder does at every descent, touches no
/// reference count, and a list costs no allocation of its own).
internal struct XMLNodeList {
    let start: Int
    let count: Int

    /// The list of no nodes.
    static let empty = XMLNodeList(start: 0, count: 0)
}
