// Decoding the elements at a path one at a time, as the document is read: for documents larger
// than memory, pipes and network streams (see ElementStreamDecoder for how).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLDecoder {
    /// Decodes each element at `path` in a file, one at a time, as the file is read.
    ///
    /// The file is read in chunks; each element at the path is decoded as soon as its end tag has
    /// been read, and handed to `body` before the next one is read. Memory holds one element
    /// (and a chunk of the file), never the whole document:
    ///
    /// ```swift
    /// struct Node: Decodable { @Attribute var id: Int; @Attribute var lat: Double; @Attribute var lon: Double }
    ///
    /// var count = 0
    /// try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: URL(filePath: "planet.osm")) { node in
    ///     count += 1
    /// }
    /// ```
    ///
    /// The path names elements from the root, separated by `/`: each step matches an element's
    /// name as keys do (the name as written, or its local name with ``shouldProcessNamespaces``),
    /// a namespace URI and local name in Clark notation (`{http://www.w3.org/2005/Atom}entry`),
    /// or any element (`*`). Each element is decoded with this decoder's settings, sees the
    /// namespace declarations in scope and the entities of the document's internal subset, and is
    /// a separate decoding: its errors have a coding path starting at its position (`[3]`) and
    /// give the line and column in the whole document.
    ///
    /// - Parameters:
    ///   - type: the type of each element.
    ///   - path: where the elements are, such as `"osm/node"`.
    ///   - url: a file URL.
    ///   - body: called with each element, in document order; throw from it to stop early.
    /// - Throws: the error opening the file; `DecodingError.dataCorrupted` when the document is
    ///   not well-formed (with the ``XMLParsingError`` as `underlyingError`; the elements before
    ///   the error have been handed to `body`); a `DecodingError` from an element; or what `body` throws.
    public func decodeElements<T: Decodable>(_ type: T.Type, at path: String, from url: URL, _ body: (T) throws -> Void)
        throws
    {
        let options = currentOptions
        let reader = try XMLReader(contentsOf: url, options: options.readerOptions)
        try decodeElements(type, at: path, reader: reader, options: options, body)
    }

    /// Decodes each element at `path` read from an open file descriptor, one at a time, from its
    /// current position to its end, without closing it; `owner` (the `FileHandle` whose
    /// descriptor it is) is kept alive meanwhile. The XMLCodable module's `FileHandle` overload.
    package func decodeElements<T: Decodable>(
        _ type: T.Type, at path: String, fileDescriptor: Int32, keepingAlive owner: AnyObject?,
        _ body: (T) throws -> Void
    ) throws {
        let options = currentOptions
        let reader = XMLReader(
            fileDescriptor: fileDescriptor, keepingAlive: owner, options: options.readerOptions,
            chunkSize: XMLReader.defaultChunkSize)
        try decodeElements(type, at: path, reader: reader, options: options, body)
    }

    /// Decodes each element at `path` in a document in memory, one at a time; see
    /// ``decodeElements(_:at:from:_:)-(_,_,URL,_)``.
    public func decodeElements<T: Decodable>(
        _ type: T.Type, at path: String, from data: Data, _ body: (T) throws -> Void
    ) throws {
        let options = currentOptions
        let reader: XMLReader
        do {
            reader = try XMLReader(data, options: options.readerOptions)
        } catch {
            throw XMLDecoder.notWellFormed(error)
        }
        try decodeElements(type, at: path, reader: reader, options: options, body)
    }

    private func decodeElements<T: Decodable>(
        _ type: T.Type, at path: String, reader: XMLReader, options: Options, _ body: (T) throws -> Void
    ) throws {
        let elements = ElementStreamDecoder(reader: reader, path: try ElementPath(path), options: options)
        while let element = try elements.next(type) { try body(element) }
    }

    /// The elements at `path` in an asynchronous sequence of byte chunks — `[UInt8]`, `Data`,
    /// `ArraySlice<UInt8>`, NIO's `ByteBufferView` (an HTTP body's buffers)… — decoded one at a
    /// time as the chunks arrive.
    ///
    /// ```swift
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("<rss><channel><item><title>A</title></it".utf8))
    ///     continuation.yield(Array("em><item><title>B</title></item></channel></rss>".utf8))
    ///     continuation.finish()
    /// }
    /// for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: chunks) {
    ///     print(item.title)
    /// }
    /// ```
    ///
    /// Each chunk is read whole, with one `await` per chunk: decoding runs at the speed of
    /// ``decodeElements(_:at:from:)-(_,_,URL)``. Chunks may be cut anywhere; one larger than
    /// 64 KiB is read 64 KiB at a time, so that memory holds one element and 64 KiB of the
    /// document, as from a file. The loop runs on the caller's actor (the iterator's
    /// ``Elements/Iterator/next(isolation:)``), the main actor's included, without hopping to
    /// another executor for each element or chunk. See
    /// ``decodeElements(_:at:from:_:)-(_,_,URL,_)`` for the path, the settings and the errors,
    /// which the sequence's iterator throws; an error of the chunks' sequence comes as a
    /// `DecodingError.dataCorrupted` whose underlying ``XMLParsingError`` has the reason
    /// ``XMLParsingError/Reason/inputFailed(_:)``, and the task's cancellation while a chunk is
    /// awaited as `CancellationError`.
    public func decodeElements<T: Decodable, Chunks: AsyncSequence>(
        _ type: T.Type, at path: String, from chunks: Chunks
    ) -> Elements<T>
    where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        elements(at: path) { options in XMLReader(chunks, options: options) }
    }

    /// The elements at `path` in an asynchronous sequence of single bytes, decoded one at a time
    /// as the bytes arrive.
    ///
    /// ```swift
    /// let bytes = AsyncStream<UInt8> { continuation in
    ///     for byte in "<rss><channel><item><title>A</title></item></channel></rss>".utf8 { continuation.yield(byte) }
    ///     continuation.finish()
    /// }
    /// for try await item in XMLDecoder().decodeElements(Item.self, at: "rss/channel/item", from: bytes) {
    ///     print(item.title)
    /// }
    /// ```
    ///
    /// The bytes are collected 64 KiB at a time, in a loop specialized for the sequence's type,
    /// and each block is read whole; but every byte still costs the sequence's `next()`. A
    /// sequence of chunks (``decodeElements(_:at:from:)-(_,_,Chunks)``) is faster. Memory holds
    /// one element and 64 KiB of the bytes. See ``decodeElements(_:at:from:)-(_,_,Chunks)`` for the
    /// actor the loop runs on and the errors.
    @inlinable
    public func decodeElements<T: Decodable, Bytes: AsyncSequence>(_ type: T.Type, at path: String, from bytes: Bytes)
        -> Elements<T>
    where Bytes.Element == UInt8 {
        // The reader is made here, where the sequence's type is known, so that the loop that
        // drains it is specialized for it (see AsyncSequenceByteSource).
        elements(at: path) { options in XMLReader(bytes, options: options) }
    }

    /// The elements at `path` of the document `makeReader` reads (given the reader's options),
    /// made when the iteration starts.
    @usableFromInline
    internal func elements<T: Decodable>(
        at path: String, _ makeReader: @escaping (XMLReader.Options) throws -> XMLReader
    ) -> Elements<T> {
        let options = currentOptions
        return Elements(path: path, options: options) { try makeReader(options.readerOptions) }
    }

    /// The elements at `path` in a file, decoded one at a time as an asynchronous sequence; see
    /// ``decodeElements(_:at:from:)-(_,_,Chunks)``. Opening the file fails when the iteration
    /// starts. The file is read with the system's `read`, 64 KiB at a time, on the loop's actor
    /// (there is no `await` between chunks of a file): this is the way to read a file
    /// asynchronously on Linux, where Foundation has no `FileHandle.bytes` or `URL.resourceBytes`.
    public func decodeElements<T: Decodable>(_ type: T.Type, at path: String, from url: URL) -> Elements<T> {
        let options = currentOptions
        return Elements(path: path, options: options) { try XMLReader(contentsOf: url, options: options.readerOptions) }
    }

    /// The elements at a path in a document, decoded one at a time as it is read: what
    /// ``XMLDecoder/decodeElements(_:at:from:)-(_,_,Chunks)`` returns.
    public struct Elements<Element: Decodable>: AsyncSequence {
        /// The error the iterator throws.
        public typealias Failure = any Error

        let path: String
        let options: XMLDecoder.Options
        let makeReader: () throws -> XMLReader

        init(path: String, options: XMLDecoder.Options, makeReader: @escaping () throws -> XMLReader) {
            self.path = path
            self.options = options
            self.makeReader = makeReader
        }

        /// An iterator that reads the document as it goes.
        public func makeAsyncIterator() -> Iterator {
            Iterator(elements: self)
        }

        /// Reads the document as far as the next element, and decodes it.
        public struct Iterator: AsyncIteratorProtocol {
            /// The error the iterator throws.
            public typealias Failure = any Error

            let elements: Elements
            var decoder: ElementStreamDecoder?
            var done = false

            init(elements: Elements) {
                self.elements = elements
            }

            /// The next element, or `nil` after the last; off any actor.
            ///
            /// A `for try await` loop calls ``next(isolation:)`` instead, which reads on the
            /// loop's actor.
            ///
            /// - Throws: what ``XMLDecoder/decodeElements(_:at:from:_:)-(_,_,URL,_)`` throws.
            public mutating func next() async throws -> Element? {
                try await advance(isolation: nil)
            }

            /// The next element, or `nil` after the last, read and decoded on `actor` (the
            /// caller's): a `for try await` loop on the main actor, or in any actor, does not hop
            /// to another executor and back for each element.
            ///
            /// - Throws: what ``XMLDecoder/decodeElements(_:at:from:_:)-(_,_,URL,_)`` throws;
            ///   `CancellationError` when the task is cancelled while the next bytes of an
            ///   asynchronous sequence are awaited. After an error, the iterator returns `nil`.
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
                try await advance(isolation: actor)
            }

            private mutating func advance(isolation actor: isolated (any Actor)?) async throws -> Element? {
                guard !done else { return nil }
                do {
                    let decoder =
                        try self.decoder
                        ?? ElementStreamDecoder(
                            reader: try elements.makeReader(), path: try ElementPath(elements.path),
                            options: elements.options)
                    self.decoder = decoder
                    guard let element = try await decoder.next(Element.self, isolation: actor) else {
                        done = true
                        return nil
                    }
                    return element
                } catch {
                    done = true
                    // The reader and its source (the sequence's iterator) are released now.
                    decoder = nil
                    throw error
                }
            }
        }
    }
}
