// Reading a document in chunks: from a file, a file descriptor (the XMLCodable module's
// `FileHandle` initializer), an `AsyncSequence` of bytes, or bytes the caller pushes. The reader
// keeps a window of the document (`StreamInput`) and reads more whenever the next token has not
// fully arrived; everything else is the in-memory reader, with the same checks, the same events
// and the same errors at the same lines and columns.
//
//     var reader = try XMLReader(contentsOf: URL(filePath: "planet.osm"))
//     while let event = try reader.next() { … }          // memory: a chunk and the largest token
//
// Events and their slices are valid until the next call to `next()`, which may move the window.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLReader {
    /// The number of bytes a reader reads from a file or stream at a time, by default: 64 KiB.
    public static let defaultChunkSize = 1 << 16

    /// Creates a reader that reads a file in chunks, holding only a window of it in memory.
    ///
    /// Memory is bounded by the chunk size and the largest token (a start tag with its attributes,
    /// a comment, a CDATA section…, at most ``Limits/maxTokenLength``), whatever the size of the
    /// file. Events and their slices are valid until the next call to ``next()-96fvi``.
    ///
    /// ```swift
    /// var reader = try XMLReader(contentsOf: URL(filePath: "planet.osm"))
    /// var nodes = 0
    /// while let event = try reader.next() {
    ///     if case .startElement(let name) = event, reader.name(name, equals: "node") { nodes += 1 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: a file URL.
    ///   - options: the reader's options and limits.
    ///   - chunkSize: how many bytes to read at a time.
    /// - Throws: the error opening the file. Errors reading it come from ``next()-96fvi``, as an
    ///   ``XMLParsingError`` whose reason is ``XMLParsingError/Reason/inputFailed(_:)``.
    public init(contentsOf url: URL, options: Options = Options(), chunkSize: Int = XMLReader.defaultChunkSize) throws {
        let reader = FileDescriptorReader(try FileDescriptorReader.open(url), keepingAlive: nil, closes: true)
        self.init(reading: reader, options: options, chunkSize: chunkSize)
    }

    /// Creates a reader that reads an open file descriptor (a file, a pipe, standard input) in
    /// chunks, from its current position to its end, without closing it; `owner`, if any, is kept
    /// alive as long as the reader (the `FileHandle` whose descriptor it is).
    ///
    /// The XMLCodable module's `init(fileHandle:options:chunkSize:)` is this initializer: the
    /// core does not link Foundation's `FileHandle`.
    package init(fileDescriptor: Int32, keepingAlive owner: AnyObject?, options: Options, chunkSize: Int) {
        self.init(
            reading: FileDescriptorReader(fileDescriptor, keepingAlive: owner, closes: false), options: options,
            chunkSize: chunkSize)
    }

    private init(reading reader: FileDescriptorReader, options: Options, chunkSize: Int) {
        let stream = StreamInput(
            source: .reading(reader.read), chunkSize: chunkSize, maxTokenBytes: options.limits.maxTokenLength)
        self.init(input: .stream(stream), options: options)
    }

    /// Creates a reader over an asynchronous sequence of single bytes, such as `URLSession`'s
    /// `AsyncBytes` on Apple platforms; read it with ``next()-6wl7n`` called with `await`.
    ///
    /// ```swift
    /// let bytes = AsyncStream<UInt8> { continuation in
    ///     for byte in "<feed><item/></feed>".utf8 { continuation.yield(byte) }
    ///     continuation.finish()
    /// }
    /// var reader = XMLReader(bytes)
    /// while let event = try await reader.next() { … }
    /// ```
    ///
    /// The bytes are collected into a buffer of `chunkSize` bytes, in a loop specialized for the
    /// sequence's type, and the reader reads each buffer whole; memory is bounded as for
    /// ``init(contentsOf:options:chunkSize:)``. Each byte still costs the sequence's `next()`:
    /// a sequence of chunks (``init(_:options:chunkSize:)-(Chunks,_,_)``) is faster.
    @inlinable
    public init<Bytes: AsyncSequence>(
        _ bytes: Bytes, options: Options = Options(), chunkSize: Int = XMLReader.defaultChunkSize
    )
    where Bytes.Element == UInt8 {
        self.init(asyncSource: AsyncSequenceByteSource(bytes), options: options, chunkSize: chunkSize)
    }

    /// Creates a reader over an asynchronous sequence of byte chunks — `[UInt8]`, `Data`,
    /// `ArraySlice<UInt8>`, NIO's `ByteBufferView` (an HTTP body's buffers)… — read with
    /// ``next()-6wl7n`` called with `await`.
    ///
    /// ```swift
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("<feed><it".utf8))
    ///     continuation.yield(Array("em/></feed>".utf8))
    ///     continuation.finish()
    /// }
    /// var reader = XMLReader(chunks)
    /// while let event = try await reader.next() { … }
    /// ```
    ///
    /// Each chunk is read whole, through its contiguous storage (a collection without one is
    /// copied once), with one `await` per chunk. A chunk may end anywhere — inside a name, a
    /// reference or a multi-byte character; an empty one is skipped; one larger than `chunkSize`
    /// is read `chunkSize` bytes at a time, so that memory is bounded as for
    /// ``init(contentsOf:options:chunkSize:)`` whatever the chunks' sizes.
    public init<Chunks: AsyncSequence>(
        _ chunks: Chunks, options: Options = Options(), chunkSize: Int = XMLReader.defaultChunkSize
    )
    where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        self.init(asyncSource: AsyncSequenceChunkSource(chunks), options: options, chunkSize: chunkSize)
    }

    @usableFromInline
    internal init(asyncSource: any AsyncByteSource, options: Options, chunkSize: Int) {
        let stream = StreamInput(
            source: .asynchronous(asyncSource), chunkSize: chunkSize, maxTokenBytes: options.limits.maxTokenLength)
        self.init(input: .stream(stream), options: options)
    }

    /// Creates a reader that is given the document piece by piece with ``append(_:)``, as the
    /// bytes arrive (from a socket, a callback, a decompressor…).
    ///
    /// ``next()-96fvi`` returns the events of the pieces appended so far, then `nil` with
    /// ``needsInput`` set until more is appended or ``finishInput()`` says there is no more:
    ///
    /// ```swift
    /// var reader = XMLReader.incremental()
    /// for chunk in chunks {
    ///     try reader.append(chunk)
    ///     while let event = try reader.next() { handle(event, reader) }
    /// }
    /// try reader.finishInput()
    /// while let event = try reader.next() { handle(event, reader) }   // then nil: the end
    /// ```
    public static func incremental(options: Options = Options()) -> XMLReader {
        let stream = StreamInput(
            source: .pushed, chunkSize: defaultChunkSize, maxTokenBytes: options.limits.maxTokenLength)
        return XMLReader(input: .stream(stream), options: options)
    }

    /// Gives an incremental reader (``incremental(options:)``) the next piece of the document.
    ///
    /// Bytes that cannot be decoded (an unsupported encoding, bytes invalid in the document's
    /// encoding) are reported by ``next()-96fvi``, once it has read what comes before them.
    ///
    /// - Throws: ``XMLParsingError`` when the reader is not incremental or its input was finished.
    public mutating func append(_ bytes: some Sequence<UInt8>) throws(XMLParsingError) {
        let stream = try pushedStream()
        let appended: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            stream.append(UncheckedBytes(buffer))
        }
        if appended == nil { Array(bytes).withUncheckedBytes { stream.append($0) } }
    }

    /// Tells an incremental reader that the document has no more bytes: ``next()-96fvi`` then reads
    /// the rest and returns `nil` at the end (or throws if the document is incomplete).
    public mutating func finishInput() throws(XMLParsingError) {
        try pushedStream().finish()
    }

    /// Whether ``next()-96fvi`` returned `nil` because the bytes appended so far are all read, and more
    /// must be appended (or the input finished) — rather than because the document has ended.
    /// Always `false` for a reader that reads its input itself.
    public var needsInput: Bool {
        guard let stream = input.stream, case .pushed = stream.source else { return false }
        return !stream.finished && stream.decodingFailure == nil && scanner.phase != .done && scanner.failure == nil
            && scanner.readsDocumentNext && scanner.documentReadPosition >= stream.boundary.safeEnd
    }

    private func pushedStream() throws(XMLParsingError) -> StreamInput {
        guard let stream = input.stream, case .pushed = stream.source else {
            throw XMLParsingError(
                reason: .inputFailed("append(_:) and finishInput() are for a reader made with XMLReader.incremental()"),
                offset: 0, line: 1, column: 1)
        }
        if stream.finished {
            throw XMLParsingError(
                reason: .inputFailed("the input was finished: no bytes can be appended after finishInput()"),
                offset: stream.absolute(stream.count),
                line: 1, column: 1)
        }
        return stream
    }

    /// Reads the next event of a reader over an asynchronous sequence, waiting for its bytes.
    ///
    /// Other readers read as ``next()-96fvi`` does, without suspending.
    ///
    /// - Throws: ``XMLParsingError``; the sequence's error, or the task's cancellation while
    ///   waiting for bytes, as one whose reason is ``XMLParsingError/Reason/inputFailed(_:)``.
    public mutating func next() async throws(XMLParsingError) -> XMLEvent? {
        guard let stream = input.stream, case .asynchronous = stream.source else { return try nextWithoutWaiting() }
        while true {
            switch try stepStream(stream) {
            case .event(let event):
                return event
            case .needsInput:
                try await stream.readChunk(isolation: nil)
            }
        }
    }

    /// The synchronous `next()` (from a context where `next()` would mean the async one).
    private mutating func nextWithoutWaiting() throws(XMLParsingError) -> XMLEvent? {
        try next()
    }

    // MARK: - Driving the scanner

    internal enum StreamStep {
        case event(XMLEvent?)
        case needsInput
    }

    /// `next()` for a document read in chunks.
    @usableFromInline
    internal mutating func nextFromStream() throws(XMLParsingError) -> XMLEvent? {
        // The common case, an event before the boundary in a window this reader still owns: the
        // stream's fields are read through `?.`, which neither binds nor retains it.
        if input.stream?.hasFailed == false, input.stream?.base == windowBase,
            scanner.documentReadPosition < input.stream?.boundary.safeEnd ?? 0
        {
            let start = scanner.documentReadPosition
            var failure: ScanError?
            let event = XMLReader.advance(
                &scanner, window: input.stream?.view ?? .empty, &failure)
            if let failure { return try nextAfterFailure(failure, startedAt: start) }
            input.stream?.eventsSinceMove &+= 1
            return event
        }
        return try nextFromStreamStepping()
    }

    /// What follows a failure of the scanner in `nextFromStream()`'s common case: as in
    /// `stepStream`, reading on when it needs input or has rolled back, else the error.
    @inline(never)
    private mutating func nextAfterFailure(_ failure: ScanError, startedAt start: Int) throws(XMLParsingError)
        -> XMLEvent?
    {
        if !failure.needsInput {
            guard let stream = input.stream, stream.rollbackScanner != nil, rollBack(stream, failedAt: start) else {
                throw publicError(failure)
            }
        }
        return try nextFromStreamStepping()
    }

    /// `nextFromStream()` one step at a time (`stepStream`), reading more input when needed.
    @inline(never)
    private mutating func nextFromStreamStepping() throws(XMLParsingError) -> XMLEvent? {
        // `input` holds the stream for as long as this reader exists, and nothing here replaces
        // `input`: the stream is used without retaining it for every event.
        guard let stream = input.stream.map(Unmanaged.passUnretained) else { return nil }
        return try stream._withUnsafeGuaranteedRef { stream in
            Result { () throws(XMLParsingError) in try nextFromStream(stream) }
        }.get()
    }

    @inline(__always)
    private mutating func nextFromStream(_ stream: StreamInput) throws(XMLParsingError) -> XMLEvent? {
        while true {
            switch try stepStream(stream) {
            case .event(let event):
                return event
            case .needsInput:
                switch stream.source {
                case .reading(let read):
                    _ = try stream.readChunk(from: read)
                case .pushed:
                    return nil
                case .asynchronous:
                    if stream.suspendsForInput {
                        stream.awaitsInput = true
                        return nil
                    }
                    throw XMLParsingError(
                        reason: .inputFailed("this reader reads an asynchronous sequence: call next() with await"),
                        offset: stream.absolute(stream.count), line: 1, column: 1)
                }
            }
        }
    }

    /// The error of a copy of a reader in chunks whose original has read on: the window they
    /// share has dropped bytes this copy's positions still point into.
    @inline(never)
    private func movedOnByACopy(_ stream: StreamInput) -> XMLParsingError {
        // Located where the window now begins: the first byte still held.
        let location = stream.location(ofAbsolute: stream.base)
        return XMLParsingError(
            reason: .inputFailed("a copy of this reader read on: the bytes it would read next are gone"),
            offset: stream.base,
            line: location.line, column: location.column)
    }

    /// Reads the next event if the bytes it needs have arrived; otherwise makes room in the
    /// window and says more bytes are needed.
    ///
    /// The scanner is told where the window's complete tokens end only when that changes: when
    /// the boundary moves over new bytes (and, with them, when bytes are dropped). Most events
    /// lie before the boundary and cost one comparison here.
    ///
    /// The boundary moves quickly (to the window's last `<`, `StreamBoundary.advanceQuickly`) when
    /// it can, and the scanner is copied first: an error before the next move is then read again
    /// from that copy with the boundary the full pre-scan finds (`rollBack`), so that a token the
    /// quick move cut short gives the error it gives in memory, or waits for more input.
    @inline(__always)
    internal mutating func stepStream(_ stream: StreamInput) throws(XMLParsingError) -> StreamStep {
        if stream.hasFailed { try stream.checkFailure() }
        if stream.base != windowBase { throw movedOnByACopy(stream) }
        while true {
            if scanner.documentReadPosition >= stream.boundary.safeEnd, scanner.readsDocumentNext {
                if let step = try moveBoundary(stream) { return step }
            }
            let start = scanner.documentReadPosition
            var failure: ScanError?
            let event = XMLReader.advance(&scanner, window: stream.view, &failure)
            if let failure {
                if failure.needsInput { continue }
                if stream.rollbackScanner != nil, rollBack(stream, failedAt: start) { continue }
                throw publicError(failure)
            }
            stream.eventsSinceMove &+= 1
            return .event(event)
        }
    }

    /// Reads one event from the window of a stream (`XMLReader.advance` for its input, without
    /// the switch over the kinds of input).
    @inline(__always)
    internal static func advance(
        _ scanner: inout XMLScanner, window: UncheckedBytes, _ failure: inout ScanError?
    ) -> XMLEvent? {
        do throws(ScanError) {
            return try scanner.next(window)
        } catch {
            failure = error
            return nil
        }
    }

    /// Moves the boundary over the bytes that have arrived once the scanner has read up to it;
    /// `.needsInput` (after making room in the window) when there is still nothing to read.
    @inline(never)
    private mutating func moveBoundary(_ stream: StreamInput) throws(XMLParsingError) -> StreamStep? {
        if stream.rollbackScanner != nil {
            // The last move was quick: the depth at the boundary is the scanner's, which is there.
            stream.rollbackScanner = nil
            stream.boundary.depth = scanner.depth
        }
        var quick = false
        if !stream.holdsDeclaration {
            let window = stream.view
            let before = stream.boundary.safeEnd
            // Only inside the root element: around it, white space is read with the markup after
            // it (see StreamBoundary.swift), which the full pre-scan does.
            if !stream.finished, scanner.phase == .content, !scanner.keepsAttributes,
                stream.base + stream.count > stream.quickMovesFrom,
                stream.boundary.advanceQuickly(window)
            {
                quick = true
                stream.rollbackSafeEnd = before
            } else {
                stream.boundary.advance(window, final: stream.finished)
            }
        }
        scanner.documentSize = stream.base + stream.count
        scanner.setDocumentEnd(
            stream.boundary.safeEnd, final: stream.finished && stream.boundary.safeEnd == stream.count)
        // Known once the first bytes have arrived, before any is read.
        scanner.transcoded = stream.isTranscoded
        if scanner.documentReadPosition >= stream.boundary.safeEnd, !stream.finished {
            if let failure = stream.decodingFailure {
                // The bytes before an error in the input are read: now the error.
                stream.remember(failure)
                throw failure
            }
            let dropped = stream.droppable(before: scanner.firstNeededByte)
            if dropped > 0 {
                scanner.dropDocumentBytes(dropped, from: stream.view)
                stream.drop(dropped)
                windowBase = stream.base
            }
            try stream.checkTokenLength()
            return .needsInput
        }
        if quick {
            stream.rollbackScanner = scanner
            stream.eventsSinceMove = 0
        }
        return nil
    }

    /// After the scanner failed on bytes up to a quick boundary: reads the events since that move
    /// again, from the copy of the scanner made then, with the boundary the full pre-scan finds,
    /// and goes on from there (where the failed event began: `start`). `false` when that cannot
    /// be done (a copy of this reader read on from the same window): the error stands.
    @inline(never)
    private mutating func rollBack(_ stream: StreamInput, failedAt start: Int) -> Bool {
        guard var replay = stream.rollbackScanner else { return false }
        stream.rollbackScanner = nil
        var boundary = StreamBoundary()
        boundary.safeEnd = stream.rollbackSafeEnd
        boundary.depth = replay.depth
        boundary.advance(stream.view, final: false)
        replay.setDocumentEnd(boundary.safeEnd, final: false)
        var read = 0
        while read < stream.eventsSinceMove {
            var failure: ScanError?
            _ = XMLReader.advance(&replay, window: stream.view, &failure)
            // The events read before the failure came from complete tokens: they come again.
            if failure != nil { return false }
            read += 1
        }
        guard replay.documentReadPosition == start else { return false }
        scanner = replay
        stream.boundary = boundary
        stream.quickMovesFrom = stream.base + stream.count
        return true
    }
}

