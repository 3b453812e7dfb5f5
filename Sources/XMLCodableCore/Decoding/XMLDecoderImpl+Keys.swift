// How keys meet names: byte comparison for the default strategy, a renamed map for the others,
// and where (attribute or element) each key is looked for.
//
// The rule, as XMLCoder reads names through Foundation's `XMLParser`: an element's name is matched
// as written (`h:td`), or by its local name (`td`) with `shouldProcessNamespaces`; an attribute's
// name is always matched as written, prefix included. So on `<sheet xmlns:r="…" r:id="rId1" id="7"/>`
// with `shouldProcessNamespaces`, the key `"r:id"` reads "rId1" and the key `"id"` reads "7" (only
// an unprefixed attribute answers an unprefixed key). A key in Clark notation, `{uri}local`,
// matches elements and attributes by namespace URI and local name whatever their prefix.

extension XMLDecoderImpl {
    /// The part of an element's name keys are matched against: the local name when namespaces
    /// are processed, else the name as written. (An attribute's is always its name as written:
    /// `attributeMatchName`.)
    @inline(__always)
    func matchSlice(_ name: XMLName) -> XMLSlice {
        options.shouldProcessNamespaces ? name.local : name.qualified
    }

    /// Whether an element's name equals the UTF-8 bytes of a key.
    @inline(__always)
    func nameMatches(_ name: XMLName, _ key: UncheckedBytes) -> Bool {
        nameMatches(name, key, local: options.shouldProcessNamespaces)
    }

    /// The value for a key named `name` under `element`, when no rules change the lookup: the
    /// element's text for `""`, a namespace match for a key in Clark notation, else children and
    /// attributes by name (see `lookUp`). (The enum-payload rule for `_0` is the caller's, which knows the key type.)
    ///
    /// `name` is consumed: the caller's key string is read in place, with no copy and so no count
    /// to keep (this runs for every key of every decoded value). Once a key of `element` is found
    /// absent, the element's name filter answers most other absent keys without a lookup
    /// (NameFilter.swift).
    func find(_ name: consuming String, in element: Int32, placement: XMLDecoder.NodeDecoding, wantsList: Bool)
        -> XMLValue?
    {
        if name.isEmpty { return .text(ofElement: element) }
        var qualified = false
        var found = name.withUncheckedUTF8 { key -> XMLValue? in
            if key[unchecked: 0] == UInt8(ascii: "{") {
                qualified = true
                return nil
            }
            return findPlain(
                key, bit: { NameFilter.bit(of: key, start: 0, end: key.count) }, in: element,
                placement: placement, wantsList: wantsList)
        }
        if qualified { found = findQualified(name, in: element, placement: placement, wantsList: wantsList) }
        return found
    }

    /// `find` for a key whose name `keyNames` knows as plain (see KeyNameTable.swift): the same
    /// search, from the name's bytes and filter bit learnt before, with no `String`.
    func find(known entry: KeyNameTable.Entry, in element: Int32, placement: XMLDecoder.NodeDecoding, wantsList: Bool)
        -> XMLValue?
    {
        let start = Int(entry.start)
        let key = keyNames.byteView.extracting(unchecked: start..<(start + Int(entry.count)))
        return findPlain(key, bit: { entry.bit }, in: element, placement: placement, wantsList: wantsList)
    }

    /// Both `find`s for a plain name (not empty, not Clark): absent if `element`'s name filter
    /// rules out the name's filter bit (`bit`, asked only then), else a lookup, and the element's
    /// filter made when the name is absent.
    @inline(__always)
    private func findPlain(
        _ key: UncheckedBytes, bit: () -> UInt64, in element: Int32, placement: XMLDecoder.NodeDecoding,
        wantsList: Bool
    ) -> XMLValue? {
        if element == filteredElement, filter.bits & bit() == 0 { return nil }
        let found = lookUp(key, in: element, placement: placement, wantsList: wantsList)
        if found == nil, element != filteredElement { filterNames(of: element) }
        return found
    }

