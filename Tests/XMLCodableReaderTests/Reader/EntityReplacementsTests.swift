// The opt-in replacement of undeclared entity references (`XMLReader.Options.undeclaredEntityReplacements`):
// HTML's named character references and a caller's own table, in content and attribute values, in
// memory and fed in chunks, and what stays an error.

import Foundation
import Testing
@testable import XMLCodableCore
@testable import XMLCodableReader

@Suite("Undeclared entity replacements")
struct EntityReplacementsTests {
    static let html = XMLReader.Options(undeclaredEntityReplacements: .html)

    /// The text of the root element, its text events joined, and its attributes.
    static func read(_ xml: String, options: XMLReader.Options = html) throws -> (
        text: String, attributes: [String: String]
    ) {
        var reader = XMLReader(xml, options: options)
        var text = ""
        var attributes: [String: String] = [:]
        while let event = try reader.next() {
            switch event {
            case .text(let slice): text += reader.string(slice)
            case .startElement:
                for attribute in reader.attributes {
                    attributes[reader.string(attribute.name)] = reader.string(attribute.value)
                }
            default: break
            }
        }
        return (text, attributes)
    }

    // MARK: The default

    @Test func offByDefaultTheReferenceIsStillAnError() {
        #expect(XMLReader.Options().undeclaredEntityReplacements == nil)
        let error = readError("<feed>\n  <title>Caf&eacute;</title>\n</feed>")
        #expect(error?.reason == .undeclaredEntity("eacute"))
        #expect(error.map { [$0.line, $0.column] } == [2, 13])
    }

    @Test func offByDefaultInAnAttributeToo() {
        let error = readError("<a title='x&nbsp;y'/>")
        #expect(error?.reason == .undeclaredEntity("nbsp"))
        #expect(error.map { [$0.line, $0.column] } == [1, 12])
    }

    // MARK: HTML's list

    @Test func htmlInContent() throws {
        let result = try Self.read("<t>Caf&eacute;&nbsp;au lait &NotEqualTilde; &Eacute;t&eacute;</t>")
        #expect(result.text == "Café\u{A0}au lait \u{2242}\u{338} Été")
    }

    @Test func htmlInAttributes() throws {
        let result = try Self.read("<t a='Caf&eacute;' b=\"x&nbsp;y\" c='&NotEqualTilde;'/>")
        #expect(result.attributes == ["a": "Café", "b": "x\u{A0}y", "c": "\u{2242}\u{338}"])
    }

    @Test func htmlTableHasTheWHATWGNamesWithSemicolon() {
        let html = XMLReader.EntityReplacements.html
        #expect(html.replacement(for: "eacute") == "é")
        #expect(html.replacement(for: "nbsp") == "\u{A0}")
        #expect(html.replacement(for: "NotEqualTilde") == "\u{2242}\u{338}")
        #expect(html.replacement(for: "fjlig") == "fj")
        #expect(html.replacement(for: "Afr") == "\u{1D504}")
        #expect(html.replacement(for: "nosuchentity") == nil)
        #expect(html.replacement(for: "eacute;") == nil)
        #expect(HTMLEntityTable.entries.count == 2125)
    }

    @Test func predefinedEntitiesKeepTheirMeaning() throws {
        // A caller's table cannot redefine XML's own five.
        let options = XMLReader.Options(undeclaredEntityReplacements: .html.adding(["amp": "AMP", "lt": "LT"]))
        let result = try Self.read("<t a='&lt;&amp;'>&lt;&gt;&amp;&apos;&quot;</t>", options: options)
        #expect(result.text == "<>&'\"")
        #expect(result.attributes == ["a": "<&"])
    }

    @Test func declaredEntitiesWinOverTheTable() throws {
        let xml = """
            <!DOCTYPE t [<!ENTITY eacute "E-ACUTE"><!ENTITY mine "x&nbsp;y">]>
            <t a='&eacute;&mine;'>&eacute;&mine;&egrave;</t>
            """
        let result = try Self.read(xml)
        // `&nbsp;` inside a declared entity's text is itself undeclared, so the table gives it.
        #expect(result.text == "E-ACUTEx\u{A0}yè")
        #expect(result.attributes == ["a": "E-ACUTEx\u{A0}y"])
    }

