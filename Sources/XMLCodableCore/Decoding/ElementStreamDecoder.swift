// ElementStreamDecoder: the engine of `XMLDecoder.decodeElements`. A reader reads the document in
// chunks; the elements at a path are collected one at a time and decoded as each completes, so
// memory holds one element, never the document:
//
//     <osm version="0.6">                 depth 1: matches step "osm"
//       <node id="1" lat="…">             depth 2: matches "node": collecting begins, the window is
//         <tag k="a" v="b"/>                         pinned at this '<' so its bytes stay
//       </node>                           complete: the element is indexed (relative to its '<')
//                                         and decoded, the pin lifted; the window moves on
//       <node id="2" …/>                  the next one
//
// While an element is collected, each event goes into an `XMLIndex.Builder`; the slices of the
// element's own bytes are stored relative to its first byte, so that once it is complete the
// ordinary decoder reads it from those bytes alone (`XMLDecoderImpl.reset`), and the reader that
// read it still resolves what lies elsewhere — entity replacement text and attribute defaults
// from the internal subset, the namespace URIs in scope. One decoder decodes all the elements,
// keeping what it learnt about the types; errors carry the element's position in the sequence
// (`[3]`) and its line and column in the whole document.

internal final class ElementStreamDecoder {
    // Read and changed for every event by one caller, never re-entrantly: no dynamic
    // exclusivity checks.
    /// The reader's input (its bytes, and its window when read in chunks).
    private let input: XMLReader.Input
    private let stream: StreamInput?
    let path: ElementPath
    let options: XMLDecoder.Options
    @exclusivity(unchecked) private var builder = XMLIndex.Builder()
    /// How many levels of open elements there are, and how many of them the path matches.
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var matched = 0
    /// The element being collected: its depth, and its bytes' absolute range once complete.
    @exclusivity(unchecked) private var collecting = false
    @exclusivity(unchecked) private var itemDepth = 0
    @exclusivity(unchecked) private var itemEnd = 0
    /// The elements decoded so far.
    @exclusivity(unchecked) private(set) var count = 0
    /// The decoder of every element. It holds the reader, which reads the document through it
    /// (`decoder.reader.next()` changes it in place; a struct taken out of a class's property
    /// and put back would be copied, and a copy would share the reader's arrays, which its next
    /// change would then copy again). Replaced when an element's model keeps it or one of its
    /// containers (see `endElementCall`).
    @exclusivity(unchecked) private var decoder: XMLDecoderImpl
    /// The coding path step the elements' positions hang from (holding no decoder: see
    /// `listStep(decoder:)`).
    private let list = CodingPathNode.root.listStep(decoder: nil)

    init(reader: XMLReader, path: ElementPath, options: XMLDecoder.Options) {
        input = reader.input
        stream = reader.input.stream
        self.path = path
        self.options = options
        decoder = XMLDecoderImpl(index: XMLIndex(), reader: reader, options: options, document: .empty)
    }

    /// Decodes the next element at the path, reading as far as it needs; `nil` at the end.
    func next<T: Decodable>(_ type: T.Type) throws -> T? {
        // The decoder reads the events itself (`readElement`), so that the loop touches no
        // reference count per event (`self.decoder` is a variable: reached from here, each
        // access would retain it).
        guard try decoder.readElement(for: self) else { return nil }
        return try decodeCollected(type)
    }

    /// `next(_:)` for a reader over an asynchronous sequence, on the caller's actor.
    ///
    /// The events are read as `next(_:)` reads them, synchronously, as far as the bytes that have
    /// arrived go (the stream `suspendsForInput`); then one `await` reads the next chunk, and
    /// reading goes on. So an element costs what it costs from a file, plus an `await` per chunk.
    ///
    /// - Throws: as `next(_:)`; `CancellationError` when the task is cancelled while the bytes are
    ///   awaited (or the sequence ends because of it).
    func next<T: Decodable>(_ type: T.Type, isolation: isolated (any Actor)?) async throws -> T? {
        guard let stream, case .asynchronous = stream.source else { return try next(type) }
        stream.suspendsForInput = true
        while true {
            stream.awaitsInput = false
            if try decoder.readElement(for: self) { return try decodeCollected(type) }
            guard stream.awaitsInput else { return nil }
            do {
                try await stream.readChunk(isolation: isolation)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw XMLDecoder.notWellFormed(error)
            }
        }
    }

