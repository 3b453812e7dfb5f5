// Writing a document item by item to an asynchronous sink: a response body, a socket, a file
// written with `await`. The writer encodes each item as ``XMLEncoder/ElementWriter`` does (same
// bytes, same refusals) and awaits the sink with each block of about 64 KiB, so a slow consumer
// holds the producer back and memory holds one item and one block, never the document:
//
//     let writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node") { block in
//         try await body.write(block)                        // back-pressure: the writer waits here
//     }
//     for node in nodes { try await writer.write(node) }     // <osm><node …/><node …/>…
//     try await writer.finish()                              // </osm>, and the last block
//
// Design: it wraps an `ElementWriter` made without a sink, which leaves its output in its buffer;
// after each item the buffer is handed to the sink once it holds a block (``ElementWriter``'s
// `takeBlock(minimum:)` gives the array away, so nothing is copied). The methods take the caller's
// isolation (`#isolation`), so a loop on the main actor or in an actor encodes there and only the
// sink's own work happens elsewhere.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLEncoder {
    /// Starts writing a document whose root element holds a list of items, handing the output to
    /// an asynchronous `sink` a block at a time; see ``AsyncElementWriter``.
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
    ///   - sink: receives the output in blocks of about 64 KiB (the last one shorter), in order.
    ///     The writer awaits it before it encodes more, so its pace is the writer's.
    /// - Throws: `EncodingError.invalidValue` for a root or item name that is not an XML name, or
    ///   a header or doctype that cannot be written.
    public func asyncElementWriter(
        withRootKey rootKey: String, itemKey: String? = nil, rootAttributes: [String: String]? = nil,
        header: XMLHeader? = nil,
        doctype: XMLDocumentType? = nil, to sink: @escaping (consuming [UInt8]) async throws -> Void
    ) throws -> AsyncElementWriter {
        let writer = try ElementWriter(
            options: currentOptions, rootKey: rootKey, itemKey: itemKey,
            rootAttributes: Self.sortedByName(rootAttributes), header: header,
            doctype: doctype, sink: nil)
        return AsyncElementWriter(writer: writer, sink: sink)
    }

    /// Writes a document item by item to an asynchronous sink, in bounded memory: made by
    /// ``XMLEncoder/asyncElementWriter(withRootKey:itemKey:rootAttributes:header:doctype:to:)``.
    ///
    /// ```swift
    /// let writer = try XMLEncoder().asyncElementWriter(withRootKey: "osm", itemKey: "node") { block in
    ///     try await body.write(block)
    /// }
    /// for node in nodes { try await writer.write(node) }
    /// try await writer.finish()
    /// ```
    ///
    /// The bytes are those of ``ElementWriter`` with the same encoder and arguments, and so what
    /// `encode` writes for the whole list, with the exceptions ``ElementWriter`` lists. Each
    /// block of about 64 KiB is handed to the sink as soon as it is full, and the writer awaits
    /// the sink before it encodes the next item: a sink that waits for its consumer (an HTTP
    /// body writer does) paces the writer, so memory holds one item and one block.
    ///
    /// A writer is used by one task. Its methods run on the caller's actor (the main actor's
    /// included), so an item is encoded where the loop runs. Call ``finish(isolation:)`` to write the end
    /// tag and hand over the last block; an item that cannot be encoded or is refused throws and
    /// writes nothing, and a sink's error is thrown by the call that handed it the block.
    public final class AsyncElementWriter {
        private let writer: ElementWriter
        private let sink: (consuming [UInt8]) async throws -> Void

        init(writer: ElementWriter, sink: @escaping (consuming [UInt8]) async throws -> Void) {
            self.writer = writer
            self.sink = sink
        }

        /// The number of items written so far.
        public var count: Int { writer.count }

        /// Encodes an item and writes it after the ones before it, awaiting the sink when a block
        /// is full.
        ///
        /// - Parameters:
        ///   - item: the value to encode as the next item.
        ///   - isolation: the actor the item is encoded on: the caller's, by default.
        /// - Throws: `EncodingError` when the item cannot be encoded (nothing of it is written), or
        ///   the sink's error; `EncodingError.invalidValue` after ``finish(isolation:)``.
        public func write<T: Encodable>(_ item: T, isolation: isolated (any Actor)? = #isolation) async throws {
            try writer.write(item)
            if let block = writer.takeBlock(minimum: ElementWriter.blockSize) { try await sink(block) }
        }

        /// Writes the root's end tag (or the empty root, when there were no items) and hands the
        /// last bytes to the sink. Nothing can be written after it; a second call does nothing.
        ///
        /// In a cancelled task it throws `CancellationError` and writes nothing: a loop over an
        /// `AsyncStream` ends early when its task is cancelled, and the document it wrote must
        /// not end as if it were whole.
        ///
        /// - Parameter isolation: the actor it runs on: the caller's, by default.
        /// - Throws: `CancellationError` in a cancelled task; the sink's error.
        public func finish(isolation: isolated (any Actor)? = #isolation) async throws {
            try Task.checkCancellation()
            try writer.finish()
            if let block = writer.takeBlock(minimum: 1) { try await sink(block) }
        }
    }
}

@available(*, unavailable, message: "an AsyncElementWriter is used by one task at a time")
extension XMLEncoder.AsyncElementWriter: Sendable {}
