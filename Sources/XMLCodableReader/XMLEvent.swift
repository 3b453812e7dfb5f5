// XMLEvent: the events the pull reader yields; the light views they carry are XMLSlice, XMLName and
// XMLAttribute (each in its own file).
//
// Nothing here owns text. An `XMLSlice` is a byte range in one of the reader's buffers (the
// document itself, or the replacement text of an entity declared in the DTD) plus flags that say
// whether the bytes need decoding (references, line ends, attribute-value normalization). Reading
// every event of a document therefore allocates nothing per element; a `String` is made only when
// you ask the reader for one (`reader.string(slice)`), and names can be compared as bytes
// (`reader.name(name, equals: "book")`) without making one at all.

/// One step of an XML document, as ``XMLReader/next()-96fvi`` yields it.
///
/// An empty-element tag (`<a/>`) yields a ``startElement(_:)`` followed at once by an
/// ``endElement(_:)``. Character data can arrive as several ``text(_:)`` events in a row (for
/// example around an entity reference); concatenate them for the element's text.
public enum XMLEvent: Sendable, Hashable {
    /// A start tag. Its attributes are ``XMLReader/attributes`` until the next call to `next()`.
    case startElement(XMLName)
    /// An end tag (or the end of an empty-element tag).
    case endElement(XMLName)
    /// Character data, which may contain references to decode.
    case text(XMLSlice)
    /// The content of a CDATA section, taken literally.
    case cdata(XMLSlice)
    /// The content of a comment, between `<!--` and `-->`.
    case comment(XMLSlice)
    /// A processing instruction: its target and the data after it (without leading white space).
    case processingInstruction(target: XMLSlice, data: XMLSlice)
    /// The document type declaration; its parts are in ``XMLReader/doctype``.
    case doctype(name: XMLSlice)
}
