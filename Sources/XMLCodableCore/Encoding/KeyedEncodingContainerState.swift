// KeyedEncodingContainerState: what a keyed encoding container writes with (its element, its
// coding path, the encoded type's placement of keys, the key strategy's choices, and where the
// next key is expected among the key type's names), in one object the encoder fills again for the
// next value of the same key type, so that the standard library's box around the container is made
// once per key type and encoding call rather than once per value — the encoder's side of
// Decoding/KeyedContainerState.swift, which explains the idea.
//
//     <osm><node id="1"><tag k="a" v="b"/></node><node id="2"/></osm>
//
//     node 1: container(keyedBy: Node.CodingKeys)  no box of that key type yet in this call: a
//             state and a box are made, and the key type's `KeyNames` keeps both
//     node 1's tag: container(keyedBy: Tag.CodingKeys)  the same, for the tag's key type
//     node 2: container(keyedBy: Node.CodingKeys)  node 1's `encode(to:)` has returned and let go
//             of its container: the kept box is held by `KeyNames` alone, so its state is filled
//             for node 2 and the box returned
//
// A box something still holds (a parent's container while values of its own type encode inside
// it, a container a value kept) is never refilled. The boxes are let go when the call ends
// (`XMLEncoderImpl.finishCall`): their states hold the encoder.

/// The fields of a keyed encoding container (see `XMLKeyedEncodingContainer`), which the encoder
/// may fill again for another value when nothing but the encoder holds the container's box.
internal final class KeyedEncodingContainerState {
    typealias Index = XMLEncodedTree.Index

    /// The encoder, for the state's life: a state is kept only within its encoder's call.
    let encoder: XMLEncoderImpl
    let tree: XMLEncodedTree
    var element: Index
    /// The container's coding path, in two fields (see `path`): its last step (`nil` at the root),
    /// retained, and its position in its list (-1 when the path does not end in a list item), so
    /// that a state filled again for the next item of the same list retains nothing (`fill`).
    private var pathStep: CodingPathNode.KeyStep?
    private var pathPosition = -1
    /// The container's coding path.
    var path: CodingPathNode { CodingPathNode(lastStep: pathStep, position: pathPosition) }
    /// The container's coding path lent, its step unretained. (Safe unretained: the state holds
    /// the step until it is filled again, which the container's own calls never do.)
    var lentPath: CodingPathNode.Lent {
        @inline(__always) get { (pathStep.map { UnretainedReference($0) }, pathPosition) }
    }
    /// The encoded type's own placement of its keys, if it has one.
    var dynamic: (any DynamicNodeEncoding.Type)? {
        didSet { dynamicID = dynamic.map { ObjectIdentifier($0) } }
    }
    /// `dynamic`'s identity: whose answers `keyNames` may remember (`KeyNames.knownPlacement`).
    private(set) var dynamicID: ObjectIdentifier?
    /// The node strategy's placement, if it is a closure.
    var custom: XMLEncoder.XMLNodeEncoderClosure?
    /// The encoded type when it has wrapped-list or map properties (see `EncoderTypeTraits`).
    var keyShapes: Any.Type?
    /// `isChoice`, or `dynamic` or `custom` is set: a key's placement is not simply its wrapper's.
    var placesKeys = false
    /// The encoded type is a dictionary: an empty list value is written `<key />`.
    var isDictionary = false
    /// The keys are an `XMLChoiceCodingKey` type: the one case is always an element.
    var isChoice = false
    /// Strings are written as CDATA.
    var cdata = false
    /// The names of the key type's keys, and where the next key is expected among them.
    var keyNames: KeyNames?
    /// The key strategy is a closure, which may give any key an empty name (the element's own
    /// content, as the `""` key) or the `""` key a name.
    var customKeys = false
    /// The `_0` key of a synthesized enum case with one unlabeled value is the case element's own
    /// content (`XMLEncoder.EnumPayloadEncodingStrategy.caseElement`).
    var payloadInCaseElement = false
    /// Values enclosing this one declare namespace prefixes or a default namespace
    /// (`XMLNamespaceDeclaring`): names in Clark notation then depend on where they are written
    /// (and, in a default namespace, on whether they are an element's or an attribute's), and are
    /// not remembered in `keyNames`.
    var inNamespaceScope = false
    /// Under `.caseElement`: the `_0` key was written as the element's content, or another key
    /// was written (the two cannot be mixed: the value's keys and the others would merge).
    var payloadWritten = false
    var otherKeyWritten = false
    /// Where the next key is expected among `keyNames`.
    var position = 0

    /// The state of a container for `element` at `path`; `keyNames` are the key type's.
    init(encoder: XMLEncoderImpl, element: Index, path: CodingPathNode, isChoice: Bool, keyNames: KeyNames?) {
        self.encoder = encoder
        tree = encoder.tree
        self.element = element
        (pathStep, pathPosition) = path.parts
        fill(encoder: encoder, element: element, isChoice: isChoice, keyNames: keyNames)
    }

    /// The state of a container for `element` at the encoder's current path.
    convenience init(encoder: XMLEncoderImpl, element: Index, isChoice: Bool, keyNames: KeyNames?) {
        self.init(encoder: encoder, element: element, path: .root, isChoice: isChoice, keyNames: keyNames)
        takeCurrentPath(of: encoder)
    }

    /// Makes the state that of a new container for `element` at the encoder's current path (its
    /// box held by nothing but `keyNames`), of the same encoder.
    func refill(encoder: XMLEncoderImpl, element: Index, isChoice: Bool, keyNames: KeyNames?) {
        takeCurrentPath(of: encoder)
        fill(encoder: encoder, element: element, isChoice: isChoice, keyNames: keyNames)
    }

    /// Makes the encoder's current path the state's: its step is retained only when it is not the
    /// one the state holds already (the same list's, for the next item of a list).
    @inline(__always)
    private func takeCurrentPath(of encoder: XMLEncoderImpl) {
        encoder.withCurrentPath { step, position in
            if pathStep !== step { pathStep = step }
            pathPosition = position
        }
    }

    /// Sets the fields of a new container for `element` but its path, of the same encoder.
    private func fill(encoder: XMLEncoderImpl, element: Index, isChoice: Bool, keyNames: KeyNames?) {
        internalCheck(encoder === self.encoder, "a keyed encoding container's state refilled for another encoder")
        self.element = element
        self.isChoice = isChoice
        let traits = encoder.traits(of: encoder.currentType)
        switch encoder.options.nodeEncodingStrategy {
        case .deferredToEncoder:
            if isChoice {
                dynamic = nil
            } else if encoder.nodeEncodingType == encoder.currentType {
                dynamic = traits.dynamicNodeEncoding
            } else {
                dynamic = encoder.traits(of: encoder.nodeEncodingType).dynamicNodeEncoding
            }
            custom = nil
        case .custom(let closure):
            dynamic = nil
            custom = isChoice ? nil : closure(encoder.nodeEncodingType, encoder)
        }
        placesKeys = isChoice || dynamic != nil || custom != nil
        keyShapes = traits.keyShapes
        isDictionary = traits.isDictionary
        cdata = encoder.options.stringEncodingStrategy == .cdata
        // The same names as before, but for the state's first fill: no store (a retain and a release).
        if self.keyNames !== keyNames { self.keyNames = keyNames }
        if case .custom = encoder.options.keyEncodingStrategy { customKeys = true } else { customKeys = false }
        payloadInCaseElement = encoder.options.enumPayloadEncodingStrategy == .caseElement
        inNamespaceScope = !encoder.namespaceScopes.isEmpty
        payloadWritten = false
        otherKeyWritten = false
        position = 0
    }
}
