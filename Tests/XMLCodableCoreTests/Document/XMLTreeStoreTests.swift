// A parsed tree is kept flat (XMLTree.Store) behind the value API: these tests check that it
// behaves exactly as a tree of values does — equality, copies, changes, comments and text — that
// it knows where each element and attribute was, and that decoding from it reads the store in
// place (source positions in errors) or, for elements built or changed in code, an index of the
// values with no XML in between.

import Foundation
import Testing

@testable import XMLCodableCore
@testable import XMLCodableReader
import XMLCodableTestSupport

@Suite struct XMLTreeStoreTests {
    static let catalog = """
        <?xml version="1.0"?>
        <!-- a catalog -->
        <catalog xmlns:dc="http://purl.org/dc/elements/1.1/">
          <book id="1" lang="en">
            <dc:title>Mastering Swift</dc:title>
            <price>39.99</price>
          </book>
          <book id="2"
                lang="fr"><dc:title>Swift &amp; moi</dc:title><price>n/a</price></book>
        </catalog>
        <?done yes?>
        """

    struct Book: Codable, Equatable {
        enum CodingKeys: String, CodingKey { case id, lang, title = "{http://purl.org/dc/elements/1.1/}title", price }
        @Attribute var id: Int
        @Attribute var lang: String
        var title: String
        var price: Double
    }

    /// The same document built from values.
    static var catalogBuilt: XMLTree.Element {
        func book(_ id: String, _ lang: String, _ title: String, _ price: String, pretty: Bool) -> XMLTree.Element {
            let dc = "http://purl.org/dc/elements/1.1/"
            var children: [XMLTree.Node] = [
                .element(XMLTree.Element(XMLTree.Name("dc:title", namespaceURI: dc), text: title)),
                .element(XMLTree.Element("price", text: price)),
            ]
            if pretty { children = [.text("\n    "), children[0], .text("\n    "), children[1], .text("\n  ")] }
            return XMLTree.Element("book", attributes: ["id": id, "lang": lang], children: children)
        }
        return XMLTree.Element(
            "catalog", attributes: ["xmlns:dc": "http://purl.org/dc/elements/1.1/"],
            children: [
                .text("\n  "), .element(book("1", "en", "Mastering Swift", "39.99", pretty: true)), .text("\n  "),
                .element(book("2", "fr", "Swift & moi", "n/a", pretty: false)), .text("\n"),
            ])
    }

    @Test func aParsedTreeEqualsTheSameTreeBuiltFromValues() throws {
        let tree = try XMLTree(parsing: Self.catalog)
        let built = Self.catalogBuilt
        #expect(tree.root == built)
        #expect(built == tree.root)
        #expect(tree.root.hashValue == built.hashValue)
        #expect(tree.prologue == [.comment(" a catalog ")])
        #expect(tree.epilogue == [.processingInstruction(target: "done", data: "yes")])
        // A copy is the same value; a change to it is not seen by the original.
        var copy = tree
        #expect(copy == tree)
        copy.root.children.append(.comment("added"))
        #expect(copy != tree)
        #expect(tree.root == built)
        #expect(copy.root.children.last == .comment("added"))
        #expect(copy.root.children.count == built.children.count + 1)
    }

