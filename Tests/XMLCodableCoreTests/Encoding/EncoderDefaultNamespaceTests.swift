// Keys in Clark notation under a default namespace an `XMLNamespaceDeclaring` value declares
// (`["": uri]`): an element in that namespace is written without a prefix (the value's own element
// included), an attribute in it keeps a prefix (an attribute never takes the default namespace), an
// inner value that declares another default namespace hides the outer one, and an element in no
// namespace (`{}local`), which unprefixed would be in the default namespace, is refused. Each
// document written is read back with `shouldProcessNamespaces`, which matches the keys by URI.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private let stock = "urn:stock"
private let other = "urn:other"

/// Declares `urn:stock` as the default namespace; its keys are Clark keys in it.
private struct Quote: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var symbol: String
    var price: Int
    enum CodingKeys: String, CodingKey {
        case symbol = "{urn:stock}Symbol"
        case price = "{urn:stock}Price"
    }
}

/// `Quote` under a Clark key in its own default namespace.
private struct Holder: Codable, Equatable {
    var quote: Quote
    enum CodingKeys: String, CodingKey { case quote = "{urn:stock}Quote" }
}

/// A Clark key in the default namespace written as an attribute, another as an element.
private struct PricedQuote: Codable, Equatable, XMLNamespaceDeclaring, DynamicNodeEncoding {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var currency: String
    var symbol: String
    enum CodingKeys: String, CodingKey {
        case currency = "{urn:stock}currency"
        case symbol = "{urn:stock}Symbol"
    }
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.currency.stringValue ? .attribute : .element
    }
}

/// `PricedQuote`, declaring a prefix for the same URI beside the default namespace.
private struct PrefixedPricedQuote: Codable, Equatable, XMLNamespaceDeclaring, DynamicNodeEncoding {
    static let xmlNamespaceDeclarations = ["": "urn:stock", "q": "urn:stock"]
    var currency: String
    var symbol: String
    enum CodingKeys: String, CodingKey {
        case currency = "{urn:stock}currency"
        case symbol = "{urn:stock}Symbol"
    }
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.currency.stringValue ? .attribute : .element
    }
}

/// A Clark key in the default namespace written both as an attribute and as an element.
private struct BothQuote: Codable, Equatable, XMLNamespaceDeclaring, DynamicNodeEncoding {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var symbol: String
    enum CodingKeys: String, CodingKey { case symbol = "{urn:stock}Symbol" }
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding { .both }
}

/// Declares `urn:other` as the default namespace inside a value that declares `urn:stock`.
/// (Also used by EncoderRootNamespaceTests.swift.)
struct OtherDefault: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": "urn:other"]
    var name: String
    var reference: String
    enum CodingKeys: String, CodingKey {
        case name = "{urn:other}Name"
        case reference = "{urn:stock}Ref"
    }
}

/// Declares `urn:stock` as the default namespace and holds an `OtherDefault`.
private struct Outer: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var item: String
    var inner: OtherDefault
    enum CodingKeys: String, CodingKey {
        case item = "{urn:stock}Item"
        case inner = "{urn:other}Inner"
    }
}

/// A key in no namespace (`{}note`) under a default namespace, as an element.
private struct NoNamespaceElement: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var note: String
    enum CodingKeys: String, CodingKey { case note = "{}note" }
}

/// `NoNamespaceElement` with the key written as an attribute.
private struct NoNamespaceAttribute: Codable, Equatable, XMLNamespaceDeclaring, DynamicNodeEncoding {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var note: String
    var symbol: String
    enum CodingKeys: String, CodingKey {
        case note = "{}note"
        case symbol = "{urn:stock}Symbol"
    }
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.note.stringValue ? .attribute : .element
    }
}

/// Undeclares the default namespace (`xmlns=""`): a key in no namespace is an element again.
/// (Also used by EncoderRootNamespaceTests.swift.)
struct Undeclaring: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": ""]
    var note: String
    enum CodingKeys: String, CodingKey { case note = "{}note" }
}

/// Declares `urn:stock` as the default namespace and holds an `Undeclaring` and a plain key.
private struct Annotated: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var symbol: String
    var remark: String
    var undeclaring: Undeclaring
    enum CodingKeys: String, CodingKey {
        case symbol = "{urn:stock}Symbol"
        case remark = "Remark"
        case undeclaring = "{}plain"
    }
}

/// A wrapped list and a map whose item, entry and key names are Clark names in the default namespace.
private struct Portfolio: Codable, Equatable, XMLNamespaceDeclaring, XMLListCoding, XMLMapCoding {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var symbols: [String]
    var prices: [String: Int]
    enum CodingKeys: String, CodingKey {
        case symbols = "{urn:stock}Symbols"
        case prices = "{urn:stock}Prices"
    }
    static func xmlListItemName(for key: any CodingKey) -> String? {
        key.stringValue == CodingKeys.symbols.stringValue ? "{urn:stock}Symbol" : nil
    }
    static func xmlMapFormat(for key: any CodingKey) -> XMLMapFormat? {
        guard key.stringValue == CodingKeys.prices.stringValue else { return nil }
        return XMLMapFormat(entry: "{urn:stock}Price", key: "{urn:stock}code", value: nil, keyPlacement: .attribute)
    }
}

