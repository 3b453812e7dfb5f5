// Scalars, optionals and Foundation types, read from the value the decoder is on; and the
// single-value container, which is the decoder itself.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLDecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        guard !isFinished else { return false }
        // An element's own content (the `""` key, an enum case's value in the case element) is
        // nil as the element would be: marked `xsi:nil`, or empty.
        var value = self.value
        if case .text(ofElement: let node) = value { value = .element(node) }
        return isNil(value) || (isEmptyElement(value) && !traits(of: currentType).isStringLike)
    }
    // Each scalar is read first on its plain path (a value that is one slice and parses, as the
    // keyed container reads it), which makes no coding path; the full path makes one for its
    // errors. (A type of one's own that wraps a string or a number, or a `RawRepresentable` enum,
    // reads its value here, once for every element it is decoded from.)
    func decode(_ type: Bool.Type) throws -> Bool {
        try checkInUse()
        if let plain = plainBool(value) { return plain }
        return try bool(value, path: codingPathNode)
    }
    func decode(_ type: String.Type) throws -> String {
        try checkInUse()
        if let plain = plainString(value) { return plain }
        return try string(value, path: codingPathNode)
    }
    func decode(_ type: Double.Type) throws -> Double {
        try checkInUse()
        if let plain = plainFloatingPoint(value, as: Double.self) { return plain }
        return try floatingPoint(value, as: Double.self, path: codingPathNode)
    }
    func decode(_ type: Float.Type) throws -> Float {
        try checkInUse()
        if let plain = plainFloatingPoint(value, as: Float.self) { return plain }
        return try floatingPoint(value, as: Float.self, path: codingPathNode)
    }
    func decode(_ type: Int.Type) throws -> Int {
        try checkInUse()
        if let plain = plainInteger(value, as: Int.self) { return plain }
        return try integer(value, as: Int.self, path: codingPathNode)
    }
    func decode(_ type: Int8.Type) throws -> Int8 {
        try checkInUse()
        if let plain = plainInteger(value, as: Int8.self) { return plain }
        return try integer(value, as: Int8.self, path: codingPathNode)
    }
    func decode(_ type: Int16.Type) throws -> Int16 {
        try checkInUse()
        if let plain = plainInteger(value, as: Int16.self) { return plain }
        return try integer(value, as: Int16.self, path: codingPathNode)
    }
    func decode(_ type: Int32.Type) throws -> Int32 {
        try checkInUse()
        if let plain = plainInteger(value, as: Int32.self) { return plain }
        return try integer(value, as: Int32.self, path: codingPathNode)
    }
    func decode(_ type: Int64.Type) throws -> Int64 {
        try checkInUse()
        if let plain = plainInteger(value, as: Int64.self) { return plain }
        return try integer(value, as: Int64.self, path: codingPathNode)
    }
    func decode(_ type: UInt.Type) throws -> UInt {
        try checkInUse()
        if let plain = plainInteger(value, as: UInt.self) { return plain }
        return try integer(value, as: UInt.self, path: codingPathNode)
    }
    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try checkInUse()
        if let plain = plainInteger(value, as: UInt8.self) { return plain }
        return try integer(value, as: UInt8.self, path: codingPathNode)
    }
    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try checkInUse()
        if let plain = plainInteger(value, as: UInt16.self) { return plain }
        return try integer(value, as: UInt16.self, path: codingPathNode)
    }
    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try checkInUse()
        if let plain = plainInteger(value, as: UInt32.self) { return plain }
        return try integer(value, as: UInt32.self, path: codingPathNode)
    }
    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try checkInUse()
        if let plain = plainInteger(value, as: UInt64.self) { return plain }
        return try integer(value, as: UInt64.self, path: codingPathNode)
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try checkInUse()
        return try unwrap(value, as: type, path: codingPathNode)
    }
}

extension XMLDecoderImpl {
    // MARK: - Plain scalars

    /// The one slice a value's text is: an attribute's value, or the single run of character
    /// data of an element (or of an element's own text, the `""` key) with no other children. `nil` otherwise (empty elements, several runs,
    /// child elements, lists), which the full paths handle.
    @inline(__always)
    func plainSlice(_ value: XMLValue) -> XMLSlice? {
        switch value {
        case .attribute(let attribute):
            return index.attributes[Int(attribute)].value
        case .element(let element), .text(ofElement: let element):
            let first = index.firstChild(of: element)
            guard first >= 0 else { return nil }
            let node = index[first]
            guard !node.isElement, node.nextSibling < 0 else { return nil }
            return node.text
        default:
            return nil
        }
    }

