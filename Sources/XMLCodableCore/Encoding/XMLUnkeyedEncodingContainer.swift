// The unkeyed container: each item becomes a new element inside the parent, named after the
// list's key (an unwrapped list, directly in the element holding the key), after the wrapped
// list's item name, or after the element holding the list (the root, an item of an outer list:
// `<n><n>1</n><n>2</n></n>`, as XMLCoder writes them). A `nil` item is an element marked
// `xsi:nil="true"`, so positions are kept. In a list held by its own element (or, under the `""`
// key, by a group of its own in the element), an item whose value is a choice is replaced by the
// chosen element when every item is one (XMLCoder's form).

internal struct XMLUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: XMLEncoderImpl
    let tree: XMLEncodedTree
    let parent: XMLEncodedTree.Index
    /// The items' name; `nil` to name each after its type.
    let itemName: XMLEncodedTree.NameID?
    let path: CodingPathNode
    /// The parent holds this list only (the root, an item of an outer list, the group of a list
    /// under the `""` key), so choice items can be replaced by their content.
    let holdsList: Bool
    private(set) var count = 0

    init(
        encoder: XMLEncoderImpl, parent: XMLEncodedTree.Index, itemName: XMLEncodedTree.NameID?, path: CodingPathNode,
        holdsList: Bool = false
    ) {
        self.encoder = encoder
        tree = encoder.tree
        self.parent = parent
        self.itemName = itemName
        self.path = path
        self.holdsList = holdsList
    }

    var codingPath: [any CodingKey] { path.path }

    private var itemPath: CodingPathNode { path.appending(IndexKey(intValue: count)) }

    private func newItem(for type: Any.Type) throws -> XMLEncodedTree.Index {
        tree.addElement(try itemName ?? encoder.defaultNameID(for: type), to: parent)
    }

    /// `newItem(for:)` where the protocol cannot throw (nested containers, `superEncoder()`): a
    /// name that is not an XML name is thrown when the call ends.
    private func newItemDeferringError(for type: Any.Type) -> XMLEncodedTree.Index {
        do {
            return try newItem(for: type)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            return tree.addElement(tree.intern("item"), to: parent)
        }
    }

    mutating func encodeNil() throws {
        try encoder.checkInUse()
        encoder.markNil(try newItem(for: Never.self))
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.checkInUse()
        if encoder.traits(of: T.self).isOptional, let optional = value as? any XMLOptionalEncodable, optional.isNil {
            // A nil item keeps its place and reads back as nil: an element marked xsi:nil, whatever
            // the nil strategy (which is about leaving properties out, not list items).
            encoder.markNil(try newItem(for: T.self))
            count += 1
            return
        }
        let item = try newItem(for: T.self)
        let savedCandidate = encoder.choiceItemCandidate
        encoder.choiceItemCandidate = holdsList ? item : -1
        defer { encoder.choiceItemCandidate = savedCandidate }
        try encoder.encode(value, into: .element(item), path: itemPath)
        if tree.nodes[item].marks & XMLEncodedTree.Marks.choiceItem != 0, encoder.choiceLists.last != parent {
            encoder.choiceLists.append(parent)
        }
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        if encoder.call.isFinished { return encoder.endedContainer(keyedBy: keyType) }
        let item = newItemDeferringError(for: NestedKey.self)
        let container = XMLKeyedEncodingContainer<NestedKey>(
            encoder: encoder, element: item, path: itemPath, isChoice: encoder.isChoiceKey(NestedKey.self))
        count += 1
        return KeyedEncodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        if encoder.call.isFinished { return encoder.endedUnkeyedContainer() }
        let item = newItemDeferringError(for: [Never].self)
        let container = XMLUnkeyedEncodingContainer(
            encoder: encoder, parent: item, itemName: itemName, path: itemPath, holdsList: true)
        count += 1
        return container
    }

    mutating func superEncoder() -> any Encoder {
        if encoder.call.isFinished { return encoder.ended() }
        let item = newItemDeferringError(for: Never.self)
        let superEncoder = XMLEncoderImpl(
            parent: encoder, target: .element(item), path: itemPath, nodeEncodingType: encoder.nodeEncodingType)
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