    /// Follows one event; returns true when it completes an element at the path.
    func take(_ event: XMLEvent, _ decoder: XMLDecoderImpl) -> Bool {
        switch event {
        case .startElement(let name):
            depth += 1
            if collecting {
                addStartTag(name, decoder)
                return false
            }
            guard matched == depth - 1, matched < path.steps.count,
                path.step(matched, matches: name, in: &decoder.reader, localNames: options.shouldProcessNamespaces)
            else { return false }
            matched = depth
            guard matched == path.steps.count else { return false }
            // An element at the path: keep its bytes from its '<' until it ends. (One that begins in
            // an entity's replacement text also ends there, and has no bytes in the document.)
            let origin =
                name.qualified.source == 0
                ? windowBase + name.qualified.start - 1 : windowBase + decoder.reader.documentReadPosition
            stream?.setPin(origin)
            builder.begin(at: origin)
            addStartTag(name, decoder)
            collecting = true
            itemDepth = depth
            return false
        case .endElement:
            defer {
                if matched == depth { matched -= 1 }
                depth -= 1
            }
            guard collecting else { return false }
            builder.endElement()
            guard depth == itemDepth else { return false }
            collecting = false
            itemEnd = windowBase + decoder.reader.documentReadPosition
            return true
        case .text(let slice):
            if collecting { builder.characters(slice, cdata: false, base: windowBase) }
            return false
        case .cdata(let slice):
            if collecting { builder.characters(slice, cdata: true, base: windowBase) }
            return false
        case .comment, .processingInstruction, .doctype:
            return false
        }
    }

    /// Adds the start tag just read to the element being collected.
    @inline(__always)
    private func addStartTag(_ name: XMLName, _ decoder: XMLDecoderImpl) {
        let qualified = name.qualified
        var lastByte: UInt8?
        if qualified.source == 0, qualified.end > qualified.start {
            lastByte = input.withUncheckedBytes { $0[unchecked: qualified.end - 1] }
        }
        let first = decoder.reader.attributeBase
        builder.startElement(
            name, attributes: decoder.reader.keptAttributes[first...], base: windowBase, nameLastByte: lastByte)
    }

    /// The absolute offset of the reader's buffer.
    private var windowBase: Int { stream?.windowBase ?? 0 }

    /// Decodes the element just collected, from its bytes.
    private func decodeCollected<T: Decodable>(_ type: T.Type) throws -> T {
        let origin = builder.origin
        defer { stream?.setPin(nil) }
        if let name = builder.unfit { throw XMLDecoder.notWellFormed(XMLIndex.unindexable(name, decoder.reader)) }
        let index = builder.finish()
        // After `decodeElement`, which holds the decoder while it decodes: whether anything else
        // still holds it is asked when only `self` should.
        defer { endElementCall() }
        let value = try decodeElement(type, index: index, origin: origin)
        count += 1
        return value
    }

    private func decodeElement<T: Decodable>(_ type: T.Type, index: XMLIndex, origin: Int) throws -> T {
        let decoder = self.decoder
        return try input.withUncheckedBytes { window -> T in
            let start = min(max(0, origin - windowBase), window.count)
            let end = min(max(start, itemEnd - windowBase), window.count)
            decoder.reset(
                index: index, document: window.extracting(unchecked: start..<end), documentBase: origin)
            defer { builder.reclaim(decoder.takeIndex()) }
            return try decoder.unwrap(.element(0), as: type, path: .item(count, list))
        }
    }

    /// Ends the decoding of one element: its bytes are about to leave the window, so its decoder
    /// (and the decoders `superDecoder()` made) refuse any later use. A decoder that something
    /// still holds — a model that kept its `Decoder` or a container — stays ended, and the next
    /// elements get a new one; otherwise the next element reuses it (`reset`).
    private func endElementCall() {
        decoder.finish()
        if !isKnownUniquelyReferenced(&decoder) {
            decoder = XMLDecoderImpl(continuing: decoder)
        }
    }
}

extension XMLDecoderImpl {
    /// Reads events into `stream` until it has collected an element at its path (`true`) or the
    /// document has ended (`false`). A method of the decoder, so that the reader it holds is read
    /// in place and the decoder reached without a retain per event.
    func readElement(for stream: ElementStreamDecoder) throws -> Bool {
        while true {
            let event: XMLEvent?
            do throws(XMLParsingError) {
                event = try reader.next()
            } catch {
                throw XMLDecoder.notWellFormed(error)
            }
            guard let event else { return false }
            if stream.take(event, self) { return true }
        }
    }
}
