import Foundation
import Testing
@testable import XMLCodable

private struct Book: Codable, Equatable {
    @Attribute var name: String
    var author: String
    var publisher: String
    var category: String
    var description: String
}

private struct Catalog: Codable, Equatable {
    var book: [Book]
}

@Suite struct DecoderSmokeTests {
    @Test func seedCatalog() throws {
        let xml = """
            <?xml version="1.0"?>
            <books>
              <book name="Mastering Swift">
                <author>Jon Hoffman</author><publisher>PacktPub</publisher>
                <category>Programming</category><description>Learning Swift &amp; more</description>
              </book>
              <book name="Swift &lt;Basics&gt;">
                <author>Ann</author><publisher>P</publisher><category>C</category><description>D</description>
              </book>
            </books>
            """
        let catalog = try XMLDecoder().decode(Catalog.self, from: Data(xml.utf8))
        #expect(catalog.book.count == 2)
        #expect(catalog.book[0].name == "Mastering Swift")
        #expect(catalog.book[0].description == "Learning Swift & more")
        #expect(catalog.book[1].name == "Swift <Basics>")
        let json = try JSONEncoder().encode(catalog)
        #expect(try JSONDecoder().decode(Catalog.self, from: json) == catalog)
        print(String(decoding: json, as: UTF8.self))
    }

    @Test func errorsSayWhere() throws {
        struct N: Decodable { var n: Int8 }
        do {
            _ = try XMLDecoder().decode(N.self, from: "<r>\n  <n>300</n>\n</r>")
            Issue.record("expected an error")
        } catch {
            print(error)
        }
        do {
            _ = try XMLDecoder().decode(N.self, from: "<r>\n  <m>3</m>\n</r>")
        } catch {
            print(error)
        }
        do {
            _ = try XMLDecoder().decode(N.self, from: "<r>\n  <n>3</r>")
        } catch {
            print(error)
        }
    }
}
