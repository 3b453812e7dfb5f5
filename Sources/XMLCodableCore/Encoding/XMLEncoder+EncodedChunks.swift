// A document written from an asynchronous sequence of items, as an asynchronous sequence of byte
// chunks that its consumer pulls: a server iterates it and writes each chunk to the response, and
// nothing is encoded before the consumer asks for it (back-pressure without a callback):
//
//     let chunks = XMLEncoder().encodedChunks(of: nodes, withRootKey: "osm", itemKey: "node")
//     for try await chunk in chunks {                       // [UInt8], about 64 KiB each
//         try await response.write(chunk)                    // <osm><node …/>…</osm>
//     }
//
// Design: the iterator owns an `ElementWriter` made without a sink and the items' iterator. Each
// `next` pulls items and encodes them until the writer's buffer holds a block, then hands the
// buffer over (``ElementWriter``'s `takeBlock(minimum:)`); when the items end it finishes the
// document and hands over the rest. The bytes are the element writer's, so what `encode` writes
// for the whole list. The root key and options are checked when the first chunk is asked for.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// The document whose root element holds `items`, as chunks of bytes that are encoded when
    /// they are asked for; see ``EncodedChunks``.
    ///
    /// The encoder's settings are those at this call; changing them later does not change the
    /// chunks.
    ///
    /// - Parameters:
    ///   - items: the items, in order; an `AsyncStream`, a database cursor, another decoder's
    ///     ``XMLDecoder/Elements``.
    ///   - rootKey: the root element's name (Clark notation, `{uri}local`, as for `encode`).
    ///   - itemKey: the items' element name; `nil` to name them like the root, as the items of a
    ///     top-level array are.
    ///   - rootAttributes: attributes for the root element, written sorted by name.
    ///     Their namespace declarations are in force in the whole document, as for
    ///     ``XMLEncoder/encode(_:withRootKey:rootAttributes:header:doctype:)-(_,_,[String:String]?,_,_)``.
    ///   - header: the XML declaration, if any.
    ///   - doctype: the document type declaration, if any.
    public func encodedChunks<Items: AsyncSequence>(
        of items: Items, withRootKey rootKey: String, itemKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil, doctype: XMLDocumentType? = nil
    ) -> EncodedChunks<Items> where Items.Element: Encodable {
        EncodedChunks(
            items: items, options: currentOptions, rootKey: rootKey, itemKey: itemKey,
            rootAttributes: Self.sortedByName(rootAttributes),
            header: header, doctype: doctype)
    }

    /// A document encoded item by item as its consumer asks for it: made by
    /// ``XMLEncoder/encodedChunks(of:withRootKey:itemKey:rootAttributes:header:doctype:)``.
    ///
    /// ```swift
    /// let chunks = XMLEncoder().encodedChunks(of: nodes, withRootKey: "osm", itemKey: "node")
    /// for try await chunk in chunks {
    ///     try await response.write(chunk)
    /// }
    /// ```
    ///
    /// Each chunk is about 64 KiB (the last one shorter, and at least one chunk even for no
    /// items: `<osm />`); joined, they are the bytes ``ElementWriter`` writes with the same
    /// encoder and arguments, and so what `encode` writes for the whole list, with the
    /// exceptions ``ElementWriter`` lists. Items are pulled from `items` only when the next chunk
    /// is asked for, so memory holds one item and one chunk, and a consumer that waits (for a
    /// socket, say) holds back both the encoding and the items' producer.
    ///
    /// The iterator throws the items' errors, and `EncodingError` for an item that cannot be
    /// encoded or is refused, or for a root or item name that is not an XML name (on the first
    /// call), and `CancellationError` when the task is cancelled before the end tag is written
    /// (an `AsyncStream` of items ends when its task is cancelled, which must not give a shorter
    /// document that looks whole). After an error it returns `nil`. An iteration runs on the loop's actor (see
    /// ``Iterator/next(isolation:)``).
    public struct EncodedChunks<Items: AsyncSequence>: AsyncSequence where Items.Element: Encodable {
        /// A chunk of the document's bytes.
        public typealias Element = [UInt8]
        /// The error the iterator throws.
        public typealias Failure = any Error

        let items: Items
        let options: XMLEncoder.Options
        let rootKey: String
        let itemKey: String?
        let rootAttributes: [(String, String)]
        let header: XMLHeader?
        let doctype: XMLDocumentType?

        /// An iterator that encodes the items as the chunks are asked for.
        public func makeAsyncIterator() -> Iterator {
            Iterator(chunks: self)
        }

        /// Pulls and encodes items until a chunk is full.
        public struct Iterator: AsyncIteratorProtocol {
            /// The error the iterator throws.
            public typealias Failure = any Error

            private let chunks: EncodedChunks
            private var items: Items.AsyncIterator
            private var writer: ElementWriter?
            private var done = false

            init(chunks: EncodedChunks) {
                self.chunks = chunks
                items = chunks.items.makeAsyncIterator()
            }

            /// The next chunk, or `nil` after the last; off any actor.
            ///
            /// A `for try await` loop calls ``next(isolation:)`` instead, which encodes on the
            /// loop's actor.
            public mutating func next() async throws -> [UInt8]? {
                try await advance(isolation: nil)
            }

            /// The next chunk, or `nil` after the last, encoded on `actor` (the caller's).
            ///
            /// - Throws: the items' errors; `EncodingError` for an item that cannot be encoded or
            ///   is refused, or for a root or item name that is not an XML name;
            ///   `CancellationError` when the task is cancelled before the end tag is written.
            ///   After an error, the iterator returns `nil`.
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> [UInt8]? {
                try await advance(isolation: actor)
            }

            private mutating func advance(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? {
                guard !done else { return nil }
                do {
                    let writer =
                        try self.writer
                        ?? ElementWriter(
                            options: chunks.options, rootKey: chunks.rootKey, itemKey: chunks.itemKey,
                            rootAttributes: chunks.rootAttributes,
                            header: chunks.header, doctype: chunks.doctype, sink: nil)
                    self.writer = writer
                    while let item = try await nextItem(isolation: actor) {
                        try writer.write(item)
                        if let block = writer.takeBlock(minimum: ElementWriter.blockSize) { return block }
                    }
                    // An `AsyncStream` ends when its task is cancelled: a cancelled document is
                    // an error, not a shorter one that looks whole.
                    try Task.checkCancellation()
                    done = true
                    try writer.finish()
                    self.writer = nil
                    return writer.takeBlock(minimum: 1)
                } catch {
                    done = true
                    writer = nil
                    throw error
                }
            }

            private mutating func nextItem(isolation actor: isolated (any Actor)?) async throws -> Items.Element? {
                if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                    return try await items.next(isolation: actor)
                } else {
                    // Before Swift 6's `next(isolation:)` (older Apple systems): the items'
                    // `next()` runs off the actor while this call waits for it.
                    nonisolated(unsafe) var local = items
                    defer { items = local }
                    return try await local.next()
                }
            }
        }
    }
}
