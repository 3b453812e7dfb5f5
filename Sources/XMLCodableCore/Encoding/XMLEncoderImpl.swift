// XMLEncoderImpl: the `Encoder` and single-value container that builds the element tree
// (`XMLEncodedTree`, a flat arena shared with any `superEncoder()` made from it).
//
// A value is always encoded *into* something (`Target`), and, as in XMLCoder, its shape decides
// what it becomes there: under a key, a value that asks for a keyed container or writes a single
// value becomes one element named by the key, while a value that asks for an unkeyed container (an
// array, or anything encoding as a list) becomes repeated elements named by the key, directly in
// the parent (the unwrapped list). Into an element (the root, a list item), a list's items are
// elements named like that element. Strings are checked for characters XML 1.0 cannot carry and
// names for being XML names as they arrive, so errors carry the coding path. A key's name is
// worked out (key strategy, check, interning) once per coding-key type and encode call:
// `KeyNames` remembers it, in the order keys are met.
//
// The node encoding strategy follows XMLCoder's stack: the closure (or `DynamicNodeEncoding`
// conformance) in force for a keyed container is the one for the type of the value stored under
// the key (or the top-level value), not the type of a list's items, so a closure chosen for
// `[Book].self` places the keys of each book.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal final class XMLEncoderImpl: Encoder {
    typealias Index = XMLEncodedTree.Index
    typealias NameID = XMLEncodedTree.NameID
    typealias Span = XMLEncodedTree.Span

    enum Target {
        /// Write the value's content into this element; a list's items are elements inside it,
        /// named like it.
        case element(Index)
        /// The value stored under a key: an element `name` in `parent`, made when the value
        /// writes something (or, if it writes nothing, when it is done); a list's items are
        /// elements `name` directly in `parent`.
        case keyed(parent: Index, name: NameID)
        /// The value is a wrapped list's content: each item is a new element named `itemName`
        /// inside `parent`.
        case list(parent: Index, itemName: NameID)
        /// The value stored under the `""` key of this element: text is the element's own, keys
        /// go into a group (an element without a tag, as XMLCoder writes such a value).
        case intrinsic(Index)
        /// The value is a map (`XMLMapCoding`): each key it encodes is an entry inside `parent`.
        case map(parent: Index, names: Int32)
    }

    /// The names a map is written with (see `XMLMapFormat`), checked and interned.
    struct MapNames: Equatable {
        var entry: NameID
        var key: NameID
        /// The value element's name, or -1 when the value is the entry's content.
        var value: NameID
        var keyIsAttribute: Bool
    }

    let options: XMLEncoder.Options
    /// The document being built.
    let tree: XMLEncodedTree
    /// The encoding call this encoder serves, shared with the encoders `superEncoder()` makes:
    /// once it has returned, every use throws (`checkInUse`), so that an encoder or a container a
    /// model kept cannot write into a document already written — or, for an `ElementWriter`,
    /// which reuses its tree, into the next item's.
    let call: EncodingCall
    // The coding path is held unretained, as the decoder holds its own (XMLDecoderImpl.swift): its
    // last step, and the position for a list item. It is only ever set by `encode(_:into:path:)`
    // from the path it is given, which its caller keeps alive for the call, and restored before
    // that returns, so descending touches no reference count; `codingPathNode` rebuilds the enum
    // (one retain) when asked. (Safe unretained: the step is only read while the caller that
    // passed it is still running — or, for an encoder `superEncoder()` made, it is `ownedPath`'s;
    // debug builds check it, see `UnretainedReference`.)
    @exclusivity(unchecked) private var pathStep: UnretainedReference<CodingPathNode.KeyStep>?
    @exclusivity(unchecked) private var pathPosition: Int = -1
    /// The path a `superEncoder()`'s encoder was made at, kept alive for as long as the encoder
    /// (its current path until it descends).
    private let ownedPath: CodingPathNode
    @exclusivity(unchecked) var target: Target
    /// The type whose `encode(to:)` is running (for `XMLListCoding` and dictionaries).
    @exclusivity(unchecked) var currentType: any Encodable.Type = Never.self
    /// The type whose node encoding is in force (for `DynamicNodeEncoding` and the node strategy):
    /// the type of the value stored under the last key, as in XMLCoder's stack of node encodings.
    @exclusivity(unchecked) var nodeEncodingType: any Encodable.Type = Never.self
    /// Set when a value encoded under a key asks for an unkeyed container there: it is written as
    /// repeated elements named by the key (see `XMLKeyedEncodingContainer.encodeKeptList`).
    @exclusivity(unchecked) var keyedValueIsList = false
    /// The list item whose value is being encoded (a value asking for a choice container there
    /// marks the item as a choice item).
    @exclusivity(unchecked) var choiceItemCandidate: Index = -1
    /// Elements holding a list that has a choice item: after encoding, those whose items are all
    /// choices are replaced by the chosen elements (`XMLEncodedTree.spliceChoiceItems(of:)`).
    @exclusivity(unchecked) var choiceLists: [Index] = []
    /// Under `.sortedKeys`, each map entry written with its key, for `sortEntries`.
    @exclusivity(unchecked) var mapEntryKeys: [(key: String, entry: Index)] = []

    /// Under `.sortedKeys`: sorts by key the entries a map wrote into `host` after `before`, whose
    /// keys were recorded from `start` in `mapEntryKeys` (as JSONEncoder sorts a dictionary's keys).
    func sortEntries(of host: Index, after before: Index, keysFrom start: Int) {
        guard start <= mapEntryKeys.count else { return }
        defer { mapEntryKeys.removeSubrange(start...) }
        guard mapEntryKeys.count - start > 1 else { return }
        let sorted = mapEntryKeys[start...].sorted { $0.key < $1.key }
        tree.reorderChildren(of: host, after: before, as: sorted.map(\.entry))
    }

    /// The names of the maps written so far (see `Target.map`).
    @exclusivity(unchecked) var mapNamesList: [MapNames] = []
    /// Whether an `xsi:nil` attribute was written (the root then declares the namespace).
    @exclusivity(unchecked) var usesXSINil = false {
        didSet { if usesXSINil { parent?.usesXSINil = true } }
    }
    /// An error found where the Encoder protocol cannot throw (a nested container's key), thrown
    /// when encoding finishes.
    @exclusivity(unchecked) var deferredError: (any Error)? {
        didSet { if let deferredError, parent?.deferredError == nil { parent?.deferredError = deferredError } }
    }
    /// What the encoder has learnt about types (the first few in a list, the rest by table).
    @exclusivity(unchecked) var traitsList: [(type: ObjectIdentifier, traits: EncoderTypeTraits)] = []
    @exclusivity(unchecked) var traitsCache: [ObjectIdentifier: EncoderTypeTraits] = [:]
    /// The traits table in front of those (see `traits(of:)`).
    @exclusivity(unchecked) var traitSlots = [EncoderTraitSlot](repeating: .empty, count: TraitSlot.count)
    /// The names of each coding-key type's keys (the first few types in a list, the rest by table).
    @exclusivity(unchecked) var keyNamesList: [(type: ObjectIdentifier, names: KeyNames)] = []
    @exclusivity(unchecked) var keyNamesTable: [ObjectIdentifier: KeyNames] = [:]
    /// The names of list items named after their type.
    @exclusivity(unchecked) var typeNames: [ObjectIdentifier: NameID] = [:]
    /// The namespace prefixes chosen for Clark-notation keys, declared on the root.
    @exclusivity(unchecked) var namespacePrefixes: [(prefix: String, uri: String)] = []
    /// The prefixes the caller declares in `rootAttributes` (`xmlns:p`): used for their URIs, and
    /// never chosen for another.
    @exclusivity(unchecked) var callerPrefixes: [(prefix: String, uri: String)] = []
    /// The prefixes declared by the values being encoded (`XMLNamespaceDeclaring`), innermost last,
    /// the default namespace (the `""` prefix) included: in scope for the names written inside their
    /// elements (see `scopeEntries(of:)`), after the default namespace `rootAttributes` declare
    /// (`rootScopes`). An encoder `superEncoder()` makes starts with its parent's (the superclass
    /// writes inside the same elements).
    @exclusivity(unchecked) var namespaceScopes: [(prefix: String, uri: String)] = []
    /// The default namespace `rootAttributes` declare (`xmlns="…"`, not empty), as the outermost
    /// entry of `namespaceScopes`: in force everywhere, as a type's declared at the root. (The
    /// prefixes they declare are in `callerPrefixes`: in force everywhere, the names written with
    /// them are the same everywhere.)
    @exclusivity(unchecked) var rootScopes: [(prefix: String, uri: String)] = []
    /// The document's root element, once `encodeTopLevel` has it (-1 before, and in the encoders
    /// `superEncoder()` makes, which ask their `parent`): its declarations are in scope everywhere.
    @exclusivity(unchecked) var rootElement: Index = -1
    /// The encoder a `superEncoder()` was made from, which reports what this one finds.
    weak var parent: XMLEncoderImpl?
    /// The steps of the last two paths of values encoded under a key (`recycle(_:)`), filled again
    /// for a later value once nothing else holds them (`path(appending:to:)`), so that a struct or
    /// a list under a key allocates no step. Two: the kept state of a key type's last container
    /// (KeyedEncodingContainerState.swift) holds the path of the value it wrote in, the last step
    /// given back, until the next value of its type; the one before is free by then. Let go when
    /// the call ends.
    @exclusivity(unchecked) private var spareSteps: (CodingPathNode.KeyStep?, CodingPathNode.KeyStep?)
    /// The state of the last unkeyed container made, filled again for the next one once nothing
    /// else holds it (see `UnkeyedEncodingContainerState`); kept only by the call's own encoder
    /// (`keepsContainers`: the state holds the encoder), and let go when the call ends.
    @exclusivity(unchecked) private var keptUnkeyedState: UnkeyedEncodingContainerState?

    /// An encoder building a new tree; `target` is a scratch element until set.
    init(options: XMLEncoder.Options, capacity: XMLEncodedTree.Capacity = XMLEncodedTree.Capacity()) {
        self.options = options
        call = EncodingCall()
        tree = XMLEncodedTree(capacity: capacity)
        ownedPath = .root
        target = .element(tree.makeElement(tree.intern("root")))
    }

    /// An encoder that encodes into `tree`, emptied first (its interned names are kept), knowing
    /// what `previous` learnt about types (its conformance lookups are not made again).
    init(options: XMLEncoder.Options, reusing tree: XMLEncodedTree, traitsOf previous: XMLEncoderImpl?) {
        self.options = options
        call = EncodingCall()
        tree.removeContent()
        self.tree = tree
        ownedPath = .root
        if let previous {
            traitsList = previous.traitsList
            traitsCache = previous.traitsCache
            traitSlots = previous.traitSlots
        }
        target = .element(tree.makeElement(tree.intern("root")))
    }

    /// An encoder for a `superEncoder()`: the same tree, writing into `target`.
    init(parent: XMLEncoderImpl, target: Target, path: CodingPathNode, nodeEncodingType: any Encodable.Type) {
        options = parent.options
        tree = parent.tree
        call = parent.call
        self.target = target
        ownedPath = path
        self.parent = parent
        // The base class's `encode(to:)` runs next: the subclass's node encoding (its
        // `DynamicNodeEncoding`, or the strategy's closure for it) still applies.
        currentType = parent.currentType
        self.nodeEncodingType = nodeEncodingType
        namespaceScopes = parent.namespaceScopes
        rootScopes = parent.rootScopes
        mapNamesList = parent.mapNamesList
        // Safe unretained: `ownedPath` holds the path for the encoder's life.
        setPath(ownedPath)
    }

    deinit {
        // A super encoder nothing was written to is an empty element, as in XMLCoder — unless it
        // outlived its call, whose tree is written (or, reused, holds another document).
        if parent != nil, !call.isFinished, case .keyed(let parentElement, let name) = target {
            _ = tree.addElement(name, to: parentElement)
        }
    }

    /// An encoder whose call has already ended, for the containers asked of an ended encoder
    /// (the protocol's methods that make them cannot throw): every use of them throws.
    private init(endedWith options: XMLEncoder.Options) {
        self.options = options
        call = EncodingCall()
        call.isFinished = true
        tree = XMLEncodedTree(capacity: XMLEncodedTree.Capacity())
        ownedPath = .root
        target = .element(tree.makeElement(tree.intern("root")))
    }

    /// Whether this encoder's key types keep their containers' boxes (KeyedEncodingContainerState.swift):
    /// the call's own encoder only (a super encoder's would hold it past its parent's call).
    var keepsContainers: Bool { parent == nil && !call.isFinished }

    /// Ends the encoding call: whatever kept the encoder or a container refuses to write from now on,
    /// and the key types let go of their containers' boxes.
    func finishCall() {
        call.isFinished = true
        for entry in keyNamesList { entry.names.releaseContainer() }
        for names in keyNamesTable.values { names.releaseContainer() }
        spareSteps = (nil, nil)
        keptUnkeyedState = nil
    }

    /// The state of a new unkeyed container writing items into `parent` for a list at `path`: the
    /// kept one filled again when nothing else holds it, else a new one, which is kept.
    func unkeyedState(
        parent: Index, itemName: NameID?, path: CodingPathNode, holdsList: Bool
    ) -> UnkeyedEncodingContainerState {
        if isKnownUniquelyReferenced(&keptUnkeyedState), let state = keptUnkeyedState {
            // Safe unretained: `path` is this call's argument, alive until it returns.
            state.refill(parent: parent, itemName: itemName, path: path.unretainedParts, holdsList: holdsList)
            return state
        }
        return newUnkeyedState(parent: parent, itemName: itemName, path: path, holdsList: holdsList)
    }

    /// `unkeyedState` for a list at the current path, which is lent to a kept state filled again
    /// (no retain of its step when the state holds it already).
    func unkeyedStateAtCurrentPath(parent: Index, itemName: NameID?, holdsList: Bool) -> UnkeyedEncodingContainerState {
        if isKnownUniquelyReferenced(&keptUnkeyedState), let state = keptUnkeyedState {
            // Safe unretained: the current path is alive while it is current (see `pathStep`).
            state.refill(parent: parent, itemName: itemName, path: (pathStep, pathPosition), holdsList: holdsList)
            return state
        }
        return newUnkeyedState(parent: parent, itemName: itemName, path: codingPathNode, holdsList: holdsList)
    }

    /// A new unkeyed container's state, kept when this encoder keeps containers.
    private func newUnkeyedState(
        parent: Index, itemName: NameID?, path: CodingPathNode, holdsList: Bool
    ) -> UnkeyedEncodingContainerState {
        let state = UnkeyedEncodingContainerState(
            encoder: self, parent: parent, itemName: itemName, path: path, holdsList: holdsList)
        if keepsContainers { keptUnkeyedState = state }
        return state
    }

    /// An encoder for the containers asked of this one after its call has ended: a scratch tree,
    /// already ended.
    func ended() -> XMLEncoderImpl {
        XMLEncoderImpl(endedWith: options)
    }

    /// The element a new encoder writes into (its scratch root, until `target` is set).
    private var scratchRoot: Index {
        if case .element(let element) = target { return element }
        return 0
    }

    /// A keyed container asked of an ended encoder: on a scratch encoder, already ended, so that
    /// every use throws. (Made directly: asking the scratch encoder would ask again.)
    func endedContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let scratch = ended()
        return KeyedEncodingContainer(
            XMLKeyedEncodingContainer<Key>(encoder: scratch, element: scratch.scratchRoot, path: codingPathNode))
    }

    /// An unkeyed container asked of an ended encoder; see `endedContainer(keyedBy:)`.
    func endedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let scratch = ended()
        return XMLUnkeyedEncodingContainer(
            encoder: scratch, parent: scratch.scratchRoot, itemName: nil, path: codingPathNode)
    }

    /// Throws when the encoding call has ended (see `call`). Every container operation that can
    /// throw begins with it.
    @inline(__always)
    func checkInUse() throws {
        if call.isFinished { throw usedAfterEncoding() }
    }

    @inline(never)
    private func usedAfterEncoding() -> EncodingError {
        EncodingError.invalidValue(
            (),
            EncodingError.Context(
                codingPath: codingPathNode.path,
                debugDescription:
                    "An encoder or container was used after the encoding call that made it returned: an "
                    + "Encoder and its containers are valid only during the encode(to:) they are given to."
            ))
    }

    /// The current coding path (made from the unretained step: one retain).
    var codingPathNode: CodingPathNode {
        CodingPathNode(lastStep: pathStep?.object, position: pathPosition)
    }

    /// `body`'s result for the current path's last step (`nil` at the root), lent without a
    /// retain, and its position in its list (-1 when the path does not end in a list item): for
    /// the keyed container's state, which retains the step only when it is not the one it holds.
    @inline(__always)
    func withCurrentPath<Result>(_ body: (CodingPathNode.KeyStep?, Int) -> Result) -> Result {
        guard let pathStep else { return body(nil, -1) }
        let position = pathPosition
        return pathStep.withObject { body($0, position) }
    }

    /// Makes `path` current, unretained (see `pathStep`).
    @inline(__always)
    private func setPath(_ path: CodingPathNode) {
        (pathStep, pathPosition) = path.unretainedParts
    }

    var codingPath: [any CodingKey] { codingPathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The path of a value encoded under `key` in a container whose path is `parent` (lent by the
    /// container's state, which holds it): a spare step that nothing else holds any more, filled
    /// again (`KeyStep.reuse`), else a new one. The caller gives the path back with `recycle(_:)`
    /// once the value is encoded.
    @inline(__always)
    func path(appending key: any CodingKey, to parent: CodingPathNode.Lent) -> CodingPathNode {
        if isKnownUniquelyReferenced(&spareSteps.0), let step = spareSteps.0.take() {
            step.reuse(key: key, parent: parent)
            return .node(step)
        }
        if isKnownUniquelyReferenced(&spareSteps.1), let step = spareSteps.1.take() {
            step.reuse(key: key, parent: parent)
            return .node(step)
        }
        return CodingPathNode(lent: parent).appending(key)
    }

    /// Keeps the step of `path`, a path `path(appending:to:)` gave, as a spare (in place of the
    /// older spare when there are two already), to be filled again once nothing else holds it.
    @inline(__always)
    func recycle(_ path: CodingPathNode) {
        guard case .node(let step) = path else { return }
        if spareSteps.0 == nil {
            spareSteps.0 = step
        } else if spareSteps.1 == nil {
            spareSteps.1 = step
        } else {
            spareSteps.0 = step
        }
    }

    // MARK: - Encoding values

    /// Encodes the document's value into the root element. `splicingRoot: false` leaves a list of
    /// choices that is the root's content as items (the element writer decides over all its items).
    func encodeTopLevel<T: Encodable>(_ value: T, into root: Index, splicingRoot: Bool = true) throws {
        nodeEncodingType = T.self
        rootElement = root
        try encode(value, into: .element(root), path: .root)
        if let deferredError { throw deferredError }
        for list in choiceLists where splicingRoot || list != root { tree.spliceChoiceItems(of: list) }
    }

    /// Encodes `value` into `target` at `path`. `passThrough` when the value is the content of the
    /// value being encoded into the same target (through a single-value container, or a property
    /// wrapper): the element it makes for the target is then the target of both.
    func encode<T: Encodable>(_ value: T, into target: Target, path: CodingPathNode, passThrough: Bool = false) throws {
        let savedTarget = self.target
        let savedStep = pathStep
        let savedPosition = pathPosition
        let savedType = currentType
        self.target = target
        // Safe unretained: `path` is this call's argument, alive until it returns, and the saved
        // step is put back before then.
        setPath(path)
        currentType = T.self
        defer {
            if !passThrough { self.target = savedTarget }
            pathStep = savedStep
            pathPosition = savedPosition
            currentType = savedType
        }
        let traits = traits(of: T.self)
        if traits.declaresNamespaces, let declaring = T.self as? any XMLNamespaceDeclaring.Type {
            try declareNamespaces(declaring, path: path)
            let depth = namespaceScopes.count
            namespaceScopes += Self.scopeEntries(of: declaring)
            defer { namespaceScopes.removeSubrange(depth...) }
            try encodeContent(value, traits: traits, path: path)
        } else {
            try encodeContent(value, traits: traits, path: path)
        }
        // A value under a key that wrote nothing is an empty element (XMLCoder's empty keyed box).
        // (Whatever the value wrote made the target something else.)
        if case .keyed(let parent, let name) = self.target { self.target = .element(tree.addElement(name, to: parent)) }
    }

    /// Writes a value's content into the current target (the body of `encode(_:into:path:)`).
    @inline(__always)
    private func encodeContent<T: Encodable>(_ value: T, traits: EncoderTypeTraits, path: CodingPathNode) throws {
        if traits.isWrapper, let wrapper = value as? any XMLEncodableWrapper {
            try wrapper.encodeWrappedValue(with: self, into: target, path: path)
        } else if !traits.isSpecial {
            try value.encode(to: self)
        } else {
            switch try special(value) {
            case .text(let text): try writeText(try checkedSpan(text, path: path), cdata: false)
            case .written: break
            case .ordinary: try value.encode(to: self)
            }
        }
    }

    /// A type's namespace declarations, sorted by prefix.
    static func declarations(of type: any XMLNamespaceDeclaring.Type) -> [(prefix: String, uri: String)] {
        type.xmlNamespaceDeclarations.sorted { $0.key < $1.key }.map { (prefix: $0.key, uri: $0.value) }
    }

    /// A type's namespace declarations as entries of `namespaceScopes`: the prefixed ones sorted by
    /// prefix, then the default namespace's, so that among the declarations of one element the
    /// default namespace counts as the innermost (an element name takes it rather than a prefix
    /// declared beside it for the same URI; an attribute name never takes it).
    static func scopeEntries(of type: any XMLNamespaceDeclaring.Type) -> [(prefix: String, uri: String)] {
        var entries = declarations(of: type)
        if let first = entries.first, first.prefix.isEmpty { entries.append(entries.removeFirst()) }
        return entries
    }

    /// Makes the current target's element now and writes a type's namespace declarations on it
    /// (`XMLNamespaceDeclaring`). (Out of line: few types declare namespaces.)
    @inline(never)
    private func declareNamespaces(_ type: any XMLNamespaceDeclaring.Type, path: CodingPathNode) throws {
        let element: Index
        switch target {
        case .element(let existing): element = existing
        case .keyed(let parent, let name): element = tree.addElement(name, to: parent)
        case .list(let parent, let itemName): element = tree.addElement(itemName, to: parent)
        case .intrinsic(let host): element = tree.addGroup(to: host)
        case .map: return
        }
        target = .element(element)
        for (prefix, uri) in Self.declarations(of: type) {
            guard
                prefix.isEmpty
                    || (XMLTreeValidation.isValidName(prefix) && !prefix.contains(":")
                        && prefix.lowercased() != "xmlns")
            else {
                throw EncodingError.invalidValue(
                    prefix,
                    EncodingError.Context(
                        codingPath: path.path,
                        debugDescription: "\"\(prefix)\" cannot be a namespace prefix (XMLNamespaceDeclaring)."))
            }
            guard !uri.isEmpty || prefix.isEmpty else {
                throw EncodingError.invalidValue(
                    uri,
                    EncodingError.Context(
                        codingPath: path.path,
                        debugDescription: "The prefix \"\(prefix)\" cannot be declared for an empty namespace URI."))
            }
            let name = tree.intern(prefix.isEmpty ? "xmlns" : "xmlns:" + prefix)
            // Declared already (by `rootAttributes`, for the root): the same URI, or refused.
            let owner = tree.nodes[element].kind == .group ? tree.nodes[element].host : element
            var attribute = tree.nodes[owner].firstAttribute
            while attribute >= 0 {
                if tree.attributes[attribute].name == name, tree.string(tree.attributes[attribute].value) != uri {
                    throw EncodingError.invalidValue(
                        uri,
                        EncodingError.Context(
                            codingPath: path.path,
                            debugDescription:
                                "The element declares \(tree.names[name]) twice: "
                                + "\(tree.string(tree.attributes[attribute].value)) and \(uri) "
                                + "(XMLNamespaceDeclaring)."
                        ))
                }
                attribute = tree.attributes[attribute].next
            }
            tree.setAttribute(name, try checkedSpan(uri, path: path), on: element)
        }
    }

    enum Special {
        case text(String)
        case written
        case ordinary
    }

    /// Values with an encoding strategy (dates, data, URLs, decimals): their text, or `.written`
    /// when a custom strategy wrote them, or for a subtree (`XMLTree.Element`, `[XMLTree.Node]`,
    /// written by XMLEncoderImpl+Subtrees.swift); `.ordinary` for everything else.
    private func special<T: Encodable>(_ value: T) throws -> Special {
        if T.self == Date.self, let date = value as? Date {
            switch options.dateEncodingStrategy {
            case .deferredToDate: return .ordinary
            case .secondsSince1970: return .text(try number(date.timeIntervalSince1970))
            case .millisecondsSince1970: return .text(try number(date.timeIntervalSince1970 * 1000))
            case .iso8601:
                guard let text = ISO8601Parsing.string(from: date) else {
                    throw ISO8601Parsing.unrepresentable(date, codingPath: codingPath)
                }
                return .text(text)
            case .custom(let closure):
                try closure(date, self)
                return .written
            }
        }
        if T.self == Data.self, let data = value as? Data {
            switch options.dataEncodingStrategy {
            case .deferredToData: return .ordinary
            case .base64: return .text(data.base64EncodedString())
            case .custom(let closure):
                try closure(data, self)
                return .written
            }
        }
        if T.self == XMLTree.Element.self, let element = value as? XMLTree.Element {
            try writeSubtree(element, path: codingPathNode)
            return .written
        }
        if T.self == [XMLTree.Node].self, let nodes = value as? [XMLTree.Node] {
            try writeSubtreeContent(nodes, path: codingPathNode)
            return .written
        }
        if T.self == URL.self, let url = value as? URL { return .text(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return .text(decimal.description) }
        return .ordinary
    }

    /// Text for a floating-point value, under the non-conforming float strategy.
    func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, path: PathRef? = nil) throws -> String {
        if value.isFinite { return value.description }
        guard
            case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options
                .nonConformingFloatEncodingStrategy
        else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path?.path ?? codingPath,
                    debugDescription:
                        "Unable to encode \(F.self).\(value) directly in XML; use the convertToString "
                        + "non-conforming float strategy."
                ))
        }
        return value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity
    }

    /// Writes character data into the current target.
    func writeText(_ text: String, path: CodingPathNode) throws {
        try writeText(try checkedSpan(text, path: path), cdata: options.stringEncodingStrategy == .cdata)
    }

    /// Writes checked bytes into the current target (as CDATA if `cdata`).
    func writeText(_ span: Span, cdata: Bool) throws {
        switch target {
        case .element(let element), .intrinsic(let element):
            tree.addText(span, cdata: cdata, to: element)
        case .keyed(let parent, let name):
            target = .element(tree.addElement(name, text: span, cdata: cdata, to: parent))
        case .list(let parent, let itemName):
            tree.addElement(itemName, text: span, cdata: cdata, to: parent)
        case .map:
            throw notAMap()
        }
    }

    /// The error for a value written as a map (`XMLMapCoding`) that has no keys.
    func notAMap() -> EncodingError {
        EncodingError.invalidValue(
            (),
            EncodingError.Context(
                codingPath: codingPathNode.path,
                debugDescription:
                    "A value written as a map (XMLMapCoding) must encode keys, as a dictionary does: each key "
                    + "is an entry."
            ))
    }

    /// The names of a map's elements (and key attribute), checked and interned: their index in
    /// `mapNamesList` (a target holds the index, so that targets stay small). `keyName` is the
    /// property's element name, the entries' when the format names none.
    func mapNames(_ format: XMLMapFormat, key: any CodingKey, keyName: NameID, parent: CodingPathNode) throws -> Int32 {
        func name(_ name: String, asAttribute: Bool = false) throws -> NameID {
            let written =
                name.utf8.first == UInt8(ascii: "{")
                ? try qualifiedName(clark: name, key: key, parent: parent, asAttribute: asAttribute)
                : try checkedName(name, path: parent.appending(key))
            // Namespace declarations and `xsi:nil` are not data.
            if written == "xmlns" || written.hasPrefix("xmlns:") || written == "xsi:nil" {
                throw EncodingError.invalidValue(
                    name,
                    EncodingError.Context(
                        codingPath: parent.path(appending: key),
                        debugDescription: "\"\(name)\" cannot name a map's entries, keys or values."))
            }
            return tree.intern(written)
        }
        let names = MapNames(
            entry: try format.entry.map { try name($0) } ?? keyName,
            key: try name(format.key, asAttribute: format.keyPlacement == .attribute),
            value: try format.value.map { try name($0) } ?? -1,
            keyIsAttribute: format.keyPlacement == .attribute)
        if !names.keyIsAttribute, names.key == names.value {
            throw EncodingError.invalidValue(
                format.key,
                EncodingError.Context(
                    codingPath: parent.path(appending: key),
                    debugDescription: "A map's key and value elements cannot have the same name."))
        }
        if let known = mapNamesList.firstIndex(of: names) { return Int32(known) }
        mapNamesList.append(names)
        return Int32(mapNamesList.count - 1)
    }

    /// Writes a number's or a boolean's text (which needs no check) into the current target:
    /// never as CDATA, which the string encoding strategy asks for strings only (as in keyed
    /// containers).
    func writeScalar(_ span: Span) throws {
        try writeText(span, cdata: false)
    }

    /// Marks the current target as nil.
    /// Writes `nil` where it cannot be left out (a list item, the root, an explicit `encodeNil`):
    /// an element marked `xsi:nil="true"`, so it reads back as `nil`; or, with the
    /// `.emptyElement` strategy, an empty element.
    func writeNil() {
        switch target {
        case .element(let element), .intrinsic(let element):
            if options.nilEncodingStrategy != .emptyElement { markNil(element) }
        case .keyed(let parent, let name):
            let element = tree.addElement(name, to: parent)
            target = .element(element)
            if options.nilEncodingStrategy != .emptyElement { markNil(element) }
        case .list(let parent, let itemName):
            markNil(tree.addElement(itemName, to: parent))
        case .map:
            // A map that is nil as a whole has no entries.
            break
        }
    }

    func markNil(_ element: Index) {
        tree.setAttribute(tree.intern("xsi:nil"), tree.append("true"), on: element)
        usesXSINil = true
    }

    // MARK: - Checks

    /// The string, if XML 1.0 can carry every character of it.
    func checkedText(_ text: String, path: CodingPathNode) throws -> String {
        if let bad = XMLTreeValidation.invalidCharacter(in: text) {
            throw EncodingError.invalidValue(
                text,
                EncodingError.Context(
                    codingPath: path.path,
                    debugDescription:
                        "The string contains U+\(String(bad.value, radix: 16, uppercase: true)), which XML 1.0 "
                        + "cannot represent."
                ))
        }
        return text
    }

    /// The string copied into the tree, if XML 1.0 can carry every character of it.
    @inline(__always)
    func checkedSpan(_ text: String, path: @autoclosure () -> CodingPathNode) throws -> Span {
        let span = tree.append(text)
        if span.flags & XMLEncodedTree.Flags.suspect != 0 { _ = try checkedText(text, path: path()) }
        return span
    }

    /// The name, if it is an XML name.
    func checkedName(_ name: String, path: CodingPathNode) throws -> String {
        guard XMLTreeValidation.isValidName(name) else {
            throw EncodingError.invalidValue(
                name,
                EncodingError.Context(
                    codingPath: path.path,
                    debugDescription:
                        "\"\(name)\" is not a valid XML name, so it cannot be an element or attribute name."))
        }
        return name
    }

    /// The name a key is written under, after the key encoding strategy, checked and interned.
    /// `converted` is the name after the key strategy, when the caller has it already; `asAttribute`
    /// when the name is an attribute's (see `qualifiedName(clark:key:parent:asAttribute:)`).
    func nameID(
        for key: any CodingKey, stringValue: String, parent: CodingPathNode, converted: String? = nil,
        asAttribute: Bool = false
    ) throws -> NameID {
        let name: String
        if let converted {
            name = converted
        } else if case .useDefaultKeys = options.keyEncodingStrategy {
            name = stringValue
        } else {
            name = KeyConversion.encode(key, strategy: options.keyEncodingStrategy, path: parent)
        }
        if name.utf8.first == UInt8(ascii: "{") {
            return tree.intern(try qualifiedName(clark: name, key: key, parent: parent, asAttribute: asAttribute))
        }
        guard XMLTreeValidation.isValidName(name) else {
            return tree.intern(try checkedName(name, path: parent.appending(key)))
        }
        return tree.intern(name)
    }

    /// The names of a coding-key type's keys, or `nil` when the key strategy is a closure (which
    /// sees the coding path, so may name a key differently each time).
    func keyNames(for type: Any.Type) -> KeyNames? {
        lentKeyNames(for: type)?.object
    }

    /// `keyNames(for:)` lent, not retained, for the keyed container's hot path. (Safe unretained:
    /// the encoder keeps every `KeyNames` it made, in `keyNamesList` or `keyNamesTable`, for its
    /// whole life, and the caller holds the encoder.)
    @inline(__always)
    func lentKeyNames(for type: Any.Type) -> UnretainedReference<KeyNames>? {
        if case .custom = options.keyEncodingStrategy { return nil }
        let id = ObjectIdentifier(type)
        for index in keyNamesList.indices where keyNamesList[index].type == id {
            return UnretainedReference(keyNamesList[index].names)
        }
        return UnretainedReference(unlistedKeyNames(id))
    }

    /// The names of a key type past the first 16 (`keyNamesTable`), or made for a key type seen
    /// for the first time. (Out of line: rare.)
    @inline(never)
    private func unlistedKeyNames(_ id: ObjectIdentifier) -> KeyNames {
        if let names = keyNamesTable[id] { return names }
        let names = KeyNames()
        if keyNamesList.count < 16 { keyNamesList.append((id, names)) } else { keyNamesTable[id] = names }
        return names
    }

    /// A key in Clark notation, `{namespace-uri}local`, written with a prefix declared once, on
    /// the root element (`ns1`, `ns2`, …; `xml` for the XML namespace; no prefix for an empty URI).
    ///
    /// Inside the elements of `XMLNamespaceDeclaring` values, and under a default namespace
    /// `rootAttributes` declare (`namespaceScopes`), the innermost declaration in force for the URI
    /// is used instead: its prefix, or, for an element name (`asAttribute` false), no prefix when it
    /// is the default namespace's. An attribute name never takes the default namespace (Namespaces
    /// in XML 1.0, §6.2), so it keeps a prefix. An element name in no namespace (`{}local`) where a
    /// default namespace is in force is refused: written without a prefix, it would be in that
    /// namespace.
    func qualifiedName(clark: String, key: any CodingKey, parent: CodingPathNode, asAttribute: Bool = false) throws
        -> String
    {
        guard let close = clark.firstIndex(of: "}") else { return try checkedName(clark, path: parent.appending(key)) }
        let uri = String(clark[clark.index(after: clark.startIndex)..<close])
        let local = String(clark[clark.index(after: close)...])
        guard !local.utf8.contains(UInt8(ascii: ":")) else {
            return try checkedName(clark, path: parent.appending(key))
        }
        _ = try checkedName(local, path: parent.appending(key))
        if uri.isEmpty {
            if !asAttribute, !namespaceScopes.isEmpty { try refuseUnqualifiedElement(clark, key: key, parent: parent) }
            return local
        }
        if uri == ReservedNamespace.xml { return "xml:" + local }
        let checkedURI = try checkedText(uri, path: parent.appending(key))
        if !namespaceScopes.isEmpty, let scoped = scopedPrefix(for: checkedURI, asAttribute: asAttribute) {
            return scoped.isEmpty ? local : scoped + ":" + local
        }
        let prefix = namespacePrefix(for: checkedURI)
        // A prefix an enclosing value declares for another URI hides this one here.
        if let hiding = namespaceScopes.last(where: { $0.prefix == prefix }), hiding.uri != uri {
            throw EncodingError.invalidValue(
                clark,
                EncodingError.Context(
                    codingPath: parent.path(appending: key),
                    debugDescription:
                        "The prefix \"\(prefix)\" for \(uri) is declared for \(hiding.uri) by an enclosing "
                        + "XMLNamespaceDeclaring value, so it cannot be written here."
                ))
        }
        return prefix + ":" + local
    }

    /// The innermost declaration in `namespaceScopes` in force for `uri`: its prefix (`""` for the
    /// default namespace, which an attribute never takes), or `nil` when none is. A declaration
    /// another one further in hides (the same prefix for another URI) is not in force.
    private func scopedPrefix(for uri: String, asAttribute: Bool) -> String? {
        var index = namespaceScopes.endIndex
        while index > namespaceScopes.startIndex {
            index -= 1
            let entry = namespaceScopes[index]
            guard entry.uri == uri, !(asAttribute && entry.prefix.isEmpty) else { continue }
            if namespaceScopes[(index + 1)...].contains(where: { $0.prefix == entry.prefix }) { continue }
            return entry.prefix
        }
        return nil
    }

    /// Refuses an element name in no namespace (`{}local`) where a default namespace is in force
    /// (declared by an `XMLNamespaceDeclaring` value or by `rootAttributes`): unprefixed, the name
    /// would be in that namespace instead. `asNilOfAttribute` when the element is a `nil` under a key
    /// placed as an attribute (`encodeNil(forKey:)` writes an element for it, as for any key).
    @inline(never)
    func refuseUnqualifiedElement(
        _ clark: String, key: any CodingKey, parent: CodingPathNode, asNilOfAttribute: Bool = false
    ) throws {
        guard let index = namespaceScopes.lastIndex(where: { $0.prefix.isEmpty }) else { return }
        let uri = namespaceScopes[index].uri
        guard !uri.isEmpty else { return }
        let declarer =
            index < rootScopes.count
            ? "declared on the root by rootAttributes, xmlns=\"\(uri)\""
            : "declared by an enclosing XMLNamespaceDeclaring value"
        let why =
            asNilOfAttribute
            ? "A nil for the key \(clark), placed as an attribute, is written as an element, as for any key (an "
                + "attribute cannot be nil; the default nil strategy, .omitted, leaves it out). " : ""
        throw EncodingError.invalidValue(
            clark,
            EncodingError.Context(
                codingPath: parent.path(appending: key),
                debugDescription:
                    why + "The element \(clark) is in no namespace, but the default namespace \(uri) is in force here "
                    + "(\(declarer)): written without a prefix, it would be in that namespace. Undeclare the "
                    + "default namespace around it (a value whose type declares [\"\": \"\"] as its "
                    + "XMLNamespaceDeclaring declarations), give the key a namespace, or use a plain key to write "
                    + "it in the default namespace."
            ))
    }

    /// The prefix for a namespace URI outside the declarations of `XMLNamespaceDeclaring` values:
    /// the one `rootAttributes` declare for it, else one chosen (`ns1`, `ns2`, … skipping those
    /// `rootAttributes` and the values in scope declare) and declared on the root.
    func namespacePrefix(for uri: String) -> String {
        if let parent { return parent.namespacePrefix(for: uri) }
        if let declared = callerPrefixes.first(where: { $0.uri == uri }) { return declared.prefix }
        if let known = namespacePrefixes.first(where: { $0.uri == uri }) { return known.prefix }
        var number = namespacePrefixes.count + 1
        while callerPrefixes.contains(where: { $0.prefix == "ns\(number)" })
            || namespaceScopes.contains(where: { $0.prefix == "ns\(number)" })
        {
            number += 1
        }
        let prefix = "ns\(number)"
        namespacePrefixes.append((prefix, uri))
        return prefix
    }

    /// The name of a type, for a root element or list items nobody named: the type's name
    /// without generic arguments (`Array<Book>` → `Array`), after the key strategy.
    static func defaultName(for type: Any.Type, options: XMLEncoder.Options) -> String {
        // A type that names its element is written under that name, as it is.
        if let named = type as? any XMLElementNaming.Type { return named.xmlElementName }
        var name = String(describing: type)
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        // As in XMLCoder, a closure key strategy is not asked for the root's name.
        if case .custom = options.keyEncodingStrategy { return name }
        return KeyConversion.encode(XMLKey(stringValue: name), strategy: options.keyEncodingStrategy, path: .root)
    }

    /// `defaultName(for:options:)`, checked, interned (and remembered, except under a closure key
    /// strategy). A name an ``XMLElementNaming`` type declares may not be an XML name: that throws.
    func defaultNameID(for type: Any.Type) throws -> NameID {
        if case .custom = options.keyEncodingStrategy {
            return tree.intern(
                try checkedName(XMLEncoderImpl.defaultName(for: type, options: options), path: codingPathNode))
        }
        let id = ObjectIdentifier(type)
        if let known = typeNames[id] { return known }
        let name = tree.intern(
            try checkedName(XMLEncoderImpl.defaultName(for: type, options: options), path: codingPathNode))
        typeNames[id] = name
        return name
    }

    // MARK: - Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if call.isFinished { return endedContainer(keyedBy: type) }
        if case .map(let parent, let names) = target {
            return KeyedEncodingContainer(
                XMLMapEncodingContainer<Key>(
                    encoder: self, parent: parent, names: mapNamesList[Int(names)], path: codingPathNode))
        }
        let keyTraits = traits(of: Key.self)
        let isChoice = keyTraits.isChoiceKey
        let element = elementForContainer()
        if isChoice, element == choiceItemCandidate { tree.nodes[element].marks |= XMLEncodedTree.Marks.choiceItem }
        return keyedContainer(element, keyedBy: type, maker: keyTraits.keyedContainerMaker, isChoice: isChoice)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if call.isFinished { return endedUnkeyedContainer() }
        switch target {
        case .element(let element):
            // Items are named like the element holding them (the root, a list item). In a group
            // (a value under the `""` key), which has no name, after their type.
            let itemName: NameID? = tree.nodes[element].kind == .group ? nil : tree.nodes[element].name
            return XMLUnkeyedEncodingContainer(encoder: self, parent: element, itemName: itemName, holdsList: true)
        case .keyed(let parent, let name):
            target = .list(parent: parent, itemName: name)
            keyedValueIsList = true
            return XMLUnkeyedEncodingContainer(encoder: self, parent: parent, itemName: name)
        case .list(let parent, let itemName):
            return XMLUnkeyedEncodingContainer(encoder: self, parent: parent, itemName: itemName)
        case .intrinsic(let element):
            // A list under the `""` key is the element's own content: its items, named after their
            // type, go into a group of their own, which holds this list only, so that a list of
            // choices is written as the chosen elements, in place (`<g id="a"><rect/><circle/></g>`),
            // whatever else the element holds.
            let group = tree.addGroup(to: element)
            tree.nodes[group].marks |= XMLEncodedTree.Marks.listGroup
            return XMLUnkeyedEncodingContainer(encoder: self, parent: group, itemName: nil, holdsList: true)
        case .map(let parent, _):
            // A dictionary whose keys are neither strings nor integers encodes its keys and values
            // as one list: there are no keys to write entries for.
            deferredError = deferredError ?? notAMap()
            return XMLUnkeyedEncodingContainer(encoder: self, parent: parent, itemName: nil)
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The element a keyed container writes into: the target, or a new element for it.
    private func elementForContainer() -> Index {
        switch target {
        case .element(let element):
            return element
        case .keyed(let parent, let name):
            let element = tree.addElement(name, to: parent)
            target = .element(element)
            return element
        case .list(let parent, let itemName):
            let item = tree.addElement(itemName, to: parent)
            target = .element(item)
            return item
        case .intrinsic(let element):
            let group = tree.addGroup(to: element)
            target = .element(group)
            return group
        case .map(let parent, _):
            return parent
        }
    }
}

