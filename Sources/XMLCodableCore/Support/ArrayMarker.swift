// Lets generic code ask "is this type an array?" without knowing its element type: an element
// named by a key may repeat (`<book/><book/>`), and a missing list decodes as an empty one, so
// the decoder must know when the type being decoded is a list (`TypeTraits`: `type is any
// XMLArrayMarker.Type`).

internal protocol XMLArrayMarker {}

extension Array: XMLArrayMarker {}

extension ContiguousArray: XMLArrayMarker {}
