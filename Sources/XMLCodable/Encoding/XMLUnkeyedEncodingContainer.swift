// The unkeyed container: each item becomes a new element inside the parent, named after the
// list's key (an unwrapped list), after the wrapped list's item name, or, at the top level, after
// the item's type. A `nil` item is an element marked `xsi:nil="true"`, so positions are kept.

internal struct XMLUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: XMLEncoderImpl
    let parent: XMLTreeElement
    /// The items' name; `nil` to name each after its type.
    let itemName: String?
    let path: CodingPathNode
    private(set) var count = 0

    init(encoder: XMLEncoderImpl, parent: XMLTreeElement, itemName: String?, path: CodingPathNode) {
        self.encoder = encoder
        self.parent = parent
        self.itemName = itemName
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }

    private var itemPath: CodingPathNode { path.appending(XMLKey(index: count)) }

    private func newItem(for type: Any.Type) -> XMLTreeElement {
        parent.addElement(itemName ?? XMLEncoderImpl.defaultName(for: type, options: encoder.options))
    }

    mutating func encodeNil() throws {
        encoder.markNil(newItem(for: Never.self))
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if encoder.traits(of: T.self).isOptional, let optional = value as? any XMLOptionalEncodable, optional.isNil {
            // A nil item keeps its place and reads back as nil: an element marked xsi:nil, whatever
            // the nil strategy (which is about leaving properties out, not list items).
            encoder.markNil(parent.addElement(itemName ?? XMLEncoderImpl.defaultName(for: T.self, options: encoder.options)))
            count += 1
            return
        }
        let item = newItem(for: T.self)
        try encoder.encode(value, into: .element(item), path: itemPath)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let item = newItem(for: NestedKey.self)
        let container = XMLKeyedEncodingContainer<NestedKey>(encoder: encoder, element: item, path: itemPath)
        count += 1
        return KeyedEncodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let item = newItem(for: [Never].self)
        let container = XMLUnkeyedEncodingContainer(encoder: encoder, parent: item, itemName: itemName, path: itemPath)
        count += 1
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let item = newItem(for: Never.self)
        let superEncoder = XMLEncoderImpl(options: encoder.options)
        superEncoder.target = .element(item)
        superEncoder.codingPathNode = itemPath
        superEncoder.parent = encoder
        superEncoder.currentType = encoder.currentType
        count += 1
        return superEncoder
    }
}
