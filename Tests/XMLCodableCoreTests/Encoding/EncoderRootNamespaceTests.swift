// Keys in Clark notation under the namespace declarations `rootAttributes` make (`xmlns`,
// `xmlns:p`), which count as a type's declarations at the root (EncoderDefaultNamespaceTests): an
// element in the root's default namespace is written without a prefix, an attribute in it keeps a
// prefix, a declaration further in wins, and an element in no namespace (`{}local`), which
// unprefixed would be in the root's default namespace, is refused. Plain keys are written as they
// are. And `encodeNil` for a Clark key placed as an attribute writes what it writes for a plain key
// (an element, named as one), under the same rules. Each document written is read back with
// `shouldProcessNamespaces`, which matches the keys by URI.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private let stock = "urn:stock"
private let other = "urn:other"

/// Clark keys in `urn:stock` and a plain key, in a type that declares nothing.
private struct Listing: Codable, Equatable {
    var symbol: String
    var remark: String
    enum CodingKeys: String, CodingKey {
        case symbol = "{urn:stock}Symbol"
        case remark = "Remark"
    }
}

/// A Clark key in `urn:stock` written as an attribute, another as an element.
private struct PricedListing: Codable, Equatable, DynamicNodeEncoding {
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

/// A key in no namespace (`{}note`), as an element or, in `NoteAttribute`, as an attribute.
private struct NoteElement: Codable, Equatable {
    var note: String
    enum CodingKeys: String, CodingKey { case note = "{}note" }
}

private struct NoteAttribute: Codable, Equatable, DynamicNodeEncoding {
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

// `Undeclaring` (it undeclares the default namespace, `xmlns=""`, for its element) and `OtherDefault`
// (it declares `urn:other` as its default namespace) are EncoderDefaultNamespaceTests.swift's.

/// An `Undeclaring` under a plain key (in the root's default namespace, as plain keys are).
private struct Annotated: Codable, Equatable {
    var symbol: String
    var plain: Undeclaring
    enum CodingKeys: String, CodingKey {
        case symbol = "{urn:stock}Symbol"
        case plain = "Plain"
    }
}

/// Declares the prefix `s` for `urn:other` (a root declaration of `s` is hidden inside it).
private struct OtherPrefix: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["s": "urn:other"]
    var name: String
    enum CodingKeys: String, CodingKey { case name = "{urn:other}Name" }
}

/// `OtherPrefix` with a key in `urn:stock`, whose root prefix `s` is hidden inside it.
private struct HidingPrefix: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["s": "urn:other"]
    var reference: String
    enum CodingKeys: String, CodingKey { case reference = "{urn:stock}Ref" }
}

/// A declaring value in a type that declares nothing.
private struct Holding<Inner: Codable & Equatable>: Codable, Equatable {
    var item: String
    var inner: Inner
    enum CodingKeys: String, CodingKey {
        case item = "{urn:stock}Item"
        case inner = "{urn:other}Inner"
    }
}

/// Declares `urn:stock` as its default namespace (for a conflict with `rootAttributes`).
private struct StockDefault: Codable, Equatable, XMLNamespaceDeclaring {
    static let xmlNamespaceDeclarations = ["": "urn:stock"]
    var symbol: String
    enum CodingKeys: String, CodingKey { case symbol = "{urn:stock}Symbol" }
}

/// `encodeNil` for keys placed as attributes: a plain key, a Clark key in `urn:stock`, and
/// (`withNoNamespaceKey`) a key in no namespace.
private struct NilAttributes: Encodable, DynamicNodeEncoding {
    var withNoNamespaceKey = false
    enum CodingKeys: String, CodingKey {
        case plain = "code"
        case clark = "{urn:stock}currency"
        case none = "{}note"
        case symbol = "{urn:stock}Symbol"
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNil(forKey: .plain)
        try container.encodeNil(forKey: .clark)
        if withNoNamespaceKey { try container.encodeNil(forKey: .none) }
        try container.encode("ACME", forKey: .symbol)
    }
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue == CodingKeys.symbol.stringValue ? .element : .attribute
    }
}

/// `value` encoded under `root` with `rootAttributes`, as a string.
private func xml<T: Encodable>(
    _ value: T, root: String = "r", _ rootAttributes: KeyValuePairs<String, String>,
    nil strategy: XMLEncoder.NilEncodingStrategy = .omitted
) throws -> String {
    let encoder = XMLEncoder()
    encoder.nilEncodingStrategy = strategy
    return String(decoding: try encoder.encode(value, withRootKey: root, rootAttributes: rootAttributes), as: UTF8.self)
}

