// What a `keyNotFound` error adds when a key missed a name that is almost its own: an element or
// attribute with the key's local name is there, but the matching rule (see XMLDecoderImpl+Keys)
// or the key's placement kept it from answering. The hint names what was found and the rule.
//
// Worked example: decoding `<sheet xmlns:r="urn:rel" r:id="rId1"/>` with `shouldProcessNamespaces`
// and a key `"id"` finds nothing, since an unprefixed key matches only an unprefixed attribute;
// the error then ends with
//
//     Found attribute r:id (namespace "urn:rel"): attributes are matched by their names as written,
//     prefix included, even with shouldProcessNamespaces; the key "r:id", or "{urn:rel}id" for any
//     prefix, reads it.
//
// Cold code: it runs only when a decode is about to fail.

extension XMLDecoderImpl {
    /// A sentence or two for a `keyNotFound` message about names under `element` with the key's
    /// local name that the key did not match, or `nil` when there are none. At most three are
    /// named.
    func keyMissHint(for key: String, in element: Int32) -> String? {
        guard !key.isEmpty, index[element].isElement else { return nil }
        let wanted = KeyName(key)
        var notes: [String] = []
        var child = index.firstChild(of: element)
        while child >= 0, notes.count < 3 {
            let node = index[child]
            if node.isElement, let hint = note(for: node.name, isElement: true, wanted) { notes.append(hint) }
            child = node.nextSibling
        }
        for attribute in index.attributes(of: element) where notes.count < 3 && !attribute.isNamespaceDeclaration {
            if let hint = note(for: attribute.name, isElement: false, wanted) { notes.append(hint) }
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    /// A key taken apart: its namespace URI (Clark notation), prefix and local name.
    private struct KeyName {
        let text: String
        let uri: String?
        let prefix: Substring?
        let local: Substring

        init(_ key: String) {
            text = key
            if key.first == "{", let close = key.firstIndex(of: "}") {
                uri = String(key[key.index(after: key.startIndex)..<close])
                prefix = nil
                local = key[key.index(after: close)...]
            } else if let colon = key.firstIndex(of: ":") {
                uri = nil
                prefix = key[..<colon]
                local = key[key.index(after: colon)...]
            } else {
                uri = nil
                prefix = nil
                local = key[...]
            }
        }
    }

    /// The note for a child element or an attribute with the key's local name, if it has it.
    private func note(for name: XMLName, isElement: Bool, _ key: KeyName) -> String? {
        let local = string(name.local)
        guard local == key.local else { return nil }
        let written = string(name.qualified)
        let uri = reader.namespaceURI(name) ?? ""
        let found =
            (isElement ? "Found element <\(written)>" : "Found attribute \(written)")
            + (uri.isEmpty ? "" : " (namespace \"\(uri)\")")
        // The name matches the key by the rules, so the key's placement kept it out.
        let misplaced = "\(found), but this key is read from \(isElement ? "attributes" : "elements") only."
        if let keyURI = key.uri {
            guard keyURI != uri else { return misplaced }
            return
                "\(found): a key \"{uri}local\" matches by namespace URI, and \"\(key.text)\" names another namespace."
        }
        guard isElement else {
            guard written != key.text else { return misplaced }
            let byURI = uri.isEmpty ? "" : ", or \"{\(uri)}\(local)\" for any prefix,"
            let rule = "attributes are matched by their names as written, prefix included"
            let mode = options.shouldProcessNamespaces ? ", even with shouldProcessNamespaces" : ""
            return "\(found): \(rule)\(mode); the key \"\(written)\"\(byURI) reads it."
        }
        if options.shouldProcessNamespaces {
            guard key.prefix != nil else { return misplaced }
            return
                "\(found): with shouldProcessNamespaces, element keys match local names, so the key "
                + "\"\(local)\" reads it."
        }
        guard written != key.text else { return misplaced }
        return "\(found): keys match element names as written, so the key \"\(written)\" reads it"
            + (!name.hasPrefix ? "." : ", as does \"\(local)\" with shouldProcessNamespaces.")
    }
}
