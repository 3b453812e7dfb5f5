// XMLTree.Attribute: one attribute of a document-model element, a name and a value.
//
// Design: a plain value, so an element's attributes are an ordered collection of them
// (`XMLTree.Attributes`) that keeps document order. For `<book xml:lang="en">` read from a
// document, the attribute's name is `xml:lang` with the XML namespace URI, and its value "en"
// (references replaced and the value normalized, as the reader reports it).

extension XMLTree {
    /// One attribute: its name and its value (references replaced, as the reader normalizes it).
    public struct Attribute: Sendable, Hashable {
        /// The attribute's name.
        public var name: Name
        /// The attribute's value.
        public var value: String

        /// Creates an attribute.
        public init(_ name: Name, value: String) {
            self.name = name
            self.value = value
        }
    }
}
