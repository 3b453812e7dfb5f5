// XMLWriter+Tree: writing the public document model (XMLTree) with the encoder's writer.
//
// Design: the writer writes stores only (XMLWriter+StoredTree.swift), with the encoder's escaping
// (`appendEscaped`, `appendCDATA`) and its layout rules — pretty printing indents only content
// without character data, `.sortedKeys` sorts attributes and element-only children,
// `.noEmptyElements` — so the same content gives the same bytes whichever way it was built. (Two
// rules only a document model needs: content under `xml:space="preserve"` is never indented, and
// content with no element — only comments or processing instructions — is not either, so that
// indentation is always white space that `removingWhitespaceBetweenElements()` recognises as
// layout.) A stored element (parsed, made by `encodeToTree`, and not changed) is written from its
// own store. An element built or changed in code is first laid out as a store of its own by
// `TreeLayout` (below), through the store builder every store is made with, and checked as it is
// laid out, since nothing checked it when it was built: names, characters, comments, processing
// instructions, duplicate attributes and namespace prefixes, the first failure in document order
// refused with the element's path. The declarations its names need (a name with a namespace URI
// whose prefix is not bound to it in scope) are laid out as attributes after the element's own, so
// that the store writer finds every prefix bound and adds none. A stored element among the values
// is not copied: one node with its name stands for it, and the writer writes it from its own store
// there. A model's usual leaf (an unprefixed name, no attributes, no content or one non-empty
// text, all valid) is laid out at once, without a frame; anything else, and a leaf with a fault,
// takes the general path, which reports the fault. For example, writing
//
//     var tree = try XMLTree(parsing: "<books><book id=\"1\">A</book></books>")
//     let title = XMLTree.Name("dc:title", namespaceURI: "urn:dc")
//     tree.root.children.append(.element(XMLTree.Element(title, text: "B")))
//
// lays out
//
//     arena      books book xmlns:dc urn:dc dc:title B   (an element's attributes before its name)
//     nodes[0]   element books                          has children (1)
//     nodes[1]   element book   (stands for the parsed book)  next sibling 2
//     nodes[2]   element dc:title (namespace urn:dc)   attributes xmlns:dc="urn:dc"  has children (3)
//     nodes[3]   text "B"
//
// and writes `<books><book id="1">A</book><dc:title xmlns:dc="urn:dc">B</dc:title></books>`.
// Elements are laid out and written with explicit stacks (no recursion), so the depth of a tree is
// not limited by the thread's stack.

extension XMLWriter.Formatting {
    init(_ outputFormatting: XMLEncoder.OutputFormatting, _ indentation: XMLEncoder.PrettyPrintIndentation) {
        self.init()
        prettyPrinted = outputFormatting.contains(.prettyPrinted)
        sortedKeys = outputFormatting.contains(.sortedKeys)
        noEmptyElements = outputFormatting.contains(.noEmptyElements)
        compactEmptyElements = outputFormatting.contains(.compactEmptyElements)
        switch indentation {
        case .spaces(let count): self.indentation = Array(repeating: 0x20, count: max(0, count))
        case .tabs(let count): self.indentation = Array(repeating: 0x09, count: max(0, count))
        }
    }
}

extension XMLWriter {
    typealias TreeError = XMLTree.SerializationError

    /// Writes a whole document: declaration, doctype, prologue, root, epilogue.
    mutating func writeDocument(_ tree: XMLTree) throws(TreeError) {
        let namespaceAware = tree.shouldProcessNamespaces
        do throws(PrologError) {
            if let declaration = tree.declaration { try appendDeclaration(declaration, otherEncoding: .writeUTF8) }
            if let doctype = tree.doctype { try appendDoctype(doctype, singleQuotes: true) }
        } catch {
            throw error.serializationError
        }
        for node in tree.prologue {
            try writeMisc(node, namespaceAware: namespaceAware)
            bytes.append(0x0A)
        }
        try writeTree(tree.root, namespaceAware: namespaceAware)
        for node in tree.epilogue {
            bytes.append(0x0A)
            try writeMisc(node, namespaceAware: namespaceAware)
        }
    }

