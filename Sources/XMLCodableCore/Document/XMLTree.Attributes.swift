// XMLTree.Attributes: an element's attributes (XMLTree.Attribute values), in order, looked up by name.

extension XMLTree {
    /// An element's attributes, in the order they were parsed or given, with lookup by name.
    ///
    /// A dictionary literal keeps its order: `["id": "7", "lang": "en"]` writes `id` before `lang`.
    ///
    /// ```swift
    /// var attributes: XMLTree.Attributes = ["name": "Mastering Swift"]
    /// attributes["name"]            // "Mastering Swift"
    /// attributes["year"] = "2017"   // appended
    /// attributes["name"] = nil      // removed
    /// ```
    public struct Attributes: RandomAccessCollection, MutableCollection, Sendable, Hashable,
        ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
    {
        private var storage: [Attribute]

        /// Creates a list of attributes, in order.
        public init(_ attributes: [Attribute] = []) {
            storage = attributes
        }

        /// Creates attributes from a dictionary literal, in the literal's order.
        public init(dictionaryLiteral elements: (Name, String)...) {
            storage = elements.map { Attribute($0.0, value: $0.1) }
        }

        /// Creates attributes from an array literal of attributes.
        public init(arrayLiteral elements: Attribute...) {
            storage = elements
        }

        /// The position of the first attribute.
        public var startIndex: Int { storage.startIndex }
        /// The position after the last attribute.
        public var endIndex: Int { storage.endIndex }

        /// The attribute at a position.
        public subscript(position: Int) -> Attribute {
            get { storage[position] }
            set { storage[position] = newValue }
        }

        /// The value of the attribute with a name, or `nil` if there is none. Setting a value
        /// replaces the attribute's value in place or appends a new attribute; setting `nil` removes it.
        ///
        /// `name` is the qualified name as written, or `"{uri}local"` to match a namespaced
        /// attribute by URI whatever its prefix.
        public subscript(name: String) -> String? {
            get { storage.first { $0.name.matches(name) }?.value }
            set {
                let index = storage.firstIndex { $0.name.matches(name) }
                switch (index, newValue) {
                case (let index?, let value?): storage[index].value = value
                case (let index?, nil): storage.remove(at: index)
                case (nil, let value?): storage.append(Attribute(Name(name), value: value))
                case (nil, nil): break
                }
            }
        }

        /// Appends an attribute (it does not replace one of the same name).
        public mutating func append(_ attribute: Attribute) {
            storage.append(attribute)
        }

        /// Removes the attributes for which `predicate` is true.
        public mutating func removeAll(where predicate: (Attribute) throws -> Bool) rethrows {
            try storage.removeAll(where: predicate)
        }
    }
}
