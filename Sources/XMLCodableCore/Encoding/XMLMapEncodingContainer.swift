// The keyed container of a value written as a map (`XMLMapCoding`): each key the value encodes
// becomes an entry holding the key and the value. For `["env": "prod"]` under `.wrapped`, the
// dictionary's one `encode("prod", forKey: "env")` writes, inside the wrapper,
//
//     <entry><key>env</key><value>prod</value></entry>
//
// and under `XMLMapFormat(entry: "string", key: "name", value: nil, keyPlacement: .attribute)`
// `<string name="env">prod</string>`. The value is written as a value under a key is (an element
// named after the value, repeated for a list; `xsi:nil` for nil), or into the entry itself.
// Keys are data, not names: any string is a key, and the key strategy does not apply to it.

internal struct XMLMapEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    typealias Index = XMLEncodedTree.Index

    let encoder: XMLEncoderImpl
    /// The element the entries go into: the wrapper, or the parent of flattened entries.
    let parent: Index
    let names: XMLEncoderImpl.MapNames
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.path }

    /// A new entry holding `key`.
    private func entry(for key: any CodingKey) throws -> Index {
        try encoder.checkInUse()
        let tree = encoder.tree
        let entry = tree.addElement(names.entry, to: parent)
        let text = try encoder.checkedSpan(key.stringValue, path: path.appending(key))
        if names.keyIsAttribute {
            tree.setAttribute(names.key, text, on: entry)
        } else {
            tree.addElement(names.key, text: text, cdata: false, to: entry)
        }
        if encoder.options.outputFormatting.contains(.sortedKeys) {
            encoder.mapEntryKeys.append((key.stringValue, entry))
        }
        return entry
    }

    /// Where an entry's value is written: its value element, or the entry itself.
    private func valueTarget(_ entry: Index) -> XMLEncoderImpl.Target {
        names.value >= 0 ? .keyed(parent: entry, name: names.value) : .element(entry)
    }

    /// The element a nested container writes into, for an entry.
    private func valueElement(_ entry: Index) -> Index {
        names.value >= 0 ? encoder.tree.addElement(names.value, to: entry) : entry
    }

    /// An entry for the protocol's methods that cannot throw: an error is recorded and reported
    /// when encoding finishes, and the content goes into a scratch element.
    private func entryOrScratch(for key: any CodingKey) -> Index {
        do {
            return try entry(for: key)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            return encoder.tree.makeElement(names.entry)
        }
    }

    /// A `nil` value: always marked `xsi:nil` (an empty element would read back as `""` for a
    /// string, whatever the nil strategy), on the value element or the entry.
    mutating func encodeNil(forKey key: Key) throws {
        let entry = try entry(for: key)
        encoder.markNil(names.value >= 0 ? encoder.tree.addElement(names.value, to: entry) : entry)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try write(value, forKey: key) }

    /// Writes an entry for `key` holding `value`.
    private mutating func write<T: Encodable>(_ value: T, forKey key: Key) throws {
        let traits = encoder.traits(of: T.self)
        if traits.isOptional, let optional = value as? any XMLOptionalEncodable, optional.isNil {
            return try encodeNil(forKey: key)
        }
        if names.value < 0, traits.isList || traits.isDictionary {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path.path(appending: key),
                    debugDescription:
                        "A map whose values are the entries' content cannot hold a list or a dictionary (the "
                        + "entry's key would be one of its keys): name a value element (XMLMapFormat.value)."
                ))
        }
        let entry = try entry(for: key)
        let savedType = encoder.nodeEncodingType
        let savedIsList = encoder.keyedValueIsList
        encoder.nodeEncodingType = T.self
        encoder.keyedValueIsList = false
        defer {
            encoder.nodeEncodingType = savedType
            encoder.keyedValueIsList = savedIsList
        }
        try encoder.encode(value, into: valueTarget(entry), path: path.appending(key))
        if names.value < 0 { try checkKeyKept(key, on: entry, value: value) }
        if traits.isOptional, encoder.keyedValueIsList {
            try refuseAmbiguousOptionalList(entry, value: value, key: key)
        }
    }

    /// Refuses an optional list that reads back as something else: empty (no value element, read
    /// as nil), or of one item written as an empty element or marked nil (read as an empty list,
    /// or nil).
    private func refuseAmbiguousOptionalList<T>(_ entry: Index, value: T, key: Key) throws {
        let tree = encoder.tree
        var items: [Index] = []
        var child = tree.nodes[entry].firstChild
        while child >= 0 {
            if tree.nodes[child].kind == .element, tree.nodes[child].name == names.value { items.append(child) }
            child = tree.nodes[child].next
        }
        let ambiguous: Bool
        switch items.count {
        case 0: ambiguous = true
        case 1:
            ambiguous =
                tree.isOnlyMarkedNil(items[0])
                || (tree.isEmpty(items[0], ignoringEmptyText: true) && tree.nodes[items[0]].firstAttribute < 0)
        default: ambiguous = false
        }
        guard ambiguous else { return }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: path.path(appending: key),
                debugDescription:
                    "An optional list that is empty, or holds one empty or nil item, cannot be told apart from "
                    + "nil or from an empty list as a map's value."
            ))
    }

    /// Refuses a value, written into the entry itself, that replaced the key's attribute.
    private func checkKeyKept<T>(_ key: Key, on entry: Index, value: T) throws {
        let tree = encoder.tree
        var attribute = tree.nodes[entry].firstAttribute
        while attribute >= 0 {
            if tree.attributes[attribute].name == names.key,
                tree.string(tree.attributes[attribute].value) != key.stringValue
            {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: path.path(appending: key),
                        debugDescription:
                            "The value writes an attribute \(tree.names[names.key]), which holds the entry's "
                            + "key: the key would be lost."
                    ))
            }
            attribute = tree.attributes[attribute].next
        }
    }

    // Scalars go the generic way: maps are rare, and their values are written like any value.
    mutating func encode(_ value: Bool, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try write(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try write(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        if encoder.call.isFinished { return encoder.endedContainer(keyedBy: keyType) }
        let element = valueElement(entryOrScratch(for: key))
        return KeyedEncodingContainer(
            XMLKeyedEncodingContainer<NestedKey>(
                encoder: encoder, element: element, path: path.appending(key),
                isChoice: encoder.isChoiceKey(NestedKey.self)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        if encoder.call.isFinished { return encoder.endedUnkeyedContainer() }
        let entry = entryOrScratch(for: key)
        return XMLUnkeyedEncodingContainer(
            encoder: encoder, parent: entry, itemName: names.value >= 0 ? names.value : names.entry,
            path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        if encoder.call.isFinished { return encoder.ended() }
        return superEncoder(XMLKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        if encoder.call.isFinished { return encoder.ended() }
        return superEncoder(key)
    }

    /// An encoder for a superclass's values, as the value of an entry keyed `key`.
    private func superEncoder(_ key: any CodingKey) -> any Encoder {
        XMLEncoderImpl(
            parent: encoder, target: valueTarget(entryOrScratch(for: key)), path: path.appending(key),
            nodeEncodingType: encoder.nodeEncodingType)
    }
}
