// Editing a document model: safe changes to an element's text, attributes and children, and to
// the elements a lookup path selects.
//
// Design: every edit is a method on the value (`XMLTree.Element`, `XMLTree`) that either does what
// it says or throws — never traps. Positions are checked (`EditError.indexOutOfRange`), and a path
// that misses throws the same `LookupFailure` a `Selection` gives for it, naming the step that
// missed. Edits do not check names or characters as they are made: a tree being edited may be
// briefly invalid (a name being typed in, say), and writing it checks everything
// (`XMLTree.SerializationError`, or the encoder's `EncodingError`), with the path of the offending
// element. For example:
//
//     var tree = try XMLTree(parsing: "<books><book><author>A</author></book><book><author>B</author></book></books>")
//     try tree.modify("books/book[1]/author") { $0.text = "Tjeerd in 't Veen" }
//     try tree.modify("books/book") { $0.attributes["checked"] = "yes" }       // every book
//     try tree.modify("books") { try $0.removeChild(at: 0) }
//     // <books><book checked="yes"><author>Tjeerd in 't Veen</author></book></books>
//
// A path is the one `Selection.path` prints: steps separated by `/`, each a name (as written, or
// `{uri}local`) with an optional `[index]`. A name step selects the children with that name of
// every element selected so far, an index step picks one of them — exactly the subscripts
// `tree["books"]["book"][1]["author"]` — and `modify` changes every element the path selects, in
// document order. Selections are worked out first as positions in the tree, then each selected
// element is changed in place (copy-on-write: only the path down to it is copied).

extension XMLTree {
    /// Why an edit could not be made.
    public struct EditError: Error, Sendable, Hashable, CustomStringConvertible, LocatedError {
        /// What went wrong.
        public enum Reason: Sendable, Hashable, LocatedErrorReason {
            /// A position outside the element's children (`0..<count`, or `0...count` to insert).
            case indexOutOfRange(index: Int, count: Int)
            /// A lookup path that cannot be read (an empty step, an index that is not a number,
            /// an unclosed `[` or `{`).
            case invalidPath(String)

            /// What went wrong, as a sentence (the description adds the element).
            var message: String {
                switch self {
                case .indexOutOfRange(let index, let count):
                    return
                        "position \(index) is out of range: the element has \(count) child node\(count == 1 ? "" : "s")"
                case .invalidPath(let why):
                    return "not a lookup path: " + why
                }
            }
        }

        /// What went wrong.
        public let reason: Reason
        /// The element whose children were edited (its name), or the path that cannot be read.
        public let path: String

        /// The error as a sentence, prefixed with the path of the element (`catalog/book[1]: …`), or the
        /// reason alone when the path is empty.
        public var description: String { locatedDescription }

        /// Creates an error.
        public init(reason: Reason, path: String) {
            self.reason = reason
            self.path = path
        }
    }
}

extension XMLTree.Element {
    // MARK: Text

    /// Replaces the element's character data with `text`.
    ///
    /// The text and CDATA children are removed and `text` takes the place of the first of them
    /// (or goes at the end when there was none); child elements, comments and processing
    /// instructions stay where they are. An empty `text` only removes. This is what setting
    /// ``text`` does:
    ///
    /// ```swift
    /// var price = XMLTree.Element("price", attributes: ["currency": "EUR"], text: "39.99")
    /// price.text = "35.00"          // <price currency="EUR">35.00</price>
    /// ```
    public mutating func replaceText(with text: String) {
        let first = children.firstIndex { $0.characterData != nil }
        children.removeAll { $0.characterData != nil }
        guard !text.isEmpty else { return }
        children.insert(.text(text), at: min(first ?? children.count, children.count))
    }

    // MARK: Attributes

