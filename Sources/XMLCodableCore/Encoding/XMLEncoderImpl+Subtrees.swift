// Subtrees in models: writing `XMLTree.Element` and `[XMLTree.Node]` properties verbatim.
//
// A subtree a model holds is copied into the encoder's tree (`XMLEncodedTree`) from a store, node
// for node (`copyStored`): each element with its own name and its attributes in order (namespace
// declarations included), each run of text and each CDATA section as it is. A stored element
// (parsed, made by `encodeToTree`, or a subtree a model decoded; not changed since) is copied from
// its own store; one built or changed in code is first laid out as a store by the tree writer's
// layout (`XMLWriter.laidOut`, XMLWriter+Tree.swift), which checks it as `XMLTree.xmlData()` does
// and adds the declarations its names need, so what XML cannot carry is refused with the coding
// path and the path inside the subtree, and a stored element among its values is copied from its
// own store where the layout's node stands for it. For
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
// refused with an error rather than written without it, at the path of the element holding it.
// (With several faults, the first the layout meets is reported: a comment among values ends it;
// one inside a stored element among them is met when that element is copied, after the layout.)
//
// Copying from a store makes no `String` or array per node but the names interned; names and
// characters are not checked again (the reader, the encoder's layout or the tree writer's layout
// checked them: `XMLWriter.writesFromStore`), the same namespace declarations are added
// (`XMLWriter.bindStored`), adjacent text nodes are joined into one text as an element's children
// join them, and an empty CDATA section is dropped. For the parsed
// `<books xmlns="urn:b"><book id="1">A &amp; B</book></books>`, the property
// `tree["books"]["book"].element!` under the key `x` becomes `<x>`'s child `book` (name interned
// from its bytes), its attribute `id` ("1": the slice's bytes), the declaration `xmlns="urn:b"`
// (its namespace is not bound where it lands) and the text "A & B" (the slice decoded into the
// encoder's bytes, classified for escaping as every value is): the same tree as from the
// element's values, so the same output for every output formatting.

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
        // (A default namespace a value declares is known from the element's own declarations only:
        // further in, the caller's root declaration, appended after, would wrongly hide it.)
        bindings += namespaceScopes.filter { !$0.prefix.isEmpty }
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

    /// Copies `element`'s content (and its attributes, when `attributes`) into `host`, with the
    /// bindings known inside `scope` (the element around `host`, or `host` itself when it was there
    /// before): a stored element its store's maker checked straight from its store, one built or
    /// changed in code laid out as a store first, checked as the tree writer checks it
    /// (`XMLWriter.laidOut`), and copied from that store.
    private func fill(
        _ host: Index, with element: XMLTree.Element, attributes: Bool, scope: Index, path: CodingPathNode
    ) throws {
        var bindings = knownBindings(at: scope)
        if case .stored(let store, let node) = element.storage, XMLWriter.writesFromStore(store, namespaceAware: true) {
            return try copyStored(
                store, node, into: host, withAttributes: attributes, bindings: &bindings,
                elementPath: element.name.qualifiedName, subtree: element, path: path)
        }
        let laidOut: XMLWriter.LaidOutTree
        do throws(XMLTree.SerializationError) {
            laidOut = try XMLWriter.laidOut(element, bindings: bindings, contentOnly: !attributes, refusingMarkup: true)
        } catch {
            throw subtreeError(element, path: path, error.description)
        }
        if let markupPath = laidOut.markupPath {
            throw subtreeError(element, path: path, Self.markupRefusal(at: markupPath))
        }
        try copyStored(
            laidOut.store, 0, into: host, withAttributes: attributes, bindings: &bindings,
            elementPath: element.name.qualifiedName, subtree: element, path: path, references: laidOut.references)
    }

    /// Copies a stored element and everything inside it into `host` from its store's nodes and
    /// slices (see the file's header), with `bindings` in scope (as they were when it returns):
    /// what `fill` does with the element's values, without making them.
    ///
    /// `references`: nodes of `store` that stand for a stored element of another store (a layout
    /// of values, `XMLWriter.laidOut`), copied from that store in their place.
    private func copyStored(
        _ store: XMLTree.Store, _ root: Int32, into host: Index, withAttributes: Bool,
        bindings: inout XMLWriter.Bindings, elementPath: String, subtree: XMLTree.Element, path: CodingPathNode,
        references: [Int32: (store: XMLTree.Store, node: Int32)] = [:]
    ) throws {
        struct Frame {
            var host: Index
            var node: Int32
            /// The next child node to copy (-1: none left).
            var next: Int32
            /// The element's markup not reached yet: positions in `store.markup`.
            var markup: Range<Int>
            var bindingCount: Int
        }
        let index = store.index
        try store.reader.input.withUncheckedBytes { document in
            var source = XMLWriter.StoredSource(store: store, document: document)
            var stack: [Frame] = []
            func open(_ node: Int32, at host: Index, withAttributes: Bool) throws {
                let count = bindings.count
                if withAttributes {
                    let attributes = store.attributeRange(of: node)
                    var added: XMLWriter.Bindings = []
                    if !attributes.isEmpty || index[node].name.namespaceID != 0 {
                        XMLWriter.bindStored(node, attributes, &source, bindings: &bindings, added: &added)
                    }
                    for number in attributes {
                        let attribute = index.attributes[number]
                        let name = source.withRaw(attribute.name.qualified) { $0.string }
                        let value = try copiedSpan(attribute.value, source)
                        tree.setAttribute(tree.intern(name), value, on: host)
                    }
                    for (prefix, uri) in added {
                        tree.setAttribute(
                            tree.intern(prefix.isEmpty ? "xmlns" : "xmlns:" + prefix), try checkedSpan(uri, path: path),
                            on: host)
                    }
                }
                stack.append(
                    Frame(
                        host: host, node: node, next: index.firstChild(of: node), markup: store.markupRange(in: node),
                        bindingCount: count))
            }
            /// The checked copy of a slice's value in the encoder's bytes.
            func copiedSpan(_ slice: XMLSlice, _ source: XMLWriter.StoredSource) throws -> Span {
                let span = source.withDecoded(slice) { tree.append($0) }
                if span.flags & XMLEncodedTree.Flags.suspect != 0 {
                    _ = try checkedText(source.withDecoded(slice) { $0.string }, path: path)
                }
                return span
            }
            try open(root, at: host, withAttributes: withAttributes)
            while var frame = stack.popLast() {
                // Markup before the next child: an empty CDATA section is nothing (it ends a run of
                // text, as in the element's children); a comment or processing instruction cannot be
                // written (as for values, at the path of the element that holds it).
                if let first = frame.markup.first, frame.next < 0 || store.markup[first].before <= frame.next {
                    frame.markup = frame.markup.dropFirst()
                    stack.append(frame)
                    guard store.markup[first].kind == .emptyCDATA else {
                        let names = stack.dropFirst().map { "/" + store.string(index[$0.node].name.qualified) }
                        throw subtreeError(subtree, path: path, Self.markupRefusal(at: elementPath + names.joined()))
                    }
                    continue
                }
                guard frame.next >= 0 else {
                    bindings.removeLast(bindings.count - frame.bindingCount)
                    continue
                }
                let child = frame.next
                let item = index[child]
                frame.next = item.nextSibling
                switch item.kind {
                case .element:
                    stack.append(frame)
                    let name = source.withRaw(item.name.qualified) { $0.string }
                    let element = tree.addElement(tree.intern(name), to: frame.host)
                    if !references.isEmpty, let reference = references[child] {
                        let names = stack.dropFirst().map { "/" + store.string(index[$0.node].name.qualified) }
                        try copyStored(
                            reference.store, reference.node, into: element, withAttributes: true, bindings: &bindings,
                            elementPath: elementPath + names.joined() + "/" + name, subtree: subtree, path: path)
                    } else {
                        try open(child, at: element, withAttributes: true)
                    }
                    continue
                case .cdata:
                    let span = try copiedSpan(item.text, source)
                    if span.count > 0 { tree.addText(span, cdata: true, to: frame.host) }
                case .text:
                    // A run of text nodes with no markup between is one text, as the element's
                    // children have it (entity text is a node of its own in a parsed store).
                    var span = try copiedSpan(item.text, source)
                    while frame.next >= 0, index[frame.next].kind == .text,
                        frame.markup.first.map({ store.markup[$0].before > frame.next }) ?? true
                    {
                        let more = try copiedSpan(index[frame.next].text, source)
                        // The encoder's bytes are appended in order: the two spans are one run.
                        if more.count > 0 {
                            span = Span(
                                start: span.count > 0 ? span.start : more.start, count: span.count + more.count,
                                flags: span.flags | more.flags)
                        }
                        frame.next = index[frame.next].nextSibling
                    }
                    if span.count > 0 { tree.addText(span, cdata: false, to: frame.host) }
                }
                stack.append(frame)
            }
        }
    }

    /// Why a subtree holding a comment or processing instruction at `elementPath` is refused.
    private static func markupRefusal(at elementPath: String) -> String {
        "\(elementPath): XMLEncoder cannot write comments or processing instructions inside a model's subtree "
            + "(write the tree with XMLTree.xmlData() to keep them, or remove them)"
    }

    private func subtreeError(_ element: XMLTree.Element, path: CodingPathNode, _ message: String) -> EncodingError {
        EncodingError.invalidValue(
            element,
            EncodingError.Context(
                codingPath: path.path, debugDescription: "The XMLTree subtree cannot be written: \(message)."))
    }
}