/// The names of one coding-key type's keys in one encode call, in the order they were first met:
/// a container checks the key after the last one it wrote first, so a type encoding its keys in
/// the same order each time finds each name with one string comparison.
internal final class KeyNames {
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var names: [XMLEncodedTree.NameID] = []
    /// Keys not found once the list was full: past a limit, the keys are not a fixed set (a
    /// dictionary's), and names are worked out every time instead.
    @exclusivity(unchecked) var failures = 0

    static let capacity = 64

    /// The `DynamicNodeEncoding` type whose answers `placements` holds: the first one asked about
    /// this key type's keys in the call (another type placing the same keys is asked every time).
    @exclusivity(unchecked) private var placementOwner: ObjectIdentifier?
    /// `placementOwner`'s answer for the key at each position of `keys`: 1 `.attribute`, 2
    /// `.element`, 3 `.both`, or 0 when not asked yet (`nodeEncoding(for:)` is asked once per key
    /// and call, as the protocol says).
    @exclusivity(unchecked) private var placements: [UInt8] = []

    /// The box of the key type's last container and its state, to be given out again once nothing
    /// else holds it (KeyedEncodingContainerState.swift); let go when the call ends.
    @exclusivity(unchecked) private var reusableBox: UncheckedContainerBox?
    @exclusivity(unchecked) private var reusableState: KeyedEncodingContainerState?

