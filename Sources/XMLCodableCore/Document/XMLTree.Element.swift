// XMLTree.Element: an element with its attributes and content, as a value.

extension XMLTree {
    /// An element: its name, its attributes in order, and its content in order.
    ///
    /// Build one with a result builder, where elements, strings (text) and nodes can be listed:
    ///
    /// ```swift
    /// let book = XMLTree.Element("book", attributes: ["name": "Mastering Swift"]) {
    ///     XMLTree.Element("author", text: "Jon Hoffman")
    ///     XMLTree.Element("price", attributes: ["currency": "EUR"], text: "39.99")
    ///     XMLTree.Node.comment("second edition")
    /// }
    /// ```
    ///
    /// Look things up with ``subscript(_:)``, which selects the child elements with a name and
    /// never traps, with ``attributes`` by name, and read the element's own text with ``text``.
    public struct Element: Sendable, Hashable {
        /// The element's name.
        public var name: Name
        /// The element's attributes, in order (namespace declarations included, as `xmlns` and
        /// `xmlns:prefix` attributes).
        public var attributes: Attributes
        /// The element's content: elements, text, CDATA sections, comments and processing
        /// instructions, in document order.
        public var children: [Node]

        /// Creates an element from its parts.
        ///
        /// - Parameters:
        ///   - name: the element's name; a string literal works (`"book"`).
        ///   - attributes: its attributes, in the order to write them.
        ///   - children: its content, in order.
        public init(_ name: Name, attributes: Attributes = [], children: [Node] = []) {
            self.name = name
            self.attributes = attributes
            self.children = children
        }

        /// Creates an element whose content is one text node (none when `text` is empty).
        ///
        /// - Parameters:
        ///   - name: the element's name.
        ///   - attributes: its attributes, in order.
        ///   - text: its text.
        public init(_ name: Name, attributes: Attributes = [], text: String) {
            self.init(name, attributes: attributes, children: text.isEmpty ? [] : [.text(text)])
        }

        /// Creates an element whose content is listed in a ``XMLTree/Builder`` block.
        ///
        /// - Parameters:
        ///   - name: the element's name.
        ///   - attributes: its attributes, in order.
        ///   - content: the content: elements, strings (text) and nodes, in order.
        public init(_ name: Name, attributes: Attributes = [], @Builder content: () -> [Node]) {
            self.init(name, attributes: attributes, children: content())
        }

        /// The element's own character data: its text and CDATA children joined, in order
        /// (the text of child elements is not included). Setting it replaces them with one text
        /// node and keeps the rest of the content: see ``replaceText(with:)``.
        public var text: String {
            get {
                var text = ""
                for child in children {
                    if let data = child.characterData { text += data }
                }
                return text
            }
            set { replaceText(with: newValue) }
        }

        /// The child elements, in order.
        public var elements: [Element] {
            children.compactMap(\.element)
        }

        /// Selects the child elements with a name.
        ///
        /// `name` is a qualified name as written, or `"{uri}local"` to match by namespace URI
        /// whatever the prefix. No match gives an empty selection that says why.
        public subscript(name: String) -> Selection {
            Selection(elements: [self], path: self.name.qualifiedName)[name]
        }
    }
}
