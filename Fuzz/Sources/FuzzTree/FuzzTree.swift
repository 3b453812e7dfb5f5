// FuzzTree: the libFuzzer entry point for XMLCodable's document model (XMLTree).
//
// Each input is parsed into an XMLTree (with and without namespace processing). When it parses,
// the invariants checked are: writing the tree and parsing the output gives the same tree (same
// root, prologue and epilogue; the declaration's version and standalone; the doctype's name and
// identifiers); the same holds after removing the white space between elements and pretty
// printing; and lookups by name, index and Clark name never trap. A thrown XMLParsingError is the
// expected outcome for most inputs; a crash, a sanitizer report or a broken invariant is a finding.
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
    }
    return 0
}
