// ConformanceHarnessTests: checks the conformance harness itself, without the W3C suite.
//
// The catalog scanner and the canonical writer decide what the conformance tests claim about the
// reader, so they are tested here on hand-made input: catalog fragments with the constructs the
// real catalogs use (comments hiding TESTs, CDATA, references in attribute values, xml:base,
// entity-per-catalog masters), and canonical-form cases taken from canonxml.html and the suite's
// OUTPUT files. The last test drives the writer from XMLReader and needs a working scanner.

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation
import Testing
@testable import XMLCodableCore
@testable import XMLCodableReader
import XMLCodableTestSupport

@Suite struct ConformanceCatalogScannerTests {
    let catalogFile = URL(fileURLWithPath: "/suite/group/catalog.xml")

    func tests(_ text: String) throws -> [XMLConfTest] {
        try CatalogScanner.tests(in: Array(text.utf8), catalogFile: catalogFile)
    }

    @Test func readsTestsAndSkipsCommentsAndCDATA() throws {
        let found = try tests(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- <TEST ID="commented" TYPE="valid" URI="x.xml"> -->
            <TEST ID="a" TYPE="valid"
            \tURI="valid/a.xml" OUTPUT='valid/out/a.xml' SECTIONS="2.1">
              Text with <EM>markup</EM>, &lt;TEST&gt; and <![CDATA[<TEST ID="cdata">]]>
            </TEST>
            <TEST ID='b' TYPE='not-wf' URI='not-wf/b.xml' ENTITIES="general" EDITION="1 2 3 4"
                  RECOMMENDATION="XML1.0-errata4e" VERSION="1.0" NAMESPACE="no" SECTIONS=""/>
            """)
        #expect(found.map(\.id) == ["a", "b"])
        #expect(found[0].inputFile.path == "/suite/group/valid/a.xml")
        #expect(found[0].outputFile?.path == "/suite/group/valid/out/a.xml")
        #expect(found[0].entities == "none")
        #expect(found[0].recommendation == "XML1.0")
        #expect(found[0].namespace == "yes")
        #expect(found[1].outputFile == nil)
        #expect(found[1].entities == "general")
        #expect(found[1].edition == "1 2 3 4")
        #expect(found[1].recommendation == "XML1.0-errata4e")
        #expect(found[1].version == "1.0")
        #expect(found[1].namespace == "no")
    }

    @Test func decodesReferencesAndNormalizesWhiteSpaceInAttributeValues() throws {
        let found = try tests(
            """
            <TEST ID="r&amp;d&#45;&#x31;" TYPE="valid" URI="a&apos;b.xml" SECTIONS="a\tb&lt;&gt;&quot;"/>
            """)
        #expect(found.first?.id == "r&d-1")
        #expect(found.first?.sections == "a b<>\"")
        #expect(found.first?.uri == "a'b.xml")
    }

    @Test func resolvesAgainstXMLBaseInsideTheCatalog() throws {
        let found = try tests(
            """
            <TESTCASES xml:base="sub/">
              <TESTCASES xml:base="deeper/">
                <TEST ID="deep" TYPE="valid" URI="d.xml" SECTIONS=""/>
              </TESTCASES>
              <TEST ID="sub" TYPE="valid" URI="s.xml" SECTIONS=""/>
            </TESTCASES>
            <TEST ID="top" TYPE="valid" URI="../t.xml" SECTIONS=""/>
            <TEST ID="own" TYPE="valid" URI="o.xml" xml:base="own/" SECTIONS=""/>
            """)
        let paths = Dictionary(uniqueKeysWithValues: found.map { ($0.id, $0.inputFile.path) })
        #expect(
            paths == [
                "deep": "/suite/group/sub/deeper/d.xml",
                "sub": "/suite/group/sub/s.xml",
                "top": "/suite/t.xml",
                "own": "/suite/group/own/o.xml",
            ])
    }

    @Test func rejectsWhatItDoesNotUnderstand() {
        #expect(throws: CatalogError.self) { try tests(#"<TEST ID="x" TYPE="valid" URI="a&foo;b" SECTIONS=""/>"#) }
        #expect(throws: CatalogError.self) { try tests(#"<TEST ID="x" TYPE="maybe" URI="a" SECTIONS=""/>"#) }
        #expect(throws: CatalogError.self) { try tests(#"<TEST ID="x" TYPE="valid" SECTIONS=""/>"#) }
        #expect(throws: CatalogError.self) { try tests(#"<TESTCASES><TEST ID="x" TYPE="valid" URI="a"></TESTCASES>"#) }
        #expect(throws: CatalogError.self) { try tests(#"<TEST ID="x" ID="y" TYPE="valid" URI="a"/>"#) }
        #expect(throws: CatalogError.self) { try tests(#"<TEST ID="x"TYPE="valid" URI="a"/>"#) }
        #expect(throws: CatalogError.self) { try tests("<!-- unterminated") }
    }

    @Test func readsTheMastersEntitiesInReferenceOrder() throws {
        let master = """
            <?xml version="1.0"?>
            <!DOCTYPE TESTSUITE SYSTEM "testcases.dtd" [
                <!-- <!ENTITY commented SYSTEM "no.xml"> -->
                <!ENTITY one\tSYSTEM "one/one.xml">
                <!ENTITY two SYSTEM 'two/two.xml'>
                <!ENTITY unused SYSTEM "unused.xml">
            ] >
            <TESTSUITE>
            <TESTCASES xml:base="wrong/">&two;</TESTCASES>
            <TESTCASES xml:base="one/">&one; &amp; &#65;</TESTCASES>
            </TESTSUITE>
            """
        let files = try CatalogScanner.externalEntityReferences(
            inMaster: Array(master.utf8), masterFile: URL(fileURLWithPath: "/suite/xmlconf.xml"))
        #expect(files.map(\.path) == ["/suite/two/two.xml", "/suite/one/one.xml"])
    }

    @Test func selection() {
        func make(_ change: (inout XMLConfTest) -> Void) -> XMLConfTest {
            var test = XMLConfTest(
                id: "t", type: "valid", entities: "none", recommendation: "XML1.0", version: "", edition: "",
                namespace: "yes", sections: "", uri: "t.xml", inputFile: URL(fileURLWithPath: "/t.xml"),
                output: nil, outputFile: nil, catalogFile: URL(fileURLWithPath: "/c.xml"), attributes: [:])
            change(&test)
            return test
        }
        #expect(make { _ in }.isSelected)
        #expect(make { $0.type = "invalid" }.isSelected)
        #expect(make { $0.type = "not-wf" }.isSelected)
        #expect(make { $0.edition = "5" }.isSelected)
        #expect(make { $0.edition = "3 4 5" }.isSelected)
        #expect(make { $0.recommendation = "NS1.0" }.isSelected)
        #expect(make { $0.recommendation = "XML1.0-errata4e" }.isSelected)
        #expect(make { $0.version = "1.0" }.isSelected)
        #expect(!make { $0.type = "error" }.isSelected)
        #expect(!make { $0.edition = "1 2 3 4" }.isSelected)
        #expect(!make { $0.recommendation = "XML1.1" }.isSelected)
        #expect(!make { $0.recommendation = "NS1.1" }.isSelected)
        #expect(!make { $0.version = "1.1" }.isSelected)
        #expect(!make { $0.entities = "parameter" }.isSelected)
        #expect(!make { $0.entities = "general" }.isSelected)
        #expect(!make { $0.entities = "both" }.isSelected)
        #expect(!make { $0.namespace = "no" }.isSelected)
    }
}

@Suite struct ConformanceCanonicalWriterTests {
    func text(_ writer: CanonicalWriter) -> String { String(decoding: writer.output, as: UTF8.self) }

    @Test func elementsAttributesAndEscapes() {
        var writer = CanonicalWriter()
        writer.characters("\n  ")
        writer.startElement(
            "doc", attributes: [("b", "2"), ("a", "<&>\"\t\n\r'"), ("xmlns:p", "urn:p"), ("B", "upper")])
        writer.characters("x & y < z > w \"q\" 'a'\t")
        writer.characters("\n\r")
        writer.startElement("empty", attributes: [])
        writer.endElement("empty")
        writer.endElement("doc")
        writer.characters("\n")
        #expect(
            text(writer) == #"<doc B="upper" a="&lt;&amp;&gt;&quot;&#9;&#10;&#13;'" b="2" xmlns:p="urn:p">"#
                + #"x &amp; y &lt; z &gt; w &quot;q&quot; 'a'&#9;&#10;&#13;<empty></empty></doc>"#)
    }

    @Test func attributesSortByCodePointNotByStringComparison() {
        // "é" precomposed (U+00E9) sorts after "z"; "e\u{301}" (e + combining acute) sorts before
        // "f". Swift's String `<` treats the two é forms as equal and would not keep both.
        var writer = CanonicalWriter()
        writer.startElement("a", attributes: [("\u{E9}", "1"), ("z", "2"), ("e\u{301}", "3"), ("f", "4"), ("Z", "5")])
        writer.endElement("a")
        #expect(text(writer) == "<a Z=\"5\" e\u{301}=\"3\" f=\"4\" z=\"2\" \u{E9}=\"1\"></a>")
    }

    @Test func processingInstructions() {
        var writer = CanonicalWriter()
        writer.processingInstruction(target: "before", data: "")
        writer.startElement("a", attributes: [])
        writer.processingInstruction(target: "pi", data: "some data ? >")
        writer.endElement("a")
        writer.processingInstruction(target: "after", data: "x")
        #expect(text(writer) == "<?before ?><a><?pi some data ? >?></a><?after x?>")
    }

    @Test func secondCanonicalFormDoctype() {
        var writer = CanonicalWriter()
        writer.doctype(
            name: "root",
            notations: [
                XMLDocumentType.Notation(name: "nonce", systemID: "file:/dev/null"),
                XMLDocumentType.Notation(name: "foo", publicID: "-//public id//foo", systemID: "file:/dev/null"),
                XMLDocumentType.Notation(name: "bar", systemID: "file:/dev/tty"),
                XMLDocumentType.Notation(name: "pub", publicID: "whatever"),
            ])
        writer.startElement("root", attributes: [])
        writer.endElement("root")
        // The form of sun/valid/out/sa05.xml and xmltest/valid/sa/out/069.xml.
        #expect(
            text(writer) == """
                <!DOCTYPE root [
                <!NOTATION bar SYSTEM 'file:/dev/tty'>
                <!NOTATION foo PUBLIC '-//public id//foo' 'file:/dev/null'>
                <!NOTATION nonce SYSTEM 'file:/dev/null'>
                <!NOTATION pub PUBLIC 'whatever'>
                ]>
                <root></root>
                """)
    }

    @Test func noDoctypeWithoutNotations() {
        var writer = CanonicalWriter()
        writer.doctype(name: "root", notations: [])
        writer.startElement("root", attributes: [])
        writer.endElement("root")
        #expect(text(writer) == "<root></root>")
    }

    @Test func mismatchDescription() {
        let message = ConformanceSuiteTests.describeMismatch(
            expected: Array("<a>x</a>".utf8), got: Array("<a>y</a>".utf8))
        #expect(message.hasPrefix("output differs at byte 3 (expected 8 bytes, got 8)"))
        let shorter = ConformanceSuiteTests.describeMismatch(expected: Array("<a></a>".utf8), got: Array("<a>".utf8))
        #expect(shorter.hasPrefix("output differs at byte 3"))
    }

    /// Drives the writer from XMLReader; this needs the real scanner (the stub yields no events).
    @Test func fromReader() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE doc [
            <!ATTLIST doc z CDATA "default">
            <!ENTITY e "&#38;#60;entity&#62;">
            <!ENTITY two "two">
            <!NOTATION n PUBLIC "p">
            ]>
            <!-- comment -->
            <?pi?>
            <doc b="1" a="x&amp;&two;"><![CDATA[<&>]]>&e;&#x9;<e/>\r\n<?x y?></doc>
            """
        let output = try CanonicalWriter.canonicalize(Array(document.utf8))
        #expect(
            String(decoding: output, as: UTF8.self) == """
                <!DOCTYPE doc [
                <!NOTATION n PUBLIC 'p'>
                ]>
                <?pi ?><doc a="x&amp;two" b="1" z="default">&lt;&amp;&gt;&lt;entity&gt;&#9;<e></e>&#10;<?x y?></doc>
                """)
    }
}
