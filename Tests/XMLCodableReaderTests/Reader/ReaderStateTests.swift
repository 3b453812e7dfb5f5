// The reader's state between events: an error stops the reader for good, and the attributes of
// a start tag stay what they were for whoever keeps them (XMLReader.Attributes), while the reader
// reads on and while copies of it read their own way.

import Testing
@testable import XMLCodableReader

@Suite("Reader state between events")
struct ReaderStateTests {
    /// Documents whose error comes after some events, where reading on from the error's position
    /// would give other events or another error: the scanner has moved past a whole tag (a
    /// repeated attribute, an undeclared prefix), or the error is in the middle of content.
    static let failing: [String] = [
        "<r><a x='1' x='2'/><b/></r>",
        "<r><a p:x='1'/><b/></r>",
        "<r>text &undeclared; more<b/></r>",
        "<r><a></b><c/></r>",
        "<r><a x='<'/><b/></r>",
        "<r>\u{1}<b/></r>",
        "<r><a>",
        "<!DOCTYPE r [<!ENTITY e '<x>'>]><r>&e;</r>",
        "<r/><after/>",
    ]

    @Test(arguments: failing)
    func anErrorIsThrownAgainOnEveryLaterCall(_ document: String) throws {
        var reader = XMLReader(document)
        var first: XMLParsingError?
        var events = 0
        while first == nil {
            do {
                guard try reader.next() != nil else { break }
                events += 1
            } catch {
                first = error
            }
        }
        let error = try #require(first, "\(document) was read without an error")
        for call in 1...3 {
            #expect(throws: error, "call \(call) after the error in \(document)") { try reader.next() }
        }
        #expect(events > 0 || document.hasPrefix("<!DOCTYPE"))
    }

    @Test func keptAttributesStayWhenTheReaderReadsOn() throws {
        var reader = XMLReader("<r a='1' b='2'><e c='3'/><f/><g d='4' e='5' f='6'/></r>")
        _ = try reader.next()
        let kept = reader.attributes
        var later: [[String]] = []
        while let event = try reader.next() {
            if case .startElement = event { later.append(reader.attributes.map { reader.string($0.value) }) }
            #expect(kept.map { reader.string($0.value) } == ["1", "2"])
        }
        #expect(later == [["3"], [], ["4", "5", "6"]])
        #expect(reader.attributes.isEmpty)
        #expect(kept.count == 2 && kept.startIndex == 0 && kept.endIndex == 2)
    }

    @Test func aCopiedReaderAndTheOriginalWriteTheirOwnAttributes() throws {
        // Tags with and without attributes, so that copies are taken with the attributes' storage
        // full, emptied, and never used.
        let document = "<r>" + (0..<12).map { $0 % 3 == 2 ? "<p/>" : "<e n\($0)='\($0)' m='x'/>" }.joined() + "</r>"
        func attributesFromHereOn(_ reader: inout XMLReader) throws -> [[String]] {
            var seen: [[String]] = []
            while let event = try reader.next() {
                if case .startElement = event { seen.append(reader.attributes.map { reader.string($0.value) }) }
            }
            return seen
        }
        var whole = XMLReader(document)
        let all = try attributesFromHereOn(&whole)
        var events = 0
        var reader = XMLReader(document)
        while true {
            var copy = reader
            // The two read in turn, each writing to storage the other has just shared.
            var fromReader: [[String]] = []
            var fromCopy: [[String]] = []
            var original = reader
            func values(_ reader: XMLReader) -> [String] { reader.attributes.map { reader.string($0.value) } }
            while true {
                // What each shows must not change while the other reads.
                let copyBefore = values(copy)
                let a = try original.next()
                #expect(values(copy) == copyBefore, "copied after \(events) events")
                let originalBefore = values(original)
                let b = try copy.next()
                #expect(values(original) == originalBefore, "copied after \(events) events")
                if case .startElement = a { fromReader.append(values(original)) }
                if case .startElement = b { fromCopy.append(values(copy)) }
                if a == nil, b == nil { break }
            }
            let expected = Array(all.suffix(fromReader.count))
            #expect(fromReader == expected, "copied after \(events) events")
            #expect(fromCopy == expected, "copied after \(events) events")
            guard try reader.next() != nil else { break }
            events += 1
        }
        #expect(events == 26)
    }

    @Test func attributesCompareHashAndPrintAsTheirElements() throws {
        var first = XMLReader("<a x='1' y='2'/>")
        var second = XMLReader("<b x='1' y='2'/>")
        _ = try first.next()
        _ = try second.next()
        #expect(first.attributes == first.attributes)
        #expect(first.attributes == second.attributes)
        #expect(first.attributes.hashValue == second.attributes.hashValue)
        #expect(Set([first.attributes, second.attributes]).count == 1)
        #expect(first.attributes.description == Array(first.attributes).description)
        #expect(Array(first.attributes) == [first.attributes[0], first.attributes[1]])
        var third = XMLReader("<c x='1'/>")
        _ = try third.next()
        #expect(third.attributes != first.attributes)
    }

    @Test func manyAttributesGrowTheStorage() throws {
        let count = 300
        let tag = "<e " + (0..<count).map { "a\($0)='\($0)'" }.joined(separator: " ") + "/>"
        var reader = XMLReader("<r>" + tag + tag + "</r>")
        var seen: [Int] = []
        while let event = try reader.next() {
            guard case .startElement = event, !reader.attributes.isEmpty else { continue }
            #expect(reader.attributes.map { reader.string($0.value) } == (0..<count).map(String.init))
            seen.append(reader.attributes.count)
        }
        #expect(seen == [count, count])
    }
}
