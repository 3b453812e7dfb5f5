// End-to-end tests of `xmlc check`: the built executable is run as a separate process, exactly as
// a user runs it, and its exit status, standard output and standard error are compared.
//
// Design: the tests never import the executable's code. They find the `xmlc` binary that
// `swift test` built beside the test bundle (the products directory of the current build,
// whatever `--scratch-path` was used; XMLCTests depends on xmlc, so it is built first), and never
// an older one from another build folder; `XMLC_PATH` overrides it. Each run gets its standard input from a file and
// writes its output to temporary files, so no pipe can fill up and block. Processes run with the
// package root as working directory and relative paths as arguments, so the expected diagnostics
// read exactly as a user sees them.
//
// Expected lines and columns of the fixtures in Tests/Fixtures/fail/ were counted by hand (and by a
// script): columns count Unicode scalars, 1-based; a tab is one column.
//
// Documents are read in chunks, so the source line of an error is recovered from the file (read
// back near the error) or from what standard input left in memory: the tests at the end check
// both on documents far larger than a chunk, lines far longer than the shown window, a byte
// order mark, CR LF line ends and UTF-16 input.

import Foundation
import Testing

@Suite("xmlc check")
struct XMLCheckCommandTests {
    // MARK: Well-formed input

    @Test func sampleCatalogIsWellFormed() throws {
        let result = try XMLC.run(["check", "Samples/catalog.xml"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Samples/catalog.xml: well-formed"))
        #expect(result.stderr == "")
    }

    @Test func quietPrintsNothingForWellFormedInput() throws {
        let result = try XMLC.run(["check", "--quiet", "Samples/catalog.xml"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func standardInputIsReadForDash() throws {
        let sample = try Data(contentsOf: XMLC.packageRoot.appendingPathComponent("Samples/catalog.xml"))
        let result = try XMLC.run(["check", "-"], standardInput: sample)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<stdin>: well-formed"))
        #expect(result.stderr == "")
    }

    // MARK: Malformed input

    @Test func mismatchedEndTagIsReportedWithSourceLineAndCaret() throws {
        let file = "Tests/Fixtures/fail/mismatched-end-tag.xml"
        let result = try XMLC.run(["check", file])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        // The caret line reproduces the two tabs of the source line so the caret lines up.
        #expect(
            result.stderr == """
                \(file):4:22: error: end tag </publisher> does not match start tag <author>
                \t\t<author>Jon Hoffman</publisher>
                \t\t                   ^

                """)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // Four two-byte characters precede the error: column 66, byte 70 of the line.
        let file = "Tests/Fixtures/fail/non-ascii-column.xml"
        let result = try XMLC.run(["check", file])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.first.map(String.init) == "\(file):3:66: error: end tag </title> does not match start tag <titre>")
        #expect(lines.count == 4)
        if lines.count == 4 {
            #expect(lines[1] == #"  <book name="Programmer en Swift"><titre>Crème brûlée à la Swift</title></book>"#)
            #expect(lines[2] == String(repeating: " ", count: 65) + "^")
            #expect(lines[3] == "")
        }
    }

    @Test func nonUTF8DocumentGetsNoSourceLine() throws {
        // UTF-16 with a byte order mark: the position refers to the UTF-8 transcoding, so the tool
        // prints only the error line.
        let file = "Tests/Fixtures/fail/utf16-mismatched-end-tag.xml"
        let result = try XMLC.run(["check", file])
        #expect(result.status == 1)
        #expect(result.stderr == "\(file):3:13: error: end tag </books> does not match start tag <book>\n")
    }

    @Test func malformedStandardInputIsNamedStdin() throws {
        let bytes = try Data(
            contentsOf: XMLC.packageRoot.appendingPathComponent(
                "Tests/Fixtures/fail/mismatched-end-tag.xml"))
        let result = try XMLC.run(["check", "-"], standardInput: bytes)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:4:22: error: "))
        #expect(result.stderr.hasSuffix("\t\t                   ^\n"))
    }

    @Test func everyFileIsCheckedAndTheWorstStatusWins() throws {
        let result = try XMLC.run([
            "check", "Tests/Fixtures/fail/mismatched-end-tag.xml", "Samples/catalog.xml",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Samples/catalog.xml: well-formed"))
        #expect(result.stderr.hasPrefix("Tests/Fixtures/fail/mismatched-end-tag.xml:4:22: error: "))
    }

    // MARK: Source lines recovered in bounded memory

    /// A temporary directory for the duration of `body`.
    static func withTemporaryDirectory<R>(_ body: (URL) throws -> R) throws -> R {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlc-check-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    @Test func anErrorFarIntoALargeDocumentShowsItsLine() throws {
        // 2 MB: the error is 30 chunks into the document, from a file and from standard input.
        let lines = ["<r>"] + (0..<100_000).map { "  <i n=\"\($0)\">v</i>" } + ["  <bad></oops>", "</r>"]
        let document = Data(lines.joined(separator: "\n").utf8)
        let expected = """
            :100002:8: error: end tag </oops> does not match start tag <bad>
              <bad></oops>
                   ^

            """
        try Self.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("large.xml")
            try document.write(to: file)
            let result = try XMLC.run(["check", file.path])
            #expect(result.status == 1)
            #expect(result.stderr == file.path + expected)
        }
        let piped = try XMLC.run(["check", "-"], standardInput: document)
        #expect(piped.status == 1)
        #expect(piped.stderr == "<stdin>" + expected)
    }

    @Test func aVeryLongLineIsShownAsAWindowAroundTheColumn() throws {
        // A minified document of one 60 KB line: the window is the one the whole line gives,
        // though only bytes near the error are read back.
        let before = (0..<3000).map { "<i n=\"\($0)\">é</i>" }.joined()
        let after = (0..<3000).map { "<i>\($0)</i>" }.joined()
        let line = "<r>" + before + "<x></y>" + after + "</r>"
        let scalars = Array(line.unicodeScalars)
        let caret = 3 + before.unicodeScalars.count + 3  // the '<' of "</y>"
        let width = 120  // the most characters of a line a diagnostic shows
        let start = caret - width / 2
        let shown = "..." + String(String.UnicodeScalarView(scalars[start..<(start + width)])) + "..."
        let expected =
            ":1:\(caret + 1): error: end tag </y> does not match start tag <x>\n\(shown)\n"
            + String(repeating: " ", count: 3 + caret - start) + "^\n"
        try Self.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("long.xml")
            try Data(line.utf8).write(to: file)
            #expect(try XMLC.run(["check", file.path]).stderr == file.path + expected)
        }
        #expect(try XMLC.run(["check", "-"], standardInput: Data(line.utf8)).stderr == "<stdin>" + expected)
    }

    @Test func theLastLineWithoutALineBreakIsShownWhole() throws {
        // The reader stops at the error before standard input is seen to end: the rest of the
        // line is read for the diagnostic, and it is not marked as going on.
        let result = try XMLC.run(["check", "-"], standardInput: Data("<r>\n<a></b> tail".utf8))
        #expect(result.stderr == "<stdin>:2:4: error: end tag </b> does not match start tag <a>\n<a></b> tail\n   ^\n")
    }

    @Test func aByteOrderMarkIsNoColumn() throws {
        // The column counts characters after the mark, and the caret is under the column.
        let document = Data([0xEF, 0xBB, 0xBF] + Array("<a></b>".utf8))
        let expected = ":1:4: error: end tag </b> does not match start tag <a>\n<a></b>\n   ^\n"
        try Self.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("bom.xml")
            try document.write(to: file)
            #expect(try XMLC.run(["check", file.path]).stderr == file.path + expected)
        }
        #expect(try XMLC.run(["check", "-"], standardInput: document).stderr == "<stdin>" + expected)
    }

    @Test func carriageReturnLineEndsCountAsTheReaderCountsThem() throws {
        let document = Data("<r>\r\n  <a>\r  </b>\r\n</r>\r\n".utf8)
        let expected = ":3:3: error: end tag </b> does not match start tag <a>\n  </b>\n  ^\n"
        try Self.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("crlf.xml")
            try document.write(to: file)
            #expect(try XMLC.run(["check", file.path]).stderr == file.path + expected)
        }
        #expect(try XMLC.run(["check", "-"], standardInput: document).stderr == "<stdin>" + expected)
    }

    @Test func utf16StandardInputGetsNoSourceLine() throws {
        let bytes = try Data(
            contentsOf: XMLC.packageRoot.appendingPathComponent(
                "Tests/Fixtures/fail/utf16-mismatched-end-tag.xml"))
        let result = try XMLC.run(["check", "-"], standardInput: bytes)
        #expect(result.status == 1)
        #expect(result.stderr == "<stdin>:3:13: error: end tag </books> does not match start tag <book>\n")
    }

    @Test func largeWellFormedInputIsCountedFromAFileAndStandardInput() throws {
        let document = Data(
            (["<r>"] + (0..<50_000).map { "<i n=\"\($0)\">v</i>" } + ["</r>"]).joined(separator: "\n").utf8)
        try Self.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("big.xml")
            try document.write(to: file)
            #expect(try XMLC.run(["check", file.path]).stdout == "\(file.path): well-formed, 50001 elements\n")
        }
        #expect(
            try XMLC.run(["check", "-"], standardInput: document).stdout == "<stdin>: well-formed, 50001 elements\n")
    }

