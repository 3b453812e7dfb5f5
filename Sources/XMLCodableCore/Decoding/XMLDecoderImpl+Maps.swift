// Reading a map's entries (`XMLMapCoding`): each entry's key, from a child element or an
// attribute. `XMLKeyedDecodingContainer.map` collects the entries; the dictionary then reads them
// through a keyed container whose keys are the entries' keys. For
//
//     <tags><entry><key>env</key><value>prod</value></entry></tags>
//
// under `.wrapped`, the key of the one entry is "env" and its value the element `<value>`.

extension XMLDecoderImpl {
    /// The key of a map entry: the text of its key element or attribute. An entry without one,
    /// or with several key elements, is an error.
    func mapKey(of entry: Int32, format: XMLMapFormat, path: CodingPathNode) throws -> String {
        let placement: XMLDecoder.NodeDecoding = format.keyPlacement == .attribute ? .attribute : .element
        let found =
            format.key.utf8.first == UInt8(ascii: "{")
            ? findQualified(format.key, in: entry, placement: placement, wantsList: false)
            : lookUp(format.key, in: entry, placement: placement, wantsList: false)
        let what = placement == .attribute ? "attribute" : "element"
        guard let found else {
            throw dataCorrupted(
                "The map entry \(describe(.element(entry))) has no key \(what) \"\(format.key)\"", at: .element(entry),
                path: PathRef(path))
        }
        if case .elements = found {
            throw dataCorrupted(
                "The map entry \(describe(.element(entry))) has several key elements \"\(format.key)\"",
                at: .element(entry), path: PathRef(path))
        }
        // Keys are data: read as written, never trimmed.
        return try withText(found, expecting: String.self, path: PathRef(path)) { $0.string }
    }
}
