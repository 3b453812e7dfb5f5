// A finished encoded document as objects: an element's name, its attributes in order, and its
// children in order (elements, text, CDATA sections). The encoder itself builds the flat
// `XMLEncodedTree` and writes from it; `XMLEncodedTree.element(at:)` makes this form of it for
// code that walks a finished tree. Text and attribute values are as encoded (not escaped).

internal final class XMLTreeElement {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var children: [XMLTreeNode] = []

    init(name: String) {
        self.name = name
    }
}

internal enum XMLTreeNode {
    case element(XMLTreeElement)
    case text(String)
    case cdata(String)
}
