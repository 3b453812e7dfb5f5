// XMLFieldDecodable: what a type whose field-stream reader was generated (the `@XMLFieldDecodable`
// macro of the XMLFieldMacros product) conforms to, and how `XMLDecoder.decode(_:from:)` chooses
// it. PROTOTYPE (issue 36): SPI, like the stream it reads from.
//
// `decode(T.self, from:)` reads a conforming `T` with its generated `init(xmlFields:)` when the
// decoder's settings are ones the stream reads the same way as the Codable path (`admitsFieldStream`);
// otherwise it decodes through Codable, which every conforming type also is.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type with a generated field-stream reader (see the file's header).
// PROTOTYPE (issue 36): public, not SPI, so that a public type can conform (see XMLFieldDecodable.swift).
public protocol XMLFieldDecodable: Decodable {
    /// Reads the value from the stream at its element (its attributes, then its children).
    init(xmlFields stream: inout XMLFieldStream) throws
}

extension XMLFieldStream {
    /// The current child field, read by its type's generated reader. Inlinable, so that the
    /// generated code calls `nested` with the type's own initializer (as hand-written code
    /// would); a type with no generated reader is a compile error naming the missing conformance.
    @inlinable
    public mutating func nestedFields<T: XMLFieldDecodable>(_ type: T.Type) throws -> T {
        try nested { try T(xmlFields: &$0) }
    }
}

extension XMLFieldStream {
    /// The current child field, for a type with no generated reader: decoded through Codable
    /// (`codable(_:)`). The overload above is chosen for the types that have one.
    @inlinable
    public mutating func nestedFields<T: Decodable>(_ type: T.Type) throws -> T {
        try codable(type)
    }
}

extension XMLDecoder.Options {
    /// Whether these settings read a generated type's fields as the Codable path reads them:
    /// names as written (no key strategy, no namespaces), attributes and elements alike, no
    /// `userInfo` a custom `init(from:)` could read. The date, data and float strategies apply
    /// to the fields decoded through Codable (`XMLFieldStream.codable(_:)`), which get these
    /// settings; limits, entity replacements and `trimValueWhitespaces` are the stream's own.
    var admitsFieldStream: Bool {
        guard case .useDefaultKeys = keyDecodingStrategy, case .deferredToDecoder = nodeDecodingStrategy else {
            return false
        }
        return !shouldProcessNamespaces && userInfo.isEmpty && !keepsLayoutWhitespace
    }
}

extension XMLDecoder {
    /// `decode(_:from:)` for a type with a generated reader: the stream over `bytes`.
    func decodeGenerated<T: XMLFieldDecodable>(
        _ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer, options: Options
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
            let value = try T(xmlFields: &stream)
            try stream.finish()
            return value
        }
    }
}
