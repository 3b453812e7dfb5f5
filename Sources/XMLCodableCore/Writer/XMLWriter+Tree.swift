// XMLWriter+Tree: writing the public document model (XMLTree) with the encoder's writer.
//
// Design: the same escaping (`appendEscaped`, `appendCDATA`) and the same layout rules as the
// encoder's tree — pretty printing indents only content without character data, `.sortedKeys`
// sorts attributes and element-only children, `.noEmptyElements` — so the same content gives the
// same bytes whichever way it was built. (Two rules only a document model needs: content under
// `xml:space="preserve"` is never indented, and content with no element — only comments or
// processing instructions — is not either, so that indentation is always white space that
// `removingWhitespaceBetweenElements()` recognises as layout.) Unlike the encoder's tree, a document-model tree was not
// checked while it was built, so everything is checked here as it is written: names, characters,
// comments, processing instructions, duplicate attributes and namespace prefixes.
//
// A stored element (parsed, or made by `encodeToTree`, and not changed) is written from its store's
// nodes instead, with no value made per node and without the checks its store already passed
// (XMLWriter+StoredTree.swift); this file writes the elements that were built or changed in code,
// whose children may be stored.
//
// Elements are written with an explicit stack of frames (no recursion), so the depth of a tree is
// not limited by the thread's stack. Namespace bindings in scope are a stack of (prefix, URI)
// pairs: an element's own `xmlns` attributes are pushed first, then any declaration its names need
// (a name with a namespace URI whose prefix is not bound to that URI), which the writer adds.

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

    private static let xmlNamespace = ReservedNamespace.xml
    private static let xmlnsNamespace = ReservedNamespace.xmlns

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
        switch node {
        case .comment, .processingInstruction: try writeLeaf(node, namespaceAware: namespaceAware, path: { "" })
        case .element, .text, .cdata: throw TreeError(reason: .contentOutsideRoot, path: "")
        }
    }

    /// Writes a text, CDATA, comment or processing-instruction node.
    private mutating func writeLeaf(_ node: XMLTree.Node, namespaceAware: Bool, path: () -> String) throws(TreeError) {
        switch node {
        case .element:
            return
        case .text(let text):
            if let bad = XMLTreeValidation.invalidCharacter(in: text) {
                throw TreeError(reason: .invalidCharacter(bad), path: path())
            }
            appendEscaped(text, inAttribute: false)
        case .cdata(let text):
            if let bad = XMLTreeValidation.invalidCharacter(in: text) {
                throw TreeError(reason: .invalidCharacter(bad), path: path())
            }
            appendCDATA(text)
        case .comment(let text):
            if let bad = XMLTreeValidation.invalidCharacter(in: text) {
                throw TreeError(reason: .invalidCharacter(bad), path: path())
            }
            if Self.contains(text, "--") || text.utf8.last == UInt8(ascii: "-") {
                throw TreeError(reason: .invalidComment(text), path: path())
            }
            append("<!--")
            append(text)
            append("-->")
        case .processingInstruction(let target, let data):
            guard Self.isName(target, namespaceAware: namespaceAware), !(namespaceAware && Self.contains(target, ":")),
                !target.utf8.elementsEqual("xml".utf8, by: { $0 | 0x20 == $1 })
            else {
                throw TreeError(reason: .invalidName(target), path: path())
            }
            if let bad = XMLTreeValidation.invalidCharacter(in: data) {
                throw TreeError(reason: .invalidCharacter(bad), path: path())
            }
            if Self.contains(data, "?>") { throw TreeError(reason: .invalidProcessingInstruction(data), path: path()) }
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

    /// An element being written: its content in writing order and the next child to write.
    private struct Frame {
        var element: XMLTree.Element
        var children: [XMLTree.Node]
        var next = 0
        var indent: Bool
        var bindingCount: Int
        /// Whether `xml:space="preserve"` is in force: its white space is content, never layout.
        var preserve: Bool
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

    /// Writes an element and everything inside it, without recursion.
    ///
    /// - Parameter namespaceAware: whether names are checked as Namespaces 1.0 QNames with
    ///   declared prefixes (and missing declarations added); when `false`, a colon is an ordinary
    ///   name character and `xmlns` attributes are ordinary attributes.
    mutating func writeTree(_ root: XMLTree.Element, namespaceAware: Bool = true) throws(TreeError) {
        var bindings: Bindings = [("xml", Self.xmlNamespace)]
        var stack: [Frame] = []

        // The path of the element on top of the stack (or of `pending` below it), for errors only.
        func path(_ stack: [Frame], _ pending: XMLTree.Element?) -> String {
            var parts: [String] = []
            var elements = stack.map(\.element)
            if let pending { elements.append(pending) }
            for (depth, element) in elements.enumerated() {
                var part = element.name.qualifiedName
                if depth > 0 {
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

        var pending: XMLTree.Element? = root
        while true {
            if let element = pending, case .stored(let store, let node) = element.storage,
                Self.writesFromStore(store, namespaceAware: namespaceAware)
            {
                // A stored element's subtree, from its store's nodes (XMLWriter+StoredTree.swift).
                pending = nil
                writeStored(
                    store, node, depth: stack.count, preserve: stack.last?.preserve ?? false, bindings: &bindings,
                    namespaceAware: namespaceAware)
                if stack.isEmpty { return }
            } else if let element = pending {
                pending = nil
                let bindingCount = bindings.count
                let attributes: [XMLTree.Attribute]
                do throws(TreeError) {
                    attributes = try startAttributes(of: element, bindings: &bindings, namespaceAware: namespaceAware)
                } catch {
                    throw TreeError(reason: error.reason, path: path(stack, element))
                }
                bytes.append(UInt8(ascii: "<"))
                append(element.name.qualifiedName)
                for attribute in attributes {
                    bytes.append(0x20)
                    append(attribute.name.qualifiedName)
                    bytes.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
                    appendEscaped(attribute.value, inAttribute: true)
                    bytes.append(UInt8(ascii: "\""))
                }
                if element.children.isEmpty {
                    if formatting.noEmptyElements {
                        bytes.append(UInt8(ascii: ">"))
                        closeTreeTag(element.name.qualifiedName)
                    } else {
                        bytes.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: ">")])
                    }
                    bindings.removeLast(bindings.count - bindingCount)
                    if stack.isEmpty { return }
                } else {
                    bytes.append(UInt8(ascii: ">"))
                    var children = element.children
                    let elementOnly = children.allSatisfy { if case .element = $0 { true } else { false } }
                    if formatting.sortedKeys, elementOnly {
                        children = children.enumerated().sorted { a, b in
                            guard case .element(let x) = a.element, case .element(let y) = b.element else {
                                return a.offset < b.offset
                            }
                            return x.name.qualifiedName == y.name.qualifiedName
                                ? a.offset < b.offset : x.name.qualifiedName < y.name.qualifiedName
                        }.map(\.element)
                    }
                    var preserve = stack.last?.preserve ?? false
                    if let space = element.attributes["xml:space"] { preserve = space == "preserve" }
                    // Indent content of elements (and comments and processing instructions) without
                    // character data, where white space is layout; never under xml:space="preserve".
                    let indent =
                        formatting.prettyPrinted && !preserve && children.contains { $0.element != nil }
                        && children.allSatisfy { $0.characterData == nil }
                    stack.append(
                        Frame(
                            element: element, children: children, indent: indent, bindingCount: bindingCount,
                            preserve: preserve))
                }
            }
            // Continue with the element on top of the stack.
            guard var frame = stack.popLast() else { return }
            if frame.next < frame.children.count {
                let child = frame.children[frame.next]
                frame.next += 1
                let depth = stack.count
                stack.append(frame)
                if frame.indent { newline(depth + 1) }
                if case .element(let element) = child {
                    pending = element
                } else {
                    try writeLeaf(child, namespaceAware: namespaceAware, path: { path(stack, nil) })
                }
            } else {
                if frame.indent { newline(stack.count) }
                closeTreeTag(frame.element.name.qualifiedName)
                bindings.removeLast(bindings.count - frame.bindingCount)
                if stack.isEmpty { return }
            }
        }
    }

    private mutating func closeTreeTag(_ name: String) {
        bytes.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        append(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Checks an element's names and attribute values, pushes its namespace bindings, and returns
    /// the attributes to write (its own, then the declarations its names need), sorted if asked.
    /// (The encoder checks the subtrees a model holds with it too: XMLEncoderImpl+Subtrees.swift.)
    func startAttributes(
        of element: XMLTree.Element, bindings: inout [(prefix: String, uri: String)], namespaceAware: Bool
    ) throws(TreeError) -> [XMLTree.Attribute] {
        let name = element.name
        guard Self.isName(name.qualifiedName, namespaceAware: namespaceAware),
            // Elements must not have the prefix xmlns; an element named just "xmlns" is fine.
            !namespaceAware || name.prefix != "xmlns"
        else {
            throw TreeError(reason: .invalidName(name.qualifiedName), path: "")
        }
        if !namespaceAware {
            var attributes = Array(element.attributes)
            var seen = Set<[UInt8]>()
            for attribute in attributes {
                let qualified = attribute.name.qualifiedName
                guard Self.isName(qualified, namespaceAware: false) else {
                    throw TreeError(reason: .invalidName(qualified), path: "")
                }
                if let bad = XMLTreeValidation.invalidCharacter(in: attribute.value) {
                    throw TreeError(reason: .invalidCharacter(bad), path: "")
                }
                guard seen.insert(Array(qualified.utf8)).inserted else {
                    throw TreeError(reason: .duplicateAttribute(qualified), path: "")
                }
            }
            if formatting.sortedKeys { attributes.sort { $0.name.qualifiedName < $1.name.qualifiedName } }
            return attributes
        }
        let scopeStart = bindings.count
        var attributes = Array(element.attributes)
        // The element's own declarations come first: its names resolve against them.
        for attribute in attributes {
            let qualified = attribute.name.qualifiedName
            guard XMLTreeValidation.isValidName(qualified) else {
                throw TreeError(reason: .invalidName(qualified), path: "")
            }
            if let bad = XMLTreeValidation.invalidCharacter(in: attribute.value) {
                throw TreeError(reason: .invalidCharacter(bad), path: "")
            }
            if qualified == "xmlns" {
                bindings.append(("", attribute.value))
            } else if attribute.name.prefix == "xmlns" {
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
                    XMLTree.Name(prefix.isEmpty ? "xmlns" : "xmlns:" + prefix, namespaceURI: Self.xmlnsNamespace),
                    value: uri))
        }
        try require(name.prefix ?? "", name.namespaceURI, isAttribute: false)
        for attribute in attributes where attribute.name.qualifiedName != "xmlns" && attribute.name.prefix != "xmlns" {
            try require(attribute.name.prefix ?? "", attribute.name.namespaceURI, isAttribute: true)
        }
        attributes += added
        // Duplicates, by qualified name and by expanded name.
        if attributes.count > 1 {
            // Names compare as code points (as bytes), not as Swift strings, which would take
            // canonically equivalent spellings for the same name.
            var seen = Set<[UInt8]>()
            var expanded = Set<[UInt8]>()
            for attribute in attributes {
                let qualified = attribute.name.qualifiedName
                guard seen.insert(Array(qualified.utf8)).inserted else {
                    throw TreeError(reason: .duplicateAttribute(qualified), path: "")
                }
                if let prefix = attribute.name.prefix, prefix != "xmlns", let uri = bound(prefix) {
                    guard expanded.insert(Array("{\(uri)}\(attribute.name.localName)".utf8)).inserted else {
                        throw TreeError(reason: .duplicateAttribute(qualified), path: "")
                    }
                }
            }
        }
        if formatting.sortedKeys {
            attributes.sort { $0.name.qualifiedName < $1.name.qualifiedName }
        }
        return attributes
    }
}
