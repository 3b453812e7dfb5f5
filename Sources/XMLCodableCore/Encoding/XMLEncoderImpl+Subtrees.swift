// Subtrees in models: writing `XMLTree.Element` and `[XMLTree.Node]` properties verbatim.
//
// A subtree a model holds is copied into the encoder's tree (`XMLEncodedTree`) node for node:
// each element with its own name and its attributes in order (namespace declarations included),
// each text and CDATA node as it is. Names and values are checked as the tree writer checks them
// (`XMLWriter.startAttributes`, the same rules as `XMLTree.xmlData()`), so what XML cannot carry
// is refused with the coding path and the path inside the subtree. For
//
//     struct Entry: Codable { var title: String; var content: XMLTree.Element }
//
// with `content` = `<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">a <b>x</b></div></content>`,
// the encoder writes
//
//     <entry><title>…</title><content type="xhtml"><div xmlns="…">a <b>x</b></div></content></entry>
//
// Namespaces: a name with a namespace URI whose prefix is not bound to that URI where the subtree
// lands gets a declaration (an `xmlns` attribute after the element's own), exactly as the tree
// writer adds one. What is bound there is what the encoder knows: the root element's and the
// enclosing element's declarations, those of `XMLNamespaceDeclaring` values being encoded, and
// the prefixes it chose itself; a declaration on another ancestor, written as an ordinary
// attribute by a model, is not seen, so the subtree then declares the prefix again (the output
// is still right, only longer). A prefix with no namespace URI (a name built without one;
// a decoded subtree has every URI) must be bound there already: otherwise the error says so.
//
// The encoder's tree has no comments and no processing instructions: a subtree holding one is
// refused with an error rather than written without it.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoderImpl {
    /// Writes a document-model element into the current target: as a new child element of the
    /// target's parent, or — into an element made for the value (the root, a list item) — as that
    /// element, which takes the subtree's name.
    func writeSubtree(_ element: XMLTree.Element, path: CodingPathNode) throws {
        try checkInUse()
        let host: Index
        let scope: Index
        switch target {
        case .keyed(let parent, _), .list(let parent, _), .intrinsic(let parent):
            scope = parent
            host = tree.addElement(tree.intern(element.name.qualifiedName), to: parent)
            if case .keyed = target { target = .element(host) }
        case .element(let existing) where tree.nodes[existing].kind == .group:
            // Content without a tag of its own (a value under the `""` key): the element goes in it.
            scope = existing
            host = tree.addElement(tree.intern(element.name.qualifiedName), to: existing)
        case .element(let existing):
            // The root or a list item, made for this value: it becomes the element (attributes
            // given for the root stay, before the element's own).
            guard tree.nodes[existing].firstChild < 0 else {
                throw subtreeError(
                    element, path: path,
                    "an element that already has content cannot become the element <\(element.name.qualifiedName)>")
            }
            tree.rename(existing, to: tree.intern(element.name.qualifiedName))
            host = existing
            scope = existing
        case .map:
            throw notAMap()
        }
        try fill(host, with: element, attributes: true, scope: scope, path: path)
    }

    /// Writes document-model nodes as the content of the current target's element (made for the
    /// key, for a key).
    func writeSubtreeContent(_ nodes: [XMLTree.Node], path: CodingPathNode) throws {
        try checkInUse()
        let host: Index
        let scope: Index
        switch target {
        case .keyed(let parent, let name):
            host = tree.addElement(name, to: parent)
            scope = parent
            target = .element(host)
        case .list(let parent, let itemName):
            host = tree.addElement(itemName, to: parent)
            scope = parent
        case .element(let element), .intrinsic(let element):
            host = element
            scope = element
        case .map:
            throw notAMap()
        }
        // (The host's name is only for the paths in errors; a group has none of its own.)
        let name = tree.nodes[host].kind == .group ? "" : tree.names[tree.nodes[host].name]
        try fill(
            host, with: XMLTree.Element(XMLTree.Name(name), children: nodes), attributes: false, scope: scope,
            path: path)
    }

    /// The namespace bindings in force inside `element` as far as the encoder knows them (see the
    /// file's comment): `xml`, the root's and `element`'s declarations, and the encoder's own.
    private func knownBindings(at element: Index) -> [(prefix: String, uri: String)] {
        var bindings: [(prefix: String, uri: String)] = [("xml", ReservedNamespace.xml)]
        bindings += callerPrefixes
        bindings += namespacePrefixes
        bindings += namespaceScopes
        var owner = self
        while owner.rootElement < 0, let parent = owner.parent { owner = parent }
        for node in [owner.rootElement, element] where node >= 0 {
            let host = tree.nodes[node].kind == .group ? tree.nodes[node].host : node
            var attribute = tree.nodes[host].firstAttribute
            while attribute >= 0 {
                let name = tree.names[tree.attributes[attribute].name]
                if name == "xmlns" {
                    bindings.append(("", tree.string(tree.attributes[attribute].value)))
                } else if name.hasPrefix("xmlns:") {
                    bindings.append((String(name.dropFirst(6)), tree.string(tree.attributes[attribute].value)))
                }
                attribute = tree.attributes[attribute].next
            }
        }
        return bindings
    }

    /// Copies `element`'s content (and its attributes, when `attributes`) into `host`, checking
    /// every name and value, with the bindings known inside `scope` (the element around `host`,
    /// or `host` itself when it was there before); without recursion.
    private func fill(
        _ host: Index, with element: XMLTree.Element, attributes: Bool, scope: Index, path: CodingPathNode
    ) throws {
        struct Frame {
            var index: Index
            var children: [XMLTree.Node]
            var next = 0
            var bindingCount: Int
            var path: String
        }
        let checker = XMLWriter(formatting: XMLWriter.Formatting(), capacity: 0)
        var bindings = knownBindings(at: scope)
        var stack: [Frame] = []
        // Opens an element: checks it, writes its attributes (and the declarations it needs).
        func open(_ element: XMLTree.Element, at index: Index, elementPath: String, withAttributes: Bool) throws {
            let count = bindings.count
            if withAttributes {
                let written: [XMLTree.Attribute]
                do throws(XMLTree.SerializationError) {
                    written = try checker.startAttributes(of: element, bindings: &bindings, namespaceAware: true)
                } catch {
                    throw subtreeError(
                        element, path: path,
                        XMLTree.SerializationError(reason: error.reason, path: elementPath).description)
                }
                for attribute in written {
                    let value = try checkedSpan(attribute.value, path: path)
                    tree.setAttribute(tree.intern(attribute.name.qualifiedName), value, on: index)
                }
            }
            stack.append(Frame(index: index, children: element.children, bindingCount: count, path: elementPath))
        }
        try open(element, at: host, elementPath: element.name.qualifiedName, withAttributes: attributes)
        while var frame = stack.popLast() {
            guard frame.next < frame.children.count else {
                bindings.removeLast(bindings.count - frame.bindingCount)
                continue
            }
            let child = frame.children[frame.next]
            frame.next += 1
            stack.append(frame)
            switch child {
            case .element(let inner):
                let index = tree.addElement(tree.intern(inner.name.qualifiedName), to: frame.index)
                try open(
                    inner, at: index, elementPath: frame.path + "/" + inner.name.qualifiedName, withAttributes: true)
            case .text(let text), .cdata(let text):
                guard !text.isEmpty else { continue }
                var isCDATA = false
                if case .cdata = child { isCDATA = true }
                tree.addText(try checkedSpan(text, path: path), cdata: isCDATA, to: frame.index)
            case .comment, .processingInstruction:
                throw subtreeError(
                    element, path: path,
                    "\(frame.path): XMLEncoder cannot write comments or processing instructions inside a "
                        + "model's subtree (write the tree with XMLTree.xmlData() to keep them, or remove them)"
                )
            }
        }
    }

    private func subtreeError(_ element: XMLTree.Element, path: CodingPathNode, _ message: String) -> EncodingError {
        EncodingError.invalidValue(
            element,
            EncodingError.Context(
                codingPath: path.path, debugDescription: "The XMLTree subtree cannot be written: \(message)."))
    }
}
