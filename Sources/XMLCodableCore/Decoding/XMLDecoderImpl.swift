// XMLDecoderImpl: the one object that is the `Decoder` and the single-value container.
//
// Design (after swift-foundation's JSONDecoderImpl): decoding a document creates one decoder
// object. Descending into a value does not create a new decoder: `with(value:path:)` swaps the
// current value and coding path, runs the child's `init(from:)`, and puts them back. Containers
// are small structs that hold the decoder and a node number. Values are found in the `XMLIndex`
// by comparing the UTF-8 bytes of keys with element and attribute names, and are parsed straight
// from the document's bytes when a type asks for them (see ScalarParsing.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal final class XMLDecoderImpl: Decoder {
    // The index, reader and document change only between decoding calls, when one decoder decodes
    // the elements of a document read in chunks one after the other (`reset`).
    @exclusivity(unchecked) private(set) var index: XMLIndex {
        didSet { indexChanged() }
    }
    /// `index`'s nodes and packed attributes, for the key lookup, which reads them once per key
    /// of every decoded value: read through these views, they are not retained around each
    /// lookup, as the arrays of a class's property are. Made again whenever `index` changes (its
    /// `didSet`), and `index` keeps their storage (`uncheckedElementsOfHeldArray`).
    @exclusivity(unchecked) private(set) var nodeView: UncheckedElements<XMLIndex.Node>
    @exclusivity(unchecked) private(set) var attributeView: UncheckedElements<XMLIndex.CompactAttribute>
    /// The reader that read the document, for what its slices refer to besides the document's
    /// bytes: entity replacement text, attribute defaults, namespace URIs. For a document read in
    /// chunks, the reader that reads it: `ElementStreamDecoder` reads it through this property,
    /// in place, between the elements it decodes.
    @exclusivity(unchecked) var reader: XMLReader
    let options: XMLDecoder.Options
    /// The document's bytes, for the slices that lie in it (buffer 0): borrowed by `XMLDecoder`
    /// for the whole decoding call, which this object never outlives in use. For an element of
    /// a document read in chunks, that element's bytes only (see `documentBase`). Read without
    /// bounds checks (`UncheckedBytes`) at the slices of `index`, which the index builder made
    /// from this document's events, so they lie within it; and never after the call
    /// (`checkInUse`).
    @exclusivity(unchecked) private(set) var document: UncheckedBytes
    /// The absolute offset of `document`'s first byte in the whole document (0 but for an element
    /// of a document read in chunks), for the lines and columns in errors.
    @exclusivity(unchecked) private(set) var documentBase = 0
    /// For an index built from a tree's values (an element built in code or changed): where its
    /// nodes were parsed, for the locations in errors (see `XMLIndex.Origins`).
    var origins: XMLIndex.Origins?
    /// Whether the index's names and text were checked as the reader checks them (not for element
    /// values built in code, see `XMLTree.Store.isChecked`): what a subtree's store says of itself.
    var sourceIsChecked = true
    /// Whether errors get the location of what they are about added (not for one value read from
    /// a string by the document model's typed accessors, which say where themselves).
    var locatesErrors = true
    /// Neither the node decoding strategy nor the key decoding strategy changes how keys are
    /// found (`.deferredToDecoder`, `.useDefaultKeys`): containers then need no `XMLKeyRules`
    /// unless the decoded type itself asks for some.
    let hasPlainKeyStrategies: Bool
    // These change on every descent and are only ever touched by the one decoding call that owns
    // this object, in a strictly nested way (`with(value:path:)`): dynamic exclusivity checks on
    // them cost more than the decoding itself and protect nothing.
    //
    // The coding path is held unretained (its last step, and the position for a list item): it is
    // only ever set by `with(value:path:)` from a path its caller keeps alive for the call, so
    // descending touches no reference count. `codingPathNode` rebuilds the enum when asked. (Safe
    // unretained: `with` restores the previous step before it returns, so the step is only read
    // while the caller that passed it is still running; debug builds check it, see
    // `UnretainedReference`.)
    @exclusivity(unchecked) private var pathStep: UnretainedReference<CodingPathNode.KeyStep>?
    @exclusivity(unchecked) private var pathPosition: Int = -1
    @exclusivity(unchecked) var value: XMLValue
    /// The type whose `init(from:)` is running (for `DynamicNodeDecoding` and the node strategy).
    @exclusivity(unchecked) var currentType: any Decodable.Type = Never.self
    /// The traits of `currentType`, set with it (so that each container need not look them up).
    @exclusivity(unchecked) var currentTraits: TypeTraits
    /// What the decoder has learnt about types, so that each is asked its conformances once.
    @exclusivity(unchecked) var traitsCache: [ObjectIdentifier: TypeTraits] = [:]
    /// Where the last attribute lookup found its attribute, plus one: the next key is usually
    /// the next attribute (see `lookUp`). Only a starting point, so any value is safe.
    @exclusivity(unchecked) var attributeCursor = 0
    /// The element whose `filter` this is, or -1: the last element a key was found absent in (see
    /// `find` and NameFilter.swift). Only a cache, for the current index (`indexChanged`).
    @exclusivity(unchecked) var filteredElement: Int32 = -1
    @exclusivity(unchecked) var filter = NameFilter.everything
    /// The names of the keys asked for so far, for key types of one byte (KeyNameTable.swift): each
    /// key's `stringValue` is read once, not once per lookup. Names never go stale, so this
    /// outlives `reset`, and a call's table goes back to the scratch pool for the next call
    /// (`DecodingScratch`).
    @exclusivity(unchecked) var keyNames = KeyNameTable()
    @exclusivity(unchecked) var traitSlots = [TraitSlot](
        repeating: TraitSlot(type: nil, traits: .unknown), count: TraitSlot.count)
    /// The keyed containers' boxes this decoder made, with their states, which it keeps alive for as
    /// long as the boxes live (a container holds its state unretained: see
    /// UncheckedKeyedContainerBoxes.swift); one per key type is given out again (by
    /// `KeyedContainerMaker.slot`), and when the call ends those nothing else holds are kept for the
    /// next call (`finish`, `takeReusableContainers`). Only the call's first decoder gives boxes out
    /// again (a decoder `superDecoder()` made has no `keyNames` of the call's, and ends with it).
    @exclusivity(unchecked) var reusableContainers = UncheckedKeyedContainerBoxes()
    /// The objects that keyed containers point to without retaining them (key rules), kept for
    /// the whole decoding call: a container may be used as long as its decoder.
    @exclusivity(unchecked) var keptAlive: [AnyObject] = []
    /// The two objects last asked to be kept alive, most recent first: the items of a list
    /// share their rules, and a list's items alternate with the lists inside them.
    @exclusivity(unchecked) var recentlyKeptAlive: (ObjectIdentifier?, ObjectIdentifier?) = (nil, nil)
    /// The nodes of every list made so far (`XMLNodeList` ranges), for the whole decoding call.
    @exclusivity(unchecked) var listNodes: [Int32] = []
    /// The maps read so far (`XMLValue.map`), for the whole decoding call.
    @exclusivity(unchecked) var maps: [DecodedMap] = []
    /// The element of an undecided list whose first item is being decoded (see
    /// `XMLUnkeyedDecodingContainer`): the item's first keyed container decides.
    @exclusivity(unchecked) var listCandidate = ListCandidate.none

    init(
        index: XMLIndex, reader: XMLReader, options: XMLDecoder.Options, document: UncheckedBytes,
        listNodes: [Int32] = [], keyNames: KeyNameTable = KeyNameTable(),
        containerBoxes: UncheckedKeyedContainerBoxes = UncheckedKeyedContainerBoxes()
    ) {
        self.index = index
        // `index`'s storage, which the property now keeps too (no `didSet` in an initializer).
        nodeView = index.nodes.uncheckedElementsOfHeldArray()
        attributeView = index.attributes.packed.uncheckedElementsOfHeldArray()
        self.listNodes = listNodes
        self.keyNames = keyNames
        self.reusableContainers = containerBoxes
        self.reader = reader
        self.options = options
        self.document = document
        self.hasPlainKeyStrategies = Self.plainKeyStrategies(options)
        self.ownedPath = .root
        self.value = .element(index.root)
        self.currentTraits = TypeTraits.unknown
        self.currentTraits = traits(of: currentType)
    }

    /// A decoder that carries on reading the elements of a document read in chunks where `ended`
    /// (whose call has ended, and which something still holds) stopped: its reader, and what it
    /// learnt about types. (`ended` keeps a copy of the reader, which it never uses again.)
    convenience init(continuing ended: XMLDecoderImpl) {
        self.init(index: XMLIndex(), reader: ended.reader, options: ended.options, document: .empty)
        traitsCache = ended.traitsCache
        traitSlots = ended.traitSlots
    }

    /// Makes this decoder decode another document (an element of a document read in chunks, see
    /// `ElementStreamDecoder`), keeping what it has learnt about types. Only for a decoder nothing
    /// else holds: one that something kept after its call stays ended (`init(continuing:)`).
    /// The reader stays (it reads on: see `reader`).
    func reset(index: XMLIndex, document: UncheckedBytes, documentBase: Int) {
        isFinished = false
        self.index = index
        self.document = document
        self.documentBase = documentBase
        value = .element(index.root)
        pathStep = nil
        pathPosition = -1
        currentType = Never.self
        currentTraits = traits(of: currentType)
        attributeCursor = 0
        keptAlive.removeAll(keepingCapacity: true)
        recentlyKeptAlive = (nil, nil)
        listNodes.removeAll(keepingCapacity: true)
        maps.removeAll()
        listCandidate = .none
    }

    /// Makes what is derived from `index` anew: `nodeView` and `attributeView` its views, and no
    /// element's name filter (`filteredElement` numbers a node of the index it was made for).
    private func indexChanged() {
        nodeView = index.nodes.uncheckedElementsOfHeldArray()
        attributeView = index.attributes.packed.uncheckedElementsOfHeldArray()
        filteredElement = -1
    }

    /// Gives the index back (for its arrays), leaving an empty one.
    func takeIndex() -> XMLIndex {
        var taken = XMLIndex()
        swap(&taken, &index)
        return taken
    }

    // MARK: - The end of the call

    /// Whether the decoding call this decoder served has returned. The document's bytes it reads
    /// belong to that call's caller and may be gone, so every use then throws (`checkInUse`): a
    /// model that kept its `Decoder`, or a container, gets a clear error, never freed memory.
    @exclusivity(unchecked) private(set) var isFinished = false
    /// The decoders `superDecoder()` made during the call (kept by the call's first decoder),
    /// ended with it.
    @exclusivity(unchecked) private var sharingDecoders: [XMLDecoderImpl] = []
    /// The call's first decoder, for a decoder `superDecoder()` made during the call (`nil` for
    /// the first itself, and once the call has ended).
    @exclusivity(unchecked) private var callDecoder: XMLDecoderImpl?

    /// Ends the decoding call: this decoder and those `superDecoder()` made refuse every later use.
    func finish() {
        isFinished = true
        setPath(ownedPath)
        for decoder in sharingDecoders {
            decoder.isFinished = true
            decoder.setPath(decoder.ownedPath)
            decoder.callDecoder = nil
            // Its containers' states let go of its steps (which hold it), so that it can be freed.
            decoder.reusableContainers.endCall()
        }
        sharingDecoders = []
        reusableContainers.endCall()
    }

    /// The boxes the call kept, for the scratch pool (after `finish`, or as it would leave them).
    func takeReusableContainers() -> UncheckedKeyedContainerBoxes {
        reusableContainers.endCall()
        var taken = UncheckedKeyedContainerBoxes()
        swap(&taken, &reusableContainers)
        return taken
    }

    /// Whether this decoder keeps the boxes of its containers (the call's first decoder only: see
    /// `reusableContainers`).
    var keepsContainers: Bool { callDecoder == nil }

    /// Throws when the decoding call has ended (see `isFinished`). One load and a branch: every
    /// container operation begins with it.
    @inline(__always)
    func checkInUse() throws {
        if isFinished { throw usedAfterDecoding() }
    }

    @inline(never)
    private func usedAfterDecoding() -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "A decoder or container was used after the decoding call that made it returned: a Decoder "
                    + "and its containers are valid only during the init(from:) they are given to."
            ))
    }

    /// A decoder on the same document, for `superDecoder()`.
    init(sharing other: XMLDecoderImpl, value: XMLValue, path: CodingPathNode) {
        self.index = other.index
        nodeView = other.nodeView
        attributeView = other.attributeView
        self.reader = other.reader
        self.options = other.options
        self.document = other.document
        self.hasPlainKeyStrategies = other.hasPlainKeyStrategies
        self.ownedPath = path
        self.value = value
        self.currentType = other.currentType
        self.currentTraits = other.currentTraits
        setPath(path)
        // A list is a range of the decoder's own nodes: copy it over.
        if case .elements(let list) = value { self.value = .elements(makeList(Array(other.nodes(of: list)))) }
        if case .map(let map) = value {
            maps.append(other.maps[Int(map)])
            self.value = .map(0)
        }
        // The call's first decoder ends this one with the call.
        let first = other.callDecoder ?? other
        callDecoder = first
        first.sharingDecoders.append(self)
    }

    // MARK: - Lists

    /// A list of the given nodes, in order.
    func makeList(_ nodes: [Int32]) -> XMLNodeList {
        let start = listNodes.count
        listNodes.append(contentsOf: nodes)
        return XMLNodeList(start: start, count: nodes.count)
    }

    /// The nodes of a list.
    func nodes(of list: XMLNodeList) -> ArraySlice<Int32> {
        listNodes[list.start..<list.start + list.count]
    }

    /// Node `position` of a list.
    @inline(__always)
    func node(_ position: Int, of list: XMLNodeList) -> Int32 {
        listNodes[list.start + position]
    }

    /// Whether `options` leave the finding of keys to names as written (see `hasPlainKeyStrategies`).
    private static func plainKeyStrategies(_ options: XMLDecoder.Options) -> Bool {
        guard case .deferredToDecoder = options.nodeDecodingStrategy else { return false }
        guard case .useDefaultKeys = options.keyDecodingStrategy else { return false }
        return true
    }

    /// Keeps `object` alive as long as this decoder (for the containers, which do not retain it).
    @inline(__always)
    func keepAlive(_ object: AnyObject) {
        let id = ObjectIdentifier(object)
        if id != recentlyKeptAlive.0 { keepAliveSlowly(object, id) }
    }

    @inline(never)
    private func keepAliveSlowly(_ object: AnyObject, _ id: ObjectIdentifier) {
        if id != recentlyKeptAlive.1 { keptAlive.append(object) }
        recentlyKeptAlive = (id, recentlyKeptAlive.0)
    }

    /// The path this decoder was made at, kept alive for as long as the decoder.
    private let ownedPath: CodingPathNode

    /// The current coding path.
    var codingPathNode: CodingPathNode {
        CodingPathNode(lastStep: pathStep?.object, position: pathPosition)
    }

    /// The step and position a keyed container at the current coding path keeps (as
    /// `XMLKeyedDecodingContainer.step(for:_:)` finds them for a path): the current step when
    /// this decoder made it, else a new step standing for the path. Made from the unretained
    /// step with one retain, for the container.
    @inline(__always)
    func currentContainerStep() -> (DecoderPathStep, Int32) {
        // Tested through the unretained reference: the one retain is the returned step's.
        if let own = pathStep?.withObject({ step -> UnretainedReference<DecoderPathStep>? in
            guard let own = step as? DecoderPathStep, own.decoder === self else { return nil }
            // Safe unretained: the step is the current path's, which the caller of the descent
            // keeps alive (see `pathStep`), and it is retained below before anything else runs.
            return UnretainedReference(own)
        }) {
            return (own.object, Int32(truncatingIfNeeded: pathPosition))
        }
        return (DecoderPathStep.standing(for: codingPathNode, decoder: self), -1)
    }

    /// Whether `step`, a step of this decoder's, is the current path's step (what
    /// `currentContainerStep` would return), compared without a retain.
    @inline(__always)
    func isCurrentStep(_ step: DecoderPathStep) -> Bool {
        guard step.decoder === self, let current = pathStep else { return false }
        return current.withObject { $0 === step }
    }

    /// The current path, lent: for a descent that stays at the same path (`with(value:lent:_:)`),
    /// whose caller keeps the path alive as it keeps this decoder's.
    var currentPath: CodingPathNode.Lent { (pathStep, pathPosition) }

    /// The current path's position in its list, or -1 (see `currentContainerStep`).
    var currentPosition: Int32 { Int32(truncatingIfNeeded: pathPosition) }

    /// Makes `path` current, unretained (see `pathStep`).
    @inline(__always)
    private func setPath(_ path: CodingPathNode) {
        (pathStep, pathPosition) = path.unretainedParts
    }

    var codingPath: [any CodingKey] { codingPathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - Descending

    /// Runs `body` with the decoder positioned on `value` at `path`, then restores its position.
    @inline(__always)
    func with<T>(value: XMLValue, path: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        try with(value: value, lent: path.unretainedParts, body)
    }

    /// `with(value:path:_:)` for a path its caller lends (keeps alive until this returns): the
    /// decoder holds the path unretained (see `pathStep`).
    @inline(__always)
    func with<T>(value: XMLValue, lent path: CodingPathNode.Lent, _ body: () throws -> T) rethrows -> T {
        let savedValue = self.value
        let savedStep = pathStep
        let savedPosition = pathPosition
        self.value = value
        (pathStep, pathPosition) = path
        defer {
            self.value = savedValue
            pathStep = savedStep
            pathPosition = savedPosition
        }
        return try body()
    }

    /// Decodes a value of type `T` from `value`, at `path`. A `DecodingError` that says nothing
    /// of where it is (one a model's own `init(from:)` threw, such as
    /// `dataCorruptedError(forKey:in:debugDescription:)`) leaves with the line and column of the
    /// value it is about, as the decoder's own errors do.
    func unwrap<T: Decodable>(_ value: XMLValue, as type: T.Type, path: CodingPathNode) throws -> T {
        do {
            return try unwrapUnlocated(value, as: type, lent: path.unretainedParts) { path }
        } catch let error as DecodingError {
            throw locating(error, at: value, path: path)
        }
    }

    /// `unwrap` for a path its caller lends: a list's item, whose path is the list's step, which
    /// the list holds, and the item's position (no retain: the path is made only for an error or
    /// a special type).
    func unwrap<T: Decodable>(_ value: XMLValue, as type: T.Type, lent path: CodingPathNode.Lent) throws -> T {
        do {
            return try unwrapUnlocated(value, as: type, lent: path) { CodingPathNode(lent: path) }
        } catch let error as DecodingError {
            throw locating(error, at: value, path: CodingPathNode(lent: path))
        }
    }

    /// What both `unwrap`s do: `path` is the lent path as a path, asked for a special type only.
    @inline(__always)
    private func unwrapUnlocated<T: Decodable>(
        _ value: XMLValue, as type: T.Type, lent: CodingPathNode.Lent, path: () -> CodingPathNode
    ) throws -> T {
        let traits = traits(of: type)
        if traits.isSpecial { return try unwrapSpecialValue(value, as: type, path: path()) }
        let savedType = currentType
        let savedTraits = currentTraits
        currentType = type
        currentTraits = traits
        defer {
            currentType = savedType
            currentTraits = savedTraits
        }
        if let array = traits.decodableArray {
            return try with(value: value, lent: lent) { try array.decodeXMLArray(self, as: T.self) }
        }
        return try with(value: value, lent: lent) { try T(from: self) }
    }

    /// `unwrapSpecial` for a type known to be special. Kept out of `unwrap` so that the common
    /// path never needs `Optional<T>`'s metadata, which unspecialized generic code builds at run time.
    @inline(never)
    func unwrapSpecialValue<T: Decodable>(_ value: XMLValue, as type: T.Type, path: CodingPathNode) throws -> T {
        if let special = try unwrapSpecial(value, as: type, path: path) { return special }
        return try with(value: value, path: path) { try T(from: self) }
    }

    // MARK: - Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkInUse()
        switch value {
        case .element(let node):
            if listCandidate.node >= 0 { return try containerDecidingList(node, keyedBy: type) }
            if isChoiceElement(node, keyedBy: type) {
                let caseName = choiceCaseName(index[node].name, keyedBy: type) ?? matchName(index[node].name)
                let choice = XMLChoiceDecodingContainer<Key>(
                    decoder: self, value: .element(node), caseName: caseName, path: codingPathNode)
                return KeyedDecodingContainer(choice)
            }
            return keyedContainer(node, keyedBy: type)
        case .elements(let list) where list.count == 1:
            return try with(value: .element(node(0, of: list)), lent: currentPath) { try container(keyedBy: type) }
        case .text(ofElement: let node):
            // A keyed value under the `""` key is the element itself: its attributes and children
            // (as in XMLCoder, where an enum case's payload keyed `""` is the case element's content).
            return try with(value: .element(node), lent: currentPath) { try container(keyedBy: type) }
        case .characters(let node):
            return try textChoiceContainer(node, keyedBy: type)
        case .map(let map):
            return XMLKeyedDecodingContainer<Key>.boxed(decoder: self, map: map, path: codingPathNode)
        default:
            throw typeMismatch([String: Any].self, found: value, path: codingPathNode)
        }
    }

    /// A run of text among mixed content, read into a choice whose text case is `""`
    /// (`enum CodingKeys: String, XMLChoiceCodingKey { case text = "", bold = "b" }`).
    /// Out of line: `Key(stringValue:)` needs `Optional<Key>`'s metadata, which generic code builds
    /// on entry to the function that uses it, so `container(keyedBy:)` would build it for every
    /// struct decoded.
    @inline(never)
    private func textChoiceContainer<Key: CodingKey>(_ node: Int32, keyedBy type: Key.Type) throws
        -> KeyedDecodingContainer<Key>
    {
        guard Key.self is any XMLChoiceCodingKey.Type, Key(stringValue: "") != nil else {
            throw typeMismatch([String: Any].self, found: value, path: codingPathNode)
        }
        return KeyedDecodingContainer(
            XMLChoiceDecodingContainer<Key>(decoder: self, value: .characters(node), caseName: "", path: codingPathNode)
        )
    }

    /// The keyed container of the first item of an undecided list (see `XMLUnkeyedDecodingContainer`):
    /// the element itself when one of its children or attributes is a key of `Key`, else the
    /// element wraps the items and this is its first child element's container. Or the container
    /// of an item that is one of an element's child elements (`ListCandidate.isChildItem`).
    @inline(never)
    private func containerDecidingList<Key: CodingKey>(_ node: Int32, keyedBy type: Key.Type) throws
        -> KeyedDecodingContainer<Key>
    {
        let candidate = listCandidate.node
        listCandidate.node = -1
        guard candidate == node else { return try container(keyedBy: type) }
        if listCandidate.isChildItem { return try childItemContainer(node, keyedBy: type) }
        if !element(node, holdsOneItemKeyedBy: type, choice: currentTraits.isEnum),
            let first = index.children(of: node).first(where: { index[$0].isElement })
        {
            listCandidate.choseWrapped = true
            return try with(value: .element(first), path: codingPathNode) {
                try childItemContainer(first, keyedBy: type)
            }
        }
        return try container(keyedBy: type)
    }

    /// The keyed container of a list item that is one of an element's child elements (the items
    /// of the `""` key, of the root, of a wrapped list). Nothing wraps such items, so for an enum,
    /// an element named by a case is that case's element even when a child of it is named by a
    /// case too: in `<g><g><rect/></g><circle/></g>`, the inner `g` is a group holding a
    /// rectangle, not a wrapper of the rectangle (the rule that reads `<value><int>1</int></value>`
    /// is for elements named by a key).
    private func childItemContainer<Key: CodingKey>(_ node: Int32, keyedBy type: Key.Type) throws
        -> KeyedDecodingContainer<Key>
    {
        if currentTraits.isEnum {
            if let caseName = choiceCaseName(index[node].name, keyedBy: type) {
                return KeyedDecodingContainer(
                    XMLChoiceDecodingContainer<Key>(
                        decoder: self, value: .element(node), caseName: caseName, path: codingPathNode))
            }
        }
        return try container(keyedBy: type)
    }

    /// Whether an element, read as a list, is one item keyed by `Key` rather than a wrapper of
    /// items: one of its child elements or attributes names a key of `Key` (after the key decoding
    /// strategy), or a child is the `<super>` element of a class's superclass. For a choice (an
    /// enum), whose value is one case element, it must hold exactly one child element, naming a
    /// case: several cases are several items.
    func element<Key: CodingKey>(_ node: Int32, holdsOneItemKeyedBy type: Key.Type, choice: Bool) -> Bool {
        let path = codingPathNode
        if choice || Key.self is any XMLChoiceCodingKey.Type {
            var children = index.children(of: node).filter { index[$0].isElement }.makeIterator()
            guard let only = children.next(), children.next() == nil else { return false }
            return Key(stringValue: convert(matchName(index[only].name), path: path)) != nil
        }
        for child in index.children(of: node) where index[child].isElement {
            let name = convert(matchName(index[child].name), path: path)
            // `<super>` is a superclass's values (`superEncoder()` writes it), read with the keys.
            if Key(stringValue: name) != nil || name == XMLKey.super.stringValue { return true }
        }
        for attribute in index.attributes(of: node) where !attribute.isNamespaceDeclaration {
            if Key(stringValue: convert(attributeMatchName(attribute.name), path: path)) != nil { return true }
        }
        return false
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkInUse()
        return try listContainer()
    }

    /// The unkeyed container, as its concrete type. `lent`: for a list decoded within this descent
    /// (`Array.decodeXMLItems`), which the container does not outlive: it then holds the decoder
    /// and the current path's step unretained, when the path ends in a step (see
    /// `XMLUnkeyedDecodingContainer.init`).
    func listContainer(lent: Bool = false) throws -> XMLUnkeyedDecodingContainer {
        switch value {
        case .elements(let list):
            return XMLUnkeyedDecodingContainer(decoder: self, items: list, path: currentPath, lent: lent)
        case .element(let node), .text(ofElement: let node):
            return XMLUnkeyedDecodingContainer(
                decoder: self, items: makeList(listItems(of: node)), path: currentPath, lent: lent,
                itemsAreChildren: true)
        default:
            throw typeMismatch([Any].self, found: value, path: codingPathNode)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkInUse()
        return self
    }

    /// The items of an element read as a list: its child elements, and its character data too
    /// when it has any besides white space (mixed content, in document order).
    func listItems(of node: Int32) -> [Int32] {
        var items: [Int32] = []
        var mixed = false
        var child = index.firstChild(of: node)
        while child >= 0 {
            let childNode = index[child]
            if childNode.isElement {
                items.append(child)
            } else if !mixed, !isWhiteSpace(childNode.text) {
                mixed = true
            }
            child = childNode.nextSibling
        }
        guard mixed else { return items }
        // Mixed content: elements and runs of character data, in order. A run (text, CDATA and
        // text from entities, side by side) is one item, named by its first node; with
        // `removeWhitespaceElements`, runs of white space only are left out.
        var all: [Int32] = []
        child = index.firstChild(of: node)
        var previousWasText = false
        while child >= 0 {
            let childNode = index[child]
            if childNode.isElement {
                all.append(child)
                previousWasText = false
            } else {
                if !previousWasText, !(options.removeWhitespaceElements && isWhiteSpaceRun(from: child)) {
                    all.append(child)
                }
                previousWasText = true
            }
            child = childNode.nextSibling
        }
        return all
    }

    /// Whether the run of character data starting at `node` is white space only.
    func isWhiteSpaceRun(from node: Int32) -> Bool {
        var current = node
        while current >= 0, !index[current].isElement {
            if !isWhiteSpace(index[current].text) { return false }
            current = index[current].nextSibling
        }
        return true
    }

    /// Whether an element has child elements.
    func hasChildElements(_ node: Int32) -> Bool {
        index[node].hasChildElements
    }

    /// Whether an element is a choice: decoded into an enum whose case its own name selects
    /// (`<int>1</int>` for `case int(Int)`), rather than by its children.
    func isChoiceElement<Key: CodingKey>(_ node: Int32, keyedBy type: Key.Type) -> Bool {
        // Enums only (what Swift synthesizes for, and what `XMLChoiceCodingKey` marks in practice):
        // the check is cached per type, so it costs nothing for the structs of a large document.
        guard currentTraits.isEnum else { return false }
        return isChoiceElementOfEnum(node, keyedBy: type)
    }

    /// `isChoiceElement` for an enum. Separate so that structs never make `Optional<Key>`'s
    /// metadata (which generic code builds at run time, on entry to the function that needs it).
    @inline(never)
    private func isChoiceElementOfEnum<Key: CodingKey>(_ node: Int32, keyedBy type: Key.Type) -> Bool {
        guard choiceCaseName(index[node].name, keyedBy: type) != nil else { return false }
        // Not when the element holds the case inside it (`<value><int>1</int></value>`), its name
        // converted by the key strategy as the case's own lookup converts it.
        let path = codingPathNode
        var child = index.firstChild(of: node)
        while child >= 0 {
            if index[child].isElement, Key(stringValue: convert(matchName(index[child].name), path: path)) != nil {
                return false
            }
            if index[child].isElement, let clark = clarkName(index[child].name), Key(stringValue: clark) != nil {
                return false
            }
            child = index[child].nextSibling
        }
        return true
    }

    /// The case an element names in a choice keyed by `Key`: its name as keys match names, or, when
    /// no case has that name, its name in Clark notation (`{uri}local`), so that choice cases keyed
    /// by namespace URI match whatever prefix the document uses.
    func choiceCaseName<Key: CodingKey>(_ name: XMLName, keyedBy type: Key.Type) -> String? {
        let written = matchName(name)
        if Key(stringValue: written) != nil { return written }
        if let clark = clarkName(name), Key(stringValue: clark) != nil { return clark }
        return nil
    }

    /// `{uri}local` for a name in a namespace, else `nil`.
    func clarkName(_ name: XMLName) -> String? {
        guard let uri = reader.namespaceURI(name), !uri.isEmpty else { return nil }
        return "{\(uri)}" + string(name.local)
    }

    /// The child elements of a node with a given name (as keys match names).
    func children(of node: Int32, named name: String) -> [Int32] {
        var name = name
        return name.withUncheckedUTF8 { bytes in
            var found: [Int32] = []
            var child = index.firstChild(of: node)
            while child >= 0 {
                let childNode = index[child]
                if childNode.isElement, nameMatches(childNode.name, bytes) {
                    found.append(child)
                }
                child = childNode.nextSibling
            }
            return found
        }
    }

    /// The items of a wrapped list: the children of `wrapper` named `itemName`, which is a name as
    /// written (`member`, `ns:member`) or, in Clark notation, a namespace and a local name
    /// (`{http://example.com/ns}member` matches `<p:member xmlns:p="http://example.com/ns">`).
    func listItems(of wrapper: Int32, named itemName: String) -> [Int32] {
        guard itemName.utf8.first == UInt8(ascii: "{") else { return children(of: wrapper, named: itemName) }
        switch findQualified(itemName, in: wrapper, placement: .element, wantsList: true) {
        case .elements(let list): return Array(nodes(of: list))
        case .element(let item): return [item]
        default: return []
        }
    }

    /// Whether a slice holds only XML white space.
    func isWhiteSpace(_ slice: XMLSlice) -> Bool {
        withRawBytes(of: slice) { bytes in bytes.unsafeBuffer.allSatisfy(ScalarParsing.isSpace) }
    }

    // MARK: - Reading values

    /// Calls `body` with the decoded bytes of a slice; verbatim slices of the document itself
    /// (nearly all of them) are read in place without a call into the reader.
    @inline(__always)
    func withDecodedBytes<R>(of slice: XMLSlice, _ body: (UncheckedBytes) throws -> R) rethrows -> R {
        if slice.isVerbatim { return try withRawBytes(of: slice, body) }
        return try decodedBytes(slice).withUncheckedBytes(body)
    }

    /// The decoded bytes of a slice that is not verbatim (references, line ends, attribute-value
    /// normalization). Straight from the scanner: going through `reader` would copy it.
    @inline(never)
    func decodedBytes(_ slice: XMLSlice) -> [UInt8] {
        reader.decodedBytes(slice, in: document)
    }

    /// Calls `body` with the raw bytes of a slice (references not replaced).
    @inline(__always)
    func withRawBytes<R>(of slice: XMLSlice, _ body: (UncheckedBytes) throws -> R) rethrows -> R {
        if slice.source == 0 { return try body(document.extracting(unchecked: slice.start..<slice.end)) }
        return try reader.withUncheckedBytes(of: slice, body)
    }

    /// Calls `body` with the decoded text of a value (an attribute value, or an element's character data).
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is an element with child elements, or a list.
    func withText<R>(
        _ value: XMLValue, expecting type: Any.Type, path: PathRef, _ body: (UncheckedBytes) throws -> R
    ) throws -> R {
        switch value {
        case .attribute(let attribute):
            return try withDecodedBytes(of: index.attributes[Int(attribute)].value, body)
        case .element(let node):
            if let child = try textNodes(of: node, allowElements: false, expecting: type, path: path) {
                return try withDecodedBytes(of: index[child].text, body)
            }
            return try joinedText(of: node, allowElements: false, expecting: type, path: path).withUncheckedBytes(body)
        case .text(let node):
            if let child = try textNodes(of: node, allowElements: true, expecting: type, path: path) {
                return try withDecodedBytes(of: index[child].text, body)
            }
            return try joinedText(of: node, allowElements: true, expecting: type, path: path).withUncheckedBytes(body)
        case .characters(let node):
            let next = index[node].nextSibling
            if next < 0 || index[next].isElement { return try withDecodedBytes(of: index[node].text, body) }
            var bytes: [UInt8] = []
            var current = node
            while current >= 0, !index[current].isElement {
                withDecodedBytes(of: index[current].text) { bytes.append(contentsOf: $0) }
                current = index[current].nextSibling
            }
            return try bytes.withUncheckedBytes(body)
        case .elements(let list):
            if list.count == 1 { return try withText(.element(node(0, of: list)), expecting: type, path: path, body) }
            throw typeMismatch(type, found: value, path: path)
        case .map:
            throw typeMismatch(type, found: value, path: path)
        }
    }

    /// The single character-data child of an element, or `nil` when it has none or several.
    private func textNodes(of node: Int32, allowElements: Bool, expecting type: Any.Type, path: PathRef) throws
        -> Int32?
    {
        let first = index.firstChild(of: node)
        guard first >= 0 else { return nil }
        let firstNode = index[first]
        if !firstNode.isElement, firstNode.nextSibling < 0 { return first }
        if !allowElements, index[node].hasChildElements {
            throw typeMismatch(type, found: .element(node), path: path)
        }
        return nil
    }

    /// All the character data directly inside an element, joined (with the runs of layout white
    /// space the index left out, read back from the document).
    private func joinedText(of node: Int32, allowElements: Bool, expecting type: Any.Type, path: PathRef) throws
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        for child in index.children(of: node) {
            let childNode = index[child]
            if childNode.isElement {
                if !allowElements { throw typeMismatch(type, found: .element(node), path: path) }
                if childNode.followsLayout {
                    withRawBytes(of: XMLIndex.layoutRun(before: childNode, in: document)) {
                        bytes.append(contentsOf: $0)
                    }
                }
                continue
            }
            withDecodedBytes(of: childNode.text) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The text of a value as a `String`, trimmed when `trimValueWhitespaces` is set.
    func string(_ value: XMLValue, path: PathRef) throws -> String {
        if let slice = characterData(of: value), !slice.isVerbatim, let string = decodedString(slice) { return string }
        return try withText(value, expecting: String.self, path: path) { bytes in
            UncheckedUTF8String.make(
                options.trimValueWhitespaces ? ScalarParsing.trimmed(bytes) : bytes)
        }
    }

    /// The one run of character data a value's text is, when it is exactly one node (the common
    /// case); `nil` for attributes, joined runs, and anything `withText` must judge.
    private func characterData(of value: XMLValue) -> XMLSlice? {
        let node: Int32
        switch value {
        case .element(let element), .text(ofElement: let element):
            node = index.firstChild(of: element)
            guard node >= 0 else { return nil }
        case .characters(let characters):
            node = characters
        case .attribute, .elements, .map:
            return nil
        }
        let text = index[node]
        guard !text.isElement, text.nextSibling < 0 else { return nil }
        return text.text
    }

    /// A non-verbatim run of character data or attribute value decoded as a string (no
    /// intermediate array), trimmed when `trimValueWhitespaces` is set; `nil` when the scanner's
    /// direct path declines (then it is decoded the general way).
    @inline(never)
    func decodedString(_ slice: XMLSlice) -> String? {
        // The reader is passed in place: called on `self.reader` inside the closure below, its
        // scanner would be copied for each call.
        Self.decodedString(slice, document, trim: options.trimValueWhitespaces, reader: &reader)
    }

    static func decodedString(
        _ slice: XMLSlice, _ document: UncheckedBytes, trim: Bool, reader: inout XMLReader
    ) -> String? {
        // Up to 16 KiB, decoded into a scratch buffer (on the stack when it is small), then copied
        // into the string: that costs less than the standard library's check of bytes written
        // into the string's own storage (see UncheckedUTF8String). A longer value is decoded in
        // place, so that it is never held twice.
        guard slice.rawCount <= 16_384 else {
            return decodedStringInPlace(slice, document, trim: trim, reader: &reader)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(slice.rawCount, 1)) { buffer -> String? in
            let out = UnsafeMutableRawBufferPointer(buffer)
            guard let count = reader.decodeCharacterData(slice, document, into: out) else { return nil }
            let decoded = UnsafeRawBufferPointer(rebasing: out[..<count])
            return UncheckedUTF8String.make(
                trim ? ScalarParsing.trimmed(UncheckedBytes(decoded)).unsafeRawBuffer : decoded)
        }
    }

    /// `decodedString` for a long value: decoded straight into the string's storage.
    private static func decodedStringInPlace(
        _ slice: XMLSlice, _ document: UncheckedBytes, trim: Bool, reader: inout XMLReader
    ) -> String? {
        var declined = false
        let string = String(unsafeUninitializedCapacity: slice.rawCount) { buffer -> Int in
            let out = UnsafeMutableRawBufferPointer(buffer)
            guard let count = reader.decodeCharacterData(slice, document, into: out) else {
                declined = true
                return 0
            }
            guard trim else { return count }
            var start = 0
            var end = count
            while start < end, ScalarParsing.isSpace(out[start]) { start += 1 }
            while end > start, ScalarParsing.isSpace(out[end - 1]) { end -= 1 }
            if start > 0, end > start { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: out[start..<end])) }
            return end - start
        }
        return declined ? nil : string
    }

    /// Whether a value stands for `nil`: an element marked `xsi:nil="true"`.
    func isNil(_ value: XMLValue) -> Bool {
        guard case .element(let node) = value else {
            if case .elements(let list) = value, list.count == 1 { return isNil(.element(node(0, of: list))) }
            return false
        }
        guard mayHaveNilAttribute(node) else { return false }
        for attribute in index.attributes(of: node) where attribute.name.namespaceID > 0 {
            if reader.namespaceURI(attribute.name) == XMLDecoder.xsiNamespace,
                slice(attribute.name.local, equals: "nil")
            {
                return withDecodedBytes(of: attribute.value) { ScalarParsing.xsBoolean($0) } == true
            }
        }
        return false
    }

    /// Whether `node` may carry `xsi:nil`: it has an attribute in a namespace, or one kept whole
    /// in the index's overflow array (whose namespace the packed entry does not say). Read through
    /// the index's views, with no array retained: this runs for every optional value decoded.
    @inline(__always)
    private func mayHaveNilAttribute(_ node: Int32) -> Bool {
        let element = nodeView[unchecked: Int(node)]
        let first = Int(element.firstAttribute)
        let packed = attributeView
        for position in first..<(first + Int(element.attributeCount)) {
            let entry = packed[unchecked: position]
            if entry.namespaceID > 0 || entry.isOverflowed { return true }
        }
        return false
    }

    /// Whether an element's own character data makes a value: text other than white space, or
    /// white space too when values are not trimmed and the element has no child elements (white
    /// space between child elements is layout).
    func hasCharacterData(_ node: Int32) -> Bool {
        var sawText = false
        var child = index.firstChild(of: node)
        while child >= 0 {
            let childNode = index[child]
            if !childNode.isElement {
                if !isWhiteSpace(childNode.text) { return true }
                sawText = true
            }
            child = childNode.nextSibling
        }
        return sawText && !options.trimValueWhitespaces && !index[node].hasChildElements
    }

    /// Whether an element has no children and no attributes other than namespace declarations.
    func isEmptyElement(_ value: XMLValue) -> Bool {
        let node: Int32
        switch value {
        case .element(let element): node = element
        case .elements(let list) where list.count == 1: node = self.node(0, of: list)
        default: return false
        }
        return index.firstChild(of: node) < 0 && index.attributes(of: node).allSatisfy(\.isNamespaceDeclaration)
    }

    // MARK: - Errors

    /// `error` with the location of what it is about added to its description, unless it has one:
    /// the child element or attribute named by the key one step below `path` when there is one
    /// (`dataCorruptedError(forKey:in:…)`), else `value`.
    @inline(never)
    func locating(_ error: DecodingError, at value: XMLValue, path: CodingPathNode) -> DecodingError {
        guard locatesErrors else { return error }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
            .dataCorrupted(let found):
            context = found
        @unknown default:
            return error
        }
        guard !context.debugDescription.contains(" at line "),
            !context.debugDescription.hasSuffix(Self.noSourcePosition + ".")
        else { return error }
        var located = value
        let depth = path.path.count
        if context.codingPath.count == depth + 1, let key = context.codingPath.last,
            key.intValue == nil || !key.stringValue.isEmpty
        {
            switch value {
            case .element(let node), .text(ofElement: let node):
                if let found = lookUp(key.stringValue, in: node, placement: .elementOrAttribute, wantsList: false) {
                    located = found
                }
            default:
                break
            }
        }
        var description = context.debugDescription
        while let last = description.last, last == "." || last == " " { description.removeLast() }
        let newContext = DecodingError.Context(
            codingPath: context.codingPath,
            debugDescription: (description.isEmpty ? "" : description + ", ") + "at \(location(of: located)).",
            underlyingError: context.underlyingError)
        switch error {
        case .typeMismatch(let type, _): return .typeMismatch(type, newContext)
        case .valueNotFound(let type, _): return .valueNotFound(type, newContext)
        case .keyNotFound(let key, _): return .keyNotFound(key, newContext)
        case .dataCorrupted: return .dataCorrupted(newContext)
        @unknown default: return error
        }
    }

    /// Where a value is in the document, for messages: "line 3, column 5".
    func location(of value: XMLValue) -> String {
        if let origins { return location(of: value, origins) }
        let slice: XMLSlice
        switch value {
        case .element(let node), .text(let node), .characters(let node): slice = index[node].name.qualified
        case .attribute(let attribute): slice = index.attributes[Int(attribute)].name.qualified
        case .elements(let list):
            guard list.count > 0 else { return "an empty list" }
            slice = index[node(0, of: list)].name.qualified
        case .map(let map):
            slice = index[maps[Int(map)].host].name.qualified
        }
        let location =
            slice.source == 0 ? reader.location(ofOffset: documentBase + slice.start) : reader.location(of: slice)
        return "line \(location.line), column \(location.column)"
    }

    /// Where a value of an index built from tree values was parsed (see `XMLIndex.Origins`).
    private func location(of value: XMLValue, _ origins: XMLIndex.Origins) -> String {
        let found: XMLTree.SourceLocation?
        let node: Int32
        switch value {
        case .element(let element), .text(let element), .characters(let element):
            node = element
            found = origins.location(ofNode: element)
        case .attribute(let attribute):
            node = -1
            found = origins.location(ofAttribute: attribute)
        case .elements(let list):
            guard list.count > 0 else { return "an empty list" }
            node = self.node(0, of: list)
            found = origins.location(ofNode: node)
        case .map(let map):
            node = maps[Int(map)].host
            found = origins.location(ofNode: node)
        }
        if let found { return "line \(found.line), column \(found.column)" }
        if node >= 0, index[node].isElement { return "<\(string(index[node].name))>, " + Self.noSourcePosition }
        return "a value " + Self.noSourcePosition
    }

    /// How an error about an element built in code ends (it has no line and column to give).
    static let noSourcePosition = "built in code (no source position)"

    /// The decoded text of a slice, as a string (from `document` for the document's own bytes).
    func string(_ slice: XMLSlice) -> String {
        withDecodedBytes(of: slice) { UncheckedUTF8String.make($0) }
    }

    /// The qualified name as written.
    func string(_ name: XMLName) -> String { string(name.qualified) }

    /// Whether a slice's decoded bytes equal the UTF-8 of `text`.
    func slice(_ slice: XMLSlice, equals text: String) -> Bool {
        var text = text
        return text.withUncheckedUTF8 { expected in
            withDecodedBytes(of: slice) { $0.elementsEqual(expected) }
        }
    }

    /// A description of what a value is, for messages.
    func describe(_ value: XMLValue) -> String {
        switch value {
        case .element(let node):
            return "element <\(string(index[node].name))>"
        case .attribute(let attribute): return "attribute '\(string(index.attributes[Int(attribute)].name))'"
        case .text(let node): return "the text of <\(string(index[node].name))>"
        case .characters: return "character data"
        case .elements(let list): return "\(list.count) elements"
        case .map(let map):
            return "a map of \(maps[Int(map)].keys.count) entries in <\(string(index[maps[Int(map)].host].name))>"
        }
    }

    func typeMismatch(_ type: Any.Type, found value: XMLValue, path: PathRef) -> DecodingError {
        DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: path.path,
                debugDescription:
                    "Expected to decode \(type) but found \(describe(value)) instead, at \(location(of: value))."))
    }

    func dataCorrupted(_ message: String, at value: XMLValue, path: PathRef) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path.path, debugDescription: "\(message), at \(location(of: value))."))
    }
}
