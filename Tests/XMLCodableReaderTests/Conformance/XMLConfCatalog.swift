// XMLConfCatalog: finds the W3C XML Conformance Test Suite (xmlconf) and reads its catalogs.
//
// Why a parser of its own: the harness judges the library's XML reader, so it must not depend on
// it. The catalogs use a small, regular subset of XML (start and end tags with attributes, text,
// comments, PIs, CDATA sections, one DOCTYPE with ENTITY declarations in the master file), and
// `CatalogScanner` below reads exactly that subset and throws on anything it does not understand,
// so a catalog change shows up as a harness error rather than as silently missing tests.
//
// How the suite is laid out (see xmlconf/README.md):
// * `xmlconf.xml` (the master) declares each catalog as an external entity
//   (`<!ENTITY name SYSTEM "path">`) and references it (`&name;`) inside a
//   `<TESTCASES xml:base=…>` wrapper.
// * A catalog is an external parsed entity: a sequence of `<TEST>` elements, possibly wrapped in
//   `<TESTCASES>` and possibly with no single root element.
// * A TEST's `URI` and `OUTPUT` resolve against the catalog file that contains it plus any
//   `xml:base` in that file, NOT against the master's `xml:base` (which is wrong for eduni/misc:
//   the master says `eduni/namespaces/misc/`, the files are in `eduni/misc/`).
//
// Where the suite is: `$XMLCONF_DIR` if set, otherwise `../shared/xmlconf` next to the package
// root (the directory holding Package.swift, found by walking up from this file).

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation
import Testing

// MARK: - Locating the suite

enum XMLConf {
    /// The environment variable that overrides where the suite is looked for.
    static let environmentVariable = "XMLCONF_DIR"

    /// The package root: the nearest directory above this source file that holds Package.swift.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        // Fall back to the fixed layout Tests/XMLCodableReaderTests/Conformance/<file>.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// Whether the location came from `$XMLCONF_DIR` (then a missing suite is an error, not a skip).
    static let isOverridden: Bool = {
        if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty { return true }
        return false
    }()

    /// The suite's directory (the one holding xmlconf.xml).
    static let directory: URL = {
        if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty {
            return URL(fileURLWithPath: value, isDirectory: true).standardizedFileURL
        }
        return packageRoot.appendingPathComponent("../shared/xmlconf", isDirectory: true).standardizedFileURL
    }()

    /// The master catalog.
    static var masterFile: URL { directory.appendingPathComponent("xmlconf.xml") }

    /// Whether the conformance tests should run: the suite is present, or `$XMLCONF_DIR` names a
    /// location explicitly (a wrong explicit location must fail loudly rather than skip).
    static let isAvailable: Bool = isOverridden || FileManager.default.fileExists(atPath: masterFile.path)

    /// The message shown when the conformance tests are skipped.
    static let skipMessage: Comment = """
        W3C XML conformance suite not found: ../shared/xmlconf (relative to the package root) is absent; \
        set \(environmentVariable) to the directory holding xmlconf.xml to run these tests
        """

    /// The catalog, loaded once per test process (loading is cheap, but several tests use it).
    static let loaded: Result<XMLConfCatalog, any Error> = Result { try XMLConfCatalog.load(master: masterFile) }

    /// The loaded catalog, or a thrown error that says why it could not be loaded.
    static func catalog() throws -> XMLConfCatalog { try loaded.get() }
}

// MARK: - The catalog model

/// One `<TEST>` of the suite, with its attributes and resolved file locations.
struct XMLConfTest: Sendable, Hashable {
    var id: String
    /// `valid`, `invalid`, `not-wf` or `error`.
    var type: String
    /// `none` (the DTD's default), `general`, `parameter` or `both`.
    var entities: String
    /// `XML1.0` (the DTD's default), `XML1.1`, `NS1.0`, `NS1.1`, `XML1.0-errata2e`, …
    var recommendation: String
    /// `1.0`, `1.1` or empty when not given.
    var version: String
    /// Space-separated edition numbers, or empty (every edition).
    var edition: String
    /// `yes` (the default) or `no`.
    var namespace: String
    var sections: String
    /// The `URI` attribute as written, and the input document it resolves to.
    var uri: String
    var inputFile: URL
    /// The `OUTPUT` attribute as written and the file it resolves to, when the test has one.
    var output: String?
    var outputFile: URL?
    /// The catalog file the TEST is in.
    var catalogFile: URL
    /// All attributes of the TEST start tag, decoded.
    var attributes: [String: String]

