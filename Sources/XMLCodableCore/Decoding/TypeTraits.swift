// What the decoder needs to know about a type, learnt once per type and cached: the dynamic
// casts behind these answers (`T.self is SomeProtocol.Type`) are runtime conformance lookups,
// too slow to repeat for every value of a large document. The answers never change for a type,
// so they are kept for the whole process (`sharedTraits`, behind a lock) and copied into each
// decoding run's own cache on first use: a run pays the lock once per type, not the lookups.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal struct TypeTraits {
    /// Repeated elements named by a key form the value (an array).
    var isList: Bool
    /// Where a property wrapper puts the value.
    var placement: XMLDecoder.NodeDecoding
    /// Decoded by `unwrapSpecial`: a Foundation type with a strategy, or an optional.
    var isSpecial: Bool
    /// A missing key decodes as an empty sequence or a `nil` wrapper.
    var hasAbsentValue: Bool
    /// An empty element is a value of this type (an empty string).
    var isStringLike: Bool
    /// Read from text (numbers, booleans, dates, data, URLs, raw-value enums).
    var isScalar: Bool
    /// The type's own choice of attributes or elements, if it makes one.
    var dynamicNodeDecoding: (any DynamicNodeDecoding.Type)?
    /// The type's wrapped-list properties, if it has any.
    var listCoding: (any XMLListCoding.Type)?
    /// The type's map properties, if it has any.
    var mapCoding: (any XMLMapCoding.Type)?
    /// The type is an enum (so a keyed container on an element may be a choice).
    var isEnum: Bool
    /// The type is a dictionary (its list values are wrapped lists).
    var isDictionary: Bool
    /// A property wrapper the decoder fills itself.
    var wrapperType: (any XMLDecodableWrapper.Type)?
    /// An `Array` of a decodable type, which the decoder fills itself (see `XMLDecodableArray`).
    var decodableArray: (any XMLDecodableArray.Type)? = nil
    /// For a `CodingKey` type, the maker of its keyed containers (see KeyedContainerMaker.swift),
    /// unretained: the process keeps every maker.
    var keyedContainerMaker: Unmanaged<KeyedContainerMaker>? = nil
}

extension TypeTraits {
    /// A placeholder until the first type's traits are known.
    static let unknown = TypeTraits(
        isList: false, placement: .elementOrAttribute, isSpecial: false, hasAbsentValue: false, isStringLike: false,
        isScalar: false,
        dynamicNodeDecoding: nil, listCoding: nil, mapCoding: nil, isEnum: false, isDictionary: false, wrapperType: nil)
}

extension XMLDecoderImpl {
    /// The traits of a type, from the cache: a small set-associative table in front (a pointer
    /// compare, no hashing: see `TraitSlot`), then the run's dictionary, then the process-wide one.
    @inline(__always)
    func traits(of type: Any.Type) -> TypeTraits {
        let key = ObjectIdentifier(type)
        let set = TraitSlot.set(for: key)
        if let slot = TraitSlot.find(key, in: traitSlots, set: set) { return traitSlots[slot].traits }
        return traitsMissingFromSlots(type, set: set)
    }

    @inline(never)
    private func traitsMissingFromSlots(_ type: Any.Type, set: Int) -> TypeTraits {
        let key = ObjectIdentifier(type)
        let found: TypeTraits
        if let cached = traitsCache[key] {
            found = cached
        } else {
            // Computed under the lock, so that a type's traits (and the container maker they
            // hold, kept for the life of the process) are made once, whichever threads ask.
            found = sharedTraits.withLock { shared in
                if let known = shared[key] { return known }
                let computed = computeTraits(type)
                shared[key] = computed
                return computed
            }
            traitsCache[key] = found
        }
        TraitSlot.insert(TraitSlot(type: key, traits: found), in: &traitSlots, set: set)
        return found
    }

