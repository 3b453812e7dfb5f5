// XMLTree.SerializationError: why a document-model tree cannot be written as XML, and where.
//
// Design: a reason users can switch over plus the path of the element, as the lookup failures
// say where (`books/book[1]/author`, the index counting siblings of the same name), empty for the
// prologue, the epilogue, the declaration and the DOCTYPE. For example, writing a tree whose
// second `book` has the text "\u{1}" throws `.invalidCharacter("\u{1}")` at `books/book[1]`,
// described as `books/book[1]: U+1 cannot be represented in XML 1.0`.

extension XMLTree {
    /// Why a tree cannot be written as XML, and where.
    public struct SerializationError: Error, Sendable, Hashable, CustomStringConvertible, LocatedError {
        /// What cannot be written.
        public enum Reason: Sendable, Hashable, LocatedErrorReason {
            /// An element, attribute or processing-instruction target name that is not an XML name
            /// (or is reserved: `xmlns` prefixes on elements, the target `xml`).
            case invalidName(String)
            /// A character XML 1.0 cannot carry (most C0 controls, U+FFFE, U+FFFF).
            case invalidCharacter(Unicode.Scalar)
            /// A comment containing `--` or ending with `-`.
            case invalidComment(String)
            /// A processing instruction whose data contains `?>`.
            case invalidProcessingInstruction(String)
            /// Two attributes with the same name (or the same namespace URI and local name) on one element.
            case duplicateAttribute(String)
            /// A prefix with no namespace declaration in scope and no ``Name/namespaceURI``.
            case undeclaredPrefix(String)
            /// A prefix that would need two different namespace URIs on one element, or a
            /// namespace URI given to an unprefixed attribute (which is in no namespace).
            case namespaceConflict(String)
            /// Text, CDATA or an element outside the root element, where only comments and
            /// processing instructions may be.
            case contentOutsideRoot
            /// An XML declaration or document type declaration that cannot be written.
            case invalidDeclaration(String)
            /// A tree built in code too large to write: its names, values and text together 4 GiB
            /// or more, a namespace prefix of 256 MiB or more, or more than 16 million namespace URIs.
            case tooLarge

            /// What cannot be written, as a sentence (the description adds the path).
            var message: String {
                switch self {
                case .invalidName(let name): return "\"\(name)\" is not a valid XML name here"
                case .invalidCharacter(let scalar):
                    return "U+\(String(scalar.value, radix: 16, uppercase: true)) cannot be represented in XML 1.0"
                case .invalidComment(let text): return "the comment \"\(text)\" contains \"--\" or ends with \"-\""
                case .invalidProcessingInstruction(let data):
                    return "the processing instruction data \"\(data)\" contains \"?>\""
                case .duplicateAttribute(let name): return "attribute \(name) appears more than once"
                case .undeclaredPrefix(let prefix):
                    return "namespace prefix \"\(prefix)\" is not declared and has no namespace URI"
                case .namespaceConflict(let why): return why
                case .contentOutsideRoot:
                    return "only comments and processing instructions can appear outside the root element"
                case .invalidDeclaration(let why): return why
                case .tooLarge:
                    return "the tree is too large to write (4 GiB of names and text, a namespace prefix of 256 MiB, "
                        + "or 16 million namespace URIs)"
                }
            }
        }

        /// What cannot be written.
        public let reason: Reason
        /// Where: the path of the element, like `books/book[1]/author` (the index counts siblings
        /// with the same name); empty for the prologue and epilogue.
        public let path: String

        /// The error as a sentence, prefixed with the path of what cannot be written (`catalog/book[1]:
        /// …`), or the reason alone when the path is empty.
        public var description: String { locatedDescription }

        /// Creates an error.
        public init(reason: Reason, path: String) {
            self.reason = reason
            self.path = path
        }
    }
}
