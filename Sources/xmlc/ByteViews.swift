// Reading bytes in xmlc: a reader's slices lent as `UncheckedBytes` views, and the two questions
// the streaming writers ask of them.
//
// Design: xmlc reads every byte it writes through the reader's `UncheckedBytes` (the `package`
// view the library reads documents through; its header says what it leaves unchecked), so no file
// here handles the standard library's raw buffers: a slice's decoded bytes are lent as a view by
// `withDecodedUncheckedBytes(of:_:)` (the reader's public `withDecodedBytes(of:_:)`, viewed), an
// array's by `withUncheckedBytes`, a string's by `withUncheckedUTF8`, a literal's by
// `UncheckedBytes(_:)`; views are stored by `UncheckedByteBuffer` (the one store through a
// pointer) or appended to arrays. For example, for `<a xml:space="preserve">`:
//
//     reader.withDecodedUncheckedBytes(of: attribute.name.qualified) { name in
//         name.equals("xml:space")               // true
//     }
//     UncheckedBytes(" \n\t").isXMLWhiteSpace    // true; "a " is not

import XMLCodableCore

extension XMLReader {
    /// Calls `body` with the decoded bytes of a slice (UTF-8), as `withDecodedBytes(of:_:)` does,
    /// viewed as `UncheckedBytes`. The view is valid only during the call.
    @inline(__always)
    func withDecodedUncheckedBytes<R>(of slice: XMLSlice, _ body: (UncheckedBytes) throws -> R) rethrows -> R {
        try withDecodedBytes(of: slice) { try body(UncheckedBytes($0)) }
    }
}

extension UncheckedBytes {
    /// Whether the bytes are those of `literal`.
    @inline(__always)
    func equals(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && hasPrefix(literal, at: 0, limit: count)
    }

    /// Whether every byte is XML white space (space, line feed, tab, carriage return); `true` for
    /// no bytes.
    var isXMLWhiteSpace: Bool {
        var index = 0
        while index < count {
            let byte = self[unchecked: index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return false }
            index &+= 1
        }
        return true
    }
}
