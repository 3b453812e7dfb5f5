// The stack of open elements (`XMLScanner.OpenElements`), whose array only grows: closing an
// element lowers a count and leaves its entry, which the next start tag at that depth overwrites.
// So every test here closes deep elements and then opens others less deep, leaving entries past
// the count that must never be read: end tags matched against the open element (not a left-over
// one), the depth, the element named when the document ends inside it, the names moved when a
// reader in chunks drops bytes (only the open elements'), and copies of a reader.

import Testing

@testable import XMLCodableReader

@Suite struct OpenElementsTests {
    /// A document that goes `deep` elements down (`<d1><d2>…`), back up to `back` open elements,
    /// then opens `again` others (`<e…>`), and closes everything.
    static func document(deep: Int, back: Int, again: Int) -> String {
        var xml = "<r>"
        for level in 1...deep { xml += "<d\(level) x='\(level)'>" }
        for level in stride(from: deep, to: back, by: -1) { xml += "t</d\(level)>" }
        for level in 1...again { xml += "<element\(level)>" }
        for level in stride(from: again, through: 1, by: -1) { xml += "</element\(level)>" }
        for level in stride(from: back, through: 1, by: -1) { xml += "</d\(level)>" }
        return xml + "</r>"
    }

    @Test func depthAndEndTagsAfterDeeperElementsClosed() throws {
        for deep in 1...6 {
            for back in 0..<deep {
                for again in 1...4 {
                    let xml = Self.document(deep: deep, back: back, again: again)
                    var reader = XMLReader(xml)
                    var open: [String] = []
                    while let event = try reader.next() {
                        switch event {
                        case .startElement(let name):
                            open.append(reader.string(name))
                        case .endElement(let name):
                            #expect(reader.string(name) == open.last, "\(xml)")
                            open.removeLast()
                        default:
                            break
                        }
                        #expect(reader.depth == open.count, "\(xml)")
                    }
                    #expect(open.isEmpty)
                }
            }
        }
    }

    @Test func errorsNameTheOpenElementNotALeftOverOne() {
        // `<x>` takes the entry `<a>` left at depth 2; `<b>` and `<c>` are left past the count.
        #expect(
            readError("<r><a><b><c/></b></a><x></y></x></r>")?.reason == .mismatchedEndTag(expected: "x", found: "y"))
        #expect(
            readError("<r><a><b><c/></b></a><x></b></x></r>")?.reason == .mismatchedEndTag(expected: "x", found: "b"))
        #expect(readError("<r><a><b><c/></b></a><x>")?.reason == .unclosedElement("x"))
        #expect(readError("<r><a><b><c/></b></a><x></x>")?.reason == .unclosedElement("r"))
        #expect(readError("<r><a><b><c/></b></a></r></a>")?.reason == .contentAfterRootElement)
        // The same names, end tags read slowly (white space before `>`).
        #expect(
            readError("<r><a><b><c/></b ></a ><x></y ></x></r>")?.reason == .mismatchedEndTag(expected: "x", found: "y")
        )
        #expect(readError("<r><a><bb><c/></bb></a><x></x ><bb></bb></r>") == nil)
    }

    @Test func readingInChunksMovesOnlyTheOpenElementsNames() {
        // Long names, so that the window drops bytes holding left-over entries' names as well as
        // open ones'; every chunk size from one byte.
        let long = String(repeating: "n", count: 40)
        var xml = "<r>"
        for level in 1...5 { xml += "<\(long)\(level)>" }
        for level in stride(from: 5, through: 2, by: -1) { xml += "text</\(long)\(level)>" }
        for level in 1...3 { xml += "<o\(level)>" + String(repeating: "x", count: 50) }
        for level in stride(from: 3, through: 1, by: -1) { xml += "</o\(level)>" }
        xml += "</\(long)1></r>"
        let bytes = Array(xml.utf8)
        let expected = ReaderTrace.inMemory(bytes)
        #expect(expected.last?.hasPrefix("end;") == true)
        for chunkSize in 1...40 {
            #expect(ReaderTrace.pushed(bytes, chunkSize: chunkSize) == expected, "chunk size \(chunkSize)")
        }
        // A mismatch found after the window moved.
        let wrong = Array((xml.replacingOccurrences(of: "</o2>", with: "</o9>")).utf8)
        let wrongExpected = ReaderTrace.inMemory(wrong)
        #expect(wrongExpected.last?.hasPrefix("error") == true)
        for chunkSize in [1, 7, 33] {
            #expect(ReaderTrace.pushed(wrong, chunkSize: chunkSize) == wrongExpected, "chunk size \(chunkSize)")
        }
    }

    @Test func aCopyKeepsItsOpenElements() throws {
        var reader = XMLReader("<r><a><b><c>t</c></b></a><x><y/></x></r>")
        var names: [String] = []
        while let event = try reader.next() {
            if case .startElement(let name) = event, reader.string(name) == "c" { break }
        }
        let copy = reader
        while let event = try reader.next() {
            if case .endElement(let name) = event { names.append(reader.string(name)) }
        }
        #expect(names == ["c", "b", "a", "y", "x", "r"])
        var again = copy
        names = []
        while let event = try again.next() {
            if case .endElement(let name) = event { names.append(again.string(name)) }
        }
        #expect(names == ["c", "b", "a", "y", "x", "r"])
        #expect(copy.depth == 4)
    }
}
