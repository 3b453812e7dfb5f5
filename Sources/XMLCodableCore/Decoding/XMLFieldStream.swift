// XMLFieldStream: a document read field by field from the reader's events, with no index and no
// Codable container: the runtime the `@XMLFieldDecodable` macro's generated readers call (in the
// style of serde's derived `Deserialize`, which matches each field's name in a `match` and reads
// its value), with the same reader, scalar parsing and string making as `XMLDecoder`. Users rarely
// call it themselves: `XMLDecoder.decode(_:from:)` runs a generated reader when the type has one.
//
// Design: the stream owns the reader (a copy made over the document's bytes) and reads one
// element at a time. `next(in:)` goes through the current element's attributes, then its child
// elements in document order, and returns the number of the next field whose name is in the
// table (`XMLFieldNames`: names as written, compared by length then bytes); a child it does not
// know is skipped with its subtree, text between children is ignored. The caller then reads the
// field's value (`string()`, `int()`, …: an attribute's value, or a child's character data), or
// decodes the child's own fields (`nested(_:)`, `nestedFields(_:)`), or decodes it through Codable
// (`codable(_:)`, for a type with no generated reader), or calls `next(in:)` again, which skips it.
// Nothing is kept of an element once it is read, so memory does not grow with the document.
// Every event is read, to the end of the document: a document the reader refuses is refused.
//
//     <osm version="0.6"><node id="7" lat="1.5"><tag k="a" v="b"/></node></osm>
//
//     while let field = try stream.next(in: Self.xmlFieldNames) {   // at <osm>: "version", "node"
//         do {
//             switch field {
//             case 0: version = try stream.string()                   // "0.6" (an attribute)
//             default:                                                // <node>: its attributes, its
//                 do {                                                    // <tag> children,
//                     let node = try stream.nestedFields(Node.self)       // up to </node>;
//                     stream.append(node, to: &nodes)                     // room ahead for a long
//                 } catch {                                               // list (+Lists)
//                     try stream.fail(error, item: nodes.count)
//                 }
//             }
//         } catch {
//             try stream.fail(error)                                  // kept; reading goes on
//         }
//     }                                                               // nil after </osm>
//     guard let version else { throw stream.missing("version", field: 0) }
//     try stream.checkFailures()
//
// What Codable would decode, the stream decodes, and where Codable throws, it throws the same
// `DecodingError` case with the same coding path:
//
// - Where a value is: a child element first, else an attribute (a field the table places with
//   `@Attribute` or `@Element` is looked for there only). A second child for a single-valued field
//   is `typeMismatch`; a list field is its child elements, never an attribute.
// - Which error: Codable decodes a struct's properties in declaration order (of CodingKeys' cases
//   when the struct declares them) and throws the first error, so the stream keeps an error for a
//   field (`fail`) and reads on; at the end of the element the generated code throws the error of
//   the first field in that order, a missing required field's `keyNotFound` included
//   (`missing(_:field:)`, `checkFailures()`). A document that is not well-formed is refused as
//   such, whatever else is wrong in it (the rest is read first).
// - Optionals: `nil` for a child marked `xsi:nil="true"`, and for an empty child (no content, no
//   attributes) read as a number, a boolean, or a struct that cannot be made from nothing.
//
// Errors: a value that does not parse, a child element where a value's text is expected and a
// missing field are `DecodingError`s whose coding path is the names of the nested fields (and
// the positions of list items) and whose description gives the line and column; a document that
// is not well-formed is `XMLDecoder`'s `dataCorrupted` with the reader's error underneath.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A document read field by field: what the code the `@XMLFieldDecodable` macro generates calls
/// (see ``XMLFieldDecodable``); you rarely call it yourself.
///
/// A generated reader loops over ``next(in:)``, reads each field's value with the method for its
/// type (``string()``, ``int()``, `nestedFields(_:)`, ``codable(_:)``, …), hands any error to
/// ``fail(_:)`` and reads on, then throws the first error in the order the type's synthesized
/// `Decodable` decodes its keys (``missing(_:field:)``, ``checkFailures()``), as it would. See
/// ``XMLDecoder/decodeFields(from:_:)`` to run a reader written by hand:
///
/// ```swift
/// let names = XMLFieldNames("id", "tag")
/// let ids = try XMLDecoder().decodeFields(from: data) { root -> [Int] in
///     var found: [Int] = []
///     while let field = try root.next(in: names), field == 0 { found.append(try root.int()) }
///     return found
/// }
/// ```
///
/// Not copyable: it holds an unchecked view of the bytes the decoder lends for its call, and is
/// only ever passed `inout`, so no copy can outlive them.
public struct XMLFieldStream: ~Copyable {
    /// What the current field is (its name and value are stored beside it).
    enum FieldKind {
        case none
        /// An attribute: `fieldValue` is its value.
        case attribute
        /// A child element whose start tag was read and whose content was not yet.
        case child
    }

