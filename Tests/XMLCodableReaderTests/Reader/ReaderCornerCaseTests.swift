// Corners of the reader: line ends in literal content (CDATA, comments, processing instructions),
// where entity text is located, the expansion limit through defaulted attributes, standalone
// documents, paths that were once quadratic (many declarations, many prefixes), and a copied or
// failed reader. A review of the reader found the defects among them; each test is named after
// the behaviour it asserts.

import Testing
@testable import XMLCodableReader

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Reader corner cases") struct ReaderCornerCaseTests {
    // MARK: - Literal content decoded as if it had references

    @Test func cdataWithCarriageReturnHasItsReferencesReplaced() throws {
        #expect(try trace("<r><![CDATA[&lt;\r\n]]></r>") == ["<r>", "[&lt;\n]", "</r>"])
    }

    @Test func cdataWithCarriageReturnAndAmpersandKeepsRawCarriageReturn() throws {
        #expect(try trace("<r><![CDATA[a & b\r\n]]></r>") == ["<r>", "[a & b\n]", "</r>"])
    }

    @Test func commentWithCarriageReturnHasItsReferencesReplaced() throws {
        #expect(try trace("<r><!--a &amp; b\r\n--></r>") == ["<r>", "<!--a &amp; b\n-->", "</r>"])
    }

    @Test func processingInstructionDataWithCarriageReturnHasItsReferencesReplaced() throws {
        #expect(try trace("<r><?pi a&#65;b\r\n?></r>") == ["<r>", "<?pi a&#65;b\n?>", "</r>"])
    }

    // MARK: - location(of:)

    @Test func locationOfEntityTextIsTheDeclarationNotTheReference() throws {
        let xml = "<!DOCTYPE r [\n<!ENTITY e \"hello\">\n]>\n<r>\n&e;</r>"
        var reader = XMLReader(xml)
        var found: XMLReader.Location?
        while let event = try reader.next() {
            if case .text(let text) = event, reader.string(text) == "hello" { found = reader.location(of: text) }
        }
        // Text from an entity's replacement text is located at the entity's declaration.
        #expect(found?.line == 2 && found?.column == 10)
    }

    // MARK: - Limits

    @Test func defaultedAttributeValuesExpandEntitiesPastTheExpansionLimit() throws {
        // One 1,000-byte entity in an attribute default, used by 1,000 elements: 1,000,000 bytes of
        // expansion against a limit of 100,000, none of it counted.
        var options = XMLReader.Options()
        options.limits.maxEntityExpansionBytes = 100_000
        let big = String(repeating: "x", count: 1_000)
        let xml =
            "<!DOCTYPE r [<!ENTITY e \"\(big)\"><!ATTLIST a v CDATA \"&e;\">]><r>"
            + String(repeating: "<a/>", count: 1_000) + "</r>"
        var reader = XMLReader(xml, options: options)
        var produced = 0
        var thrown: XMLParsingError?
        do {
            while let event = try reader.next() {
                if case .startElement = event {
                    for attribute in reader.attributes { produced += reader.string(attribute.value).utf8.count }
                }
            }
        } catch {
            thrown = error
        }
        #expect(
            thrown?.reason == .entityExpansionLimitExceeded(limit: 100_000),
            "expanded \(produced) bytes without an error")
    }

    // MARK: - Standalone

    @Test func standaloneDocumentAcceptsEntityDeclaredInParameterEntity() {
        // WFC: Entity Declared — with standalone='yes', the declaration must not occur within a
        // parameter entity (expat: "entity declared in parameter entity").
        let xml =
            "<?xml version=\"1.0\" standalone=\"yes\"?><!DOCTYPE r [<!ENTITY % p \"<!ENTITY e 'x'>\"> %p;]><r>&e;</r>"
        #expect(readError(xml)?.reason == .undeclaredEntity("e"))
    }

    // MARK: - Scale (these paths were quadratic; at these sizes quadratic work takes minutes, linear
    // work well under a second; nothing here measures time)

    @Test func manyProcessingInstructionsInTheInternalSubsetAreAllReported() throws {
        let count = 50_000
        var reader = XMLReader("<!DOCTYPE r [" + String(repeating: "<?p?>", count: count) + "]><r/>")
        var instructions = 0
        while let event = try reader.next() { if case .processingInstruction = event { instructions += 1 } }
        #expect(instructions == count)
    }

    @Test func manyAttributeDeclarationsForOneElement() throws {
        let n = 20_000
        let xml =
            "<!DOCTYPE r [<!ATTLIST r " + (0..<n).map { "a\($0) CDATA #IMPLIED" }.joined(separator: " ")
            + " last CDATA 'd'>]><r/>"
        var reader = XMLReader(xml)
        _ = try reader.next()
        _ = try reader.next()
        #expect(reader.attributes.map { reader.string($0.name) } == ["last"])
    }

    @Test func manyNotationDeclarations() throws {
        let n = 20_000
        var reader = XMLReader(
            "<!DOCTYPE r [" + (0..<n).map { "<!NOTATION n\($0) SYSTEM 'x'>" }.joined()
                + "<!NOTATION n0 SYSTEM 'again'>]><r/>")
        _ = try reader.next()
        #expect(reader.doctype?.notations.count == n)
    }

    @Test func unprefixedElementsUnderManyPrefixDeclarations() throws {
        let xml =
            "<r xmlns='urn:d' " + (0..<5_000).map { "xmlns:p\($0)='u'" }.joined(separator: " ") + ">"
            + String(repeating: "<a/>", count: 50_000) + "</r>"
        var reader = XMLReader(xml, options: manyAttributes)
        var inDefault = 0
        while let event = try reader.next() {
            if case .startElement(let name) = event, reader.namespaceURI(name) == "urn:d" { inDefault += 1 }
        }
        #expect(inDefault == 50_001)
    }

    @Test func prefixedElementsUnderManyPrefixDeclarations() throws {
        let xml =
            "<r " + (0..<5_000).map { "xmlns:p\($0)='u\($0)'" }.joined(separator: " ") + ">"
            + String(repeating: "<p0:a/>", count: 50_000) + "</r>"
        var reader = XMLReader(xml, options: manyAttributes)
        var inP0 = 0
        while let event = try reader.next() {
            if case .startElement(let name) = event, reader.namespaceURI(name) == "u0" { inP0 += 1 }
        }
        #expect(inP0 == 50_000)
    }

    @Test func elementsWithManyImpliedAttributeDeclarations() throws {
        let xml =
            "<!DOCTYPE r [<!ATTLIST a " + (0..<5_000).map { "a\($0) CDATA #IMPLIED" }.joined(separator: " ") + ">]><r>"
            + String(repeating: "<a/>", count: 50_000) + "</r>"
        var reader = XMLReader(xml)
        var elements = 0
        while let event = try reader.next() { if case .startElement = event { elements += 1 } }
        #expect(elements == 50_001)
    }

    private var manyAttributes: XMLReader.Options {
        var options = XMLReader.Options()
        options.limits.maxAttributesPerElement = 20_000
        return options
    }

    // MARK: - Passing regression checks (areas reviewed and found correct)

    @Test func regressionCopiedReaderContinuesIndependently() throws {
        let xml =
            "<!DOCTYPE r [<?a?><!ENTITY e '<x y=\"&amp;\"/>t'><!ATTLIST x z CDATA 'd'>]><r xmlns:p='u'><p:q/>&e;&e;</r>"
        let expected = try trace(xml)
        for k in 0..<expected.count {
            var a = XMLReader(xml)
            for _ in 0..<k { _ = try a.next() }
            var b = a
            #expect(try trace(&a) == Array(expected[k...]))
            #expect(try trace(&b) == Array(expected[k...]))
        }
    }

    @Test func regressionReadingAfterErrorRethrowsAndAfterEndReturnsNil() throws {
        var bad = XMLReader("<r><!DOCTYPE")
        var errors: [XMLParsingError] = []
        for _ in 0..<3 { do { while try bad.next() != nil {} } catch { errors.append(error) } }
        #expect(errors.count == 3 && Set(errors).count == 1)
        var good = XMLReader("<r/>")
        while try good.next() != nil {}
        #expect(try good.next() == nil)
    }
}