    /// Whether this test applies to a non-validating XML 1.0 (5th edition) + Namespaces 1.0
    /// processor that reads no external entities, and has a verdict such a processor must reach
    /// (TYPE `error` leaves the outcome open; NAMESPACE `no` tests are not namespace-well-formed
    /// by design).
    var isSelected: Bool {
        if recommendation == "XML1.1" || recommendation == "NS1.1" { return false }
        if version == "1.1" { return false }
        if !edition.isEmpty && !edition.split(separator: " ").contains("5") { return false }
        if entities != "none" { return false }
        if type == "error" { return false }
        if namespace == "no" { return false }
        return true
    }
}

/// All tests of the suite, in catalog order.
struct XMLConfCatalog: Sendable {
    /// The catalog files, in the order the master references them.
    var catalogFiles: [URL]
    /// Every TEST of every catalog.
    var tests: [XMLConfTest]
    /// The number of TESTs per catalog file (keyed by path relative to the suite directory).
    var testsPerCatalog: [String: Int]

    /// The tests a non-validating XML 1.0 5th edition + Namespaces 1.0 processor must pass.
    var selected: [XMLConfTest] { tests.filter(\.isSelected) }

    /// Reads the master catalog and every catalog it references.
    static func load(master: URL) throws -> XMLConfCatalog {
        let masterBytes = try readFile(master)
        let catalogs = try CatalogScanner.externalEntityReferences(inMaster: masterBytes, masterFile: master)
        var tests: [XMLConfTest] = []
        var perCatalog: [String: Int] = [:]
        let suite = master.deletingLastPathComponent()
        for file in catalogs {
            let found = try CatalogScanner.tests(in: try readFile(file), catalogFile: file)
            tests += found
            perCatalog[XMLConfTest.relativePath(file, suite: suite), default: 0] += found.count
        }
        var seen = Set<String>()
        for test in tests where !seen.insert(test.id).inserted {
            throw CatalogError(file: test.catalogFile, offset: 0, message: "duplicate TEST ID '\(test.id)'")
        }
        return XMLConfCatalog(catalogFiles: catalogs, tests: tests, testsPerCatalog: perCatalog)
    }

    static func readFile(_ url: URL) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CatalogError(file: url, offset: 0, message: "cannot read file")
        }
        return [UInt8](data)
    }
}

extension XMLConfTest {
    /// A file's path relative to the suite directory, for messages.
    static func relativePath(_ file: URL, suite: URL) -> String {
        let base = suite.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }
}

/// A problem in a catalog file (or in the harness's reading of it).
struct CatalogError: Error, CustomStringConvertible {
    var file: URL
    var offset: Int
    var message: String
    var description: String { "\(file.path) (byte \(offset)): \(message)" }
}

// MARK: - The catalog scanner

/// A small scanner for the XML subset the catalogs use. It is not a general XML parser: it knows
/// start tags, end tags, empty-element tags, text (ignored, references in it skipped), comments,
/// processing instructions, CDATA sections and a DOCTYPE (whose internal subset is returned raw).
/// Anything else throws.
struct CatalogScanner {
    enum Token: Equatable {
        case startTag(name: String, attributes: [(name: String, value: String)], isEmpty: Bool)
        case endTag(name: String)
        /// A general entity reference in content (`&name;`); predefined and character references
        /// in content are not reported.
        case entityReference(String)
        /// A DOCTYPE: the root name and the raw text of its internal subset (between `[` and `]`).
        case doctype(name: String, internalSubset: String)

