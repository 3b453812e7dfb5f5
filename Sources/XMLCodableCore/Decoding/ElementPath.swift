// ElementPath: the path `XMLDecoder.decodeElements` takes to the elements it decodes, such as
// "osm/node": one step per level from the root element, each matching an element's name as keys
// do (the name as written, or its local name with `shouldProcessNamespaces`), a namespace URI and
// local name in Clark notation (`{http://www.w3.org/2005/Atom}entry`), or any element (`*`).

internal struct ElementPath {
    enum Step {
        /// A name as keys match it: its bytes.
        case name([UInt8])
        /// A namespace URI and a local name.
        case qualified(uri: String, local: [UInt8])
        /// Any element.
        case any
    }

    let steps: [Step]
    let text: String

    /// Parses `"root/child/…"`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an empty path or step, or a malformed `{uri}local` step.
    init(_ text: String) throws {
        self.text = text
        var steps: [Step] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            var step: Substring
            if rest.first == "{" {
                // The URI may contain '/': the step ends at the first '/' after the '}'.
                guard let close = rest.firstIndex(of: "}") else { throw Self.invalid(text, "a '{' has no '}'") }
                let afterURI = rest[rest.index(after: close)...]
                let end = afterURI.firstIndex(of: "/") ?? afterURI.endIndex
                step = rest[..<end]
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
                let uri = String(step[step.index(after: step.startIndex)..<close])
                let local = String(step[step.index(after: close)...])
                guard !local.isEmpty else { throw Self.invalid(text, "'{\(uri)}' has no local name after it") }
                steps.append(.qualified(uri: uri, local: Array(local.utf8)))
                continue
            }
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            step = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            guard !step.isEmpty else { throw Self.invalid(text, "a step is empty") }
            steps.append(step == "*" ? .any : .name(Array(step.utf8)))
        }
        guard !steps.isEmpty else { throw Self.invalid(text, "it has no steps") }
        if text.hasSuffix("/") { throw Self.invalid(text, "a step is empty") }
        self.steps = steps
    }

    private static func invalid(_ text: String, _ why: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription:
                    "The element path \"\(text)\" is not valid: \(why). A path is element names from the root, "
                    + "separated by '/', such as \"osm/node\"; a step may be {namespace-uri}local or *."
            ))
    }

    /// Whether step `number` matches an element's name, as the reader read it. (`inout` only so
    /// that a reader stored in a class is used in place rather than copied for the call.)
    func step(_ number: Int, matches name: XMLName, in reader: inout XMLReader, localNames: Bool) -> Bool {
        switch steps[number] {
        case .any:
            return true
        case .name(let bytes):
            return bytes.withUnsafeBytes { expected in
                reader.withDecodedBytes(of: localNames ? name.local : name.qualified) { bytesEqual($0, expected) }
            }
        case .qualified(let uri, let local):
            guard (reader.namespaceURI(name) ?? "") == uri else { return false }
            return local.withUnsafeBytes { expected in
                reader.withDecodedBytes(of: name.local) { bytesEqual($0, expected) }
            }
        }
    }
}
