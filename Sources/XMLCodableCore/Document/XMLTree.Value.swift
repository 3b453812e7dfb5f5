// XMLTree.Value: a piece of a tree's text — an element's text or an attribute's value — with
// where it was, read as typed values.
//
// Design: typed access follows the decoder, not a second set of rules: `value(Int.self)` reads the
// text exactly as `XMLDecoder` reads an `Int` property (with that decoder's strategies, for dates,
// data, booleans…), so a tree and a model agree on what "12" or "2024-05-01T10:00:00Z" means.
// Without a decoder, a default one, which reads dates in every form a tree can judge by its text
// alone: `xs:dateTime`, `xs:date` and, as the default strategy reads them, seconds since 1970.
// The `date` accessor is that same reading, so `value.date` and `value(Date.self)` (and
// `fetch(_:as: Date.self)`) never disagree, and neither gives another date than a model decoded
// with default settings gives for the same text:
//
//     <published>2000-10-01</published>   .date, fetch(…, as: Date.self): 2000-10-01T00:00:00Z
//     <seen>970358400</seen>               both: 2000-10-01T00:00:00Z, as XMLDecoder() reads it
//
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
        /// The text read as a date, exactly as ``value(_:using:)`` reads a `Date` without a
        /// decoder; `nil` if it is missing or is not one.
        ///
        /// Read are an `xs:dateTime` (`2024-05-01T10:00:00Z`, `2024-05-01T12:00:00.5+02:00`, or
        /// without a zone, in UTC: `2024-05-01T10:00:00`), an `xs:date` (`2024-05-01`, midnight
        /// UTC), the other forms `.iso8601` reads (`2024-05-01 10:00:00Z`), and a number of seconds
        /// since 1970 (`1714557600`, as `XMLDecoder`'s default strategy reads it). For another
        /// format, use ``value(_:using:)`` with a decoder's date strategy.
        public var date: Date? { try? value(Date.self) }

        /// The text read as `T`, exactly as `decoder` reads a property of that type from an
        /// element's text (its strategies apply: dates, data, non-conforming floats…).
        ///
        /// Without a decoder, the text is read as by an `XMLDecoder()` with default settings,
        /// except dates, which are read as ``date`` reads them: an `xs:dateTime`, an `xs:date`, or
        /// a number of seconds since 1970 (the default strategy's reading, so no text that a
        /// default decoder reads means another date here).
        ///
        /// - Parameters:
        ///   - type: the type to read.
        ///   - decoder: the decoder whose rules apply; by default one with default settings and
        ///     the tree's reading of dates.
        /// - Throws: ``ValueError`` with the path and source position: the value is missing, or
        ///   does not read as `T` (the decoder's error is its `underlyingError`).
        public func value<T: Decodable>(_ type: T.Type = T.self, using decoder: XMLDecoder? = nil) throws(ValueError)
            -> T
        {
            try read(as: type) { try (decoder ?? Value.defaultDecoder).decodeValue(type, fromText: $0) }
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
            try read(as: T.self, by: transform)
        }

        /// The text made into a value by `read`, which reads it as `type` (the type the error
        /// names): the failure when the value is missing, an `.invalid` error with what `read`
        /// threw when it fails.
        private func read<T>(as type: Any.Type, by read: (String) throws -> T) throws(ValueError) -> T {
            guard let text else {
                throw failure
                    ?? ValueError(
                        reason: .notFound(LookupFailure(reason: .noChildElement("*"), path: path)), path: path,
                        location: location)
            }
            do {
                return try read(text)
            } catch {
                throw ValueError(
                    reason: .invalid(text: text, type: "\(type)", underlyingError: error), path: path,
                    location: location)
            }
        }

        /// The text, or the failure, with the path.
        public var description: String {
            if let text { return "\(path): \"\(text)\"" }
            return failure?.description ?? path
        }

        /// The decoder of typed access without a decoder: default settings, and dates read in
        /// every form ``date`` documents (see `DateDecodingStrategy.treeDefault`).
        static let defaultDecoder: XMLDecoder = {
            let decoder = XMLDecoder()
            decoder.dateDecodingStrategy = .treeDefault
            return decoder
        }()
    }
}