        static func == (lhs: Token, rhs: Token) -> Bool {
            switch (lhs, rhs) {
            case (.startTag(let a, let x, let e), .startTag(let b, let y, let f)):
                a == b && e == f && x.count == y.count
                    && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
            case (.endTag(let a), .endTag(let b)): a == b
            case (.entityReference(let a), .entityReference(let b)): a == b
            case (.doctype(let a, let x), .doctype(let b, let y)): a == b && x == y
            default: false
            }
        }
    }

    let bytes: [UInt8]
    let file: URL
    var position = 0

    init(_ bytes: [UInt8], file: URL) {
        self.bytes = bytes
        self.file = file
        // A UTF-8 byte order mark is allowed and skipped; every catalog is UTF-8.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    func error(_ message: String, at offset: Int? = nil) -> CatalogError {
        CatalogError(file: file, offset: offset ?? position, message: message)
    }

    // MARK: Byte helpers

    private func peek(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        return position + utf8.count <= bytes.count && bytes[position..<position + utf8.count].elementsEqual(utf8)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        // Enough for the catalogs: ASCII name characters, plus any non-ASCII byte.
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
            UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF:
            true
        default:
            false
        }
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private mutating func name() throws -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > start else { throw error("expected a name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skip(past terminator: String, construct: String) throws {
        let start = position
        let utf8 = Array(terminator.utf8)
        while position + utf8.count <= bytes.count {
            if bytes[position..<position + utf8.count].elementsEqual(utf8) {
                position += utf8.count
                return
            }
            position += 1
        }
        throw error("unterminated \(construct)", at: start)
    }

    private mutating func expect(_ literal: String) throws {
        guard peek(literal) else { throw error("expected '\(literal)'") }
        position += literal.utf8.count
    }

    // MARK: Tokens

    /// The next token, or nil at the end of the input. Text, comments, PIs and CDATA sections
    /// are skipped.
    mutating func next() throws -> Token? {
        while position < bytes.count {
            if peek("<!--") {
                position += 4
                try skip(past: "-->", construct: "comment")
            } else if peek("<?") {
                position += 2
                try skip(past: "?>", construct: "processing instruction")
            } else if peek("<![CDATA[") {
                position += 9
                try skip(past: "]]>", construct: "CDATA section")
            } else if peek("<!DOCTYPE") {
                position += 9
                return try doctype()
            } else if peek("</") {
                position += 2
                let name = try name()
                skipSpace()
                try expect(">")
                return .endTag(name: name)
            } else if peek("<!") {
                throw error("unexpected markup declaration outside a DOCTYPE")
            } else if peek("<") {
                position += 1
                return try startTag()
            } else if bytes[position] == UInt8(ascii: "&") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
                    try skip(past: ";", construct: "character reference")
                    continue
                }
                let name = try name()
                try expect(";")
                if ["amp", "lt", "gt", "quot", "apos"].contains(name) { continue }
                return .entityReference(name)
            } else {
                position += 1  // character data: not needed
            }
        }
        return nil
    }

    private mutating func startTag() throws -> Token {
        let name = try name()
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = position < bytes.count && Self.isSpace(bytes[position])
            skipSpace()
            if peek("/>") {
                position += 2
                return .startTag(name: name, attributes: attributes, isEmpty: true)
            }
            if peek(">") {
                position += 1
                return .startTag(name: name, attributes: attributes, isEmpty: false)
            }
            guard hadSpace else { throw error("expected white space, '>' or '/>' in the start tag of <\(name)>") }
            let attributeName = try self.name()
            skipSpace()
            try expect("=")
            skipSpace()
            let value = try attributeValue()
            if attributes.contains(where: { $0.name == attributeName }) {
                throw error("attribute '\(attributeName)' repeated on <\(name)>")
            }
            attributes.append((attributeName, value))
        }
    }

    /// A quoted attribute value, with the predefined entity references and character references
    /// decoded and literal white space (tab, LF, CR) normalized to a space as XML 1.0 §3.3.3
    /// requires of CDATA attributes.
    private mutating func attributeValue() throws -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw error("expected a quoted attribute value")
        }
        let quote = bytes[position]
        let start = position
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error("unterminated attribute value", at: start) }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: value, as: UTF8.self)
            }
            switch byte {
            case UInt8(ascii: "<"):
                throw error("'<' in an attribute value")
            case UInt8(ascii: "&"):
                value += try reference()
            case 0x0D:
                // A CR LF pair is one line end, hence one space.
                value.append(0x20)
                position += 1
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
            case 0x09, 0x0A:
                value.append(0x20)
                position += 1
            default:
                value.append(byte)
                position += 1
            }
        }
    }

    /// Decodes a reference at `&` in an attribute value; only the predefined entities and
    /// character references are known to a catalog.
    private mutating func reference() throws -> [UInt8] {
        let start = position
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            position += 1
            var radix = 10
            if position < bytes.count, bytes[position] == UInt8(ascii: "x") {
                radix = 16
                position += 1
            }
            let digitsStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: ";") { position += 1 }
            guard position < bytes.count,
                let code = UInt32(String(decoding: bytes[digitsStart..<position], as: UTF8.self), radix: radix),
                let scalar = Unicode.Scalar(code)
            else { throw error("malformed character reference", at: start) }
            position += 1
            return Array(String(Character(scalar)).utf8)
        }
        let name = try name()
        try expect(";")
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: throw error("reference to entity '\(name)' in an attribute value", at: start)
        }
    }

    private mutating func doctype() throws -> Token {
        skipSpace()
        let name = try name()
        // Skip an external ID, quoted strings taken whole, up to '[' or '>'.
        var subset = ""
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                position += 1
                while position < bytes.count, bytes[position] != byte { position += 1 }
                position += 1
            } else if byte == UInt8(ascii: "[") {
                position += 1
                let start = position
                // The internal subset ends at the first ']' outside quotes and comments.
                while position < bytes.count, bytes[position] != UInt8(ascii: "]") {
                    if peek("<!--") {
                        position += 4
                        try skip(past: "-->", construct: "comment")
                    } else if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                        let quote = bytes[position]
                        position += 1
                        while position < bytes.count, bytes[position] != quote { position += 1 }
                        position += 1
                    } else {
                        position += 1
                    }
                }
                guard position < bytes.count else { throw error("unterminated internal subset", at: start) }
                subset = String(decoding: bytes[start..<position], as: UTF8.self)
                position += 1
            } else if byte == UInt8(ascii: ">") {
                position += 1
                return .doctype(name: name, internalSubset: subset)
            } else {
                position += 1
            }
        }
        throw error("unterminated DOCTYPE")
    }

    // MARK: Catalog reading

    /// The catalog files the master references, in reference order, resolved against the master.
    /// Each must be declared `<!ENTITY name SYSTEM "path">` in the master's internal subset.
    static func externalEntityReferences(inMaster bytes: [UInt8], masterFile: URL) throws -> [URL] {
        var scanner = CatalogScanner(bytes, file: masterFile)
        var declared: [String: String] = [:]
        var files: [URL] = []
        var referenced = Set<String>()
        while let token = try scanner.next() {
            switch token {
            case .doctype(_, let subset):
                declared = try entityDeclarations(in: subset, file: masterFile)
            case .entityReference(let name):
                guard let system = declared[name] else {
                    throw scanner.error("reference to undeclared entity '\(name)'")
                }
                guard referenced.insert(name).inserted else { continue }
                guard let url = URL(string: system, relativeTo: masterFile)?.standardizedFileURL else {
                    throw scanner.error("cannot resolve system identifier '\(system)'")
                }
                files.append(url)
            default:
                continue
            }
        }
        guard !files.isEmpty else { throw scanner.error("the master catalog references no catalogs") }
        return files
    }

    /// `<!ENTITY name SYSTEM "literal">` declarations in a DTD internal subset (comments skipped).
    static func entityDeclarations(in subset: String, file: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        var text = Substring(subset)
        while let start = text.range(of: "<!") {
            text = text[start.upperBound...]
            if text.hasPrefix("--") {
                guard let end = text.range(of: "-->") else {
                    throw CatalogError(file: file, offset: 0, message: "unterminated comment in DOCTYPE")
                }
                text = text[end.upperBound...]
                continue
            }
            guard let end = text.firstIndex(of: ">") else {
                throw CatalogError(file: file, offset: 0, message: "unterminated declaration in DOCTYPE")
            }
            let declaration = text[..<end]
            text = text[text.index(after: end)...]
            let parts = declaration.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            guard parts.first == "ENTITY" else { continue }
            guard parts.count == 4, parts[2] == "SYSTEM", let quote = parts[3].first, quote == "\"" || quote == "'",
                parts[3].count >= 2, parts[3].last == quote
            else {
                throw CatalogError(file: file, offset: 0, message: "unexpected entity declaration '<!\(declaration)>'")
            }
            result[String(parts[1])] = String(parts[3].dropFirst().dropLast())
        }
        return result
    }

    /// Every TEST in one catalog file, with URI and OUTPUT resolved against the file and the
    /// `xml:base` attributes of the elements enclosing the TEST in that file.
    static func tests(in bytes: [UInt8], catalogFile: URL) throws -> [XMLConfTest] {
        var scanner = CatalogScanner(bytes, file: catalogFile)
        // The open elements and the base URI in effect inside each.
        var stack: [(name: String, base: URL)] = []
        var tests: [XMLConfTest] = []
        while let token = try scanner.next() {
            switch token {
            case .startTag(let name, let attributes, let isEmpty):
                let outer = stack.last?.base ?? catalogFile
                var base = outer
                if let xmlBase = attributes.first(where: { $0.name == "xml:base" })?.value {
                    guard let resolved = URL(string: xmlBase, relativeTo: outer) else {
                        throw scanner.error("cannot resolve xml:base '\(xmlBase)'")
                    }
                    base = resolved.absoluteURL
                }
                if name == "TEST" {
                    tests.append(try test(attributes, base: base, catalogFile: catalogFile, scanner: scanner))
                }
                if !isEmpty { stack.append((name, base)) }
            case .endTag(let name):
                guard let open = stack.popLast(), open.name == name else {
                    throw scanner.error("end tag </\(name)> does not match the open element")
                }
            case .entityReference(let name):
                throw scanner.error("unexpected entity reference '&\(name);' in a catalog")
            case .doctype:
                continue
            }
        }
        guard stack.isEmpty else { throw scanner.error("element <\(stack.last!.name)> is not closed") }
        return tests
    }

    private static func test(
        _ list: [(name: String, value: String)], base: URL, catalogFile: URL, scanner: CatalogScanner
    ) throws -> XMLConfTest {
        var attributes: [String: String] = [:]
        for (name, value) in list { attributes[name] = value }
        func resolve(_ reference: String) throws -> URL {
            guard let url = URL(string: reference, relativeTo: base) else {
                throw scanner.error("cannot resolve '\(reference)' against \(base.absoluteString)")
            }
            return url.standardizedFileURL
        }
        guard let id = attributes["ID"], !id.isEmpty else { throw scanner.error("TEST without ID") }
        guard let type = attributes["TYPE"], ["valid", "invalid", "not-wf", "error"].contains(type) else {
            throw scanner.error("TEST \(id) has a missing or unknown TYPE")
        }
        guard let uri = attributes["URI"], !uri.isEmpty else { throw scanner.error("TEST \(id) has no URI") }
        let output = attributes["OUTPUT"].flatMap { $0.isEmpty ? nil : $0 }
        return XMLConfTest(
            id: id,
            type: type,
            entities: attributes["ENTITIES"] ?? "none",
            recommendation: attributes["RECOMMENDATION"] ?? "XML1.0",
            version: attributes["VERSION"] ?? "",
            edition: attributes["EDITION"] ?? "",
            namespace: attributes["NAMESPACE"] ?? "yes",
            sections: attributes["SECTIONS"] ?? "",
            uri: uri,
            inputFile: try resolve(uri),
            output: output,
            outputFile: try output.map(resolve),
            catalogFile: catalogFile,
            attributes: attributes
        )
    }
}
