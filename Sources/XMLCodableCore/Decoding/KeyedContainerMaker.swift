// KeyedContainerMaker: keyed containers made without asking the runtime for their type's metadata.
//
// Why: `container(keyedBy:)` is called from a model's `init(from:)` through the `Decoder`
// protocol, so it runs unspecialized, with `Key` known only at run time. Naming
// `XMLKeyedDecodingContainer<Key>` there makes the runtime look that type's metadata up in its
// hash table of generic types, and its conformance to `KeyedDecodingContainerProtocol` up in
// another: some 570 instructions for every struct decoded, about 6% of decoding a document of
// many small elements (osm 5k: 10,000 containers). Generic code that receives a type as a
// generic parameter gets its metadata and conformances passed in, with no lookup. So the lookup
// is done once per key type, to make a `TypedKeyedContainerMaker<XMLKeyedDecodingContainer<Key>>`,
// and every later container of that key type is made by that object, whose class metadata carries
// the container type and its conformance.
//
//     struct Node: Decodable { let id: Int }        // CodingKeys: Node.CodingKeys
//
//     first Node: traits(of: Node.CodingKeys.self) computes the key type's traits once per
//                 process: a maker for XMLKeyedDecodingContainer<Node.CodingKeys> (one lookup)
//     every Node: the maker from the traits (a pointer compare in the decoder's trait slots), then
//                 maker.make(...): the container built with the metadata the maker's class holds
//
// The makers live as long as the process, like the type metadata they stand for: one small object
// per key type, made with the type's traits under the lock of the process-wide table of traits
// (so once, whichever threads ask) and kept by it (it never forgets a type), so the traits hold
// them unretained and copying traits counts no references.
// (The standard library's box around the container, `KeyedDecodingContainer(_:)`, still asks for
// its own metadata: that type is the standard library's, and only its initializer can make one.)

/// A maker of keyed containers for one key type (the subclass is generic over the container type).
internal class KeyedContainerMaker: @unchecked Sendable {
    /// A maker for the key type `type`, if it is one (`CodingKey`).
    static func forKeyType(_ type: Any.Type) -> Unmanaged<KeyedContainerMaker>? {
        guard let keyType = type as? any CodingKey.Type else { return nil }
        // Retained for the life of the process (see the file's header).
        return Unmanaged.passRetained(maker(for: keyType))
    }

    private static func maker<Key: CodingKey>(for type: Key.Type) -> KeyedContainerMaker {
        TypedKeyedContainerMaker<XMLKeyedDecodingContainer<Key>, KeyedDecodingContainer<Key>>(slot: nextSlot())
    }

    /// The slot of the key type's box among a decoder's kept boxes (`UncheckedKeyedContainerBoxes`):
    /// each maker, so each key type, has its own, the makers' number in the order they were made,
    /// or -1 past `maxSlots` (the containers of those key types are boxed anew every time).
    let slot: Int

    init(slot: Int) {
        self.slot = slot
    }

    /// The most key types whose boxes a decoder gives out again: bounds the kept boxes' arrays
    /// (three words a slot, up to the highest slot a set of them met: 96 KB for a program of 4,000
    /// key types, as this package's tests are), whatever the number of key types a program decodes.
    static let maxSlots = 65_536

    /// The number of makers made so far (at most one per key type: the traits that hold them are
    /// computed once per type).
    private static let slotsGiven = Locked(0)

    /// The next slot, or -1 once `maxSlots` are given.
    private static func nextSlot() -> Int {
        slotsGiven.withLock { count in
            guard count < maxSlots else { return -1 }
            count += 1
            return count - 1
        }
    }
}

/// The maker of `Container`s: its class metadata holds `Container`'s metadata and conformances,
/// and those of `Boxed`, the standard library's `KeyedDecodingContainer<Container.Key>`, so
/// `make` needs no lookup of them.
internal final class TypedKeyedContainerMaker<Container: XMLElementKeyedContainer, Boxed>: KeyedContainerMaker,
    @unchecked Sendable
{
    /// A container for `element`, boxed as the standard library's `KeyedDecodingContainer`.
    /// (Never inlined: inlined into a caller that knows only `Key`, it would need the lookup again.)
    @inline(never)
    func make(decoder: XMLDecoderImpl, element: Int32) -> Boxed {
        Container.boxed(decoder: decoder, element: element, slot: slot, as: Boxed.self)
    }
}

/// A keyed container for an element, which a `TypedKeyedContainerMaker` can make.
internal protocol XMLElementKeyedContainer: KeyedDecodingContainerProtocol {
    /// A container for `element` at the decoder's current coding path, boxed, in the box the
    /// decoder may have kept at `slot` (the key type's, `KeyedContainerMaker.slot`, or -1) from an
    /// element before (see KeyedContainerState.swift). `boxed` is `KeyedDecodingContainer<Key>`,
    /// passed in so that its metadata need not be looked up.
    static func boxed<Boxed>(decoder: XMLDecoderImpl, element: Int32, slot: Int, as boxed: Boxed.Type) -> Boxed
}

extension XMLKeyedDecodingContainer: XMLElementKeyedContainer {}

extension XMLDecoderImpl {
    /// The keyed container of `element`, made by the key type's maker (see the file's header).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ element: Int32, keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        guard let maker = keyedContainerMaker(for: type) else {
            return keyedContainerWithoutMaker(element, keyedBy: type)
        }
        // The maker in `Key`'s traits was made for `XMLKeyedDecodingContainer<Key>` and nothing
        // else (`KeyedContainerMaker.forKeyType`, from `Key.self` itself): the conversion only
        // tells the compiler so, without asking the runtime. The process keeps the maker, so it
        // is used without a count of its own.
        let typed = Unmanaged<TypedKeyedContainerMaker<XMLKeyedDecodingContainer<Key>, KeyedDecodingContainer<Key>>>
            .fromOpaque(maker.toOpaque())
        return typed._withUnsafeGuaranteedRef { $0.make(decoder: self, element: element) }
    }

    /// The keyed container made the usual way (every key type has a maker, so this is only a
    /// fallback). Out of line, so that the lookup it needs is not made on entry to the caller.
    @inline(never)
    private func keyedContainerWithoutMaker<Key: CodingKey>(_ element: Int32, keyedBy type: Key.Type)
        -> KeyedDecodingContainer<Key>
    {
        XMLKeyedDecodingContainer<Key>.boxed(
            decoder: self, element: element, slot: -1, as: KeyedDecodingContainer<Key>.self)
    }

    /// The maker of keyed containers for the key type `type`, from its traits.
    @inline(__always)
    func keyedContainerMaker(for type: Any.Type) -> Unmanaged<KeyedContainerMaker>? {
        traits(of: type).keyedContainerMaker
    }
}
