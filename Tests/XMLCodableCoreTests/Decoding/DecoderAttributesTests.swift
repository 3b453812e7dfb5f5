// Attributes versus elements: property wrappers, DynamicNodeDecoding, nodeDecodingStrategy, the
// "" key for an element's own text, and mixed content.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

// MARK: - Property wrappers

private struct Product: Codable, Equatable {
    @Attribute var id: Int
    @Element var title: String
    @ElementAndAttribute var lang: String
    @Attribute var sku: String?
    @Element var note: String?
}

@Suite struct DecoderPropertyWrapperTests {
    @Test func wrappersReadTheirPlaces() throws {
        let xml = """
            <product id="7" lang="en" sku="X-1">
              <title>Tea</title>
              <note>hot</note>
            </product>
            """
        let product = try decode(Product.self, xml)
        #expect(product.id == 7)
        #expect(product.title == "Tea")
        #expect(product.lang == "en")
        #expect(product.sku == "X-1")
        #expect(product.note == "hot")
    }

    @Test func elementAndAttributeReadsAnElementToo() throws {
        let xml = """
            <product id="7"><title>Tea</title><lang>fr</lang></product>
            """
        #expect(try decode(Product.self, xml).lang == "fr")
    }

    @Test func optionalWrappersAbsentAreNil() throws {
        let xml = """
            <product id="7" lang="en"><title>Tea</title></product>
            """
        let product = try decode(Product.self, xml)
        #expect(product.sku == nil)
        #expect(product.note == nil)
    }

    @Test func attributeWrapperIgnoresChildElement() throws {
        // `id` is an element here, not an attribute: @Attribute must not find it.
        let xml = """
            <product lang="en"><id>7</id><title>Tea</title></product>
            """
        let error = try #require(decodingError(Product.self, xml))
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "id")
    }

    @Test func elementWrapperIgnoresAttribute() throws {
        let xml = """
            <product id="7" lang="en" title="Tea"/>
            """
        let error = try #require(decodingError(Product.self, xml))
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "title")
    }

    @Test func optionalAttributeWrapperDoesNotReadElement() throws {
        let xml = """
            <product id="7" lang="en"><title>Tea</title><sku>element</sku></product>
            """
        #expect(try decode(Product.self, xml).sku == nil)
    }

    @Test func sameModelFromJSON() throws {
        let json = """
            {"id": 7, "title": "Tea", "lang": "en", "sku": "X-1", "note": "hot"}
            """
        let xml = """
            <product id="7" lang="en" sku="X-1"><title>Tea</title><note>hot</note></product>
            """
        let fromJSON = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        let fromXML = try decode(Product.self, xml)
        #expect(fromJSON == fromXML)
        // And the wrappers' JSON form is the bare value.
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(fromXML)) as? [String: Any]
        #expect(encoded?["id"] as? Int == 7)
        #expect(encoded?["title"] as? String == "Tea")
        #expect(encoded?["lang"] as? String == "en")
    }

    @Test func jsonWithoutOptionalWrappedKeys() throws {
        let json = """
            {"id": 7, "title": "Tea", "lang": "en"}
            """
        let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        #expect(product.sku == nil)
        #expect(product.note == nil)
    }

    @Test func wrappedArraysAndNestedTypes() throws {
        struct Tag: Codable, Equatable { @Attribute var name: String }
        struct Post: Codable, Equatable {
            @Attribute var id: Int
            @Element var tag: [Tag]
        }
        let xml = """
            <post id="1"><tag name="a"/><tag name="b"/></post>
            """
        let post = try decode(Post.self, xml)
        #expect(post.id == 1)
        #expect(post.tag.map(\.name) == ["a", "b"])
        let json = #"{"id":1,"tag":[{"name":"a"},{"name":"b"}]}"#
        #expect(try JSONDecoder().decode(Post.self, from: Data(json.utf8)) == post)
    }

    @Test func wrapperLiterals() {
        // XMLCoder's spelling: the memberwise initializer takes wrapper types; Attribute has literals.
        let product = Product(id: 1, title: Element("t"), lang: ElementAndAttribute("en"), sku: nil, note: Element(nil))
        #expect(product.id == 1)
        #expect(product.sku == nil)
    }

    @Test func optionalWrappedValuesFromLiterals() throws {
        // `Attribute<String?>("978-0")` cannot compile: Swift reads `T(literal)` as the literal
        // of type T (SE-0213), and `Attribute<String?>` is expressible by no string literal, as
        // `String?` is not. `.init("978-0")` and `nil` need neither the wrapper's name nor `Optional`.
        let product = Product(id: 2, title: .init("t"), lang: .init("en"), sku: .init("978-0"), note: .init("n"))
        #expect(product.sku == "978-0")
        #expect(product.note == "n")
        let bare = Product(id: 3, title: .init("t"), lang: .init("en"), sku: nil, note: .init(nil))
        #expect(bare.sku == nil)
        #expect(bare.note == nil)
        let xml = try XMLEncoder().encodeToString(product, withRootKey: "product")
        #expect(
            xml == #"<product id="2" lang="en" sku="978-0"><title>t</title><lang>en</lang><note>n</note></product>"#)
        #expect(try decode(Product.self, xml) == product)
    }
}

