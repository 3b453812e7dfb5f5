// The unkeyed container: the items of a list, either repeated sibling elements (an unwrapped
// list, `<book/><book/>`) or the children of one element (a wrapped list, or the root when the
// top-level type is an array). Items are node numbers; each is decoded where it lies.

internal struct XMLUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: XMLDecoderImpl
    let items: XMLNodeList
    let path: CodingPathNode
    /// The list's path, shared by the paths of its items.
    let list: CodingPathNode.KeyStep
    /// The list's element (or its first item), to say where the list is in errors.
    let anchor: XMLValue
    private(set) var currentIndex = 0

    init(decoder: XMLDecoderImpl, items: XMLNodeList, path: CodingPathNode) {
        self.decoder = decoder
        self.items = items
        self.path = path
        self.list = CodingPathNode.KeyStep.list(at: path)
        self.anchor = decoder.value
    }

    var codingPath: [any CodingKey] { path.path }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The current item as a value.
    private var item: XMLValue {
        let node = decoder.node(currentIndex, of: items)
        return decoder.index[node].isElement ? .element(node) : .characters(node)
    }

    private var itemPath: CodingPathNode { .item(currentIndex, list) }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        if isAtEnd {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: itemPath.path,
                    debugDescription: "Unkeyed container is at end: the list has \(items.count) items, at \(decoder.location(of: anchor))."))
        }
    }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Never.self)
        if decoder.isNil(item) {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try checkNotAtEnd(type)
        let value = try decoder.unwrap(item, as: type, path: itemPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try checkNotAtEnd(type)
        let value = try decoder.string(item, path: itemPath)
        currentIndex += 1
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try checkNotAtEnd(type)
        let value = try decoder.unwrapOptional(item, as: type, path: itemPath)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try checkNotAtEnd(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder.with(value: item, path: itemPath) { try decoder.container(keyedBy: type) }
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkNotAtEnd((any UnkeyedDecodingContainer).self)
        let container = try decoder.with(value: item, path: itemPath) { try decoder.unkeyedContainer() }
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        try checkNotAtEnd((any Decoder).self)
        let decoder = XMLDecoderImpl(sharing: self.decoder, value: item, path: itemPath)
        currentIndex += 1
        return decoder
    }
}
