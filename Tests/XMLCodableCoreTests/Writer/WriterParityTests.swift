// The encoder's writer and the document model's writer share one escaping table and one
// declaration/DOCTYPE writer: the same text, attribute values, CDATA, declarations and document
// type declarations give the same bytes through `XMLEncoder` (with the tree's compact form:
// `.compactEmptyElements` and `.minimalEscaping`) and through `XMLTree.xmlData`, and the same
// inputs are refused by both.

import Foundation
import Testing
@testable import XMLCodableCore

private struct Value: Encodable {
    @Attribute var a: String
    var t: String

    init(a: String, t: String) {
        _a = Attribute(a)
        self.t = t
    }
}

/// The encoder in the tree's compact form.
private func compactEncoder(cdata: Bool = false) -> XMLEncoder {
    let encoder = XMLEncoder()
    encoder.outputFormatting = [.compactEmptyElements, .minimalEscaping]
    if cdata { encoder.stringEncodingStrategy = .cdata }
    return encoder
}

/// The tree `<v a="…"><t>…</t></v>` with the same content as `Value`.
private func tree(
    _ attribute: String, _ text: String, cdata: Bool = false, declaration: XMLDeclaration? = nil,
    doctype: XMLDocumentType? = nil
)
    -> XMLTree
{
    let content: [XMLTree.Node] = text.isEmpty ? [] : [cdata ? .cdata(text) : .text(text)]
    return XMLTree(
        root: XMLTree.Element(
            "v", attributes: ["a": attribute], children: [.element(XMLTree.Element("t", children: content))]),
        declaration: declaration, doctype: doctype)
}

private let texts = [
    "", "plain", "a & b", "<tag>", "x > y", "]]>", "quote \" and 'apostrophe'", "tab\tline\nreturn\r", "\r\n",
    "é ✓ \u{10FFFF}",
    "&amp; already", "  spaces  ", "a]]b]]>c]]]>d",
]

private let unwritable = ["\u{0}", "a\u{1}b", "\u{8}", "\u{B}", "\u{1F}", "x\u{FFFE}", "\u{FFFF}y"]

@Suite("The encoder and the tree write and refuse the same things") struct WriterParityTests {
    @Test(arguments: texts)
    func textAndAttributesAreEscapedAlike(_ text: String) throws {
        let encoded = try compactEncoder().encode(Value(a: text, t: text), withRootKey: "v")
        #expect(try tree(text, text).xmlData() == encoded)
        // Read back, both keep the text.
        let read = try XMLTree(parsing: encoded)
        #expect(read.root.attributes["a"] == text)
        #expect(read.root["t"].text == text)
    }

    @Test(arguments: texts)
    func cdataIsWrittenAlike(_ text: String) throws {
        let encoded = try compactEncoder(cdata: true).encode(Value(a: "", t: text), withRootKey: "v")
        #expect(try tree("", text, cdata: true).xmlData() == encoded)
        #expect(try XMLTree(parsing: encoded).root["t"].text == text)
    }