// MARK: - DynamicNodeDecoding and nodeDecodingStrategy

private struct DynamicBook: Decodable, Equatable, DynamicNodeDecoding {
    var id: Int
    var title: String
    var author: String?

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        switch key.stringValue {
        case "id": .attribute
        case "title": .element
        default: .elementOrAttribute
        }
    }
}

@Suite struct DecoderNodeDecodingTests {
    @Test func dynamicNodeDecodingChoosesPerKey() throws {
        let xml = """
            <book id="1" title="attribute title" author="A">
              <id>999</id>
              <title>Element title</title>
            </book>
            """
        #expect(try decode(DynamicBook.self, xml) == DynamicBook(id: 1, title: "Element title", author: "A"))
    }

    @Test func dynamicNodeDecodingAttributeOnlyKeyMissing() throws {
        let xml = """
            <book><id>1</id><title>T</title></book>
            """
        let error = try #require(decodingError(DynamicBook.self, xml))
        #expect(error.kind == "keyNotFound")
        #expect(error.fullPath == ["id"])
    }

    @Test func dynamicNodeDecodingInsideArray() throws {
        struct Shelf: Decodable { var book: [DynamicBook] }
        let xml = """
            <shelf>
              <book id="1"><title>A</title></book>
              <book id="2"><title>B</title><author>X</author></book>
            </shelf>
            """
        let shelf = try decode(Shelf.self, xml)
        #expect(
            shelf.book == [DynamicBook(id: 1, title: "A", author: nil), DynamicBook(id: 2, title: "B", author: "X")])
    }

    @Test func dynamicNodeDecodingOverridesWrapper() throws {
        // Docs/XMLCoderAPI.md §6: the type's NodeDecoding is consulted before the property wrapper.
        struct Overridden: Decodable, DynamicNodeDecoding {
            @Attribute var id: Int
            static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding { .element }
        }
        #expect(try decode(Overridden.self, "<r id=\"1\"><id>2</id></r>").id == 2)
    }

    @Test func customStrategyAttributesOnly() throws {
        struct Item: Decodable, Equatable { var id: Int; var name: String }
        let xml = """
            <item id="1" name="attr"><name>element</name></item>
            """
        let value = try decode(Item.self, xml) {
            $0.nodeDecodingStrategy = .custom { _, _ in { _ in .attribute } }
        }
        #expect(value == Item(id: 1, name: "attr"))
    }

    @Test func customStrategyElementsOnly() throws {
        struct Item: Decodable, Equatable { var id: Int; var name: String }
        let xml = """
            <item id="1"><name>element</name></item>
            """
        let error = try #require(
            decodingError(Item.self, xml) {
                $0.nodeDecodingStrategy = .custom { _, _ in { _ in .element } }
            })
        #expect(error.kind == "keyNotFound")
        #expect(error.fullPath == ["id"])
    }

    @Test func customStrategyReceivesTheTypeBeingDecoded() throws {
        struct Inner: Decodable { var code: String }
        struct Outer: Decodable { var code: String; var inner: Inner }
        let seen = Recorder<String>()
        let xml = """
            <outer code="outer-attr">
              <code>outer-elem</code>
              <inner code="inner-attr"><code>inner-elem</code></inner>
            </outer>
            """
        let value = try decode(Outer.self, xml) {
            $0.nodeDecodingStrategy = .custom { (type: any Decodable.Type, _: any Decoder) in
                seen.append(String(describing: type))
                let placement: XMLDecoder.NodeDecoding = type == Inner.self ? .attribute : .element
                return { @Sendable (_: any CodingKey) -> XMLDecoder.NodeDecoding in placement }
            }
        }
        #expect(value.code == "outer-elem")
        #expect(value.inner.code == "inner-attr")
        #expect(seen.values.contains("Outer"))
        #expect(seen.values.contains("Inner"))
    }
}

