// What the encoder needs to know about a type, learnt once per type and cached (each answer is a
// runtime conformance lookup, too slow to repeat for every value of a large model).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal struct EncoderTypeTraits {
    /// Written as repeated elements (an array, a set).
    var isList: Bool
    /// A property wrapper whose value the encoder writes itself.
    var isWrapper: Bool
    /// `Optional`, which may be `nil`.
    var isOptional: Bool
    /// A dictionary (its array values are wrapped lists).
    var isDictionary: Bool
    /// Date, Data, URL or Decimal (written by strategy), or a subtree (`XMLTree.Element`, `[XMLTree.Node]`).
    var isSpecial: Bool
    /// The type's own choice of attributes or elements.
    var dynamicNodeEncoding: (any DynamicNodeEncoding.Type)?
    /// A coding-key type conforming to `XMLChoiceCodingKey`.
    var isChoiceKey: Bool
    /// The type declares namespace prefixes on its element (`XMLNamespaceDeclaring`).
    var declaresNamespaces: Bool
    /// The decoder reads the type from text (a number, a string, a date…), so it is never a
    /// wrapped list (`XMLListCoding`).
    var readsAsText: Bool
    /// The type's wrapped-list properties.
    /// The type itself when it has wrapped-list or map properties (`XMLListCoding`,
    /// `XMLMapCoding`), else `nil`. One plain metatype rather than the two existential ones: the
    /// keyed container copies it for every value, and most types have neither.
    var keyShapes: Any.Type?
    /// Where a property wrapper puts its value (`nil` for types that are not wrappers).
    var wrapperPlacement: XMLEncoder.NodeEncoding?
    /// For a `CodingKey` type, the maker of its keyed containers (see
    /// KeyedEncodingContainerMaker.swift), unretained: the process keeps every maker.
    var keyedContainerMaker: Unmanaged<KeyedEncodingContainerMaker>? = nil
}

/// Arrays, whose element type the encoder asks about.
internal protocol XMLEncodableArray {
    static var xmlElementType: Any.Type { get }
}

extension Array: XMLEncodableArray {
    static var xmlElementType: Any.Type { Element.self }
}

extension XMLEncoderImpl {
    /// The type's `DynamicNodeEncoding`: its own, or, for an array, its elements' (as XMLCoder's
    /// `Array: DynamicNodeEncoding where Element: DynamicNodeEncoding`), so that the node encoding
    /// in force for the items of `[Book]` is `Book`'s.
    static func dynamicNodeEncoding(of type: Any.Type) -> (any DynamicNodeEncoding.Type)? {
        if let dynamic = type as? any DynamicNodeEncoding.Type { return dynamic }
        if let array = type as? any XMLEncodableArray.Type { return dynamicNodeEncoding(of: array.xmlElementType) }
        return nil
    }

    /// Whether a coding-key type is a choice's (a conformance lookup, once per type).
    func isChoiceKey(_ type: any CodingKey.Type) -> Bool {
        traits(of: type).isChoiceKey
    }

    /// The traits of a type: from a small set-associative table first (a pointer compare: see
    /// `TraitSlot`, the decoder's), then the list of the first types met, then a dictionary.
    @inline(__always)
    func traits(of type: Any.Type) -> EncoderTypeTraits {
        let key = ObjectIdentifier(type)
        let set = EncoderTraitSlot.set(for: key)
        if let slot = EncoderTraitSlot.find(key, in: traitSlots, set: set) { return traitSlots[slot].traits }
        return traitsMissingFromSlots(type, set: set)
    }

    @inline(never)
    private func traitsMissingFromSlots(_ type: Any.Type, set: Int) -> EncoderTypeTraits {
        let id = ObjectIdentifier(type)
        let key = id
        let found: EncoderTypeTraits
        if let cached = traitsList.first(where: { $0.type == id }) {
            found = cached.traits
        } else if let cached = traitsCache[id] {
            found = cached
        } else {
            // A subtree (`XMLTree.Element`, or an element's content `[XMLTree.Node]`) is written
            // by the encoder itself (XMLEncoderImpl+Subtrees.swift): never a list of its own.
            let isSubtree = type == XMLTree.Element.self || type == [XMLTree.Node].self
            found = EncoderTypeTraits(
                isList: !isSubtree && type is any XMLEncodableList.Type,
                isWrapper: type is any XMLEncodableWrapper.Type,
                isOptional: type is any XMLOptionalEncodable.Type,
                isDictionary: type is any XMLDictionaryMarker.Type,
                isSpecial: type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
                    || isSubtree,
                dynamicNodeEncoding: Self.dynamicNodeEncoding(of: type),
                isChoiceKey: type is any XMLChoiceCodingKey.Type,
                declaresNamespaces: type is any XMLNamespaceDeclaring.Type,
                readsAsText: XMLDecoderImpl.isScalarType(type) || XMLDecoderImpl.isStringLikeType(type),
                keyShapes: type is any XMLListCoding.Type || type is any XMLMapCoding.Type ? type : nil,
                wrapperPlacement: (type as? any XMLWrapperMarker.Type).map { marker in
                    switch marker.placement {
                    case .attribute: .attribute
                    case .elementOrAttribute: .both
                    default: .element
                    }
                },
                keyedContainerMaker: KeyedEncodingContainerMaker.forKeyType(type))
            if traitsList.count < 16 { traitsList.append((id, found)) } else { traitsCache[id] = found }
        }
        EncoderTraitSlot.insert(EncoderTraitSlot(type: key, traits: found), in: &traitSlots, set: set)
        return found
    }
}

/// One entry of the encoder's two-way traits table (see `XMLEncoderImpl.traits(of:)`).
internal struct EncoderTraitSlot: TypeTableSlot {
    var type: ObjectIdentifier?
    var traits: EncoderTypeTraits

    static var empty: EncoderTraitSlot {
        EncoderTraitSlot(
            type: nil,
            traits: EncoderTypeTraits(
                isList: false, isWrapper: false, isOptional: false, isDictionary: false, isSpecial: false,
                dynamicNodeEncoding: nil, isChoiceKey: false,
                declaresNamespaces: false, readsAsText: false, keyShapes: nil, wrapperPlacement: nil))
    }
}
