// Shared helpers for the XMLEncoder suites: encode → compare → read back → decode round trips,
// error capture, a well-formedness check through the project's own reader, xmllint, and a small
// seeded PRNG for the property-based tests.

import Foundation
import Testing
import XMLCodableCore

/// Encodes `value` with a fresh encoder configured by `configure`, as a string.
public func encodeXML<T: Encodable>(
    _ value: T, rootKey: String? = nil, rootAttributes: [String: String]? = nil,
    header: XMLHeader? = nil, doctype: XMLDocumentType? = nil,
    configure: (XMLEncoder) -> Void = { _ in }
) throws -> String {
    let encoder = XMLEncoder()
    configure(encoder)
    return try encoder.encodeToString(
        value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype)
}

/// Encodes `value`, checks the text against `expectedXML` (when given), checks that the project's
/// reader accepts the document to the end, decodes it back and checks the result equals `value`.
/// Returns the encoded document.
@discardableResult
public func roundTrip<T: Codable & Equatable>(
    _ value: T, expectedXML: String? = nil, rootKey: String? = "root",
    rootAttributes: [String: String]? = nil, header: XMLHeader? = nil,
    encoder configureEncoder: (XMLEncoder) -> Void = { _ in },
    decoder configureDecoder: (XMLDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let xml = try encodeXML(
        value, rootKey: rootKey, rootAttributes: rootAttributes, header: header, configure: configureEncoder)
    if let expectedXML {
        #expect(xml == expectedXML, sourceLocation: sourceLocation)
    }
    expectWellFormed(xml, sourceLocation: sourceLocation)
    let decoder = XMLDecoder()
    configureDecoder(decoder)
    let decoded = try decoder.decode(T.self, from: Data(xml.utf8))
    #expect(decoded == value, "decoded from \(xml)", sourceLocation: sourceLocation)
    return xml
}

/// The `EncodingError` thrown when encoding `value`, or `nil` (after recording an issue) when
/// encoding succeeds or throws something else.
public func encodingError<T: Encodable>(
    _ value: T, rootKey: String? = "root", rootAttributes: [String: String]? = nil, doctype: XMLDocumentType? = nil,
    configure: (XMLEncoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) -> EncodingError? {
    do {
        let xml = try encodeXML(
            value, rootKey: rootKey, rootAttributes: rootAttributes, doctype: doctype, configure: configure)
        Issue.record("expected an EncodingError, encoded \(xml.debugDescription)", sourceLocation: sourceLocation)
        return nil
    } catch let error as EncodingError {
        return error
    } catch {
        Issue.record("expected an EncodingError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

extension EncodingError {
    public var context: EncodingError.Context? {
        switch self {
        case .invalidValue(_, let context): return context
        @unknown default: return nil
        }
    }

    public var path: [String] { pathStrings(context?.codingPath ?? []) }
    public var debugDescription: String { context?.debugDescription ?? "" }
}

/// The project's own reader, read to the end: nil when the document is well-formed, else the error.
public func readerError(_ xml: String) -> XMLParsingError? {
    do {
        var reader = try XMLReader(Data(xml.utf8))
        while try reader.next() != nil {}
        return nil
    } catch {
        return error
    }
}

/// Records an issue unless XMLReader reads `xml` to the end without error.
public func expectWellFormed(_ xml: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let error = readerError(xml) {
        Issue.record(
            "XMLReader rejects the encoded document (\(error)): \(xml.debugDescription)", sourceLocation: sourceLocation
        )
    }
}

// MARK: - xmllint

public enum XMLLint {
    /// The path of xmllint, if installed (`/usr/bin/env which xmllint`, else the usual places).
    public static let path: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["which", "xmllint"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            process.waitUntilExit()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if process.terminationStatus == 0, !output.isEmpty { return output }
        }
        for candidate in ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }()

    public static var isAvailable: Bool { path != nil }

    /// Runs `xmllint --noout` on the documents, one temporary file each, all in one process run.
    /// Returns, per document, nil when xmllint accepts it, else xmllint's complaint.
    public static func check(_ documents: [String]) throws -> [String?] {
        guard let path else { return documents.map { _ in "xmllint is not installed" } }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlcodable-enc-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (index, document) in documents.enumerated() {
            let file = directory.appendingPathComponent("doc\(index).xml")
            try Data(document.utf8).write(to: file)
            files.append(file)
        }
        // xmllint reports each bad file by name on stderr; one run for all files.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--noout", "--nonet"] + files.map(\.path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var complaints: [String?] = files.map { file in
            let lines = stderr.split(separator: "\n").filter { $0.hasPrefix(file.path + ":") }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
        if process.terminationStatus != 0, complaints.allSatisfy({ $0 == nil }), !complaints.isEmpty {
            complaints[0] = "xmllint exited with \(process.terminationStatus): \(stderr)"
        }
        return complaints
    }
}

/// Strings compared scalar by scalar (Swift's `==` on String is canonical equivalence, which would
/// hide a change of normalization).
public func sameScalars(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }
public func sameScalars(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return sameScalars(a, b)
    default: return false
    }
}
public func sameScalars(_ a: [String], _ b: [String]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { sameScalars($0, $1) }
}