// MARK: - The "" key: an element's own text

private struct Price: Codable, Equatable {
    @Attribute var currency: String
    var amount: Double
    enum CodingKeys: String, CodingKey {
        case currency
        case amount = ""
    }
}

@Suite struct DecoderIntrinsicValueTests {
    @Test func textNextToAttributes() throws {
        let xml = """
            <price currency="EUR">12.5</price>
            """
        #expect(try decode(Price.self, xml) == Price(currency: "EUR", amount: 12.5))
    }

    @Test func textNextToAttributesInsideList() throws {
        struct Offer: Decodable { var price: [Price] }
        let xml = """
            <offer>
              <price currency="EUR">12.5</price>
              <price currency="USD"> 13 </price>
            </offer>
            """
        #expect(
            try decode(Offer.self, xml).price == [
                Price(currency: "EUR", amount: 12.5), Price(currency: "USD", amount: 13),
            ])
    }

    @Test func stringTextWithoutWrapper() throws {
        struct Foo: Decodable, Equatable {
            var id: String
            var value: String
            enum CodingKeys: String, CodingKey { case id, value = "" }
        }
        #expect(try decode(Foo.self, #"<foo id="123">456</foo>"#) == Foo(id: "123", value: "456"))
        #expect(try decode(Foo.self, #"<foo id="123">a &amp; b</foo>"#) == Foo(id: "123", value: "a & b"))
        // An empty element has empty text.
        #expect(try decode(Foo.self, #"<foo id="123"/>"#) == Foo(id: "123", value: ""))
    }

    @Test func intrinsicValueWithCDATA() throws {
        struct Foo: Decodable { var value: String; enum CodingKeys: String, CodingKey { case value = "" } }
        #expect(try decode(Foo.self, "<foo><![CDATA[<b>]]></foo>").value == "<b>")
    }

    @Test func priceFromJSON() throws {
        let json = #"{"currency": "EUR", "": 12.5}"#
        #expect(try JSONDecoder().decode(Price.self, from: Data(json.utf8)) == Price(currency: "EUR", amount: 12.5))
    }
}

// MARK: - Mixed content

/// An item of mixed content: text, or an element (`<em lang="…">text</em>`).
private enum Inline: Decodable, Equatable {
    case text(String)
    case em(lang: String?, text: String)

    enum Keys: String, CodingKey { case lang, text = "" }

    init(from decoder: any Decoder) throws {
        if let element = try? decoder.container(keyedBy: Keys.self) {
            self = .em(
                lang: try element.decodeIfPresent(String.self, forKey: .lang),
                text: try element.decode(String.self, forKey: .text))
        } else {
            self = .text(try decoder.singleValueContainer().decode(String.self))
        }
    }
}