    /// An error kept for a field until the end of its element (see `fail`).
    struct Failure {
        var field: Int
        var error: any Error
        /// Whether it is an attribute's: a child element for the field then replaces it.
        var fromAttribute: Bool
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
    /// The current field's number in the table `next(in:)` was given.
    private var fieldNumber = 0
    /// The current field's name (for errors).
    private var fieldName = XMLSlice(source: 0, start: 0, end: 0)
    /// The current attribute's value.
    private var fieldValue = XMLSlice(source: 0, start: 0, end: 0)
    /// The reader's depth inside the current element (its start tag read).
    private var depth: Int
    /// Whether the current element's end tag was read.
    private var ended = false
    /// A child element's start tag read ahead (`optionalNested`), for `next(in:)` to match first.
    private var pendingChild: XMLName?
    /// The single-valued fields of the current element met as child elements (bit `n`: field `n`).
    private var seen: UInt64 = 0
    /// The errors kept for fields (`fail`); the current element's start at `failureBase`.
    private var failures: [Failure] = []
    private var failureBase = 0
    /// Whether the reader refused the document: nothing more can be read.
    private(set) var broken = false
    /// Set for a generated reader run by `XMLDecoder.decode(_:from:)`: a second child element for
    /// a single-valued field throws `DecodeThroughCodable`, and the decoder decodes the document
    /// through Codable instead. What Codable makes of several elements for one property depends
    /// on the property's type (a collection of one's own reads them all as its items; anything
    /// else is `typeMismatch`), which only its `init(from:)` knows. Such documents are rare, and
    /// the restart gives exactly Codable's value or error. A reader written by hand
    /// (`decodeFields(from:_:)`) gets `typeMismatch` for the field instead.
    var restartsThroughCodable = false

    /// See `restartsThroughCodable`.
    struct DecodeThroughCodable: Error {}
    /// The names of the child fields being decoded, outermost first (for errors).
    private var path: [XMLSlice] = []
    /// The decoder's settings, for the fields decoded through Codable (`codable(_:)`).
    private let options: XMLDecoder.Options?
    /// The index builder and the decoder of the fields decoded through Codable, made at the
    /// first and kept for the next (as `decodeElements` keeps them from element to element).
    private var fallback: FallbackState?