    /// Writes a comment or processing instruction outside the root element.
    private mutating func writeMisc(_ node: XMLTree.Node, namespaceAware: Bool) throws(TreeError) {
        guard node.element == nil, node.characterData == nil else {
            throw TreeError(reason: .contentOutsideRoot, path: "")
        }
        if let reason = Self.problem(with: node, namespaceAware: namespaceAware) {
            throw TreeError(reason: reason, path: "")
        }
        if case .comment(let text) = node {
            append("<!--")
            append(text)
            append("-->")
        } else if case .processingInstruction(let target, let data) = node {
            append("<?")
            append(target)
            if !data.isEmpty {
                bytes.append(0x20)
                // White space right after the target separates it from the data; more of it
                // would be lost on reading, and none is needed.
                append(data)
            }
            append("?>")
        }
    }

    /// Why a text, CDATA, comment or processing-instruction node cannot be written, if it cannot.
    static func problem(with node: XMLTree.Node, namespaceAware: Bool) -> TreeError.Reason? {
        switch node {
        case .element:
            return nil
        case .text(let text), .cdata(let text):
            return XMLTreeValidation.invalidCharacter(in: text).map { .invalidCharacter($0) }
        case .comment(let text):
            if let bad = XMLTreeValidation.invalidCharacter(in: text) { return .invalidCharacter(bad) }
            if contains(text, "--") || text.utf8.last == UInt8(ascii: "-") { return .invalidComment(text) }
            return nil
        case .processingInstruction(let target, let data):
            guard isName(target, namespaceAware: namespaceAware), !(namespaceAware && contains(target, ":")),
                !target.utf8.elementsEqual("xml".utf8, by: { $0 | 0x20 == $1 })
            else {
                return .invalidName(target)
            }
            if let bad = XMLTreeValidation.invalidCharacter(in: data) { return .invalidCharacter(bad) }
            if contains(data, "?>") { return .invalidProcessingInstruction(data) }
            return nil
        }
    }

