// UncheckedEncodingContainerBox: the standard library's box around a keyed encoding container,
// kept by the key type's `KeyNames` so that it can be given out again
// (KeyedEncodingContainerState.swift).
//
// Unchecked, as the decoder's boxes are (Decoding/UncheckedKeyedContainerBoxes.swift):
// `KeyedEncodingContainer<Key>` is a struct whose one stored property is its box, so a container
// and its box convert into each other by `unsafeBitCast` (whose size check traps if that ever
// changes); the box is converted back only to the container type it was made as, since a
// `KeyNames` is made for one key type; and it is held as a reference of a class of this file's own,
// only retained, released and asked whether it is held uniquely (held as `AnyObject`,
// `isKnownUniquelyReferenced` is called unspecialized, on a retained copy, and never answers yes).
//
//     let boxed = UncheckedEncodingContainerBox.container(KeyedEncodingContainer(c), as: Boxed.self)
//     var kept = UncheckedEncodingContainerBox(boxed)       // KeyNames keeps it
//     ...                                                   // the value lets its container go
//     if let box = kept.uniqueBox() { return Self.container(box, as: Boxed.self) }   // given again

/// A keyed encoding container's box, kept to be given out again.
internal struct UncheckedEncodingContainerBox {
    /// The type the box is held as (see the file's header).
    private final class Box {}

    /// The box: `KeyedEncodingContainer`'s one stored property.
    private var box: Box

    /// Keeps `boxed`'s box (`boxed` is a `KeyedEncodingContainer<Key>`).
    init<Boxed>(_ boxed: Boxed) {
        box = unsafeBitCast(boxed, to: Box.self)
    }

    /// The box, if nothing but this holds it (so that its container may be given out again).
    @inline(__always)
    mutating func uniqueBox() -> AnyObject? {
        isKnownUniquelyReferenced(&box) ? unsafeBitCast(box, to: AnyObject.self) : nil
    }

    /// `box` as the container it was made as: `Boxed` is `KeyedEncodingContainer<Key>` for the key
    /// type it was made for, passed in by a caller that has its metadata at hand.
    @inline(__always)
    static func container<Boxed>(_ box: AnyObject, as type: Boxed.Type) -> Boxed {
        unsafeBitCast(box, to: Boxed.self)
    }

    /// `container` as `Boxed`, which is its own type, `KeyedEncodingContainer<Key>`.
    @inline(__always)
    static func container<Key: CodingKey, Boxed>(_ container: KeyedEncodingContainer<Key>, as type: Boxed.Type)
        -> Boxed
    {
        unsafeBitCast(container, to: Boxed.self)
    }
}
