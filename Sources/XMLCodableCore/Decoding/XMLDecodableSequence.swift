// XMLDecodableSequence: a sequence type that decodes as empty when its key is missing (XMLCoder
// 0.18.2's protocol): a list written as repeated elements has no element at all when it is empty.
//
// For example, `struct Shelf: Decodable { var book: [String] }` reads `<shelf/>` as `Shelf(book: [])`,
// since `Array` conforms; a collection of one's own conforms by providing `init()`.

/// A sequence type that decodes as empty when its key is missing.
public protocol XMLDecodableSequence {
    /// An empty sequence.
    init()
}

extension Array: XMLDecodableSequence {}
extension Dictionary: XMLDecodableSequence {}
extension Set: XMLDecodableSequence {}
extension ContiguousArray: XMLDecodableSequence {}
