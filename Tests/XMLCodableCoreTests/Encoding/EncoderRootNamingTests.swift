// The names of a document's root and of a top-level list's items: XMLElementNaming for the root,
// encode(_:withRootKey:itemKey:) for the items, against what XMLCoder's defaults write.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Book: Codable, Equatable, XMLElementNaming {
    static let xmlElementName = "book"
    @Attribute var isbn: String
    var title: String
}

private struct Plain: Codable, Equatable {
    var title: String
}

private struct Shelf: Codable, Equatable {
    var favourite: Book
    var book: [Book]
}

private struct Misnamed: Codable, XMLElementNaming {
    static let xmlElementName = "my book"
    var title: String
}

private struct Feed: Codable, XMLElementNaming {
    static let xmlElementName = "{http://www.w3.org/2005/Atom}feed"
    var title: String
}

@Suite("Root and item names")
struct EncoderRootNamingTests {
    private let swift = Book(isbn: "978-0", title: "Swift")
    private let xml = Book(isbn: "978-1", title: "XML")

    @Test func aTypeNamesItsRootElement() throws {
        #expect(try XMLEncoder().encodeToString(swift) == #"<book isbn="978-0"><title>Swift</title></book>"#)
        // Without the conformance, the type's name, as XMLCoder writes it.
        #expect(try XMLEncoder().encodeToString(Plain(title: "Swift")) == "<Plain><title>Swift</title></Plain>")
        // A root key wins.
        #expect(
            try XMLEncoder().encodeToString(swift, withRootKey: "item")
                == #"<item isbn="978-0"><title>Swift</title></item>"#)
    }

    @Test func theNameIsTakenAsItIsWhateverTheKeyStrategy() throws {
        let encoder = XMLEncoder()
        encoder.keyEncodingStrategy = .capitalized
        #expect(try encoder.encodeToString(swift) == #"<book Isbn="978-0"><Title>Swift</Title></book>"#)
        #expect(try encoder.encodeToString(Plain(title: "Swift")) == "<Plain><Title>Swift</Title></Plain>")
    }

    @Test func aTopLevelListNamesItsItemsWithItsItemKey() throws {
        // Without an item key, the items are named like the root, as XMLCoder writes them,
        // whatever their type; the item key names them.
        #expect(
            try XMLEncoder().encodeToString([swift], withRootKey: "books")
                == #"<books><books isbn="978-0"><title>Swift</title></books></books>"#)
        let data = try XMLEncoder().encode([swift, xml], withRootKey: "books", itemKey: Book.xmlElementName)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"<books><book isbn="978-0"><title>Swift</title></book><book isbn="978-1"><title>XML</title></book></books>"#
        )
        #expect(try XMLDecoder().decode([Book].self, from: data) == [swift, xml])
    }

    @Test func aKeyNamesAPropertyWhateverItsType() throws {
        let shelf = Shelf(favourite: swift, book: [xml])
        let written = try XMLEncoder().encodeToString(shelf, withRootKey: "shelf")
        #expect(
            written
                == #"<shelf><favourite isbn="978-0"><title>Swift</title></favourite><book isbn="978-1"><title>XML</title></book></shelf>"#
        )
        #expect(try XMLDecoder().decode(Shelf.self, from: Data(written.utf8)) == shelf)
    }

    @Test func aDeclaredNameThatIsNoXMLNameIsRefused() {
        #expect {
            _ = try XMLEncoder().encode(Misnamed(title: "x"))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains(#""my book" is not a valid XML name"#)
        }
    }

    @Test func aRootNameInClarkNotationDeclaresItsNamespace() throws {
        #expect(
            try XMLEncoder().encodeToString(Feed(title: "T"))
                == #"<ns1:feed xmlns:ns1="http://www.w3.org/2005/Atom"><title>T</title></ns1:feed>"#)
    }

    @Test func aListWithItsItemKey() throws {
        let data = try XMLEncoder().encode(["swift", "xml"], withRootKey: "tags", itemKey: "tag")
        #expect(String(decoding: data, as: UTF8.self) == "<tags><tag>swift</tag><tag>xml</tag></tags>")
        #expect(try XMLDecoder().decode([String].self, from: data) == ["swift", "xml"])
        // Any sequence; the item key wins over the type's own name.
        let books = try XMLEncoder().encodeToString(
            [swift, xml].lazy.map { $0 }, withRootKey: "books", itemKey: "entry")
        #expect(books.hasPrefix(#"<books><entry isbn="978-0"><title>Swift</title></entry><entry isbn="978-1">"#))
        #expect(try XMLDecoder().decode([Book].self, from: Data(books.utf8)) == [swift, xml])
        #expect(try XMLEncoder().encodeToString([String](), withRootKey: "tags", itemKey: "tag") == "<tags />")
    }

    @Test func aListWithItsItemKeyIsWhatTheElementWriterWrites() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        var streamed = Data()
        let writer = try encoder.elementWriter(withRootKey: "books", itemKey: "book", header: XMLHeader(version: 1.0)) {
            streamed.append($0)
        }
        try writer.write(swift)
        try writer.write(xml)
        try writer.finish()
        #expect(
            try encoder.encode([swift, xml], withRootKey: "books", itemKey: "book", header: XMLHeader(version: 1.0))
                == streamed)
    }

    @Test func anItemKeyThatIsNoXMLNameIsRefused() {
        #expect(throws: EncodingError.self) {
            try XMLEncoder().encode(["a"], withRootKey: "tags", itemKey: "a tag")
        }
    }
}
