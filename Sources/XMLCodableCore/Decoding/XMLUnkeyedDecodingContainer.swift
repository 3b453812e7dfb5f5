// The unkeyed container: the items of a list, either repeated sibling elements (an unwrapped
// list, `<book/><book/>`) or the children of one element (a wrapped list, or the root when the
// top-level type is an array). Items are node numbers; each is decoded where it lies.
//
// Where one element may be either the list's one item or the wrapper of its items (see
// `XMLNodeList.Shape`), the container starts *undecided* and the first item decides:
//
//     <reviews><rating>5</rating></reviews>          one review, or a list of one <rating>?
//
// - a scalar item (a number, a string, a date…) cannot be an element with children: wrapped;
// - a list item: the element is the item (a list inside a list is always an element of its own);
// - a keyed item (a struct, an enum): when it asks for its keyed container, the element is the
//   item if one of its children or attributes is a key of the item's type (`rating`), else the
//   items are its children (`<things><thing/><thing/></things>` read as `[Thing]`). See
//   `XMLDecoderImpl.container(keyedBy:)` and `listCandidate`.
//
// So what the encoder writes (`<reviews>…</reviews>` once per item, for any number of items)
// reads back as written, and XMLCoder's wrapped lists still read.
//
// Items that are an element's child elements (the `""` key, the root, a wrapped list) are not
// wrapped one by one: an enum item named by one of its cases is that case's element, even when a
// child of it is named by a case too (`<g><rect/></g>` is a group holding a rectangle). Items
// named by a key (`<value><int>1</int></value>`) may be a wrapper of the chosen element.

