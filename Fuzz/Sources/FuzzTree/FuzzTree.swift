// FuzzTree: the libFuzzer entry point for XMLCodable's document model (XMLTree).
//
// Each input is parsed into an XMLTree (with and without namespace processing). When it parses,
// the invariants checked are: writing the tree and parsing the output gives the same tree (same
// root, prologue and epilogue; the declaration's version and standalone; the doctype's name and
// identifiers); the same holds after removing the white space between elements and pretty
// printing; lookups by name, index and Clark name, source positions and typed values never trap;
// a copy rebuilt from the tree's values equals it and is written and encoded (as a model's
// property) alike; and a model decoded from the bytes, from the tree and from that copy is the
// same (or fails for all three). A thrown XMLParsingError is the expected outcome for most inputs;
// a crash, a sanitizer report or a broken invariant is a finding.
//
// The file is not `main.swift`: libFuzzer provides `main`.

import XMLCodable

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("FuzzTree invariant broken: \(message())") }
}

func roundTrip(_ tree: XMLTree, options: XMLReader.Options, formatting: XMLEncoder.OutputFormatting) {
    // Pretty printing adds layout white space, which removing it again takes away.
    let layout = formatting.contains(.prettyPrinted)
    let written: [UInt8]
    do {
        written = Array(try tree.xmlData(outputFormatting: formatting))
    } catch {
        fatalError("FuzzTree: a parsed tree could not be written: \(error)")
    }
    var reread: XMLTree
    do {
        reread = try XMLTree(parsing: written, options: options)
        if layout { reread = reread.removingWhitespaceBetweenElements() }
    } catch {
        fatalError("FuzzTree: the written tree does not parse: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    check(reread.root == tree.root, "root differs after a round trip")
    check(reread.prologue == tree.prologue && reread.epilogue == tree.epilogue, "prologue or epilogue differs")
    check(reread.declaration?.version == tree.declaration?.version && reread.declaration?.standalone == tree.declaration?.standalone, "declaration differs")
    check(
        reread.doctype?.name == tree.doctype?.name && reread.doctype?.publicID == tree.doctype?.publicID
            && reread.doctype?.systemID == tree.doctype?.systemID, "doctype differs")
}

func lookups(_ tree: XMLTree) {
    let root = tree.root
    var selection = tree[root.name.qualifiedName]
    for element in root.elements.prefix(4) {
        selection = selection[element.name.qualifiedName][0]
        _ = selection.text
        _ = selection.attributes[element.attributes.first?.name.qualifiedName ?? "x"]
        _ = selection.failure?.description
        if let uri = element.name.namespaceURI {
            _ = root["{\(uri)}\(element.name.localName)"].count
        }
    }
    _ = tree["nothing"]["at"][3].failure?.description
}

/// The element rebuilt from its parts as plain values (a parsed element is kept in the tree's
/// flat store; this copy is not), without recursion.
func rebuilt(_ root: XMLTree.Element) -> XMLTree.Element {
    // Children first: a stack of (element, children rebuilt so far).
    var stack: [(element: XMLTree.Element, children: [XMLTree.Node], next: Int)] = [(root, [], 0)]
    var result = XMLTree.Element("placeholder")
    while let top = stack.last {
        let children = top.element.children
        if top.next < children.count {
            stack[stack.count - 1].next += 1
            if case .element(let child) = children[top.next] {
                stack.append((child, [], 0))
            } else {
                stack[stack.count - 1].children.append(children[top.next])
            }
            continue
        }
        let finished = XMLTree.Element(top.element.name, attributes: top.element.attributes, children: top.children)
        stack.removeLast()
        if stack.isEmpty {
            result = finished
        } else {
            stack[stack.count - 1].children.append(.element(finished))
        }
    }
    return result
}

/// Any element as a value: its text, or its keys (attributes and child elements) and their values.
struct Dynamic: Decodable, Equatable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    var text: String?
    var members: [String: Dynamic] = [:]

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self), !container.allKeys.isEmpty {
            for key in container.allKeys.prefix(16) {
                members[key.stringValue] = try? container.decode(Dynamic.self, forKey: key)
            }
        } else {
            text = try decoder.singleValueContainer().decode(String.self)
        }
    }
}

/// The same model decoded from the document's bytes, from the parsed tree (its store) and from a
/// copy of it built from values (an index laid out from the values): the same value, or all fail.
func decodingAgrees(_ tree: XMLTree, bytes: [UInt8]) {
    let fromBytes = try? XMLDecoder().decode(Dynamic.self, from: bytes)
    let fromTree = try? XMLDecoder().decode(Dynamic.self, from: tree)
    let fromValues = try? XMLDecoder().decode(Dynamic.self, from: rebuilt(tree.root))
    check(fromTree == fromBytes, "decoding from the tree differs from decoding the bytes")
    check(fromValues == fromBytes, "decoding from the tree's values differs from decoding the bytes")
}

/// A model holding a document-model element.
struct Subtree: Codable {
    var element: XMLTree.Element
}

/// Source positions and typed access never trap; a rebuilt copy equals the parsed tree, and is
/// written (laid out from its values, checked) as the parsed tree is (from its store).
func storeInvariants(_ tree: XMLTree) {
    let copy = rebuilt(tree.root)
    check(copy == tree.root && tree.root == copy, "a tree rebuilt from its values differs")
    check(copy.hashValue == tree.root.hashValue, "a tree rebuilt from its values hashes differently")
    var copyTree = tree
    copyTree.root = copy
    for formatting: XMLEncoder.OutputFormatting in [[], [.sortedKeys, .prettyPrinted, .noEmptyElements]] {
        let stored = try? tree.xmlData(outputFormatting: formatting)
        let values = try? copyTree.xmlData(outputFormatting: formatting)
        check(stored != nil && stored == values, "a tree rebuilt from its values is written differently")
    }
    // As a model's property, the encoder copies the parsed root from its store and the copy from
    // the writer's layout of its values: the same bytes, or both refused.
    let encoder = XMLEncoder()
    let fromStore = try? encoder.encode(Subtree(element: tree.root), withRootKey: "m")
    let fromValues = try? encoder.encode(Subtree(element: copy), withRootKey: "m")
    check(fromStore == fromValues, "a model's subtree rebuilt from its values is encoded differently")
    var elements = [tree.root]
    var seen = 0
    while let element = elements.popLast(), seen < 64 {
        seen += 1
        if let location = element.sourceLocation { check(location.line >= 1 && location.column >= 1, "bad location \(location)") }
        for attribute in element.attributes.prefix(4) {
            _ = element.sourceLocation(ofAttribute: attribute.name.qualifiedName)
            _ = element.attribute(attribute.name.qualifiedName).int
        }
        _ = element.int
        _ = element.value(at: "a/b[1]/@c").failure?.description
        elements.append(contentsOf: element.elements.prefix(8))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTree(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for processNamespaces in [true, false] {
        let options = XMLReader.Options(shouldProcessNamespaces: processNamespaces)
        guard let tree = try? XMLTree(parsing: bytes, options: options) else { continue }
        roundTrip(tree, options: options, formatting: [])
        roundTrip(tree, options: options, formatting: [.noEmptyElements])
        roundTrip(tree.removingWhitespaceBetweenElements(), options: options, formatting: [.prettyPrinted])
        lookups(tree)
        storeInvariants(tree)
        // The decoder reads with namespaces processed: compare with a tree read the same way.
        if processNamespaces { decodingAgrees(tree, bytes: bytes) }
    }
    return 0
}