    /// Whether an optional's value is certainly not `nil`, so that its plain reading (`plainString`,
    /// `plainInteger`, …) is its value: an attribute, an element without attributes (so not
    /// marked `xsi:nil`), or an element's own text (the `""` key) when it has character data, as
    /// `unwrapOptional` decides; `plainSlice` then declines an element without content. What this
    /// leaves out goes through `unwrapOptional`.
    @inline(__always)
    func isPlainlyPresent(_ value: XMLValue) -> Bool {
        switch value {
        case .attribute: return true
        case .element(let element): return index[element].attributeCount == 0
        case .text(ofElement: let element): return hasCharacterData(element)
        default: return false
        }
    }

    /// A string value that is one slice, as `string(_:path:)` makes it; `nil` for the full path.
    func plainString(_ value: XMLValue) -> String? {
        guard let slice = plainSlice(value) else { return nil }
        if !slice.isVerbatim {
            // Straight into the string's storage; an attribute value the direct path declines
            // (entities, tokenized types) is decoded below, text by the full path.
            if let string = decodedString(slice) { return string }
            guard slice.flags.contains(.attributeValue) else { return nil }
        }
        let trim = options.trimValueWhitespaces
        return withDecodedBytes(of: slice) { bytes in
            UncheckedUTF8String.make(trim ? ScalarParsing.trimmed(bytes) : bytes)
        }
    }

    /// An integer value that is one slice and in range; `nil` for the full path (and its errors).
    @inline(__always)
    func plainInteger<T: FixedWidthInteger>(_ value: XMLValue, as type: T.Type) -> T? {
        guard let slice = plainSlice(value) else { return nil }
        if case .value(let number) = withDecodedBytes(
            of: slice, { ScalarParsing.integer($0, as: type) })
        {
            return number
        }
        return nil
    }