    /// The kept box and the state its container reads, both lent, when nothing else holds the box;
    /// else `nil`. (Safe unretained: this keeps both until `keep` or `releaseContainer`, which the
    /// caller does not call while it uses them.)
    @inline(__always)
    func reusableContainer()
        -> (box: UncheckedContainerBox.Lent, state: UnretainedReference<KeyedEncodingContainerState>)?
    {
        guard let box = reusableBox?.uniqueBox(), let reusableState else { return nil }
        return (box, UnretainedReference(reusableState))
    }

    /// Keeps `box`, whose container reads `state`, in place of the box kept before.
    func keep(_ box: UncheckedContainerBox, state: KeyedEncodingContainerState) {
        reusableBox = box
        reusableState = state
    }

    /// Lets go of the kept box (at the end of the call: its state holds the encoder).
    func releaseContainer() {
        reusableBox = nil
        reusableState = nil
    }

    /// The name of the key whose `stringValue` is given, expected at `position`; moves
    /// `position` past it.
    @inline(__always)
    func name(for stringValue: String, at position: inout Int) -> XMLEncodedTree.NameID? {
        if position < keys.count, keys[position] == stringValue {
            position += 1
            return names[position - 1]
        }
        return search(stringValue, at: &position)
    }

    private func search(_ stringValue: String, at position: inout Int) -> XMLEncodedTree.NameID? {
        guard failures < 32 else { return nil }
        for index in keys.indices where keys[index] == stringValue {
            position = index + 1
            return names[index]
        }
        if keys.count >= KeyNames.capacity { failures += 1 }
        return nil
    }

