// The bytes of `from-json`'s JSON text, read a chunk at a time from a file or standard input.
//
// Design: `JSONEventReader` pulls chunks from here as it needs them (64 KiB at a time by default),
// so nothing here grows with the input. What a diagnostic needs afterwards is kept: a file's
// source line is read back from the file near the error (`SourceLine.excerpt(for:inFile:)`); for
// standard input, which cannot be read twice, the last two chunks read are kept, and the line is
// cut from them when the error lies there (as `StandardInputFeed` does for XML). For example, with
// a chunk size of 4, reading `{"a": 1}` from standard input gives `{"a"`, `: 1}` and then the end;
// an error at byte 6 is then shown with its line, taken from those two chunks.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XMLCodableCore

/// A JSON text read in chunks, with what is needed to show the source line of an error.
final class JSONInput {
    /// The bytes read at a time by default.
    static let defaultChunkSize = 1 << 16

    /// Where the text comes from.
    let source: InputSource
    /// The bytes read at a time.
    let chunkSize: Int
    private let descriptor: Int32
    /// Standard input's chunk before the last one, and the last one (empty for a file).
    private var older: [UInt8] = []
    private var newer: [UInt8] = []
    /// The bytes read so far.
    private(set) var total = 0
    /// Whether the end of the input was reached.
    private(set) var ended = false

    /// Opens an input.
    ///
    /// - Throws: ``ReadError`` when the file does not exist, is a directory or cannot be opened.
    init(_ source: InputSource, chunkSize: Int = JSONInput.defaultChunkSize) throws(ReadError) {
        self.source = source
        self.chunkSize = max(1, chunkSize)
        switch source {
        case .standardInput:
            descriptor = 0
        case .file(let path):
            try InputSource.checkReadable(path)
            do {
                descriptor = try SystemIO.openForReading(path)
            } catch {
                throw ReadError(message: "cannot read '\(path)': \(error)")
            }
        }
    }

    deinit {
        if case .file = source { _ = close(descriptor) }
    }

    /// Appends the next chunk (at most `chunkSize` bytes) to `buffer`; returns how many bytes were
    /// appended, 0 at the end of the input.
    ///
    /// - Throws: ``ReadError`` with the system's reason when reading fails.
    func read(appendingTo buffer: inout [UInt8]) throws(ReadError) -> Int {
        guard !ended else { return 0 }
        let start = buffer.count
        let count: Int
        do {
            count = try buffer.appendRead(from: descriptor, upTo: chunkSize)
        } catch {
            throw ReadError(message: "cannot read '\(source.displayName)': \(error)")
        }
        total += count
        if count == 0 { ended = true }
        if case .standardInput = source, count > 0 {
            swap(&older, &newer)
            newer.removeAll(keepingCapacity: true)
            newer += buffer[start...]
        }
        return count
    }

    /// The source line of an error, if it can still be found: from the file, or from the last
    /// chunks of standard input.
    func excerpt(for error: XMLParsingError) -> SourceExcerpt? {
        switch source {
        case .file(let path): SourceLine.excerpt(for: error, inFile: path)
        case .standardInput:
            SourceLine.excerpt(
                for: error, in: older + newer, windowStart: total - older.count - newer.count, reachesEnd: ended)
        }
    }
}
