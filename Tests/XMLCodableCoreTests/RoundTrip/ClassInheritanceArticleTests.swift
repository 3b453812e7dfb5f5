import Foundation
import Testing

@testable import XMLCodableCore
import XMLCodableTestSupport

// The Classes and Hand-Written Coding article's code, as the article shows it (its blocks are
// checked to be in this file), in a namespace of its own.
private enum Article {
    class Item: Codable {
        var id: String
        var title: String

        init(id: String, title: String) {
            self.id = id
            self.title = title
        }

        enum CodingKeys: String, CodingKey {
            case id, title
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Attribute<String>.self, forKey: .id).wrappedValue
            title = try container.decode(String.self, forKey: .title)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Attribute(id), forKey: .id)
            try container.encode(title, forKey: .title)
        }
    }

    final class Book: Item {
        var author: String

        init(id: String, title: String, author: String) {
            self.author = author
            super.init(id: id, title: title)
        }

        enum BookKeys: String, CodingKey {
            case author
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: BookKeys.self)
            author = try container.decode(String.self, forKey: .author)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BookKeys.self)
            try container.encode(author, forKey: .author)
            try super.encode(to: container.superEncoder())
        }
    }

    /// The article's "no <super>" advice: the superclass reads and writes the same element.
    final class FlatBook: Item {
        var author: String

        init(id: String, title: String, author: String) {
            self.author = author
            super.init(id: id, title: title)
        }

        enum BookKeys: String, CodingKey {
            case author
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: BookKeys.self)
            author = try container.decode(String.self, forKey: .author)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BookKeys.self)
            try container.encode(author, forKey: .author)
            try super.encode(to: encoder)
        }
    }

    /// `superEncoder(forKey:)` / `superDecoder(forKey:)`: the superclass's values under a key.
    final class KeyedBook: Item {
        var author: String

        init(id: String, title: String, author: String) {
            self.author = author
            super.init(id: id, title: title)
        }

        enum BookKeys: String, CodingKey {
            case author, base
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: BookKeys.self)
            author = try container.decode(String.self, forKey: .author)
            try super.init(from: container.superDecoder(forKey: .base))
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BookKeys.self)
            try container.encode(author, forKey: .author)
            try super.encode(to: container.superEncoder(forKey: .base))
        }
    }
}

private let articleURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/XMLCodable/XMLCodable.docc/ClassInheritance.md")

/// Lines without their indentation, blank lines and comment lines dropped.
private func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty && !$0.hasPrefix("//")
    }
    .joined(separator: "\n")
}

@Suite("The Classes and Hand-Written Coding article")
struct ClassInheritanceArticleTests {
    @Test func articleCodeIsTheCodeTestedHere() throws {
        let article = try String(contentsOf: articleURL, encoding: .utf8)
        let tests = normalized(try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            String($0.components(separatedBy: "```")[0])
        }
        #expect(blocks.count == 3)
        for block in blocks {
            #expect(tests.contains(normalized(block)), "The article's block is not in the tests: \(block.prefix(80))")
        }
    }

    @Test func aBookIsWrittenAsTheArticleShowsAndReadBack() throws {
        let article = try String(contentsOf: articleURL, encoding: .utf8)
        let shown = article.components(separatedBy: "```xml\n").dropFirst().map {
            String($0.components(separatedBy: "```")[0])
        }
        #expect(shown.count == 1)

        typealias Book = Article.Book
        let book = Book(id: "bk101", title: "Midnight Rain", author: "Gambardella, Matthew")
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let xml = try encoder.encode(book, withRootKey: "book")
        let decoded = try XMLDecoder().decode(Book.self, from: xml)
        let json = try JSONEncoder().encode(book)
        // {"author":"Gambardella, Matthew","super":{"id":"bk101","title":"Midnight Rain"}}

        #expect(String(decoding: xml, as: UTF8.self) + "\n" == shown.first)
        #expect((decoded.id, decoded.title, decoded.author) == ("bk101", "Midnight Rain", "Gambardella, Matthew"))
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try sorted.encode(book), as: UTF8.self)
                == #"{"author":"Gambardella, Matthew","super":{"id":"bk101","title":"Midnight Rain"}}"#)
        let fromJSON = try JSONDecoder().decode(Article.Book.self, from: json)
        #expect((fromJSON.id, fromJSON.title, fromJSON.author) == ("bk101", "Midnight Rain", "Gambardella, Matthew"))
    }

    @Test func withoutASuperElementSuperDecoderThrowsKeyNotFound() throws {
        let flat = Data(
            #"<book id="bk101"><title>Midnight Rain</title><author>Gambardella, Matthew</author></book>"#.utf8)
        #expect {
            try XMLDecoder().decode(Article.Book.self, from: flat)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "super"
        }
    }

    @Test func theSuperclassMayShareTheElement() throws {
        let flat = #"<book id="bk101"><author>Gambardella, Matthew</author><title>Midnight Rain</title></book>"#
        let book = try XMLDecoder().decode(Article.FlatBook.self, from: Data(flat.utf8))
        #expect((book.id, book.title, book.author) == ("bk101", "Midnight Rain", "Gambardella, Matthew"))
        #expect(String(decoding: try XMLEncoder().encode(book, withRootKey: "book"), as: UTF8.self) == flat)
    }

    @Test func theSuperclassMayHaveAKeyOfItsOwn() throws {
        let book = Article.KeyedBook(id: "bk101", title: "Midnight Rain", author: "Gambardella, Matthew")
        let xml = try XMLEncoder().encode(book, withRootKey: "book")
        #expect(
            String(decoding: xml, as: UTF8.self)
                == #"<book><author>Gambardella, Matthew</author><base id="bk101"><title>Midnight Rain</title></base></book>"#
        )
        let decoded = try XMLDecoder().decode(Article.KeyedBook.self, from: xml)
        #expect((decoded.id, decoded.title, decoded.author) == ("bk101", "Midnight Rain", "Gambardella, Matthew"))
    }
}
