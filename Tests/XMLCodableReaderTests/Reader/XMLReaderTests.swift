// The reader's behaviour on well-formed documents: events, values, entities, namespaces, inputs.

import Testing
@testable import XMLCodableReader

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("XMLReader events")
struct XMLReaderEventTests {
    @Test func elementsTextAndEmptyTags() throws {
        #expect(try trace("<a>x<b/>y</a>") == ["<a>", "\"x\"", "<b>", "</b>", "\"y\"", "</a>"])
    }

    @Test func attributesKeepDocumentOrderAndDecode() throws {
        #expect(
            try trace(#"<a z="1" y='&lt;&amp;&#65;&#x42;' x="a&quot;b"/>"#) == [#"<a z="1" y="<&AB" x="a"b">"#, "</a>"])
    }

    @Test func textReferencesAreDecodedAndSpacesAroundThemKept() throws {
        #expect(try trace("<a> x &amp; y &#x20AC; </a>") == ["<a>", "\" x & y € \"", "</a>"])
    }

    @Test func lineEndsAreNormalizedInTextButNotFromCharacterReferences() throws {
        #expect(try trace("<a>1\r\n2\r3&#13;4</a>") == ["<a>", "\"1\n2\n3\r4\"", "</a>"])
    }

    @Test func attributeWhiteSpaceIsNormalized() throws {
        #expect(try trace("<a v='1\t2\n3\r\n4&#10;5'/>") == ["<a v=\"1 2 3 4\n5\">", "</a>"])
    }

    @Test func cdataCommentsAndProcessingInstructions() throws {
        let lines = try trace("<?pi before?><!--c--><a><![CDATA[<&>]]]><?t  data ?></a><!--after-->")
        #expect(lines == ["<?pi before?>", "<!--c-->", "<a>", "[<&>]]", "<?t data ?>", "</a>", "<!--after-->"])
    }

    @Test func xmlDeclarationIsReported() throws {
        var reader = XMLReader("<?xml version='1.0' encoding='UTF-8' standalone='yes'?><a/>")
        _ = try reader.next()
        #expect(reader.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: true))
    }

    @Test func emptyElementTagIsFlagged() throws {
        var reader = XMLReader("<a><b/></a>")
        _ = try reader.next()
        #expect(!reader.isEmptyElementTag)
        _ = try reader.next()
        #expect(reader.isEmptyElementTag)
        #expect(reader.depth == 2)
    }

    @Test func namesCompareAsBytes() throws {
        var reader = XMLReader("<book name='x'/>")
        guard case .startElement(let name) = try reader.next() else { Issue.record("expected a start tag"); return }
        #expect(reader.name(name, equals: "book"))
        #expect(!reader.name(name, equals: "boo"))
        #expect(reader.slice(reader.attributes[0].value, equals: "x"))
    }

    @Test func locationOfSlices() throws {
        var reader = XMLReader("<a>\n  <b>text</b>\n</a>")
        _ = try reader.next()
        _ = try reader.next()
        guard case .startElement(let b) = try reader.next() else { Issue.record("expected <b>"); return }
        #expect(reader.location(of: b.qualified) == XMLReader.Location(line: 2, column: 4, offset: 7))
    }
}

@Suite("XMLReader DTD and entities")
struct XMLReaderDTDTests {
    @Test func internalEntitiesExpandInContentAndAttributes() throws {
        let xml =
            "<!DOCTYPE a [<!ENTITY e 'E<b>&f;</b>'><!ENTITY f 'F'><!ENTITY g 'x&#38;#60;y'>]><a v='&f;&g;'>&e;&g;</a>"
        #expect(
            try trace(xml) == ["<!DOCTYPE a>", "<a v=\"Fx<y\">", "\"E\"", "<b>", "\"F\"", "</b>", "\"x<y\"", "</a>"])
    }

    @Test func attributeDefaultsAndTokenizedNormalization() throws {
        let xml = "<!DOCTYPE a [<!ATTLIST a d CDATA 'dflt' t NMTOKENS #IMPLIED f CDATA #FIXED 'fx'>]><a t='  p   q  '/>"
        var reader = XMLReader(xml)
        _ = try reader.next()
        _ = try reader.next()
        let attributes = reader.attributes.map { (reader.string($0.name), reader.string($0.value), $0.isDefaulted) }
        #expect(attributes.map(\.0) == ["t", "d", "f"])
        #expect(attributes.map(\.1) == ["p q", "dflt", "fx"])
        #expect(attributes.map(\.2) == [false, true, true])
    }

    @Test func doctypeDetails() throws {
        var reader = XMLReader(
            "<!DOCTYPE r PUBLIC '-//X//Y' 'r.dtd' [<!NOTATION n SYSTEM 'viewer'><!ENTITY e 'v'>]><r/>")
        #expect(try reader.next() != nil)
        let doctype = try #require(reader.doctype)
        #expect(doctype.name == "r")
        #expect(doctype.publicID == "-//X//Y")
        #expect(doctype.systemID == "r.dtd")
        #expect(doctype.notations == [XMLDocumentType.Notation(name: "n", systemID: "viewer")])
        #expect(doctype.entityNames == ["e"])
    }