    /// Remembers a key's name, after the last one.
    func add(_ stringValue: String, name: XMLEncodedTree.NameID, at position: inout Int) {
        guard keys.count < KeyNames.capacity else { return }
        keys.append(stringValue)
        names.append(name)
        position = keys.count
    }

    /// Where `owner`, a `DynamicNodeEncoding` type, placed the key whose `stringValue` is given,
    /// which the container just named at `position` − 1, if this call asked it already (else `nil`:
    /// see `askPlacement`).
    @inline(__always)
    func knownPlacement(_ stringValue: String, at position: Int, owner: ObjectIdentifier) -> XMLEncoder.NodeEncoding? {
        let index = position &- 1
        guard index >= 0, index < placements.count, placementOwner == owner, keys[index] == stringValue else {
            return nil
        }
        switch placements[index] {
        case 1: return .attribute
        case 2: return .element
        case 3: return .both
        default: return nil
        }
    }

    /// Where `dynamic` places `key`, whose `stringValue` is given, when `knownPlacement` does not
    /// know: `dynamic` asked, and its answer remembered at the key's position (`position` − 1, if
    /// the container just named it there) when `dynamic` is this key type's first
    /// `DynamicNodeEncoding` type of the call.
    func askPlacement<Key: CodingKey>(
        of key: Key, _ stringValue: String, at position: Int, by dynamic: any DynamicNodeEncoding.Type
    ) -> XMLEncoder.NodeEncoding {
        let index = position - 1
        let answer = dynamic.nodeEncoding(for: key)
        let owner = ObjectIdentifier(dynamic)
        if placementOwner == nil { placementOwner = owner }
        guard placementOwner == owner, index >= 0, index < keys.count, keys[index] == stringValue else {
            return answer
        }
        if placements.count < keys.count { placements += repeatElement(0, count: keys.count - placements.count) }
        switch answer {
        case .attribute: placements[index] = 1
        case .element: placements[index] = 2
        case .both: placements[index] = 3
        }
        return answer
    }
}