extension StreamInput {
    /// Reads the next bytes of an asynchronous source (at most `chunkSize` of them) into the
    /// window, or finishes the input at its end, waiting on the caller's actor.
    ///
    /// The sequence's error, or the task's cancellation (checked before waiting, and when the
    /// sequence ends: a cancelled `AsyncStream` just ends), is thrown as an `inputFailed` error
    /// located where the bytes read so far end, and remembered: every later read throws it again.
    package func readChunk(isolation: isolated (any Actor)?) async throws(XMLParsingError) {
        guard case .asynchronous(let source) = source, !finished else { return }
        try checkFailure()
        if Task.isCancelled { throw inputFailure(CancellationError()) }
        let more: Bool
        do {
            more = try await source.read(limit: chunkSize, isolation: isolation) { raw in append(raw) }
        } catch {
            throw inputFailure(error)
        }
        if !more {
            if Task.isCancelled { throw inputFailure(CancellationError()) }
            finish()
        }
    }

    /// Remembers (see `failure`) and returns the error for a failure of the source.
    private func inputFailure(_ error: any Error) -> XMLParsingError {
        let location = location(ofAbsolute: absolute(count))
        let failure = XMLParsingError(
            reason: .inputFailed(String(describing: error)), offset: absolute(count), line: location.line,
            column: location.column)
        remember(failure)
        return failure
    }
}

