// Typed access on the document model: optional accessors, throwing fetches with the lookup path
// and source position in their errors, attributes, transforms, and decoding from a selection.

import Foundation
import Testing

@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct XMLTreeTypedAccessTests {
    static let document = """
        <catalog xmlns:dc="http://purl.org/dc/elements/1.1/">
          <book id="1" available="true">
            <dc:title>Mastering Swift</dc:title>
            <price>39.99</price>
            <published>2017-10-05T00:00:00Z</published>
          </book>
          <book id="two" available="maybe">
            <dc:title>Swift in Depth</dc:title>
            <price>n/a</price>
          </book>
        </catalog>
        """

    @Test func optionalAccessorsReadLikeTheDecoder() throws {
        let tree = try XMLTree(parsing: Self.document)
        let first = tree["catalog"]["book"][0]
        #expect(first.exists)
        #expect(first["price"].double == 39.99)
        #expect(first["price"].int == nil)
        #expect(first["price"].string == "39.99")
        #expect(first.attribute("id").int == 1)
        #expect(first.attribute("available").bool == true)
        #expect(first["published"].date == Date(timeIntervalSince1970: 1_507_161_600))
        #expect(first["{http://purl.org/dc/elements/1.1/}title"].string == "Mastering Swift")
        // Missing and unreadable values are nil, with the reason available.
        let second = tree["catalog"]["book"][1]
        #expect(second["price"].double == nil)
        #expect(second.attribute("id").int == nil)
        #expect(second["published"].exists == false)
        #expect(second["published"].string == nil)
        #expect(
            second.attribute("missing").failure?.description
                == "catalog/book[1]/@missing (line 7, column 4): no attribute 'missing'")
        #expect(tree["catalog"]["book"][5]["price"].double == nil)
        // On an element.
        let price = try first["price"].require()
        #expect(price.double == 39.99)
        #expect(try price.value(Double.self) == 39.99)
    }

    @Test func fetchErrorsNameThePathAndTheSourcePosition() throws {
        let tree = try XMLTree(parsing: Self.document)
        let catalog = tree["catalog"]
        #expect(try catalog.fetch("book[0]/price", as: Double.self) == 39.99)
        #expect(try catalog.fetch("book[0]/@id", as: Int.self) == 1)
        #expect(
            try catalog.fetch("book[1]/{http://purl.org/dc/elements/1.1/}title", as: String.self) == "Swift in Depth")
        func message(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "no error"
            } catch let error as XMLTree.ValueError {
                return error.description
            } catch {
                return "not a ValueError: \(error)"
            }
        }
        #expect(
            message { _ = try catalog.fetch("book[1]/price", as: Double.self) }.hasPrefix(
                "catalog/book[1]/price (line 9, column 6): \"n/a\" is not a valid Double: "))
        #expect(
            message { _ = try catalog.fetch("book[1]/@id", as: Int.self) }.hasPrefix(
                "catalog/book[1]/@id (line 7, column 9): \"two\" is not a valid Int: "))
        #expect(
            message { _ = try catalog.fetch("book[1]/@isbn", as: String.self) }
                == "catalog/book[1]/@isbn (line 7, column 4): no attribute 'isbn'")
        #expect(
            message { _ = try catalog.fetch("book[1]/published", as: Date.self) }
                == "catalog/book[1] (line 7, column 4): no child element <published>")
        #expect(
            message { _ = try catalog.fetch("book[4]/price", as: Double.self) }
                == "catalog/book (line 1, column 2): index 4 is out of range: 2 elements selected")
        #expect(
            message { _ = try tree["library"].fetch("book", as: String.self) }
                == "the root element is <catalog>, not <library>")
        // The decoder's error is kept.
        do throws(XMLTree.ValueError) {
            _ = try catalog.fetch("book[1]/price", as: Double.self)
        } catch {
            guard case .invalid(let text, let type, let underlying) = error.reason else {
                Issue.record("expected .invalid, got \(error.reason)")
                return
            }
            #expect(text == "n/a")
            #expect(type == "Double")
            #expect(underlying is DecodingError)
            #expect(error.location?.line == 9)
        }
    }

    @Test func strategiesAndTransformsApply() throws {
        let tree = try XMLTree(parsing: "<r><when>05/10/2017</when><n> 7 </n><code>AB-12</code></r>")
        let decoder = XMLDecoder()
        let formatter = Date.ParseStrategy(
            format: "\(day: .twoDigits)/\(month: .twoDigits)/\(year: .defaultDigits)", timeZone: .gmt)
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return try Date(text, strategy: formatter)
        }
        #expect(
            try tree["r"].fetch("when", as: Date.self, using: decoder) == Date(timeIntervalSince1970: 1_507_161_600))
        // The default decoder trims values, as it does for properties.
        #expect(tree["r"]["n"].int == 7)
        struct Code: Equatable {
            var letters: String
            var number: Int
        }
        struct BadCode: Error {}
        let code = try tree["r"].fetch("code") { text -> Code in
            let parts = text.split(separator: "-")
            guard parts.count == 2, let number = Int(parts[1]) else { throw BadCode() }
            return Code(letters: String(parts[0]), number: number)
        }
        #expect(code == Code(letters: "AB", number: 12))
        #expect(throws: XMLTree.ValueError.self) { _ = try tree["r"].fetch("when") { _ -> Int in throw BadCode() } }
    }

    @Test func builtTreesHaveNoPositionsButTheSameAccessors() throws {
        let book = XMLTree.Element("book", attributes: ["id": "x"]) { XMLTree.Element("price", text: "12.5") }
        #expect(book["price"].double == 12.5)
        #expect(try book.fetch("price", as: Double.self) == 12.5)
        #expect(book.attribute("id").int == nil)
        do throws(XMLTree.ValueError) {
            _ = try book.attribute("id", as: Int.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == nil)
            #expect(error.description.hasPrefix("book/@id: \"x\" is not a valid Int: "))
        }
    }

    @Test func decodingFromSelections() throws {
        struct Book: Decodable, Equatable {
            enum CodingKeys: String, CodingKey { case id, title = "{http://purl.org/dc/elements/1.1/}title" }
            @Attribute var id: String
            var title: String
        }
        let tree = try XMLTree(parsing: Self.document)
        #expect(try tree["catalog"]["book"][1].decode(Book.self) == Book(id: Attribute("two"), title: "Swift in Depth"))
        #expect(try tree["catalog"]["book"].decodeAll(Book.self).map(\.title) == ["Mastering Swift", "Swift in Depth"])
        #expect(try tree["catalog"]["book"].element?.decode(Book.self).title == "Mastering Swift")
        #expect(throws: XMLTree.ValueError.self) { _ = try tree["catalog"]["magazine"].decode(Book.self) }
        struct Priced: Decodable { var price: Double }
        do {
            _ = try tree["catalog"]["book"].decodeAll(Priced.self)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("line 9, column 6"), "\(context.debugDescription)")
        }
    }

    @Test func pathsSplitOutsideNamespaceURIs() throws {
        let steps = try XMLTree.PathStep.parse("a/{http://x.org/ns}b[2]/@{urn:y/z}c")
        #expect(steps.map(\.name) == ["a", "{http://x.org/ns}b", "@{urn:y/z}c"])
        #expect(steps.map(\.index) == [nil, 2, nil])
        #expect(try XMLTree.PathStep.parse("b").map(\.name) == ["b"])
        // An index that is not a number is refused, by the typed accessors too.
        #expect(throws: XMLTree.EditError.self) { _ = try XMLTree.PathStep.parse("b[x]") }
        let tree = try XMLTree(parsing: #"<r xmlns:y="urn:y/z"><b y:c="7"/></r>"#)
        #expect(tree["r"].value(at: "b/@{urn:y/z}c").int == 7)
        #expect(
            tree["r"].value(at: "b[x]").failure?.description
                == "r/b[x] (line 1, column 2): not a lookup path: \"x\" is not an index")
    }
}
