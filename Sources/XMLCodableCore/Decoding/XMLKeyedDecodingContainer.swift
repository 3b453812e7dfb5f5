// The keyed container: a struct's properties found among an element's children and attributes.
//
// Keys are matched by comparing the UTF-8 bytes of `key.stringValue` with the names in the
// index, so the common case makes no strings. Where a key is looked for (attributes, elements, or
// elements then attributes) comes from the type's `DynamicNodeDecoding` conformance or the
// decoder's `nodeDecodingStrategy`, else from the property wrapper the property uses. A key that
// names several sibling elements is a list when the property is an array; a missing list decodes
// as empty.
//
// Speed: this struct is generic over `Key`, and Swift does not specialize calls made from an
// unspecialized generic context, so the work is done by non-generic methods of the decoder
// (`find`, `lookUp`, the `plain…` scalar readers), called with concrete types. The common case
// (no placement rules, no renaming strategy, no wrapped lists or maps) keeps no `XMLKeyRules`, and a
// scalar that is one slice and parses is read without making a coding path (the full path, which
// makes one for the error, runs only when the plain one declines). The standard library's box
// copies the container for every key it decodes, so the container counts no reference: it holds
// its state unretained, and the decoder keeps the state alive for as long as the box lives
// (UncheckedKeyedContainerBoxes.swift). Copying it is copying a pointer, with no retain and
// release (on gpx, 5% of a call's instructions).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal struct XMLKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    // No reference counted: `state` (KeyedContainerState.swift) is held unretained, and the
    // decoder that made the container holds it with the container's box for as long as the box
    // lives (`XMLDecoderImpl.reusableContainers`, UncheckedKeyedContainerBoxes.swift), so a
    // container always finds its state. During its call the state's step holds the decoder; once
    // the call has ended, the state of a box a model kept points to a finished decoder, with the
    // coding path kept as keys, and every use throws (`XMLDecoderImpl.checkInUse`, the first thing
    // `find` does). The rules the state points to unretained are kept alive by the decoder
    // (`XMLDecoderImpl.keepAlive`) for the call.
    /// The container's fields, which the decoder may fill again for the next element of the same key
    /// type once nothing else holds this container's box (`boxed(decoder:element:slot:as:)`); read
    /// without a retain (`UnretainedReference.withObject`).
    private let state: UnretainedReference<KeyedContainerState>
    /// The last step of the coding path when `position` is negative, else the step of the list
    /// the element is item `position` of: a step the decoder made for this value, or one made
    /// here that stands for the path (see `init`).
    private var step: DecoderPathStep {
        @inline(__always) get { state.withObject { $0.step } }
    }
    /// The decoder the container reads from (held by `step`).
    var decoder: XMLDecoderImpl {
        @inline(__always) get { state.withObject { $0.step.decoder } }
    }
    /// `body`'s result for the decoder, with no reference counted
    /// (`KeyedContainerState.withDecoder`): for reading a scalar's value, which cannot replace the
    /// state's step.
    @inline(__always)
    private func withDecoder<Result>(_ body: (XMLDecoderImpl) -> Result) -> Result {
        state.withObject { $0.withDecoder(body) }
    }
    /// An optional string's value read on the decoder's plain path (`plainString`), when `value`
    /// is plainly present (`XMLDecoderImpl.isPlainlyPresent`), with no reference counted; `nil`
    /// otherwise (the full path then decides).
    @inline(__always)
    private func plainStringIfPresent(_ value: XMLValue) -> String? {
        withDecoder { $0.isPlainlyPresent(value) ? $0.plainString(value) : nil }
    }
    /// How the decoded type or the decoder's strategies change the finding of keys; `nil` in the
    /// common case (plain names, no placement rules), which takes the non-generic fast path.
    /// (Unretained, so that testing it for `nil` on every key retains nothing; safe: the decoder,
    /// which `step` holds, keeps the rules alive, `keepAlive` in `init`.)
    private var unretainedRules: UnretainedReference<XMLKeyRules>? {
        @inline(__always) get { state.withObject { $0.unretainedRules } }
    }
    /// The rules, if there are any.
    var rules: XMLKeyRules? { unretainedRules?.object }
    var element: Int32 {
        @inline(__always) get { state.withObject { $0.element } }
    }
    private var position: Int32 {
        @inline(__always) get { state.withObject { $0.position } }
    }
    /// The first entry of `Key`'s table in the decoder's `keyNames` (KeyNameTable.swift), or -1 when
    /// keys are found by their `stringValue` each time (a key type larger than a byte, or rules).
    private var keyTable: Int32 {
        @inline(__always) get { state.withObject { $0.keyTable } }
    }

    /// A container for `element` at `path` (a nested container, a value decoded elsewhere),
    /// boxed, its box held by the decoder (see `held(_:decoder:)`).
    static func boxed(decoder: XMLDecoderImpl, element: Int32, path: CodingPathNode) -> KeyedDecodingContainer<Key> {
        let (step, position) = Self.step(for: path, decoder)
        let rules = Self.rules(decoder, element: element) { path }
        // `decoder` is `step`'s decoder (`step(for:_:)` makes sure).
        return held(
            KeyedContainerState(
                step: step, position: position, rules: rules, element: element,
                keyTable: Self.keyTable(decoder, rules: rules)),
            decoder: decoder)
    }

    /// A container that reads `state`. The caller hands `state` to the decoder's
    /// `reusableContainers` with the container's box, which keep it alive for as long as the box
    /// lives (UncheckedKeyedContainerBoxes.swift).
    private init(state: KeyedContainerState) {
        self.state = UnretainedReference(state)
    }

    /// `state`'s container, boxed, the box and `state` held by `decoder` for as long as the box
    /// lives (never given out again).
    private static func held(_ state: KeyedContainerState, decoder: XMLDecoderImpl) -> KeyedDecodingContainer<Key> {
        let container = KeyedDecodingContainer(Self(state: state))
        decoder.reusableContainers.hold(container, state: state)
        return container
    }

    /// The container of `element` at the decoder's current coding path, boxed as
    /// `container(keyedBy:)` returns it: the box the decoder kept at `slot` (`Key`'s, see
    /// `KeyedContainerMaker.slot`), filled again, when nothing else holds it, else a new one, which
    /// the decoder then keeps (see KeyedContainerState.swift). `Boxed` is
    /// `KeyedDecodingContainer<Key>` (see `TypedKeyedContainerMaker`).
    static func boxed<Boxed>(decoder: XMLDecoderImpl, element: Int32, slot: Int, as boxed: Boxed.Type) -> Boxed {
        decoder.noteValueSlot(slot)
        let rules = Self.rules(decoder, element: element) { decoder.codingPathNode }
        let keyTable = Self.keyTable(decoder, rules: rules)
        if let box = decoder.reusableContainers.refill(
            slot, keyType: ObjectIdentifier(Key.self), decoder: decoder, rules: rules, element: element,
            keyTable: keyTable)
        {
            return UncheckedContainerBox.container(box, as: Boxed.self)
        }
        let (step, position) = decoder.currentContainerStep()
        return boxedAnew(
            KeyedContainerState(step: step, position: position, rules: rules, element: element, keyTable: keyTable),
            decoder: decoder, slot: slot, as: Boxed.self)
    }

    /// `boxed` when no kept box can be filled again: a new box, which the decoder keeps when
    /// `slot` is one. (Out of line: generic code asks for the metadata of the types it names on
    /// entry, and the box's type is only named here.)
    @inline(never)
    private static func boxedAnew<Boxed>(
        _ state: KeyedContainerState, decoder: XMLDecoderImpl, slot: Int, as boxed: Boxed.Type
    ) -> Boxed {
        let container = UncheckedContainerBox.container(
            KeyedDecodingContainer(Self(state: state)), as: Boxed.self)
        if slot >= 0, decoder.keepsContainers {
            decoder.reusableContainers.keep(container, keyType: ObjectIdentifier(Key.self), state: state, slot: slot)
        } else {
            decoder.reusableContainers.hold(container, state: state)
        }
        return container
    }

    /// `Key`'s table in `decoder`'s `keyNames`, or -1 (see `keyTable`).
    @inline(__always)
    private static func keyTable(_ decoder: XMLDecoderImpl, rules: UnretainedReference<XMLKeyRules>?) -> Int32 {
        guard rules == nil, KeyNameTable.fitsTable(Key.self) else { return -1 }
        return decoder.keyNames.table(for: ObjectIdentifier(Key.self))
    }

    /// The rules a container for `element` follows, or `nil` in the common case (see `rules`);
    /// `path` is the container's, asked only when a key decoding strategy renames.
    @inline(__always)
    private static func rules(
        _ decoder: XMLDecoderImpl, element: Int32, path: () -> CodingPathNode
    ) -> UnretainedReference<XMLKeyRules>? {
        let traits = decoder.currentTraits
        if decoder.hasPlainKeyStrategies, traits.dynamicNodeDecoding == nil, traits.listCoding == nil,
            traits.mapCoding == nil, !traits.isDictionary
        {
            // The common case, decided without making the closures and maps below.
            return nil
        }
        let placement = decoder.placement()
        let renamed = decoder.renamedChildren(of: element, path: path())
        if placement == nil, renamed == nil, traits.listCoding == nil, traits.mapCoding == nil, !traits.isDictionary {
            return nil
        }
        let rules = XMLKeyRules(
            placement: placement, renamed: renamed, listCoding: traits.listCoding, mapCoding: traits.mapCoding,
            isDictionary: traits.isDictionary)
        decoder.keepAlive(rules)
        return UnretainedReference(rules)
    }

    /// The container of a map's entries (`XMLMapCoding`), boxed: its keys are the entries' keys.
    static func boxed(decoder: XMLDecoderImpl, map: Int32, path: CodingPathNode) -> KeyedDecodingContainer<Key> {
        let (step, position) = Self.step(for: path, decoder)
        let rules = XMLKeyRules(entries: decoder.maps[Int(map)])
        decoder.keepAlive(rules)
        return held(
            KeyedContainerState(
                step: step, position: position, rules: UnretainedReference(rules),
                element: decoder.maps[Int(map)].host, keyTable: -1),
            decoder: decoder)
    }

    /// The step and position a container at `path` keeps: the path's own step when it holds
    /// `decoder` (the step `decode(_:forKey:)` makes for a nested value, or a list's), else a new
    /// step standing for the path (the top level; a decoder `superDecoder()` made).
    @inline(__always)
    private static func step(for path: CodingPathNode, _ decoder: XMLDecoderImpl) -> (DecoderPathStep, Int32) {
        switch path {
        case .node(let step):
            if let step = step as? DecoderPathStep, step.decoder === decoder { return (step, -1) }
        case .item(let index, let list):
            if let list = list as? DecoderPathStep, list.decoder === decoder {
                return (list, Int32(truncatingIfNeeded: index))
            }
        case .root:
            break
        }
        return (DecoderPathStep.standing(for: path, decoder: decoder), -1)
    }

    /// The container's coding path.
    var path: CodingPathNode {
        position >= 0 ? .item(Int(position), step) : .node(step)
    }

    /// Converted name → matching children and attributes, when a key decoding strategy renames.
    var renamed: [String: [XMLValue]]? { rules?.renamed }

    var codingPath: [any CodingKey] { path.path }

    var allKeys: [Key] {
        // After the call (see `find`), as if the element were empty: `allKeys` cannot throw.
        guard !decoder.isFinished else { return [] }
        var seen = Set<String>()
        var keys: [Key] = []
        func add(_ name: String) {
            if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
        }
        if let entries = rules?.entries {
            for name in entries.keys { add(name) }
            return keys
        }
        if let renamed {
            for name in renamed.keys.sorted() { add(name) }
            return keys
        }
        for child in decoder.index.children(of: element) where decoder.index[child].isElement {
            add(decoder.matchName(decoder.index[child].name))
        }
        for attribute in decoder.index.attributes(of: element) where !attribute.isNamespaceDeclaration {
            add(decoder.attributeMatchName(attribute.name))
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        // After the call (see `find`), as if the element were empty: `contains` cannot throw.
        ((try? find(key, placement: .elementOrAttribute, wantsList: false)) ?? nil) != nil
    }

    // MARK: - Finding values

    /// The value for `key`, or `nil` when the element has none.
    func find(_ key: Key, placement wrapperPlacement: XMLDecoder.NodeDecoding, wantsList: Bool) throws -> XMLValue? {
        if keyTable >= 0 {
            // A key whose name the decoder has learnt: no `String` (KeyNameTable.swift), and no
            // reference counted (`KeyedContainerState.findKnown`).
            let offset = Int(storedByte(of: key))
            var known = state.withObject { $0.findKnown(offset, placement: wrapperPlacement, wantsList: wantsList) }
            if case .unknown = known {
                _ = learnName(of: key, at: Int(keyTable) &+ offset)
                known = state.withObject { $0.findKnown(offset, placement: wrapperPlacement, wantsList: wantsList) }
            }
            switch known {
            case .found(let value): return value
            case .finished: try decoder.checkInUse()
            case .unknown, .notPlain: break
            }
        } else {
            try decoder.checkInUse()
        }
        guard let rules = unretainedRules?.object else {
            let name = key.stringValue
            let mayBePayload = Self.isPayloadKey(name)
            // `name` goes to `find` (consumed, not copied); the payload test was made before.
            return decoder.find(name, in: element, placement: wrapperPlacement, wantsList: wantsList)
                ?? (mayBePayload ? firstValuePayload() : nil)
        }
        if let entries = rules.entries { return entry(key.stringValue, of: entries, wantsList: wantsList) }
        if let format = rules.mapCoding?.xmlMapFormat(for: key) { return try map(key, format: format) }
        if wantsList, rules.isDictionary {
            // A dictionary's list value: the elements named by the key, as XMLCoder writes them
            // (`<k>1</k><k>2</k>`); one element may be a wrapped list, or an empty list when empty.
            guard case .elements(var list) = lookUp(key, rules: rules, placement: .element, wantsList: true) else {
                return nil
            }
            list.shape = .mayBeWrappedOrEmpty
            return .elements(list)
        }
        if wantsList, let itemName = rules.listCoding?.xmlListItemName(for: key) {
            // Any type not read from text: a collection of its own writes its items through an
            // unkeyed container, which the encoder wraps too.
            return try wrappedList(key, itemName: itemName)
        }
        return lookUp(key, rules: rules, placement: wrapperPlacement, wantsList: wantsList)
            ?? enumPayload(key.stringValue)
    }

    /// Records `key`'s name in the decoder's `keyNames` (the first time the key is asked for in
    /// the call; out of line).
    @inline(never)
    private func learnName(of key: Key, at position: Int) -> KeyNameTable.Entry {
        decoder.keyNames.learn(key.stringValue, at: position)
    }

    /// For a key that found nothing: the one unlabeled associated value of a synthesized enum
    /// case (`_0`, in a key type with no `_1`) may be the case element's content (see
    /// `XMLDecoderImpl.enumPayload`). With a `_1`, a missing `_0` is missing (an empty list
    /// writes nothing), not the elements of the other values. (This runs for every absent key,
    /// an optional's most often: the test is two bytes, the rest out of line.)
    @inline(__always)
    private func enumPayload(_ name: String) -> XMLValue? {
        Self.isPayloadKey(name) ? firstValuePayload() : nil
    }

    /// Whether a key's name is `_0` (two bytes compared, not strings).
    @inline(__always)
    private static func isPayloadKey(_ name: String) -> Bool {
        let utf8 = name.utf8
        return utf8.count == 2 && utf8.first == UInt8(ascii: "_") && utf8.last == UInt8(ascii: "0")
    }

    /// `enumPayload` for the key `_0`. Apart, because `Key(stringValue:)` needs `Optional<Key>`'s
    /// metadata, which the runtime looks up on entry to the function that uses it.
    @inline(never)
    private func firstValuePayload() -> XMLValue? {
        guard Key(stringValue: "_1") == nil else { return nil }
        return decoder.enumPayload(key: "_0", of: element)
    }

    /// A wrapped list: the items are the children of the element named by the key. No wrapper is
    /// no value (an optional list is nil, a list empty); the items of wrappers repeated by hand are
    /// all read. (Out of line: most models have no wrapped list.)
    @inline(never)
    private func wrappedList(_ key: Key, itemName: String) throws -> XMLValue? {
        let wrappers: [Int32]
        switch wrapper(key) {
        case .none: return nil
        case .element(let wrapper):
            // A wrapper marked nil is nil (as `nilEncodingStrategy = .xsiNil` writes it).
            if decoder.isNil(.element(wrapper)) { return nil }
            wrappers = [wrapper]
        case .elements(let list): wrappers = Array(decoder.nodes(of: list))
        default: return .elements(.empty)
        }
        var items: [Int32] = []
        for wrapper in wrappers { items += decoder.listItems(of: wrapper, named: itemName) }
        return .elements(decoder.makeList(items))
    }

    /// The element (or elements) named by a key that wraps a list's items or a map's entries.
    private func wrapper(_ key: Key) -> XMLValue? {
        guard let rules else {
            return decoder.find(key.stringValue, in: element, placement: .element, wantsList: false)
        }
        return lookUp(key, rules: rules, placement: .element, wantsList: false)
    }

    /// The value of a map's entry: its value element (or elements), or the entry itself when the
    /// value is its content; `nil` when the map has no such key or the entry has no value.
    private func entry(_ name: String, of entries: DecodedMap, wantsList: Bool) -> XMLValue? {
        // An entry without a value element has no value: an empty list, nil, or an error.
        guard let nodes = entries.values[name], !nodes.isEmpty else { return nil }
        if wantsList || nodes.count > 1 { return .elements(decoder.makeList(nodes)) }
        return .element(nodes[0])
    }

    /// A map (`XMLMapCoding`): the entries in the element named by the key, or, flattened, in
    /// this element. No wrapper, or no entries when flattened, is no value (an optional map is
    /// nil, a map empty). (Out of line: most models have no map.)
    @inline(never)
    private func map(_ key: Key, format: XMLMapFormat) throws -> XMLValue? {
        if format.value == nil, format.keyPlacement == .element {
            throw decoder.dataCorrupted(
                "A map whose values are the entries' content needs its keys in attributes (XMLMapFormat.keyPlacement)",
                at: .element(element),
                path: PathRef(path.appending(key)))
        }
        let hosts: [Int32]
        if format.isFlattened {
            hosts = [element]
        } else {
            switch wrapper(key) {
            case .none: return nil
            case .element(let wrapper): hosts = [wrapper]
            case .elements(let list): hosts = Array(decoder.nodes(of: list))
            case .some(let other):
                throw decoder.typeMismatch([String: Any].self, found: other, path: path.appending(key))
            }
            if hosts.count == 1, decoder.isNil(.element(hosts[0])) { return nil }
        }
        var map = DecodedMap(host: hosts[0])
        let keyPath = path.appending(key)
        let entryName = format.entry ?? key.stringValue
        for host in hosts {
            // Text in a wrapper is no entry: refused rather than lost.
            if !format.isFlattened, decoder.hasCharacterData(host) {
                throw decoder.typeMismatch([String: Any].self, found: .text(ofElement: host), path: PathRef(keyPath))
            }
            let entries: [Int32]
            if format.isFlattened, format.entry == nil {
                // Entries named by the property's key, as AWS restXml writes a flattened map.
                switch lookUp(key, rules: rules ?? XMLKeyRules(entries: map), placement: .element, wantsList: true) {
                case .elements(let list): entries = Array(decoder.nodes(of: list))
                case .element(let one): entries = [one]
                default: entries = []
                }
            } else {
                entries = decoder.listItems(of: host, named: entryName)
            }
            // Other elements in a wrapper are no entries: refused rather than lost.
            if !format.isFlattened,
                let stray = decoder.index.children(of: host).first(where: {
                    decoder.index[$0].isElement && !entries.contains($0)
                })
            {
                throw decoder.dataCorrupted(
                    "The map has an element that is not an entry <\(entryName)>", at: .element(stray),
                    path: PathRef(keyPath))
            }
            for entry in entries {
                if format.value != nil, decoder.hasCharacterData(entry) {
                    throw decoder.typeMismatch(
                        [String: Any].self, found: .text(ofElement: entry), path: PathRef(keyPath))
                }
                let name = try decoder.mapKey(of: entry, format: format, path: keyPath)
                guard map.values[name] == nil else {
                    throw decoder.dataCorrupted(
                        "Two entries of the map have the key \"\(name)\"", at: .element(entry), path: keyPath)
                }
                map.keys.append(name)
                map.values[name] = format.value.map { decoder.listItems(of: entry, named: $0) } ?? [entry]
            }
        }
        if format.isFlattened, map.keys.isEmpty { return nil }
        decoder.maps.append(map)
        return .map(Int32(decoder.maps.count - 1))
    }

    /// The value for `key` among the element's children and attributes, following `rules`.
    private func lookUp(
        _ key: Key, rules: XMLKeyRules, placement wrapperPlacement: XMLDecoder.NodeDecoding, wantsList: Bool
    ) -> XMLValue? {
        let name = key.stringValue
        if name.isEmpty { return .text(ofElement: element) }
        let destination = rules.placement?(key) ?? wrapperPlacement
        if name.utf8.first == UInt8(ascii: "{") {
            return decoder.findQualified(name, in: element, placement: destination, wantsList: wantsList)
        }
        if let renamed = rules.renamed {
            guard let candidates = renamed[name] else { return nil }
            let elements = candidates.compactMap { value -> Int32? in
                if case .element(let node) = value { return node } else { return nil }
            }
            if destination != .attribute, !elements.isEmpty {
                return wantsList || elements.count > 1 ? .elements(decoder.makeList(elements)) : .element(elements[0])
            }
            if destination != .element {
                for value in candidates { if case .attribute = value { return value } }
            }
            return nil
        }
        return decoder.lookUp(name, in: element, placement: destination, wantsList: wantsList)
    }

    /// The value of a missing key: an empty sequence, map or a `nil` wrapper, else `keyNotFound`.
    @inline(never)
    private func absent<T: Decodable>(_ type: T.Type, key: Key, traits: TypeTraits) throws -> T {
        if rules?.mapCoding?.xmlMapFormat(for: key) != nil {
            decoder.maps.append(DecodedMap(host: element))
            return try decoder.unwrap(
                .map(Int32(decoder.maps.count - 1)), as: type, path: path.appending(key, decoder: decoder))
        }
        if let array = traits.decodableArray {
            return try array.emptyXMLArray(as: type) { try absentOther(type, key: key, traits: traits) }
        }
        return try absentOther(type, key: key, traits: traits)
    }

    /// `absent` for other types than arrays (kept apart: it needs `Optional<T>`'s metadata).
    @inline(never)
    private func absentOther<T: Decodable>(_ type: T.Type, key: Key, traits: TypeTraits) throws -> T {
        if traits.hasAbsentValue, let empty = decoder.absentValue(type) { return empty }
        // A map entry without a value element: nil for an optional value, else the value of no
        // elements (an empty collection of its own; an error for a value with keys).
        if let entries = rules?.entries, entries.values[key.stringValue] != nil {
            if let optional = type as? any XMLNilValue.Type, let none = optional.xmlNil as? T { return none }
            return try decoder.unwrap(.elements(.empty), as: type, path: path.appending(key, decoder: decoder))
        }
        throw keyNotFound(key)
    }

    func keyNotFound(_ key: Key) -> DecodingError {
        var message =
            "No attribute or element found for key \(key) (\"\(key.stringValue)\") in "
            + "\(decoder.describe(.element(element))) at \(decoder.location(of: .element(element)))."
        // A near miss (a name with the key's local name) is explained, unless a key strategy
        // renames or the keys are a map's.
        if rules?.renamed == nil, rules?.entries == nil,
            let hint = decoder.keyMissHint(for: key.stringValue, in: element)
        {
            message += " " + hint
        }
        return DecodingError.keyNotFound(key, DecodingError.Context(codingPath: path.path, debugDescription: message))
    }

    // MARK: - Decoding

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = try find(key, placement: .elementOrAttribute, wantsList: false) else { return true }
        if case .text(ofElement: let node) = value { return !decoder.hasCharacterData(node) }
        return decoder.isNil(value)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let traits = decoder.traits(of: T.self)
        guard let value = try value(for: key, traits: traits) else {
            return try absent(T.self, key: key, traits: traits)
        }
        return try withLentDecoder { try $0.unwrap(value, as: T.self, path: nestedPath(key)) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let traits = decoder.traits(of: T.self)
        guard let value = try value(for: key, traits: traits) else { return nil }
        return try withLentDecoder { try $0.unwrapOptional(value, as: T.self, path: nestedPath(key)) }
    }

    /// `body`'s result for the decoder, lent with no reference counted, for decoding a nested
    /// value: this container's box is in use meanwhile (its caller holds it), so its state is not
    /// filled again and its step keeps the decoder (`KeyedContainerState.withDecoder`).
    @inline(__always)
    private func withLentDecoder<Result>(_ body: (XMLDecoderImpl) throws -> Result) rethrows -> Result {
        try state.withObject { try $0.withDecoder(body) }
    }

    /// The path of a value under `key` (`XMLDecoderImpl.path(appending:to:entry:)`).
    @inline(__always)
    private func nestedPath(_ key: Key) -> CodingPathNode {
        let entry = keyTable >= 0 ? Int(keyTable) &+ Int(storedByte(of: key)) : -1
        return state.withObject { state in
            state.withDecoder { $0.path(appending: key, to: state.lentPath, entry: entry) }
        }
    }

    /// The value of `key` for a type with `traits`. A value that is not read from text (a struct,
    /// an enum, a type of its own that may use an unkeyed container) is the elements named by the
    /// key, as the encoder writes a list under a key: one element is the one item or a wrapped list,
    /// an empty one an empty list (see `XMLNodeList.Shape`); a struct reads its one element.
    @inline(__always)
    private func value(for key: Key, traits: TypeTraits) throws -> XMLValue? {
        let elementsMayBeAList = !traits.isList && !traits.isScalar && !traits.isStringLike
        guard let value = try find(key, placement: traits.placement, wantsList: traits.isList || elementsMayBeAList)
        else { return nil }
        guard elementsMayBeAList, case .elements(var list) = value, list.shape == .plain, rules?.entries == nil else {
            return value
        }
        list.shape = .mayBeWrappedOrEmpty
        return .elements(list)
    }

    // The scalar overloads read a value that is certainly there (an attribute, or an element
    // with no attributes and one run of text) as the non-optional `decode` does, on its plain
    // path: no coding path is made. Anything else (an empty element, `xsi:nil`, several runs,
    // a value the plain path declines) goes through the generic rule for optionals, each with its
    // concrete type (see the scalar `decode` overloads below).
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = try optional(key) else { return nil }
        if let string = plainStringIfPresent(value) { return string }
        // An element's own text (the `""` key) without character data is `nil`, as
        // `unwrapOptional` decides, here with no coding path made (`<f t="shared" si="0"/>`).
        if case .text(ofElement: let element) = value, !withDecoder({ $0.hasCharacterData(element) }) { return nil }
        return try decoder.unwrapOptional(value, as: String.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainBool(value) { return plain }
        return try decoder.unwrapOptional(value, as: Bool.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: Int.self) { return plain }
        return try decoder.unwrapOptional(value, as: Int.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: Int8.self) { return plain }
        return try decoder.unwrapOptional(value, as: Int8.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: Int16.self) { return plain }
        return try decoder.unwrapOptional(value, as: Int16.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: Int32.self) { return plain }
        return try decoder.unwrapOptional(value, as: Int32.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: Int64.self) { return plain }
        return try decoder.unwrapOptional(value, as: Int64.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: UInt.self) { return plain }
        return try decoder.unwrapOptional(value, as: UInt.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: UInt8.self) { return plain }
        return try decoder.unwrapOptional(value, as: UInt8.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: UInt16.self) { return plain }
        return try decoder.unwrapOptional(value, as: UInt16.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: UInt32.self) { return plain }
        return try decoder.unwrapOptional(value, as: UInt32.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainInteger(value, as: UInt64.self) { return plain }
        return try decoder.unwrapOptional(value, as: UInt64.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainFloatingPoint(value, as: Double.self) {
            return plain
        }
        return try decoder.unwrapOptional(value, as: Double.self, path: path.appending(key))
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = try optional(key) else { return nil }
        if decoder.isPlainlyPresent(value), let plain = decoder.plainFloatingPoint(value, as: Float.self) {
            return plain
        }
        return try decoder.unwrapOptional(value, as: Float.self, path: path.appending(key))
    }

    /// The value of an optional scalar key, if present.
    private func optional(_ key: Key) throws -> XMLValue? {
        try find(key, placement: .elementOrAttribute, wantsList: false)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard let value = try find(key, placement: .elementOrAttribute, wantsList: false) else {
            throw keyNotFound(key)
        }
        if let string = withDecoder({ $0.plainString(value) }) { return string }
        return try decoder.string(value, path: PathRef(parent: path, key: key))
    }

    // The scalar overloads call the decoder with a concrete type each, first on its `plain` path
    // (a value that is one slice and parses: no coding path is made), else on the full one, which
    // also reports the errors. (A generic helper here
    // would not be specialized: this struct is itself generic over `Key`, and Swift specializes
    // a call only when every generic parameter in it is concrete. Unspecialized, each value
    // would build `Optional<T>` metadata and call the integer protocols through witnesses.)
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try value(for: key)
        if let plain = decoder.plainBool(value) { return plain }
        return try decoder.bool(value, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: Int.self) { return plain }
        return try decoder.integer(value, as: Int.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: Int8.self) { return plain }
        return try decoder.integer(value, as: Int8.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: Int16.self) { return plain }
        return try decoder.integer(value, as: Int16.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: Int32.self) { return plain }
        return try decoder.integer(value, as: Int32.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: Int64.self) { return plain }
        return try decoder.integer(value, as: Int64.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: UInt.self) { return plain }
        return try decoder.integer(value, as: UInt.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: UInt8.self) { return plain }
        return try decoder.integer(value, as: UInt8.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: UInt16.self) { return plain }
        return try decoder.integer(value, as: UInt16.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: UInt32.self) { return plain }
        return try decoder.integer(value, as: UInt32.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        let value = try value(for: key)
        if let plain = decoder.plainInteger(value, as: UInt64.self) { return plain }
        return try decoder.integer(value, as: UInt64.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let value = try value(for: key)
        if let plain = decoder.plainFloatingPoint(value, as: Double.self) { return plain }
        return try decoder.floatingPoint(value, as: Double.self, path: PathRef(parent: path, key: key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let value = try value(for: key)
        if let plain = decoder.plainFloatingPoint(value, as: Float.self) { return plain }
        return try decoder.floatingPoint(value, as: Float.self, path: PathRef(parent: path, key: key))
    }

    /// The value of a scalar key, or `keyNotFound`.
    private func value(for key: Key) throws -> XMLValue {
        guard let value = try find(key, placement: .elementOrAttribute, wantsList: false) else {
            throw keyNotFound(key)
        }
        return value
    }

    // MARK: - Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard let value = try find(key, placement: .element, wantsList: false) else { throw keyNotFound(key) }
        return try decoder.with(value: value, path: path.appending(key, decoder: decoder)) {
            try decoder.container(keyedBy: type)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        var value = try find(key, placement: .element, wantsList: true) ?? .elements(.empty)
        // The elements named by the key are the items, as the encoder writes them; one element
        // with child elements may also be a wrapped list, as XMLCoder reads it: the first item
        // decides (see `XMLUnkeyedDecodingContainer`).
        if case .elements(var list) = value {
            list.shape = .mayBeWrapped
            value = .elements(list)
        }
        return try decoder.with(value: value, path: path.appending(key, decoder: decoder)) {
            try decoder.unkeyedContainer()
        }
    }

    /// A decoder for a superclass's values: the child element `<super>`, which `superEncoder()`
    /// writes. As in XMLCoder, there is no other place to look: without that element the
    /// superclass has nothing to decode from, and this throws `keyNotFound`.
    func superDecoder() throws -> any Decoder {
        try decoder.checkInUse()
        let name = XMLKey.super.stringValue
        let value: XMLValue?
        if let entries = rules?.entries {
            // A class written as a map: its superclass's values are the entry keyed "super".
            value = entry(name, of: entries, wantsList: false)
        } else if let renamed {
            // Under a key decoding strategy, the element whose name converts to "super" (the
            // encoder's key strategy wrote the name: `<Super>` when capitalized, as in XMLCoder).
            value = renamed[name]?.first { if case .element = $0 { true } else { false } }
        } else {
            value = decoder.lookUp(name, in: element, placement: .element, wantsList: false)
        }
        return try superDecoder(value, key: XMLKey.super)
    }

    /// A decoder for the value of `key` (a superclass's values stored under a key of their own),
    /// or `keyNotFound` when the element has none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(find(key, placement: .element, wantsList: false), key: key)
    }

    private func superDecoder(_ value: XMLValue?, key: any CodingKey) throws -> any Decoder {
        guard var value else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: path.path,
                    debugDescription:
                        "No element <\(key.stringValue)> holds the superclass's values in "
                        + "\(decoder.describe(.element(element))) at \(decoder.location(of: .element(element)))."
                ))
        }
        if case .elements(let list) = value, list.count > 0 { value = .element(decoder.node(0, of: list)) }
        return XMLDecoderImpl(sharing: decoder, value: value, path: path.appending(key))
    }
}

/// What changes the finding of keys for one container: the decoded type's placement of keys
/// (`DynamicNodeDecoding`, the node decoding strategy), a renaming key strategy, wrapped lists,
/// dictionaries. Made only for the containers that have any of these.
internal final class XMLKeyRules {
    let placement: ((any CodingKey) -> XMLDecoder.NodeDecoding)?
    let renamed: [String: [XMLValue]]?
    let listCoding: (any XMLListCoding.Type)?
    let mapCoding: (any XMLMapCoding.Type)?
    let isDictionary: Bool
    /// The entries of a map, when the container reads one (its keys are the entries' keys).
    let entries: DecodedMap?

    init(
        placement: ((any CodingKey) -> XMLDecoder.NodeDecoding)?, renamed: [String: [XMLValue]]?,
        listCoding: (any XMLListCoding.Type)?,
        mapCoding: (any XMLMapCoding.Type)?, isDictionary: Bool
    ) {
        self.placement = placement
        self.renamed = renamed
        self.listCoding = listCoding
        self.mapCoding = mapCoding
        self.isDictionary = isDictionary
        entries = nil
    }

    init(entries: DecodedMap) {
        placement = nil
        renamed = nil
        listCoding = nil
        mapCoding = nil
        isDictionary = false
        self.entries = entries
    }
}
