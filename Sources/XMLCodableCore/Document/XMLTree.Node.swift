// XMLTree.Node: one item of an element's content, in document order.

extension XMLTree {
    /// One item of an element's content (or of the document's prologue and epilogue).
    ///
    /// Text is kept as the reader delivered it: adjacent character data and entity text are joined
    /// into one ``text(_:)``, and a CDATA section stays a ``cdata(_:)`` of its own, so that it can be
    /// written back as CDATA.
    public enum Node: Sendable, Hashable {
        /// A child element.
        case element(Element)
        /// Character data, with references already replaced (`&amp;` is `&`).
        case text(String)
        /// The content of a CDATA section.
        case cdata(String)
        /// The text of a comment, between `<!--` and `-->`.
        case comment(String)
        /// A processing instruction: its target and the data after it.
        case processingInstruction(target: String, data: String)

        /// The element, if this node is one.
        public var element: Element? {
            if case .element(let element) = self { return element }
            return nil
        }

        /// The character data of a text or CDATA node; `nil` for the other kinds.
        public var characterData: String? {
            switch self {
            case .text(let text), .cdata(let text): return text
            default: return nil
            }
        }
    }
}
