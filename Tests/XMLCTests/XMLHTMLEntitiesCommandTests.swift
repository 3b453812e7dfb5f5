// `--html-entities` in `xmlc check`, `format` and `to-json`: HTML's named character references for
// entities a document does not declare. The tool is run as a separate process (see
// XMLCheckCommandTests.swift for how).

import Foundation
import Testing

@Suite("xmlc --html-entities")
struct XMLHTMLEntitiesCommandTests {
    static let document = "<rss>\n  <title a=\"x&nbsp;y\">Caf&eacute; &lt;b&gt;</title>\n</rss>\n"

    @Test func checkRefusesUndeclaredEntitiesByDefault() throws {
        let result = try XMLC.run(["check", "-"], standardInput: Data(Self.document.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("<stdin>:2:14: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("nbsp"))
    }

    @Test func checkAcceptsThemWithTheFlag() throws {
        let result = try XMLC.run(["check", "--html-entities", "-"], standardInput: Data(Self.document.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "<stdin>: well-formed, 2 elements\n")
        #expect(result.stderr == "")
    }

    @Test func checkStillReportsAnUnknownNameAtItsPlace() throws {
        let result = try XMLC.run(
            ["check", "--html-entities", "-"], standardInput: Data("<r>\n caf&eacute; &bogus;</r>".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:2:14: error: entity 'bogus' is not declared"), "\(result.stderr)")
    }

    @Test func formatAndToJSONWriteTheCharacters() throws {
        let format = try XMLC.run(["format", "--html-entities"], standardInput: Data(Self.document.utf8))
        #expect(format.status == 0, "\(format.stderr)")
        #expect(format.stdout == "<rss>\n  <title a=\"x\u{A0}y\">Café &lt;b&gt;</title>\n</rss>\n")
        let json = try XMLC.run(["to-json", "--compact", "--html-entities"], standardInput: Data(Self.document.utf8))
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == "{\"rss\":{\"title\":{\"@a\":\"x\u{A0}y\",\"#text\":\"Café <b>\"}}}\n")
        #expect(try XMLC.run(["format"], standardInput: Data(Self.document.utf8)).status == 1)
        #expect(try XMLC.run(["to-json"], standardInput: Data(Self.document.utf8)).status == 1)
    }

    @Test func helpTextsMentionTheFlag() throws {
        for command in ["check", "format", "to-json"] {
            let result = try XMLC.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("--html-entities"), "\(command)")
        }
    }
}
