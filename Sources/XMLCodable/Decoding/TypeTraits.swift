// What the decoder needs to know about a type, learnt once per type and cached: the dynamic
// casts behind these answers (`T.self is SomeProtocol.Type`) are runtime conformance lookups,
// too slow to repeat for every value of a large document.

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
    /// The type is an enum (so a keyed container on an element may be a choice).
    var isEnum: Bool
    /// The type is a dictionary (its list values are wrapped lists).
    var isDictionary: Bool
    /// A property wrapper the decoder fills itself.
    var wrapperType: (any XMLDecodableWrapper.Type)?
}

extension XMLDecoderImpl {
    /// The traits of a type, from the cache.
    @inline(__always)
    func traits(of type: Any.Type) -> TypeTraits {
        let id = ObjectIdentifier(type)
        if let last = lastTraits, last.type == id { return last.traits }
        let found: TypeTraits
        if let cached = traitsCache[id] {
            found = cached
        } else {
            found = computeTraits(type)
            traitsCache[id] = found
        }
        lastTraits = (id, found)
        return found
    }

    private func computeTraits(_ type: Any.Type) -> TypeTraits {
        TypeTraits(
            isList: type is any XMLArrayMarker.Type,
            placement: (type as? any XMLWrapperMarker.Type)?.placement ?? .elementOrAttribute,
            isSpecial: type == Date.self || type == Data.self || type == URL.self || type == Decimal.self || type is any XMLOptionalDecodable.Type
                || type is any XMLDecodableWrapper.Type,
            hasAbsentValue: type is any XMLDecodableSequence.Type || type is any XMLOptionalWrapper.Type,
            isStringLike: isStringLike(type),
            isScalar: isScalar(type),
            dynamicNodeDecoding: type as? any DynamicNodeDecoding.Type,
            listCoding: type as? any XMLListCoding.Type,
            isEnum: isEnumType(type),
            isDictionary: type is any XMLDictionaryMarker.Type,
            wrapperType: type as? any XMLDecodableWrapper.Type)
    }
}

/// Whether a type is an enum (not `Optional`), read from its metadata kind. The kind is the first
/// word of a type's metadata in Swift's stable ABI; 0x201 is an enum, 0x202 `Optional`.
internal func isEnumType(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return metadata.load(as: Int.self) == 0x201
}
