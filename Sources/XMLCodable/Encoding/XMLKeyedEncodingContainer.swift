// The keyed container: a value's properties written into one element, as attributes or child
// elements. Where each key goes is decided, in order, by the node encoding strategy (or the type's
// `DynamicNodeEncoding` conformance), then by the property wrapper, else a child element. Arrays
// become repeated elements named by the key (or a wrapped list, per `XMLListCoding`); the `""`
// key writes the element's own text; `superEncoder()` reserves its element where it is called,
// so sibling order is kept.

internal struct XMLKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    typealias Index = XMLEncodedTree.Index
    typealias NameID = XMLEncodedTree.NameID
    typealias Span = XMLEncodedTree.Span

    let encoder: XMLEncoderImpl
    let tree: XMLEncodedTree
    let element: Index
    let path: CodingPathNode
    /// The encoded type's own placement of its keys, if it has one.
    let dynamic: (any DynamicNodeEncoding.Type)?
    /// The node strategy's placement, if it is a closure.
    let custom: XMLEncoder.XMLNodeEncoderClosure?
    /// The encoded type's wrapped-list properties, if it declares any.
    let listCoding: (any XMLListCoding.Type)?
    /// The encoded type is a dictionary: its list values are wrapped, so an empty one keeps its key.
    let isDictionary: Bool
    /// Strings are written as CDATA.
    let cdata: Bool
    /// The names of `Key`'s keys, and where the next key is expected among them.
    let keyNames: KeyNames?
    var position = 0

    init(encoder: XMLEncoderImpl, element: Index, path: CodingPathNode) {
        self.encoder = encoder
        tree = encoder.tree
        self.element = element
        self.path = path
        let type = encoder.currentType
        let traits = encoder.traits(of: type)
        switch encoder.options.nodeEncodingStrategy {
        case .deferredToEncoder:
            dynamic = traits.dynamicNodeEncoding
            custom = nil
        case .custom(let closure):
            dynamic = nil
            custom = closure(type, encoder)
        }
        listCoding = traits.listCoding
        isDictionary = traits.isDictionary
        cdata = encoder.options.stringEncodingStrategy == .cdata
        keyNames = encoder.keyNames(for: Key.self)
    }

    var codingPath: [any CodingKey] { path.path }

    /// Where a key's value goes, for a value of a type that may be a property wrapper.
    private func placement(_ key: Key, wrapper: XMLEncoder.NodeEncoding?) -> XMLEncoder.NodeEncoding {
        if let dynamic { return dynamic.nodeEncoding(for: key) }
        if let custom, let chosen = custom(key) { return chosen }
        return wrapper ?? .element
    }

    /// The name a key is written under.
    @inline(__always)
    private mutating func name(for key: Key, _ stringValue: String) throws -> NameID {
        if let keyNames, let name = keyNames.name(for: stringValue, at: &position) { return name }
        return try newName(for: key, stringValue)
    }

    private mutating func newName(for key: Key, _ stringValue: String) throws -> NameID {
        let name = try encoder.nameID(for: key, stringValue: stringValue, parent: path)
        keyNames?.add(stringValue, name: name, at: &position)
        return name
    }

    // MARK: - Scalars

    /// Writes checked text under a key: as the element's own text (`""`), an attribute, a child
    /// element, or both. The fast path for scalars: no generic dispatch, and the coding path is
    /// built only for an error.
    private mutating func write(_ text: Span, forKey key: Key, cdata: Bool) throws {
        let stringValue = key.stringValue
        let cdata = cdata && text.count > 0
        if stringValue.isEmpty {
            if text.count > 0 { tree.addText(text, cdata: cdata, to: element) }
            return
        }
        let name = try name(for: key, stringValue)
        let destination = placement(key, wrapper: nil)
        if destination != .element { tree.setAttribute(name, text, on: element) }
        if destination != .attribute {
            let child = tree.addElement(name, to: element)
            if text.count > 0 { tree.addText(text, cdata: cdata, to: child) }
        }
    }

    private mutating func write(_ string: String, forKey key: Key, cdata: Bool) throws {
        let span = tree.append(string)
        if span.flags & XMLEncodedTree.Flags.suspect != 0 { _ = try encoder.checkedText(string, path: path.appending(key)) }
        try write(span, forKey: key, cdata: cdata)
    }

    mutating func encodeNil(forKey key: Key) throws {
        let stringValue = key.stringValue
        guard encoder.options.nilEncodingStrategy != .omitted, !stringValue.isEmpty else { return }
        let child = tree.addElement(try name(for: key, stringValue), to: element)
        if encoder.options.nilEncodingStrategy == .xsiNil { encoder.markNil(child) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try write(tree.append(value ? "true" : "false"), forKey: key, cdata: false) }
    mutating func encode(_ value: String, forKey key: Key) throws { try write(value, forKey: key, cdata: cdata) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard value.isFinite else { return try write(try encoder.number(value, path: PathRef(parent: path, key: key)), forKey: key, cdata: false) }
        try write(tree.append(finite: value), forKey: key, cdata: false)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard value.isFinite else { return try write(try encoder.number(value, path: PathRef(parent: path, key: key)), forKey: key, cdata: false) }
        try write(tree.append(finite: value), forKey: key, cdata: false)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try write(tree.append(integer: value), forKey: key, cdata: false) }

    // MARK: - Everything else

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let keyPath = path.appending(key)
        let stringValue = key.stringValue
        if stringValue.isEmpty {
            try encoder.encode(value, into: .element(element), path: keyPath)
            return
        }
        let name = try name(for: key, stringValue)
        let traits = encoder.traits(of: T.self)
        let destination = placement(key, wrapper: traits.wrapperPlacement)
        if destination != .element {
            tree.setAttribute(name, try attributeText(value, path: keyPath), on: element)
        }
        guard destination != .attribute else { return }
        if traits.isList {
            if isDictionary {
                let wrapper = tree.addElement(name, to: element)
                try encoder.encode(value, into: .list(parent: wrapper, itemName: tree.intern("item")), path: keyPath)
            } else if let itemName = listCoding?.xmlListItemName(for: key) {
                let wrapper = tree.addElement(name, to: element)
                let item = tree.intern(try encoder.checkedName(itemName, path: keyPath))
                try encoder.encode(value, into: .list(parent: wrapper, itemName: item), path: keyPath)
            } else {
                try encoder.encode(value, into: .list(parent: element, itemName: name), path: keyPath)
            }
            return
        }
        try encoder.encode(value, into: .element(tree.addElement(name, to: element)), path: keyPath)
    }

    /// The text of a value written as an attribute; refused for values that are not text.
    private func attributeText<T: Encodable>(_ value: T, path: CodingPathNode) throws -> Span {
        let scratch = tree.makeElement(tree.intern("attribute"))
        try encoder.encode(value, into: .element(scratch), path: path)
        let node = tree.nodes[scratch]
        guard node.firstAttribute < 0 else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path.path, debugDescription: "Complex values cannot be encoded as attributes."))
        }
        var parts: [Span] = []
        var child = node.firstChild
        while child >= 0 {
            let found = tree.nodes[child]
            guard found.kind != .element else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: path.path, debugDescription: "Complex values cannot be encoded as attributes."))
            }
            parts.append(found.text)
            child = found.next
        }
        return parts.isEmpty ? tree.append("") : tree.concatenate(parts)
    }

    // MARK: - Optionals under the nil strategy

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    // MARK: - Nested containers

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let keyPath = path.appending(key)
        let child = key.stringValue.isEmpty ? element : tree.addElement(nameOrPlaceholder(key), to: element)
        return KeyedEncodingContainer(XMLKeyedEncodingContainer<NestedKey>(encoder: encoder, element: child, path: keyPath))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let keyPath = path.appending(key)
        return XMLUnkeyedEncodingContainer(encoder: encoder, parent: element, itemName: nameOrPlaceholder(key), path: keyPath)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: tree.intern("super"), key: XMLKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: nameOrPlaceholder(key), key: key)
    }

    /// An encoder for a superclass, writing into an element reserved here, so it keeps its place.
    private func superEncoder(named name: NameID, key: any CodingKey) -> any Encoder {
        XMLEncoderImpl(parent: encoder, element: tree.addElement(name, to: element), path: path.appending(key))
    }

    /// The protocol's nested-container methods cannot throw: an invalid name is recorded and
    /// reported when encoding finishes.
    private mutating func nameOrPlaceholder(_ key: Key) -> NameID {
        do {
            return try name(for: key, key.stringValue)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            return tree.intern("invalid")
        }
    }
}

/// Arrays (and other sequences that encode as lists) written as repeated elements.
internal protocol XMLEncodableList {}
extension Array: XMLEncodableList {}
extension ContiguousArray: XMLEncodableList {}
extension Set: XMLEncodableList {}