extension XMLEncoderImpl: SingleValueEncodingContainer {
    func encodeNil() throws {
        try checkInUse()
        writeNil()
    }
    func encode(_ value: Bool) throws {
        try checkInUse()
        try writeScalar(tree.append(bool: value))
    }
    func encode(_ value: String) throws {
        try checkInUse()
        try writeText(value, path: codingPathNode)
    }
    func encode(_ value: Double) throws { try write(float: value) }
    func encode(_ value: Float) throws { try write(float: value) }
    func encode(_ value: Int) throws { try write(integer: value) }
    func encode(_ value: Int8) throws { try write(integer: value) }
    func encode(_ value: Int16) throws { try write(integer: value) }
    func encode(_ value: Int32) throws { try write(integer: value) }
    func encode(_ value: Int64) throws { try write(integer: value) }
    func encode(_ value: UInt) throws { try write(integer: value) }
    func encode(_ value: UInt8) throws { try write(integer: value) }
    func encode(_ value: UInt16) throws { try write(integer: value) }
    func encode(_ value: UInt32) throws { try write(integer: value) }
    func encode(_ value: UInt64) throws { try write(integer: value) }
    func encode<T: Encodable>(_ value: T) throws {
        try checkInUse()
        try encode(value, into: target, path: codingPathNode, passThrough: true)
    }

