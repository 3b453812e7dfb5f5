// First round trips through XMLEncoder and XMLDecoder.

import Foundation
import Testing
@testable import XMLCodable

private struct Book: Codable, Equatable {
    @Attribute var name: String
    var author: String
    var tags: [String]
    var price: Price?
    struct Price: Codable, Equatable {
        @Attribute var currency: String
        var value: Double
        enum CodingKeys: String, CodingKey { case currency, value = "" }
    }
}

private struct Catalog: Codable, Equatable { var book: [Book] }

@Suite struct EncoderRoundTripSmokeTests {
    @Test func catalogRoundTrips() throws {
        let catalog = Catalog(book: [
            Book(name: "A & <B>", author: "Jon \"J\" Hoffman", tags: ["swift", " padded "], price: .init(currency: "EUR", value: 12.5)),
            Book(name: "Café", author: "Ann", tags: [], price: nil),
        ])
        let encoder = XMLEncoder()
        let xml = try encoder.encodeToString(catalog, withRootKey: "books", header: XMLHeader(version: 1.0, encoding: "UTF-8"))
        print(xml)
        let decoded = try XMLDecoder(trimValueWhitespaces: false).decode(Catalog.self, from: xml)
        #expect(decoded == catalog)
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(try encoder.encodeToString(catalog, withRootKey: "books"))
    }

    @Test func refusesWhatXMLCannotCarry() throws {
        struct S: Encodable { var s: String }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(S(s: "a\u{1}b")) }
        struct K: Encodable { var value: Int; enum CodingKeys: String, CodingKey { case value = "1bad" } }
        #expect(throws: EncodingError.self) { try XMLEncoder().encode(K(value: 1)) }
    }
}
