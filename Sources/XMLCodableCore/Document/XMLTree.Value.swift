// XMLTree.Value: a piece of a tree's text — an element's text or an attribute's value — with
// where it was, read as typed values.
//
// Design: typed access follows the decoder, not a second set of rules: `value(Int.self)` reads the
// text exactly as `XMLDecoder` reads an `Int` property (with that decoder's strategies, for dates,
// data, booleans…), so a tree and a model agree on what "12" or "2024-05-01T10:00:00Z" means.
// A value remembers its lookup path and source position, so that every error says both:
//
//     tree["catalog"]["book"][1]["price"].double          // 12.5, or nil
//     try tree["catalog"]["book"][1].fetch("price", as: Double.self)
//     // throws: catalog/book[1]/price (line 9, column 38): "n/a" is not a valid Double: …

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree {
    /// An element's text or an attribute's value found by a lookup, with its lookup path and
    /// source position, readable as typed values.
    ///
    /// The optional accessors (``string``, ``int``, ``double``, ``bool``, ``date``) are `nil`
    /// when there is no such value or it does not read as that type; ``value(_:using:)`` throws a
    /// ``ValueError`` that says which, where:
    ///
    /// ```swift
    /// let id = tree["catalog"]["book"][0].attribute("id")
    /// id.int                        // 1
    /// try id.value(Int.self)        // 1, or a ValueError naming catalog/book[0]/@id and its line
    /// ```
    public struct Value: Sendable, CustomStringConvertible {
        /// The text, or `nil` when the lookup found nothing (see ``failure``).
        public let text: String?
        /// The lookup path of the text: `catalog/book[1]/price`, or `catalog/book[1]/@id` for an attribute.
        public let path: String
        /// Where the element or attribute was in the document it was parsed from; `nil` for a
        /// tree built in code.
        public let location: SourceLocation?
        /// Why there is no text, when there is none.
        public let failure: ValueError?

        init(text: String, path: String, location: SourceLocation?) {
            self.text = text
            self.path = path
            self.location = location
            failure = nil
        }

        init(failure: ValueError) {
            text = nil
            path = failure.path
            location = failure.location
            self.failure = failure
        }

        /// Whether the lookup found a value.
        public var exists: Bool { text != nil }
        /// The text as it is.
        public var string: String? { text }
        /// The text read as an `Int`, as `XMLDecoder` reads one; `nil` if it is missing or is not one.
        public var int: Int? { try? value(Int.self) }
        /// The text read as a `Double`, as `XMLDecoder` reads one; `nil` if it is missing or is not one.
        public var double: Double? { try? value(Double.self) }
        /// The text read as a `Bool` (`true`, `false`, `1`, `0`), as `XMLDecoder` reads one; `nil`
        /// if it is missing or is not one.
        public var bool: Bool? { try? value(Bool.self) }
        /// The text read as an ISO 8601 date (`2024-05-01T10:00:00Z`); `nil` if it is missing or is
        /// not one. For another format, use ``value(_:using:)`` with a decoder's date strategy.
        public var date: Date? { try? value(Date.self, using: Value.iso8601Decoder) }

        /// The text read as `T`, exactly as `decoder` reads a property of that type from an
        /// element's text (its strategies apply: dates, data, non-conforming floats…).
        ///
        /// - Parameters:
        ///   - type: the type to read.
        ///   - decoder: the decoder whose rules apply; by default one with default settings.
        /// - Throws: ``ValueError`` with the path and source position: the value is missing, or
        ///   does not read as `T` (the decoder's error is its `underlyingError`).
        public func value<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws(ValueError) -> T {
            guard let text else {
                throw failure ?? ValueError(reason: .notFound(LookupFailure(reason: .noChildElement("*"), path: path)), path: path, location: location)
            }
            do {
                return try (decoder ?? Value.defaultDecoder).decodeValue(type, fromText: text)
            } catch {
                throw ValueError(reason: .invalid(text: text, type: "\(type)", underlyingError: error), path: path, location: location)
            }
        }

        /// The text made into a value by `transform`, with errors located.
        ///
        /// ```swift
        /// let isbn = try book.attribute("isbn").value { try ISBN(validating: $0) }
        /// ```
        ///
        /// - Throws: ``ValueError``: the value is missing, or `transform` threw (its error is the
        ///   `underlyingError`).
        public func value<T>(transform: (String) throws -> T) throws(ValueError) -> T {
            guard let text else {
                throw failure ?? ValueError(reason: .notFound(LookupFailure(reason: .noChildElement("*"), path: path)), path: path, location: location)
            }
            do {
                return try transform(text)
            } catch {
                throw ValueError(reason: .invalid(text: text, type: "\(T.self)", underlyingError: error), path: path, location: location)
            }
        }

        /// The text, or the failure, with the path.
        public var description: String {
            if let text { return "\(path): \"\(text)\"" }
            return failure?.description ?? path
        }

        static let defaultDecoder = XMLDecoder()
        static let iso8601Decoder: XMLDecoder = {
            let decoder = XMLDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }()
    }
}