    /// Sets an attribute's value: replaces the value of the attribute that matches `name` (by
    /// qualified name, or by namespace URI and local name when `name` has a URI), or appends a new
    /// attribute.
    ///
    /// ```swift
    /// book.setAttribute(XMLTree.Name("xml:lang"), to: "en")
    /// book.setAttribute(XMLTree.Name("dc:id", namespaceURI: "http://purl.org/dc/elements/1.1/"), to: "7")
    /// ```
    ///
    /// (For a plain name, `book.attributes["id"] = "7"` does the same.)
    public mutating func setAttribute(_ name: XMLTree.Name, to value: String) {
        let key = name.namespaceURI.map { "{\($0)}\(name.localName)" } ?? name.qualifiedName
        if let index = attributes.firstIndex(where: { $0.name.matches(key) }) {
            attributes[index].value = value
        } else {
            attributes.append(XMLTree.Attribute(name, value: value))
        }
    }

    /// Removes the attributes that match a name (qualified as written, or `{uri}local`) and
    /// returns the first one's value, or `nil` when there was none.
    @discardableResult
    public mutating func removeAttribute(_ name: String) -> String? {
        let value = attributes[name]
        attributes.removeAll { $0.name.matches(name) }
        return value
    }

    // MARK: Children

    /// Appends a node (an element, text, CDATA, a comment, a processing instruction) to the content.
    public mutating func append(_ node: XMLTree.Node) {
        children.append(node)
    }

    /// Appends a child element.
    ///
    /// ```swift
    /// book.append(XMLTree.Element("year", text: "2017"))
    /// ```
    public mutating func append(_ element: XMLTree.Element) {
        children.append(.element(element))
    }

    /// Inserts a node at a position of ``children`` (`0...children.count`).
    ///
    /// - Throws: ``XMLTree/EditError`` when the position is out of range (nothing changes).
    public mutating func insert(_ node: XMLTree.Node, at position: Int) throws(XMLTree.EditError) {
        guard position >= 0, position <= children.count else {
            throw XMLTree.EditError(
                reason: .indexOutOfRange(index: position, count: children.count), path: name.qualifiedName)
        }
        children.insert(node, at: position)
    }

    /// Inserts a node before the child element with a name (the `occurrence`-th one, from 0), or
    /// appends it when there is no such element.
    ///
    /// ```swift
    /// try book.insert(.element(XMLTree.Element("subtitle", text: "2nd edition")), beforeElement: "author")
    /// ```
    ///
    /// - Returns: the position the node was inserted at.
    @discardableResult
    public mutating func insert(_ node: XMLTree.Node, beforeElement name: String, occurrence: Int = 0) -> Int {
        let position = childPosition(ofElement: name, occurrence: occurrence) ?? children.count
        children.insert(node, at: position)
        return position
    }

    /// The position in ``children`` of the child element with a name (its `occurrence`-th one,
    /// from 0), or `nil`.
    public func childPosition(ofElement name: String, occurrence: Int = 0) -> Int? {
        var seen = 0
        for (position, child) in children.enumerated() {
            guard case .element(let element) = child, element.name.matches(name) else { continue }
            if seen == occurrence { return position }
            seen += 1
        }
        return nil
    }

    /// Replaces the node at a position of ``children``.
    ///
    /// - Returns: the node that was there.
    /// - Throws: ``XMLTree/EditError`` when the position is out of range (nothing changes).
    @discardableResult
    public mutating func replaceChild(at position: Int, with node: XMLTree.Node) throws(XMLTree.EditError)
        -> XMLTree.Node
    {
        guard children.indices.contains(position) else {
            throw XMLTree.EditError(
                reason: .indexOutOfRange(index: position, count: children.count), path: name.qualifiedName)
        }
        let old = children[position]
        children[position] = node
        return old
    }

    /// Removes the node at a position of ``children``.
    ///
    /// - Returns: the node removed.
    /// - Throws: ``XMLTree/EditError`` when the position is out of range (nothing changes).
    @discardableResult
    public mutating func removeChild(at position: Int) throws(XMLTree.EditError) -> XMLTree.Node {
        guard children.indices.contains(position) else {
            throw XMLTree.EditError(
                reason: .indexOutOfRange(index: position, count: children.count), path: name.qualifiedName)
        }
        return children.remove(at: position)
    }

