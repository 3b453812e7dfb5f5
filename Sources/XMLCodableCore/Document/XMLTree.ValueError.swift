// XMLTree.ValueError: why a typed lookup in a tree failed, with the lookup path and the source
// line and column (see XMLTree.Value.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLTree {
    /// Why a typed lookup in a tree gave no value: nothing there, or text that does not read as
    /// the type asked for; with the lookup path and, for a parsed tree, the source position.
    ///
    /// ```swift
    /// do {
    ///     let price = try tree["catalog"].fetch("book[1]/price", as: Double.self)
    /// } catch {
    ///     print(error)   // catalog/book[1]/price (line 9, column 38): "n/a" is not a valid Double: …
    /// }
    /// ```
    public struct ValueError: Error, CustomStringConvertible {
        /// What went wrong.
        public enum Reason: Sendable {
            /// An element on the path is missing (the failure says which step missed).
            case notFound(LookupFailure)
            /// The element has no attribute with this name.
            case noAttribute(String)
            /// The path cannot be read (an empty step, an index that is not a number, an
            /// unclosed `{`): what is wrong with it.
            case invalidPath(String)
            /// The text does not read as the type (named as Swift prints it); `underlyingError`
            /// is the decoder's `DecodingError`, or the error a `transform` threw.
            case invalid(text: String, type: String, underlyingError: any Error)
        }

        /// What went wrong.
        public let reason: Reason
        /// The lookup path of the value: as far as it was found for a missing element, the
        /// attribute's path (`…/@id`) for a missing attribute.
        public let path: String
        /// Where the value (or, when it is missing, the last element found on the way) was in
        /// the document; `nil` for a tree built in code.
        public let location: SourceLocation?

        /// Creates an error.
        public init(reason: Reason, path: String, location: SourceLocation?) {
            self.reason = reason
            self.path = path
            self.location = location
        }

        /// The error as a sentence: the path, the source position when known, and what went wrong.
        public var description: String {
            let position = location.map { " (line \($0.line), column \($0.column))" } ?? ""
            switch reason {
            case .notFound(let failure):
                // The failure's own description with the position after its path (or its sentence).
                let message = failure.reason.message
                return failure.path.isEmpty ? message + position : failure.path + position + ": " + message
            case .noAttribute(let name):
                return path + position + ": no attribute '\(name)'"
            case .invalidPath(let problem):
                return path + position + ": not a lookup path: " + problem
            case .invalid(let text, let type, let error):
                var detail: String
                if let decoding = error as? DecodingError {
                    switch decoding {
                    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                        .dataCorrupted(let context):
                        detail = context.debugDescription
                    @unknown default:
                        detail = "\(decoding)"
                    }
                } else {
                    detail = "\(error)"
                }
                // The decoder read the text alone, from no document: this error gives the position.
                if detail.hasSuffix(XMLDecoderImpl.noSourcePosition + ".") {
                    let bytes = Array(detail.utf8)
                    let marker = Array(", at ".utf8)
                    var start = bytes.count - marker.count
                    while start >= 0, !bytes[start..<start + marker.count].elementsEqual(marker) { start -= 1 }
                    if start >= 0 { detail = String(decoding: bytes[..<start], as: UTF8.self) + "." }
                }
                return path + position + ": \"\(text)\" is not a valid \(type): " + detail
            }
        }
    }
}
