// Edge cases of the start-tag fast paths: attribute values scanned eight bytes at a time (each
// special byte at every offset of a word, values ending at the end of a buffer), the single-space
// and `="` shortcuts, the filter that lets most tags skip the duplicate-name comparison, and the
// index taking attributes from the reader. Then the array of attributes that each start tag
// overwrites rather than one emptied at every event (`XMLScanner.attributeEnd`): every count after
// every count, with namespaces, defaults and repeated names, in errors, and in copies of a reader.

import Testing

@testable import XMLCodableCore
@testable import XMLCodableReader
import XMLCodableTestSupport

@Suite struct AttributeScanTests {
    /// The attributes of the root element, decoded.
    static func rootAttributes(_ xml: String) throws -> [String] {
        var reader = XMLReader(xml)
        while let event = try reader.next() {
            if case .startElement = event {
                return reader.attributes.map { "\(reader.string($0.name))=\(reader.string($0.value))" }
            }
        }
        return []
    }

    /// The byte offset of the error a document throws, and its reason.
    static func failure(_ xml: String) -> (reason: XMLParsingError.Reason, offset: Int)? {
        readError(xml).map { ($0.reason, $0.offset) }
    }

    // MARK: - Values, eight bytes at a time

    @Test func closingQuoteAtEveryOffsetOfAWord() throws {
        for shift in 0..<8 {
            let element = String(repeating: "e", count: shift + 1)
            for length in 0...17 {
                let value = String(repeating: "v", count: length)
                #expect(
                    try Self.rootAttributes("<\(element) a=\"\(value)\" b='\(value)x'/>") == [
                        "a=\(value)", "b=\(value)x",
                    ])
                // The other quote is an ordinary byte.
                #expect(try Self.rootAttributes("<\(element) a=\"\(value)'\"/>") == ["a=\(value)'"])
                #expect(try Self.rootAttributes("<\(element) a='\(value)\"'/>") == ["a=\(value)\""])
            }
        }
    }

    @Test func specialBytesAtEveryOffsetOfAWord() throws {
        for offset in 0...16 {
            let before = String(repeating: "x", count: offset)
            let prefix = "<r a=\""
            #expect(try Self.rootAttributes("<r a=\"\(before)&amp;y\"/>") == ["a=\(before)&y"])
            #expect(try Self.rootAttributes("<r a=\"\(before)&#x41;y\"/>") == ["a=\(before)Ay"])
            #expect(try Self.rootAttributes("<r a=\"\(before)\ty\"/>") == ["a=\(before) y"])
            #expect(try Self.rootAttributes("<r a=\"\(before)\ny\"/>") == ["a=\(before) y"])
            #expect(try Self.rootAttributes("<r a=\"\(before)éy\"/>") == ["a=\(before)éy"])
            #expect(try Self.rootAttributes("<r a=\"\(before)東京\"/>") == ["a=\(before)東京"])
            #expect(try Self.rootAttributes("<r a=\"\(before)😀\"/>") == ["a=\(before)😀"])
            let lt = Self.failure("\(prefix)\(before)<y\"/>")
            #expect(lt?.reason == .syntax("'<' is not allowed in attribute values"))
            #expect(lt?.offset == prefix.utf8.count + offset)
            let control = Self.failure("\(prefix)\(before)\u{1}y\"/>")
            #expect(control?.reason == .invalidCharacter(codePoint: 1))
            #expect(control?.offset == prefix.utf8.count + offset)
            let reference = Self.failure("\(prefix)\(before)&y\"/>")
            #expect(reference?.offset == prefix.utf8.count + offset + 2)
            // Bytes that are not UTF-8, and a character XML does not allow (U+FFFE).
            var bytes = Array("\(prefix)\(before)".utf8)
            let at = bytes.count
            bytes += [0xFF] + Array("y\"/>".utf8)
            let invalid = readError(bytes)
            #expect(invalid?.reason == .invalidUTF8)
            #expect(invalid?.offset == at)
            let notAChar = Self.failure("\(prefix)\(before)\u{FFFE}y\"/>")
            #expect(notAChar?.reason == .invalidCharacter(codePoint: 0xFFFE))
            #expect(notAChar?.offset == prefix.utf8.count + offset)
        }
    }

    @Test func valuesCutOffAtTheEndOfTheDocument() {
        for length in 0...20 {
            let xml = "<r a=\"" + String(repeating: "v", count: length)
            let error = Self.failure(xml)
            #expect(error?.reason == .unexpectedEndOfInput(expected: "the closing quote of the attribute value"))
            #expect(error?.offset == xml.utf8.count)
            // A multi-byte character cut off at the very end.
            var bytes = Array(xml.utf8) + [0xC3]
            #expect(readError(bytes)?.reason == .invalidUTF8)
            bytes = Array(xml.utf8) + [0xE6, 0x9D]
            #expect(readError(bytes)?.reason == .invalidUTF8)
        }
    }

    @Test func valuesEndingAtTheEndOfAnEntitysText() throws {
        // In an entity's replacement text, the buffer ends right after the tag: the last bytes of
        // the value are read one by one.
        for length in 0...20 {
            let value = String(repeating: "v", count: length)
            let xml = "<!DOCTYPE r [<!ENTITY e \"<b a='\(value)'/>\">]><r>&e;</r>"
            #expect(try trace(xml) == ["<!DOCTYPE r>", "<r>", "<b a=\"\(value)\">", "</b>", "</r>"])
            let cut = "<!DOCTYPE r [<!ENTITY e \"<b a='\(value)\">]><r>&e;</r>"
            #expect(readError(cut) != nil)
        }
    }

    @Test func spacesAroundTheEqualsSignAndBetweenAttributes() throws {
        #expect(try Self.rootAttributes("<r a = 'x'  b\t=\n\"y\"\r\nc='z' />") == ["a=x", "b=y", "c=z"])
        #expect(
            Self.failure("<r a='x'b='y'/>")?.reason
                == .unexpectedCharacter(found: "'b'", expected: "white space, '>' or '/>'"))
        #expect(
            Self.failure("<r a 'x'/>")?.reason
                == .unexpectedCharacter(found: "'''", expected: "'=' after the attribute name"))
        #expect(
            Self.failure("<r a= x/>")?.reason
                == .unexpectedCharacter(found: "'x'", expected: "a quoted attribute value"))
        #expect(Self.failure("<r a=")?.reason == .unexpectedEndOfInput(expected: "a quoted attribute value"))
        #expect(Self.failure("<r a")?.reason == .unexpectedEndOfInput(expected: "'=' after the attribute name"))
        #expect(Self.failure("<r ")?.reason == .unexpectedEndOfInput(expected: "'>' to end the start tag"))
        #expect(Self.failure("<r a='x' ")?.offset == 9)
    }

    // MARK: - Repeated names

    /// Two different names that set the same bit of the filter.
    static func collidingNames() -> (String, String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var seen: [UInt64: String] = [:]
        for first in letters {
            for last in letters {
                for length in 2...6 {
                    let name = String(first) + String(repeating: "m", count: length - 2) + String(last)
                    let bytes = Array(name.utf8)
                    let bit = AttributeNameFilter.bit(
                        length: bytes.count, first: bytes[0], last: bytes[bytes.count - 1])
                    if let other = seen[bit] { return (other, name) }
                    seen[bit] = name
                }
            }
        }
        return ("", "")
    }

    @Test func namesSharingAFilterBitAreNotDuplicates() throws {
        let (a, b) = Self.collidingNames()
        #expect(a != b && !a.isEmpty)
        #expect(try Self.rootAttributes("<r \(a)='1' \(b)='2'/>") == ["\(a)=1", "\(b)=2"])
        #expect(try Self.rootAttributes("<r x='0' \(a)='1' y='3' \(b)='2'/>") == ["x=0", "\(a)=1", "y=3", "\(b)=2"])
        let error = Self.failure("<r \(a)='1' \(b)='2' \(a)='3'/>")
        #expect(error?.reason == .duplicateAttribute(a))
        #expect(error?.offset == "<r \(a)='1' \(b)='2' ".utf8.count)
    }

    @Test func duplicatesAreFoundWhereverTheyAre() {
        let names = (0..<14).map { "n\($0)" }
        for count in 2...14 {
            for first in 0..<count {
                for second in (first + 1)..<max(count, first + 2) where second < count {
                    var attributes = names[0..<count].map { "\($0)='v'" }
                    attributes[second] = "\(names[first])='again'"
                    let xml = "<r " + attributes.joined(separator: " ") + "/>"
                    let error = Self.failure(xml)
                    #expect(error?.reason == .duplicateAttribute(names[first]), "\(xml)")
                    let offset = "<r ".utf8.count + attributes[0..<second].map { $0.utf8.count + 1 }.reduce(0, +)
                    #expect(error?.offset == offset, "\(xml)")
                }
            }
        }
    }

    @Test func prefixedDuplicatesAreFoundByNamespaceNotByFilter() throws {
        // Different qualified names (different filter bits), the same expanded name.
        #expect(
            Self.failure("<r xmlns:p='urn:u' xmlns:q='urn:u' p:key='1' q:key='2'/>")?.reason
                == .duplicateAttribute("{urn:u}key"))
        #expect(
            Self.failure("<r xmlns:pp='urn:u' xmlns:q='urn:u' pp:k='1' q:k='2'/>")?.reason
                == .duplicateAttribute("{urn:u}k"))
        // The same qualified name twice is a duplicate before any namespace is looked at.
        #expect(Self.failure("<r xmlns:p='urn:u' p:k='1' p:k='2'/>")?.reason == .duplicateAttribute("p:k"))
        // The same local name in different namespaces is fine.
        #expect(try Self.rootAttributes("<r xmlns:p='urn:u' xmlns:q='urn:v' p:k='1' q:k='2'/>").count == 4)
        // A namespace declaration given twice.
        #expect(Self.failure("<r xmlns:p='urn:u' xmlns:p='urn:u'/>")?.reason == .duplicateAttribute("xmlns:p"))
    }

    @Test func defaultedAttributesAreNotDuplicatesOfSpecifiedOnes() throws {
        let xml = "<!DOCTYPE r [<!ATTLIST r a CDATA 'd' b CDATA 'e'>]><r a='1' c='2'/>"
        #expect(try Self.rootAttributes(xml) == ["a=1", "c=2", "b=e"])
        #expect(
            Self.failure("<!DOCTYPE r [<!ATTLIST r b CDATA 'e'>]><r a='1' a='2'/>")?.reason == .duplicateAttribute("a"))
    }

    // MARK: - The index

    @Test func indexHoldsEachElementsAttributes() throws {
        // Attribute-dense at the start and sparse later, then dense again: the index's storage
        // is sized from how far the reader is, and must still hold everything.
        var xml = "<r>"
        for i in 0..<300 { xml += "<d i='\(i)' a='1' b='2' c='3' e='4' f='5'/>" }
        xml += "<t>" + String(repeating: "text ", count: 20_000) + "</t>"
        for i in 0..<3000 { xml += "<d i='\(i)' k='\(i * 2)'/><p/>" }
        xml += "</r>"
        var expected: [[String]] = []
        var reader = XMLReader(xml)
        while let event = try reader.next() {
            if case .startElement = event { expected.append(reader.attributes.map { reader.string($0.value) }) }
        }
        var indexed = XMLReader(xml)
        let index = try XMLIndex.build(&indexed)
        var found: [[String]] = []
        for node in 0..<Int32(index.nodes.count) where index[node].isElement {
            found.append(index.attributes(of: node).map { indexed.string($0.value) })
        }
        #expect(found == expected)
        #expect(index.attributes.count == expected.map(\.count).reduce(0, +))
    }

    /// Every element's attributes as the reader reports them, and as the index holds them.
    static func readAndIndex(_ xml: String) throws -> (read: [[String]], indexed: [[String]]) {
        func describe(_ attribute: XMLAttribute, _ reader: XMLReader) -> String {
            "\(reader.string(attribute.name)){\(reader.namespaceURI(attribute.name) ?? "")}=\(reader.string(attribute.value))"
                + "\(attribute.isDefaulted ? " defaulted" : "")\(attribute.isNamespaceDeclaration ? " declaration" : "")"
        }
        var read: [[String]] = []
        var reader = XMLReader(xml)
        while let event = try reader.next() {
            if case .startElement = event { read.append(reader.attributes.map { describe($0, reader) }) }
        }
        var indexed = XMLReader(xml)
        let index = try XMLIndex.build(&indexed)
        var found: [[String]] = []
        for node in 0..<Int32(index.nodes.count) where index[node].isElement {
            found.append(index.attributes(of: node).map { describe($0, indexed) })
        }
        // The reader gives its array back: after the index is built, it has no attributes left.
        #expect(indexed.attributes.isEmpty)
        return (read, found)
    }

    @Test func indexMatchesTheReaderWithNamespacesDefaultsAndManyAttributes() throws {
        var xml = "<!DOCTYPE r [<!ATTLIST d z CDATA 'dz' t NMTOKENS ' a  b '> <!ENTITY e '<d y=\"&#38;amp;\"/>'>]>"
        xml += "<r xmlns:p='urn:p' xmlns='urn:d'><d p:x='1' y='2' t=' c   d '/>"
        xml += "<d " + (0..<40).map { "a\($0)='\($0)'" }.joined(separator: " ") + "/>&e;"
        xml += "<e xmlns:q='urn:q' q:k='1' p:k='2'><f/>text<g h='i'/></e></r>"
        let (read, indexed) = try Self.readAndIndex(xml)
        #expect(indexed == read)
        #expect(read.count == 7)
    }

    @Test func indexReportsAttributeErrorsLikeTheReader() {
        let many = (0..<30).map { "a\($0)='v'" }.joined(separator: " ")
        for xml in [
            "<r><d a='1'/><d b='1' b='2'/></r>", "<r><d \(many)/><d \(many) a7='x'/></r>",
            "<r xmlns:p='urn:u' xmlns:q='urn:u'><d p:k='1'/><d p:k='1' q:k='2'/></r>",
            "<r xmlns:p='urn:u' xmlns:q='urn:u'><d \(many)/><d \(many) p:k='1' q:k='2'/></r>",
            "<!DOCTYPE r [<!ATTLIST d z CDATA 'dz'>]><r><d z='1'/><d y='1' y='2'/></r>",
        ] {
            let expected = readError(xml)
            #expect(expected != nil)
            var reader = XMLReader(xml)
            do {
                _ = try XMLIndex.build(&reader)
                Issue.record("no error for \(xml)")
            } catch {
                #expect(error.reason == expected?.reason)
                #expect(error.offset == expected?.offset)
            }
        }
        var options = XMLReader.Options()
        options.limits.maxAttributesPerElement = 3
        let xml = "<r><d a='1' b='2' c='3'/><d a='1' b='2' c='3'/><d a='1' b='2' c='3' d='4'/></r>"
        var reader = XMLReader(xml, options: options)
        #expect(throws: XMLParsingError.self) { try XMLIndex.build(&reader) }
        var unlimited = XMLReader(xml)
        #expect(throws: Never.self) { try XMLIndex.build(&unlimited) }
    }

    // MARK: - Indentation

    @Test func indentationBetweenTagsIsTextWhateverFollowsIt() throws {
        #expect(try trace("<r>\n  <a/>\n</r>") == ["<r>", "\"\n  \"", "<a>", "</a>", "\"\n\"", "</r>"])
        #expect(
            try trace("<r>\n  x<a/>\n\t<b/>\n \r\n</r>") == [
                "<r>", "\"\n  x\"", "<a>", "</a>", "\"\n\t\"", "<b>", "</b>", "\"\n \n\"", "</r>",
            ])
        // Indentation at the very end of an entity's text, and then the document's.
        #expect(
            try trace("<!DOCTYPE r [<!ENTITY e '&#10;  '>]><r>&e;<a/></r>") == [
                "<!DOCTYPE r>", "<r>", "\"\n  \"", "<a>", "</a>", "</r>",
            ])
        #expect(readError("<r>\n  ")?.reason == .unclosedElement("r"))
        #expect(readError("<r>\n  <")?.reason == .unexpectedEndOfInput(expected: "markup after '<'"))
    }

    // MARK: - Text, eight bytes at a time

    @Test func specialBytesInTextAtEveryOffsetOfAWord() throws {
        for offset in 0...16 {
            let before = String(repeating: "t", count: offset)
            let prefix = "<r>"
            #expect(
                try trace("<r>\(before)</r>") == (offset == 0 ? ["<r>", "</r>"] : ["<r>", "\"\(before)\"", "</r>"]))
            #expect(try trace("<r>\(before)&amp;x</r>") == ["<r>", "\"\(before)&x\"", "</r>"])
            #expect(try trace("<r>\(before)\tx\ny</r>") == ["<r>", "\"\(before)\tx\ny\"", "</r>"])
            #expect(try trace("<r>\(before)\r\nx</r>") == ["<r>", "\"\(before)\nx\"", "</r>"])
            #expect(try trace("<r>\(before)]x]]y</r>") == ["<r>", "\"\(before)]x]]y\"", "</r>"])
            #expect(try trace("<r>\(before)é東😀<a/></r>") == ["<r>", "\"\(before)é東😀\"", "<a>", "</a>", "</r>"])
            let cdataEnd = Self.failure("\(prefix)\(before)]]>x</r>")
            #expect(cdataEnd?.reason == .syntax("']]>' is not allowed in character data"))
            #expect(cdataEnd?.offset == prefix.utf8.count + offset)
            let control = Self.failure("\(prefix)\(before)\u{8}x</r>")
            #expect(control?.reason == .invalidCharacter(codePoint: 8))
            #expect(control?.offset == prefix.utf8.count + offset)
            var bytes = Array("\(prefix)\(before)".utf8)
            let at = bytes.count
            bytes += [0xC0, 0x80] + Array("x</r>".utf8)
            let invalid = readError(bytes)
            #expect(invalid?.reason == .invalidUTF8)
            #expect(invalid?.offset == at)
            // Text running to the end of the document.
            let open = Self.failure("\(prefix)\(before)x")
            #expect(open?.reason == .unclosedElement("r"))
        }
    }

    // MARK: - Attributes overwritten tag to tag

    /// Every event of a document with the reader's attributes at it: `<name a=v ...>` for a start
    /// tag, and for any other event its kind followed by the attributes the reader reports then
    /// (which must be none).
    static func attributeTrace(_ reader: inout XMLReader) throws -> [String] {
        var lines: [String] = []
        while let event = try reader.next() {
            let attributes = reader.attributes.map { attribute in
                "\(reader.string(attribute.name))=\(reader.string(attribute.value))\(attribute.isDefaulted ? "(default)" : "")"
                    + "\(attribute.isNamespaceDeclaration ? "(xmlns)" : "")\(reader.namespaceURI(attribute.name).map { "{\($0)}" } ?? "")"
            }
            switch event {
            case .startElement(let name): lines.append("<\(reader.string(name)) \(attributes.joined(separator: " "))>")
            case .endElement: lines.append("end \(attributes)")
            case .text: lines.append("text \(attributes)")
            default: lines.append("other \(attributes)")
            }
        }
        return lines
    }

    /// The tag `<e ...>` with `count` attributes named from `first` on (`a0`, `a1`, … or `b0`, …).
    static func tag(_ count: Int, named first: String = "a", empty: Bool) -> String {
        let attributes = (0..<count).map { " \(first)\($0)='\(first)\($0)v'" }.joined()
        return empty ? "<e\(attributes)/>" : "<e\(attributes)>t</e>"
    }

    /// What `attributeTrace` gives for the tag `tag(count, named:, empty:)`.
    static func expectedTrace(_ count: Int, named first: String = "a", empty: Bool) -> [String] {
        let start = "<e \((0..<count).map { "\(first)\($0)=\(first)\($0)v" }.joined(separator: " "))>"
        return empty ? [start, "end []"] : [start, "text []", "end []"]
    }

    @Test func everyCountOfAttributesAfterEveryCount() throws {
        let counts = [0, 1, 2, 3, 6, 13]
        for first in counts {
            for second in counts {
                for third in counts {
                    for empty in [false, true] {
                        let xml =
                            "<r>\(Self.tag(first, empty: empty))\(Self.tag(second, named: "b", empty: !empty))x\(Self.tag(third, empty: empty))</r>"
                        var reader = XMLReader(xml)
                        let expected =
                            ["<r >"] + Self.expectedTrace(first, empty: empty)
                            + Self.expectedTrace(second, named: "b", empty: !empty) + ["text []"]
                            + Self.expectedTrace(third, empty: empty) + ["end []"]
                        #expect(try Self.attributeTrace(&reader) == expected, "\(xml)")
                    }
                }
            }
        }
    }

    @Test func namespacesDefaultsAndRepeatedNamesAfterMoreAttributes() throws {
        // Each tag reads as it does first in its element, whatever the tags before it had:
        // declarations and prefixes resolved among its own attributes, defaults added after them,
        // names compared with its own only.
        let dtd = "<!DOCTYPE r [<!ATTLIST e z CDATA 'zz' t NMTOKENS #IMPLIED>]>"
        let tags = [
            "<p:e xmlns:p='urn:p' p:x='1'/>", "<e xmlns='urn:d' y='2'/>", "<e/>", "<e z='1'/>", "<e a='1'/>",
            "<e t='  a  b '/>",
            "<e c='1' b='2'/>", "<e xmlns:p='urn:p' p:a='1'><p:f p:b='2'/></e>",
        ]
        for tag in tags {
            for before in [0, 1, 3, 6] {
                for prolog in ["", dtd] {
                    var alone = XMLReader("\(prolog)<r>\(tag)</r>")
                    var after = XMLReader("\(prolog)<r>\(Self.tag(before, empty: true))\(tag)</r>")
                    let expected = try Self.attributeTrace(&alone)
                    let found = try Self.attributeTrace(&after)
                    // After `<r>` (and the DOCTYPE): the tag's events, then `</r>`.
                    let count = expected.count - (prolog.isEmpty ? 1 : 2)
                    #expect(found.count == expected.count + 2)
                    #expect(Array(found.suffix(count)) == Array(expected.suffix(count)), "\(before): \(prolog)\(tag)")
                }
            }
        }
        for tag in [
            "<e c='1' c='2'/>", "<e xmlns:p='urn:p' xmlns:q='urn:p' p:a='1' q:a='2'/>", "<e a0='1' a1='2' a0='3'/>",
        ] {
            let alone = readError("<r>\(tag)</r>")
            #expect(alone != nil)
            for before in [1, 3, 6] {
                let prefix = "<r>" + Self.tag(before, empty: true)
                let after = readError("\(prefix)\(tag)</r>")
                #expect(after?.reason == alone?.reason, "\(prefix)\(tag)")
                #expect(after.map { $0.offset - prefix.utf8.count + 3 } == alone?.offset, "\(prefix)\(tag)")
            }
        }
    }

    @Test func attributesOfATagInErrorAreThoseReadBeforeIt() throws {
        var options = XMLReader.Options()
        options.limits.maxAttributesPerElement = 3
        for before in [0, 1, 2, 3] {
            for tag in [
                "<e x='1' y='2' z=>", "<e x='1' y='2' z='<'/>", "<e x='1' y='2' z='3' w='4'/>", "<e x='1' x='2'/>",
            ] {
                let prefix = "<r>" + Self.tag(before, empty: true)
                // The same tag after a tag with no attributes: what the reader reports in error.
                var fresh = XMLReader("<r>\(tag)</r>", options: options)
                var reader = XMLReader("\(prefix)\(tag)</r>", options: options)
                #expect(throws: XMLParsingError.self) { try Self.attributeTrace(&fresh) }
                #expect(throws: XMLParsingError.self) { try Self.attributeTrace(&reader) }
                let expected = fresh.attributes.map { "\(fresh.string($0.name))=\(fresh.string($0.value))" }
                #expect(!expected.isEmpty)
                #expect(
                    reader.attributes.map { "\(reader.string($0.name))=\(reader.string($0.value))" } == expected,
                    "\(prefix)\(tag)")
            }
        }
    }

    @Test func aCopyOfAReaderKeepsItsTagsAttributes() throws {
        var reader = XMLReader("<r><e a='1' b='2' c='3'/><e d='4'/><e e='5' f='6' g='7' h='8'/></r>")
        _ = try reader.next()
        _ = try reader.next()
        let copy = reader
        var names: [[String]] = []
        while let event = try reader.next() {
            if case .startElement = event { names.append(reader.attributes.map { reader.string($0.name) }) }
        }
        #expect(names == [["d"], ["e", "f", "g", "h"]])
        #expect(copy.attributes.map { copy.string($0.name) } == ["a", "b", "c"])
        var again = copy
        _ = try again.next()
        #expect(again.attributes.isEmpty)
        #expect(copy.attributes.count == 3)
    }

    @Test func theIndexTakesEachTagsOwnAttributes() throws {
        let xml = "<r>" + [3, 1, 0, 6, 2, 2, 13, 0, 1].map { Self.tag($0, empty: true) }.joined() + "</r>"
        var reader = XMLReader(xml)
        let index = try XMLIndex.build(&reader)
        var counts: [Int] = []
        for node in 0..<index.nodes.count where index.nodes[node].kind == .element {
            counts.append(Int(index.nodes[node].attributeCount))
        }
        #expect(counts == [0, 3, 1, 0, 6, 2, 2, 13, 0, 1])
        #expect(reader.attributes.isEmpty)
    }
}
