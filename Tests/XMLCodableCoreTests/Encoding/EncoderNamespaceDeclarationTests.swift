// Namespace declarations on a chosen element (`XMLNamespaceDeclaring`): written on the value's
// element, used for the Clark-notation names on it and inside it and nowhere else, at the root
// as `rootAttributes` are, for list items, and refused where a prefix would be hidden.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private let stock = "https://example.com/stock"
private let soap = "http://www.w3.org/2003/05/soap-envelope"

private struct GetPrice: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["m": "https://example.com/stock"]
    var stockName: String
    enum CodingKeys: String, CodingKey { case stockName = "{https://example.com/stock}StockName" }
}

private struct Envelope: Codable, Equatable {
    var body: Body
    enum CodingKeys: String, CodingKey { case body = "{http://www.w3.org/2003/05/soap-envelope}Body" }

    struct Body: Codable, Equatable {
        var getPrice: GetPrice
        var audit: String?
        enum CodingKeys: String, CodingKey {
            case getPrice = "{https://example.com/stock}GetPrice"
            case audit = "{https://example.com/stock}Audit"
        }
    }
}

private func xml<T: Encodable>(_ value: T, root: String = "r", attributes: [String: String]? = nil) throws -> String {
    String(decoding: try XMLEncoder().encode(value, withRootKey: root, rootAttributes: attributes), as: UTF8.self)
}