/// The description of the `EncodingError.invalidValue` encoding `body` throws, or `nil`.
private func refusal(_ body: () throws -> Void) -> String? {
    do {
        try body()
    } catch EncodingError.invalidValue(_, let context) {
        return context.debugDescription
    } catch {
        return nil
    }
    return nil
}

@Suite("Clark keys under the namespaces rootAttributes declare") struct EncoderRootNamespaceTests {
    @Test func anElementInTheRootsDefaultNamespaceHasNoPrefix() throws {
        // The plain key is written as it is (in the default namespace, as in XMLCoder).
        let value = Listing(symbol: "ACME", remark: "r")
        let written = try xml(value, root: "{\(stock)}Listing", ["xmlns": stock])
        #expect(written == "<Listing xmlns=\"\(stock)\"><Symbol>ACME</Symbol><Remark>r</Remark></Listing>")
        #expect(try decodeWithNamespaces(Listing.self, written) == value)
    }

    @Test func anAttributeInTheRootsDefaultNamespaceKeepsAPrefix() throws {
        let value = PricedListing(currency: "USD", symbol: "ACME")
        let written = try xml(value, ["xmlns": stock])
        #expect(
            written
                == "<r xmlns=\"\(stock)\" ns1:currency=\"USD\" xmlns:ns1=\"\(stock)\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(PricedListing.self, written) == value)
        // A prefix the root declares beside the default namespace, for the same URI: elements take
        // the default namespace, attributes the prefix.
        let prefixed = try xml(value, ["xmlns": stock, "xmlns:s": stock])
        #expect(
            prefixed == "<r xmlns=\"\(stock)\" xmlns:s=\"\(stock)\" s:currency=\"USD\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(PricedListing.self, prefixed) == value)
    }