    /// A finite number that is one slice; `nil` for the full path (strategies, errors).
    @inline(__always)
    func plainFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: XMLValue, as type: T.Type)
        -> T?
    {
        guard let slice = plainSlice(value) else { return nil }
        guard let number = withDecodedBytes(of: slice, { ScalarParsing.floatingPoint($0, as: type) }),
            number.isFinite
        else { return nil }
        return number
    }

    /// A boolean that is one slice; `nil` for the full path.
    @inline(__always)
    func plainBool(_ value: XMLValue) -> Bool? {
        guard let slice = plainSlice(value) else { return nil }
        return withDecodedBytes(of: slice) { ScalarParsing.boolean($0) }
    }

    // MARK: - Scalars

    func bool(_ value: XMLValue, path: PathRef) throws -> Bool {
        let parsed = try withText(value, expecting: Bool.self, path: path) { ScalarParsing.boolean($0) }
        guard let parsed else {
            throw dataCorrupted(
                "Expected a boolean (true, false, 1, 0, yes, no, y or n, in any case) but found \(quoted(value, path))",
                at: value, path: path)
        }
        return parsed
    }

    func integer<T: FixedWidthInteger>(_ value: XMLValue, as type: T.Type, path: PathRef) throws -> T {
        let parsed = try withText(value, expecting: type, path: path) {
            ScalarParsing.integer($0, as: type)
        }
        switch parsed {
        case .value(let number): return number
        case .outOfRange:
            throw dataCorrupted(
                "Parsed XML number \(quoted(value, path)) does not fit in \(type)", at: value, path: path)
        case .malformed:
            throw dataCorrupted(
                "Expected to decode \(type) but found \(quoted(value, path)), which is not an integer", at: value,
                path: path)
        }
    }

    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: XMLValue, as type: T.Type, path: PathRef
    ) throws -> T {
        let parsed = try withText(value, expecting: type, path: path) {
            ScalarParsing.floatingPoint($0, as: type)
        }
        if let parsed {
            if parsed.isFinite { return parsed }
            throw dataCorrupted(
                "Parsed XML number \(quoted(value, path)) does not fit in \(type)", at: value, path: path)
        }
        if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options
            .nonConformingFloatDecodingStrategy
        {
            let text = try withText(value, expecting: type, path: path) {
                ScalarParsing.trimmed($0).string
            }
            if text == positiveInfinity { return .infinity }
            if text == negativeInfinity { return -.infinity }
            if text == nan { return .nan }
        }
        throw dataCorrupted(
            "Expected to decode \(type) but found \(quoted(value, path)), which is not a number", at: value, path: path)
    }

    /// The text of a value in quotes, for messages (at most 40 characters).
    func quoted(_ value: XMLValue, _ path: PathRef) -> String {
        let text =
            (try? withText(value, expecting: String.self, path: path) {
                ScalarParsing.trimmed($0).string
            }) ?? ""
        return "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
    }

    // MARK: - Optionals and absent values

    /// Decodes an optional value. It is `nil` for:
    ///
    /// - an element marked `xsi:nil="true"`;
    /// - an element's own text (the `""` key) read as a string or a scalar when the element has no
    ///   character data (white space aside, unless values are kept untrimmed and the element has
    ///   no children): `<price currency="EUR"/>` has no price, as in XMLCoder;
    /// - an empty element (no content, no attributes) read as a type that cannot be empty: a number,
    ///   a boolean, a date, data, a URL, or a struct or enum whose decoding needs something the
    ///   element does not hold (so `<border/>` for `Border?` with a required key is `nil`, as in
    ///   XMLCoder, and what the `.emptyElement` nil strategy writes reads back as `nil`).
    ///
    /// An empty element read as a string is `""`, and as an optional array an empty array (the
    /// encoder writes `.some([])` so, since writing nothing would read back as `nil`).
    func unwrapOptional<T: Decodable>(_ value: XMLValue, as type: T.Type, path: CodingPathNode) throws -> T? {
        if isNil(value) { return nil }
        if case .text(ofElement: let node) = value {
            let traits = traits(of: type)
            if traits.isScalar || traits.isStringLike {
                if !hasCharacterData(node) { return nil }
            } else if isNil(.element(node)) {
                return nil
            } else if isEmptyElement(.element(node)) {
                // A value with keys in an element with no content and no attributes: as for an
                // empty element below.
                if traits.isList { return try unwrap(XMLValue.elements(.empty), as: type, path: path) }
                do {
                    return try unwrap(value, as: type, path: path)
                } catch is DecodingError {
                    return nil
                }
            }
        } else if isEmptyElement(value) {
            let traits = traits(of: type)
            if traits.isList { return try unwrap(XMLValue.elements(.empty), as: type, path: path) }
            if !traits.isStringLike {
                if traits.isScalar { return nil }
                do {
                    return try unwrap(value, as: type, path: path)
                } catch is DecodingError {
                    return nil
                }
            }
        }
        return try unwrap(value, as: type, path: path)
    }

    /// What a missing key decodes to, for types that have such a value: an empty sequence, or an
    /// optional property wrapper holding `nil`.
    func absentValue<T>(_ type: T.Type) -> T? {
        if let sequence = type as? any XMLDecodableSequence.Type { return sequence.init() as? T }
        if let wrapper = type as? any XMLOptionalWrapper.Type { return wrapper.absent as? T }
        return nil
    }

    /// Whether an empty element is a value of this type (an empty string) rather than nothing.
    func isStringLike(_ type: Any.Type) -> Bool { Self.isStringLikeType(type) }

    /// `isStringLike(_:)`, for the encoder too.
    static func isStringLikeType(_ type: Any.Type) -> Bool {
        type == String.self || type == Substring.self || type == Character.self
            || (type as? any XMLWrapperMarker.Type)?.wrappedType == String.self
    }

    /// Whether the type is read from text (numbers, booleans, dates, data, URLs).
    func isScalar(_ type: Any.Type) -> Bool { Self.isScalarType(type) }

    /// `isScalar(_:)`, for the encoder too.
    static func isScalarType(_ type: Any.Type) -> Bool {
        if let wrapped = (type as? any XMLWrapperMarker.Type)?.wrappedType { return isScalarType(wrapped) }
        if type is any XMLFormattedScalar.Type { return true }
        return type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type || type == Bool.self
            || type == Date.self
            || type == Data.self || type == URL.self || type == Decimal.self || type is any RawRepresentable.Type
    }

    // MARK: - Foundation types

    /// Decodes the types whose XML form is text with a strategy: dates, data, URLs, decimals;
    /// subtrees (`XMLTree.Element`, `[XMLTree.Node]`: XMLDecoderImpl+Subtrees.swift); and
    /// optionals (whose empty-element rule needs the wrapped type). `nil` for other types.
    func unwrapSpecial<T: Decodable>(_ value: XMLValue, as type: T.Type, path: CodingPathNode) throws -> T? {
        if type == Date.self { return try date(value, path: path) as? T }
        if type == Data.self { return try data(value, path: path) as? T }
        if type == URL.self {
            let text = try string(value, path: path)
            guard let url = URL(string: text) else {
                throw dataCorrupted("Invalid URL string \"\(text)\"", at: value, path: path)
            }
            return url as? T
        }
        if type == Decimal.self {
            let text = try withText(value, expecting: Decimal.self, path: path) { bytes -> String? in
                let trimmed = ScalarParsing.trimmed(bytes)
                return ScalarParsing.isDecimalNumber(trimmed) ? trimmed.string : nil
            }
            guard let text, let decimal = Decimal(string: text) else {
                throw dataCorrupted(
                    "Expected to decode Decimal but found \(quoted(value, path))", at: value, path: path)
            }
            return decimal as? T
        }
        if type == XMLTree.Element.self { return try treeElement(value, path: path) as? T }
        if type == [XMLTree.Node].self { return try treeContent(value, path: path) as? T }
        if let wrapper = traits(of: type).wrapperType {
            return try wrapper.decodeWrapped(self, value, path) as? T
        }
        if let optional = type as? any XMLOptionalDecodable.Type {
            return try optional.decodeOptional(self, value, path) as? T
        }
        return nil
    }

    func date(_ value: XMLValue, path: CodingPathNode) throws -> Date {
        switch options.dateDecodingStrategy {
        // A text the strategy does not read throws an error that names the strategy and the one
        // that reads the text (XMLDecoderImpl+DateHints.swift).
        case .deferredToDate:
            do { return try with(value: value, path: path) { try Date(from: self) } } catch let error as DecodingError {
                throw dateMismatch(error, strategy: .deferredToDate, at: value, path: path)
            }
        case .secondsSince1970:
            do { return Date(timeIntervalSince1970: try floatingPoint(value, as: Double.self, path: path)) } catch let
                error as DecodingError
            {
                throw dateMismatch(error, strategy: .secondsSince1970, at: value, path: path)
            }
        case .millisecondsSince1970:
            do {
                return Date(timeIntervalSince1970: try floatingPoint(value, as: Double.self, path: path) / 1000)
            } catch let error as DecodingError {
                throw dateMismatch(error, strategy: .millisecondsSince1970, at: value, path: path)
            }
        case .iso8601:
            let text = try string(value, path: path)
            guard let date = ISO8601Parsing.date(from: text) else {
                throw dateMismatch(text, strategy: .iso8601, at: value, path: path)
            }
            return date
        case .custom(let closure):
            return try with(value: value, path: path) { try closure(self) }
        }
    }

    func data(_ value: XMLValue, path: CodingPathNode) throws -> Data {
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try with(value: value, path: path) { try Data(from: self) }
        case .base64:
            // Base64 in XML is often wrapped over several lines: white space is dropped, nothing else.
            let text = try withText(value, expecting: Data.self, path: path) { bytes in
                String(decoding: bytes.unsafeBuffer.filter { !ScalarParsing.isSpace($0) }, as: UTF8.self)
            }
            guard let data = Data(base64Encoded: text) else {
                throw dataCorrupted("Encountered Data that is not valid Base64", at: value, path: path)
            }
            return data
        case .custom(let closure):
            return try with(value: value, path: path) { try closure(self) }
        }
    }
}

/// Lets the decoder reach the wrapped type of an `Optional` it is asked to decode.
/// `Optional`, whose `nil` the decoder makes without knowing its wrapped type.
internal protocol XMLNilValue {
    static var xmlNil: Self { get }
}

extension Optional: XMLNilValue {
    static var xmlNil: Wrapped? { nil }
}

internal protocol XMLOptionalDecodable {
    static func decodeOptional(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Self
}

extension Optional: XMLOptionalDecodable where Wrapped: Decodable {
    static func decodeOptional(_ decoder: XMLDecoderImpl, _ value: XMLValue, _ path: CodingPathNode) throws -> Wrapped?
    {
        try decoder.unwrapOptional(value, as: Wrapped.self, path: path)
    }
}
