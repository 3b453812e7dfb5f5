// One XML document read in chunks, from a file or from standard input, for `check`, `format`
// and `to-json`.
//
// Design: memory never depends on the size of the document. A file is read by
// `XMLReader(contentsOf:)`, 64 KiB at a time; when it turns out to be malformed, its source line
// is fetched from the file itself afterwards (`SourceLine.excerpt(for:inFile:)`). Standard input
// cannot be read twice, so it is fed by hand to an incremental reader (`XMLReader.incremental()`)
// a chunk at a time, and the last two chunks read are kept: the line of an error is almost always
// among them, since the reader fails at most a token past where it is (the rest of the line, if
// not read yet, is read then, up to 8 KiB). Only what is kept can be shown; a line that reaches
// outside it is shown cut, marked with "...", or not at all.
//
// Everything that stops a streaming command is one `StreamFailure`: a malformed document, an
// input that cannot be read (status 2, as when a file is missing), a document that `to-json`
// cannot map within its look-ahead, or output that cannot be written.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XMLCodableCore

/// Why a command that streams a document stopped before its end.
enum StreamFailure: Error {
    /// The document is not well-formed (or breaks one of the reader's limits).
    case malformed(XMLParsingError)
    /// The input could not be read; the message names it and the reason.
    case unreadable(String)
    /// `to-json` could not map the document within its look-ahead, or `format` cannot write what
    /// it read; the message says why.
    case unmappable(String)
    /// Standard output could not be written.
    case unwritable(String)
}

/// A document read in chunks, event by event.
struct DocumentReader {
    /// The reader; events and their slices are valid until the next call to `next()`.
    private(set) var reader: XMLReader
    /// Where the document comes from.
    let input: InputSource
    /// Standard input's chunks, when that is the input.
    private let feed: StandardInputFeed?

    /// Opens an input for reading.
    ///
    /// - Throws: ``ReadError`` when the file does not exist, is a directory or cannot be opened.
    init(_ input: InputSource, options: XMLReader.Options) throws(ReadError) {
        self.input = input
        switch input {
        case .standardInput:
            let feed = StandardInputFeed()
            self.feed = feed
            reader = XMLReader.incremental(options: options)
        case .file(let path):
            try InputSource.checkReadable(path)
            do {
                reader = try XMLReader(contentsOf: URL(fileURLWithPath: path), options: options)
            } catch {
                throw ReadError(message: "cannot read '\(path)': \(SystemIO.reason(error))")
            }
            feed = nil
        }
    }

    /// The next event, or `nil` at the end of the document.
    mutating func next() throws(StreamFailure) -> XMLEvent? {
        guard let feed else {
            do {
                return try reader.next()
            } catch {
                if case .inputFailed(let why) = error.reason {
                    throw .unreadable("cannot read '\(input.displayName)': \(why)")
                }
                throw .malformed(error)
            }
        }
        while true {
            do {
                if let event = try reader.next() { return event }
            } catch {
                throw .malformed(error)
            }
            guard reader.needsInput else { return nil }
            try feed.feed(&reader)
        }
    }

    /// The source line of an error in this document, with its caret position, if it can still
    /// be found: see the file's header comment.
    func excerpt(for error: XMLParsingError) -> SourceExcerpt? {
        switch input {
        case .file(let path): SourceLine.excerpt(for: error, inFile: path)
        case .standardInput: feed?.excerpt(for: error)
        }
    }
}

/// Standard input read a chunk at a time into an incremental reader, keeping the last two chunks
/// (and the first bytes, which say whether the document is UTF-8) for diagnostics.
final class StandardInputFeed {
    /// The bytes read at a time.
    static let chunkSize = XMLReader.defaultChunkSize
    /// How many first bytes are kept to tell the encoding (as `SourceEncoding` reads it).
    static let headSize = 512

    /// The chunk before the last one, and the last one.
    private var older: [UInt8] = []
    private var newer: [UInt8] = []
    /// The bytes read so far.
    private var total = 0
    /// The first bytes of the input.
    private var head: [UInt8] = []
    /// Whether the end of the input was reached.
    private var ended = false

    /// Reads the next chunk into `reader`, or tells it that the input has ended.
    func feed(_ reader: inout XMLReader) throws(StreamFailure) {
        swap(&older, &newer)
        newer.removeAll(keepingCapacity: true)
        let count: Int
        do {
            count = try newer.appendRead(from: 0, upTo: Self.chunkSize)
        } catch {
            throw .unreadable("cannot read standard input: \(error)")
        }
        total += count
        if head.count < Self.headSize { head += newer.prefix(Self.headSize - head.count) }
        do {
            if count == 0 {
                ended = true
                try reader.finishInput()
            } else {
                try reader.append(newer)
            }
        } catch {
            throw .malformed(error)
        }
    }

    /// The line of an error, from the bytes still kept, if the input is UTF-8. The reader may
    /// have stopped before the rest of the line was read: it is read now (at most
    /// `SourceLine.reach` bytes more, up to the line's end).
    func excerpt(for error: XMLParsingError) -> SourceExcerpt? {
        guard SourceEncoding.isUTF8(head) else { return nil }
        var window = older + newer
        let windowStart = total - window.count
        var reachesEnd = ended
        let local = error.offset - windowStart
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        if !reachesEnd, local >= 0, local <= window.count, !window[local...].contains(where: isBreak) {
            var more: [UInt8] = []
            var added = 0
            while added < SourceLine.reach {
                // A failed read (-1) ends the line here, as the end of the input (0) does.
                more.removeAll(keepingCapacity: true)
                let count = (try? more.appendRead(from: 0, upTo: 4096)) ?? -1
                if count <= 0 {
                    reachesEnd = count == 0
                    break
                }
                window += more[0..<count]
                added += count
                if more[0..<count].contains(where: isBreak) { break }
            }
        }
        return SourceLine.excerpt(for: error, in: window, windowStart: windowStart, reachesEnd: reachesEnd)
    }
}