    @Test func anElementInNoNamespaceUnderTheRootsDefaultNamespaceIsRefused() throws {
        // Unprefixed, <note> would be in urn:stock.
        let description = refusal { _ = try xml(NoteElement(note: "n"), ["xmlns": stock]) }
        #expect(description?.contains("{}note") == true)
        #expect(description?.contains("rootAttributes") == true)
        #expect(description?.contains("[\"\": \"\"]") == true)
        // The root's own name too.
        #expect(throws: EncodingError.self) {
            try xml(Listing(symbol: "A", remark: "r"), root: "{}r", ["xmlns": stock])
        }
    }

    @Test func anAttributeInNoNamespaceUnderTheRootsDefaultNamespaceIsWritten() throws {
        let value = NoteAttribute(note: "n", symbol: "ACME")
        let written = try xml(value, ["xmlns": stock])
        #expect(written == "<r xmlns=\"\(stock)\" note=\"n\"><Symbol>ACME</Symbol></r>")
        #expect(try decodeWithNamespaces(NoteAttribute.self, written) == value)
    }

    @Test func anElementInNoNamespaceIsWrittenWhereTheRootsDefaultNamespaceIsUndeclared() throws {
        let value = Annotated(symbol: "ACME", plain: Undeclaring(note: "n"))
        let written = try xml(value, ["xmlns": stock])
        #expect(
            written == "<r xmlns=\"\(stock)\"><Symbol>ACME</Symbol><Plain xmlns=\"\"><note>n</note></Plain></r>")
        #expect(try decodeWithNamespaces(Annotated.self, written) == value)
        // `xmlns=""` on the root declares no default namespace.
        let none = try xml(NoteElement(note: "n"), ["xmlns": ""])
        #expect(none == "<r xmlns=\"\"><note>n</note></r>")
        #expect(try decodeWithNamespaces(NoteElement.self, none) == NoteElement(note: "n"))
    }

    @Test func aDefaultNamespaceAValueDeclaresHidesTheRootsOne() throws {
        let value = Holding(item: "x", inner: OtherDefault(name: "n", reference: "ref"))
        let written = try xml(value, ["xmlns": stock])
        // Inside <Inner>, urn:stock is no longer the default namespace: its element takes a prefix.
        #expect(
            written
                == "<r xmlns=\"\(stock)\" xmlns:ns1=\"\(stock)\"><Item>x</Item>"
                + "<Inner xmlns=\"\(other)\"><Name>n</Name><ns1:Ref>ref</ns1:Ref></Inner></r>")
        #expect(try decodeWithNamespaces(Holding<OtherDefault>.self, written) == value)
    }

    @Test func aPrefixAValueDeclaresHidesTheRootsOne() throws {
        // The root declares s for urn:stock, the value s for urn:other: inside it, s is urn:other's.
        let value = Holding(item: "x", inner: OtherPrefix(name: "n"))
        let written = try xml(value, ["xmlns:s": stock])
        #expect(
            written
                == "<r xmlns:s=\"\(stock)\"><s:Item>x</s:Item>"
                + "<s:Inner xmlns:s=\"\(other)\"><s:Name>n</s:Name></s:Inner></r>")
        #expect(try decodeWithNamespaces(Holding<OtherPrefix>.self, written) == value)
        // A key in urn:stock inside it cannot take s: refused, never written in urn:other.
        #expect(throws: EncodingError.self) {
            try xml(Holding(item: "x", inner: HidingPrefix(reference: "ref")), ["xmlns:s": stock])
        }
    }

    @Test func aDefaultNamespaceTheRootTypeDeclaresDifferentlyIsRefused() throws {
        #expect(throws: EncodingError.self) { try xml(StockDefault(symbol: "A"), ["xmlns": other]) }
        // The same declaration in both is written once.
        let written = try xml(StockDefault(symbol: "A"), ["xmlns": stock])
        #expect(written == "<r xmlns=\"\(stock)\"><Symbol>A</Symbol></r>")
    }

    @Test func anElementWriterFollowsTheRootsDefaultNamespace() throws {
        var output = Data()
        let writer = try XMLEncoder().elementWriter(
            withRootKey: "{\(stock)}Listings", itemKey: "Item", rootAttributes: ["xmlns": stock]
        ) { output.append($0) }
        try writer.write(Listing(symbol: "ACME", remark: "r"))
        #expect(throws: EncodingError.self) { try writer.write(NoteElement(note: "n")) }
        try writer.finish()
        #expect(
            String(decoding: output, as: UTF8.self)
                == "<Listings xmlns=\"\(stock)\"><Item><Symbol>ACME</Symbol><Remark>r</Remark></Item></Listings>")
    }

    @Test(arguments: [XMLEncoder.NilEncodingStrategy.emptyElement, .xsiNil])
    func nilForAClarkKeyPlacedAsAnAttributeIsWrittenAsForAPlainKey(_ strategy: XMLEncoder.NilEncodingStrategy)
        throws
    {
        // nil is an element, whatever the key's placement (an attribute cannot be nil), named as
        // an element: in the root's default namespace, unprefixed.
        let nilMark = strategy == .xsiNil ? " xsi:nil=\"true\"" : ""
        let xsi = strategy == .xsiNil ? " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"" : ""
        #expect(
            try xml(NilAttributes(), [:], nil: strategy)
                == "<r\(xsi) xmlns:ns1=\"\(stock)\"><code\(nilMark) /><ns1:currency\(nilMark) />"
                + "<ns1:Symbol>ACME</ns1:Symbol></r>")
        #expect(
            try xml(NilAttributes(), ["xmlns": stock], nil: strategy)
                == "<r xmlns=\"\(stock)\"\(xsi)><code\(nilMark) /><currency\(nilMark) /><Symbol>ACME</Symbol></r>")
        // Without a default namespace, a key in no namespace is such an element too.
        #expect(
            try xml(NilAttributes(withNoNamespaceKey: true), ["xmlns:s": stock], nil: strategy)
                == "<r xmlns:s=\"\(stock)\"\(xsi)><code\(nilMark) /><s:currency\(nilMark) /><note\(nilMark) />"
                + "<s:Symbol>ACME</s:Symbol></r>")
    }

    @Test func nilForAKeyInNoNamespacePlacedAsAnAttributeUnderADefaultNamespaceIsRefused() throws {
        // Its element, unprefixed, would be in urn:stock.
        let description = refusal {
            _ = try xml(NilAttributes(withNoNamespaceKey: true), ["xmlns": stock], nil: .emptyElement)
        }
        #expect(description?.contains("{}note") == true)
        #expect(description?.contains("nil") == true)
        #expect(description?.contains("rootAttributes") == true)
        // Left out under the default strategy.
        #expect(
            try xml(NilAttributes(withNoNamespaceKey: true), ["xmlns": stock])
                == "<r xmlns=\"\(stock)\"><Symbol>ACME</Symbol></r>")
    }
}
