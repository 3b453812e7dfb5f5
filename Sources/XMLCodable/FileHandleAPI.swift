// The API that takes a `FileHandle`, which lives in Foundation proper: reading a document from a
// handle (a file, a pipe, standard input) in chunks, decoding the elements at a path from one, and
// writing a document item by item to one. Each reads the handle's file descriptor, or writes
// through the handle, by way of what XMLCodableCore offers without Foundation (a file descriptor,
// a sink of `Data`).
//
//     let handle = FileHandle.standardInput
//     try XMLDecoder().decodeElements(Item.self, at: "feed/item", from: handle) { item in … }

import Foundation
import XMLCodableCore

extension XMLReader {
    /// Creates a reader that reads from a file handle (a file, a pipe, standard input) in chunks,
    /// from its current position to its end.
    ///
    /// The handle is not closed by the reader. See ``init(contentsOf:options:chunkSize:)`` for
    /// what is held in memory.
    public init(fileHandle: FileHandle, options: Options = Options(), chunkSize: Int = XMLReader.defaultChunkSize) {
        self.init(
            fileDescriptor: fileHandle.fileDescriptor, keepingAlive: fileHandle, options: options, chunkSize: chunkSize)
    }
}

extension XMLDecoder {
    /// Decodes each element at `path` read from a file handle (a file, a pipe, standard input),
    /// one at a time; see ``decodeElements(_:at:from:_:)-(_,_,URL,_)``. The handle is read from
    /// its current position to its end, and not closed.
    public func decodeElements<T: Decodable>(
        _ type: T.Type, at path: String, from fileHandle: FileHandle, _ body: (T) throws -> Void
    ) throws {
        try decodeElements(type, at: path, fileDescriptor: fileHandle.fileDescriptor, keepingAlive: fileHandle, body)
    }
}

extension XMLEncoder {
    /// Starts writing a document whose root element holds a list of items, written one at a time
    /// to a file handle as they are encoded; see ``ElementWriter``.
    ///
    /// - Parameters:
    ///   - rootKey: the root element's name (Clark notation, `{uri}local`, as for `encode`).
    ///   - itemKey: the items' element name; `nil` to name them like the root, as the items of a
    ///     top-level array are.
    ///   - rootAttributes: attributes for the root element, written sorted by name.
    ///     Their namespace declarations are in force in the whole document, as for
    ///     ``XMLEncoder/encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``.
    ///   - header: the XML declaration, if any.
    ///   - doctype: the document type declaration, if any.
    ///   - fileHandle: where the output goes. It is not closed.
    /// - Throws: `EncodingError.invalidValue` for a root or item name that is not an XML name, or
    ///   a header or doctype that cannot be written.
    public func elementWriter(
        withRootKey rootKey: String, itemKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil,
        doctype: XMLDocumentType? = nil, to fileHandle: FileHandle
    ) throws -> ElementWriter {
        try elementWriter(
            withRootKey: rootKey, itemKey: itemKey, rootAttributes: rootAttributes, header: header, doctype: doctype
        ) { data in
            try fileHandle.write(contentsOf: data)
        }
    }
}
