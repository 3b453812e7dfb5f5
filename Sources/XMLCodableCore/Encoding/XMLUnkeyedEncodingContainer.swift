// The unkeyed container: each item becomes a new element inside the parent, named after the
// list's key (an unwrapped list, directly in the element holding the key), after the wrapped
// list's item name, or after the element holding the list (the root, an item of an outer list:
// `<n><n>1</n><n>2</n></n>`, as XMLCoder writes them). A `nil` item is an element marked
// `xsi:nil="true"`, so positions are kept. In a list held by its own element (or, under the `""`
// key, by a group of its own in the element), an item whose value is a choice is replaced by the
// chosen element when every item is one (XMLCoder's form).

internal struct XMLUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    /// What the container writes with, but for its count (see `UnkeyedEncodingContainerState`).
    private let state: UnkeyedEncodingContainerState
    private(set) var count = 0

    var encoder: XMLEncoderImpl { @inline(__always) get { state.encoder } }
    var tree: XMLEncodedTree { @inline(__always) get { state.tree } }
    var parent: XMLEncodedTree.Index { @inline(__always) get { state.parent } }
    /// The items' name; `nil` to name each after its type.
    var itemName: XMLEncodedTree.NameID? { @inline(__always) get { state.itemName } }
    /// The parent holds this list only (the root, an item of an outer list, the group of a list
    /// under the `""` key), so choice items can be replaced by their content.
    var holdsList: Bool { @inline(__always) get { state.holdsList } }
    /// The step every item's path shares (see `UnkeyedEncodingContainerState.list`).
    private var list: CodingPathNode.KeyStep { @inline(__always) get { state.list } }

    init(
        encoder: XMLEncoderImpl, parent: XMLEncodedTree.Index, itemName: XMLEncodedTree.NameID?, path: CodingPathNode,
        holdsList: Bool = false
    ) {
        state = encoder.unkeyedState(parent: parent, itemName: itemName, path: path, holdsList: holdsList)
    }

    /// A container for a list at the encoder's current path (see `XMLEncoderImpl.unkeyedContainer()`).
    init(
        encoder: XMLEncoderImpl, parent: XMLEncodedTree.Index, itemName: XMLEncodedTree.NameID?, holdsList: Bool = false
    ) {
        state = encoder.unkeyedStateAtCurrentPath(parent: parent, itemName: itemName, holdsList: holdsList)
    }

    /// The list's coding path.
    var path: CodingPathNode { state.madeList ? list.parent : .node(list) }

    var codingPath: [any CodingKey] { path.path }

    /// The path of the next item: its position in the list, which allocates nothing.
    private var itemPath: CodingPathNode { .item(count, list) }

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
        // The item's path made from `list` lent, and the encoder lent, neither retained. (Safe
        // unretained: both are the state's, which this container holds for this mutating call,
        // and which is not filled again while anything holds it.)
        let position = count
        try UnretainedReference(list).withObject { list in
            try UnretainedReference(encoder).withObject { encoder in
                try encoder.encode(value, into: .element(item), path: .item(position, list))
            }
        }
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

/// The fields of an unkeyed encoding container but its count, in one object, so that the
/// container (this object and its count) fits in the inline buffer of the existential
/// `unkeyedContainer()` returns: the existential allocates no box. The encoder keeps the last
/// one it made and fills it again for the next list once nothing else holds it
/// (`XMLEncoderImpl.unkeyedState`), as it gives out keyed containers' boxes again
/// (KeyedEncodingContainerState.swift):
///
///     <osm><node id="1"><tag k="a" v="b"/></node><node id="2"><tag k="c" v="d"/></node></osm>
///
///     the nodes:    no kept state: one is made and kept; the nodes' container holds it
///     node 1's tags: the kept state is held by the nodes' container: another is made and kept
///     node 2's tags: node 1's tags' container is gone, so the kept state is filled again
internal final class UnkeyedEncodingContainerState {
    let encoder: XMLEncoderImpl
    let tree: XMLEncodedTree
    var parent: XMLEncodedTree.Index
    var itemName: XMLEncodedTree.NameID?
    var holdsList: Bool
    /// The step every item's path shares (`CodingPathNode.item`): the list's own step when its
    /// path ends in a key, else a step without a key after the list's path (a list at the top
    /// level, or in a list), made once for the container rather than once per item.
    private(set) var list: CodingPathNode.KeyStep
    /// `list` was made for the container (its parent is the list's path), rather than being the
    /// last step of the list's path: the path is kept as `list` alone.
    private(set) var madeList: Bool

    /// The state of a container writing items into `parent` for a list at `path`.
    init(
        encoder: XMLEncoderImpl, parent: XMLEncodedTree.Index, itemName: XMLEncodedTree.NameID?, path: CodingPathNode,
        holdsList: Bool
    ) {
        self.encoder = encoder
        tree = encoder.tree
        self.parent = parent
        self.itemName = itemName
        self.holdsList = holdsList
        (list, madeList) = Self.list(of: path)
    }

    /// Makes the state that of a new container of the same encoder (see `init`). Only for a state
    /// nothing but the encoder holds.
    /// `path` is lent: alive for the call, its step retained only when the state does not hold it
    /// already.
    @inline(__always)
    func refill(
        parent: XMLEncodedTree.Index, itemName: XMLEncodedTree.NameID?, path: CodingPathNode.Lent, holdsList: Bool
    ) {
        self.parent = parent
        self.itemName = itemName
        self.holdsList = holdsList
        if path.position < 0, let step = path.step {
            // The same step as before (the next list of the same key): no store, no retain.
            if !step.withObject({ $0 === list }) { list = step.object }
            madeList = false
        } else {
            (list, madeList) = Self.list(of: CodingPathNode(lent: path))
        }
    }

    /// The step the items of a list at `path` share, and whether it was made for the list.
    private static func list(of path: CodingPathNode) -> (CodingPathNode.KeyStep, Bool) {
        if case .node(let step) = path { return (step, false) }
        return (CodingPathNode.KeyStep(key: nil, parent: path, depth: path.depth), true)
    }
}
