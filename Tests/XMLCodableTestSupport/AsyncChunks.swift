// Byte chunks as an asynchronous sequence, for the tests of reading and decoding a document that
// arrives in pieces (the reader's `init(_:options:chunkSize:)`, the decoder's `decodeElements`):
//
//     let pieces: [[UInt8]] = [Array("<a>he".utf8), Array("llo</a>".utf8)]
//     var reader = XMLReader(chunkStream(pieces))      // the events of "<a>hello</a>"

/// An `AsyncStream` of the given chunks, then the end.
public func chunkStream<Chunk: Sendable>(_ chunks: [Chunk]) -> AsyncStream<Chunk> {
    AsyncStream { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
    }
}