@Suite("Namespace declarations on a chosen element") struct EncoderNamespaceDeclarationTests {
    @Test func theOperationDeclaresItsOwnNamespace() throws {
        let value = Envelope(body: .init(getPrice: GetPrice(stockName: "IBM")))
        let written = try xml(value, root: "{\(soap)}Envelope", attributes: ["xmlns:soap": soap])
        #expect(
            written
                == "<soap:Envelope xmlns:soap=\"\(soap)\"><soap:Body><m:GetPrice xmlns:m=\"\(stock)\"><m:StockName>IBM</m:StockName></m:GetPrice></soap:Body></soap:Envelope>"
        )
        #expect(try XMLDecoder().decode(Envelope.self, from: Data(written.utf8)) == value)
    }

    @Test func theSameNamespaceOutsideTheElementGetsTheEncodersPrefix() throws {
        let value = Envelope(body: .init(getPrice: GetPrice(stockName: "IBM"), audit: "yes"))
        let written = try xml(value, root: "e")
        #expect(
            written
                == "<e xmlns:ns1=\"\(soap)\" xmlns:ns2=\"\(stock)\"><ns1:Body><m:GetPrice xmlns:m=\"\(stock)\"><m:StockName>IBM</m:StockName></m:GetPrice>"
                + "<ns2:Audit>yes</ns2:Audit></ns1:Body></e>"
        )
        // Whatever the prefixes, the document is namespace-well-formed and reads back.
        #expect(try XMLDecoder().decode(Envelope.self, from: Data(written.utf8)) == value)
        #expect(!written.contains("<m:Audit"))
    }

    @Test func aNameRememberedInsideTheElementIsNotReusedOutside() throws {
        struct Named: Codable, Equatable {
            var name: String
            enum CodingKeys: String, CodingKey { case name = "{urn:n}name" }
        }
        struct Declaring: Codable, Equatable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["n": "urn:n"]
            var inner: Named
        }
        struct Both: Codable, Equatable {
            var declaring: Declaring
            var plain: Named
            var again: Declaring
        }
        let value = Both(
            declaring: Declaring(inner: Named(name: "a")), plain: Named(name: "b"),
            again: Declaring(inner: Named(name: "c")))
        let written = try xml(value)
        #expect(
            written
                == "<r xmlns:ns1=\"urn:n\"><declaring xmlns:n=\"urn:n\"><inner><n:name>a</n:name></inner></declaring>"
                + "<plain><ns1:name>b</ns1:name></plain><again xmlns:n=\"urn:n\"><inner><n:name>c</n:name></inner></again></r>"
        )
        #expect(try XMLDecoder().decode(Both.self, from: Data(written.utf8)) == value)
    }

    @Test func theRootValuesDeclarationsGoOnTheRoot() throws {
        struct Feed: Codable, Equatable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["dc": "http://purl.org/dc/elements/1.1/"]
            var creator: String
            enum CodingKeys: String, CodingKey { case creator = "{http://purl.org/dc/elements/1.1/}creator" }
        }
        let value = Feed(creator: "Ada")
        let expected = "<rss xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:creator>Ada</dc:creator></rss>"
        #expect(try xml(value, root: "rss") == expected)
        // Declared by the caller too, with the same URI: written once.
        #expect(try xml(value, root: "rss", attributes: ["xmlns:dc": "http://purl.org/dc/elements/1.1/"]) == expected)
        // With another URI: refused.
        #expect(throws: EncodingError.self) { try xml(value, root: "rss", attributes: ["xmlns:dc": "urn:other"]) }
        #expect(try XMLDecoder().decode(Feed.self, from: Data(expected.utf8)) == value)
    }

    @Test func listItemsEachDeclare() throws {
        struct Orders: Codable, Equatable {
            var order: [GetPrice]
        }
        let value = Orders(order: [GetPrice(stockName: "A"), GetPrice(stockName: "B")])
        let written = try xml(value)
        #expect(
            written
                == "<r><order xmlns:m=\"\(stock)\"><m:StockName>A</m:StockName></order><order xmlns:m=\"\(stock)\"><m:StockName>B</m:StockName></order></r>"
        )
        #expect(try XMLDecoder().decode(Orders.self, from: Data(written.utf8)) == value)
    }

    @Test func aDefaultNamespaceIsDeclaredForUnprefixedNames() throws {
        struct Atom: Codable, Equatable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["": "http://www.w3.org/2005/Atom"]
            var title: String
        }
        struct Holder: Codable, Equatable { var feed: Atom }
        let written = try xml(Holder(feed: Atom(title: "t")))
        #expect(written == "<r><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title></feed></r>")
        #expect(try XMLDecoder().decode(Holder.self, from: Data(written.utf8)) == Holder(feed: Atom(title: "t")))
    }

    @Test func hiddenPrefixesAndBadDeclarationsAreRefused() throws {
        // The encoder's ns1 (for urn:y, chosen outside) would be hidden by the element's ns1.
        struct InnerY: Codable {
            var y: String
            enum CodingKeys: String, CodingKey { case y = "{urn:y}y" }
        }
        struct Hiding: Codable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["ns1": "urn:x"]
            var inner: InnerY
        }
        struct Outer: Codable {
            var first: InnerY
            var hiding: Hiding
        }
        #expect(throws: EncodingError.self) {
            try xml(Outer(first: InnerY(y: "a"), hiding: Hiding(inner: InnerY(y: "b"))))
        }

        struct BadPrefix: Codable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["1m": "urn:x"]
            var a = 1
        }
        #expect(throws: EncodingError.self) { try xml(BadPrefix()) }
        struct ReservedPrefix: Codable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["xmlns": "urn:x"]
            var a = 1
        }
        #expect(throws: EncodingError.self) { try xml(ReservedPrefix()) }
        struct EmptyURI: Codable, XMLNamespaceDeclaring {
            static let xmlNamespaceDeclarations = ["p": ""]
            var a = 1
        }
        #expect(throws: EncodingError.self) { try xml(EmptyURI()) }
    }

    @Test func theNamespacesArticleExample() throws {
        // As in Namespaces.md, "Declarations on a chosen element".
        struct Body: Codable, Equatable {
            var getPrice: GetPrice
            enum CodingKeys: String, CodingKey { case getPrice = "{https://example.com/stock}GetPrice" }
        }
        let written = try XMLEncoder().encodeToString(Body(getPrice: GetPrice(stockName: "IBM")), withRootKey: "Body")
        #expect(
            written
                == "<Body><m:GetPrice xmlns:m=\"https://example.com/stock\"><m:StockName>IBM</m:StockName></m:GetPrice></Body>"
        )
    }
}