/// `value` encoded under `root`, as a string.
private func xml<T: Encodable>(_ value: T, root: String = "r") throws -> String {
    String(decoding: try XMLEncoder().encode(value, withRootKey: root), as: UTF8.self)
}

@Suite("Clark keys under a declared default namespace") struct EncoderDefaultNamespaceTests {
    @Test func anElementInTheDefaultNamespaceHasNoPrefix() throws {
        let value = Holder(quote: Quote(symbol: "ACME", price: 12))
        let written = try xml(value)
        #expect(
            written == "<r><Quote xmlns=\"\(stock)\"><Symbol>ACME</Symbol><Price>12</Price></Quote></r>")
        #expect(try decodeWithNamespaces(Holder.self, written) == value)
    }

    @Test func theRootInItsOwnDefaultNamespaceHasNoPrefix() throws {
        let value = Quote(symbol: "ACME", price: 12)
        let written = try xml(value, root: "{\(stock)}Quote")
        #expect(written == "<Quote xmlns=\"\(stock)\"><Symbol>ACME</Symbol><Price>12</Price></Quote>")
        #expect(try decodeWithNamespaces(Quote.self, written) == value)
    }

    @Test func anAttributeInTheDefaultNamespaceKeepsAPrefix() throws {
        // (The encoder's own prefixes are declared on the root last, after the value's attributes.)
        let value = PricedQuote(currency: "USD", symbol: "ACME")
        let written = try xml(value)
        #expect(
            written
                == "<r xmlns=\"\(stock)\" ns1:currency=\"USD\" xmlns:ns1=\"\(stock)\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(PricedQuote.self, written) == value)
    }

    @Test func anAttributeTakesThePrefixDeclaredBesideTheDefaultNamespace() throws {
        // Declared on the same element for the same URI: elements take the default namespace,
        // attributes the prefix.
        let value = PrefixedPricedQuote(currency: "USD", symbol: "ACME")
        let written = try xml(value)
        #expect(
            written == "<r xmlns=\"\(stock)\" xmlns:q=\"\(stock)\" q:currency=\"USD\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(PrefixedPricedQuote.self, written) == value)
    }

    @Test func bothPlacementsNameTheAttributeWithAPrefix() throws {
        let value = BothQuote(symbol: "ACME")
        let written = try xml(value)
        #expect(
            written
                == "<r xmlns=\"\(stock)\" ns1:Symbol=\"ACME\" xmlns:ns1=\"\(stock)\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(BothQuote.self, written) == value)
    }

    @Test func listItemsAndMapEntriesFollowTheSameRule() throws {
        // Elements (the list's items, the map's entries) unprefixed; the map's key attribute prefixed.
        let value = Portfolio(symbols: ["A", "B"], prices: ["A": 1])
        let written = try xml(value)
        #expect(
            written
                == "<r xmlns=\"\(stock)\" xmlns:ns1=\"\(stock)\">"
                + "<Symbols><Symbol>A</Symbol><Symbol>B</Symbol></Symbols>"
                + "<Prices><Price ns1:code=\"A\">1</Price></Prices></r>")
        #expect(try decodeWithNamespaces(Portfolio.self, written) == value)
    }

    @Test func anInnerDefaultNamespaceHidesTheOuterOne() throws {
        let value = Outer(item: "x", inner: OtherDefault(name: "n", reference: "ref"))
        let written = try xml(value)
        // Inside <Inner>, urn:stock is no longer the default namespace: its element takes a prefix.
        #expect(
            written
                == "<r xmlns=\"\(stock)\" xmlns:ns1=\"\(stock)\"><Item>x</Item>"
                + "<Inner xmlns=\"\(other)\"><Name>n</Name><ns1:Ref>ref</ns1:Ref></Inner></r>")
        #expect(try decodeWithNamespaces(Outer.self, written) == value)
    }

    @Test func anElementInNoNamespaceUnderADefaultNamespaceIsRefused() throws {
        // Unprefixed, <note> would be in urn:stock.
        #expect(throws: EncodingError.self) { try xml(NoNamespaceElement(note: "n")) }
        // The root's own name, in the default namespace its type declares, cannot be in none.
        #expect(throws: EncodingError.self) { try xml(Quote(symbol: "A", price: 1), root: "{}Quote") }
    }

    @Test func anAttributeInNoNamespaceUnderADefaultNamespaceIsWritten() throws {
        let value = NoNamespaceAttribute(note: "n", symbol: "ACME")
        let written = try xml(value)
        #expect(written == "<r xmlns=\"\(stock)\" note=\"n\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(NoNamespaceAttribute.self, written) == value)
    }

    @Test func anElementInNoNamespaceIsWrittenWhereTheDefaultNamespaceIsUndeclared() throws {
        let value = Annotated(symbol: "ACME", remark: "in urn:stock", undeclaring: .init(note: "n"))
        let written = try xml(value)
        #expect(
            written
                == "<r xmlns=\"\(stock)\"><Symbol>ACME</Symbol><Remark>in urn:stock</Remark>"
                + "<plain xmlns=\"\"><note>n</note></plain></r>")
        #expect(try decodeWithNamespaces(Annotated.self, written) == value)
    }
}