    @Test func aDeclaredEntityIsStillParsedAsMarkupButAReplacementIsNot() throws {
        let xml = "<!DOCTYPE t [<!ENTITY b '<b>bold</b>'>]><t>&b;&tag;</t>"
        var reader = XMLReader(
            xml, options: XMLReader.Options(undeclaredEntityReplacements: .init(["tag": "<b>x</b>"])))
        #expect(try trace(&reader) == ["<!DOCTYPE t>", "<t>", "<b>", "\"bold\"", "</b>", "\"<b>x</b>\"", "</t>"])
    }

    @Test func unknownNameIsStillAnErrorAtItsPlace() {
        let error = readError("<t>\n  caf&eacute; &bogus;</t>", options: Self.html)
        #expect(error?.reason == .undeclaredEntity("bogus"))
        #expect(error.map { [$0.line, $0.column] } == [2, 15])
        let inAttribute = readError("<t>\n <u a='&eacute;&bogus;'/></t>", options: Self.html)
        #expect(inAttribute?.reason == .undeclaredEntity("bogus"))
        #expect(inAttribute.map { [$0.line, $0.column] } == [2, 16])
    }

    // MARK: A caller's table

    @Test func customTable() throws {
        let options = XMLReader.Options(undeclaredEntityReplacements: .init(["company": "Example Ltd", "empty": ""]))
        let result = try Self.read("<t a='&company;&empty;!'>&company;&empty;!</t>", options: options)
        #expect(result.text == "Example Ltd!")
        #expect(result.attributes == ["a": "Example Ltd!"])
        // Only the caller's names: HTML's are not in it.
        #expect(readError("<t>&eacute;</t>", options: options)?.reason == .undeclaredEntity("eacute"))
    }

    @Test func addingWinsOverHTML() throws {
        let replacements = XMLReader.EntityReplacements.html.adding(["nbsp": " ", "logo": "☕"])
        #expect(replacements.replacement(for: "nbsp") == " ")
        #expect(replacements.replacement(for: "logo") == "☕")
        #expect(replacements.replacement(for: "eacute") == "é")
        #expect(replacements != .html)
        let result = try Self.read(
            "<t>a&nbsp;b&logo;&eacute;</t>", options: XMLReader.Options(undeclaredEntityReplacements: replacements))
        #expect(result.text == "a b☕é")
        let table = XMLReader.EntityReplacements(["x": "1"]).adding(["x": "2", "y": "3"])
        #expect(table.replacement(for: "x") == "2" && table.replacement(for: "y") == "3")
    }

    @Test func replacementIsNotParsedAsMarkup() throws {
        let options = XMLReader.Options(
            undeclaredEntityReplacements: .init(["tag": "<b>&amp;</b>", "quote": "'\"", "end": "]]>"]))
        var reader = XMLReader("<t a='&tag;&quote;'>&tag;&end;&quote;</t>", options: options)
        #expect(try trace(&reader) == ["<t a=\"<b>&amp;</b>'\"\">", "\"<b>&amp;</b>\"", "\"]]>\"", "\"'\"\"", "</t>"])
    }

    @Test func whiteSpaceInAReplacementIsKeptInAttributes() throws {
        // Like `&#9;` and `&#10;`: XML 1.0 §3.3.3 turns only literal white space into spaces.
        let options = XMLReader.Options(undeclaredEntityReplacements: .init(["ws": "\t\n\r"]))
        let result = try Self.read("<t a='[&ws;]' b='[&#9;&#10;&#13;]' c='[\t]'>[&ws;]</t>", options: options)
        #expect(result.attributes == ["a": "[\t\n\r]", "b": "[\t\n\r]", "c": "[ ]"])
        #expect(result.text == "[\t\n\r]")
        // In a tokenized attribute only spaces collapse, as with character references.
        let tokenized = try Self.read(
            "<!DOCTYPE t [<!ATTLIST t a NMTOKENS #IMPLIED>]><t a=' x&ws;y  z '/>", options: options)
        #expect(tokenized.attributes == ["a": "x\t\n\ry z"])
    }

    @Test func invalidCharacterInAReplacementIsRefusedAtTheReference() {
        for bad in ["\u{0}", "ok\u{FFFE}", "\u{FFFF}", "\u{1}x", "x\u{1F}"] {
            let options = XMLReader.Options(undeclaredEntityReplacements: .init(["bad": bad]))
            let inContent = readError("<t>\n  x&bad;</t>", options: options)
            guard case .malformedEntity(let name, _)? = inContent?.reason else {
                Issue.record("expected malformedEntity, got \(String(describing: inContent))")
                continue
            }
            #expect(name == "bad")
            #expect(inContent.map { [$0.line, $0.column] } == [2, 4])
            let inAttribute = readError("<t>\n <u a='x&bad;'/></t>", options: options)
            #expect(inAttribute.map { [$0.line, $0.column] } == [2, 9])
            #expect(inAttribute?.reason == inContent?.reason)
        }
        let options = XMLReader.Options(undeclaredEntityReplacements: .init(["bad": "\u{0}"]))
        #expect(readError("<t>x&bad;</t>", options: options)?.description.contains("U+0000") == true)
    }

