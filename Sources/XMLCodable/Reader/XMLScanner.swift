// STUB (being replaced): the scanner's interface.
@usableFromInline
internal struct ScanError: Error {
    @usableFromInline var reason: XMLParsingError.Reason
    @usableFromInline var offset: Int
}

@usableFromInline
internal struct XMLScanner {
    @usableFromInline var attributes: [XMLAttribute] = []
    @usableFromInline var depth: Int = 0
    @usableFromInline var isEmptyElementTag = false
    var declaration: XMLReader.Declaration?
    var doctype: XMLReader.Doctype?
    init(options: XMLReader.Options, documentSize: Int) {}
    @usableFromInline mutating func next(_ document: UnsafeRawBufferPointer) throws(ScanError) -> XMLEvent? { nil }
    func withDecodedBytes<R>(_ slice: XMLSlice, document: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: document[slice.start..<slice.end]))
    }
    func withRawBytes<R>(_ slice: XMLSlice, document: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: document[slice.start..<slice.end]))
    }
    func namespaceURI(id: Int32) -> String? { nil }
    func documentOffset(of slice: XMLSlice) -> Int { slice.start }
}
enum InputDecoding {
    static func prepare(_ bytes: [UInt8]) throws(XMLParsingError) -> [UInt8]? { nil }
    static func prepare(_ bytes: UnsafeRawBufferPointer) throws(XMLParsingError) -> [UInt8]? { nil }
}
