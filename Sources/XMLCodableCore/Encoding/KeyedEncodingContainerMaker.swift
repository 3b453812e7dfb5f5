// KeyedEncodingContainerMaker: keyed containers made without asking the runtime for their type's
// metadata — the encoder's side of Decoding/KeyedContainerMaker.swift, which explains the idea.
//
// `container(keyedBy:)` runs unspecialized, with `Key` known only at run time; naming
// `XMLKeyedEncodingContainer<Key>` there costs two runtime lookups (the type's metadata and its
// conformance to `KeyedEncodingContainerProtocol`), some 550 instructions for every struct encoded.
// A maker made once per key type, `TypedKeyedEncodingContainerMaker<XMLKeyedEncodingContainer<Key>>`,
// carries both in its class metadata:
//
//     struct Node: Encodable { let id: Int }        // CodingKeys: Node.CodingKeys
//
//     first Node of a call: traits(of: Node.CodingKeys.self) computes the key type's traits for
//                           the call, taking the process's maker for the type (made on first use)
//     every Node:           maker.make(...), with the metadata the maker's class holds
//
// The encoder learns traits per call, so the makers are kept in a process-wide table (behind a
// lock, consulted once per key type per call), one per key type for the life of the process.

/// A maker of keyed encoding containers for one key type (the subclass is generic over the
/// container type).
internal class KeyedEncodingContainerMaker: @unchecked Sendable {
    /// The process's maker for the key type `type`, if it is one (`CodingKey`).
    static func forKeyType(_ type: Any.Type) -> Unmanaged<KeyedEncodingContainerMaker>? {
        guard let keyType = type as? any CodingKey.Type else { return nil }
        return encodingContainerMakers.withLock { makers in
            if let made = makers[ObjectIdentifier(type)] { return made }
            // Retained for the life of the process (see the file's header).
            let made = Unmanaged.passRetained(maker(for: keyType))
            makers[ObjectIdentifier(type)] = made
            return made
        }
    }

    private static func maker<Key: CodingKey>(for type: Key.Type) -> KeyedEncodingContainerMaker {
        TypedKeyedEncodingContainerMaker<XMLKeyedEncodingContainer<Key>, KeyedEncodingContainer<Key>>()
    }
}

/// The process's makers, by key type.
private let encodingContainerMakers = Locked<[ObjectIdentifier: Unmanaged<KeyedEncodingContainerMaker>]>([:])

/// The maker of `Container`s: its class metadata holds `Container`'s metadata and conformances,
/// and those of `Boxed`, the standard library's `KeyedEncodingContainer<Container.Key>`, so `make`
/// needs no lookup of them.
internal final class TypedKeyedEncodingContainerMaker<Container: XMLElementKeyedEncodingContainer, Boxed>:
    KeyedEncodingContainerMaker,
    @unchecked Sendable
{
    /// A container for `element` at the encoder's current path, boxed as the standard library's
    /// `KeyedEncodingContainer`, in a
    /// box given out again when it can be (KeyedEncodingContainerState.swift). (Never inlined:
    /// inlined into a caller that knows only `Key`, it would need the lookup again.)
    @inline(never)
    func make(encoder: XMLEncoderImpl, element: XMLEncodedTree.Index, isChoice: Bool) -> Boxed {
        Container.boxed(encoder: encoder, element: element, isChoice: isChoice, as: Boxed.self)
    }
}

/// A keyed container for an element, which a `TypedKeyedEncodingContainerMaker` can make.
internal protocol XMLElementKeyedEncodingContainer: KeyedEncodingContainerProtocol {
    init(encoder: XMLEncoderImpl, element: XMLEncodedTree.Index, path: CodingPathNode, isChoice: Bool)

    /// A container for `element` at the encoder's current path, boxed, in a box given out again
    /// when it can be; `boxed` is `KeyedEncodingContainer<Key>`, passed in so that its metadata
    /// need not be looked up.
    static func boxed<Boxed>(
        encoder: XMLEncoderImpl, element: XMLEncodedTree.Index, isChoice: Bool, as boxed: Boxed.Type
    ) -> Boxed
}

extension XMLKeyedEncodingContainer: XMLElementKeyedEncodingContainer {}

extension XMLEncoderImpl {
    /// The keyed container of `element`, made by the key type's maker (see the file's header).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(
        _ element: XMLEncodedTree.Index, keyedBy type: Key.Type, maker: Unmanaged<KeyedEncodingContainerMaker>?,
        isChoice: Bool
    ) -> KeyedEncodingContainer<Key> {
        guard let maker else { return keyedContainerWithoutMaker(element, keyedBy: type, isChoice: isChoice) }
        // The maker in `Key`'s traits was made for `XMLKeyedEncodingContainer<Key>` and nothing
        // else (`forKeyType`, from `Key.self` itself): the conversion only tells the compiler so.
        // The process keeps the maker, so it is used without a count of its own.
        let typed = Unmanaged<
            TypedKeyedEncodingContainerMaker<XMLKeyedEncodingContainer<Key>, KeyedEncodingContainer<Key>>
        >
        .fromOpaque(maker.toOpaque())
        return typed._withUnsafeGuaranteedRef {
            $0.make(encoder: self, element: element, isChoice: isChoice)
        }
    }

    /// The keyed container made the usual way (every key type has a maker, so this is only a
    /// fallback). Out of line, so that the lookup it needs is not made on entry to the caller.
    @inline(never)
    private func keyedContainerWithoutMaker<Key: CodingKey>(
        _ element: XMLEncodedTree.Index, keyedBy type: Key.Type, isChoice: Bool
    ) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            XMLKeyedEncodingContainer<Key>(encoder: self, element: element, path: codingPathNode, isChoice: isChoice))
    }
}