    private func computeTraits(_ type: Any.Type) -> TypeTraits {
        // A subtree (`XMLTree.Element`, or an element's content `[XMLTree.Node]`) is one element,
        // built from the index (XMLDecoderImpl+Subtrees.swift): never a list of its own.
        let isSubtree = type == XMLTree.Element.self || type == [XMLTree.Node].self
        return TypeTraits(
            isList: !isSubtree && type is any XMLArrayMarker.Type,
            placement: (type as? any XMLWrapperMarker.Type)?.placement ?? .elementOrAttribute,
            isSpecial: type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
                || type is any XMLOptionalDecodable.Type
                || type is any XMLDecodableWrapper.Type || isSubtree,
            hasAbsentValue: !isSubtree
                && (type is any XMLDecodableSequence.Type || type is any XMLOptionalWrapper.Type),
            isStringLike: isStringLike(type),
            isScalar: isScalar(type),
            dynamicNodeDecoding: type as? any DynamicNodeDecoding.Type,
            listCoding: type as? any XMLListCoding.Type,
            mapCoding: type as? any XMLMapCoding.Type,
            isEnum: isEnumType(type),
            isDictionary: type is any XMLDictionaryMarker.Type,
            wrapperType: type as? any XMLDecodableWrapper.Type,
            decodableArray: isSubtree ? nil : type as? any XMLDecodableArray.Type,
            keyedContainerMaker: KeyedContainerMaker.forKeyType(type))
    }
}

/// One entry of the decoder's table of type traits (`XMLDecoderImpl.traits(of:)`), whose layout
/// the encoder's table shares (`EncoderTraitSlot`).
///
/// The table is set-associative: 32 sets of 4 slots, a type's set chosen by its metadata's
/// address. A lookup compares the four pointers of one set; a type not there replaces the set's
/// oldest entry. Which types share a set depends on where the linker put their metadata, and
/// five types decoded in turn that share one miss on every lookup (then found in the decoder's
/// dictionary, about 150 instructions each): with fewer ways (a direct-mapped or a two-way
/// table) two or three could, and with 16 sets the rss model's types did in one build of the
/// benchmarks (2% more instructions per call). The chance that some five of twenty types share a
/// set is about 1 in 10 with 16 sets and 1 in 100 with 32 (1 in 1,600 for twelve types); the
/// table is 128 slots, filled once per decoder.
internal struct TraitSlot: TypeTableSlot {
    /// Sets, as a power of two, and slots per set.
    static let setBits = 5
    /// (Four: `find` is unrolled for four.)
    static let ways = 4
    static let count = (1 << setBits) * ways

    var type: ObjectIdentifier?
    var traits: TypeTraits
}

/// An entry of a set-associative table keyed by type (see `TraitSlot`).
internal protocol TypeTableSlot {
    var type: ObjectIdentifier? { get }
}

extension TypeTableSlot {
    /// The first slot of a type's set (its identifier is its metadata's address): the address's
    /// bits above the alignment, mixed by a multiplication so that nearby addresses spread.
    @inline(__always)
    static func set(for key: ObjectIdentifier) -> Int {
        let mixed = (UInt(bitPattern: key) >> 3) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> (UInt.bitWidth - TraitSlot.setBits)) &* TraitSlot.ways
    }

    /// The slot of `key`'s entry in its set, if it has one (four comparisons, unrolled).
    @inline(__always)
    static func find(_ key: ObjectIdentifier, in slots: [Self], set: Int) -> Int? {
        if slots[set].type == key { return set }
        if slots[set + 1].type == key { return set + 1 }
        if slots[set + 2].type == key { return set + 2 }
        if slots[set + 3].type == key { return set + 3 }
        return nil
    }

    /// Puts an entry first in its set, the oldest one leaving.
    @inline(__always)
    static func insert(_ entry: Self, in slots: inout [Self], set: Int) {
        var slot = TraitSlot.ways - 1
        while slot > 0 {
            slots[set + slot] = slots[set + slot - 1]
            slot -= 1
        }
        slots[set] = entry
    }
}

/// The traits learnt so far in this process, shared by all decoding runs.
private let sharedTraits = Locked<[ObjectIdentifier: TypeTraits]>([:])

// The metatypes a `TypeTraits` holds are immutable references to type metadata.
extension TypeTraits: @unchecked Sendable {}

