// XMLFieldStream: a document read field by field from the reader's events, with no index and no
// Codable container: the runtime a generated decoder calls (in the style of serde's derived
// `Deserialize`, which matches each field's name in a `match` and reads its value), and today the
// Swift floor of the benchmarks (issue 36): what decoding a model costs without `Codable`, with
// the same reader, scalar parsing and string making as `XMLDecoder`. System programming
// interface (`@_spi(FieldStream)`), not API: its shape may change with the generator.
//
// Design: the stream owns the reader (a copy made over the document's bytes) and reads one
// element at a time. `next(in:)` goes through the current element's attributes, then its child
// elements in document order, and returns the number of the next field whose name is in the
// table (names as written, compared by length then bytes); a child it does not know is skipped
// with its subtree, text between children is ignored. The caller then reads the field's value
// (`string()`, `int()`, `double()`, `bool()`: an attribute's value, or a child's character data),
// or decodes the child's own fields (`nested(_:)`), or calls `next(in:)` again, which skips it.
// Nothing is kept of an element once it is read, so memory does not grow with the document.
// Every event is read, to the end of the document: a document the reader refuses is refused.
//
//     <osm version="0.6"><node id="7" lat="1.5"><tag k="a" v="b"/></node></osm>
//
//     try XMLDecoder().decodeFields(from: data) { osm in          // at <osm>
//         var nodes: [Node] = []
//         while let field = try osm.next(in: osmNames) {          // osmNames: ["version", "node"]
//             switch field {
//             case 0: version = try osm.string()                  // "0.6" (an attribute)
//             default: nodes.append(try osm.nested(Node.read))    // <node>: its attributes, its
//             }                                                   // <tag> children, up to </node>
//         }                                                       // nil after </osm>
//         ...
//     }
//
// Errors: a value that does not parse, a child element where a value's text is expected, and a
// missing field (`missing(_:)`) are `DecodingError`s whose coding path is the names of the
// nested fields and whose description gives the line and column; a document that is not
// well-formed is `XMLDecoder`'s `dataCorrupted` with the reader's error underneath.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The names of a type's fields, in the order of the numbers `XMLFieldStream.next(in:)` returns:
/// what a generated decoder declares once per type.
// PROTOTYPE (issue 36): public, not SPI, so that a public type can conform (see XMLFieldDecodable.swift).
public final class XMLFieldNames: Sendable {
    /// The names (a string literal's bytes live as long as the program).
    let names: [StaticString]
    /// For each name length up to `maxLength`, the numbers of the names of that length.
    let byLength: [[Int]]
    /// The longest name matched through `byLength`; longer ones are compared one by one.
    static let maxLength = 64

    /// The names, numbered from 0 in the order given.
    public init(_ names: StaticString...) {
        self.names = names
        var byLength = Array(repeating: [Int](), count: Self.maxLength + 1)
        for (number, name) in names.enumerated() where name.utf8CodeUnitCount <= Self.maxLength {
            byLength[name.utf8CodeUnitCount].append(number)
        }
        self.byLength = byLength
    }

    /// The number of the name equal to `bytes`, or `nil`.
    @inline(__always)
    func number(of bytes: UncheckedBytes) -> Int? {
        let count = bytes.count
        guard count <= Self.maxLength else { return names.firstIndex { bytes.elementsEqual(UncheckedBytes($0)) } }
        for number in byLength[count] where bytes.elementsEqual(UncheckedBytes(names[number])) { return number }
        return nil
    }
}

/// A document read field by field; see the file's header.
///
/// Not copyable: it holds an unchecked view of the bytes `decodeFields(from:_:)` lends for its
/// call, and is only ever passed `inout`, so no copy can outlive them.
// PROTOTYPE (issue 36): public, not SPI, so that a public type can conform (see XMLFieldDecodable.swift).
public struct XMLFieldStream: ~Copyable {
    /// What the current field is (its name and value are stored beside it).
    enum FieldKind {
        case none
        /// An attribute: `fieldValue` is its value.
        case attribute
        /// A child element whose start tag was read and whose content was not yet.
        case child
    }

