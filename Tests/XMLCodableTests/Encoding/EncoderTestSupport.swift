// Shared helpers for the XMLEncoder suites: encode → compare → read back → decode round trips,
// error capture, a well-formedness check through the project's own reader, xmllint, and a small
// seeded PRNG for the property-based tests.

import Foundation
import Testing
@testable import XMLCodable

/// Encodes `value` with a fresh encoder configured by `configure`, as a string.
func encodeXML<T: Encodable>(
    _ value: T, rootKey: String? = nil, rootAttributes: [String: String]? = nil,
    header: XMLHeader? = nil, doctype: XMLDocumentType? = nil,
    configure: (XMLEncoder) -> Void = { _ in }
) throws -> String {
    let encoder = XMLEncoder()
    configure(encoder)
    return try encoder.encodeToString(value, withRootKey: rootKey, rootAttributes: rootAttributes, header: header, doctype: doctype)
}

/// Encodes `value`, checks the text against `expectedXML` (when given), checks that the project's
/// reader accepts the document to the end, decodes it back and checks the result equals `value`.
/// Returns the encoded document.
@discardableResult
func roundTrip<T: Codable & Equatable>(
    _ value: T, expectedXML: String? = nil, rootKey: String? = "root",
    rootAttributes: [String: String]? = nil, header: XMLHeader? = nil,
    encoder configureEncoder: (XMLEncoder) -> Void = { _ in },
    decoder configureDecoder: (XMLDecoder) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let xml = try encodeXML(value, rootKey: rootKey, rootAttributes: rootAttributes, header: header, configure: configureEncoder)
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
func encodingError<T: Encodable>(
    _ value: T, rootKey: String? = "root", rootAttributes: [String: String]? = nil, doctype: XMLDocumentType? = nil,
    configure: (XMLEncoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) -> EncodingError? {
    do {
        let xml = try encodeXML(value, rootKey: rootKey, rootAttributes: rootAttributes, doctype: doctype, configure: configure)
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
    var context: EncodingError.Context? {
        switch self {
        case .invalidValue(_, let context): return context
        @unknown default: return nil
        }
    }

    var path: [String] { pathStrings(context?.codingPath ?? []) }
    var debugDescription: String { context?.debugDescription ?? "" }
}

/// The project's own reader, read to the end: nil when the document is well-formed, else the error.
func readerError(_ xml: String) -> XMLParsingError? {
    do {
        var reader = try XMLReader(Data(xml.utf8))
        while try reader.next() != nil {}
        return nil
    } catch {
        return error
    }
}

/// Records an issue unless XMLReader reads `xml` to the end without error.
func expectWellFormed(_ xml: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let error = readerError(xml) {
        Issue.record("XMLReader rejects the encoded document (\(error)): \(xml.debugDescription)", sourceLocation: sourceLocation)
    }
}

// MARK: - xmllint

enum XMLLint {
    /// The path of xmllint, if installed (`/usr/bin/env which xmllint`, else the usual places).
    static let path: String? = {
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

    static var isAvailable: Bool { path != nil }

    /// Runs `xmllint --noout` on the documents, one temporary file each, all in one process run.
    /// Returns, per document, nil when xmllint accepts it, else xmllint's complaint.
    static func check(_ documents: [String]) throws -> [String?] {
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

// MARK: - Seeded generation

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, seedable generator, so that every
/// generated case can be reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Whether XML 1.0 can carry the scalar (the `Char` production).
func isXMLChar(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
        || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
}

/// Strings of every kind XML 1.0 can carry, markup characters and white space included.
struct StringGenerator {
    static let specials = [
        "&", "<", ">", "]]>", "]]", "\"", "'", "\r", "\n", "\r\n", "\t", " ", "  ",
        "&amp;", "&#13;", "<![CDATA[", "<a>", "-->", "?>", "\u{85}", "\u{2028}", "\u{FEFF}",
    ]

    static func scalar(_ rng: inout SplitMix64) -> Unicode.Scalar {
        while true {
            let value: UInt32
            switch rng.next() % 8 {
            case 0, 1: value = UInt32.random(in: 0x20...0x7E, using: &rng)  // ASCII
            case 2: value = UInt32.random(in: 0xA0...0x24F, using: &rng)  // Latin
            case 3: value = UInt32.random(in: 0x300...0x36F, using: &rng)  // combining marks
            case 4: value = UInt32.random(in: 0x370...0xD7FF, using: &rng)  // rest of the BMP
            case 5: value = UInt32.random(in: 0xE000...0xFFFD, using: &rng)  // private use, specials
            case 6: value = UInt32.random(in: 0x1F300...0x1FAFF, using: &rng)  // emoji
            default: value = UInt32.random(in: 0x10000...0x10FFFF, using: &rng)  // astral planes
            }
            if isXMLChar(value), let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    /// A random string: pieces of random scalars and specials, then a white-space layout
    /// (none, leading, trailing, both, only white space, empty).
    static func string(_ rng: inout SplitMix64) -> String {
        var text = ""
        let pieces = Int.random(in: 0...8, using: &rng)
        for _ in 0..<pieces {
            if rng.next() % 3 == 0 {
                text += specials.randomElement(using: &rng)!
            } else {
                for _ in 0..<Int.random(in: 1...6, using: &rng) { text.unicodeScalars.append(scalar(&rng)) }
            }
        }
        let spaces = ["", " ", "  ", "\t", "\n", "\r\n", "\r", " \t\n "]
        switch rng.next() % 8 {
        case 0: text = spaces.randomElement(using: &rng)! + text
        case 1: text += spaces.randomElement(using: &rng)!
        case 2: text = spaces.randomElement(using: &rng)! + text + spaces.randomElement(using: &rng)!
        case 3: text = spaces.randomElement(using: &rng)! + spaces.randomElement(using: &rng)!
        case 4: text = ""
        default: break
        }
        return text
    }
}

/// Strings compared scalar by scalar (Swift's `==` on String is canonical equivalence, which would
/// hide a change of normalization).
func sameScalars(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }
func sameScalars(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return sameScalars(a, b)
    default: return false
    }
}
func sameScalars(_ a: [String], _ b: [String]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { sameScalars($0, $1) } }
