// End-to-end tests of `xmlc generate swift`, run as a separate process as a user runs it (the
// `XMLC` helper of XMLCheckCommandTests.swift): the source for the sample catalog, standard input,
// the options, help, and the errors for bad input and bad usage. The inference rules themselves
// are tested on the library, in Tests/XMLModelInferenceTests.

import Foundation
import Testing

@Suite("xmlc generate")
struct XMLGenerateCommandTests {
    @Test func generatesTheCatalogModels() throws {
        let result = try XMLC.run(["generate", "swift", "Samples/catalog.xml"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("// Codable models for <books> documents, inferred from 1 sample\n"))
        #expect(
            result.stdout.hasSuffix(
                """
                import XMLCodable

                struct Books: Codable, Equatable {
                    var book: [Book]
                }

                struct Book: Codable, Equatable {
                    @Attribute var name: String
                    var author: String
                    var publisher: String
                    var category: String
                    var description: String
                }

                """))
    }

    @Test func readsStandardInputAndAppliesTheOptions() throws {
        let result = try XMLC.run(
            ["generate", "swift", "--root", "Catalog", "--prefix", "X", "--optional", "--let", "-"],
            standardInput: Data(#"<books><book id="1"/></books>"#.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("//   <stdin>\n"))
        #expect(result.stdout.contains("struct Catalog: Codable, Equatable {\n    let book: XBook?\n}"))
        #expect(result.stdout.contains("struct XBook: Codable, Equatable {\n    @Attribute var id: Int?\n}"))
    }

    @Test func outputGoesToTheFileNamed() throws {
        let name = "generate-\(UUID().uuidString).swift"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try XMLC.run(["generate", "swift", "--output", file.path, "Samples/catalog.xml"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == (try XMLC.run(["generate", "swift", "Samples/catalog.xml"]).stdout))
        let missing = "/nonexistent-directory/x.swift"
        let unwritable = try XMLC.run(["generate", "swift", "-o", missing, "Samples/catalog.xml"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("xmlc: error: cannot write '/nonexistent-directory/x.swift': "))
    }

    @Test func malformedSampleIsReportedWithItsLine() throws {
        let result = try XMLC.run(["generate", "swift", "-"], standardInput: Data("<a>\n<b></a>".utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("<stdin>:2:4: error: end tag </a> does not match start tag <b>"))
    }

    @Test func samplesWithDifferentRootsAreRefused() throws {
        let other = Data("<other/>".utf8)
        let result = try XMLC.run(["generate", "swift", "Samples/catalog.xml", "-"], standardInput: other)
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>: the root element is <other>, but the first sample's is <books>"))
    }

    @Test(arguments: [
        (["generate"], "missing the language to generate ('swift')"),
        (["generate", "kotlin", "a.xml"], "unknown language 'kotlin' (the only one is 'swift')"),
        (["generate", "swift"], "missing SAMPLE (use '-' for standard input)"),
        (["generate", "swift", "--root", "1x", "a.xml"], "--root '1x' is not a Swift type name"),
        (["generate", "swift", "--bogus", "a.xml"], "unknown option '--bogus'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try XMLC.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("xmlc: error: \(message)\n"))
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try XMLC.run(["generate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: xmlc generate swift [OPTIONS] SAMPLE..."))
        let usage = try XMLC.run(["--help"])
        #expect(usage.stdout.contains("generate     Generate Codable models from sample documents"))
    }
}