    // The methods that use the reader are `mutating` or static: a non-mutating method called from
    // a mutating one made Swift copy the whole stream, reader included (about a kilobyte), at
    // every call: 55.3 → 46.2 million instructions reading osm 5k once they were not.
    private var reader: XMLReader
    private let document: UncheckedBytes
    private let trim: Bool
    /// The current element's attributes, held only until its first child is looked for (held
    /// while the reader reads on, they would make it copy its storage).
    private var attributes: XMLReader.Attributes?
    private var attributeIndex = 0
    private var field = FieldKind.none
    /// The current field's name (for errors).
    private var fieldName = XMLSlice(source: 0, start: 0, end: 0)
    /// The current attribute's value.
    private var fieldValue = XMLSlice(source: 0, start: 0, end: 0)
    /// The reader's depth inside the current element (its start tag read).
    private var depth: Int
    /// Whether the current element's end tag was read.
    private var ended = false
    /// The names of the child fields being decoded, outermost first (for errors).
    private var path: [XMLSlice] = []
    /// The decoder's settings, for the fields decoded through Codable (`codable(_:)`).
    private let options: XMLDecoder.Options?
    /// The index builder and the decoder of the fields decoded through Codable, made at the
    /// first and kept for the next (as `decodeElements` keeps them from element to element).
    private var fallback: FallbackState?

    final class FallbackState {
        var builder = XMLIndex.Builder()
        var decoder: XMLDecoderImpl
        init(decoder: XMLDecoderImpl) { self.decoder = decoder }
    }