    /// Makes `element`'s name filter the one `find` tests absent keys with (out of line: once
    /// per element with an absent key).
    @inline(never)
    private func filterNames(of element: Int32) {
        filter = nameFilter(of: element)
        filteredElement = element
    }

    /// For a key that found nothing: Swift's synthesized Codable for an enum case with one unnamed
    /// associated value asks for `_0` inside the case's element, and `<int>1</int>` holds the
    /// value itself (as `XMLEncoder.EnumPayloadEncodingStrategy.caseElement` writes it), so `_0`
    /// is the element itself when it has child elements (a scalar there is a type mismatch, not
    /// the text around them), else its content as for the `""` key: its text, or its attributes
    /// for a value with keys. An empty element, or one marked `xsi:nil`, is `nil` for an optional.
    func enumPayload(key name: String, of element: Int32) -> XMLValue? {
        guard name == "_0" else { return nil }
        return index[element].hasChildElements ? .element(element) : .text(ofElement: element)
    }

    /// A key in Clark notation, `{namespace-uri}local`, matches names by namespace URI and local
    /// name, whatever prefix the document uses.
    func findQualified(_ name: String, in element: Int32, placement: XMLDecoder.NodeDecoding, wantsList: Bool)
        -> XMLValue?
    {
        guard let close = name.firstIndex(of: "}") else { return nil }
        let uri = String(name[name.index(after: name.startIndex)..<close])
        let local = String(name[name.index(after: close)...])
        func matches(_ candidate: XMLName) -> Bool {
            (reader.namespaceURI(candidate) ?? "") == uri && slice(candidate.local, equals: local)
        }
        if placement != .attribute {
            var elements: [Int32] = []
            var child = index.firstChild(of: element)
            while child >= 0 {
                let node = index[child]
                if node.isElement, matches(node.name) { elements.append(child) }
                child = node.nextSibling
            }
            if !elements.isEmpty {
                return wantsList || elements.count > 1 ? .elements(makeList(elements)) : .element(elements[0])
            }
        }
        if placement != .element {
            let base = index[element].firstAttribute
            for (offset, attribute) in index.attributes(of: element).enumerated()
            where !attribute.isNamespaceDeclaration && matches(attribute.name) {
                return .attribute(base + Int32(offset))
            }
        }
        return nil
    }

    /// The value a plain key (no strategy renaming, no Clark notation) names under `element`: the
    /// child elements with that name (a list when there are several, or when `wantsList`), else
    /// the attribute with that name as written. Not generic, so that it is compiled once, specialized.
    func lookUp(_ name: String, in element: Int32, placement: XMLDecoder.NodeDecoding, wantsList: Bool) -> XMLValue? {
        var name = name
        return name.withUncheckedUTF8 { key in
            lookUp(key, in: element, placement: placement, wantsList: wantsList)
        }
    }

