// The document type declaration's details: line ends in public and system identifiers (also
// through parameter entities), a parameter entity referenced twice between declarations, and a
// byte order mark in UTF-16 that is followed by a second U+FEFF. The differential fuzz target
// (Fuzz/Sources/FuzzDifferential, which compares XMLReader with libxml2) found these defects.
// The inputs are also kept in Fuzz/regressions/ (differential-*.xml). See Docs/Fuzzing.md.

import Testing
@testable import XMLCodableReader

@Suite("Document type declaration details") struct DoctypeDeclarationTests {
    /// The doctype of a document, read to its end in memory.
    private func doctype(_ xml: String) throws -> XMLDocumentType? {
        var reader = try XMLReader(Array(xml.utf8))
        while try reader.next() != nil {}
        return reader.doctype
    }

    /// The doctype of a document pushed into an incremental reader `chunkSize` bytes at a time.
    private func doctypeInChunks(_ xml: String, chunkSize: Int) throws -> XMLDocumentType? {
        var reader = XMLReader.incremental()
        let bytes = Array(xml.utf8)
        var offset = 0
        while true {
            if try reader.next() != nil { continue }
            guard reader.needsInput else { break }
            if offset < bytes.count {
                try reader.append(bytes[offset..<min(bytes.count, offset + chunkSize)])
                offset += chunkSize
            } else {
                try reader.finishInput()
            }
        }
        return reader.doctype
    }

    // MARK: - Line ends in public and system literals (XML 1.0 §2.11)

    @Test func notationSystemIdentifierWithCarriageReturnLineFeedIsNormalized() throws {
        let xml = """
            <!DOCTYPE r [
            <!NOTATION jpg PUBLIC "image/jpeg" "\r\njpeg-viewer">
            ]>
            <r/>
            """
        #expect(
            try doctype(xml)?.notations == [
                XMLDocumentType.Notation(name: "jpg", publicID: "image/jpeg", systemID: "\njpeg-viewer")
            ])
    }

    @Test func doctypeIdentifiersWithCarriageReturnsAreNormalized() throws {
        let xml = "<!DOCTYPE r PUBLIC \"a\rb\r\nc\" \"x\ry\r\n\r\nz\"><r/>"
        let expected = XMLDocumentType(name: "r", publicID: "a\nb\nc", systemID: "x\ny\n\nz")
        #expect(try doctype(xml) == expected)
        for chunkSize in [1, 2, 3, 7] {
            #expect(try doctypeInChunks(xml, chunkSize: chunkSize) == expected, "in chunks of \(chunkSize)")
        }
    }

    @Test func systemIdentifierInParameterEntityKeepsCarriageReturnFromCharacterReference() throws {
        // The CR is in the replacement text because of `&#13;`: it is data, not a line end.
        let xml = """
            <!DOCTYPE r [
            <!ENTITY % n "<!NOTATION n SYSTEM 'a&#13;b'>">
            %n;
            ]>
            <r/>
            """
        #expect(try doctype(xml)?.notations == [XMLDocumentType.Notation(name: "n", systemID: "a\rb")])
    }

    // MARK: - A second byte order mark in UTF-16 (XML 1.0 §4.3.3, §2.1)

    /// UTF-16 with a byte order mark, then U+FEFF again, then `<r/>`.
    private func utf16WithTwoByteOrderMarks(bigEndian: Bool) -> [UInt8] {
        let units: [UInt16] = [0xFEFF, 0xFEFF] + "<r/>".utf16
        return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test(arguments: [false, true])
    func utf16SecondByteOrderMarkIsACharacterNotSkipped(bigEndian: Bool) throws {
        // Only the first U+FEFF is the byte order mark; the second is a character, and no character
        // data may come before the root element. It was taken for a UTF-8 byte order mark once
        // transcoded.
        let bytes = utf16WithTwoByteOrderMarks(bigEndian: bigEndian)
        let error = try #require(readError(bytes))
        #expect(error.offset == 0)
        for chunkSize in [1, 2, 3, 64] {
            #expect(
                ReaderTrace.pushed(bytes, chunkSize: chunkSize) == ReaderTrace.inMemory(bytes),
                "in chunks of \(chunkSize)")
        }
        #expect(ReaderTrace.inMemory(bytes).last?.hasPrefix("error") == true)
    }

    @Test func utf16WithOneByteOrderMarkIsStillRead() throws {
        let bytes = Array(utf16WithTwoByteOrderMarks(bigEndian: false).dropFirst(2))
        #expect(readError(bytes) == nil)
    }

    // MARK: - A parameter entity referenced twice between declarations (XML 1.0 §2.8 [28a])

    @Test func parameterEntityReferencedTwiceBetweenDeclarationsIsRead() throws {
        // DeclSep ::= PEReference | S: a parameter entity may be referenced between declarations
        // as often as it likes. Its second declaration of `e` binds nothing (§4.2), so `&e;` is
        // the first one's `x`. libxml2 2.9.14 stops the internal subset at the second reference
        // (Docs/Conformance.md, rule 29); this reader is right to read on.
        for separator in ["\n", " ", ""] {
            let xml =
                "<!DOCTYPE r [\n<!ENTITY % d \"<!ENTITY e 'x'>\">\n%d;\(separator)%d;\n<!ENTITY e 'y'>\n]>\n<r>&e;</r>"
            var reader = try XMLReader(Array(xml.utf8))
            var text = ""
            while let event = try reader.next() {
                if case .text(let slice) = event { text += reader.string(slice) }
            }
            #expect(text == "x", "separator \(separator.debugDescription)")
        }
    }
}
