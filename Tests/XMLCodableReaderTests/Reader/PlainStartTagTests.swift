// The reader's short way for a start tag with a plain name and no attributes (`<author>`, `<br/>`),
// which `XMLScanner.startTag` reads itself, against what the full reading of a start tag gives:
// each case here is a tag the short way must either read exactly as the full way would, or leave
// to it (a DTD's attribute defaults, the depth limit, a name cut off by the end of a chunk, a tag
// in an entity's text). Names of every length with every kind of byte in them are in
// `TextScanTests.namesOfEveryLengthWithAnotherByteAtEveryPosition`.

import Testing

@testable import XMLCodableReader

@Suite struct PlainStartTagTests {
    @Test func emptyElementTagsAndStartTagsAreToldApart() throws {
        var reader = XMLReader("<r><a/><bb></bb><c /></r>")
        var seen: [(String, Bool)] = []
        while let event = try reader.next() {
            if case .startElement(let name) = event { seen.append((reader.string(name), reader.isEmptyElementTag)) }
        }
        #expect(seen.map(\.0) == ["r", "a", "bb", "c"])
        #expect(seen.map(\.1) == [false, true, false, true])
    }

    @Test func noAttributesAreLeftFromTheTagBefore() throws {
        var reader = XMLReader("<r x='1'><a/><b y='2'><c></c></b></r>")
        var attributeCounts: [String: Int] = [:]
        while let event = try reader.next() {
            if case .startElement(let name) = event { attributeCounts[reader.string(name)] = reader.attributes.count }
        }
        #expect(attributeCounts == ["r": 1, "a": 0, "b": 1, "c": 0])
    }

    @Test func attributeDefaultsOfTheDTDStillApply() throws {
        let xml = "<!DOCTYPE r [<!ATTLIST a x CDATA 'd'>]><r><a/><a></a><b/></r>"
        #expect(
            try trace(xml) == [
                "<!DOCTYPE r>", "<r>", "<a x=\"d\">", "</a>", "<a x=\"d\">", "</a>", "<b>", "</b>", "</r>",
            ])
    }

    @Test func theDefaultNamespaceReachesPlainTags() throws {
        var reader = XMLReader("<r xmlns='urn:one'><a/><s xmlns=''><b/></s><c/></r>")
        var namespaces: [String: String] = [:]
        while let event = try reader.next() {
            if case .startElement(let name) = event {
                namespaces[reader.string(name)] = reader.namespaceURI(name) ?? "none"
            }
        }
        #expect(namespaces["r"] == "urn:one")
        #expect(namespaces["a"] == "urn:one")
        #expect(namespaces["b"] == "none")
        #expect(namespaces["c"] == "urn:one")
        // Without namespace processing, no name has one.
        var plain = XMLReader("<r xmlns='urn:one'><a/></r>", options: XMLReader.Options(shouldProcessNamespaces: false))
        while let event = try plain.next() {
            if case .startElement(let name) = event { #expect(plain.namespaceURI(name) == nil) }
        }
    }

    @Test func theDepthLimitHoldsForPlainTags() {
        var limits = XMLReader.Limits()
        limits.maxDepth = 3
        let options = XMLReader.Options(limits: limits)
        #expect(readError("<a><b><c/></b></a>", options: options) == nil)
        let error = readError("<a><b><c><d/></c></b></a>", options: options)
        #expect(error?.reason == .depthLimitExceeded(limit: 3))
        #expect(error?.offset == 9)
    }

    @Test func plainTagsInAnEntitysText() throws {
        let xml = "<!DOCTYPE r [<!ENTITY e '<a>x</a><b/>'>]><r>&e;<c/></r>"
        #expect(
            try trace(xml) == ["<!DOCTYPE r>", "<r>", "<a>", "\"x\"", "</a>", "<b>", "</b>", "<c>", "</c>", "</r>"])
        // An element that starts in the entity must end in it, and one that ends in it start in it.
        let starts = readError("<!DOCTYPE r [<!ENTITY e '<a>'>]><r>&e;</a></r>")
        #expect(
            starts?.reason == .malformedEntity(name: "e", problem: "an element starts in it but does not end in it"))
        let ends = readError("<!DOCTYPE r [<!ENTITY e '</a>'>]><r><a>&e;</r>")
        #expect(ends?.reason == .malformedEntity(name: "e", problem: "an element ends in it that did not start in it"))
    }

    @Test func chunksThatEndInsideAPlainTag() {
        // Every split of a document of plain tags into two pieces, and pieces of every size.
        let xml = Array("<books><book><author>Ann</author><description/></book><br/></books>".utf8)
        let whole = ReaderTrace.inMemory(xml)
        #expect(whole.contains { $0.hasPrefix("start description") })
        for split in 1..<xml.count {
            #expect(
                ReaderTrace.pushed(pieces: [Array(xml[..<split]), Array(xml[split...])]) == whole, "split at \(split)")
        }
        for size in 1...9 {
            #expect(ReaderTrace.pushed(xml, chunkSize: size) == whole, "chunks of \(size)")
        }
    }

    @Test func whatEndsAPlainNameWithoutEndingTheTag() {
        // After the name, only white space, attributes, `>` or `/>` may follow.
        #expect(readError("<r><a/ ></r>")?.reason == .unexpectedCharacter(found: "space", expected: "'>' after '/'"))
        #expect(readError("<r><a/ ></r>")?.offset == 6)
        #expect(readError("<r><a/")?.reason == .unexpectedEndOfInput(expected: "'>' after '/'"))
        #expect(readError("<r><a\"></a></r>") != nil)
        #expect(readError("<r><a=''></a></r>") != nil)
        #expect(readError("<r><a") != nil)
    }
}