@Suite struct DecoderMixedContentTests {
    @Test func mixedContentInDocumentOrder() throws {
        let xml = """
            <p>Hello <em lang="fr">monde</em> and <em>you</em>!</p>
            """
        let items = try decode([Inline].self, xml)
        #expect(
            items == [
                .text("Hello"), .em(lang: "fr", text: "monde"), .text("and"), .em(lang: nil, text: "you"), .text("!"),
            ])
    }

    @Test func mixedContentWithoutTrimming() throws {
        let xml = """
            <p>Hello <em>monde</em> and <em>you</em>!</p>
            """
        let items = try decode([Inline].self, xml) { $0.trimValueWhitespaces = false }
        #expect(
            items == [
                .text("Hello "), .em(lang: nil, text: "monde"), .text(" and "), .em(lang: nil, text: "you"), .text("!"),
            ])
    }

    @Test func mixedContentAsStrings() throws {
        let xml = """
            <p>one <b>two</b> three</p>
            """
        #expect(try decode([String].self, xml) == ["one", "two", "three"])
    }

    @Test func mixedContentWithEntitiesStaysOneTextItem() throws {
        // Text made of several runs (text, a reference, CDATA) is one item, not several.
        let xml = """
            <p>a &amp; b<em>x</em>c <![CDATA[<d>]]> e</p>
            """
        let items = try decode([Inline].self, xml)
        #expect(items == [.text("a & b"), .em(lang: nil, text: "x"), .text("c <d> e")])
    }

    @Test func elementOnlyContentIgnoresIndentation() throws {
        let xml = """
            <p>
              <em>a</em>
              <em>b</em>
            </p>
            """
        #expect(try decode([Inline].self, xml) == [.em(lang: nil, text: "a"), .em(lang: nil, text: "b")])
    }
}

// MARK: - Attribute values that need decoding

private struct Valued: Decodable {
    let v: String
}

@Suite struct DecoderAttributeValueTests {
    /// The value the reader gives for the first attribute of the root: the general path
    /// (`appendDecoded`), which the decoder's direct path must agree with.
    private func readerValue(_ xml: String) throws -> String {
        var reader = try XMLReader(Array(xml.utf8))
        while let event = try reader.next() {
            if case .startElement = event, let attribute = reader.attributes.first {
                return reader.string(attribute.value)
            }
        }
        Issue.record("no attribute in \(xml)")
        return ""
    }

    @Test(arguments: [
        "a&amp;b", "&lt;&gt;&quot;&apos;", "x&#x9;y", "x&#10;y&#13;z", "tab\there", "two\r\nlines", "cr\ronly",
        "lf\nonly",
        "&#xE9;t&#233;", "&#x20AC;&#x10FFFF;", "Caf\u{E9} &amp; co", "  spaced &amp; padded  ", "&amp;", "\t",
        "&#32;&#32;",
        "end&amp;", String(repeating: "&amp;x", count: 20),
    ])
    func valuesWithReferencesAndWhiteSpaceDecodeAsTheReaderReadsThem(raw: String) throws {
        let xml = "<r v=\"\(raw)\"/>"
        let expected = try readerValue(xml)
        let untrimmed = try decode(Valued.self, xml) { $0.trimValueWhitespaces = false }
        #expect(untrimmed.v == expected)
        let trimmed = try decode(Valued.self, xml)
        #expect(trimmed.v == expected.trimmingCharacters(in: .init(charactersIn: " \t\n\r")))
    }

    @Test func declaredEntitiesAndTokenizedTypesTakeTheGeneralPath() throws {
        let xml = """
            <!DOCTYPE r [
              <!ENTITY e "long &#38;amp; longer replacement text">
              <!ATTLIST r t NMTOKENS #IMPLIED>
            ]>
            <r v="[&e;]" t="  a   b  "/>
            """
        struct Both: Decodable {
            let v: String
            let t: String
        }
        let both = try decode(Both.self, xml) { $0.trimValueWhitespaces = false }
        // The replacement text is "long &amp; longer…", whose reference is replaced in turn (XML 1.0 §4.5).
        #expect(both.v == "[long & longer replacement text]")
        #expect(both.t == "a b")
    }
}
