// DecodingOutcome: what a decoding gave, to compare the generated readers with the Codable path:
// its value, or its error's case and coding path. Shared with the Fuzz package's FuzzFieldStream
// target (a link there), so it uses nothing but Foundation.
//
//     DecodingOutcome { try XMLDecoder().decode(Root.self, from: data) }
//     → .value(Root(…))  or  .error("keyNotFound", ["node", "#0", "owner"])

import Foundation

/// A decoding's outcome: its value, or its error's case and coding path (list positions as `#n`).
///
/// Two values are equal when they print alike (`String(reflecting:)`), so that a NaN read by
/// both paths is the same value and `-0.0` is not `0.0`.
enum DecodingOutcome<T>: Equatable, CustomStringConvertible {
    case value(T)
    case error(String, [String])
    case other(String)

    init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(_, let context): self = .error("keyNotFound", Self.path(context))
            case .typeMismatch(_, let context): self = .error("typeMismatch", Self.path(context))
            case .valueNotFound(_, let context): self = .error("valueNotFound", Self.path(context))
            case .dataCorrupted(let context): self = .error("dataCorrupted", Self.path(context))
            @unknown default: self = .other("\(error)")
            }
        } catch {
            self = .other("\(type(of: error)): \(error)")
        }
    }

    static func path(_ context: DecodingError.Context) -> [String] {
        context.codingPath.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }

    var description: String {
        switch self {
        case .value(let value): "value(\(String(reflecting: value)))"
        case .error(let kind, let path): "error(\(kind), \(path))"
        case .other(let error): "other(\(error))"
        }
    }
}