    @Test func externalSubsetIsNeverReadAndUnknownEntitiesAreSkippedThen() throws {
        // The external subset might declare `e`; a non-validating reader that does not read it skips the reference.
        #expect(
            try trace("<!DOCTYPE a SYSTEM 'file:///does/not/exist.dtd'><a>x&e;y</a>") == [
                "<!DOCTYPE a>", "<a>", "\"x\"", "\"y\"", "</a>",
            ])
    }

    @Test func processingInstructionsInTheDTDAreReported() throws {
        #expect(try trace("<!DOCTYPE a [<?p in dtd?>]><a/>") == ["<?p in dtd?>", "<!DOCTYPE a>", "<a>", "</a>"])
    }
}

@Suite("XMLReader namespaces")
struct XMLReaderNamespaceTests {
    @Test func prefixesAndDefaultNamespaceResolve() throws {
        var reader = XMLReader("<r xmlns='urn:d' xmlns:p='urn:p'><p:x p:a='1' b='2'/><y xmlns=''/></r>")
        guard case .startElement(let r) = try reader.next() else { Issue.record("expected <r>"); return }
        #expect(reader.namespaceURI(r) == "urn:d")
        let declarations = reader.attributes.map(\.isNamespaceDeclaration)
        #expect(declarations == [true, true])
        guard case .startElement(let x) = try reader.next() else { Issue.record("expected <p:x>"); return }
        #expect(reader.namespaceURI(x) == "urn:p")
        #expect(reader.localName(x) == "x")
        #expect(reader.namespaceURI(reader.attributes[0].name) == "urn:p")
        #expect(reader.namespaceURI(reader.attributes[1].name) == nil)
        _ = try reader.next()
        guard case .startElement(let y) = try reader.next() else { Issue.record("expected <y>"); return }
        #expect(reader.namespaceURI(y) == nil)
    }

    @Test func sameURIWithTwoPrefixesIsADuplicate() {
        let error = readError("<r xmlns:a='urn:x' xmlns:b='urn:x' a:k='1' b:k='2'/>")
        #expect(error?.reason == .duplicateAttribute("{urn:x}k"))
    }

    @Test func namespaceProcessingCanBeTurnedOff() throws {
        #expect(
            try trace("<p:a q:b='1'/>", options: XMLReader.Options(shouldProcessNamespaces: false)) == [
                "<p:a q:b=\"1\">", "</p:a>",
            ])
    }
}

@Suite("XMLReader inputs and encodings")
struct XMLReaderInputTests {
    static let expected = ["<a x=\"é\">", "\"Grüße €\"", "</a>"]

    @Test func allInputFormsReadTheSameDocument() throws {
        let xml = "<a x='é'>Grüße €</a>"
        var fromString = XMLReader(xml)
        var fromArray = try XMLReader(Array(xml.utf8))
        var fromData = try XMLReader(Data(xml.utf8))
        #expect(try trace(&fromString) == Self.expected)
        #expect(try trace(&fromArray) == Self.expected)
        #expect(try trace(&fromData) == Self.expected)
        try Array(xml.utf8).withUnsafeBytes { bytes in
            var unsafe = try XMLReader(unsafeBytes: bytes)
            #expect(try trace(&unsafe) == Self.expected)
        }
    }

    @Test func utf16WithByteOrderMarks() throws {
        let xml = "<?xml version='1.0' encoding='UTF-16'?><a x='é'>Grüße €</a>"
        let units = Array(xml.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        var le = try XMLReader(little)
        var be = try XMLReader(big)
        #expect(try trace(&le) == Self.expected)
        #expect(try trace(&be) == Self.expected)
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        var reader = try XMLReader([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8))
        #expect(try trace(&reader) == ["<a>", "</a>"])
    }

    @Test func singleByteEncodingsAreTranscoded() throws {
        let latin1: [UInt8] =
            Array("<?xml version='1.0' encoding='ISO-8859-1'?><a x='".utf8) + [0xE9] + Array("'>Gr".utf8) + [
                0xFC, 0xDF,
            ] + Array("e</a>".utf8)
        var reader = try XMLReader(latin1)
        #expect(try trace(&reader) == ["<a x=\"é\">", "\"Grüße\"", "</a>"])
        let cp1252: [UInt8] =
            Array("<?xml version='1.0' encoding='windows-1252'?><a>".utf8) + [0x80, 0x93] + Array("</a>".utf8)
        var windows = try XMLReader(cp1252)
        #expect(try trace(&windows) == ["<a>", "\"€“\"", "</a>"])
    }
}
