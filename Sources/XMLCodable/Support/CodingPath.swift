// The coding path as a linked list: descending into a value costs one small allocation-free
// node on the stack of the decoder, and an `[CodingKey]` is built only when someone reads
// `codingPath` or an error is thrown.

/// A coding path: empty, or a key appended to a parent path.
internal indirect enum CodingPathNode: Sendable {
    case root
    case node(any CodingKey, CodingPathNode, depth: Int)

    var depth: Int {
        switch self {
        case .root: 0
        case .node(_, _, let depth): depth
        }
    }

    /// The path as an array, outermost key first.
    var path: [any CodingKey] {
        switch self {
        case .root:
            return []
        case .node(let key, let parent, let depth):
            var keys = [any CodingKey]()
            keys.reserveCapacity(depth)
            keys.append(key)
            var next = parent
            while case .node(let key, let parent, _) = next {
                keys.append(key)
                next = parent
            }
            keys.reverse()
            return keys
        }
    }

    func appending(_ key: any CodingKey) -> CodingPathNode {
        .node(key, self, depth: depth + 1)
    }

    /// The path with `keys` appended.
    func path(appending keys: any CodingKey...) -> [any CodingKey] {
        path + keys
    }
}

/// A coding path not built yet: a parent path and the key being decoded under it. Scalars are
/// decoded with one of these, so that the common case (no error) allocates no path node.
internal struct PathRef {
    let parent: CodingPathNode
    let key: (any CodingKey)?

    init(_ node: CodingPathNode) {
        parent = node
        key = nil
    }

    init(parent: CodingPathNode, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The path as a node (allocates when there is a key).
    var node: CodingPathNode { key.map { parent.appending($0) } ?? parent }
    /// The path as an array of keys.
    var path: [any CodingKey] { node.path }
}

/// A coding key for positions in unkeyed containers, `super`, and keys made from strings.
///
/// A position's string ("Index 3") is made only when asked for: every item of a list gets a key,
/// and almost none is ever printed.
///
/// Three words (a name, or no name and a position), so that it fits in an existential's inline
/// buffer and `any CodingKey` holding one allocates no box.
internal struct XMLKey: CodingKey, Sendable {
    private let name: String?
    private let position: Int

    var stringValue: String { name ?? "Index \(position)" }
    var intValue: Int? { name == nil ? position : nil }

    init(stringValue: String) {
        self.name = stringValue
        self.position = 0
    }

    init(intValue: Int) {
        self.name = nil
        self.position = intValue
    }

    init(index: Int) {
        self.init(intValue: index)
    }

    static let `super` = XMLKey(stringValue: "super")
}