    /// How far the reader is in the document: the bytes read and the document's length (for
    /// `listCapacity(growing:)`).
    var documentRead: (read: Int, length: Int) {
        mutating get { (reader.documentPosition, document.count) }
    }

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
            broken = true
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
    /// skipped (a child with its subtree). Attributes come first, then child elements in
    /// document order; a second child for a single-valued field, and an attribute for a list
    /// field, are kept as errors for the field (see `fail`) and not returned.
    public mutating func next(in names: XMLFieldNames) throws -> Int? {
        if field == .child { try skip(toEndOf: depth + 1) }
        field = .none
        if let attributes {
            while attributeIndex < attributes.count {
                let attribute = attributes[attributeIndex]
                attributeIndex += 1
                guard !attribute.isNamespaceDeclaration else { continue }
                let name = attribute.name.qualified
                if let number = number(of: name, in: names, attribute: true) {
                    fieldNumber = number
                    fieldName = name
                    if names.lists & (1 &<< UInt64(number)) != 0 {
                        listInAttribute()
                        continue
                    }
                    field = .attribute
                    fieldValue = attribute.value
                    return number
                }
            }
            self.attributes = nil
        }
        guard !ended else { return nil }
        if let pending = pendingChild {
            pendingChild = nil
            if let number = try child(pending, in: names) { return number }
        }
        while let event = try nextEvent() {
            switch event {
            case .startElement(let name):
                if let number = try child(name, in: names) { return number }
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

    /// A child element whose start tag was just read: its field's number, or `nil` when it is
    /// skipped (no field, or a second child for a single-valued field).
    @inline(__always)
    private mutating func child(_ name: XMLName, in names: XMLFieldNames) throws -> Int? {
        guard let number = number(of: name.qualified, in: names, attribute: false) else {
            try skip(toEndOf: depth + 1)
            return nil
        }
        fieldNumber = number
        fieldName = name.qualified
        if failures.count > failureBase { dropAttributeFailure(number) }
        let bit: UInt64 = 1 &<< UInt64(number)
        if names.single & bit != 0 {
            if seen & bit != 0 {
                if restartsThroughCodable { throw DecodeThroughCodable() }
                repeatedChild()
                try skip(toEndOf: depth + 1)
                return nil
            }
            seen |= bit
        }
        field = .child
        return number
    }

    /// The number of a name in `names` (a name from an entity's replacement text is read from
    /// its buffer).
    @inline(__always)
    private mutating func number(of name: XMLSlice, in names: XMLFieldNames, attribute: Bool) -> Int? {
        if name.source == 0 {
            return names.number(of: document.extracting(unchecked: name.start..<name.end), attribute: attribute)
        }
        return reader.withUncheckedBytes(of: name) { names.number(of: $0, attribute: attribute) }
    }

    // MARK: - Nested elements

    /// Decodes the current child field's content with `decode`, which gets the stream at the
    /// child (its attributes, then its children), and reads up to the child's end tag. An
    /// attribute is `typeMismatch`.
    public mutating func nested<T>(_ decode: (inout XMLFieldStream) throws -> T) throws -> T {
        guard field == .child else { throw notAnElement([String: Any].self) }
        return try enter(attributes: true, ended: false, decode)
    }

    /// `nested` for an optional field: `nil` for a child marked `xsi:nil="true"`, and for an
    /// empty child (no attributes, nothing but comments inside) that `decode` refuses, as the
    /// Codable path reads an optional struct.
    @usableFromInline
    mutating func optionalNested<T>(_ decode: (inout XMLFieldStream) throws -> T) throws -> T? {
        guard field == .child else { throw notAnElement([String: Any].self) }
        switch childAttributes() {
        case .nilMarked:
            return nil
        case .some:
            return try enter(attributes: true, ended: false, decode)
        case .none:
            break
        }
        // No attributes: the first event inside tells whether the child is empty (a start tag
        // read ahead is matched first by the child's `next(in:)`; text is not a field).
        while let event = try nextEvent() {
            switch event {
            case .endElement:
                do {
                    return try enter(attributes: false, ended: true, decode)
                } catch is DecodingError where !broken {
                    return nil
                }
            case .startElement(let name):
                pendingChild = name
                return try enter(attributes: false, ended: false, decode)
            case .text(let slice), .cdata(let slice):
                if slice.isEmpty { continue }
                return try enter(attributes: false, ended: false, decode)
            default:
                continue
            }
        }
        return try enter(attributes: false, ended: false, decode)
    }

    /// Runs `decode` at the current child (whose start tag was read), then reads up to its end
    /// tag; the stream is back at the parent afterwards, whatever `decode` threw.
    @inline(__always)
    private mutating func enter<T>(
        attributes hasAttributes: Bool, ended childEnded: Bool, _ decode: (inout XMLFieldStream) throws -> T
    ) throws -> T {
        let saved = (attributeIndex, depth, ended, seen, failureBase)
        let savedField = (fieldNumber, fieldName)
        field = .none
        // Taken from the reader here rather than passed in: a parameter would hold the reader's
        // attribute storage for the whole call, and the reader would copy it at its next element.
        attributes = hasAttributes ? reader.attributes : nil
        attributeIndex = 0
        depth += 1
        ended = childEnded
        seen = 0
        failureBase = failures.count
        path.append(fieldName)
        defer {
            path.removeLast()
            if failures.count > failureBase { failures.removeSubrange(failureBase...) }
            self.attributes = nil
            pendingChild = nil
            field = .none
            (attributeIndex, depth, ended, seen, failureBase) = saved
            (fieldNumber, fieldName) = savedField
        }
        let value = try decode(&self)
        if failures.count > failureBase { throw earliestFailure(upTo: .max)! }
        if !ended { try skip(toEndOf: depth) }
        return value
    }

    /// What the current child's attributes say about `nil`.
    private enum ChildAttributes {
        /// None but namespace declarations.
        case none
        /// `xsi:nil="true"` (or `1`), under any prefix bound to its namespace.
        case nilMarked
        /// Others.
        case some
    }

    /// Reads the current child's attributes for `xsi:nil` (what the Codable path asks of an
    /// optional's element).
    private mutating func childAttributes() -> ChildAttributes {
        let attributes = reader.attributes
        var found = ChildAttributes.none
        for attribute in attributes where !attribute.isNamespaceDeclaration {
            found = .some
            guard attribute.name.namespaceID > 0, reader.namespaceURI(attribute.name) == XMLDecoder.xsiNamespace,
                reader.string(attribute.name.local) == "nil"
            else { continue }
            let bytes = reader.decodedBytes(attribute.value, in: document)
            if UncheckedBytes.withView(of: bytes, { ScalarParsing.xsBoolean($0) }) == true { return .nilMarked }
            return .some
        }
        return found
    }

    // MARK: - Fields decoded through Codable

    /// The current field decoded through Codable, for a type with no generated reader (a `Date`,
    /// an enum, a plain Codable struct): a child's events, up to its end tag, go into an index of
    /// its subtree alone (`XMLIndex.Builder`, as `decodeElements` collects an element), or an
    /// attribute into an index of its element's attributes, which a Codable decoder with the
    /// decoder's settings then reads, as it would have read the field. Errors' coding paths start
    /// at the root. What the `@XMLFieldDecodable` macro's code calls through `nestedFields(_:)`.
    public mutating func codable<T: Decodable>(_ type: T.Type) throws -> T {
        guard let options else {
            throw DecodingError.typeMismatch(type, context("This stream decodes no field through Codable", field: true))
        }
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
        // Slices stay where they are in the document (origin 0), so that elements from an
        // entity's replacement text are read as well.
        builder.begin(at: 0)
        let value: XMLValue
        switch field {
        case .attribute:
            // The element's attributes (the reader is still at its start tag): the field's is
            // the one before `attributeIndex`.
            builder.startElement(
                XMLName(qualified: fieldName), attributes: reader.keptAttributes[reader.attributeBase...], base: 0,
                nameLastByte: nil)
            builder.endElement()
            value = .attribute(Int32(attributeIndex - 1))
        case .child:
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
            value = .element(0)
            field = .none
        case .none:
            swap(&builder, &state.builder)
            throw DecodingError.typeMismatch(type, context("Expected a value but found no field", field: false))
        }
        if let name = builder.unfit { throw XMLDecoder.notWellFormed(XMLIndex.unindexable(name, reader)) }
        let index = builder.finish()
        let decoder = state.decoder
        // The decoder's reader resolves what lies outside the document's bytes (entities'
        // replacement text, attribute defaults): the one that read the subtree, lent for the
        // field (swapped, not copied: a copy sharing its storage would make the stream's reader
        // copy it at its next event).
        swap(&reader, &decoder.reader)
        decoder.reset(index: index, document: document, documentBase: 0)
        defer {
            swap(&reader, &decoder.reader)
            builder.reclaim(decoder.takeIndex())
            swap(&builder, &state.builder)
            decoder.finish()
        }
        do {
            return try decoder.unwrap(value, as: type, path: .root)
        } catch let error as DecodingError {
            // The path from the field, made here only for an error.
            throw Self.error(error, prefixedWith: codingPath(field: true))
        }
    }

    /// The last byte of a name in the document (`nil` for one from an entity's replacement text).
    private func lastByte(of name: XMLSlice) -> UInt8? {
        guard name.source == 0, name.end > name.start else { return nil }
        return document[unchecked: name.end - 1]
    }

    // MARK: - Values

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
            throw DecodingError.typeMismatch(String.self, context("Expected a value but found no field", field: false))
        }
    }

    /// `string()` for an optional field: `nil` for a child marked `xsi:nil="true"`; an empty
    /// child is `""`, as the Codable path reads an optional string.
    public mutating func optionalString() throws -> String? {
        if field == .child, childAttributes() == .nilMarked { return nil }
        return try string()
    }

    /// The current field's value as an integer; `dataCorrupted` when it is not one or does not fit.
    public mutating func int() throws -> Int { try integer(Int.self) }
    /// `int()` for `Int8`.
    public mutating func int8() throws -> Int8 { try integer(Int8.self) }
    /// `int()` for `Int16`.
    public mutating func int16() throws -> Int16 { try integer(Int16.self) }
    /// `int()` for `Int32`.
    public mutating func int32() throws -> Int32 { try integer(Int32.self) }
    /// `int()` for `Int64`.
    public mutating func int64() throws -> Int64 { try integer(Int64.self) }
    /// `int()` for `UInt`.
    public mutating func uint() throws -> UInt { try integer(UInt.self) }
    /// `int()` for `UInt8`.
    public mutating func uint8() throws -> UInt8 { try integer(UInt8.self) }
    /// `int()` for `UInt16`.
    public mutating func uint16() throws -> UInt16 { try integer(UInt16.self) }
    /// `int()` for `UInt32`.
    public mutating func uint32() throws -> UInt32 { try integer(UInt32.self) }
    /// `int()` for `UInt64`.
    public mutating func uint64() throws -> UInt64 { try integer(UInt64.self) }

    /// The current field's value as a finite number; `dataCorrupted` when it is not one.
    public mutating func double() throws -> Double { try floatingPoint(Double.self) }
    /// `double()` for `Float`.
    public mutating func float() throws -> Float { try floatingPoint(Float.self) }

    /// The current field's value as a boolean (`XMLDecoder`'s spellings); `dataCorrupted` when
    /// it is not one.
    public mutating func bool() throws -> Bool {
        try parse("a boolean") { ScalarParsing.boolean($0) }
    }

    /// `int()` for an optional field: `nil` for a child marked `xsi:nil="true"` or with no
    /// attributes and no text at all (`<n/>`), as the Codable path reads an optional number; an
    /// empty attribute (`n=""`) and a child of white space are refused there, and here.
    public mutating func optionalInt() throws -> Int? { try optionalInteger(Int.self) }
    /// `optionalInt()` for `Int8`.
    public mutating func optionalInt8() throws -> Int8? { try optionalInteger(Int8.self) }
    /// `optionalInt()` for `Int16`.
    public mutating func optionalInt16() throws -> Int16? { try optionalInteger(Int16.self) }
    /// `optionalInt()` for `Int32`.
    public mutating func optionalInt32() throws -> Int32? { try optionalInteger(Int32.self) }
    /// `optionalInt()` for `Int64`.
    public mutating func optionalInt64() throws -> Int64? { try optionalInteger(Int64.self) }
    /// `optionalInt()` for `UInt`.
    public mutating func optionalUint() throws -> UInt? { try optionalInteger(UInt.self) }
    /// `optionalInt()` for `UInt8`.
    public mutating func optionalUint8() throws -> UInt8? { try optionalInteger(UInt8.self) }
    /// `optionalInt()` for `UInt16`.
    public mutating func optionalUint16() throws -> UInt16? { try optionalInteger(UInt16.self) }
    /// `optionalInt()` for `UInt32`.
    public mutating func optionalUint32() throws -> UInt32? { try optionalInteger(UInt32.self) }
    /// `optionalInt()` for `UInt64`.
    public mutating func optionalUint64() throws -> UInt64? { try optionalInteger(UInt64.self) }

    /// `double()` for an optional field: `nil` as for `optionalInt()`.
    public mutating func optionalDouble() throws -> Double? { try optionalFloatingPoint(Double.self) }
    /// `optionalDouble()` for `Float`.
    public mutating func optionalFloat() throws -> Float? { try optionalFloatingPoint(Float.self) }

    /// `bool()` for an optional field: `nil` as for `optionalInt()`.
    public mutating func optionalBool() throws -> Bool? {
        try parseOptional("a boolean") { ScalarParsing.boolean($0) }
    }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try parse(Self.integerName(type)) { bytes in
            guard case .value(let number) = ScalarParsing.integer(bytes, as: type) else { return nil }
            return number
        }
    }

