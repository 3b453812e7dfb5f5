// StreamInput: the window of a document read in chunks, for `XMLReader`.
//
// The reader's scanner works on one contiguous buffer. For a document that arrives in pieces (a
// file read chunk by chunk, a pipe, async bytes, pushed chunks), that buffer is a *window*: the
// UTF-8 bytes from the earliest one still needed to the last one that has arrived.
//
//     document:  ………………………[dropped]………………………|<a>text</a><b x="1"/>…<c y="|
//                                            ^ base                      ^ count   (more to come)
//     window:                                [0 ..< count), safeEnd = where <c y=" starts
//
// New bytes are transcoded to UTF-8 (see `ChunkTranscoder`) and appended; when the window is full,
// the bytes before the reader's position (or before a pinned offset, see `pin`) are dropped and
// the rest moved to the front, and the window grows only when one token (or one pinned range) is
// larger than it. So memory is bounded by the chunk size and the largest token, not the document.
// `StreamBoundary` says how far complete tokens reach; `LineCounter` remembers the line and column
// at `base`, so that errors still give positions in the whole document. Offsets the reader reports
// are absolute: `base` plus the offset in the window.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Line and column counting over bytes that arrive, and leave, in pieces.
internal struct LineCounter {
    /// The 1-based line and column (in Unicode scalars) just after the bytes counted so far.
    var line = 1
    var column = 1
    /// Whether the last byte counted was a carriage return (a line feed next ends no new line).
    var afterCarriageReturn = false
    /// Bytes counted so far.
    var counted = 0
    /// How many of the document's first bytes are a byte order mark's so far (3: all of it).
    var byteOrderMarkBytes = 0

