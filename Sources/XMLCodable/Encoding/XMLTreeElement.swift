// The encoder's light element tree. Codable may encode an attribute after a child element, and a
// `superEncoder()` must keep its place among the siblings while its content is encoded later, so
// the encoder builds elements in memory (attributes and children kept apart, children in order)
// and the writer serializes the finished tree.

internal final class XMLTreeElement {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var children: [XMLTreeNode] = []

    init(name: String) {
        self.name = name
    }

    /// Adds a child element and returns it.
    func addElement(_ name: String) -> XMLTreeElement {
        let element = XMLTreeElement(name: name)
        children.append(.element(element))
        return element
    }

    /// Sets an attribute, replacing one of the same name.
    func setAttribute(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append((name, value))
        }
    }
}

internal enum XMLTreeNode {
    case element(XMLTreeElement)
    case text(String)
    case cdata(String)
}
