// The unkeyed container: each item becomes a new element inside the parent, named after the
// list's key (an unwrapped list), after the wrapped list's item name, or, at the top level, after
// the item's type. A `nil` item is an element marked `xsi:nil="true"`, so positions are kept.

internal struct XMLUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: XMLEncoderImpl
    let tree: XMLEncodedTree
    let parent: XMLEncodedTree.Index
    /// The items' name; `nil` to name each after its type.
    let itemName: XMLEncodedTree.NameID?
    let path: CodingPathNode
    private(set) var count = 0

    init(encoder: XMLEncoderImpl, parent: XMLEncodedTree.Index, itemName: XMLEncodedTree.NameID?, path: CodingPathNode) {
        self.encoder = encoder
        tree = encoder.tree
        self.parent = parent
        self.itemName = itemName
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }

    private var itemPath: CodingPathNode { path.appending(IndexKey(intValue: count)) }

    private func newItem(for type: Any.Type) -> XMLEncodedTree.Index {
        tree.addElement(itemName ?? encoder.defaultNameID(for: type), to: parent)
    }

    mutating func encodeNil() throws {
        encoder.markNil(newItem(for: Never.self))
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if encoder.traits(of: T.self).isOptional, let optional = value as? any XMLOptionalEncodable, optional.isNil {
            // A nil item keeps its place and reads back as nil: an element marked xsi:nil, whatever
            // the nil strategy (which is about leaving properties out, not list items).
            encoder.markNil(newItem(for: T.self))
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
        let superEncoder = XMLEncoderImpl(parent: encoder, element: item, path: itemPath)
        count += 1
        return superEncoder
    }
}

/// A position in a list, as a coding key: its text (`Index 3`) is made only when read, and it
/// fits in an existential's inline buffer, so a path node for a list item allocates no box.
internal struct IndexKey: CodingKey, Sendable {
    let index: Int
    var intValue: Int? { index }
    var stringValue: String { "Index \(index)" }

    init(intValue: Int) {
        index = intValue
    }

    init?(stringValue: String) {
        return nil
    }
}
