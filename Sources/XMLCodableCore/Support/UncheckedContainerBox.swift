// UncheckedContainerBox: the standard library's box around a keyed container, decoding or
// encoding, kept so that it can be given out again (Decoding/KeyedContainerState.swift,
// Encoding/KeyedEncodingContainerState.swift).
//
// Unchecked: `KeyedDecodingContainer<Key>` and `KeyedEncodingContainer<Key>` are structs whose one
// stored property is their box (a class instance), so a container and its box convert into each
// other by `unsafeBitCast` (whose size check traps if that ever changes). A box is converted back
// only to the container type it was made as: its keepers record the key type (the decoder's
// `UncheckedKeyedContainerBoxes` checks it; an encoder's `KeyNames` is one key type's). The box is
// held as a reference of a class of this file's own, never used as one: only retained, released
// and asked whether it is held uniquely, which reads the reference count every Swift object has.
// (Held as `AnyObject`, `isKnownUniquelyReferenced` is called unspecialized, on a retained copy,
// and never answers yes.)
//
//     let boxed = UncheckedContainerBox.container(KeyedEncodingContainer(c), as: Boxed.self)
//     var kept = UncheckedContainerBox(boxed)              // the encoder keeps it
//     ...                                                  // the value lets its container go
//     if let box = kept.uniqueBox() { return UncheckedContainerBox.container(box, as: Boxed.self) }

/// A keyed container's box, kept to be given out again.
internal struct UncheckedContainerBox {
    /// The type the box is held as (see the file's header).
    fileprivate final class Box: Sendable {}

    /// The box: the container's one stored property.
    private var box: Box

    /// Keeps `boxed`'s box (`boxed` is a `KeyedDecodingContainer<Key>` or a `KeyedEncodingContainer<Key>`).
    init<Boxed>(_ boxed: Boxed) {
        box = unsafeBitCast(boxed, to: Box.self)
    }

    private init(placeholder: Box) {
        box = placeholder
    }

    /// A placeholder for a slot that holds no box: it shares one object, so it is never uniquely held.
    static var placeholder: UncheckedContainerBox { UncheckedContainerBox(placeholder: sharedPlaceholder) }
    private static let sharedPlaceholder = Box()

    /// A kept box lent, not retained: valid for as long as its keeper holds it (see `uniqueBox()`).
    struct Lent {
        fileprivate let reference: Unmanaged<Box>
    }

    /// The box, lent, if nothing but this holds it (so that its container may be given out again);
    /// the caller makes the container (`container(_:as:)`) while this still holds the box.
    @inline(__always)
    mutating func uniqueBox() -> Lent? {
        isKnownUniquelyReferenced(&box) ? Lent(reference: Unmanaged.passUnretained(box)) : nil
    }

    /// The lent box as the container it was made as: `Boxed` is that container's type, passed in by
    /// a caller that has its metadata at hand. The container's reference is the one retain here
    /// (the box lent was not retained, so no release follows).
    @inline(__always)
    static func container<Boxed>(_ box: Lent, as type: Boxed.Type) -> Boxed {
        unsafeBitCast(box.reference, to: Boxed.self)
    }

    /// `container` as `Boxed`, which is its own type, `KeyedDecodingContainer<Key>`, for a caller
    /// that has `Boxed`'s metadata and not its own.
    @inline(__always)
    static func container<Key: CodingKey, Boxed>(_ container: KeyedDecodingContainer<Key>, as type: Boxed.Type)
        -> Boxed
    {
        unsafeBitCast(container, to: Boxed.self)
    }

    /// The same for `KeyedEncodingContainer<Key>`.
    @inline(__always)
    static func container<Key: CodingKey, Boxed>(_ container: KeyedEncodingContainer<Key>, as type: Boxed.Type)
        -> Boxed
    {
        unsafeBitCast(container, to: Boxed.self)
    }
}
