// XMLTree.LookupFailure: why a lookup in a tree (a subscript step) found nothing.

extension XMLTree {
    /// Why a lookup in a tree found nothing.
    public struct LookupFailure: Error, Sendable, Hashable, CustomStringConvertible, LocatedError {
        /// What missed.
        public enum Reason: Sendable, Hashable, LocatedErrorReason {
            /// The document's root element has another name.
            case rootNameMismatch(expected: String, found: String)
            /// None of the selected elements has a child element with this name.
            case noChildElement(String)
            /// An index step beyond the elements selected.
            case indexOutOfRange(index: Int, count: Int)

            /// What missed, as a sentence (the description adds the path found before it).
            var message: String {
                switch self {
                case .rootNameMismatch(let expected, let found):
                    return "the root element is <\(found)>, not <\(expected)>"
                case .noChildElement(let name):
                    return "no child element <\(name)>"
                case .indexOutOfRange(let index, let count):
                    return "index \(index) is out of range: \(count) element\(count == 1 ? "" : "s") selected"
                }
            }
        }

        /// What missed.
        public let reason: Reason
        /// The path that was found before the step that missed (`books/book[1]`); empty at the root.
        public let path: String

        /// The failure as a sentence, prefixed with the path that was found (`catalog/book[1]: no child
        /// element <price>`), or the reason alone when the path is empty.
        public var description: String { locatedDescription }

        /// Creates a failure.
        public init(reason: Reason, path: String) {
            self.reason = reason
            self.path = path
        }
    }
}