    /// What each of the floating-point `encode` overloads does. A non-conforming float written as
    /// a string is a string (CDATA under the `.cdata` strategy), as in XMLCoder.
    @inline(__always)
    private func write<F: BinaryFloatingPoint & LosslessStringConvertible & TextOutputStreamable>(float value: F)
        throws
    {
        try checkInUse()
        guard value.isFinite else { return try writeText(try number(value), path: codingPathNode) }
        try writeScalar(tree.append(finite: value))
    }

    /// What each of the integer `encode` overloads does.
    @inline(__always)
    private func write<I: FixedWidthInteger>(integer value: I) throws {
        try checkInUse()
        try writeScalar(tree.append(integer: value))
    }
}

extension KeyConversion {
    /// A key's name under a key encoding strategy.
    static func encode(_ key: any CodingKey, strategy: XMLEncoder.KeyEncodingStrategy, path: CodingPathNode) -> String {
        let name = key.stringValue
        switch strategy {
        case .useDefaultKeys: return name
        case .convertToSnakeCase: return separated(name, by: "_")
        case .convertToKebabCase: return separated(name, by: "-")
        case .capitalized: return name.prefix(1).uppercased() + name.dropFirst()
        case .uppercased: return name.uppercased()
        case .lowercased: return name.lowercased()
        case .custom(let closure): return closure(path.path(appending: key)).stringValue
        }
    }

    /// `myURLProperty` → `my_url_property`: words lower-cased, joined by a separator, split as
    /// XMLCoder (and Foundation's JSONEncoder) split them: a word starts at an upper-case letter
    /// after the first character, and a run of upper-case letters is one word up to the last
    /// before a lower-case letter (`XMLHTTPRequest` → `x_mlhttp_request`, as XMLCoder writes it).
    static func separated(_ name: String, by separator: Character) -> String {
        let scalars = Array(name.unicodeScalars)
        guard !scalars.isEmpty else { return name }
        func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .lowercaseLetter }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        let end = scalars.count
        while let upper = (searchStart..<end).first(where: { isUpper(scalars[$0]) }) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<end).first(where: { isLower(scalars[$0]) }) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<end)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: String(separator))
    }
}

/// One encoding call, shared by its encoders (the first and those `superEncoder()` makes): whether
/// it has returned.
internal final class EncodingCall {
    @exclusivity(unchecked) var isFinished = false
}
