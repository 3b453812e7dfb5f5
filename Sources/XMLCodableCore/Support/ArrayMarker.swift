// Lets generic code ask "is this type an array?" without knowing its element type: an element
// named by a key may repeat (`<book/><book/>`), and a missing list decodes as an empty one, so
// the decoder must know when the type being decoded is a list.

internal protocol XMLArrayMarker {
    /// An empty value of the array type.
    static var emptyArray: Self { get }
}

extension Array: XMLArrayMarker {
    static var emptyArray: Array { [] }
}

extension ContiguousArray: XMLArrayMarker {
    static var emptyArray: ContiguousArray { [] }
}

/// Marks `Optional` so that generic code can tell an optional type and reach its wrapped type.
internal protocol XMLOptionalMarker {
    static var wrappedType: Any.Type { get }
}

extension Optional: XMLOptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
}