/// Reads a file descriptor a chunk at a time, and closes it when done with it if it opened it.
private final class FileDescriptorReader {
    let descriptor: Int32
    let closes: Bool
    /// What owns the descriptor and must outlive the reading (a `FileHandle`), if anything.
    let owner: AnyObject?

    init(_ descriptor: Int32, keepingAlive owner: AnyObject?, closes: Bool) {
        self.descriptor = descriptor
        self.owner = owner
        self.closes = closes
    }

    deinit {
        if closes { SystemIO.close(descriptor) }
    }

    /// Opens a file for reading, with the error `FileHandle(forReadingFrom:)` throws when it
    /// cannot be opened: a `CocoaError` with the URL and the system's error (`POSIXError`), whose
    /// code says why (`fileReadNoSuchFile`, `fileReadNoPermission`…).
    static func open(_ url: URL) throws -> Int32 {
        let opened = url.withUnsafeFileSystemRepresentation { path -> Result<Int32, SystemError> in
            guard let path else { return .failure(SystemError(code: POSIXError.Code.ENOENT.rawValue)) }
            return Result { () throws(SystemError) in try SystemIO.openForReading(path) }
        }
        switch opened {
        case .success(let descriptor): return descriptor
        case .failure(let error): throw openFailure(error.code, url: url)
        }
    }

    /// The error for a file that could not be opened: `code` is the system's error number.
    static func openFailure(_ code: Int32, url: URL) -> CocoaError {
        let posix = POSIXError.Code(rawValue: code)
        let reason: CocoaError.Code
        switch posix {
        case .ENOENT?, .ENOTDIR?: reason = .fileReadNoSuchFile
        case .EACCES?, .EPERM?: reason = .fileReadNoPermission
        case .EFBIG?, .EOVERFLOW?: reason = .fileReadTooLarge
        default: reason = .fileReadUnknown
        }
        // The keys' values are Foundation's `NSURLErrorKey` and `NSUnderlyingErrorKey`, which
        // FoundationEssentials does not name.
        var userInfo: [String: Any] = ["NSURL": url]
        if let posix { userInfo["NSUnderlyingError"] = POSIXError(posix) }
        return CocoaError(reason, userInfo: userInfo)
    }

    /// Reads up to `buffer.count` bytes straight into `buffer` with the system's `read` (no `Data`
    /// in between); 0 at the end of the file. A failure is a `SystemError`, described as the
    /// system describes its error number.
    func read(into buffer: UncheckedMutableBytes) throws -> Int {
        try SystemIO.read(descriptor, into: buffer)
    }
}
