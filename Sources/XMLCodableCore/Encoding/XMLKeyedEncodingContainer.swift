// The keyed container: a value's properties written into one element, as attributes or child
// elements. Where each key goes is decided, in order, by the node encoding strategy (or the
// `DynamicNodeEncoding` conformance) of the type in force (see `XMLEncoderImpl.nodeEncodingType`),
// then by the property wrapper, else a child element; a choice container (keys conforming to
// `XMLChoiceCodingKey`) always writes its one case as an element. Arrays become repeated elements
// named by the key (or a wrapped list, per `XMLListCoding`); the `""` key writes the element's own
// text, or, for a value with keys, a group; `superEncoder()` makes its element when the superclass
// first writes to it.
//
// An unwrapped list that is a dictionary's value or an optional property cannot be left out when
// empty (the key would read back missing: nil, or no entry), so it is written `<key />`; and a
// list of one item that is an empty element is refused, since it reads back as an empty list.

internal struct XMLKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    typealias Index = XMLEncodedTree.Index
    typealias NameID = XMLEncodedTree.NameID
    typealias Span = XMLEncodedTree.Span

    /// The container's fields (KeyedEncodingContainerState.swift), which the encoder may fill again
    /// for the next value of the same key type once nothing else holds this container's box. The
    /// four the container writes with are named below; it reads the others as `state.…`.
    let state: KeyedEncodingContainerState
    var encoder: XMLEncoderImpl { @inline(__always) get { state.encoder } }
    var tree: XMLEncodedTree { @inline(__always) get { state.tree } }
    var element: Index { @inline(__always) get { state.element } }
    var path: CodingPathNode { @inline(__always) get { state.path } }
    /// Where the next key is expected among `state.keyNames` (a property, so that `&position`
    /// passes the value and writes it back rather than accessing the state's field in place).
    var position: Int {
        @inline(__always) get { state.position }
        @inline(__always) nonmutating set { state.position = newValue }
    }
    /// The encoded type's wrapped-list properties, if it declares any.
    var listCoding: (any XMLListCoding.Type)? { state.keyShapes.flatMap { $0 as? any XMLListCoding.Type } }
    /// The encoded type's map properties, if it declares any.
    var mapCoding: (any XMLMapCoding.Type)? { state.keyShapes.flatMap { $0 as? any XMLMapCoding.Type } }

    init(encoder: XMLEncoderImpl, element: Index, path: CodingPathNode, isChoice: Bool = false) {
        state = KeyedEncodingContainerState(
            encoder: encoder, element: element, path: path, isChoice: isChoice,
            keyNames: encoder.keyNames(for: Key.self))
    }

    private init(state: KeyedEncodingContainerState) {
        self.state = state
    }

    /// The container of `element` at the encoder's current path, boxed as `container(keyedBy:)` returns it: the box the
    /// key type's `KeyNames` kept, filled again, when nothing else holds it, else a new one, which
    /// `KeyNames` then keeps (see KeyedEncodingContainerState.swift). `Boxed` is
    /// `KeyedEncodingContainer<Key>` (see `TypedKeyedEncodingContainerMaker`).
    static func boxed<Boxed>(encoder: XMLEncoderImpl, element: Index, isChoice: Bool, as boxed: Boxed.Type) -> Boxed {
        // The key names and the kept state are lent (see `lentKeyNames` and `reusableContainer`):
        // the box given out is the one retain.
        guard let keyNames = encoder.lentKeyNames(for: Key.self) else {
            return boxedAnew(encoder: encoder, element: element, isChoice: isChoice, keyNames: nil, as: Boxed.self)
        }
        return keyNames.withObject { keyNames in
            if let reusable = keyNames.reusableContainer() {
                reusable.state.withObject {
                    $0.refill(encoder: encoder, element: element, isChoice: isChoice, keyNames: keyNames)
                }
                return UncheckedContainerBox.container(reusable.box, as: Boxed.self)
            }
            return boxedAnew(encoder: encoder, element: element, isChoice: isChoice, keyNames: keyNames, as: Boxed.self)
        }
    }

    /// `boxed` when no kept box can be filled again: a new state and box, which `keyNames` keep
    /// when the encoder keeps containers. (Out of line: rare.)
    @inline(never)
    private static func boxedAnew<Boxed>(
        encoder: XMLEncoderImpl, element: Index, isChoice: Bool, keyNames: KeyNames?, as boxed: Boxed.Type
    ) -> Boxed {
        boxedAnew(
            KeyedEncodingContainerState(encoder: encoder, element: element, isChoice: isChoice, keyNames: keyNames),
            keeper: encoder.keepsContainers ? keyNames : nil, as: Boxed.self)
    }

    /// `boxed` when no kept box can be filled again: a new box, which `keeper` keeps. (Out of line:
    /// generic code asks for the metadata of the types it names on entry, and the box's type is
    /// only named here.)
    @inline(never)
    private static func boxedAnew<Boxed>(_ state: KeyedEncodingContainerState, keeper: KeyNames?, as boxed: Boxed.Type)
        -> Boxed
    {
        let container = UncheckedContainerBox.container(
            KeyedEncodingContainer(Self(state: state)), as: Boxed.self)
        keeper?.keep(UncheckedContainerBox(container), state: state)
        return container
    }

    /// The name a key is written under, or `nil` when the key stands for the element's own
    /// content: its name after the key strategy is empty (XMLCoder looks at the name it writes).
    /// The name is an element's; `placed` when the caller places the key by `placement` (with
    /// `wrapper`), which then decides, for a name in no namespace where a value declares a default
    /// namespace (`{}local`), whether it is an attribute's (see `scopedName`).
    @inline(__always)
    private func resolve(
        _ key: Key, _ stringValue: String, placed: Bool = false, wrapper: XMLEncoder.NodeEncoding? = nil
    ) throws -> NameID? {
        if !state.customKeys {
            if stringValue.isEmpty { return nil }
            if state.payloadInCaseElement || state.inNamespaceScope {
                return try resolveRarely(key, stringValue, placed: placed, wrapper: wrapper)
            }
            return try rememberedName(for: key, stringValue)
        }
        if state.payloadInCaseElement, try isPayloadInCaseElement(key, stringValue) { return nil }
        let converted = KeyConversion.encode(key, strategy: encoder.options.keyEncodingStrategy, path: path)
        if converted.isEmpty { return nil }
        let asAttribute =
            state.inNamespaceScope && placed && converted.utf8.starts(with: "{}".utf8)
            && placement(key, stringValue, wrapper: wrapper) == .attribute
        return try encoder.nameID(
            for: key, stringValue: stringValue, parent: path, converted: converted, asAttribute: asAttribute)
    }

    var codingPath: [any CodingKey] { path.path }

    /// `resolve` under `.caseElement` or inside an element that declares namespace prefixes.
    @inline(never)
    private func resolveRarely(_ key: Key, _ stringValue: String, placed: Bool, wrapper: XMLEncoder.NodeEncoding?)
        throws -> NameID?
    {
        if state.payloadInCaseElement, try isPayloadInCaseElement(key, stringValue) { return nil }
        if state.inNamespaceScope { return try scopedName(for: key, stringValue, placed: placed, wrapper: wrapper) }
        return try rememberedName(for: key, stringValue)
    }

    /// Whether a key is written as the case element's content under `.caseElement`; refuses a
    /// case whose unlabeled value would share the element with labelled ones.
    @inline(never)
    private func isPayloadInCaseElement(_ key: Key, _ stringValue: String) throws -> Bool {
        let payload = isOnlyPayload(key, stringValue)
        if payload ? state.otherKeyWritten : state.payloadWritten {
            throw EncodingError.invalidValue(
                stringValue,
                EncodingError.Context(
                    codingPath: path.path(appending: key),
                    debugDescription:
                        "An enum case with an unlabeled associated value and labelled ones cannot be written "
                        + "in the case element (enumPayloadEncodingStrategy = .caseElement): their elements "
                        + "would merge. Label the value, or use .underscoreElement."
                ))
        }
        if payload { state.payloadWritten = true } else { state.otherKeyWritten = true }
        return payload
    }

    /// Whether a key is the one unlabeled associated value of an enum case, as Swift's synthesized
    /// `Codable` names it: `_0`, in a key type that has no `_1`. (Out of line: `Key(stringValue:)`
    /// needs `Optional<Key>`'s metadata, which generic code builds on entry to the function that
    /// uses it — inlined into `resolve`, every scalar written would build it.)
    @inline(never)
    private func isOnlyPayload(_ key: Key, _ stringValue: String) -> Bool {
        stringValue.utf8.count == 2 && stringValue == "_0" && Key(stringValue: "_1") == nil
    }

    /// Where a key's value goes, for a value of a type that may be a property wrapper: its
    /// placement (the wrapper's, else an element) unless a rule places the keys.
    /// `stringValue` is the key's, just resolved.
    /// A `DynamicNodeEncoding` type's answer this call already had for the key is read here, from
    /// the key type's `KeyNames`.
    @inline(__always)
    private func placement(_ key: Key, _ stringValue: String, wrapper: XMLEncoder.NodeEncoding?)
        -> XMLEncoder.NodeEncoding
    {
        guard state.placesKeys else { return wrapper ?? .element }
        if let owner = state.dynamicID, let keyNames = state.keyNames,
            let known = keyNames.knownPlacement(stringValue, at: state.position, owner: owner)
        {
            return known
        }
        return ruledPlacement(key, stringValue, wrapper: wrapper)
    }

    /// `placement` for a choice, or a value whose keys a rule places (`DynamicNodeEncoding`, whose
    /// answer the key type's `KeyNames` remember for the call; the node strategy's closure, asked
    /// every time). (Out of line: the common case needs none of it.)
    @inline(never)
    private func ruledPlacement(_ key: Key, _ stringValue: String, wrapper: XMLEncoder.NodeEncoding?)
        -> XMLEncoder.NodeEncoding
    {
        if state.isChoice { return .element }
        if let dynamic = state.dynamic {
            guard let keyNames = state.keyNames else { return dynamic.nodeEncoding(for: key) }
            return keyNames.askPlacement(of: key, stringValue, at: state.position, by: dynamic)
        }
        if let custom = state.custom, let chosen = custom(key) { return chosen }
        return wrapper ?? .element
    }

    /// The name a key is written under.
    @inline(__always)
    private func name(for key: Key, _ stringValue: String) throws -> NameID {
        if state.inNamespaceScope { return try scopedName(for: key, stringValue) }
        return try rememberedName(for: key, stringValue)
    }

    /// `name(for:_:)` inside an element that declares namespace prefixes: a key in Clark notation
    /// is named afresh (its prefix depends on the scope: see `XMLEncoderImpl.qualifiedName`), as an
    /// element, others as usual. A key in no namespace (`{}local`), which as an element is refused
    /// where a default namespace is declared, is named as an attribute when the caller places it
    /// (`placed`) and it is placed as an attribute only. (Out of line: rare.)
    @inline(never)
    private func scopedName(
        for key: Key, _ stringValue: String, placed: Bool = false, wrapper: XMLEncoder.NodeEncoding? = nil
    ) throws -> NameID {
        if stringValue.utf8.first == UInt8(ascii: "{") {
            let asAttribute =
                placed && stringValue.utf8.starts(with: "{}".utf8)
                && placement(key, stringValue, wrapper: wrapper) == .attribute
            return try encoder.nameID(for: key, stringValue: stringValue, parent: path, asAttribute: asAttribute)
        }
        return try rememberedName(for: key, stringValue)
    }

    /// The name of a key written as an attribute (placed `.attribute` or `.both`) inside an element
    /// that declares namespaces, or under a value's own declarations (`declaringName`): an attribute
    /// never takes the default namespace, so a key in Clark notation whose element name
    /// (`elementName`) is unprefixed is named again, as an attribute, with a prefix. (Out of line:
    /// rare.)
    @inline(never)
    private func scopedAttributeName(_ key: Key, _ stringValue: String, elementName: NameID) throws -> NameID {
        guard state.customKeys || stringValue.utf8.first == UInt8(ascii: "{"),
            !tree.names[elementName].utf8.contains(UInt8(ascii: ":"))
        else { return elementName }
        return try encoder.nameID(for: key, stringValue: stringValue, parent: path, asAttribute: true)
    }

    /// The name a key is written under, as the key type's `KeyNames` remember it, or made and
    /// remembered there.
    @inline(__always)
    private func rememberedName(for key: Key, _ stringValue: String) throws -> NameID {
        if let keyNames = state.keyNames, let name = keyNames.name(for: stringValue, at: &position) { return name }
        return try newName(for: key, stringValue)
    }

    private func newName(for key: Key, _ stringValue: String) throws -> NameID {
        let name = try encoder.nameID(for: key, stringValue: stringValue, parent: path)
        state.keyNames?.add(stringValue, name: name, at: &position)
        return name
    }

    /// The name of a value's own element when its type declares namespace prefixes: a key in
    /// Clark notation is written with the prefixes the value declares in scope (unprefixed in the
    /// default namespace it declares). A key placed as an attribute only has no element of its own:
    /// it is named as any other.
    @inline(never)
    private func declaringName<T>(_ type: T.Type, key: Key, wrapper: XMLEncoder.NodeEncoding?) throws -> NameID? {
        let stringValue = key.stringValue
        guard !state.customKeys, stringValue.utf8.first == UInt8(ascii: "{"),
            let declaring = type as? any XMLNamespaceDeclaring.Type,
            placement(key, stringValue, wrapper: wrapper) != .attribute
        else {
            return try resolve(key, stringValue, placed: true, wrapper: wrapper)
        }
        let depth = encoder.namespaceScopes.count
        encoder.namespaceScopes += XMLEncoderImpl.scopeEntries(of: declaring)
        defer { encoder.namespaceScopes.removeSubrange(depth...) }
        return try encoder.nameID(for: key, stringValue: stringValue, parent: path)
    }

    // MARK: - Scalars

    /// Writes checked text under a key: as the element's own text (`""`), an attribute, a child
    /// element, or both. The fast path for scalars: no generic dispatch, and the coding path is
    /// built only for an error.
    private func write(_ text: Span, forKey key: Key, cdata: Bool) throws {
        let stringValue = key.stringValue
        guard let name = try resolve(key, stringValue, placed: true) else {
            tree.addText(text, cdata: cdata, to: element)
            return
        }
        if state.keyShapes != nil { try refuseMap(key) }
        let destination = tree.isDeclarationName(name) ? .attribute : placement(key, stringValue, wrapper: nil)
        if destination != .element {
            let attributeName =
                state.inNamespaceScope ? try scopedAttributeName(key, stringValue, elementName: name) : name
            tree.setAttributeInline(attributeName, text, on: element)
        }
        if destination != .attribute { tree.addElement(name, text: text, cdata: cdata, to: element) }
    }

    private func write(_ string: String, forKey key: Key, cdata: Bool) throws {
        let span = tree.append(string)
        if span.flags & XMLEncodedTree.Flags.suspect != 0 {
            _ = try encoder.checkedText(string, path: path.appending(key))
        }
        try write(span, forKey: key, cdata: state.cdata)
    }

    /// `nil` is an element, whatever the key's placement (an attribute cannot be nil), as in
    /// XMLCoder; its name is an element's.
    func encodeNil(forKey key: Key) throws {
        try encoder.checkInUse()
        guard encoder.options.nilEncodingStrategy != .omitted else { return }
        if state.inNamespaceScope { try refuseNilInNoNamespace(key) }
        guard let name = try resolve(key, key.stringValue) else { return }
        // A flattened map that is nil has no entries, and no element of its own to mark.
        if state.keyShapes != nil, mapCoding?.xmlMapFormat(for: key)?.isFlattened == true { return }
        let child = tree.addElement(name, to: element)
        if encoder.options.nilEncodingStrategy == .xsiNil { encoder.markNil(child) }
    }

    /// Inside an element that declares namespaces, refuses `nil` under a key in no namespace
    /// (`{}local`) placed as an attribute where a default namespace is in force: its element, as
    /// `encodeNil(forKey:)` writes it, would be in that namespace (as a `{}local` element is
    /// refused, the error saying why an attribute's key has an element). (Out of line: rare.)
    @inline(never)
    private func refuseNilInNoNamespace(_ key: Key) throws {
        guard placement(key, key.stringValue, wrapper: nil) == .attribute else { return }
        let converted = KeyConversion.encode(key, strategy: encoder.options.keyEncodingStrategy, path: path)
        guard converted.utf8.starts(with: "{}".utf8) else { return }
        try encoder.refuseUnqualifiedElement(converted, key: key, parent: path, asNilOfAttribute: true)
    }

    func encode(_ value: Bool, forKey key: Key) throws {
        try encoder.checkInUse()
        try write(tree.append(bool: value), forKey: key, cdata: false)
    }
    func encode(_ value: String, forKey key: Key) throws {
        try encoder.checkInUse()
        try write(value, forKey: key, cdata: state.cdata)
    }
    func encode(_ value: Double, forKey key: Key) throws { try write(float: value, forKey: key) }
    func encode(_ value: Float, forKey key: Key) throws { try write(float: value, forKey: key) }
    func encode(_ value: Int, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: Int8, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: Int16, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: Int32, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: Int64, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: UInt, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try write(integer: value, forKey: key) }

    /// What each of the floating-point `encode` overloads does. A non-conforming float written as
    /// a string is a string (CDATA under the `.cdata` strategy), as in XMLCoder.
    @inline(__always)
    private func write<F: BinaryFloatingPoint & LosslessStringConvertible & TextOutputStreamable>(
        float value: F, forKey key: Key
    ) throws {
        try encoder.checkInUse()
        guard value.isFinite else {
            return try write(
                try encoder.number(value, path: PathRef(parent: path, key: key)), forKey: key, cdata: state.cdata)
        }
        try write(tree.append(finite: value), forKey: key, cdata: false)
    }

    /// What each of the integer `encode` overloads does.
    @inline(__always)
    private func write<I: FixedWidthInteger>(integer value: I, forKey key: Key) throws {
        try encoder.checkInUse()
        try write(tree.append(integer: value), forKey: key, cdata: false)
    }

    // MARK: - Everything else

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.checkInUse()
        try encode(value, forKey: key, optional: false)
    }

    /// Encodes a value under a key; `optional` for the value of an optional property.
    private func encode<T: Encodable>(_ value: T, forKey key: Key, optional: Bool) throws {
        // The node encoding in force for the value's own keys is its type's (XMLCoder's stack).
        let savedType = encoder.nodeEncodingType
        encoder.nodeEncodingType = T.self
        defer { encoder.nodeEncodingType = savedType }
        // A spare step when one is free: the value's path is given back once it is encoded.
        let keyPath = encoder.path(appending: key, to: state.lentPath)
        defer { encoder.recycle(keyPath) }
        let traits = encoder.traits(of: T.self)
        let stringValue = key.stringValue
        let resolved =
            traits.declaresNamespaces
            ? try declaringName(T.self, key: key, wrapper: traits.wrapperPlacement)
            : try resolve(key, stringValue, placed: true, wrapper: traits.wrapperPlacement)
        guard let name = resolved else {
            if traits.isOptional, let optional = value as? any XMLOptionalEncodable, optional.wrapsEmptyString {
                // Through generic code (a `T?` payload or property), as `encodeIfPresent(String?)` refuses it.
                throw emptyOwnText(value, key: key)
            }
            try encoder.encode(value, into: .intrinsic(element), path: keyPath)
            return
        }
        if state.keyShapes != nil, let format = mapCoding?.xmlMapFormat(for: key) {
            return try encodeMap(value, format: format, key: key, name: name, path: keyPath, optional: optional)
        }
        let optionalList = optional && traits.isList
        let destination =
            tree.isDeclarationName(name) ? .attribute : placement(key, stringValue, wrapper: traits.wrapperPlacement)
        if destination != .element {
            let attributeName =
                state.inNamespaceScope || traits.declaresNamespaces
                ? try scopedAttributeName(key, stringValue, elementName: name) : name
            tree.setAttribute(attributeName, try attributeText(value, path: keyPath), on: element)
        }
        guard destination != .attribute else { return }
        if state.keyShapes != nil, !traits.readsAsText, let itemName = listCoding?.xmlListItemName(for: key) {
            // Any type: a collection of its own writes its items through an unkeyed container.
            let wrapper = tree.addElement(name, to: element)
            let item = tree.intern(
                itemName.utf8.first == UInt8(ascii: "{")
                    ? try encoder.qualifiedName(clark: itemName, key: key, parent: path)
                    : try encoder.checkedName(itemName, path: keyPath))
            try encoder.encode(value, into: .list(parent: wrapper, itemName: item), path: keyPath)
            return
        }
        if traits.isList {
            if state.isDictionary || optionalList {
                try encodeKeptList(value, name: name, path: keyPath, isList: true, mayReadAsNil: optionalList)
                return
            }
            try encoder.encode(value, into: .keyed(parent: element, name: name), path: keyPath)
            return
        }
        // Any other type may write a list through an unkeyed container of its own: it must read
        // back present too (a missing key is no value for it).
        try encodeKeptList(value, name: name, path: keyPath, isList: false, mayReadAsNil: traits.isOptional)
    }

    /// Throws when `key` is written as a map: a scalar has no keys to write entries for.
    @inline(never)
    private func refuseMap(_ key: Key) throws {
        guard mapCoding?.xmlMapFormat(for: key) != nil else { return }
        throw EncodingError.invalidValue(
            key.stringValue,
            EncodingError.Context(
                codingPath: path.path(appending: key),
                debugDescription:
                    "A value written as a map (XMLMapCoding) must encode keys, as a dictionary does: each key "
                    + "is an entry."
            ))
    }

    /// The error for an optional holding an empty string as the element's own text.
    private func emptyOwnText<T>(_ value: T, key: Key) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: path.path(appending: key),
                debugDescription:
                    "An optional string that is empty, as the element's own text (the \"\" key, or an enum "
                    + "case's value in the case element), cannot be told apart from nil: both are an element "
                    + "with no text."
            ))
    }

    /// A map (`XMLMapCoding`): its entries in an element named by the key, or, flattened, in this
    /// element. A flattened optional map that is empty is refused: it writes nothing, as `nil` does.
    @inline(never)
    private func encodeMap<T: Encodable>(
        _ value: T, format: XMLMapFormat, key: Key, name: NameID, path keyPath: CodingPathNode, optional: Bool
    ) throws {
        guard format.value != nil || format.keyPlacement == .attribute else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: keyPath.path,
                    debugDescription:
                        "A map whose values are the entries' content needs its keys in attributes "
                        + "(XMLMapFormat.keyPlacement)."
                ))
        }
        let names = try encoder.mapNames(format, key: key, keyName: name, parent: path)
        let host = format.isFlattened ? element : tree.addElement(name, to: element)
        if format.isFlattened {
            try refuseSharedEntryName(encoder.mapNamesList[Int(names)].entry, value: value, path: keyPath)
        }
        let before = tree.nodes[host].lastChild
        let sortedFrom = encoder.mapEntryKeys.count
        try encoder.encode(value, into: .map(parent: host, names: names), path: keyPath)
        if encoder.options.outputFormatting.contains(.sortedKeys) {
            encoder.sortEntries(of: host, after: before, keysFrom: sortedFrom)
        }
        if format.isFlattened, optional, tree.nodes[host].lastChild == before {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: keyPath.path,
                    debugDescription:
                        "An optional flattened map that is empty cannot be told apart from nil: neither writes "
                        + "an entry."
                ))
        }
    }

    /// Refuses a flattened map whose entries would share their name with elements already written
    /// into the same element (another map's entries, a property's elements): reading back, the
    /// two would merge.
    private func refuseSharedEntryName<T>(_ entryName: NameID, value: T, path keyPath: CodingPathNode) throws {
        var child = tree.nodes[element].firstChild
        while child >= 0 {
            if tree.nodes[child].kind == .element, tree.nodes[child].name == entryName {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: keyPath.path,
                        debugDescription:
                            "A flattened map's entries would be named <\(tree.names[entryName])>, like "
                            + "elements already written in the same element: they would read back as one."
                    ))
            }
            child = tree.nodes[child].next
        }
    }

    /// A value under a key that must read back present: `<key />` when it wrote nothing (an empty
    /// list); refused when it is a list of one item that is an empty element, which reads back as
    /// an empty list, and, when the value may be nil (`mayReadAsNil`: an optional), a list of one
    /// nil item, which is written as one element marked `xsi:nil` like nil itself. `isList` when
    /// the value is a list whatever it does; otherwise it is one when it asks for an unkeyed
    /// container.
    private func encodeKeptList<T: Encodable>(
        _ value: T, name: NameID, path keyPath: CodingPathNode, isList: Bool, mayReadAsNil: Bool
    ) throws {
        let before = tree.nodes[element].lastChild
        let savedIsList = encoder.keyedValueIsList
        encoder.keyedValueIsList = false
        defer { encoder.keyedValueIsList = savedIsList }
        try encoder.encode(value, into: .keyed(parent: element, name: name), path: keyPath)
        let first = before < 0 ? tree.nodes[element].firstChild : tree.nodes[before].next
        guard first >= 0 else {
            _ = tree.addElement(name, to: element)
            return
        }
        let item = tree.nodes[first]
        guard isList || encoder.keyedValueIsList, item.next < 0, item.kind == .element,
            tree.isEmpty(first, ignoringEmptyText: true)
        else { return }
        if item.firstAttribute < 0 {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: keyPath.path,
                    debugDescription:
                        "A list of one item that is written as an empty element cannot be told apart from an "
                        + "empty list, which is written the same way."
                ))
        }
        if mayReadAsNil, tree.isOnlyMarkedNil(first) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: keyPath.path,
                    debugDescription:
                        "An optional list of one nil item cannot be told apart from nil: both are written as "
                        + "one element marked xsi:nil."
                ))
        }
    }

    /// The text of a value written as an attribute; refused for values that are not text.
    private func attributeText<T: Encodable>(_ value: T, path: CodingPathNode) throws -> Span {
        let scratch = tree.makeElement(tree.intern("attribute"))
        try encoder.encode(value, into: .element(scratch), path: path)
        let node = tree.nodes[scratch]
        guard node.firstAttribute < 0, node.marks & XMLEncodedTree.Marks.groupChild == 0 else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path.path, debugDescription: "Complex values cannot be encoded as attributes."))
        }
        var parts: [Span] = []
        var child = node.firstChild
        while child >= 0 {
            let found = tree.nodes[child]
            guard found.kind != .element else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: path.path, debugDescription: "Complex values cannot be encoded as attributes."))
            }
            parts.append(found.text)
            child = found.next
        }
        return parts.isEmpty ? tree.append("") : tree.concatenate(parts)
    }

    // MARK: - Optionals under the nil strategy

    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encoder.checkInUse()
        guard let value else { return try encodeNil(forKey: key) }
        if T.self == String.self, let string = value as? String { return try encodeIfPresent(string, forKey: key) }
        try encode(value, forKey: key, optional: true)
    }

    func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        try encoder.checkInUse()
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        try encoder.checkInUse()
        guard let value else { return try encodeNil(forKey: key) }
        if value.isEmpty, try resolve(key, key.stringValue, placed: true) == nil {
            // An element's own text that is empty is no text, which reads back as nil.
            throw emptyOwnText(value, key: key)
        }
        try encode(value, forKey: key)
    }
    func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try write(float: value, forKey: key) }
    func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try write(float: value, forKey: key) }
    func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try write(integer: value, forKey: key) }
    func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try write(integer: value, forKey: key) }

    /// What each of the floating-point `encodeIfPresent` overloads does: the value, or nil as the
    /// nil strategy writes it.
    @inline(__always)
    private func write<F: BinaryFloatingPoint & LosslessStringConvertible & TextOutputStreamable>(
        float value: F?, forKey key: Key
    ) throws {
        if let value { try write(float: value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// What each of the integer `encodeIfPresent` overloads does: the value, or nil as the nil
    /// strategy writes it.
    @inline(__always)
    private func write<I: FixedWidthInteger>(integer value: I?, forKey key: Key) throws {
        if let value { try write(integer: value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    // MARK: - Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        if encoder.call.isFinished { return encoder.endedContainer(keyedBy: keyType) }
        let keyPath = path.appending(key)
        let child: Index
        if let name = resolveOrPlaceholder(key) {
            child = tree.addElement(name, to: element)
        } else {
            child = tree.addGroup(to: element)
        }
        return KeyedEncodingContainer(
            XMLKeyedEncodingContainer<NestedKey>(
                encoder: encoder, element: child, path: keyPath, isChoice: encoder.isChoiceKey(NestedKey.self)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        if encoder.call.isFinished { return encoder.endedUnkeyedContainer() }
        let keyPath = path.appending(key)
        return XMLUnkeyedEncodingContainer(
            encoder: encoder, parent: element, itemName: nameOrPlaceholder(key), path: keyPath)
    }

    func superEncoder() -> any Encoder {
        if encoder.call.isFinished { return encoder.ended() }
        let name: NameID
        do {
            name = try encoder.nameID(for: XMLKey.super, stringValue: XMLKey.super.stringValue, parent: path)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            name = tree.intern("invalid")
        }
        return superEncoder(named: name, key: XMLKey.super)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        if encoder.call.isFinished { return encoder.ended() }
        let name = nameOrPlaceholder(key)
        if state.keyShapes != nil, let format = mapCoding?.xmlMapFormat(for: key) {
            // A map written through a super encoder is written as a map.
            do {
                let names = try encoder.mapNames(format, key: key, keyName: name, parent: path)
                let host = format.isFlattened ? element : tree.addElement(name, to: element)
                return XMLEncoderImpl(
                    parent: encoder, target: .map(parent: host, names: names), path: path.appending(key),
                    nodeEncodingType: Never.self)
            } catch {
                encoder.deferredError = encoder.deferredError ?? error
            }
        }
        return superEncoder(named: name, key: key)
    }

    /// An encoder for a superclass, writing an element `name` here when the superclass writes to
    /// it (as XMLCoder adds it when the superclass is done), or an empty one if it writes nothing.
    private func superEncoder(named name: NameID, key: any CodingKey) -> any Encoder {
        XMLEncoderImpl(
            parent: encoder, target: .keyed(parent: element, name: name), path: path.appending(key),
            nodeEncodingType: encoder.nodeEncodingType)
    }

    /// `resolve(_:_:)` for the nested-container methods, which cannot throw: an invalid name is
    /// recorded and reported when encoding finishes.
    private func resolveOrPlaceholder(_ key: Key) -> NameID? {
        do {
            return try resolve(key, key.stringValue)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            return tree.intern("invalid")
        }
    }

    /// The protocol's nested-container methods cannot throw: an invalid name is recorded and
    /// reported when encoding finishes.
    private func nameOrPlaceholder(_ key: Key) -> NameID {
        do {
            return try name(for: key, key.stringValue)
        } catch {
            encoder.deferredError = encoder.deferredError ?? error
            return tree.intern("invalid")
        }
    }
}

/// Arrays (and other sequences that encode as lists) written as repeated elements.
internal protocol XMLEncodableList {}
extension Array: XMLEncodableList {}
extension ContiguousArray: XMLEncodableList {}
extension Set: XMLEncodableList {}