    /// `lookUp` with the key's UTF-8 bytes: one pass over the children (skipped when no child's
    /// name can match, see `XMLIndex.Node.childNameBits`), then one over the attributes, comparing
    /// lengths before bytes. Reads the index without bounds checks and without retaining its
    /// arrays (the decoder's `nodeView` and `attributeView`, following the links the index
    /// builder made) and names in the document without them (`UncheckedBytes`, at slices the
    /// builder made): this runs once per key of every decoded value.
    ///
    /// The loops compare names in the document's bytes only, and call nothing they cannot see
    /// into: a name that lies elsewhere (in an entity's replacement text, rare) sends the lookup
    /// to `lookUpAnywhere`. (A call the optimizer cannot see into might replace the index, so it
    /// would retain the index's arrays around every loop.)
    private func lookUp(_ key: UncheckedBytes, in element: Int32, placement: XMLDecoder.NodeDecoding, wantsList: Bool)
        -> XMLValue?
    {
        guard !key.isEmpty else { return nil }
        let local = options.shouldProcessNamespaces
        // The index through the decoder's views of it (`nodeView`, `attributeView`): no array is
        // retained around the loops.
        let nodes = nodeView
        let elementNode = nodes[unchecked: Int(element)]
        let keyBit = XMLIndex.Node.nameBit(key[unchecked: key.count - 1])
        if placement != .attribute, elementNode.childNameBits & keyBit != 0 {
            // First pass: the first match and how many there are; a list, if any, is then
            // appended to `listNodes` at its final size.
            var first: Int32 = -1
            var count = 0
            var child: Int32 = elementNode.hasChildren ? element + 1 : -1
            while child >= 0 {
                let node = nodes[unchecked: Int(child)]
                if node.kind == .element {
                    switch nodeNameMatch(node, key, local: local) {
                    case .equal:
                        if first < 0 { first = child }
                        count += 1
                    case .different:
                        break
                    case .elsewhere:
                        return lookUpAnywhere(key, in: element, placement: placement, wantsList: wantsList)
                    }
                }
                child = node.nextSibling
            }
            if count > 1 || (count == 1 && wantsList) {
                let start = listNodes.count
                var child = first
                var found = 0
                // Every name from `first` on was compared in the first pass: all are in the document.
                while child >= 0, found < count {
                    let node = nodes[unchecked: Int(child)]
                    if node.kind == .element, nodeNameMatch(node, key, local: local) == .equal {
                        listNodes.append(child)
                        found += 1
                    }
                    child = node.nextSibling
                }
                return .elements(XMLNodeList(start: start, count: listNodes.count - start))
            }
            if first >= 0 { return .element(first) }
        }
        guard placement != .element, elementNode.attributeCount > 0 else { return nil }
        let start = Int(elementNode.firstAttribute)
        let end = start + Int(elementNode.attributeCount)
        // Keys usually come in the order of the attributes: start after the last one found (when
        // it is in this element), then wrap around. Attributes are matched by their names as
        // written, which are unique within an element, so where the search starts cannot change
        // what it finds.
        let cursor = attributeCursor
        let from = cursor > start && cursor < end ? cursor : start
        // A namespace declaration is read only by a key that is its whole name (`xmlns:dc`, as in
        // XMLCoder's RSS models); other keys never see declarations.
        let declarationKey = Self.isDeclarationName(key)
        let packed = attributeView
        var position = from
        repeat {
            let entry = packed[unchecked: position]
            if !entry.isNamespaceDeclaration || declarationKey {
                let match =
                    entry.isOverflowed
                    ? nameMatch(overflowedAttributeName(entry), key, local: false)
                    : packedNameMatch(entry, key)
                switch match {
                case .equal:
                    attributeCursor = position + 1
                    return .attribute(Int32(position))
                case .different:
                    break
                case .elsewhere:
                    return lookUpAnywhere(key, in: element, placement: placement, wantsList: wantsList)
                }
            }
            position += 1
            if position == end { position = start }
        } while position != from
        return nil
    }

    /// The name of an attribute kept whole in the index's overflow array (rare: out of line).
    @inline(never)
    private func overflowedAttributeName(_ entry: XMLIndex.CompactAttribute) -> XMLName {
        entry.attribute(overflow: index.attributes.overflow).name
    }

    /// Whether a packed attribute's name (always in the document) equals the key's bytes.
    @inline(__always)
    private func packedNameMatch(_ entry: XMLIndex.CompactAttribute, _ key: UncheckedBytes) -> NameMatch {
        guard Int(entry.nameLength) == key.count else { return .different }
        return documentBytesMatch(source: 0, start: Int(entry.nameStart), key)
    }