    @Test func changingADeepElementKeepsEverythingElse() throws {
        var tree = try XMLTree(parsing: Self.catalog)
        let original = tree
        // Change the second book's price, through the value API.
        guard case .element(var second) = tree.root.children[3] else {
            Issue.record("expected the second book")
            return
        }
        second.children[1] = .element(XMLTree.Element("price", text: "12.50"))
        second.attributes["lang"] = "de"
        tree.root.children[3] = .element(second)
        var expected = Self.catalogBuilt
        guard case .element(var expectedSecond) = expected.children[3] else { return }
        expectedSecond.children[1] = .element(XMLTree.Element("price", text: "12.50"))
        expectedSecond.attributes["lang"] = "de"
        expected.children[3] = .element(expectedSecond)
        #expect(tree.root == expected)
        #expect(original.root == Self.catalogBuilt)
        // Unchanged elements keep their source positions; changed ones have none.
        #expect(tree["catalog"]["book"][0].element?.sourceLocation?.line == 4)
        #expect(tree["catalog"]["book"][1].element?.sourceLocation == nil)
        #expect(tree["catalog"].element?.sourceLocation == nil)
        #expect(
            try tree.xmlString().contains(
                "<book id=\"2\" lang=\"de\"><dc:title>Swift &amp; moi</dc:title><price>12.50</price></book>"))
    }

    @Test func elementsAndAttributesKnowWhereTheyWere() throws {
        let tree = try XMLTree(parsing: Self.catalog)
        let catalog = try tree["catalog"].require()
        #expect(catalog.sourceLocation == XMLTree.SourceLocation(line: 3, column: 2, offset: 42))
        let books = tree["catalog"]["book"]
        #expect(books[0].element?.sourceLocation?.description == "4:4")
        #expect(books[1].element?.sourceLocation?.description == "8:4")
        #expect(books[1].element?.sourceLocation(ofAttribute: "id")?.description == "8:9")
        #expect(books[1].element?.sourceLocation(ofAttribute: "lang")?.description == "9:9")
        #expect(books[1].element?.sourceLocation(ofAttribute: "missing") == nil)
        #expect(books[1]["{http://purl.org/dc/elements/1.1/}title"].element?.sourceLocation?.description == "9:20")
        // Built elements have none.
        #expect(XMLTree.Element("a").sourceLocation == nil)
        #expect(XMLTree.Element("a", attributes: ["x": "1"]).sourceLocation(ofAttribute: "x") == nil)
    }

    @Test func locationsCountLinesAsXMLDoesAndSkipAByteOrderMark() throws {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("<a>\r\n<b/>\r<c/>\n\u{e9}\u{e9}<d e='1'/></a>".utf8)
        let tree = try XMLTree(parsing: bytes)
        #expect(tree.root.sourceLocation?.description == "1:2")
        #expect(tree["a"]["b"].element?.sourceLocation?.description == "2:2")
        #expect(tree["a"]["c"].element?.sourceLocation?.description == "3:2")
        #expect(tree["a"]["d"].element?.sourceLocation?.description == "4:4")
        #expect(tree["a"]["d"].element?.sourceLocation(ofAttribute: "e")?.description == "4:6")
    }

    @Test func theLineTableGivesTheSameLocationsAsCountingFromTheStart() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
        ]
        for round in 0..<50 {
            var bytes: [UInt8] = round % 5 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0..<200, using: &generator) {
                bytes += pieces.randomElement(using: &generator) ?? []
            }
            bytes.withUnsafeBytes { buffer in
                let starts = XMLTree.Store.lineStarts(in: UncheckedBytes(buffer))
                var offset = 0
                while offset <= buffer.count {
                    // Offsets where a character starts, and not at the `\n` of a `\r\n`.
                    let startsCharacter = offset == buffer.count || buffer[offset] & 0xC0 != 0x80
                    let inCRLF =
                        offset > 0 && offset < buffer.count && buffer[offset] == 0x0A && buffer[offset - 1] == 0x0D
                    if startsCharacter, !inCRLF {
                        let expected = XMLReader.Location(offset: offset, in: UncheckedBytes(buffer))
                        let found = XMLTree.Store.location(
                            ofOffset: offset, in: UncheckedBytes(buffer), lineStarts: starts)
                        #expect(found == expected, "offset \(offset) of \(bytes)")
                    }
                    offset += 1
                }
            }
        }
    }

    @Test func entityTextAndDefaultedAttributesAreLocatedAtTheirDeclarations() throws {
        let document = """
            <!DOCTYPE r [
            <!ENTITY part "<p>from an entity</p>">
            <!ATTLIST r kind CDATA "plain">
            ]>
            <r>&part;</r>
            """
        let tree = try XMLTree(parsing: document)
        #expect(tree["r"]["p"].text == "from an entity")
        #expect(tree["r"]["p"].element?.sourceLocation?.line == 2)
        #expect(tree.root.attributes["kind"] == "plain")
        #expect(tree.root.sourceLocation(ofAttribute: "kind")?.line == 5)
    }

    @Test func attributesTooLargeToPackAreKeptWhole() throws {
        // A 300-byte prefix does not fit a packed attribute; references and line ends in a value
        // are kept as flags; a default comes from the DTD's buffer.
        let prefix = String(repeating: "p", count: 300)
        let document = """
            <!DOCTYPE r [<!ENTITY e "entity text"><!ATTLIST r fixed CDATA "from the DTD">]>
            <r xmlns:\(prefix)="urn:long" \(prefix):a="1" b="x &amp; &e; &#65;" c="line\r\nend"/>
            """
        let tree = try XMLTree(parsing: document)
        let attributes = tree.root.attributes
        #expect(attributes.map(\.name.qualifiedName) == ["xmlns:\(prefix)", "\(prefix):a", "b", "c", "fixed"])
        #expect(attributes["{urn:long}a"] == "1")
        #expect(attributes["b"] == "x & entity text A")
        #expect(attributes["c"] == "line end")
        #expect(attributes["fixed"] == "from the DTD")
        #expect(tree.root.sourceLocation(ofAttribute: "\(prefix):a")?.column == 322)
        struct R: Decodable, Equatable {
            enum CodingKeys: String, CodingKey { case a = "{urn:long}a", b, c, fixed }
            @Attribute var a: Int
            @Attribute var b: String
            @Attribute var c: String
            @Attribute var fixed: String
        }
        let expected = R(
            a: Attribute(1), b: Attribute("x & entity text A"), c: Attribute("line end"),
            fixed: Attribute("from the DTD"))
        #expect(try XMLDecoder().decode(R.self, from: tree) == expected)
        #expect(try XMLDecoder().decode(R.self, from: Data(document.utf8)) == expected)
    }

    @Test func commentsInstructionsAndEmptyCDATAKeepTheirPlaces() throws {
        let tree = try XMLTree(parsing: "<a>x<!--c-->y<![CDATA[]]>z<?p d?><b/>&amp;<!--e--></a>")
        #expect(
            tree.root.children == [
                .text("x"), .comment("c"), .text("y"), .cdata(""), .text("z"),
                .processingInstruction(target: "p", data: "d"),
                .element(XMLTree.Element("b")), .text("&"), .comment("e"),
            ])
        #expect(tree.root.text == "xyz&")
        #expect(try tree.xmlString() == "<a>x<!--c-->y<![CDATA[]]>z<?p d?><b/>&amp;<!--e--></a>")
    }

    @Test func decodingFromAParsedTreeEqualsDecodingTheBytes() throws {
        struct Catalog: Codable, Equatable {
            var book: [Book]
        }
        let document = Self.catalog.replacingOccurrences(of: "n/a", with: "7")
        let tree = try XMLTree(parsing: document)
        let fromBytes = try XMLDecoder().decode(Catalog.self, from: Data(document.utf8))
        #expect(try XMLDecoder().decode(Catalog.self, from: tree) == fromBytes)
        #expect(try XMLDecoder().decode(Book.self, from: try tree["catalog"]["book"][1].require()) == fromBytes.book[1])
        // Built from values, and changed after parsing: the same.
        #expect(
            try XMLDecoder().decode(Catalog.self, from: Self.catalogBuilt.replacingPrice("n/a", with: "7")) == fromBytes
        )
        var changed = tree
        changed.root.attributes["note"] = "changed"
        #expect(try XMLDecoder().decode(Catalog.self, from: changed) == fromBytes)
        // A tree read without namespaces is decoded with them resolved from its declarations.
        var options = XMLReader.Options()
        options.shouldProcessNamespaces = false
        let plain = try XMLTree(parsing: document, options: options)
        #expect(try XMLDecoder().decode(Catalog.self, from: plain) == fromBytes)
    }

    @Test func errorsFromATreeGiveTheSourcePositions() throws {
        let tree = try XMLTree(parsing: Self.catalog)
        // The second book's price is "n/a", on line 9.
        let second = try tree["catalog"]["book"][1].require()
        for element in [second, tree.root] {
            do {
                if element == second {
                    _ = try XMLDecoder().decode(Book.self, from: element)
                } else {
                    struct Catalog: Codable { var book: [Book] }
                    _ = try XMLDecoder().decode(Catalog.self, from: element)
                }
                Issue.record("expected an error")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.debugDescription.contains("line 9, column"), "\(context.debugDescription)")
            }
        }
        // Changed above the book: the book itself is still the parsed one.
        var changed = tree
        changed.root.attributes["note"] = "changed"
        do {
            struct Catalog: Codable { var book: [Book] }
            _ = try XMLDecoder().decode(Catalog.self, from: changed)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("line 9, column"), "\(context.debugDescription)")
        }
        // Built in code: said so.
        do {
            _ = try XMLDecoder().decode(
                Book.self, from: XMLTree.Element("book", attributes: ["id": "x", "lang": "en"]))
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("built in code"), "\(context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.debugDescription.contains("built in code"), "\(context.debugDescription)")
        }
    }

    @Test func aDecoderKeptFromATreeRefusesUseAndTheTreeStaysIntact() throws {
        final class Keeper: Decodable {
            nonisolated(unsafe) static var kept: (any Decoder)?
            init(from decoder: any Decoder) throws { Keeper.kept = decoder }
        }
        let tree = try XMLTree(parsing: Self.catalog)
        _ = try XMLDecoder().decode(Keeper.self, from: tree)
        let kept = try #require(Keeper.kept)
        #expect(throws: DecodingError.self) { _ = try kept.container(keyedBy: Book.CodingKeys.self) }
        Keeper.kept = nil
        #expect(tree.root == Self.catalogBuilt)
        #expect(
            try XMLDecoder().decode(Book.self, from: try tree["catalog"]["book"][0].require()).title
                == "Mastering Swift")
    }

    @Test func manyTasksReadOneParsedTree() async throws {
        let tree = try XMLTree(parsing: Self.catalog)
        let results = await withTaskGroup(of: String.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let book = tree["catalog"]["book"][task % 2]
                    let location = book.element?.sourceLocation?.description ?? "?"
                    let title = book["{http://purl.org/dc/elements/1.1/}title"].text ?? "?"
                    return "\(task % 2) \(location) \(title) \(tree.root == Self.catalogBuilt)"
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results == ["0 4:4 Mastering Swift true", "1 8:4 Swift & moi true"])
    }
}

extension XMLTree.Element {
    /// The element with every `<price>` text `old` replaced by `new` (for building test trees).
    fileprivate func replacingPrice(_ old: String, with new: String) -> XMLTree.Element {
        var copy = self
        copy.children = children.map { child in
            guard case .element(let element) = child else { return child }
            if element.name.qualifiedName == "price", element.text == old {
                return .element(XMLTree.Element("price", text: new))
            }
            return .element(element.replacingPrice(old, with: new))
        }
        return copy
    }
}