    @Test(arguments: unwritable)
    func charactersXMLCannotCarryAreRefusedByBoth(_ text: String) throws {
        let scalar = try #require(text.unicodeScalars.first { !isXMLChar($0.value) })
        for (attribute, content) in [(text, "ok"), ("ok", text)] {
            #expect(throws: EncodingError.self) {
                try compactEncoder().encode(Value(a: attribute, t: content), withRootKey: "v")
            }
            #expect(throws: EncodingError.self) {
                try compactEncoder(cdata: true).encode(Value(a: attribute, t: content), withRootKey: "v")
            }
            #expect(throws: XMLTree.SerializationError.self) { try tree(attribute, content).xmlData() }
            do {
                _ = try tree(attribute, content, cdata: true).xmlData()
                Issue.record("expected a SerializationError")
            } catch {
                #expect(error.reason == .invalidCharacter(scalar))
            }
        }
    }

    /// XMLCoder's header and the declaration it stands for are written alike.
    @Test(arguments: [
        (XMLHeader(version: 1.0), XMLDeclaration(version: "1.0")),
        (
            XMLHeader(version: 1.1, encoding: "utf-8", standalone: "no"),
            XMLDeclaration(version: "1.1", encoding: "utf-8", standalone: false)
        ),
        (
            XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "yes"),
            XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: true)
        ),
    ])
    func declarationsAreWrittenAlike(_ header: XMLHeader, _ declaration: XMLDeclaration) throws {
        let encoded = try compactEncoder().encode(Value(a: "1", t: "x"), withRootKey: "v", header: header)
        #expect(try tree("1", "x", declaration: declaration).xmlData() == encoded)
        #expect(try XMLTree(parsing: encoded).declaration == declaration)
    }

    @Test(arguments: [
        (XMLHeader(version: 2.0), XMLDeclaration(version: "2.0")),
        (XMLHeader(version: 0.9), XMLDeclaration(version: "0.9")),
        // A declaration needs a version.
        (XMLHeader(encoding: "UTF-8"), XMLDeclaration(version: "", encoding: "UTF-8")),
        (XMLHeader(standalone: "yes"), XMLDeclaration(version: "", standalone: true)),
    ])
    func declarationsAreRefusedAlike(_ header: XMLHeader, _ declaration: XMLDeclaration) throws {
        #expect(throws: EncodingError.self) {
            try compactEncoder().encode(Value(a: "1", t: "x"), withRootKey: "v", header: header)
        }
        do {
            _ = try tree("1", "x", declaration: declaration).xmlData()
            Issue.record("expected a SerializationError")
        } catch {
            guard case .invalidDeclaration = error.reason else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    /// The one difference, by design: the encoder's output is UTF-8 and another declared encoding
    /// would lie, so it is refused; a tree may have been read from a document in another
    /// encoding, and is written with `encoding="UTF-8"`.
    @Test func anotherEncodingIsRefusedByTheEncoderAndRewrittenByATree() throws {
        #expect(throws: EncodingError.self) {
            try compactEncoder().encode(
                Value(a: "1", t: "x"), withRootKey: "v", header: XMLHeader(version: 1.0, encoding: "ISO-8859-1"))
        }
        let written = try tree("1", "x", declaration: XMLDeclaration(version: "1.0", encoding: "ISO-8859-1"))
            .xmlString()
        #expect(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    }

    @Test(arguments: [
        XMLDocumentType.system(rootElement: "v", dtdLocation: "v.dtd"),
        .public(
            rootElement: "v", dtdName: "-//W3C//DTD XHTML 1.0 Strict//EN",
            dtdLocation: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"),
        XMLDocumentType(name: "a:b:c", systemID: "it's.dtd"),
        XMLDocumentType(name: "v"),
        .system(rootElement: "v", dtdLocation: ""),
    ])
    func doctypesAreWrittenAlike(_ doctype: XMLDocumentType) throws {
        let encoded = try compactEncoder().encode(Value(a: "1", t: "x"), withRootKey: "v", doctype: doctype)
        #expect(try tree("1", "x", doctype: doctype).xmlData() == encoded)
        let read = try #require(
            try XMLTree(parsing: encoded, options: XMLReader.Options(shouldProcessNamespaces: false)).doctype)
        #expect(read.name == doctype.name)
        #expect(read.publicID == doctype.publicID)
        #expect(read.systemID == doctype.systemID)
    }

    @Test(arguments: [
        XMLDocumentType.system(rootElement: "1v", dtdLocation: "v.dtd"),
        .system(rootElement: "", dtdLocation: "v.dtd"),
        .public(rootElement: "v", dtdName: "a\"b", dtdLocation: "x"),
        .public(rootElement: "v", dtdName: "café", dtdLocation: "x"),
        .public(rootElement: "v", dtdName: "{x}", dtdLocation: "x"),
        .system(rootElement: "v", dtdLocation: "a\u{1}b"),
        .system(rootElement: "v", dtdLocation: "both \" and '"),
    ])
    func doctypesAreRefusedAlike(_ doctype: XMLDocumentType) throws {
        #expect(throws: EncodingError.self) {
            try compactEncoder().encode(Value(a: "1", t: "x"), withRootKey: "v", doctype: doctype)
        }
        #expect(throws: XMLTree.SerializationError.self) { try tree("1", "x", doctype: doctype).xmlData() }
    }

    /// The other difference: the encoder writes XMLCoder's form, a system identifier between `"`,
    /// and refuses one holding `"`; a tree (read from a document that had one) writes it between `'`.
    @Test func aSystemIdentifierWithAQuote() throws {
        let doctype = XMLDocumentType.system(rootElement: "v", dtdLocation: "a\"b")
        #expect(throws: EncodingError.self) {
            try compactEncoder().encode(Value(a: "1", t: "x"), withRootKey: "v", doctype: doctype)
        }
        #expect(try tree("1", "x", doctype: doctype).xmlString().hasPrefix("<!DOCTYPE v SYSTEM 'a\"b'>\n"))
    }

    /// XMLCoder's spelling is a view of the one type's fields.
    @Test func xmlCodersDoctypeSpelling() {
        let doctype = XMLDocumentType.public(rootElement: "html", dtdName: "-//X//EN", dtdLocation: "x.dtd")
        #expect(doctype == XMLDocumentType(name: "html", publicID: "-//X//EN", systemID: "x.dtd"))
        #expect(doctype.rootElement == "html")
        #expect(doctype.external == .public)
        #expect(doctype.dtdName == "-//X//EN")
        #expect(doctype.dtdLocation == "x.dtd")
        let system = XMLDocumentType.system(rootElement: "r", dtdLocation: "r.dtd")
        #expect(system.external == .system)
        #expect(system.dtdName == nil)
        #expect(XMLDocumentType(name: "r").dtdLocation == "")
    }
}
