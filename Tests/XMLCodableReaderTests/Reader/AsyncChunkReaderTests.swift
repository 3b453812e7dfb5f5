// Reading an asynchronous sequence of byte chunks (`XMLReader.init(_:options:chunkSize:)` with
// chunks): the events and errors the in-memory reader gives for the same bytes, wherever the
// chunks are cut, whatever their sizes and types.

import Foundation
import Testing
@testable import XMLCodableReader
import XMLCodableTestSupport

/// The trace of `bytes` read from an asynchronous sequence of the given pieces.
func asyncChunkTrace(_ pieces: [[UInt8]], chunkSize: Int = XMLReader.defaultChunkSize) async -> [String] {
    var reader = XMLReader(chunkStream(pieces), chunkSize: chunkSize)
    return await ReaderTrace.asyncTrace(&reader)
}

@Suite struct AsyncChunkReaderTests {
    @Test func everySplitPointGivesTheSameTraceAsTheWholeDocument() async {
        // Cuts inside names, references, multi-byte characters, `]]>`, the declaration, a
        // UTF-16 byte order mark; errors located in the whole document.
        for bytes in ChunkBoundaryDocuments.encoded {
            let expected = ReaderTrace.inMemory(bytes)
            for split in 0...bytes.count {
                let got = await asyncChunkTrace([Array(bytes[..<split]), Array(bytes[split...])])
                #expect(
                    got == expected,
                    "split at \(split) of \(bytes.count) bytes: \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)"
                )
                if got != expected { break }
            }
        }
    }

    @Test func threePiecesWithEmptyChunksBetween() async {
        let bytes = Array(ChunkBoundaryDocuments.utf8[0].utf8)
        let expected = ReaderTrace.inMemory(bytes)
        for first in stride(from: 0, through: bytes.count, by: 23) {
            for second in stride(from: first, through: bytes.count, by: 29) {
                let pieces = [
                    [], Array(bytes[..<first]), [], Array(bytes[first..<second]), [], [], Array(bytes[second...]), [],
                ]
                let got = await asyncChunkTrace(pieces)
                #expect(got == expected, "cuts at \(first) and \(second)")
                if got != expected { return }
            }
        }
    }

    @Test(arguments: [1, 7, 64, 1000])
    func chunksLargerThanTheReadersBuffer(_ chunkSize: Int) async {
        // One chunk of the whole document, read `chunkSize` bytes at a time.
        for bytes in ChunkBoundaryDocuments.encoded {
            let expected = ReaderTrace.inMemory(bytes)
            #expect(await asyncChunkTrace([bytes], chunkSize: chunkSize) == expected, "chunk size \(chunkSize)")
        }
    }

    @Test func onlyEmptyChunksIsAnEmptyDocument() async {
        #expect(await asyncChunkTrace([[], [], []]) == ReaderTrace.inMemory([]))
        #expect(await asyncChunkTrace([]) == ReaderTrace.inMemory([]))
    }

    @Test func dataSlicesAndCollectionsWithoutContiguousStorage() async {
        let bytes = Array(ChunkBoundaryDocuments.utf8[0].utf8)
        let expected = ReaderTrace.inMemory(bytes)
        let cuts = [0, 5, 77, 78, 300, bytes.count]
        let pieces = zip(cuts, cuts.dropFirst()).map { Array(bytes[$0..<$1]) }

        var fromData = XMLReader(chunkStream(pieces.map { Data($0) }), chunkSize: 50)
        #expect(await ReaderTrace.asyncTrace(&fromData) == expected)

        // Slices of one array, whose indices do not start at 0.
        var fromSlices = XMLReader(chunkStream(zip(cuts, cuts.dropFirst()).map { bytes[$0..<$1] }), chunkSize: 50)
        #expect(await ReaderTrace.asyncTrace(&fromSlices) == expected)

        // A collection without contiguous storage is copied once.
        let lazy = AsyncStream<LazyMapCollection<[UInt8], UInt8>> { continuation in
            for piece in pieces { continuation.yield(piece.lazy.map { $0 }) }
            continuation.finish()
        }
        var fromLazy = XMLReader(lazy, chunkSize: 50)
        #expect(await ReaderTrace.asyncTrace(&fromLazy) == expected)
    }

    @Test func anErrorOfTheSequenceIsTheReadersWithItsPlace() async {
        struct Broken: Error, CustomStringConvertible {
            var description: String { "the connection was reset" }
        }
        let chunks = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array("<feed>\n  <item>one</item>\n  <it".utf8))
            continuation.finish(throwing: Broken())
        }
        var reader = XMLReader(chunks)
        var starts = 0
        do {
            while let event = try await reader.next() {
                if case .startElement = event { starts += 1 }
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .inputFailed("the connection was reset"))
            #expect(error.line == 3)
            #expect(error.column == 6)
            #expect(error.offset == 31)
            // Every later read throws it again.
            #expect(throws: XMLParsingError.self) { _ = try reader.next() }
        }
        #expect(starts == 2)
    }

    @Test func singleBytesGiveTheSameTrace() async {
        for bytes in ChunkBoundaryDocuments.encoded {
            let stream = AsyncStream<UInt8> { continuation in
                for byte in bytes { continuation.yield(byte) }
                continuation.finish()
            }
            var reader = XMLReader(stream, chunkSize: 10)
            #expect(await ReaderTrace.asyncTrace(&reader) == ReaderTrace.inMemory(bytes))
        }
    }
}
