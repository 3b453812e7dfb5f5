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
    case elements([Int32])
}
