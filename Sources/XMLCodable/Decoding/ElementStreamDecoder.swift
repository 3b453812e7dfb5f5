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
    private(set) var reader: XMLReader
    let path: ElementPath
    let options: XMLDecoder.Options
    private var builder = XMLIndex.Builder()
    /// How many levels of open elements there are, and how many of them the path matches.
    private var depth = 0
    private var matched = 0
    /// The element being collected: its depth, and its bytes' absolute range once complete.
    private var collecting = false
    private var itemDepth = 0
    private var itemEnd = 0
    /// The elements decoded so far.
    private(set) var count = 0
    private var decoder: XMLDecoderImpl?
    /// The coding path step the elements' positions hang from.
    private let list = CodingPathNode.KeyStep.list(at: .root)

    init(reader: XMLReader, path: ElementPath, options: XMLDecoder.Options) {
        self.reader = reader
        self.path = path
        self.options = options
    }

    /// Decodes the next element at the path, reading as far as it needs; `nil` at the end.
    func next<T: Decodable>(_ type: T.Type) throws -> T? {
        do {
            while let event = try reader.next() {
                if take(event) { return try decodeCollected(type) }
            }
        } catch let error as XMLParsingError {
            throw Self.notWellFormed(error)
        }
        return nil
    }

    /// `next(_:)` for a reader over an asynchronous sequence.
    func next<T: Decodable>(_ type: T.Type) async throws -> T? {
        do {
            while let event = try await reader.next() {
                if take(event) { return try decodeCollected(type) }
            }
        } catch let error as XMLParsingError {
            throw Self.notWellFormed(error)
        }
        return nil
    }

    /// The error for a document that is not well-formed, as `XMLDecoder.decode` throws it.
    static func notWellFormed(_ error: XMLParsingError) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription: "The given data is not well-formed XML: \(error.reason), at line \(error.line), column \(error.column).",
                underlyingError: error))
    }

    /// Follows one event; returns true when it completes an element at the path.
    private func take(_ event: XMLEvent) -> Bool {
        switch event {
        case .startElement(let name):
            depth += 1
            if collecting {
                reader.input.withBytes { window in
                    builder.startElement(name, attributes: reader.attributes, base: windowBase, document: window)
                }
                return false
            }
            guard matched == depth - 1, matched < path.steps.count,
                path.step(matched, matches: name, in: reader, localNames: options.shouldProcessNamespaces)
            else { return false }
            matched = depth
            guard matched == path.steps.count else { return false }
            // An element at the path: keep its bytes from its '<' until it ends. (One that begins in
            // an entity's replacement text also ends there, and has no bytes in the document.)
            let origin = name.qualified.source == 0 ? windowBase + name.qualified.start - 1 : windowBase + reader.scanner.documentReadPosition
            reader.input.stream?.pin = origin
            builder.begin(at: origin)
            reader.input.withBytes { window in
                builder.startElement(name, attributes: reader.attributes, base: windowBase, document: window)
            }
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
            itemEnd = windowBase + reader.scanner.documentReadPosition
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

    /// The absolute offset of the reader's buffer.
    private var windowBase: Int { reader.input.stream?.base ?? 0 }

    /// Decodes the element just collected, from its bytes.
    private func decodeCollected<T: Decodable>(_ type: T.Type) throws -> T {
        let origin = builder.origin
        defer { reader.input.stream?.pin = nil }
        let index = builder.finish()
        let decoder =
            self.decoder ?? XMLDecoderImpl(index: XMLIndex(), reader: reader, options: options, document: UnsafeRawBufferPointer(start: nil, count: 0))
        self.decoder = decoder
        let value = try reader.input.withBytes { window -> T in
            let start = min(max(0, origin - windowBase), window.count)
            let end = min(max(start, itemEnd - windowBase), window.count)
            decoder.reset(index: index, reader: reader, document: UnsafeRawBufferPointer(rebasing: window[start..<end]), documentBase: origin)
            defer { builder.reclaim(decoder.takeIndex()) }
            return try decoder.unwrap(.element(0), as: type, path: .item(count, list))
        }
        count += 1
        return value
    }
}
