// XMLTree.Name: an element or attribute name, as written and as resolved against the namespaces in scope.

extension XMLTree {
    /// An element or attribute name: the qualified name as written (`prefix:local`) and the
    /// namespace URI it resolves to.
    ///
    /// A parsed tree fills in ``namespaceURI`` for every name (`nil` for names in no namespace).
    /// When you build a tree you may leave it `nil`; when you give one, the writer declares the
    /// prefix (with an `xmlns:prefix` attribute) wherever it is not already declared to that URI.
    ///
    /// Names can be written as string literals: `let name: XMLTree.Name = "dc:title"`.
    public struct Name: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name as written, with its prefix if it has one.
        public var qualifiedName: String
        /// The namespace URI the name belongs to, or `nil` for none (or not known).
        public var namespaceURI: String?

        /// Creates a name.
        ///
        /// - Parameters:
        ///   - qualifiedName: the name as it is written, `local` or `prefix:local`.
        ///   - namespaceURI: the namespace the name belongs to, if any.
        public init(_ qualifiedName: String, namespaceURI: String? = nil) {
            self.qualifiedName = qualifiedName
            self.namespaceURI = namespaceURI
        }

        /// Creates a name in no particular namespace from a string literal.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// The prefix, or `nil` for an unprefixed name.
        public var prefix: String? {
            guard let colon = qualifiedName.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            return String(qualifiedName[..<colon])
        }

        /// The name without its prefix.
        public var localName: String {
            guard let colon = qualifiedName.utf8.firstIndex(of: UInt8(ascii: ":")) else { return qualifiedName }
            return String(qualifiedName[qualifiedName.utf8.index(after: colon)...])
        }

        /// The qualified name.
        public var description: String { qualifiedName }

        /// Whether the name matches a lookup key: a qualified name as written, or `{uri}local`
        /// (Clark notation), which compares the namespace URI and the local name.
        func matches(_ key: String) -> Bool {
            if key.utf8.first == UInt8(ascii: "{"), let close = key.utf8.firstIndex(of: UInt8(ascii: "}")) {
                let uri = key[key.utf8.index(after: key.startIndex)..<close]
                let local = key[key.utf8.index(after: close)...]
                return (namespaceURI ?? "").utf8.elementsEqual(uri.utf8) && localName.utf8.elementsEqual(local.utf8)
            }
            // Names are compared as code points, not as canonically equivalent strings.
            return qualifiedName.utf8.elementsEqual(key.utf8)
        }
    }
}
