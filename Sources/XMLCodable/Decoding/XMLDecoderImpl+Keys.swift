// How keys meet names: byte comparison for the default strategy, a renamed map for the others,
// and where (attribute or element) each key is looked for.

extension XMLDecoderImpl {
    /// The part of a name keys are matched against: the local name when namespaces are
    /// processed, else the name as written.
    @inline(__always)
    func matchSlice(_ name: XMLName) -> XMLSlice {
        options.shouldProcessNamespaces ? name.local : name.qualified
    }

    /// Whether a name equals the UTF-8 bytes of a key.
    @inline(__always)
    func nameMatches(_ name: XMLName, _ key: UnsafeRawBufferPointer) -> Bool {
        let slice = matchSlice(name)
        guard slice.rawCount == key.count else { return false }
        return reader.withUnsafeRawBytes(of: slice) { bytesEqual($0, key) }
    }

    /// A name as the string keys are matched against.
    func matchName(_ name: XMLName) -> String {
        reader.string(matchSlice(name))
    }

    /// Where the type being decoded wants each key read from, if it says.
    func placement() -> ((any CodingKey) -> XMLDecoder.NodeDecoding)? {
        switch options.nodeDecodingStrategy {
        case .deferredToDecoder:
            guard let dynamic = traits(of: currentType).dynamicNodeDecoding else { return nil }
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
            map[convert(matchName(attribute.name), path: path), default: []].append(.attribute(base + Int32(offset)))
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