internal struct XMLUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    /// The decoder and the list's step (see `list`), unretained: `owners` holds them, or, for a
    /// container lent to one call (`XMLDecoderImpl.listContainer(lent:)`), the caller's descent
    /// does (the decoder's caller holds the decoder, and the path whose step is the list's).
    private let decoderReference: UnretainedReference<XMLDecoderImpl>
    private let listReference: UnretainedReference<CodingPathNode.KeyStep>
    /// What keeps the decoder and the list's step alive, unless the container is lent.
    private let owners: (decoder: XMLDecoderImpl, list: CodingPathNode.KeyStep)?
    private(set) var items: XMLNodeList
    /// The list's element (or its first item), to say where the list is in errors.
    let anchor: XMLValue
    private(set) var currentIndex = 0
    /// The element that is either the one item or the wrapper of the items, until the first item
    /// decides; -1 once decided (or when there was no question).
    private var undecided: Int32 = -1
    /// The items are the child elements of one element (and its runs of text, for mixed content),
    /// rather than elements named by a key.
    private var itemsAreChildren: Bool

    /// A container for `items` at `path` (the decoder's current path, lent), which holds the
    /// decoder and the list's step (`CodingPathNode.listStep`) unless `lent` and the path ends in
    /// a step of its own, which its caller then keeps alive.
    init(
        decoder: XMLDecoderImpl, items: XMLNodeList, path: CodingPathNode.Lent, lent: Bool,
        itemsAreChildren: Bool = false
    ) {
        decoderReference = UnretainedReference(decoder)
        if lent, path.position < 0, let step = path.step {
            listReference = step
            owners = nil
        } else {
            let list = CodingPathNode(lent: path).listStep(decoder: decoder)
            listReference = UnretainedReference(list)
            owners = (decoder, list)
        }
        self.items = items
        self.itemsAreChildren = itemsAreChildren
        self.anchor = decoder.value
        if items.shape != .plain, items.count == 1 {
            let node = decoder.node(0, of: items)
            if items.shape == .mayBeWrappedOrEmpty, decoder.isEmptyElement(.element(node)) {
                self.items = .empty
            } else if decoder.hasChildElements(node) {
                undecided = node
            }
        }
    }

    /// The decoder the items are decoded by.
    var decoder: XMLDecoderImpl { decoderReference.object }
    /// The list's path, shared by the paths of its items (its own step when the path ends in a
    /// key, else a step with no key standing for it: see `CodingPathNode.listStep`).
    var list: CodingPathNode.KeyStep { listReference.object }

    /// The list's path, from its step (not kept beside it: one reference fewer to count per list).
    /// A step with no key stands for its parent path, so the keys are the same either way.
    var path: CodingPathNode { list.key == nil ? list.parent : .node(list) }
    var codingPath: [any CodingKey] { path.path }
    /// `nil` while it is undecided whether one element is the item or holds the items.
    var count: Int? { undecided >= 0 ? nil : items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The current item as a value.
    private var item: XMLValue {
        decoderReference.withObject { decoder in
            let node = decoder.node(currentIndex, of: items)
            return decoder.index[node].isElement ? .element(node) : .characters(node)
        }
    }

    private var itemPath: CodingPathNode { .item(currentIndex, list) }

    /// Throws when the decoding call has ended (see `XMLDecoderImpl.checkInUse`), or when the
    /// list has no more items. Every decoding method begins with it.
    private func checkNotAtEnd(_ type: Any.Type) throws {
        try decoderReference.withObject { try $0.checkInUse() }
        if isAtEnd {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: itemPath.path,
                    debugDescription:
                        "Unkeyed container is at end: the list has \(items.count) items, at "
                        + "\(decoder.location(of: anchor))."
                ))
        }
    }

    // MARK: - One element or a wrapped list

    /// Settles an undecided list: the element is the one item, or its child elements are the items.
    private mutating func decide(wrapped: Bool) {
        guard undecided >= 0 else { return }
        if wrapped {
            items = decoder.makeList(decoder.index.children(of: undecided).filter { decoder.index[$0].isElement })
            itemsAreChildren = true
        }
        undecided = -1
    }

    /// Settles an undecided list by the type of its first item, where the type alone says: a
    /// scalar is never an element with children (wrapped), a list item is an element of its own.
    /// Returns false for a keyed type, which decides when it asks for its container.
    private mutating func decide<T>(by type: T.Type) -> Bool {
        guard undecided >= 0 else { return true }
        let traits = decoderReference.withObject { $0.traits(of: type) }
        if traits.isScalar || traits.isStringLike {
            decide(wrapped: true)
        } else if traits.isList {
            decide(wrapped: false)
        } else {
            return false
        }
        return true
    }

    /// Decodes the first item of an undecided list, letting the item's keyed container decide.
    private mutating func decodeUndecided<T>(_ body: (XMLValue) throws -> T) throws -> T {
        let candidate = undecided
        undecided = -1
        let saved = decoder.listCandidate
        decoder.listCandidate = ListCandidate(node: candidate)
        defer { decoder.listCandidate = saved }
        let value = try body(.element(candidate))
        if decoder.listCandidate.choseWrapped {
            undecided = candidate
            decide(wrapped: true)
        }
        currentIndex += 1
        return value
    }

    /// Whether the current item is a child element decoded into an enum (see the top of the file).
    private func isChildChoice<T>(_ type: T.Type) -> Bool {
        itemsAreChildren
            && decoderReference.withObject { decoder in
                decoder.traits(of: type).isEnum && decoder.index[decoder.node(currentIndex, of: items)].isElement
            }
    }

    /// Decodes an item that is a child element into an enum: its keyed container takes the element
    /// for the chosen one when a case names it (`XMLDecoderImpl.childItemContainer`).
    private mutating func decodeChildChoice<T>(_ body: (XMLValue) throws -> T) throws -> T {
        let node = decoder.node(currentIndex, of: items)
        let saved = decoder.listCandidate
        decoder.listCandidate = ListCandidate(node: node, isChildItem: true)
        defer { decoder.listCandidate = saved }
        let value = try body(.element(node))
        currentIndex += 1
        return value
    }

    // MARK: - Decoding

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Never.self)
        if decoder.isNil(item) {
            decide(wrapped: false)
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeItem(type) { decoder, item, path in try decoder.unwrap(item, as: type, lent: path) }
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try checkNotAtEnd(type)
        decide(wrapped: true)
        let value = try decoder.string(item, path: itemPath)
        currentIndex += 1
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try decodeItem(type) { decoder, item, path in
            try decoder.unwrapOptional(item, as: type, path: CodingPathNode(lent: path))
        }
    }

    /// What `decode(_:)` and `decodeIfPresent(_:)` do: the next item, as a value of `type` made by
    /// `unwrap` (the decoder's `unwrap` or `unwrapOptional`) from the item and its path, lent
    /// (the list's step, which this container holds, and the item's position), once the list's
    /// shape is decided.
    @inline(__always)
    private mutating func decodeItem<T: Decodable, Value>(
        _ type: T.Type, _ unwrap: (XMLDecoderImpl, XMLValue, CodingPathNode.Lent) throws -> Value
    ) throws -> Value {
        try checkNotAtEnd(type)
        if !decide(by: type) {
            let (decoder, path) = (self.decoder, itemPath)
            return try decodeUndecided { try unwrap(decoder, $0, path.unretainedParts) }
        }
        if isChildChoice(type) {
            let (decoder, path) = (self.decoder, itemPath)
            return try decodeChildChoice { try unwrap(decoder, $0, path.unretainedParts) }
        }
        // Safe unretained: the decoder and the list's step live for as long as this container
        // (see `owners`); copies of the references would be retained and released around the
        // item's decoding.
        let path: CodingPathNode.Lent = (listReference, currentIndex)
        let value = try decoderReference.withObject { try unwrap($0, item, path) }
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try checkNotAtEnd(KeyedDecodingContainer<NestedKey>.self)
        if undecided >= 0 { decide(wrapped: !decoder.element(undecided, holdsOneItemKeyedBy: type, choice: false)) }
        let container = try decoder.with(value: item, path: itemPath) { try decoder.container(keyedBy: type) }
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkNotAtEnd((any UnkeyedDecodingContainer).self)
        decide(wrapped: false)
        let container = try decoder.with(value: item, path: itemPath) { try decoder.unkeyedContainer() }
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        try checkNotAtEnd((any Decoder).self)
        decide(wrapped: false)
        let decoder = XMLDecoderImpl(sharing: self.decoder, value: item, path: itemPath)
        currentIndex += 1
        return decoder
    }
}

/// The element of an undecided list (see `XMLUnkeyedDecodingContainer`) whose first item is being
/// decoded, and what the item's keyed container chose.
internal struct ListCandidate {
    /// The element, or -1 when no list is undecided.
    var node: Int32 = -1
    /// The element is not an undecided list but an item that is one of an element's child
    /// elements, decoded into an enum (see `XMLDecoderImpl.childItemContainer`).
    var isChildItem = false
    /// The item's container found none of its keys on the element, and read the element's first
    /// child instead: the element wraps the items.
    var choseWrapped = false

    static let none = ListCandidate()
}
