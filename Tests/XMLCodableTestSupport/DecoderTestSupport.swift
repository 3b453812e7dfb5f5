// Shared helpers for the XMLDecoder suites of every test target (the XMLCodableTestSupport target):
// decoding a string with a fresh decoder, the error it throws, and a decoding error's kind, path and
// message as plain values, for example
//
//     let error = decodingError(Book.self, "<book/>")   // keyNotFound
//     #expect(error?.fullPath == ["title"])

import Foundation
import Testing
import XMLCodableCore

/// Decodes `type` from `xml` with a fresh decoder, configured by `configure`.
public func decode<T: Decodable>(
    _ type: T.Type, _ xml: String, configure: (XMLDecoder) -> Void = { _ in }
) throws -> T {
    let decoder = XMLDecoder()
    configure(decoder)
    return try decoder.decode(type, from: Data(xml.utf8))
}

/// Decodes `type` from `xml` with a fresh decoder that processes namespaces, which matches keys
/// in Clark notation (`{uri}local`) by namespace URI.
public func decodeWithNamespaces<T: Decodable>(_ type: T.Type, _ xml: String) throws -> T {
    try decode(type, xml) { $0.shouldProcessNamespaces = true }
}

/// The `DecodingError` thrown when decoding `type` from `xml`, or `nil` (after recording an issue)
/// when decoding succeeds or throws something else.
public func decodingError<T: Decodable>(
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
public func pathStrings(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map(String.init) ?? key.stringValue }
}

extension DecodingError {
    /// The context of any kind of decoding error.
    public var context: DecodingError.Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }

    public var kind: String {
        switch self {
        case .typeMismatch: "typeMismatch"
        case .valueNotFound: "valueNotFound"
        case .keyNotFound: "keyNotFound"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    /// The coding path as strings; for `keyNotFound` the missing key is appended.
    public var fullPath: [String] {
        var path = pathStrings(context?.codingPath ?? [])
        if case .keyNotFound(let key, _) = self { path.append(key.intValue.map(String.init) ?? key.stringValue) }
        return path
    }

    public var debugDescription: String { context?.debugDescription ?? "" }

    /// The line named in the debug description ("line L, column C"), if any.
    public var reportedLine: Int? {
        let text = debugDescription
        guard let range = text.range(of: #"line (\d+), column (\d+)"#, options: .regularExpression) else { return nil }
        let digits = text[range].dropFirst("line ".count).prefix { $0.isNumber }
        return Int(digits)
    }
}

/// A coding key made from any string or integer.
public struct AnyKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(_ string: String) { stringValue = string }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// A thread-safe box for values recorded from `@Sendable` closures.
public final class Recorder<Value>: @unchecked Sendable {
    public init() {}
    private let lock = NSLock()
    private var _values: [Value] = []
    public func append(_ value: Value) { lock.lock(); _values.append(value); lock.unlock() }
    public var values: [Value] { lock.lock(); defer { lock.unlock() }; return _values }
}
