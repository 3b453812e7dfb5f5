// The "books" workload: a catalog of generated books, as Codable models, as XML and as JSON.
//
//   <books>
//     <book name="…">
//       <author>…</author>
//       <publisher>…</publisher>
//       <category>…</category>
//       <description>…</description>
//     </book>
//     …
//   </books>
//
// Values are drawn by a fixed-seed `SplitMix64` from small vocabularies. Some contain `&` and `<`
// (written as `&amp;` and `&lt;`, so the reader must decode references) and many are non-ASCII
// (Latin with diacritics, Greek, Japanese), so the documents exercise multi-byte UTF-8 too.
// Each book is five elements and one attribute; the root adds one element.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One book. In XML, `name` is an attribute of `<book>`; the other fields are child elements.
public struct Book: Codable, Equatable, Hashable, Sendable {
    public var name: String
    public var author: String
    public var publisher: String
    public var category: String
    public var description: String

    public init(name: String, author: String, publisher: String, category: String, description: String) {
        self.name = name
        self.author = author
        self.publisher = publisher
        self.category = category
        self.description = description
    }
}

/// The root `<books>` element: a list of `<book>` children.
///
/// The coding key is `book` (the element name of each item), so the JSON twin reads
/// `{"book": [ … ]}`, mirroring the XML structure key for key.
public struct Catalog: Codable, Equatable, Hashable, Sendable {
    public var books: [Book]

    public init(books: [Book]) {
        self.books = books
    }

    public enum CodingKeys: String, CodingKey {
        case books = "book"
    }
}

/// Generation of the books workload.
public enum BooksGenerator {
    /// The seed of every books document; change it and every published figure is void.
    public static let seed: UInt64 = 0x584D_4C42_4F4F_4B53  // "XMLBOOKS"

    /// The first `count` books of the fixed sequence (a prefix of a longer run is the same books).
    public static func catalog(count: Int, seed: UInt64 = seed) -> Catalog {
        var random = SplitMix64(seed: seed)
        var books: [Book] = []
        books.reserveCapacity(count)
        for index in 0..<count {
            books.append(book(index: index, random: &random))
        }
        return Catalog(books: books)
    }

    /// The XML document of a catalog (UTF-8, with an XML declaration and two-space indentation).
    public static func xml(_ catalog: Catalog, name: String) -> XMLWorkload {
        var writer = XMLBytesWriter(capacity: catalog.books.count * 420 + 64)
        writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        writer.openStartTag("books")
        writer.endStartTag()
        for book in catalog.books {
            writer.raw("\n  ")
            writer.openStartTag("book", attributes: [("name", book.name)])
            writer.endStartTag()
            writer.raw("\n    ")
            writer.leaf("author", book.author)
            writer.raw("\n    ")
            writer.leaf("publisher", book.publisher)
            writer.raw("\n    ")
            writer.leaf("category", book.category)
            writer.raw("\n    ")
            writer.leaf("description", book.description)
            writer.raw("\n  ")
            writer.endTag("book")
        }
        writer.raw("\n")
        writer.endTag("books")
        writer.raw("\n")
        return XMLWorkload(
            name: name,
            bytes: writer.bytes,
            elementCount: writer.elementCount,
            attributeCount: writer.attributeCount,
            origin: "generated: \(catalog.books.count) books, seed 0x\(String(seed, radix: 16, uppercase: true))"
        )
    }

    /// The JSON twin of a catalog, from Foundation's `JSONEncoder` (keys sorted, no whitespace).
    public static func json(_ catalog: Catalog) throws -> Data {
        try jsonTwin(catalog)
    }

    // MARK: - Vocabulary

    static let titleStarts = [
        "The Silent", "A Brief History of the", "Café", "Letters from the", "Ελληνικά:", "日本語の",
        "Rock & Roll", "Notes on the", "When a < b: The", "Zürich", "Beyond the", "Ñandú and the",
        "Smith & Wesson's", "The Last", "Über den", "東京の",
    ]
    static let titleEnds = [
        "River", "Garden", "Algorithm", "Lighthouse", "Journey", "Mirror", "Empire", "Winter",
        "Harbour", "Κήπος", "物語", "Crossroads", "Cathedral", "Machine", "Archive", "Orchard",
    ]
    static let firstNames = [
        "Anna", "Jon", "María", "Søren", "Zoë", "Ελένη", "太郎", "Pierre", "Chloé", "Ivan",
        "Aoife", "Björn", "Nikolaos", "花子", "José", "Margaret",
    ]
    static let lastNames = [
        "Smith", "García", "Østergaard", "Müller", "Παπαδόπουλος", "山田", "O'Brien", "Nguyen",
        "Kowalski", "Dubois", "Fernández", "Ivanov", "Brontë", "鈴木", "Johnson & Daughters", "Lee",
    ]
    static let publishers = [
        "Penguin", "Smith & Sons", "Éditions Gallimard", "講談社", "Harper & Row", "O'Reilly Media",
        "Εκδόσεις Πατάκη", "Acme <Books>", "Faber & Faber", "Random House", "Suhrkamp Verlag", "Hachette",
    ]
    static let categories = [
        "Fiction", "Science & Nature", "History", "Poetry", "Travel", "Computing", "Cookery",
        "Philosophy", "Biography", "Children's", "Art & Design", "Reference",
    ]
    static let words = [
        "a", "story", "of", "the", "sea", "and", "its", "keepers", "told", "through", "letters",
        "written", "over", "forty", "years", "between", "two", "friends", "in", "Café", "Zürich",
        "naïve", "résumé", "ελληνικά", "γράμματα", "日本語", "物語", "with", "recipes", "maps",
        "& notes", "where", "x < y", "holds", "for", "every", "reader", "who", "loves", "quiet",
        "mornings", "rain", "music", "mathematics", "gardens", "trains", "cities", "at", "night",
    ]

    static func book(index: Int, random: inout SplitMix64) -> Book {
        var name = "\(random.pick(titleStarts)) \(random.pick(titleEnds))"
        if random.chance(1, in: 3) { name += ", vol. \(index % 97 + 1)" }
        let author = "\(random.pick(firstNames)) \(random.pick(lastNames))"
        let publisher = random.pick(publishers)
        let category = random.pick(categories)
        var description = ""
        let sentences = random.int(in: 1...3)
        for sentence in 0..<sentences {
            if sentence > 0 { description += " " }
            let wordCount = random.int(in: 6...18)
            for word in 0..<wordCount {
                var next = random.pick(words)
                if word == 0 { next = next.prefix(1).uppercased() + next.dropFirst() }
                description += word == 0 ? next : " " + next
            }
            description += "."
        }
        return Book(name: name, author: author, publisher: publisher, category: category, description: description)
    }
}
