// The keyed container: a value's properties written into one element, as attributes or child
// elements. Where each key goes is decided, in order, by the node encoding strategy (or the type's
// `DynamicNodeEncoding` conformance), then by the property wrapper, else a child element. Arrays
// become repeated elements named by the key (or a wrapped list, per `XMLListCoding`); the `""`
// key writes the element's own text; `superEncoder()` reserves its element where it is called,
// so sibling order is kept.

internal struct XMLKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: XMLEncoderImpl
    let element: XMLTreeElement
    let path: CodingPathNode
    /// The placement the encoded type asks for, per key, if it asks.
    let placement: ((any CodingKey) -> XMLEncoder.NodeEncoding?)?
    /// The encoded type's wrapped-list properties, if it declares any.
    let listCoding: (any XMLListCoding.Type)?
    /// The encoded type is a dictionary: its list values are wrapped, so an empty one keeps its key.
    let isDictionary: Bool

    init(encoder: XMLEncoderImpl, element: XMLTreeElement, path: CodingPathNode) {
        self.encoder = encoder
        self.element = element
        self.path = path
        let type = encoder.currentType
        let traits = encoder.traits(of: type)
        switch encoder.options.nodeEncodingStrategy {
        case .deferredToEncoder:
            if let dynamic = traits.dynamicNodeEncoding {
                placement = { dynamic.nodeEncoding(for: $0) }
            } else {
                placement = nil
            }
        case .custom(let closure):
            let choose = closure(type, encoder)
            placement = { choose($0) }
        }
        listCoding = traits.listCoding
        isDictionary = traits.isDictionary
    }

    var codingPath: [any CodingKey] { path.path }

    /// Where a key's value goes.
    private func placement<T>(_ key: Key, _ type: T.Type) -> XMLEncoder.NodeEncoding {
        if let chosen = placement?(key) { return chosen }
        switch (type as? any XMLWrapperMarker.Type)?.placement {
        case .attribute: return .attribute
        case .elementOrAttribute: return .both
        default: return .element
        }
    }

    // MARK: - Scalars

    /// Writes text under a key: as the element's own text (`""`), an attribute, a child element,
    /// or both. The fast path for scalars: no generic dispatch, and the coding path is built only
    /// for an error.
    private func writeText(_ text: String, forKey key: Key, as type: Any.Type) throws {
        if XMLTreeValidation.invalidCharacter(in: text) != nil { _ = try encoder.checkedText(text, path: path.appending(key)) }
        let node: XMLTreeNode = encoder.options.stringEncodingStrategy == .cdata && type == String.self && !text.isEmpty ? .cdata(text) : .text(text)
        if key.stringValue.isEmpty {
            if !text.isEmpty { element.children.append(node) }
            return
        }
        let name = try encoder.name(for: key, parent: path)
        let where_ = placement(key, type)
        if where_ != .element { element.setAttribute(name, text) }
        if where_ != .attribute {
            let child = element.addElement(name)
            if !text.isEmpty { child.children.append(node) }
        }
    }

    func encodeNil(forKey key: Key) throws {
        guard encoder.options.nilEncodingStrategy != .omitted, !key.stringValue.isEmpty else { return }
        let child = element.addElement(try encoder.name(for: key, parent: path))
        if encoder.options.nilEncodingStrategy == .xsiNil { encoder.markNil(child) }
    }

    func encode(_ value: Bool, forKey key: Key) throws { try writeText(value ? "true" : "false", forKey: key, as: Bool.self) }
    func encode(_ value: String, forKey key: Key) throws { try writeText(value, forKey: key, as: String.self) }
    func encode(_ value: Double, forKey key: Key) throws {
        try writeText(try encoder.number(value, path: PathRef(parent: path, key: key)), forKey: key, as: Double.self)
    }
    func encode(_ value: Float, forKey key: Key) throws {
        try writeText(try encoder.number(value, path: PathRef(parent: path, key: key)), forKey: key, as: Float.self)
    }
    func encode(_ value: Int, forKey key: Key) throws { try writeText(value.description, forKey: key, as: Int.self) }
    func encode(_ value: Int8, forKey key: Key) throws { try writeText(value.description, forKey: key, as: Int8.self) }
    func encode(_ value: Int16, forKey key: Key) throws { try writeText(value.description, forKey: key, as: Int16.self) }
    func encode(_ value: Int32, forKey key: Key) throws { try writeText(value.description, forKey: key, as: Int32.self) }
    func encode(_ value: Int64, forKey key: Key) throws { try writeText(value.description, forKey: key, as: Int64.self) }
    func encode(_ value: UInt, forKey key: Key) throws { try writeText(value.description, forKey: key, as: UInt.self) }
    func encode(_ value: UInt8, forKey key: Key) throws { try writeText(value.description, forKey: key, as: UInt8.self) }
    func encode(_ value: UInt16, forKey key: Key) throws { try writeText(value.description, forKey: key, as: UInt16.self) }
    func encode(_ value: UInt32, forKey key: Key) throws { try writeText(value.description, forKey: key, as: UInt32.self) }
    func encode(_ value: UInt64, forKey key: Key) throws { try writeText(value.description, forKey: key, as: UInt64.self) }

    // MARK: - Everything else

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let keyPath = path.appending(key)
        if key.stringValue.isEmpty {
            try encoder.encode(value, into: .element(element), path: keyPath)
            return
        }
        let name = try encoder.name(for: key, parent: path)
        let where_ = placement(key, T.self)
        if where_ != .element {
            element.setAttribute(name, try attributeText(value, path: keyPath))
        }
        guard where_ != .attribute else { return }
        if encoder.traits(of: T.self).isList {
            if isDictionary {
                let wrapper = element.addElement(name)
                try encoder.encode(value, into: .list(parent: wrapper, itemName: "item"), path: keyPath)
            } else if let itemName = listCoding?.xmlListItemName(for: key) {
                let wrapper = element.addElement(name)
                try encoder.encode(value, into: .list(parent: wrapper, itemName: try encoder.checkedName(itemName, path: keyPath)), path: keyPath)
            } else {
                try encoder.encode(value, into: .list(parent: element, itemName: name), path: keyPath)
            }
            return
        }
        try encoder.encode(value, into: .element(element.addElement(name)), path: keyPath)
    }

    /// The text of a value written as an attribute; refused for values that are not text.
    private func attributeText<T: Encodable>(_ value: T, path: CodingPathNode) throws -> String {
        let scratch = XMLTreeElement(name: "attribute")
        try encoder.encode(value, into: .element(scratch), path: path)
        var text = ""
        for child in scratch.children {
            switch child {
            case .text(let part), .cdata(let part): text += part
            case .element:
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: path.path, debugDescription: "Complex values cannot be encoded as attributes."))
            }
        }
        guard scratch.attributes.isEmpty else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.path, debugDescription: "Complex values cannot be encoded as attributes."))
        }
        return text
    }

    // MARK: - Optionals under the nil strategy

    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }

    // MARK: - Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let keyPath = path.appending(key)
        let child = key.stringValue.isEmpty ? element : element.addElement(nameOrPlaceholder(key, keyPath))
        return KeyedEncodingContainer(XMLKeyedEncodingContainer<NestedKey>(encoder: encoder, element: child, path: keyPath))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let keyPath = path.appending(key)
        return XMLUnkeyedEncodingContainer(encoder: encoder, parent: element, itemName: nameOrPlaceholder(key, keyPath), path: keyPath)
    }

    func superEncoder() -> any Encoder {
        superEncoder(named: "super", key: XMLKey.super)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: nameOrPlaceholder(key, path.appending(key)), key: key)
    }

    /// An encoder for a superclass, writing into an element reserved here, so it keeps its place.
    private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
        let child = element.addElement(name)
        let superEncoder = XMLEncoderImpl(options: encoder.options)
        superEncoder.target = .element(child)
        superEncoder.codingPathNode = path.appending(key)
        superEncoder.parent = encoder
        // The base class's `encode(to:)` runs next: its `DynamicNodeEncoding` (inherited by the
        // subclass) still applies.
        superEncoder.currentType = encoder.currentType
        return superEncoder
    }

    /// The protocol's nested-container methods cannot throw: an invalid name is recorded and
    /// reported when encoding finishes.
    private func nameOrPlaceholder(_ key: any CodingKey, _ keyPath: CodingPathNode) -> String {
        do {
            return try encoder.name(for: key, parent: path)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            return "invalid"
        }
    }
}

/// Arrays (and other sequences that encode as lists) written as repeated elements.
internal protocol XMLEncodableList {}
extension Array: XMLEncodableList {}
extension ContiguousArray: XMLEncodableList {}
extension Set: XMLEncodableList {}
