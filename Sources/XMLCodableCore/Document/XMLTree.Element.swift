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
    public struct Element: Sendable, Hashable, CustomReflectable {
        /// The element's parts as values, or where they are in a parsed document's store (see
        /// XMLTree.Store.swift): a parsed element becomes values only when it is changed.
        internal enum Storage: Sendable {
            case parts(Parts)
            case stored(Store, Int32)
            /// Only while a `_modify` accessor holds the parts (so that they are not shared).
            case moved
        }

        internal struct Parts: Sendable {
            var name: Name
            var attributes: Attributes
            var children: [Node]
        }

        internal var storage: Storage

        /// An element of a parsed document.
        internal init(store: Store, node: Int32) {
            storage = .stored(store, node)
        }

        /// Creates an element from its parts.
        ///
        /// - Parameters:
        ///   - name: the element's name; a string literal works (`"book"`).
        ///   - attributes: its attributes, in the order to write them.
        ///   - children: its content, in order.
        public init(_ name: Name, attributes: Attributes = [], children: [Node] = []) {
            storage = .parts(Parts(name: name, attributes: attributes, children: children))
        }

        /// The element's name.
        public var name: Name {
            get {
                switch storage {
                case .parts(let parts): return parts.name
                case .stored(let store, let node): return store.name(of: node)
                case .moved: return Name("")
                }
            }
            set { modifyParts { $0.name = newValue } }
        }

        /// The element's attributes, in order (namespace declarations included, as `xmlns` and
        /// `xmlns:prefix` attributes).
        public var attributes: Attributes {
            get {
                switch storage {
                case .parts(let parts): return parts.attributes
                case .stored(let store, let node): return store.attributes(of: node)
                case .moved: return Attributes()
                }
            }
            set { modifyParts { $0.attributes = newValue } }
            _modify {
                var parts = takeParts()
                defer { storage = .parts(parts) }
                yield &parts.attributes
            }
        }

        /// The element's content: elements, text, CDATA sections, comments and processing
        /// instructions, in document order.
        public var children: [Node] {
            get {
                switch storage {
                case .parts(let parts): return parts.children
                case .stored(let store, let node): return store.children(of: node)
                case .moved: return []
                }
            }
            set { modifyParts { $0.children = newValue } }
            _modify {
                var parts = takeParts()
                defer { storage = .parts(parts) }
                yield &parts.children
            }
        }

        /// The parts as values, leaving `.moved` behind, so that the caller holds the only
        /// reference to their arrays and can change them in place.
        private mutating func takeParts() -> Parts {
            switch storage {
            case .parts(let parts):
                storage = .moved
                return parts
            case .stored(let store, let node):
                return Parts(
                    name: store.name(of: node), attributes: store.attributes(of: node),
                    children: store.children(of: node))
            case .moved:
                return Parts(name: Name(""), attributes: Attributes(), children: [])
            }
        }

        private mutating func modifyParts(_ change: (inout Parts) -> Void) {
            var parts = takeParts()
            change(&parts)
            storage = .parts(parts)
        }

        /// Where the element was in the document it was parsed from: the position of its name in
        /// its start tag (one column after the `<`, as the decoder's errors give it); `nil` for an
        /// element built in code, made by `XMLEncoder.encodeToTree`, or changed since (its children
        /// keep theirs).
        ///
        /// An element that came from an entity's replacement text is located at the entity's
        /// declaration.
        ///
        /// ```swift
        /// let tree = try XMLTree(parsing: "<books>\n  <book/>\n</books>")
        /// tree["books"]["book"].element?.sourceLocation?.description   // "2:4"
        /// ```
        public var sourceLocation: SourceLocation? {
            guard case .stored(let store, let node) = storage else { return nil }
            return store.location(ofElement: node)
        }

        /// Where an attribute of the element was in the document it was parsed from (its name;
        /// a default from the DTD is located at the element); `nil` when the element has no such
        /// attribute or was built in code or changed since.
        ///
        /// - Parameter name: the attribute's qualified name, or `"{uri}local"`.
        public func sourceLocation(ofAttribute name: String) -> SourceLocation? {
            guard case .stored(let store, let node) = storage else { return nil }
            guard let position = store.attributes(of: node).firstIndex(where: { $0.name.matches(name) }) else {
                return nil
            }
            return store.location(ofAttribute: position, of: node)
        }

        public static func == (lhs: Element, rhs: Element) -> Bool {
            if case .stored(let left, let leftNode) = lhs.storage, case .stored(let right, let rightNode) = rhs.storage,
                left === right,
                leftNode == rightNode
            {
                return true
            }
            return lhs.name == rhs.name && lhs.attributes == rhs.attributes && lhs.children == rhs.children
        }

        /// The element as its name, attributes and children, whichever way it is stored (for
        /// `dump`, debuggers and test failure messages).
        public var customMirror: Mirror {
            Mirror(
                self, children: ["name": name, "attributes": attributes, "children": children], displayStyle: .struct)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(attributes)
            hasher.combine(children)
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
                if case .stored(let store, let node) = storage { return store.text(of: node) }
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
            if case .stored(let store, let node) = storage {
                var elements: [Element] = []
                store.forEachChildElement(of: node) { elements.append(Element(store: store, node: $0)) }
                return elements
            }
            return children.compactMap(\.element)
        }

        /// Calls `body` with the child elements whose name matches a lookup key, in order,
        /// without making the element's other children.
        internal func forEachChildElement(matching key: String, _ body: (Element) -> Void) {
            if case .stored(let store, let node) = storage {
                store.forEachChildElement(of: node) { child in
                    if store.name(of: child, matches: key) { body(Element(store: store, node: child)) }
                }
                return
            }
            for case .element(let child) in children where child.name.matches(key) { body(child) }
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