/// Whether a type is an enum (not `Optional`), read from its metadata kind.
///
/// The one read of type metadata in the library, and asked once per type (the answer is cached
/// with the type's traits). Swift has no public API that tells an enum type from a struct without
/// an instance (`Mirror` needs a value; a `Decodable` type gives none), so this reads the kind
/// word. Why it is safe: a metatype's value is the address of the type's metadata
/// (`ObjectIdentifier(type)` is that address), and every metadata record begins with its kind, a
/// pointer-sized integer, as Swift's ABI documents (docs/ABI/TypeMetadata.rst, "Common Metadata
/// Layout"; the kinds are in include/swift/ABI/MetadataKind.def: 0x201 enum, 0x202 `Optional`).
/// That layout is part of the ABI Swift keeps stable on Apple platforms since Swift 5.0, and Linux
/// uses the same layout, so the load is of one initialized, aligned word the runtime itself
/// reads. (Should a future runtime change it, the choice and enum tests would fail, not memory.)
internal func isEnumType(_ type: Any.Type) -> Bool {
    guard let metadata = UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(type))) else { return false }
    return metadata.load(as: Int.self) == 0x201
}

/// An array the decoder decodes itself, as `Array.init(from:)` would (the items of the unkeyed
/// container, in order, the same errors) but through the concrete container, into storage of the
/// right size: the standard library's generic version asks the runtime for `Array<Element>`'s
/// metadata at every append and boxes the container in an existential.
///
/// Both entry points take the type the caller decodes (`T`, which is `Self`: the traits that hold
/// this protocol's metatype are those of `T`) and return a `T`, so that the caller needs no `as? T`,
/// which would ask the runtime for `Optional<T>`'s metadata at every list. They are written on the
/// protocol, where `Self` is a parameter the caller passes: in an extension of `Array`, `Self` is
/// `Array<Element>`, whose metadata generic code asks the runtime for (a hash-table lookup of a few
/// hundred instructions) every time it names the type — at every list, for the check that `T` is
/// `Self`.
internal protocol XMLDecodableArray {
    /// The array of the decoder's current value's items (see the protocol).
    static func decodeXMLItems(_ decoder: XMLDecoderImpl) throws -> Self
    /// The empty array.
    static func emptyXMLItems() -> Self
}

extension XMLDecodableArray {
    /// `decodeXMLItems` as a `T`, which is `Self` (else `T`'s own `init(from:)`).
    static func decodeXMLArray<T: Decodable>(_ decoder: XMLDecoderImpl, as type: T.Type) throws -> T {
        // `T` is `Self` (see the protocol); should it ever not be, the standard way.
        guard T.self == Self.self else { return try T(from: decoder) }
        // `T` is `Self` (just checked), so this cast changes only the static type (`as! T` would
        // ask the runtime to check what is already known, at every list).
        return unsafeBitCast(try decodeXMLItems(decoder), to: T.self)
    }

    /// The empty array as a `T`, for a missing key; `otherwise()` should `T` not be `Self`.
    static func emptyXMLArray<T>(as type: T.Type, otherwise: () throws -> T) rethrows -> T {
        guard T.self == Self.self else { return try otherwise() }
        // `T` is `Self` (just checked): the cast changes only the static type.
        return unsafeBitCast(emptyXMLItems(), to: T.self)
    }
}

extension Array: XMLDecodableArray where Element: Decodable {
    static func emptyXMLItems() -> [Element] { [] }

    static func decodeXMLItems(_ decoder: XMLDecoderImpl) throws -> [Element] {
        // Lent: the container lives only for this call, inside the decoder's descent.
        var container = try decoder.listContainer(lent: true)
        guard container.count != nil else {
            // One element that is the one item or holds the items: the first item decides.
            var array = [try container.decode(Element.self)]
            array.reserveCapacity(container.items.count)
            while !container.isAtEnd { array.append(try container.decode(Element.self)) }
            return array
        }
        let count = container.items.count
        // An empty list is the standard library's shared empty array: made with no capacity, the
        // initializer below would write its count into that shared storage, a (benign) race
        // ThreadSanitizer reports when two threads decode empty lists at once.
        guard count > 0 else { return [] }
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            while !container.isAtEnd, initialized < count {
                buffer.initializeElement(at: initialized, to: try container.decode(Element.self))
                initialized += 1
            }
        }
    }
}