    /// `lookUp` where some name lies outside the document's bytes (in an entity's replacement
    /// text): the same rules, through the reader.
    @inline(never)
    private func lookUpAnywhere(
        _ key: UncheckedBytes, in element: Int32, placement: XMLDecoder.NodeDecoding, wantsList: Bool
    ) -> XMLValue? {
        let local = options.shouldProcessNamespaces
        func matches(_ slice: XMLSlice) -> Bool {
            slice.end - slice.start == key.count
                && reader.withUncheckedBytes(of: slice) { $0.elementsEqual(key) }
        }
        if placement != .attribute {
            var elements: [Int32] = []
            var child = index.firstChild(of: element)
            while child >= 0 {
                let node = index[child]
                if node.isElement, matches(local ? node.name.local : node.name.qualified) { elements.append(child) }
                child = node.nextSibling
            }
            if !elements.isEmpty {
                return wantsList || elements.count > 1 ? .elements(makeList(elements)) : .element(elements[0])
            }
        }
        guard placement != .element else { return nil }
        let declarationKey = Self.isDeclarationName(key)
        let base = index[element].firstAttribute
        for (offset, attribute) in index.attributes(of: element).enumerated() {
            if (!attribute.isNamespaceDeclaration || declarationKey) && matches(attribute.name.qualified) {
                attributeCursor = Int(base) + offset + 1
                return .attribute(base + Int32(offset))
            }
        }
        return nil
    }

    /// Whether a key is a namespace declaration's name: `xmlns` or `xmlns:prefix`.
    @inline(__always)
    static func isDeclarationName(_ key: UncheckedBytes) -> Bool {
        guard key.count >= 5, key[unchecked: 0] == UInt8(ascii: "x") else { return false }
        guard key[unchecked: 1] == UInt8(ascii: "m"), key[unchecked: 2] == UInt8(ascii: "l"),
            key[unchecked: 3] == UInt8(ascii: "n"),
            key[unchecked: 4] == UInt8(ascii: "s")
        else { return false }
        return key.count == 5 || key[unchecked: 5] == UInt8(ascii: ":")
    }

    /// How a name compares with a key: equal, different, or elsewhere (not in the document's
    /// bytes, so not compared here).
    enum NameMatch {
        case equal, different, elsewhere
    }

    /// Whether an element node's name (its local part when `local`) equals the key's bytes.
    @inline(__always)
    private func nodeNameMatch(_ node: XMLIndex.Node, _ key: UncheckedBytes, local: Bool) -> NameMatch {
        var start = Int(node.start)
        var count = Int(node.length)
        if local, node.prefixLength >= 0 {
            start += Int(node.prefixLength) + 1
            count -= Int(node.prefixLength) + 1
        }
        guard count == key.count else { return .different }
        return documentBytesMatch(source: node.source, start: start, key)
    }

    /// Whether a name (its local part when `local`) equals the key's bytes.
    @inline(__always)
    private func nameMatch(_ name: XMLName, _ key: UncheckedBytes, local: Bool) -> NameMatch {
        let slice = local ? name.local : name.qualified
        guard slice.end - slice.start == key.count else { return .different }
        return documentBytesMatch(source: slice.source, start: slice.start, key)
    }

    /// Whether the key's bytes equal as many of the document's at `start` (a byte loop: keys are
    /// short); `.elsewhere` for bytes in another buffer than the document's. The name's range is
    /// a slice the index builder made from this document, so it lies within `document`.
    @inline(__always)
    private func documentBytesMatch(source: UInt32, start: Int, _ key: UncheckedBytes) -> NameMatch {
        guard source == 0, !document.isEmpty else { return .elsewhere }
        let count = key.count
        let name = document.extracting(unchecked: start..<(start + count))
        var index = 0
        while index < count {
            if name[unchecked: index] != key[unchecked: index] { return .different }
            index += 1
        }
        return .equal
    }