    /// Removes the child elements with a name (as written, or `{uri}local`).
    ///
    /// ```swift
    /// book.removeElements(named: "note")
    /// ```
    ///
    /// - Returns: how many were removed.
    @discardableResult
    public mutating func removeElements(named name: String) -> Int {
        removeChildren { $0.element?.name.matches(name) == true }
    }

    /// Removes the child nodes for which `predicate` is true.
    ///
    /// ```swift
    /// element.removeChildren { if case .comment = $0 { true } else { false } }
    /// ```
    ///
    /// - Returns: how many were removed.
    @discardableResult
    public mutating func removeChildren(where predicate: (XMLTree.Node) throws -> Bool) rethrows -> Int {
        let count = children.count
        try children.removeAll(where: predicate)
        return count - children.count
    }

    // MARK: Paths

    /// Changes every element a lookup path selects below this element (see ``XMLTree/modify(_:_:)``,
    /// whose path starts with the root's name; this one starts with a child's).
    ///
    /// ```swift
    /// try book.modify("author") { $0.text = "Jon Hoffman" }
    /// ```
    ///
    /// - Returns: how many elements were changed (at least one).
    /// - Throws: ``XMLTree/LookupFailure`` for the step that missed, ``XMLTree/EditError`` for a
    ///   path that cannot be read, or what `body` throws (elements changed before it stay changed).
    @discardableResult
    public mutating func modify(_ path: String, _ body: (inout XMLTree.Element) throws -> Void) throws -> Int {
        let steps = try XMLTree.PathStep.parse(path)
        let locations = try locate(steps, from: [[]], path: name.qualifiedName)
        for location in locations { try modify(at: location[...], body) }
        return locations.count
    }

    /// The positions (child indices from this element) of the elements `steps` select.
    fileprivate func locate(_ steps: [XMLTree.PathStep], from start: [[Int]], path start0: String) throws(XMLTree
        .LookupFailure) -> [[Int]]
    {
        var selected = start
        var path = start0
        for step in steps {
            var found: [[Int]] = []
            for location in selected {
                let parent = element(at: location[...])
                for (position, child) in parent.children.enumerated() {
                    if case .element(let element) = child, element.name.matches(step.name) {
                        found.append(location + [position])
                    }
                }
            }
            guard !found.isEmpty else { throw XMLTree.LookupFailure(reason: .noChildElement(step.name), path: path) }
            path = path.isEmpty ? step.name : path + "/" + step.name
            if let index = step.index {
                guard found.indices.contains(index) else {
                    throw XMLTree.LookupFailure(reason: .indexOutOfRange(index: index, count: found.count), path: path)
                }
                found = [found[index]]
                path += "[\(index)]"
            }
            selected = found
        }
        return selected
    }

    /// The element at a location found by `locate` (which only holds positions of elements).
    private func element(at location: ArraySlice<Int>) -> XMLTree.Element {
        var current = self
        for position in location {
            guard case .element(let child) = current.children[position] else { return current }
            current = child
        }
        return current
    }

    /// Runs `body` on the element at a location found by `locate`, in place.
    fileprivate mutating func modify(at location: ArraySlice<Int>, _ body: (inout XMLTree.Element) throws -> Void)
        throws
    {
        guard let position = location.first else { return try body(&self) }
        guard case .element(var child) = children[position] else { return }
        // Take the child out so that it is changed in place, not copied.
        children[position] = .text("")
        defer { children[position] = .element(child) }
        try child.modify(at: location.dropFirst(), body)
    }
}