    // MARK: Where undeclared references are skipped

    @Test func referencesOtherwiseSkippedAreReplaced() throws {
        // An external subset: undeclared references are not errors (the subset may declare them),
        // so without a table they are skipped; with one, a name it has is replaced.
        let xml = "<!DOCTYPE t SYSTEM 't.dtd'><t a='&eacute;&unknown;'>&eacute;&unknown;</t>"
        let without = try Self.read(xml, options: XMLReader.Options())
        #expect(without.text == "" && without.attributes == ["a": ""])
        let with = try Self.read(xml)
        #expect(with.text == "é" && with.attributes == ["a": "é"])
        let parameter = try Self.read("<!DOCTYPE t [<!ENTITY % p SYSTEM 'p.ent'>%p;]><t>&eacute;&unknown;</t>")
        #expect(parameter.text == "é")
    }

    // MARK: Read in chunks

    @Test func chunkedInputCutsReferencesAnywhere() throws {
        var xml = "<?xml version='1.0'?>\n<rss><channel>\n"
        for i in 0..<40 {
            xml +=
                "  <item n='\(i)' t='Caf&eacute;&nbsp;&NotEqualTilde;'>cr&egrave;me&nbsp;br&ucirc;l&eacute;e &company; &amp; &lt;</item>\n"
        }
        xml += "</channel></rss>\n"
        let bytes = Array(xml.utf8)
        let options = XMLReader.Options(undeclaredEntityReplacements: .html.adding(["company": "<Example>"]))
        let expected = ReaderTrace.inMemory(bytes, options: options)
        #expect(expected.contains { $0.contains("crème\u{A0}brûlée <Example> & <") })
        #expect(expected.contains { $0.contains("Café\u{A0}\u{2242}\u{338}") })
        #expect(expected.last?.hasPrefix("end") == true)
        for chunkSize in [1, 2, 3, 5, 7, 13, 64] {
            #expect(
                ReaderTrace.pushed(bytes, chunkSize: chunkSize, options: options) == expected, "chunk size \(chunkSize)"
            )
        }
        // A file read in small chunks, too.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entity-replacements-\(UUID().uuidString).xml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try XMLReader(contentsOf: url, options: options, chunkSize: 3)
        #expect(ReaderTrace.trace(&reader) == expected)
    }

    @Test func chunkedInputReportsUnknownAndInvalidNamesAtTheirPlace() {
        let xml = Array("<t>\n caf&eacute;\n &bogus;</t>".utf8)
        let inMemory = ReaderTrace.inMemory(xml, options: Self.html)
        #expect(inMemory.last?.contains("at 3:2") == true, "\(inMemory)")
        let invalid = XMLReader.Options(undeclaredEntityReplacements: .init(["eacute": "\u{FFFE}"]))
        let invalidInMemory = ReaderTrace.inMemory(xml, options: invalid)
        #expect(invalidInMemory.last?.contains("at 2:5") == true)
        for chunkSize in [1, 2, 4] {
            #expect(ReaderTrace.pushed(xml, chunkSize: chunkSize, options: Self.html) == inMemory)
            #expect(ReaderTrace.pushed(xml, chunkSize: chunkSize, options: invalid) == invalidInMemory)
        }
    }

    @Test func locationOfAReplacementIsItsReference() throws {
        var reader = XMLReader("<t>a\n  &eacute;b&eacute;</t>", options: Self.html)
        var locations: [String] = []
        while let event = try reader.next() {
            if case .text(let slice) = event, reader.string(slice) == "é" {
                let location = reader.location(of: slice)
                locations.append("\(location.line):\(location.column)")
            }
        }
        #expect(locations == ["2:3", "2:12"])
    }

    @Test func xmlTreeParsesWithTheOption() throws {
        let tree = try XMLTree(parsing: "<t a='&eacute;'>caf&eacute;</t>", options: Self.html)
        #expect(tree.root.text == "café")
        #expect(tree.root.attributes["a"] == "é")
        #expect(throws: XMLParsingError.self) { try XMLTree(parsing: "<t>caf&eacute;</t>") }
    }
}
