// Removing the white space that only lays out element content.

extension XMLTree.Element {
    /// The element with the white-space-only text removed from every element whose content is
    /// other elements (and comments and processing instructions) — the line breaks and indentation
    /// between tags — so it can be written compactly or pretty printed afresh.
    ///
    /// Character data is otherwise left exactly as it is: an element with any non-white-space text
    /// or CDATA keeps all its text (mixed content), an element whose only content is white space
    /// keeps it (it is the element's value), and nothing under `xml:space="preserve"` changes.
    public func removingWhitespaceBetweenElements() -> XMLTree.Element {
        removingWhitespace(preserve: false)
    }

    private func removingWhitespace(preserve inheritedPreserve: Bool) -> XMLTree.Element {
        var preserve = inheritedPreserve
        if let space = attributes["xml:space"] { preserve = space == "preserve" }
        var copy = self
        let isWhitespaceOnly: (String) -> Bool = { text in
            text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        let hasElements = children.contains { $0.element != nil }
        let isMixed = children.contains { node in
            switch node {
            case .text(let text): !isWhitespaceOnly(text)
            case .cdata: true
            default: false
            }
        }
        if hasElements && !isMixed && !preserve {
            copy.children.removeAll { if case .text = $0 { true } else { false } }
        }
        for index in copy.children.indices {
            if case .element(let child) = copy.children[index], !child.children.isEmpty {
                copy.children[index] = .element(child.removingWhitespace(preserve: preserve))
            }
        }
        return copy
    }
}

extension XMLTree {
    /// The document with the white space between elements removed; see
    /// ``Element/removingWhitespaceBetweenElements()``.
    public func removingWhitespaceBetweenElements() -> XMLTree {
        var copy = self
        copy.root = root.removingWhitespaceBetweenElements()
        return copy
    }
}
