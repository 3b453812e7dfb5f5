// XMLFieldDecodable: what a type whose field-stream reader was generated (the `@XMLFieldDecodable`
// macro of the XMLFieldMacros product) conforms to, and how `XMLDecoder.decode(_:from:)` chooses
// it.
//
// `decode(T.self, from:)` reads a conforming `T` with its generated `init(xmlFields:)` when the
// decoder's settings are ones the stream reads the same way as the Codable path
// (`admitsFieldStream`) and `T` does not place its keys itself; otherwise it decodes through
// Codable, which every conforming type also is. A field of a conforming type is read the same
// way (`nestedFields`), and a field of any other type through Codable, from its element alone:
//
//     @XMLFieldDecodable struct Book: Codable { var title: String; var published: Date; var shelf: Shelf }
//
//     <book><title>T</title><published>86400</published><shelf><row>3</row></shelf></book>
//     title       stream.string()
//     published   stream.nestedFields(Date.self)  → codable: Date's Codable, the date strategy
//     shelf       stream.nestedFields(Shelf.self) → Shelf's generated reader, if it has one

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type with a generated field-stream reader: what the `@XMLFieldDecodable` macro (product
/// XMLFieldMacros, package trait `FieldMacros`) makes a struct conform to.
///
/// ``XMLDecoder/decode(_:from:)-(_,Data)`` reads a conforming type with its generated reader, which decodes
/// what the type's `Decodable` conformance decodes (the same values, the same errors) at a fraction
/// of the cost, when the decoder's settings are the defaults the reader follows: no key decoding
/// strategy, no node decoding strategy, no namespace processing, an empty `userInfo`, throwing on
/// non-conforming floats. Otherwise, and for a type that also conforms to ``DynamicNodeDecoding``,
/// ``XMLListCoding`` or ``XMLMapCoding``, it decodes through `Decodable` as for any other type.
///
/// You do not write a conformance yourself: the macro generates it.
public protocol XMLFieldDecodable: Decodable {
    /// The type's fields, in the order of the numbers the generated reader switches on.
    static var xmlFieldNames: XMLFieldNames { get }

    /// Reads the value from the stream at its element (its attributes, then its children).
    init(xmlFields stream: inout XMLFieldStream) throws
}

extension XMLFieldStream {
    /// The current child field, read by its type's generated reader (or through Codable when the
    /// type places its keys itself). Inlinable, so that the generated code calls `nested` with
    /// the type's own initializer, as hand-written code would.
    @inlinable
    public mutating func nestedFields<T: XMLFieldDecodable>(_ type: T.Type) throws -> T {
        if T.xmlFieldNames.decodesThroughCodable { return try codable(type) }
        return try nested { try T(xmlFields: &$0) }
    }

    /// `nestedFields` for an optional field: `nil` for a child marked `xsi:nil="true"`, or empty
    /// (no attributes, no content) when the type cannot be made from nothing, as the Codable path
    /// reads an optional.
    @inlinable
    public mutating func optionalNestedFields<T: XMLFieldDecodable>(_ type: T.Type) throws -> T? {
        if T.xmlFieldNames.decodesThroughCodable { return try codable(T?.self) }
        return try optionalNested { try T(xmlFields: &$0) }
    }
}

extension XMLFieldStream {
    /// The current field, for a type with no generated reader: decoded through Codable
    /// (`codable(_:)`). The overload above is chosen for the types that have one.
    @inlinable
    public mutating func nestedFields<T: Decodable>(_ type: T.Type) throws -> T {
        try codable(type)
    }

    /// `nestedFields` for an optional field of a type with no generated reader: `T?` decoded
    /// through Codable.
    @inlinable
    public mutating func optionalNestedFields<T: Decodable>(_ type: T.Type) throws -> T? {
        try codable(T?.self)
    }
}

extension XMLDecoder.Options {
    /// Whether these settings read a generated type's fields as the Codable path reads them:
    /// names as written (no key strategy, no namespaces), attributes and elements as the fields'
    /// placements say, no `userInfo` a custom `init(from:)` could read, finite numbers only. The
    /// date, data and float strategies apply to the fields decoded through Codable
    /// (`XMLFieldStream.codable(_:)`), which get these settings; limits, entity replacements and
    /// `trimValueWhitespaces` are the stream's own.
    var admitsFieldStream: Bool {
        guard case .useDefaultKeys = keyDecodingStrategy, case .deferredToDecoder = nodeDecodingStrategy,
            case .throw = nonConformingFloatDecodingStrategy
        else {
            return false
        }
        return !shouldProcessNamespaces && userInfo.isEmpty && !keepsLayoutWhitespace
    }
}

extension XMLDecoder {
    /// Whether `decode(_:from:)` reads `type` with its generated reader under `options`.
    static func readsGenerated(_ type: any XMLFieldDecodable.Type, options: Options) -> Bool {
        options.admitsFieldStream && !type.xmlFieldNames.decodesThroughCodable
    }

    /// `decode(_:from:)` for a type with a generated reader: the stream over `bytes`.
    func decodeGenerated<T: XMLFieldDecodable>(
        _ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer, options: Options
    ) throws -> T {
        try Self.decodeFields(fromBytes: bytes, options: options, restartsThroughCodable: true) {
            try T(xmlFields: &$0)
        }
    }
}