    // MARK: Usage

    @Test(arguments: [["--help"], ["-h"], ["help"], ["check", "--help"], ["help", "check"], ["--version"]])
    func helpAndVersionPrintToStandardOutput(arguments: [String]) throws {
        let result = try XMLC.run(arguments)
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
        #expect(result.stderr == "")
    }

    @Test func usageListsTheCheckCommand() throws {
        let result = try XMLC.run(["--help"])
        #expect(result.stdout.contains("USAGE: xmlc COMMAND"))
        #expect(result.stdout.contains("  check "))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try XMLC.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("xmlc: error: unknown command 'frobnicate'\n"))
        #expect(result.stderr.contains("USAGE: xmlc COMMAND"))
    }

    @Test(arguments: [[], ["check"], ["check", "--no-such-option", "Samples/catalog.xml"], ["check", "-", "-"]])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let result = try XMLC.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(!result.stderr.isEmpty)
    }

    @Test func unreadableFileExitsTwo() throws {
        let result = try XMLC.run(["check", "Samples/no-such-file.xml", "Samples/catalog.xml"])
        #expect(result.status == 2)
        #expect(result.stderr == "xmlc: error: cannot read 'Samples/no-such-file.xml': no such file\n")
        // The readable file is still checked.
        #expect(result.stdout.hasPrefix("Samples/catalog.xml: well-formed"))
    }
}

/// Finds and runs the built `xmlc` executable.
enum XMLC {
    /// What one run of xmlc did.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "xmlc executable not found beside the test bundle (`swift test` builds it: XMLCTests depends on it),"
                + " and XMLC_PATH is not set; looked in:\n"
                + searched.joined(separator: "\n")
        }
    }

    /// The package's root directory (this file is Tests/XMLCTests/XMLCheckCommandTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs xmlc with `arguments` in the package root, feeding it `standardInput`, with
    /// `environment` added to the test's own.
    static func run(_ arguments: [String], standardInput: Data = Data(), environment: [String: String] = [:]) throws
        -> Result
    {
        let executable = try locate()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlc-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try standardInput.write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)

        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()

        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    /// The xmlc executable of the current build.
    static func locate() throws -> URL {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["XMLC_PATH"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // The products directory that holds the running test bundle holds xmlc too: on Linux the
        // test bundle is an executable there; on macOS it is a `.xctest` bundle there.
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL {
            directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL.resolvingSymlinksInPath())
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("xmlc")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw NotFound(searched: directories.map(\.path))
    }
}