    /// Counts `bytes`, which follow those counted so far.
    ///
    /// Sixteen bytes at a time where it can (Swift's `SIMD16`, a handful of vector instructions
    /// per block). A block without a carriage return only has its line feeds counted, into a
    /// vector of per-lane counts summed every 255 blocks; the column is worked out once, at the
    /// end, from the scalars (the bytes that are not UTF-8 continuation bytes) after the last line
    /// feed, found in the last block that had one. A block with a carriage return (or after one,
    /// where a line feed ends no line), the first three bytes of the document (which may be a
    /// byte order mark) and the last few bytes go byte by byte.
    ///
    ///     "ab\ncd\nef" + 8 bytes   one block: 2 line feeds, the last at 5; column = 1 + scalars after it
    mutating func count(_ bytes: UncheckedBytes) {
        var index = 0
        while counted < 3, index < bytes.count {
            countByte(bytes[unchecked: index])
            index += 1
        }
        let lineFeed = VectorScan.splat(0x0A)
        let carriageReturn = VectorScan.splat(0x0D)
        // The blocks from `runStart` are counted in `feeds` (per lane; at most 255 blocks between
        // sums); `lastFeedBlock` is the last of them with a line feed.
        var runStart = index
        var feeds = SIMD16<UInt8>(repeating: 0)
        var blocksInSum = 0
        var lastFeedBlock = -1
        let zero = SIMD16<UInt8>(repeating: 0)
        while index + 16 <= bytes.count {
            // Sixty-four bytes at a time, while none is a carriage return: one test for carriage
            // returns and one for line feeds per four blocks.
            while !afterCarriageReturn, index + 64 <= bytes.count {
                let (a, b) = (bytes.loadVector(uncheckedAt: index), bytes.loadVector(uncheckedAt: index + 16))
                let (c, d) = (bytes.loadVector(uncheckedAt: index + 32), bytes.loadVector(uncheckedAt: index + 48))
                if VectorScan.any(
                    (a .== carriageReturn) .| (b .== carriageReturn) .| (c .== carriageReturn) .| (d .== carriageReturn)
                ) {
                    break
                }
                let (feedA, feedB, feedC, feedD) = (a .== lineFeed, b .== lineFeed, c .== lineFeed, d .== lineFeed)
                if VectorScan.any(feedA .| feedB .| feedC .| feedD) {
                    feeds &+= zero.replacing(with: 1, where: feedA) &+ zero.replacing(with: 1, where: feedB)
                    feeds &+= zero.replacing(with: 1, where: feedC) &+ zero.replacing(with: 1, where: feedD)
                    lastFeedBlock =
                        VectorScan.any(feedD)
                        ? index + 48 : VectorScan.any(feedC) ? index + 32 : VectorScan.any(feedB) ? index + 16 : index
                    blocksInSum += 4
                    if blocksInSum >= 252 {
                        line += Int(SIMD16<UInt16>(truncatingIfNeeded: feeds).wrappedSum())
                        feeds = SIMD16<UInt8>(repeating: 0)
                        blocksInSum = 0
                    }
                }
                index += 64
            }
            guard index + 16 <= bytes.count else { break }
            let block = bytes.loadVector(uncheckedAt: index)
            if afterCarriageReturn || VectorScan.any(block .== carriageReturn) {
                settle(bytes, runStart, index, &feeds, lastFeedBlock)
                for offset in index..<index + 16 { countByte(bytes[unchecked: offset]) }
                index += 16
                runStart = index
                blocksInSum = 0
                lastFeedBlock = -1
                continue
            }
            let isFeed = block .== lineFeed
            if VectorScan.any(isFeed) {
                feeds &+= SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: isFeed)
                lastFeedBlock = index
                blocksInSum += 1
                if blocksInSum >= 255 {
                    line += Int(SIMD16<UInt16>(truncatingIfNeeded: feeds).wrappedSum())
                    feeds = SIMD16<UInt8>(repeating: 0)
                    blocksInSum = 0
                }
            }
            index += 16
        }
        settle(bytes, runStart, index, &feeds, lastFeedBlock)
        while index < bytes.count {
            countByte(bytes[unchecked: index])
            index += 1
        }
    }

    /// Ends a run of blocks counted without carriage returns, `start ..< end`: adds its line
    /// feeds, then the column — from its last line feed (in the block at `lastFeedBlock`, if
    /// any) or from the column at `start`.
    @inline(__always)
    private mutating func settle(
        _ bytes: UncheckedBytes, _ start: Int, _ end: Int, _ feeds: inout SIMD16<UInt8>, _ lastFeedBlock: Int
    ) {
        guard end > start else { return }
        line += Int(SIMD16<UInt16>(truncatingIfNeeded: feeds).wrappedSum())
        feeds = SIMD16<UInt8>(repeating: 0)
        var lineStart = start
        if lastFeedBlock >= 0 {
            var last = lastFeedBlock + 15
            // The block at `lastFeedBlock` has a line feed, so this stops within it.
            while bytes[unchecked: last] != 0x0A { last -= 1 }
            lineStart = last + 1
            column = 1
        }
        column += Self.scalars(bytes, from: lineStart, to: end)
        counted += end - start
    }

    /// The scalars (bytes that are not UTF-8 continuation bytes) in `start ..< end`, which holds
    /// no line break.
    @inline(__always)
    private static func scalars(_ bytes: UncheckedBytes, from start: Int, to end: Int) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var total = 0
        while index + 8 <= end {
            let word = bytes.loadWord(uncheckedAt: index)
            total += 8 - bytesSet(word & ~(word << 1) & high)
            index += 8
        }
        while index < end {
            if bytes[unchecked: index] & 0xC0 != 0x80 { total += 1 }
            index += 1
        }
        return total
    }

    /// How many bytes of `mask` have their high bit set (no other bit is): one multiplication
    /// sums them in the top byte (x86-64's baseline has no population count instruction).
    @inline(__always)
    private static func bytesSet(_ mask: UInt64) -> Int {
        Int(truncatingIfNeeded: ((mask >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    @inline(__always)
    private mutating func countByte(_ byte: UInt8) {
        if byte == 0x0A {
            if !afterCarriageReturn {
                line += 1
                column = 1
            }
            afterCarriageReturn = false
        } else if byte == 0x0D {
            line += 1
            column = 1
            afterCarriageReturn = true
        } else {
            afterCarriageReturn = false
            if byte & 0xC0 != 0x80 { column += 1 }
            // A byte order mark (EF BB BF at the start) is not a character anyone sees: once
            // it is complete, columns on line 1 start after it. (A document transcoded from
            // UTF-16 may begin with another character whose UTF-8 begins with EF.)
            if counted < 3 {
                let expected: UInt8 = counted == 0 ? 0xEF : counted == 1 ? 0xBB : 0xBF
                if byte == expected, counted == byteOrderMarkBytes {
                    byteOrderMarkBytes += 1
                    if byteOrderMarkBytes == 3 { column -= 1 }
                }
            }
        }
        counted += 1
    }

    /// The location `offset` bytes past the counted ones, given the bytes that follow them.
    func location(after offset: Int, in following: UncheckedBytes) -> XMLReader.Location {
        var copy = self
        copy.count(following.extracting(unchecked: 0..<max(0, min(offset, following.count))))
        return XMLReader.Location(line: copy.line, column: copy.column, offset: counted + offset)
    }
}

/// The window of a document read in chunks; see the file's header comment.
///
/// Its state is read and changed once or more per event, by the one reader that owns it and
/// never re-entrantly, so the hot properties opt out of dynamic exclusivity checks.
@usableFromInline
package final class StreamInput {
    /// Where new bytes come from.
    package enum Source {
        /// The caller pushes bytes (`XMLReader.append(_:)`) and says when they end.
        case pushed
        /// A function that reads up to a buffer's size of raw bytes and returns how many it read (0 at the end).
        case reading((UncheckedMutableBytes) throws -> Int)
        /// An asynchronous sequence, read by `XMLReader`'s async `next()`.
        case asynchronous(AsyncByteSource)
    }

    /// The window's bytes (see `OwnedByteBuffer`: it owns the allocation and checks its bounds).
    @exclusivity(unchecked) private var window: OwnedByteBuffer
    /// The UTF-8 bytes in the window.
    var count: Int { window.count }
    /// The absolute offset of the window's first byte in the document's UTF-8.
    @usableFromInline @exclusivity(unchecked) private(set) var base = 0
    /// `base`, for the layers above, read as this module reads it: without the run-time
    /// exclusivity check another module's direct read of the field would make (a call into the
    /// Swift runtime on every event of the element decoder's loop).
    @inlinable package var windowBase: Int { base }
    /// Whether no more bytes will arrive.
    @exclusivity(unchecked) private(set) var finished = false
    /// How far complete tokens reach.
    @exclusivity(unchecked) var boundary = StreamBoundary()
    /// Line and column at `base`.
    @exclusivity(unchecked) private(set) var lines = LineCounter()
    /// An absolute offset whose bytes must stay in the window (the start of an element being
    /// collected whole), or `nil`.
    @exclusivity(unchecked) var pin: Int?
    /// Sets `pin`, for the layers above (a call into this module, as `windowBase` is).
    package func setPin(_ offset: Int?) { pin = offset }
    /// The scanner as it was when the boundary last moved provisionally (`advanceQuickly`), at
    /// `rollbackSafeEnd`, the boundary before that move; `nil` when the boundary was moved by the
    /// full pre-scan. An error the scanner throws before the next move may come from a token the
    /// quick move cut short: the reader then starts again from here (see `XMLReader.rollBack`).
    @exclusivity(unchecked) var rollbackScanner: XMLScanner?
    @exclusivity(unchecked) var rollbackSafeEnd = 0
    /// After a roll-back, the absolute end of the window then: the boundary moves quickly again
    /// only once bytes beyond it have arrived (else the same quick move would fail again).
    @exclusivity(unchecked) var quickMovesFrom = 0
    /// Events read since the boundary last moved (those to read again after a roll-back).
    @exclusivity(unchecked) var eventsSinceMove = 0
    package let source: Source
    /// Whether the synchronous `next()` of a reader over an asynchronous source returns `nil`
    /// (setting `awaitsInput`) when the bytes that have arrived are all read, rather than
    /// throwing: set by the element decoder, which reads events synchronously between chunks
    /// and awaits the next chunk itself (`readChunk(isolation:)`).
    @exclusivity(unchecked) package var suspendsForInput = false
    /// Whether the synchronous `next()` last returned `nil` for want of input (see `suspendsForInput`).
    @exclusivity(unchecked) package var awaitsInput = false
    let chunkSize: Int
    /// The most bytes the window may hold beyond a chunk: a token larger than this is an error.
    let maxTokenBytes: Int

    /// The raw bytes seen before the encoding is known, and the transcoder once it is.
    private var head: [UInt8] = []
    private var transcoder: ChunkTranscoder?
    /// Whether the bytes are transcoded from an encoding other than UTF-8 (see `XMLScanner.transcoded`).
    var isTranscoded: Bool {
        guard let encoding = transcoder?.encoding, case .utf8 = encoding else { return transcoder != nil }
        return false
    }
    /// Raw bytes read from the source so far (for error offsets before transcoding).
    private var rawBytesRead = 0
    /// A read buffer for raw bytes that need transcoding.
    private var scratch: [UInt8] = []
    /// The error that stopped reading: every later step throws it again.
    @exclusivity(unchecked) private(set) var failure: XMLParsingError? {
        didSet { hasFailed = failure != nil }
    }
    /// Whether `failure` is set: one byte for the reader to test at every event.
    @exclusivity(unchecked) private(set) var hasFailed = false

    /// Runs `body`, remembering the error it throws (see `failure`).
    @inline(__always)
    private func remembering<R>(_ body: () throws(XMLParsingError) -> R) throws(XMLParsingError) -> R {
        if let failure { throw failure }
        do {
            return try body()
        } catch {
            failure = error
            throw error
        }
    }

    init(source: Source, chunkSize: Int, maxTokenBytes: Int) {
        self.source = source
        self.chunkSize = max(1, chunkSize)
        self.maxTokenBytes = maxTokenBytes
        window = OwnedByteBuffer(capacity: max(64, self.chunkSize))
    }

    /// The UTF-8 bytes in the window, as a view, valid until bytes are appended or dropped.
    @usableFromInline
    var view: UncheckedBytes { window.view }

    /// The absolute offset of a window offset.
    @inline(__always)
    func absolute(_ offset: Int) -> Int { base + offset }

    /// The line and column of an absolute offset in the window (or just before it).
    func location(ofAbsolute offset: Int) -> XMLReader.Location {
        lines.location(after: offset - base, in: view)
    }

    // MARK: - Making room

    /// How many bytes from the front of the window may be dropped when the first one still needed
    /// is at window offset `keep` (fewer when a pinned range begins earlier).
    func droppable(before keep: Int) -> Int {
        var keep = min(max(0, keep), count)
        if let pin { keep = min(keep, max(0, pin - base)) }
        return keep
    }

    /// Checks, when the token at the front of the window has not fully arrived, that it is not
    /// already longer than the limit (unless a range is pinned, whose size the caller bounds).
    func checkTokenLength() throws(XMLParsingError) {
        try remembering { () throws(XMLParsingError) in
            guard pin == nil, count > maxTokenBytes else { return }
            throw XMLParsingError(
                reason: .tokenTooLarge(limit: maxTokenBytes), offset: base, line: lines.line, column: lines.column)
        }
    }

    /// Remembers an error that stopped reading (see `failure`).
    func remember(_ error: XMLParsingError) {
        if failure == nil { failure = error }
    }

    /// Rethrows the error that stopped reading, if any.
    func checkFailure() throws(XMLParsingError) {
        if let failure { throw failure }
    }

    /// Drops the first `keep` bytes of the window (as `droppable(before:)` allows).
    func drop(_ keep: Int) {
        guard keep > 0 else { return }
        let keep = min(keep, count)
        lines.count(window.view.extracting(unchecked: 0..<keep))
        window.removeFirst(keep)
        base += keep
        boundary.dropFirst(keep)
    }

    // MARK: - Adding bytes

    /// An error in the bytes themselves (an encoding that is not supported, bytes not valid in the
    /// document's encoding): the bytes before it are in the window, and the reader throws it once
    /// it has read them, so that errors come in document order whatever the chunks. Nothing more
    /// is taken after it.
    private(set) var decodingFailure: XMLParsingError?

    /// Whether the reader must wait for more input before reading anything: the declaration of
    /// a UTF-16 document is checked against its byte order mark first (see
    /// `ChunkTranscoder.awaitsDeclarationCheck`; at most its first 512 bytes are waited for).
    var holdsDeclaration: Bool {
        !finished && decodingFailure == nil && transcoder?.awaitsDeclarationCheck == true
    }

    /// Appends raw bytes from the source, transcoding them to UTF-8 once the encoding is known.
    /// An error in them is kept for the reader (`decodingFailure`).
    func append(_ raw: UncheckedBytes) {
        guard decodingFailure == nil, !finished else { return }
        do {
            try appendBytes(raw)
        } catch {
            decodingFailure = error
        }
    }

    private func appendBytes(_ raw: UncheckedBytes) throws(XMLParsingError) {
        guard !raw.isEmpty else { return }
        defer { rawBytesRead += raw.count }
        if transcoder == nil {
            head.append(contentsOf: raw)
            try decideEncoding(final: false)
            return
        }
        try transcode(raw, final: false)
    }

    /// Says that no more bytes will arrive. An error in the last bytes is kept for the reader.
    func finish() {
        guard !finished, decodingFailure == nil else { return }
        do {
            if transcoder == nil {
                try decideEncoding(final: true)
            } else {
                try transcode(.empty, final: true)
            }
            try checkDeclaration(final: true)
            finished = true
        } catch {
            decodingFailure = error
        }
    }

    /// Detects the encoding from the raw bytes held in `head`, once enough have arrived, and
    /// transcodes them.
    private func decideEncoding(final: Bool) throws(XMLParsingError) {
        let result = head.withUncheckedBytes { raw in
            Result { () throws(InputDecoding.Failure) in try InputDecoding.detect(raw, final: final) }
        }
        let detected: InputDecoding.SourceEncoding?
        switch result {
        case .success(let found): detected = found
        case .failure(let failure): throw parsingError(failure)
        }
        guard let detected else { return }
        transcoder = ChunkTranscoder(detected)
        let held = head
        head = []
        try held.withUncheckedBytes { raw throws(XMLParsingError) in try transcode(raw, final: final) }
    }

    private func transcode(_ raw: UncheckedBytes, final: Bool) throws(XMLParsingError) {
        guard var transcoder else { return }
        do throws(InputDecoding.Failure) {
            try transcoder.transcode(raw, final: final) { utf8 in
                window.append(utf8)
            }
        } catch {
            self.transcoder = transcoder
            let failure = parsingError(error)
            // A declaration that contradicts the encoding, if it has arrived, comes first.
            try checkDeclaration(final: false)
            throw failure
        }
        self.transcoder = transcoder
        try checkDeclaration(final: final)
    }

    /// A UTF-16 or UTF-32 document's declaration must name that encoding: checked once it has arrived.
    private func checkDeclaration(final: Bool) throws(XMLParsingError) {
        guard var transcoder, transcoder.encoding.isWide, base == 0 else { return }
        do throws(InputDecoding.Failure) {
            try transcoder.checkWideDeclaration(window.view, final: final)
        } catch {
            self.transcoder = transcoder
            let location = location(ofAbsolute: error.offset)
            // The error is in the declaration: none of the document after it is to be read.
            window.truncate(to: error.offset)
            throw XMLParsingError(
                reason: error.reason, offset: error.offset, line: location.line, column: location.column)
        }
        self.transcoder = transcoder
    }

    /// The public error for a failure while decoding raw bytes: its offset is in the raw bytes;
    /// its line and column are where the UTF-8 produced so far ends (the same line and column).
    private func parsingError(_ failure: InputDecoding.Failure) -> XMLParsingError {
        if transcoder == nil {
            // Detection failed on the first bytes, all of them still held.
            return head.withUncheckedBytes { InputDecoding.parsingError(failure, in: $0) }
        }
        let location = lines.location(after: count, in: view)
        return XMLParsingError(
            reason: failure.reason, offset: failure.offset, line: location.line, column: location.column)
    }

    // MARK: - Reading from the source

    /// Reads one chunk from a synchronous source (appending it), or says the input has ended.
    /// Returns false when there was nothing more to read.
    ///
    /// UTF-8 (once the encoding is known) is read straight into the window; other bytes into a
    /// scratch buffer, then transcoded into it.
    func readChunk(from read: (UncheckedMutableBytes) throws -> Int) throws(XMLParsingError) -> Bool {
        if var transcoder, transcoder.passesThrough, decodingFailure == nil, !finished {
            // The read fills the window's unused room directly; no access to `window` is open
            // while it runs (it may throw, and `reading` reads `count`).
            let room = window.unusedCapacity(reserving: chunkSize)
            let got = min(chunkSize, try reading { try read(room) })
            if got <= 0 {
                finish()
                return false
            }
            window.didAppend(got)
            rawBytesRead += got
            transcoder.passedThrough(got)
            self.transcoder = transcoder
            return true
        }
        if scratch.count < chunkSize { scratch = [UInt8](repeating: 0, count: chunkSize) }
        let got = try reading { try UncheckedMutableBytes.withView(of: &scratch) { try read($0) } }
        if got <= 0 {
            finish()
            return false
        }
        scratch.withUncheckedBytes { raw in append(raw.extracting(unchecked: 0..<min(got, raw.count))) }
        return true
    }

    /// Runs a read of the source, turning its error into the reader's (remembered: see `failure`).
    private func reading(_ body: () throws -> Int) throws(XMLParsingError) -> Int {
        do {
            return try body()
        } catch {
            let failure = XMLParsingError(
                reason: .inputFailed(String(describing: error)), offset: absolute(count), line: lines.line,
                column: lines.column)
            self.failure = failure
            throw failure
        }
    }
}