    init(reader: XMLReader, document: UncheckedBytes, trim: Bool, options: XMLDecoder.Options? = nil) throws {
        self.reader = reader
        self.document = document
        self.trim = trim
        self.options = options
        depth = 0
        while true {
            guard let event = try nextEvent() else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The document has no root element."))
            }
            if case .startElement = event { break }
        }
        depth = self.reader.depth
        attributes = self.reader.attributes
    }

    /// The next event, with the reader's error as `XMLDecoder` reports it.
    @inline(__always)
    private mutating func nextEvent() throws -> XMLEvent? {
        do throws(ScanError) {
            return try reader.nextEvent(inMemory: document)
        } catch {
            throw XMLDecoder.notWellFormed(reader.publicError(error))
        }
    }

    /// Reads up to the end tag of the element at `depth` (whose start tag was read).
    private mutating func skip(toEndOf depth: Int) throws {
        while reader.depth >= depth {
            guard try nextEvent() != nil else { return }
        }
    }

    /// Moves to the next field of the current element whose name is in `names`, and returns its
    /// number; `nil` once the element's end tag is read. A field whose value was not read is
    /// skipped (a child with its subtree).
    public mutating func next(in names: XMLFieldNames) throws -> Int? {
        if field == .child { try skip(toEndOf: depth + 1) }
        field = .none
        if let attributes {
            while attributeIndex < attributes.count {
                let attribute = attributes[attributeIndex]
                attributeIndex += 1
                guard !attribute.isNamespaceDeclaration else { continue }
                let name = attribute.name.qualified
                if let number = number(of: name, in: names) {
                    field = .attribute
                    fieldName = name
                    fieldValue = attribute.value
                    return number
                }
            }
            self.attributes = nil
        }
        guard !ended else { return nil }
        while let event = try nextEvent() {
            switch event {
            case .startElement(let name):
                if let number = number(of: name.qualified, in: names) {
                    field = .child
                    fieldName = name.qualified
                    return number
                }
                try skip(toEndOf: depth + 1)
            case .endElement:
                ended = true
                return nil
            default:
                continue
            }
        }
        ended = true
        return nil
    }

    /// The number of a name in `names` (a name from an entity's replacement text is read from
    /// its buffer).
    @inline(__always)
    private mutating func number(of name: XMLSlice, in names: XMLFieldNames) -> Int? {
        if name.source == 0 { return names.number(of: document.extracting(unchecked: name.start..<name.end)) }
        return reader.withUncheckedBytes(of: name) { names.number(of: $0) }
    }

    /// Decodes the current child field's content with `decode`, which gets the stream at the
    /// child (its attributes, then its children), and reads up to the child's end tag.
    public mutating func nested<T>(_ decode: (inout XMLFieldStream) throws -> T) throws -> T {
        guard field == .child else {
            throw DecodingError.typeMismatch(
                [String: Any].self, context("Expected an element but found an attribute or no field"))
        }
        let saved = (attributeIndex, depth, ended)
        field = .none
        attributes = reader.attributes
        attributeIndex = 0
        depth += 1
        ended = false
        path.append(fieldName)
        let value = try decode(&self)
        if !ended { try skip(toEndOf: depth) }
        path.removeLast()
        attributes = nil
        field = .none
        (attributeIndex, depth, ended) = saved
        return value
    }

    /// PROTOTYPE (issue 36): the current child field decoded through Codable, for a type with no
    /// generated reader (a plain Codable struct, a `Date`): the child's events, up to its end tag,
    /// go into an index of its subtree alone (`XMLIndex.Builder`, as `decodeElements` collects an
    /// element), which a Codable decoder with the decoder's settings then reads. Errors' coding
    /// paths start at the child.
    public mutating func codable<T: Decodable>(_ type: T.Type) throws -> T {
        guard field == .child else {
            throw DecodingError.typeMismatch(type, context("Expected an element but found an attribute or no field"))
        }
        guard let options else {
            throw DecodingError.typeMismatch(type, context("This stream decodes no field through Codable"))
        }
        guard fieldName.source == 0 else {
            throw DecodingError.typeMismatch(
                type, context("An element from an entity's replacement text is not decoded through Codable here"))
        }
        field = .none
        let origin = fieldName.start - 1
        let state: FallbackState
        if let fallback {
            state = fallback
            // A model that kept the last field's decoder or a container: this one gets a new one.
            if !isKnownUniquelyReferenced(&state.decoder) {
                state.decoder = XMLDecoderImpl(continuing: state.decoder)
            }
        } else {
            state = FallbackState(
                decoder: XMLDecoderImpl(index: XMLIndex(), reader: reader, options: options, document: .empty))
            fallback = state
        }
        var builder = XMLIndex.Builder()
        swap(&builder, &state.builder)
        builder.begin(at: origin)
        builder.startElement(
            XMLName(qualified: fieldName), attributes: reader.keptAttributes[reader.attributeBase...], base: 0,
            nameLastByte: lastByte(of: fieldName))
        let childDepth = depth + 1
        loop: while let event = try nextEvent() {
            switch event {
            case .startElement(let name):
                builder.startElement(
                    name, attributes: reader.keptAttributes[reader.attributeBase...], base: 0,
                    nameLastByte: lastByte(of: name.qualified))
            case .endElement:
                builder.endElement()
                if reader.depth < childDepth { break loop }
            case .text(let slice):
                builder.characters(slice, cdata: false, base: 0)
            case .cdata(let slice):
                builder.characters(slice, cdata: true, base: 0)
            default:
                continue
            }
        }
        let end = reader.documentReadPosition
        if let name = builder.unfit { throw XMLDecoder.notWellFormed(XMLIndex.unindexable(name, reader)) }
        let index = builder.finish()
        let decoder = state.decoder
        // The decoder's reader resolves what lies outside the document's bytes (entities'
        // replacement text, attribute defaults): the one that read the subtree, lent for the
        // field (swapped, not copied: a copy sharing its storage would make the stream's reader
        // copy it at its next event).
        swap(&reader, &decoder.reader)
        decoder.reset(index: index, document: document.extracting(unchecked: origin..<end), documentBase: origin)
        defer {
            swap(&reader, &decoder.reader)
            builder.reclaim(decoder.takeIndex())
            swap(&builder, &state.builder)
            decoder.finish()
        }
        return try decoder.unwrap(.element(0), as: type, path: .root)
    }

    /// The last byte of a name in the document (`nil` for one from an entity's replacement text).
    private func lastByte(of name: XMLSlice) -> UInt8? {
        guard name.source == 0, name.end > name.start else { return nil }
        return document[unchecked: name.end - 1]
    }

    /// The current field's value as a string: an attribute's value, or a child's character data
    /// (trimmed as `XMLDecoder.trimValueWhitespaces` says).
    public mutating func string() throws -> String {
        switch field {
        case .attribute:
            return makeString(fieldValue)
        case .child:
            let text = try childText()
            if let single = text.single { return makeString(single) }
            return UncheckedBytes.withView(of: text.joined) { view in
                UncheckedUTF8String.make(trim ? ScalarParsing.trimmed(view) : view)
            }
        case .none:
            throw DecodingError.typeMismatch(String.self, context("Expected a value but found no field"))
        }
    }

    /// The current field's value as an integer; `dataCorrupted` when it is not one.
    public mutating func int() throws -> Int {
        try parse("an integer") { bytes in
            guard case .value(let number) = ScalarParsing.integer(bytes, as: Int.self) else { return nil }
            return number
        }
    }

    /// The current field's value as a finite number; `dataCorrupted` when it is not one.
    public mutating func double() throws -> Double {
        try parse("a number") { bytes in
            guard let number = ScalarParsing.floatingPoint(bytes, as: Double.self), number.isFinite else { return nil }
            return number
        }
    }

    /// The current field's value as a boolean (`XMLDecoder`'s spellings); `dataCorrupted` when
    /// it is not one.
    public mutating func bool() throws -> Bool {
        try parse("a boolean") { ScalarParsing.boolean($0) }
    }

    /// `int()` for an optional field: `nil` for a child with no text at all (`<n/>`), as the
    /// Codable path reads an optional number; an empty attribute (`n=""`) and a child of white
    /// space are refused there, and here (PROTOTYPE, for the `@XMLFieldDecodable` macro).
    public mutating func optionalInt() throws -> Int? {
        return try parseOptional("an integer") { bytes in
            guard case .value(let number) = ScalarParsing.integer(bytes, as: Int.self) else { return nil }
            return number
        }
    }

    /// `double()` for an optional field: `nil` for a child with no text at all.
    public mutating func optionalDouble() throws -> Double? {
        return try parseOptional("a number") { bytes in
            guard let number = ScalarParsing.floatingPoint(bytes, as: Double.self), number.isFinite else { return nil }
            return number
        }
    }

    /// `bool()` for an optional field: `nil` for a child with no text at all.
    public mutating func optionalBool() throws -> Bool? {
        return try parseOptional("a boolean") { ScalarParsing.boolean($0) }
    }

    /// The error for a field the document does not have, at the current element.
    public func missing(_ name: StaticString) -> DecodingError {
        DecodingError.keyNotFound(
            XMLKey(stringValue: name.description),
            context("No attribute or element \(name.description) found"))
    }

    // MARK: - Values

    /// A child's character data: one slice (the common case), or its runs decoded and joined.
    private struct Text {
        var single: XMLSlice?
        var joined: [UInt8] = []
        /// Whether the child had a text or CDATA event at all.
        var any: Bool { single != nil || several }
        var several = false
    }

    /// Reads the current child's character data up to its end tag.
    private mutating func childText() throws -> Text {
        field = .none
        var text = Text()
        var several = false
        while let event = try nextEvent() {
            switch event {
            case .text(let slice), .cdata(let slice):
                if !several, text.single == nil {
                    text.single = slice
                    continue
                }
                if let first = text.single {
                    text.joined = reader.decodedBytes(first, in: document)
                    text.single = nil
                }
                several = true
                text.several = true
                text.joined += reader.decodedBytes(slice, in: document)
            case .endElement:
                return text
            case .startElement(let name):
                let found = reader.string(name)
                throw DecodingError.typeMismatch(String.self, context("Expected text but found the element <\(found)>"))
            default:
                continue
            }
        }
        return text
    }

    /// The current field's value, decoded and parsed by `body`; `dataCorrupted` naming `what` was
    /// expected when `body` returns `nil`.
    @inline(__always)
    private mutating func parse<R>(_ what: String, _ body: (UncheckedBytes) -> R?) throws -> R {
        let slice: XMLSlice
        switch field {
        case .attribute:
            slice = fieldValue
        case .child:
            return try parse(try childText(), what, body)
        case .none:
            throw DecodingError.typeMismatch(String.self, context("Expected a value but found no field"))
        }
        return try parse(slice, what, body)
    }

    /// `parse(_:_:)` for an optional field: `nil` for a child with no text at all (`<n/>`,
    /// `<n></n>`, not `<n> </n>`), as the Codable path reads an optional number or boolean.
    @inline(__always)
    private mutating func parseOptional<R>(_ what: String, _ body: (UncheckedBytes) -> R?) throws -> R? {
        guard field == .child else { return try parse(what, body) }
        let text = try childText()
        if text.single == nil, !text.any { return nil }
        return try parse(text, what, body)
    }

    /// A child's text, parsed by `body`.
    @inline(__always)
    private mutating func parse<R>(_ text: Text, _ what: String, _ body: (UncheckedBytes) -> R?) throws -> R {
        guard let single = text.single else {
            if let value = UncheckedBytes.withView(of: text.joined, body) { return value }
            throw notParsed(what, UncheckedBytes.withView(of: text.joined) { UncheckedUTF8String.make($0) })
        }
        return try parse(single, what, body)
    }

    /// A slice's value, parsed by `body`.
    @inline(__always)
    private mutating func parse<R>(_ slice: XMLSlice, _ what: String, _ body: (UncheckedBytes) -> R?) throws -> R {
        if slice.isVerbatim, slice.source == 0 {
            let bytes = document.extracting(unchecked: slice.start..<slice.end)
            if let value = body(bytes) { return value }
            throw notParsed(what, UncheckedUTF8String.make(bytes))
        }
        let decoded = reader.decodedBytes(slice, in: document)
        if let value = UncheckedBytes.withView(of: decoded, body) { return value }
        throw notParsed(what, UncheckedBytes.withView(of: decoded) { UncheckedUTF8String.make($0) })
    }

    /// The error for a value that is not `what`.
    @inline(never)
    private mutating func notParsed(_ what: String, _ text: String) -> DecodingError {
        DecodingError.dataCorrupted(context("Expected \(what) but found \"\(text)\""))
    }

    /// A slice as a string, as `XMLDecoder` makes one.
    private mutating func makeString(_ slice: XMLSlice) -> String {
        if slice.isVerbatim, slice.source == 0 {
            let bytes = document.extracting(unchecked: slice.start..<slice.end)
            return UncheckedUTF8String.make(trim ? ScalarParsing.trimmed(bytes) : bytes)
        }
        if slice.source == 0,
            let string = XMLDecoderImpl.decodedString(slice, document, trim: trim, reader: &reader)
        {
            return string
        }
        return UncheckedBytes.withView(of: reader.decodedBytes(slice, in: document)) { view in
            UncheckedUTF8String.make(trim ? ScalarParsing.trimmed(view) : view)
        }
    }

    // MARK: - Errors

    /// An error's context: the path of the nested fields, and where the reader is.
    private func context(_ message: String) -> DecodingError.Context {
        let location = reader.location(ofOffset: reader.documentPosition)
        let keys: [any CodingKey] = path.map { XMLKey(stringValue: reader.string($0)) }
        return DecodingError.Context(
            codingPath: keys,
            debugDescription: "\(message), at line \(location.line), column \(location.column).")
    }
}

