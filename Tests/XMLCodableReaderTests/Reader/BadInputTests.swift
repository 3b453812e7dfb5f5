// Malformed and hostile input: every case ends in a thrown XMLParsingError with the right place,
// never a crash, a hang or unbounded memory.

import Testing
@testable import XMLCodableReader

@Suite("Malformed input")
struct MalformedInputTests {
    /// A sample touching most constructs: declaration, DTD, entities, namespaces, CDATA, PI, comment, references.
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE catalog [
          <!ENTITY pub "Packt &amp; Co">
          <!ATTLIST book lang NMTOKEN "en">
        ]>
        <catalog xmlns="urn:books" xmlns:x="urn:extra">
          <book name="Mastering Swift" x:id="b1">
            <author>Jon Hoffman</author><publisher>&pub;</publisher>
            <description><![CDATA[Learning <Swift>]]> &#x2014; Café &lt;5&gt;</description>
            <?review stars="5"?><!-- a comment -->
          </book>
        </catalog>
        """

    @Test func sampleIsWellFormed() {
        #expect(readError(Self.sample) == nil)
    }

    @Test func everyTruncationIsAnErrorAtItsEnd() {
        let bytes = Array(Self.sample.utf8)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            guard let error = readError(prefix) else {
                Issue.record("a document truncated to \(length) bytes was accepted")
                continue
            }
            // The problem is the missing rest: reported at the end, or (a cut UTF-8 sequence) at its first byte.
            #expect(
                error.offset <= length && error.offset >= length - 3,
                "truncated to \(length) (…\(String(decoding: prefix.suffix(12), as: UTF8.self))): \(error)")
            let location = prefix.withUncheckedBytes { XMLReader.Location(offset: error.offset, in: $0) }
            #expect(error.line == location.line && error.column == location.column)
        }
    }

    @Test(arguments: [
        ("<a><b></a>", XMLParsingError.Reason.mismatchedEndTag(expected: "b", found: "a"), 1, 7),
        ("<a>\n  <b>\n  </c>\n</a>", .mismatchedEndTag(expected: "b", found: "c"), 3, 3),
        ("<a></a><b/>", .contentAfterRootElement, 1, 8),
        ("<a/>text", .contentAfterRootElement, 1, 5),
        ("", .missingRootElement, 1, 1),
        ("<!-- only -->", .missingRootElement, 1, 14),
        ("<a x='1' x='2'/>", .duplicateAttribute("x"), 1, 10),
        ("<a>&nope;</a>", .undeclaredEntity("nope"), 1, 4),
        ("<a>]]></a>", .syntax("']]>' is not allowed in character data"), 1, 4),
        ("<a x='<'/>", .syntax("'<' is not allowed in attribute values"), 1, 7),
        ("<a>&#0;</a>", .invalidCharacterReference("U+0 is not an XML character"), 1, 4),
        ("<a>\u{1}</a>", .invalidCharacter(codePoint: 1), 1, 4),
        ("<p:a/>", .undeclaredNamespacePrefix("p"), 1, 2),
        (
            "<a xmlns:p=''/>",
            .invalidNamespaceDeclaration(
                "the prefix 'p' cannot be undeclared (an empty namespace name) in Namespaces 1.0"), 1, 4
        ),
        ("<a:b:c xmlns:a='u'/>", .invalidName("a:b:c"), 1, 2),
        ("<a><!-- x -- y --></a>", .syntax("'--' is not allowed inside a comment"), 1, 11),
        ("<?xml version='2.0'?><a/>", .invalidXMLDeclaration("version '2.0' is not of the form 1.x"), 1, 16),
        (
            "<a/><?xml version='1.0'?>",
            .syntax(
                "the processing instruction target 'xml' is reserved (an XML declaration is only allowed at the very start)"
            ),
            1, 5
        ),
    ])
    func malformedDocument(xml: String, reason: XMLParsingError.Reason, line: Int, column: Int) {
        let error = readError(xml)
        #expect(error?.reason == reason)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func errorsAreSticky() throws {
        var reader = XMLReader("<a><b></a>")
        _ = try reader.next()
        _ = try reader.next()
        let first = #expect(throws: XMLParsingError.self) { try reader.next() }
        let second = #expect(throws: XMLParsingError.self) { try reader.next() }
        #expect(first == second)
    }

    @Test func descriptionNamesLineColumnAndProblem() {
        #expect(readError("<a>\n<b></a>")?.description == "2:4: error: end tag </a> does not match start tag <b>")
    }
}

@Suite("Bad encodings")
struct BadEncodingTests {
    @Test(
        arguments: [
            ([0x3C, 0x61, 0x3E, 0xC3, 0x28, 0x3C, 0x2F, 0x61, 0x3E], 3),  // <a>, a lead byte without its continuation
            ([0x3C, 0x61, 0x3E, 0xC0, 0x80, 0x3C, 0x2F, 0x61, 0x3E], 3),  // overlong NUL
            ([0x3C, 0x61, 0x3E, 0xED, 0xA0, 0x80, 0x3C, 0x2F, 0x61, 0x3E], 3),  // an encoded surrogate
            ([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E], 3),  // never valid in UTF-8
            // A cut sequence in an attribute value.
            ([0x3C, 0x61, 0x20, 0x78, 0x3D, 0x27, 0xE2, 0x82, 0x27, 0x2F, 0x3E], 6),
            ([0x3C, 0x61, 0xE2, 0x82, 0x2F, 0x3E], 2),  // in a name
        ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        let error = readError(bytes)
        #expect(error?.reason == .invalidUTF8)
        #expect(error?.offset == offset)
        #expect(error?.column == offset + 1)
    }

    @Test func aBadSequenceAfterARunOfGoodOnesIsFoundWhereItIs() {
        // Runs of non-ASCII characters are skipped as runs: the first bad byte of a run is still
        // the error's place, in text and in attribute values, whatever precedes it in the run.
        let good = Array("ελληνικά日本語𝄞".utf8)  // two-, three- and four-byte sequences
        let bad: [[UInt8]] = [
            [0xC3, 0x28], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xEF, 0xBF, 0xBE], [0xF4, 0x90, 0x80, 0x80],
            [0xE2, 0x82],
        ]
        for sequence in bad {
            for cut in [0, 2, 16, good.count] {
                let run = Array(good[..<cut]) + sequence + Array("tail".utf8)
                let text = readError(Array("<a>".utf8) + run + Array("</a>".utf8))
                #expect(text?.offset == 3 + cut, "text: \(sequence) after \(cut) good bytes")
                let value = readError(Array("<a v='".utf8) + run + Array("'/>".utf8))
                #expect(value?.offset == 6 + cut, "attribute value: \(sequence) after \(cut) good bytes")
            }
        }
        // A run that reaches the end of the text, and one cut by the end of the document.
        #expect(readError(Array("<a>".utf8) + good + Array("</a>".utf8)) == nil)
        #expect(readError(Array("<a>".utf8) + good + [0xE6, 0x97])?.reason == .invalidUTF8)
    }

    @Test func unsupportedEncodingIsNamed() {
        // ISO-2022-KR is one of the WHATWG's "replacement" encodings: refused, not guessed at.
        let error = readError("<?xml version='1.0' encoding='ISO-2022-KR'?><a/>")
        #expect(error?.reason == .unsupportedEncoding("ISO-2022-KR"))
        #expect(error?.line == 1 && error?.column == 31)
        #expect(
            readError("<?xml version='1.0' encoding='x-made-up'?><a/>")?.reason == .unsupportedEncoding("x-made-up"))
        // UCS-4 in the unusual byte orders 2143 and 3412.
        #expect(
            readError([0x00, 0x00, 0x3C, 0x00, 0x00, 0x00, 0x61, 0x00])?.reason
                == .unsupportedEncoding("UCS-4 in an unusual byte order (2143 or 3412)"))
    }

    @Test func byteOrderMarkContradictingTheDeclaration() {
        let utf8WithBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0' encoding='ISO-8859-1'?><a/>".utf8)
        #expect(readError(utf8WithBOM)?.reason == .encodingMismatch(declared: "ISO-8859-1", detected: "UTF-8"))
        let utf16: [UInt8] =
            [0xFF, 0xFE]
            + Array("<?xml version='1.0' encoding='UTF-8'?><a/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(readError(utf16)?.reason == .encodingMismatch(declared: "UTF-8", detected: "UTF-16LE"))
    }

    @Test func usASCIIRefusesEightBitBytes() {
        let bytes: [UInt8] = Array("<?xml version='1.0' encoding='US-ASCII'?><a>".utf8) + [0xE9] + Array("</a>".utf8)
        #expect(readError(bytes)?.offset == 44)
    }

    @Test func aDefaultedAttributesUndeclaredPrefixIsLocatedAtItsElement() {
        // The name `ki:nd` lies in the DTD, not in the document: the error is at the element the
        // default is added to (line 3), the same in memory and in chunks (found by FuzzChunks,
        // which saw offset 0 in memory and the window's start in chunks).
        let xml = """
            <!DOCTYPE r [<!ATTLIST b ki:nd CDATA 'x'>]>
            <r>
              <b/>
            </r>
            """
        let error = readError(Array(xml.utf8))
        #expect(error?.reason == .undeclaredNamespacePrefix("ki"))
        #expect(error.map { [$0.line, $0.column] } == [3, 4])
        for chunkSize in [1, 7, 64] {
            #expect(
                ReaderTrace.pushed(Array(xml.utf8), chunkSize: chunkSize) == ReaderTrace.inMemory(Array(xml.utf8)),
                "in chunks of \(chunkSize)")
        }
    }

    @Test func loneSurrogateInUTF16() {
        // <a> then a high surrogate (D800) followed by '<', not a low one: an error that says so,
        // at the surrogate's first byte (8), not an "invalid UTF-8" one.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x3E, 0x00, 0x00, 0xD8, 0x3C, 0x00]
        let error = readError(bytes)
        #expect(
            error?.reason
                == .unexpectedCharacter(
                    found: "the unpaired UTF-16 surrogate 0xD800",
                    expected: "a low surrogate (0xDC00 to 0xDFFF) after it"))
        #expect(error?.offset == 8)
        #expect(error?.description.contains("unpaired UTF-16 surrogate") == true)
        // A low surrogate first, and a high one at the very end.
        let low: [UInt8] = [0xFE, 0xFF, 0x00, 0x3C, 0x00, 0x61, 0x00, 0x3E, 0xDC, 0x00, 0x00, 0x3C]
        #expect(
            readError(low)?.reason
                == .unexpectedCharacter(
                    found: "the unpaired UTF-16 surrogate 0xDC00",
                    expected: "a UTF-16 character (a low surrogate must follow a high one)"))
        let last: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00, 0x3D, 0xD8]
        #expect(
            readError(last)?.reason
                == .unexpectedCharacter(
                    found: "the unpaired UTF-16 surrogate 0xD83D",
                    expected: "a low surrogate after it, before the end of the input"))
    }
}

@Suite("Hostile input")
struct HostileInputTests {
    @Test func billionLaughsIsStopped() {
        var dtd = "<!ENTITY lol0 'lol'>"
        for level in 1...9 {
            dtd += "<!ENTITY lol\(level) '" + String(repeating: "&lol\(level - 1);", count: 10) + "'>"
        }
        let inContent = "<!DOCTYPE a [\(dtd)]><a>&lol9;</a>"
        let inAttribute = "<!DOCTYPE a [\(dtd)]><a v='&lol9;'/>"
        let contentError = readError(inContent)
        #expect(contentError?.reason == .entityExpansionRatioExceeded(limit: 10))
        #expect(contentError?.column == inContent.utf8.count - "&lol9;</a>".utf8.count + 1)
        #expect(readError(inAttribute)?.reason == .entityExpansionRatioExceeded(limit: 10))
    }

    @Test func billionLaughsHitsTheByteLimitWhenTheRatioAllowsIt() {
        var dtd = "<!ENTITY lol0 'lol'>"
        for level in 1...9 {
            dtd += "<!ENTITY lol\(level) '" + String(repeating: "&lol\(level - 1);", count: 10) + "'>"
        }
        var limits = XMLReader.Limits()
        limits.maxEntityExpansionRatio = .max
        let error = readError("<!DOCTYPE a [\(dtd)]><a>&lol9;</a>", options: XMLReader.Options(limits: limits))
        #expect(error?.reason == .entityExpansionLimitExceeded(limit: 10_000_000))
    }

    @Test func emptyEntitiesStillCountTowardsTheLimit() {
        // Each reference costs at least its own length, so nested references to nothing cannot loop for ever.
        var dtd = "<!ENTITY e0 ''>"
        for level in 1...12 {
            dtd += "<!ENTITY e\(level) '" + String(repeating: "&e\(level - 1);", count: 10) + "'>"
        }
        let error = readError("<!DOCTYPE a [\(dtd)]><a>&e12;</a>")
        #expect(error?.reason == .entityExpansionRatioExceeded(limit: 10))
    }

    @Test func quadraticBlowupIsStopped() {
        let big = String(repeating: "x", count: 100_000)
        let references = String(repeating: "&big;", count: 20_000)
        let xml = "<!DOCTYPE a [<!ENTITY big '\(big)'>]><a>\(references)</a>"
        let error = readError(xml)
        #expect(error?.reason == .entityExpansionRatioExceeded(limit: 10))
    }

    @Test func externalEntityReferenceIsRefused() {
        let xml = "<!DOCTYPE a [<!ENTITY secret SYSTEM 'file:///etc/passwd'>]>\n<a>&secret;</a>"
        let error = readError(xml)
        #expect(error?.reason == .externalEntityReference("secret"))
        #expect(error?.line == 2 && error?.column == 4)
        let inAttribute = readError("<!DOCTYPE a [<!ENTITY secret SYSTEM 'file:///etc/passwd'>]><a v='&secret;'/>")
        #expect(inAttribute?.reason == .externalEntityReference("secret"))
    }

    @Test func externalParameterEntityIsNeverRead() {
        // The parameter entity is not read; the document stays well-formed and nothing is loaded.
        #expect(readError("<!DOCTYPE a [<!ENTITY % ext SYSTEM 'file:///etc/passwd'> %ext;]><a/>") == nil)
    }

    @Test func recursiveEntitiesAreErrors() {
        #expect(
            readError("<!DOCTYPE a [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><a>&a;</a>")?.reason == .recursiveEntity("a"))
        #expect(readError("<!DOCTYPE a [<!ENTITY a 'x&a;'>]><a v='&a;'/>")?.reason == .recursiveEntity("a"))
    }

    @Test func millionDeepNestingIsRefusedByTheLimit() {
        let depth = 1_000_000
        let bytes =
            Array(String(repeating: "<a>", count: depth).utf8) + Array(String(repeating: "</a>", count: depth).utf8)
        let error = readError(bytes)
        #expect(error?.reason == .depthLimitExceeded(limit: 256))
        #expect(error?.offset == 256 * 3)
    }

    @Test func millionDeepNestingIsReadWithoutRecursionWhenAllowed() {
        let depth = 1_000_000
        let bytes =
            Array(String(repeating: "<a>", count: depth).utf8) + Array(String(repeating: "</a>", count: depth).utf8)
        var limits = XMLReader.Limits()
        limits.maxDepth = .max
        #expect(readError(bytes, options: XMLReader.Options(limits: limits)) == nil)
    }

    static func manyAttributes(_ count: Int, duplicateLast: Bool = false, prefixed: Bool = false) -> [UInt8] {
        var xml = prefixed ? "<a xmlns:p='urn:p'" : "<a"
        for index in 0..<count { xml += prefixed ? " p:n\(index)='\(index)'" : " n\(index)='\(index)'" }
        if duplicateLast { xml += prefixed ? " p:n0='again'" : " n0='again'" }
        return Array((xml + "/>").utf8)
    }

    @Test func hundredThousandAttributesAreRefusedByTheLimit() {
        let error = readError(Self.manyAttributes(100_000))
        #expect(error?.reason == .attributeLimitExceeded(limit: 10_000))
    }

    @Test func hundredThousandAttributesAreReadWhenAllowed() throws {
        var limits = XMLReader.Limits()
        limits.maxAttributesPerElement = 200_000
        let options = XMLReader.Options(limits: limits)
        var reader = try XMLReader(Self.manyAttributes(100_000), options: options)
        _ = try reader.next()
        #expect(reader.attributes.count == 100_000)
        #expect(
            readError(Self.manyAttributes(100_000, duplicateLast: true), options: options)?.reason
                == .duplicateAttribute("n0"))
        #expect(
            readError(Self.manyAttributes(100_000, duplicateLast: true, prefixed: true), options: options)?.reason
                == .duplicateAttribute("p:n0"))
    }

    @Test func giantNamesAreRefused() {
        let name = String(repeating: "n", count: 60_000)
        #expect(readError("<\(name)/>")?.reason == .nameLengthLimitExceeded(limit: 50_000))
    }

    @Test func deeplyNestedContentModelDoesNotRecurse() {
        let depth = 100_000
        let model = String(repeating: "(", count: depth) + "b" + String(repeating: ")", count: depth)
        #expect(readError("<!DOCTYPE a [<!ELEMENT a \(model)>]><a/>") == nil)
    }
}
