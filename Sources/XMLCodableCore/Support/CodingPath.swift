// The coding path as a linked list: descending into a keyed value costs one small node, a list
// item costs none (its path is its position and the list's path, shared by every item), and an
// `[CodingKey]` is built only when someone reads `codingPath` or an error is thrown. A list
// decoded for a key shares that key's step with its items, so the list costs no node either.

/// A coding path: empty, a key appended to a parent path, or a position in a list.
internal enum CodingPathNode: Sendable {
    case root
    case node(KeyStep)
    /// Item `position` of the list whose path is the step's.
    case item(Int, KeyStep)

    /// A key appended to a path; or, without a key, the parent path itself (the shared step of
    /// the items of a list whose path does not end in a key: the top level, a list in a list).
    /// Not final: the decoder's containers use a kind that also holds the decoder
    /// (`DecoderPathStep`). Sendable: its properties are set once, except by `reuse`, which only
    /// the decoder that holds a step's one reference calls (no other thread can see it then).
    class KeyStep: @unchecked Sendable {
        // Unchecked exclusivity: set by `init`, and by `reuse` only while nothing else can read them.
        // (`Optional<…>` spelled out: a `var` of type `T?` starts as `nil`, and `init` would then
        // assign the key over it rather than initialize it.)
        @exclusivity(unchecked) private(set) var key: Optional<any CodingKey>
        @exclusivity(unchecked) private(set) var parent: CodingPathNode
        @exclusivity(unchecked) private(set) var depth: Int
        /// Where the decoder that made the step keeps its key's name (`KeyNameTable`), or -1: what
        /// the decoder learns the key's value type by (`XMLDecoderImpl.path(appending:to:entry:)`).
        @exclusivity(unchecked) var keyEntry: Int32 = -1

        init(key: (any CodingKey)?, parent: CodingPathNode, depth: Int) {
            self.key = key
            self.parent = parent
            self.depth = depth
        }

        /// Makes the step stand for `key` appended to `parent`. Only for a step whose one
        /// reference the caller holds, which no path or container reads meanwhile
        /// (`XMLDecoderImpl.path(appending:to:entry:)`).
        @inline(__always)
        final func reuse(key: any CodingKey, parent lent: Lent) {
            self.key = key
            let parentDepth: Int
            if let step = lent.step {
                parentDepth = step.withObject { $0.depth } + (lent.position >= 0 ? 1 : 0)
            } else {
                parentDepth = 0
            }
            if !parent.isLent(lent) { parent = CodingPathNode(lent: lent) }
            depth = parentDepth + 1
        }

        /// Whether the parent path's last step is `step`, compared without a retain.
        @inline(__always)
        final func isUnder(_ step: UnretainedReference<KeyStep>) -> Bool {
            switch parent {
            case .root: false
            case .node(let last), .item(_, let last): step.withObject { $0 === last }
            }
        }

        /// Lets go of the parent path (the step stands under the root until `reuse`). Only for a step
        /// whose one reference the caller holds, which no path or container reads meanwhile
        /// (`UncheckedKeyedContainerBoxes.unpin`).
        @inline(__always)
        final func dropParent() {
            parent = .root
        }
    }

    var depth: Int {
        switch self {
        case .root: 0
        case .node(let step): step.depth
        case .item(_, let list): list.depth + 1
        }
    }

    /// The path as an array, outermost key first.
    var path: [any CodingKey] {
        var keys = [any CodingKey]()
        keys.reserveCapacity(depth)
        var next = self
        while true {
            switch next {
            case .root:
                keys.reverse()
                return keys
            case .node(let step):
                if let key = step.key { keys.append(key) }
                next = step.parent
            case .item(let position, let list):
                keys.append(XMLKey(index: position))
                next = .node(list)
            }
        }
    }

    func appending(_ key: any CodingKey) -> CodingPathNode {
        .node(KeyStep(key: key, parent: self, depth: depth + 1))
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

extension CodingPathNode {
    /// The path made from its parts: its last step (`nil` for the root) and the position of a
    /// list's item (-1 for none), as `parts` and `unretainedParts` give them.
    @inline(__always)
    init(lastStep step: KeyStep?, position: Int) {
        guard let step else {
            self = .root
            return
        }
        self = position >= 0 ? .item(position, step) : .node(step)
    }

    /// The path as its last step (`nil` for the root) and the position of a list's item (-1 for
    /// none).
    @inline(__always)
    var parts: (step: KeyStep?, position: Int) {
        switch self {
        case .root: (nil, -1)
        case .node(let step): (step, -1)
        case .item(let position, let step): (step, position)
        }
    }

    /// A path lent by whoever holds its last step: the step unretained (`nil` for the root) and
    /// the position of a list's item (-1 for none). What a coder that holds its current path
    /// unretained keeps (`XMLDecoderImpl.with(value:lent:_:)`, `XMLEncoderImpl.setPath`), and how a
    /// list lends its items' path without a retain (`XMLUnkeyedDecodingContainer.decode(_:)`).
    typealias Lent = (step: UnretainedReference<KeyStep>?, position: Int)

    /// The path as its last step, unretained, and the position of a list's item (-1 for none),
    /// for as long as whoever passed the path keeps it alive.
    @inline(__always)
    var unretainedParts: Lent {
        let (step, position) = parts
        return (step.map { UnretainedReference($0) }, position)
    }

    /// Whether this is the lent path (the same step and position), compared without a retain.
    @inline(__always)
    func isLent(_ lent: Lent) -> Bool {
        switch self {
        case .root: lent.step == nil
        case .node(let step): lent.position < 0 && lent.step?.withObject({ $0 === step }) == true
        case .item(let position, let step):
            lent.position == position && lent.step?.withObject({ $0 === step }) == true
        }
    }

    /// The lent path as a path of its own (a retain of its last step).
    @inline(__always)
    init(lent: Lent) {
        self.init(lastStep: lent.step?.object, position: lent.position)
    }
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