    @inline(__always)
    private mutating func optionalInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T? {
        try parseOptional(Self.integerName(type)) { bytes in
            guard case .value(let number) = ScalarParsing.integer(bytes, as: type) else { return nil }
            return number
        }
    }

    @inline(__always)
    private mutating func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type
    ) throws -> T {
        try parse(type == Double.self ? "a number" : "a \(type)") { bytes in
            guard let number = ScalarParsing.floatingPoint(bytes, as: type), number.isFinite else { return nil }
            return number
        }
    }

    @inline(__always)
    private mutating func optionalFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type
    ) throws -> T? {
        try parseOptional(type == Double.self ? "a number" : "a \(type)") { bytes in
            guard let number = ScalarParsing.floatingPoint(bytes, as: type), number.isFinite else { return nil }
            return number
        }
    }

    /// What a message calls an integer type: "an integer" for `Int`, else "an integer that fits in Int8".
    @inline(__always)
    private static func integerName<T>(_ type: T.Type) -> String {
        type == Int.self ? "an integer" : "an integer that fits in \(type)"
    }

    // MARK: - Errors kept for fields

    /// Keeps `error`, thrown while reading the current field's value, for the field, and reads on
    /// past the field: the generated code throws the first field's error once the element is read
    /// (`missing(_:field:)`, `checkFailures()`), as Codable, which decodes the fields in the
    /// order of their declaration (of CodingKeys' cases, when declared), would have thrown. A
    /// list's errors after its first are dropped, an attribute's is replaced by a child
    /// element's. An error that is not a `DecodingError`, or one from a document that is not
    /// well-formed, is thrown at once.
    public mutating func fail(_ error: any Error) throws {
        try fail(error, item: -1)
    }

    /// `fail(_:)` for item `item` of a list field: the item's position goes into the error's
    /// coding path after the field's name, as the Codable path has it.
    public mutating func fail(_ error: any Error, item: Int) throws {
        guard !broken, var error = error as? DecodingError else { throw error }
        let fromAttribute = field == .attribute
        // The rest of the field's child, whatever was read of it.
        if field == .child { try skip(toEndOf: depth + 1) }
        while reader.depth > depth {
            guard try nextEvent() != nil else { break }
        }
        field = .none
        if item >= 0 { error = Self.error(error, insertingIndex: item, at: path.count + 1) }
        for position in failureBase..<failures.count where failures[position].field == fieldNumber { return }
        failures.append(Failure(field: fieldNumber, error: error, fromAttribute: fromAttribute))
    }

    /// The error for the missing required field `name`, number `field` in the table: the error
    /// kept for a field before it (in the table's order, which is Codable's) if there
    /// is one, else `keyNotFound` at the current element.
    public mutating func missing(_ name: StaticString, field: Int) -> any Error {
        if failures.count > failureBase, let earlier = earliestFailure(upTo: field) { return earlier }
        return missing(name)
    }

    /// Throws the error kept for the first field (in the table's order), if any.
    public mutating func checkFailures() throws {
        if failures.count > failureBase { throw earliestFailure(upTo: .max)! }
    }

    /// The error for a field the document does not have, at the current element.
    public func missing(_ name: StaticString) -> DecodingError {
        DecodingError.keyNotFound(
            XMLKey(stringValue: name.description),
            context("No attribute or element \(name.description) found", field: false))
    }

    /// The error kept for the first field numbered up to `last`.
    private func earliestFailure(upTo last: Int) -> (any Error)? {
        var found: Failure?
        for failure in failures[failureBase...] where failure.field <= last && failure.field < (found?.field ?? .max) {
            found = failure
        }
        return found?.error
    }

    /// A child element for a field whose attribute's error was kept: the child is the value.
    @inline(never)
    private mutating func dropAttributeFailure(_ number: Int) {
        removeFailures { $0.field == number && $0.fromAttribute }
    }

    /// Removes the current element's errors that `drop` chooses (an outer element's, before
    /// `failureBase`, are left alone: their numbers are another table's).
    private mutating func removeFailures(where drop: (Failure) -> Bool) {
        var position = failureBase
        while position < failures.count {
            if drop(failures[position]) { failures.remove(at: position) } else { position += 1 }
        }
    }

    /// A second child element for a single-valued field: `typeMismatch`, as Codable finds several
    /// elements where one value is expected, in place of what the first child's value gave.
    @inline(never)
    private mutating func repeatedChild() {
        let error = DecodingError.typeMismatch(
            Any.self,
            context("Expected one element <\(reader.string(fieldName))> but found several", field: true))
        let number = fieldNumber
        removeFailures { $0.field == number }
        failures.append(Failure(field: fieldNumber, error: error, fromAttribute: false))
    }

    /// An attribute named as a list field: `typeMismatch`, as Codable reads a list from elements
    /// only, unless child elements for the field come (they are the list).
    @inline(never)
    private mutating func listInAttribute() {
        let error = DecodingError.typeMismatch(
            [Any].self, context("Expected the elements of a list but found an attribute", field: true))
        failures.append(Failure(field: fieldNumber, error: error, fromAttribute: true))
    }

    /// The error for a struct's field that is not a child element.
    private func notAnElement(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, context("Expected an element but found an attribute or no field", field: true))
    }

    // MARK: - Text

    /// A child's character data: one slice (the common case), or its runs decoded and joined.
    private struct Text {
        var single: XMLSlice?
        var joined: [UInt8] = []
        /// Whether the child had character data at all (a run that is not empty).
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
                // An entity whose replacement text is empty: nothing, as the index has it.
                if slice.isEmpty { continue }
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
                throw DecodingError.typeMismatch(
                    String.self, context("Expected text but found the element <\(found)>", field: true))
            default:
                continue
            }
        }
        return text
    }

    /// The current field's value, decoded and parsed by `body`; `dataCorrupted` naming `what` was
    /// expected when `body` returns `nil`.
    @inline(__always)
    private mutating func parse<R>(_ what: @autoclosure () -> String, _ body: (UncheckedBytes) -> R?) throws -> R {
        let slice: XMLSlice
        switch field {
        case .attribute:
            slice = fieldValue
        case .child:
            return try parse(try childText(), what, body)
        case .none:
            throw DecodingError.typeMismatch(String.self, context("Expected a value but found no field", field: false))
        }
        return try parse(slice, what, body)
    }

    /// `parse(_:_:)` for an optional field: `nil` for a child marked `xsi:nil`, or with no
    /// attributes and no character data (`<n/>`, `<n></n>`, not `<n> </n>`), as the Codable path
    /// reads an optional number or boolean.
    @inline(__always)
    private mutating func parseOptional<R>(
        _ what: @autoclosure () -> String, _ body: (UncheckedBytes) -> R?
    ) throws -> R? {
        guard field == .child else { return try parse(what(), body) }
        let attributes = reader.attributes.isEmpty ? .none : childAttributes()
        if attributes == .nilMarked { return nil }
        let text = try childText()
        if !text.any, attributes == .none { return nil }
        return try parse(text, what, body)
    }

    /// A child's text, parsed by `body`.
    @inline(__always)
    private mutating func parse<R>(_ text: Text, _ what: () -> String, _ body: (UncheckedBytes) -> R?) throws -> R {
        guard let single = text.single else {
            if let value = UncheckedBytes.withView(of: text.joined, body) { return value }
            throw notParsed(what(), UncheckedBytes.withView(of: text.joined) { UncheckedUTF8String.make($0) })
        }
        return try parse(single, what, body)
    }

    /// A slice's value, parsed by `body`.
    @inline(__always)
    private mutating func parse<R>(_ slice: XMLSlice, _ what: () -> String, _ body: (UncheckedBytes) -> R?) throws -> R
    {
        if slice.isVerbatim, slice.source == 0 {
            let bytes = document.extracting(unchecked: slice.start..<slice.end)
            if let value = body(bytes) { return value }
            throw notParsed(what(), UncheckedUTF8String.make(bytes))
        }
        let decoded = reader.decodedBytes(slice, in: document)
        if let value = UncheckedBytes.withView(of: decoded, body) { return value }
        throw notParsed(what(), UncheckedBytes.withView(of: decoded) { UncheckedUTF8String.make($0) })
    }

    /// The error for a value that is not `what`.
    @inline(never)
    private mutating func notParsed(_ what: String, _ text: String) -> DecodingError {
        DecodingError.dataCorrupted(context("Expected \(what) but found \"\(text)\"", field: true))
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

    // MARK: - Error contexts

    /// The coding path of the current element, and of its current field when `field`.
    private func keys(field: Bool) -> [any CodingKey] {
        var keys: [any CodingKey] = path.map { XMLKey(stringValue: reader.string($0)) }
        if field { keys.append(XMLKey(stringValue: reader.string(fieldName))) }
        return keys
    }

    /// `keys(field:)` as a coding path node.
    private func codingPath(field: Bool) -> CodingPathNode {
        keys(field: field).reduce(CodingPathNode.root) { $0.appending($1) }
    }

    /// An error's context: the path of the nested fields (and the current field's name when
    /// `field`), and where the reader is.
    private func context(_ message: String, field: Bool) -> DecodingError.Context {
        let location = reader.location(ofOffset: reader.documentPosition)
        return DecodingError.Context(
            codingPath: keys(field: field),
            debugDescription: "\(message), at line \(location.line), column \(location.column).")
    }

    /// `error` with its coding path changed by `change`.
    static func error(_ error: DecodingError, changingPath change: ([any CodingKey]) -> [any CodingKey])
        -> DecodingError
    {
        func changed(_ context: DecodingError.Context) -> DecodingError.Context {
            DecodingError.Context(
                codingPath: change(context.codingPath), debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch error {
        case .typeMismatch(let type, let context): return .typeMismatch(type, changed(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, changed(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, changed(context))
        case .dataCorrupted(let context): return .dataCorrupted(changed(context))
        @unknown default: return error
        }
    }

    /// `error` with `prefix` before its coding path.
    static func error(_ error: DecodingError, prefixedWith prefix: CodingPathNode) -> DecodingError {
        Self.error(error) { prefix.path + $0 }
    }

    /// `error` with the position `index` inserted into its coding path at `position` (when the
    /// path is that long).
    static func error(_ error: DecodingError, insertingIndex index: Int, at position: Int) -> DecodingError {
        Self.error(error) { path in
            guard path.count >= position else { return path }
            var path = path
            path.insert(XMLKey(index: index), at: position)
            return path
        }
    }
}

extension XMLDecoder {
    /// Reads `data` field by field with `decode`, which gets the stream at the root element
    /// (see ``XMLFieldStream``); then reads the rest of the document, so that a document that is
    /// not well-formed is refused (as such, whatever `decode` threw). Uses the decoder's reader
    /// options and `trimValueWhitespaces`; names are matched as written (no key strategy, no
    /// namespaces).
    ///
    /// For a reader written by hand; a type with `@XMLFieldDecodable` is read by
    /// ``XMLDecoder/decode(_:from:)-(_,Data)``.
    public func decodeFields<T>(from data: Data, _ decode: (inout XMLFieldStream) throws -> T) throws -> T {
        let options = currentOptions
        return try UncheckedBytes.withView(of: data) { bytes in
            try Self.decodeFields(fromBytes: bytes.unsafeRawBuffer, options: options, decode)
        }
    }

    /// `decodeFields` over bytes, with `options`.
    static func decodeFields<T>(
        fromBytes bytes: UnsafeRawBufferPointer, options: Options, restartsThroughCodable: Bool = false,
        _ decode: (inout XMLFieldStream) throws -> T
    ) throws -> T {
        let reader: XMLReader
        do {
            reader = try XMLReader(unsafeBytes: bytes, options: options.readerOptions)
        } catch {
            throw Self.notWellFormed(error)
        }
        return try reader.input.withUncheckedBytes { document in
            var stream = try XMLFieldStream(
                reader: reader, document: document, trim: options.trimValueWhitespaces, options: options)
            stream.restartsThroughCodable = restartsThroughCodable
            do {
                let value = try decode(&stream)
                try stream.finish()
                return value
            } catch is XMLFieldStream.DecodeThroughCodable {
                throw XMLFieldStream.DecodeThroughCodable()  // the Codable path reads it all again
            } catch {
                // A document that is not well-formed is refused as such, as the Codable path
                // refuses it before decoding anything.
                if !stream.broken { try stream.readToEnd() }
                throw error
            }
        }
    }
}

extension XMLFieldStream {
    /// Reads the rest of the root element, if `decode` left some, and of the document.
    mutating func finish() throws {
        if !ended { try skip(toEndOf: 1) }
        try readToEnd()
    }

    /// Reads the rest of the document (its errors are the reader's).
    mutating func readToEnd() throws {
        while try nextEvent() != nil {}
    }
}