extension XMLDecoder {
    /// Reads `data` field by field with `decode`, which gets the stream at the root element
    /// (see `XMLFieldStream`); then reads the rest of the document, so that a document that is
    /// not well-formed is refused. Uses the decoder's reader options and
    /// `trimValueWhitespaces`; names are matched as written (no key strategy, no namespaces).
    // PROTOTYPE (issue 36): public, not SPI, so that a public type can conform (see XMLFieldDecodable.swift).
    public func decodeFields<T>(from data: Data, _ decode: (inout XMLFieldStream) throws -> T) throws -> T {
        let options = currentOptions
        return try UncheckedBytes.withView(of: data) { bytes in
            let reader: XMLReader
            do {
                reader = try XMLReader(unsafeBytes: bytes.unsafeRawBuffer, options: options.readerOptions)
            } catch let error as XMLParsingError {
                throw Self.notWellFormed(error)
            }
            return try reader.input.withUncheckedBytes { document in
                var stream = try XMLFieldStream(
                    reader: reader, document: document, trim: options.trimValueWhitespaces, options: options)
                let value = try decode(&stream)
                try stream.finish()
                return value
            }
        }
    }
}

extension XMLFieldStream {
    /// Reads the rest of the root element, if `decode` left some, and of the document.
    mutating func finish() throws {
        if !ended { try skip(toEndOf: 1) }
        while try nextEvent() != nil {}
    }
}