extension XMLTree {
    /// Changes every element a lookup path selects, in document order.
    ///
    /// The path is the one ``Selection/path`` prints, starting with the root's name:
    ///
    /// ```swift
    /// var tree = try XMLTree(parsing: data)
    /// try tree.modify("books/book[1]/author") { $0.text = "Tjeerd in 't Veen" }
    /// try tree.modify("books/book") { $0.attributes["checked"] = "yes" }     // every book
    /// try tree.modify("books/book[0]") { try $0.removeChild(at: 0) }
    /// ```
    ///
    /// Edits are not checked as they are made; writing the tree checks names and characters
    /// (``SerializationError``).
    ///
    /// - Returns: how many elements were changed (at least one).
    /// - Throws: ``LookupFailure`` naming the step that missed (the same failure the subscripts
    ///   give for that path: nothing is changed), ``EditError`` for a path that cannot be read, or
    ///   what `body` throws (elements changed before it stay changed).
    @discardableResult
    public mutating func modify(_ path: String, _ body: (inout Element) throws -> Void) throws -> Int {
        let locations = try locate(try PathStep.parse(path))
        for location in locations { try root.modify(at: location[...], body) }
        return locations.count
    }

    /// Removes every element a lookup path selects (not the root).
    ///
    /// ```swift
    /// try tree.removeElements(at: "books/book[0]")
    /// ```
    ///
    /// - Returns: how many elements were removed (at least one).
    /// - Throws: ``LookupFailure`` naming the step that missed, or ``EditError`` for a path that
    ///   cannot be read or that selects the root.
    @discardableResult
    public mutating func removeElements(at path: String) throws -> Int {
        var steps = try PathStep.parse(path)
        guard steps.count > 1, let last = steps.popLast() else {
            throw EditError(reason: .invalidPath("the root element cannot be removed"), path: path)
        }
        // Locate first (so that a miss changes nothing), then remove from each parent, the
        // last position first, so that the positions still to remove stay valid.
        let selected = try locate(steps + [last])
        for location in selected.sorted(by: { $0.lexicographicallyPrecedes($1) }).reversed() {
            guard let position = location.last else { continue }
            try root.modify(at: location.dropLast()) { parent in _ = try parent.removeChild(at: position) }
        }
        return selected.count
    }

    /// The positions (child indices from the root) of the elements a path's steps select, the
    /// first step naming the root.
    private func locate(_ steps: [PathStep]) throws(LookupFailure) -> [[Int]] {
        guard let first = steps.first, root.name.matches(first.name) else {
            throw LookupFailure(
                reason: .rootNameMismatch(expected: steps.first?.name ?? "", found: root.name.qualifiedName), path: "")
        }
        var rootPath = first.name
        if let index = first.index {
            guard index == 0 else {
                throw LookupFailure(reason: .indexOutOfRange(index: index, count: 1), path: rootPath)
            }
            rootPath += "[0]"
        }
        return try root.locate(Array(steps.dropFirst()), from: [[]], path: rootPath)
    }

    /// One step of a lookup path: a name and an optional index.
    struct PathStep {
        var name: String
        var index: Int?

        /// The steps of a path like `books/book[1]/author` (`/` inside `{…}` belongs to a URI, also
        /// in an attribute step `@{uri}local`, which the typed accessors' paths end with).
        static func parse(_ path: String) throws(EditError) -> [PathStep] {
            var steps: [PathStep] = []
            var current = ""
            var braces = false
            func finish() throws(EditError) {
                var name = current
                var index: Int?
                if !braces, name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                    let digits = name[name.index(after: open)..<name.index(before: name.endIndex)]
                    guard let number = Int(digits), number >= 0 else {
                        throw EditError(reason: .invalidPath("\"\(digits)\" is not an index"), path: path)
                    }
                    index = number
                    name = String(name[..<open])
                }
                guard !name.isEmpty, !braces else {
                    throw EditError(reason: .invalidPath(braces ? "an unclosed \"{\"" : "an empty step"), path: path)
                }
                steps.append(PathStep(name: name, index: index))
                current = ""
            }
            for character in path {
                switch character {
                case "{" where current.isEmpty || current == "@": braces = true
                case "}": braces = false
                case "/" where !braces:
                    try finish()
                    continue
                default: break
                }
                current.append(character)
            }
            try finish()
            return steps
        }
    }
}