    /// Whether `string` contains `pattern`, compared as UTF-8 bytes. (`String.contains` compares
    /// characters: a `-` followed by a combining mark is not a `-` there, but it is in XML.)
    static func contains(_ string: String, _ pattern: StaticString) -> Bool {
        let needle = pattern.withUTF8Buffer { Array($0) }
        let bytes = Array(string.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Whether a string is an XML name: a QName (at most one colon, not first or last) when
    /// namespaces are processed, any Name (colons anywhere) when they are not.
    static func isName(_ name: String, namespaceAware: Bool) -> Bool {
        if namespaceAware || !contains(name, ":") { return XMLTreeValidation.isValidName(name) }
        guard let first = name.unicodeScalars.first, isNameStartScalar(first.value) else { return false }
        return name.unicodeScalars.allSatisfy { isNameScalar($0.value) }
    }

    /// Writes an element and everything inside it: a stored element from its store, one built or
    /// changed in code laid out as a store first (`TreeLayout`, below), checked as it is laid out.
    ///
    /// - Parameter namespaceAware: whether names are checked as Namespaces 1.0 QNames with
    ///   declared prefixes (and missing declarations added); when `false`, a colon is an ordinary
    ///   name character and `xmlns` attributes are ordinary attributes.
    mutating func writeTree(_ root: XMLTree.Element, namespaceAware: Bool = true) throws(TreeError) {
        var bindings: Bindings = [("xml", ReservedNamespace.xml)]
        if case .stored(let store, let node) = root.storage, Self.writesFromStore(store, namespaceAware: namespaceAware)
        {
            writeStored(store, node, depth: 0, preserve: false, bindings: &bindings, namespaceAware: namespaceAware)
            return
        }
        let laidOut = try Self.laidOut(root, namespaceAware: namespaceAware)
        writeStored(
            laidOut.store, 0, depth: 0, preserve: false, bindings: &bindings, namespaceAware: namespaceAware,
            references: laidOut.references)
    }

    /// An element built or changed in code laid out as a store and checked (`TreeLayout`, below),
    /// and the nodes in it that stand for stored elements among its values.
    ///
    /// - Parameters:
    ///   - element: the element; not a stored element its store's maker checked (that one is
    ///     written from its own store).
    ///   - bindings: the namespace bindings in scope around it (the encoder's, for a model's
    ///     subtree; `xml` alone for a tree).
    ///   - contentOnly: lay out only its content, under an element whose name and attributes are
    ///     not its own (a model's `[XMLTree.Node]` property, written into an element the encoder
    ///     made): the element's own name and attributes are neither checked nor laid out.
    ///   - refusingMarkup: a comment or processing instruction ends the layout, its element's
    ///     path the result's `markupPath` (the encoder cannot write them in a subtree, and says so
    ///     in its own words); what was laid out before it is the store.
    static func laidOut(
        _ element: XMLTree.Element, namespaceAware: Bool = true, bindings: Bindings = [("xml", ReservedNamespace.xml)],
        contentOnly: Bool = false, refusingMarkup: Bool = false
    ) throws(TreeError) -> LaidOutTree {
        var layout = TreeLayout(
            element, namespaceAware: namespaceAware, bindings: bindings, contentOnly: contentOnly,
            refusingMarkup: refusingMarkup)
        try layout.add()
        let references = layout.references
        let markupPath = layout.markupPath
        return LaidOutTree(store: try layout.store(), references: references, markupPath: markupPath)
    }

    /// Values laid out as a store (`laidOut`).
    struct LaidOutTree {
        let store: XMLTree.Store
        /// The nodes that stand for a stored element of another store, by number.
        let references: [Int32: (store: XMLTree.Store, node: Int32)]
        /// The path of the element holding the comment or processing instruction that ended a
        /// layout refusing them.
        let markupPath: String?
    }

    /// Checks an element's names and attribute values, pushes its namespace bindings, and returns
    /// the attributes to write (its own, then the declarations its names need), in that order.
    /// (The encoder checks the subtrees a model holds with it too: XMLEncoderImpl+Subtrees.swift.)
    static func checkedAttributes(
        of element: XMLTree.Element, bindings: inout [(prefix: String, uri: String)], namespaceAware: Bool
    ) throws(TreeError) -> [XMLTree.Attribute] {
        let name = element.name
        let elementPrefix = name.prefix
        guard isName(name.qualifiedName, namespaceAware: namespaceAware),
            // Elements must not have the prefix xmlns; an element named just "xmlns" is fine.
            !namespaceAware || elementPrefix != "xmlns"
        else {
            throw TreeError(reason: .invalidName(name.qualifiedName), path: "")
        }
        var attributes = Array(element.attributes)
        if !namespaceAware {
            let duplicate = firstDuplicate(attributes.count) { attributes[$0].name.qualifiedName }
            for (position, attribute) in attributes.enumerated() {
                let qualified = attribute.name.qualifiedName
                guard isName(qualified, namespaceAware: false) else {
                    throw TreeError(reason: .invalidName(qualified), path: "")
                }
                if let bad = XMLTreeValidation.invalidCharacter(in: attribute.value) {
                    throw TreeError(reason: .invalidCharacter(bad), path: "")
                }
                if position == duplicate { throw TreeError(reason: .duplicateAttribute(qualified), path: "") }
            }
            return attributes
        }
        let scopeStart = bindings.count
        // Each attribute's prefix, found once ("" for none); a declaration's is "xmlns".
        var prefixes: [String] = []
        prefixes.reserveCapacity(attributes.count)
        // The element's own declarations come first: its names resolve against them.
        for attribute in attributes {
            let qualified = attribute.name.qualifiedName
            guard XMLTreeValidation.isValidName(qualified) else {
                throw TreeError(reason: .invalidName(qualified), path: "")
            }
            if let bad = XMLTreeValidation.invalidCharacter(in: attribute.value) {
                throw TreeError(reason: .invalidCharacter(bad), path: "")
            }
            let prefix = attribute.name.prefix ?? ""
            prefixes.append(prefix)
            if qualified == "xmlns" {
                bindings.append(("", attribute.value))
            } else if prefix == "xmlns" {
                bindings.append((attribute.name.localName, attribute.value))
            }
        }
        // Prefixes and URIs compare as code points (bytes), as Namespaces 1.0 compares them.
        func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
        func bound(_ prefix: String) -> String? {
            bindings.last { same($0.prefix, prefix) }?.uri
        }
        // Declarations the names need.
        var added: [XMLTree.Attribute] = []
        func require(_ prefix: String, _ uri: String?, isAttribute: Bool) throws(TreeError) {
            if prefix == "xml" { return }
            guard let uri else {
                if !prefix.isEmpty, bound(prefix) == nil {
                    throw TreeError(reason: .undeclaredPrefix(prefix), path: "")
                }
                return
            }
            if prefix.isEmpty && isAttribute {
                throw TreeError(
                    reason: .namespaceConflict(
                        "attribute has namespace URI \"\(uri)\" but no prefix; unprefixed attributes are in no "
                            + "namespace"
                    ), path: "")
            }
            if same(bound(prefix) ?? "", uri) { return }
            if prefix.isEmpty == false, uri.isEmpty {
                throw TreeError(
                    reason: .namespaceConflict("prefix \"\(prefix)\" cannot be bound to an empty namespace URI"),
                    path: "")
            }
            // A binding made on this element already says something else.
            if bindings[scopeStart...].contains(where: { same($0.prefix, prefix) }) {
                throw TreeError(
                    reason: .namespaceConflict("prefix \"\(prefix)\" is bound to two namespace URIs on one element"),
                    path: "")
            }
            bindings.append((prefix, uri))
            added.append(
                XMLTree.Attribute(
                    XMLTree.Name(prefix.isEmpty ? "xmlns" : "xmlns:" + prefix, namespaceURI: ReservedNamespace.xmlns),
                    value: uri))
        }
        try require(elementPrefix ?? "", name.namespaceURI, isAttribute: false)
        for (attribute, prefix) in zip(attributes, prefixes)
        where prefix != "xmlns" && attribute.name.qualifiedName != "xmlns" {
            try require(prefix, attribute.name.namespaceURI, isAttribute: true)
        }
        guard attributes.count + added.count > 1 else { return attributes + added }
        let ownCount = attributes.count
        attributes += added
        // Duplicates, by qualified name and by expanded name (the URI its prefix is bound to and
        // the local name). Names compare as code points (as bytes), not as Swift strings, which
        // would take canonically equivalent spellings for the same name.
        let expanded = attributes.indices.map { position -> String? in
            let prefix = position < ownCount ? prefixes[position] : "xmlns"
            guard !prefix.isEmpty, prefix != "xmlns", let uri = bound(prefix) else { return nil }
            return "{\(uri)}\(attributes[position].name.localName)"
        }
        let byQualifiedName = firstDuplicate(attributes.count) { attributes[$0].name.qualifiedName }
        let byExpandedName = firstDuplicate(attributes.count) { expanded[$0] }
        if let duplicate = [byQualifiedName, byExpandedName].compactMap({ $0 }).min() {
            throw TreeError(reason: .duplicateAttribute(attributes[duplicate].name.qualifiedName), path: "")
        }
        return attributes
    }

    /// The position of the first of `count` keys (`nil` ones left out) equal to an earlier one,
    /// compared as UTF-8: pairwise for the few attributes most elements have, by hashing for more.
    private static func firstDuplicate(_ count: Int, _ key: (Int) -> String?) -> Int? {
        guard count > 1 else { return nil }
        if count <= 16 {
            for later in 1..<count {
                guard let b = key(later) else { continue }
                for earlier in 0..<later {
                    if let a = key(earlier), a.utf8.elementsEqual(b.utf8) { return later }
                }
            }
            return nil
        }
        var seen = Set<[UInt8]>()
        for position in 0..<count {
            guard let name = key(position) else { continue }
            if !seen.insert(Array(name.utf8)).inserted { return position }
        }
        return nil
    }
}

/// An element's values laid out as a store for the writer, checked as they are laid out (see the
/// file's header): names, characters, comments, processing instructions, duplicate attributes and
/// namespace prefixes, with the declarations the names need added as attributes, so that the store
/// writer finds every prefix bound as the names need. A stored element among the values, which its
/// store's maker checked (`XMLWriter.writesFromStore`), is not copied: it is one node with its name
/// standing for it (for `.sortedKeys` and the layout rules), written from its own store.
private struct TreeLayout {
    typealias TreeError = XMLTree.SerializationError

    var builder = XMLTree.StoreBuilder(arena: [])
    /// The nodes that stand for a stored element, by number.
    var references: [Int32: (store: XMLTree.Store, node: Int32)] = [:]
    /// The namespace bindings in scope, as the writer will have them.
    var bindings: XMLWriter.Bindings
    let namespaceAware: Bool
    /// Whether the root's name and attributes are left out (`XMLWriter.laidOut`'s `contentOnly`).
    let contentOnly: Bool
    /// Whether a comment or processing instruction ends the layout (`XMLWriter.laidOut`).
    let refusingMarkup: Bool
    /// The path of the element holding the comment or processing instruction that ended it.
    var markupPath: String?

    /// An element being laid out: its content and the next child to add (the element itself is
    /// its parent's child before `next`, or the root).
    struct Frame {
        var children: [XMLTree.Node]
        var next = 0
        var bindingCount: Int
    }
    var stack: [Frame] = []
    /// The element laid out (for the paths in errors).
    let root: XMLTree.Element

    init(
        _ root: XMLTree.Element, namespaceAware: Bool, bindings: XMLWriter.Bindings, contentOnly: Bool,
        refusingMarkup: Bool
    ) {
        self.root = root
        self.namespaceAware = namespaceAware
        self.bindings = bindings
        self.contentOnly = contentOnly
        self.refusingMarkup = refusingMarkup
        // The builder resolves names against the same bindings (`xml` it knows).
        guard namespaceAware else { return }
        for binding in bindings where binding.prefix != "xml" {
            let prefix = builder.append(binding.prefix)
            builder.declare(prefix: binding.prefix.isEmpty ? nil : prefix.start..<prefix.end, uri: binding.uri)
        }
    }

    /// Lays out the root element and everything inside it, without recursion.
    mutating func add() throws(TreeError) {
        try open(root)
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].children.count else {
                builder.closeElement()
                bindings.removeLast(bindings.count - stack[top].bindingCount)
                stack.removeLast()
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            if case .element(let element) = child {
                try open(element)
                continue
            }
            if refusingMarkup, child.characterData == nil {
                // As the encoder names the element of a stored subtree's comment: names only.
                markupPath = path(nil, counted: false)
                while !stack.isEmpty {
                    builder.closeElement()
                    stack.removeLast()
                }
                return
            }
            if let reason = XMLWriter.problem(with: child, namespaceAware: namespaceAware) {
                throw TreeError(reason: reason, path: path(nil))
            }
            // Empty text is kept: the element has content (`<a></a>`, never indented).
            builder.appendLeaf(child, keepingEmptyText: true)
        }
    }

    /// Checks an element and opens it with its attributes (its own, then the declarations its
    /// names need); a stored element is one node standing for it.
    private mutating func open(_ element: XMLTree.Element) throws(TreeError) {
        if contentOnly, builder.nodeCount == 0 {
            let name = builder.append(element.name.qualifiedName)
            builder.openElement(XMLName(qualified: name), attributeCount: 0, scope: builder.bindingCount)
            stack.append(Frame(children: element.children, bindingCount: bindings.count))
            return
        }
        if try openLeaf(element) { return }
        if case .stored(let store, let node) = element.storage,
            XMLWriter.writesFromStore(store, namespaceAware: namespaceAware)
        {
            references[Int32(builder.nodeCount)] = (store, node)
            // Its name's bytes, as they are in its store (the reader or the store's builder checked them).
            let qualified = store.index[node].name.qualified
            let name =
                qualified.source == 0
                ? store.reader.input.withUncheckedBytes {
                    builder.append($0.extracting(unchecked: qualified.start..<qualified.end))
                } : store.reader.withUncheckedBytes(of: qualified) { builder.append($0) }
            builder.appendLeafElement(XMLName(qualified: name), text: XMLSlice(source: 0, start: 0, end: 0))
            return
        }
        let bindingCount = bindings.count
        let attributes: [XMLTree.Attribute]
        do throws(TreeError) {
            attributes = try XMLWriter.checkedAttributes(
                of: element, bindings: &bindings, namespaceAware: namespaceAware)
        } catch {
            throw TreeError(reason: error.reason, path: path(element))
        }
        // The element's own declarations are in scope for its names (and only they are bound here:
        // without namespaces, `xmlns` attributes are ordinary ones and every name is in none).
        let scope = builder.bindingCount
        var laidOut: [XMLAttribute] = []
        laidOut.reserveCapacity(attributes.count)
        for attribute in attributes {
            let qualified = builder.append(attribute.name.qualifiedName)
            let value = builder.append(attribute.value)
            let isDefault = attribute.name.qualifiedName == "xmlns"
            let isDeclaration = namespaceAware && (isDefault || attribute.name.prefix == "xmlns")
            if isDeclaration {
                builder.declare(
                    prefix: isDefault ? nil : (qualified.start + 6)..<qualified.end, uri: value.start..<value.end)
            }
            laidOut.append(
                XMLAttribute(
                    name: XMLName(qualified: qualified, prefixLength: prefixLength(of: qualified)),
                    value: value, isDefaulted: false, isNamespaceDeclaration: isDeclaration))
        }
        let qualified = builder.append(element.name.qualifiedName)
        var name = XMLName(qualified: qualified, prefixLength: prefixLength(of: qualified))
        if namespaceAware {
            name.namespaceID = builder.namespace(
                of: qualified, prefixLength: name.prefixLength, namespaceURI: element.name.namespaceURI,
                // An element named `xmlns` (not a QName) is in no namespace, as an attribute would be.
                isAttribute: element.name.qualifiedName == "xmlns")
            for (position, attribute) in attributes.enumerated() where !laidOut[position].isNamespaceDeclaration {
                laidOut[position].name.namespaceID = builder.namespace(
                    of: laidOut[position].name.qualified, prefixLength: laidOut[position].name.prefixLength,
                    namespaceURI: attribute.name.namespaceURI, isAttribute: true)
            }
        }
        guard XMLIndex.Node.fits(name), laidOut.allSatisfy({ XMLIndex.Node.fits($0.name) }) else {
            throw TreeError(reason: .tooLarge, path: path(element))
        }
        builder.openElement(name, attributeCount: laidOut.count, scope: scope)
        for attribute in laidOut { builder.appendAttribute(attribute) }
        stack.append(Frame(children: element.children, bindingCount: bindingCount))
    }

    /// Lays out, without a frame, an element built in code that is a model's usual leaf: an
    /// unprefixed name in the default namespace in scope, no attributes, and no content or one
    /// non-empty text. Returns `false`, having laid out nothing, for any other element and for one
    /// with a fault, which `open` then lays out (or refuses) the usual way.
    private mutating func openLeaf(_ element: XMLTree.Element) throws(TreeError) -> Bool {
        guard case .parts(let parts) = element.storage, parts.attributes.isEmpty, parts.children.count <= 1,
            parts.name.namespaceURI == nil, parts.name.prefix == nil, parts.name.qualifiedName != "xmlns",
            XMLWriter.isName(parts.name.qualifiedName, namespaceAware: namespaceAware)
        else { return false }
        var text: String?
        if let child = parts.children.first {
            guard case .text(let value) = child, !value.isEmpty,
                XMLTreeValidation.invalidCharacter(in: value) == nil
            else { return false }
            text = value
        }
        let qualified = builder.append(parts.name.qualifiedName)
        // As `open` resolves it: the default namespace in scope with namespaces, else none.
        let name = XMLName(
            qualified: qualified, prefixLength: -1, namespaceID: namespaceAware ? builder.defaultNamespace : 0)
        guard XMLIndex.Node.fits(name) else { throw TreeError(reason: .tooLarge, path: path(element)) }
        let content = text.map { builder.append($0) } ?? XMLSlice(source: 0, start: 0, end: 0)
        builder.appendLeafElement(name, text: content)
        return true
    }

    /// The store laid out (every element closed).
    consuming func store() throws(TreeError) -> XMLTree.Store {
        guard builder.fitsIndex, builder.fitsNamespaces else { throw TreeError(reason: .tooLarge, path: "") }
        return builder.store()
    }

    /// The length of the prefix of a name laid out in the arena (before its first colon), or -1.
    func prefixLength(of qualified: XMLSlice) -> Int32 {
        builder.arena.withUncheckedBytes { arena in
            guard let colon = arena.firstIndex(of: UInt8(ascii: ":"), in: qualified.start..<qualified.end) else {
                return -1
            }
            return Int32(colon - qualified.start)
        }
    }

    /// The path of the element on top of the stack and of `pending` (opened next, if any), as
    /// errors give it: `books/book[1]/author`, the index counting siblings of the same name (when
    /// `counted`).
    func path(_ pending: XMLTree.Element?, counted: Bool = true) -> String {
        var parts: [String] = []
        var elements = [root]
        for frame in stack.dropLast() {
            if case .element(let element) = frame.children[frame.next - 1] { elements.append(element) }
        }
        if let pending, !stack.isEmpty { elements.append(pending) }
        for (depth, element) in elements.enumerated() {
            var part = element.name.qualifiedName
            if counted, depth > 0 {
                let parent = stack[depth - 1]
                let position = parent.next - 1
                let same = parent.children[..<max(0, position)].filter { $0.element?.name.qualifiedName == part }
                    .count
                let total = parent.children.filter { $0.element?.name.qualifiedName == part }.count
                if total > 1 { part += "[\(same)]" }
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
