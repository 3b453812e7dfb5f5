// Shared helpers for the XMLDecoder suites.

import Foundation
import Testing
@testable import XMLCodableCore

/// Decodes `type` from `xml` with a fresh decoder, configured by `configure`.
func decode<T: Decodable>(_ type: T.Type, _ xml: String, configure: (XMLDecoder) -> Void = { _ in }) throws -> T {
    let decoder = XMLDecoder()
    configure(decoder)
    return try decoder.decode(type, from: Data(xml.utf8))
}

/// The `DecodingError` thrown when decoding `type` from `xml`, or `nil` (after recording an issue)
/// when decoding succeeds or throws something else.
func decodingError<T: Decodable>(
    _ type: T.Type, _ xml: String, configure: (XMLDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> DecodingError? {
    do {
        let value = try decode(type, xml, configure: configure)
        Issue.record("expected a DecodingError, decoded \(value)", sourceLocation: sourceLocation)
        return nil
    } catch let error as DecodingError {
        return error
    } catch {
        Issue.record("expected a DecodingError, got \(Swift.type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A coding path as strings: keys by name, positions in lists by number.
func pathStrings(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map(String.init) ?? key.stringValue }
}

extension DecodingError {
    /// The context of any kind of decoding error.
    var context: DecodingError.Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }

    var kind: String {
        switch self {
        case .typeMismatch: "typeMismatch"
        case .valueNotFound: "valueNotFound"
        case .keyNotFound: "keyNotFound"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    /// The coding path as strings; for `keyNotFound` the missing key is appended.
    var fullPath: [String] {
        var path = pathStrings(context?.codingPath ?? [])
        if case .keyNotFound(let key, _) = self { path.append(key.intValue.map(String.init) ?? key.stringValue) }
        return path
    }

    var debugDescription: String { context?.debugDescription ?? "" }

    /// The line named in the debug description ("line L, column C"), if any.
    var reportedLine: Int? {
        let text = debugDescription
        guard let range = text.range(of: #"line (\d+), column (\d+)"#, options: .regularExpression) else { return nil }
        let digits = text[range].dropFirst("line ".count).prefix { $0.isNumber }
        return Int(digits)
    }
}

/// A coding key made from any string or integer.
struct AnyKey: CodingKey, Hashable, Sendable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// A thread-safe box for values recorded from `@Sendable` closures.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _values: [Value] = []
    func append(_ value: Value) { lock.lock(); _values.append(value); lock.unlock() }
    var values: [Value] { lock.lock(); defer { lock.unlock() }; return _values }
}