    /// Whether a name (its local part when `local`) equals the key's bytes, wherever it lies.
    private func nameMatches(_ name: XMLName, _ key: UncheckedBytes, local: Bool) -> Bool {
        switch nameMatch(name, key, local: local) {
        case .equal: return true
        case .different: return false
        case .elsewhere: return entityTextEquals(local ? name.local : name.qualified, key)
        }
    }

    /// `nameMatches` for a name in an entity's replacement text (rare: kept out of line).
    @inline(never)
    private func entityTextEquals(_ slice: XMLSlice, _ key: UncheckedBytes) -> Bool {
        reader.withUncheckedBytes(of: slice) { $0.elementsEqual(key) }
    }

    /// An element's name as the string keys are matched against.
    func matchName(_ name: XMLName) -> String {
        string(matchSlice(name))
    }

    /// An attribute's name as the string keys are matched against: as written, prefix included,
    /// whether or not namespaces are processed (as XMLCoder reads attributes).
    func attributeMatchName(_ name: XMLName) -> String {
        string(name.qualified)
    }

    /// Where the type being decoded wants each key read from, if it says.
    func placement() -> ((any CodingKey) -> XMLDecoder.NodeDecoding)? {
        switch options.nodeDecodingStrategy {
        case .deferredToDecoder:
            guard let dynamic = currentTraits.dynamicNodeDecoding else { return nil }
            return { dynamic.nodeDecoding(for: $0) }
        case .custom(let closure):
            let choose = closure(currentType, self)
            return { choose($0) }
        }
    }

    /// Where a property wrapper puts its value: attributes, elements, or either.
    func wrapperPlacement<T>(_ type: T.Type) -> XMLDecoder.NodeDecoding {
        (type as? any XMLWrapperMarker.Type)?.placement ?? .elementOrAttribute
    }

    /// For a key decoding strategy that renames: each converted name → the children and
    /// attributes that carry it. `nil` for `useDefaultKeys`.
    func renamedChildren(of element: Int32, path: CodingPathNode) -> [String: [XMLValue]]? {
        if case .useDefaultKeys = options.keyDecodingStrategy { return nil }
        var map: [String: [XMLValue]] = [:]
        for child in index.children(of: element) where index[child].isElement {
            map[convert(matchName(index[child].name), path: path), default: []].append(.element(child))
        }
        let base = index[element].firstAttribute
        for (offset, attribute) in index.attributes(of: element).enumerated() where !attribute.isNamespaceDeclaration {
            map[convert(attributeMatchName(attribute.name), path: path), default: []].append(
                .attribute(base + Int32(offset)))
        }
        return map
    }

    /// An XML name converted by the key decoding strategy.
    func convert(_ name: String, path: CodingPathNode) -> String {
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: return name
        case .convertFromSnakeCase: return KeyConversion.camelCase(name, separator: "_")
        case .convertFromKebabCase: return KeyConversion.camelCase(name, separator: "-")
        case .convertFromCapitalized: return KeyConversion.lowercasingFirst(name)
        case .convertFromUppercase: return KeyConversion.camelCase(name.lowercased(), separator: "_")
        case .custom(let closure): return closure(path.path(appending: XMLKey(stringValue: name))).stringValue
        }
    }
}

/// The name conversions of the key strategies (shared with the encoder).
internal enum KeyConversion {
    /// `one_two_three` → `oneTwoThree`; leading and trailing separators are kept.
    static func camelCase(_ name: String, separator: Character) -> String {
        guard !name.isEmpty, name.contains(separator) else { return name }
        guard let first = name.firstIndex(where: { $0 != separator }) else { return name }
        guard let last = name.lastIndex(where: { $0 != separator }) else { return name }
        let words = name[first...last].split(separator: separator, omittingEmptySubsequences: true)
        guard let head = words.first else { return name }
        var result = String(name[..<first]) + head.lowercased()
        for word in words.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        return result + String(name[name.index(after: last)...])
    }

    /// `CodingKey` → `codingKey`.
    static func lowercasingFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }
}
