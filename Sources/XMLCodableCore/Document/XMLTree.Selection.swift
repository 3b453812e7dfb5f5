// XMLTree.Selection: the result of a lookup — the elements found, or why there are none.
//
// Lookups chain (`tree["books"]["book"][1]["author"]`), so a selection carries the path it was
// reached by, and the first failure travels down the chain unchanged: the reason printed at the
// end names the step that actually missed.

extension XMLTree {
    /// The elements a lookup found, in document order, or — when it found none — why.
    ///
    /// Selections come from subscripts on ``XMLTree``, ``Element`` and other selections, and chain
    /// without ever trapping:
    ///
    /// ```swift
    /// let author = tree["books"]["book"][1]["author"]
    /// author.text                 // the first match's text, or nil
    /// author.failure?.description // e.g. "books/book[1]: no child element <author>"
    /// let element = try author.require()   // or throw the failure
    /// ```
    ///
    /// A name step selects the children with that name of every selected element; an index step
    /// picks one of the selected elements.
    public struct Selection: Sequence, Sendable, Hashable {
        /// The selected elements, in document order.
        public let elements: [Element]
        /// Why the selection is empty, when it is.
        public let failure: LookupFailure?
        /// The lookup path so far, like `books/book[1]/author`.
        public let path: String

        init(elements: [Element], path: String) {
            self.elements = elements
            self.path = path
            failure = nil
        }

        init(failure: LookupFailure) {
            elements = []
            path = failure.path
            self.failure = failure
        }

        /// The first selected element, or `nil`.
        public var element: Element? { elements.first }
        /// How many elements are selected.
        public var count: Int { elements.count }
        /// Whether nothing is selected.
        public var isEmpty: Bool { elements.isEmpty }
        /// The text of the first selected element (see ``Element/text``), or `nil` if there is none.
        public var text: String? { elements.first?.text }
        /// The attributes of the first selected element; empty if there is none.
        public var attributes: Attributes { elements.first?.attributes ?? [] }

        /// Selects the child elements with a name, of every selected element.
        ///
        /// `name` is a qualified name as written, or `"{uri}local"` to match by namespace URI.
        public subscript(name: String) -> Selection {
            if failure != nil { return self }
            var found: [Element] = []
            for element in elements {
                element.forEachChildElement(matching: name) { found.append($0) }
            }
            if found.isEmpty {
                return Selection(failure: LookupFailure(reason: .noChildElement(name), path: path))
            }
            return Selection(elements: found, path: path.isEmpty ? name : path + "/" + name)
        }

        /// Selects the element at a position of the selection (0 is the first).
        ///
        /// An index out of range gives an empty selection that says so.
        public subscript(index: Int) -> Selection {
            if failure != nil { return self }
            guard elements.indices.contains(index) else {
                return Selection(
                    failure: LookupFailure(reason: .indexOutOfRange(index: index, count: elements.count), path: path))
            }
            return Selection(elements: [elements[index]], path: "\(path)[\(index)]")
        }

        /// The first selected element.
        ///
        /// - Throws: the ``LookupFailure`` that explains why nothing is selected.
        public func require() throws(LookupFailure) -> Element {
            if let element = elements.first { return element }
            throw failure ?? LookupFailure(reason: .noChildElement("*"), path: path)
        }

        /// An iterator over the selected elements.
        public func makeIterator() -> IndexingIterator<[Element]> {
            elements.makeIterator()
        }
    }
}
