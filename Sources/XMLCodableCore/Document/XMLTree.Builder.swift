// XMLTree.Builder: the result builder for element content.

extension XMLTree {
    /// Builds an element's content from a list of elements, strings (text) and nodes, with `if`,
    /// `switch` and `for` as usual in a result builder.
    ///
    /// ```swift
    /// let catalog = XMLTree.Element("books") {
    ///     for book in books {
    ///         XMLTree.Element("book", attributes: ["name": book.name]) {
    ///             XMLTree.Element("author", text: book.author)
    ///             if let note = book.note { XMLTree.Node.comment(note) }
    ///         }
    ///     }
    /// }
    /// ```
    @resultBuilder
    public enum Builder {
        /// An element becomes an element node.
        public static func buildExpression(_ element: Element) -> [Node] { [.element(element)] }
        /// A string becomes a text node (none when it is empty).
        public static func buildExpression(_ text: String) -> [Node] { text.isEmpty ? [] : [.text(text)] }
        /// A node is kept as it is.
        public static func buildExpression(_ node: Node) -> [Node] { [node] }
        /// A list of nodes is kept in order.
        public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
        /// A list of elements becomes element nodes, in order.
        public static func buildExpression(_ elements: [Element]) -> [Node] { elements.map(Node.element) }
        /// The statements of a block, in order.
        public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
        /// An `if` without `else`.
        public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
        /// The first branch of an `if`/`else` or `switch`.
        public static func buildEither(first part: [Node]) -> [Node] { part }
        /// The second branch of an `if`/`else` or `switch`.
        public static func buildEither(second part: [Node]) -> [Node] { part }
        /// A `for` loop.
        public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
        /// An `if #available` block.
        public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
    }
}
