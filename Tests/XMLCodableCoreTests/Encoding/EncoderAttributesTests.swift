// Attribute or element: the property wrappers, DynamicNodeEncoding, nodeEncodingStrategy
// (.custom, which wins over the wrappers), `.both`, attributes encoded after child elements, and
// complex values refused as attributes.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderAttributesTests {
    struct Book: Codable, Equatable {
        @Attribute var id: Int
        @Element var title: String
        @ElementAndAttribute var isbn: String
        var author: String
    }

    @Test func propertyWrappers() throws {
        try roundTrip(
            Book(id: 7, title: Element("Swift"), isbn: ElementAndAttribute("978-1"), author: "Ann"),
            expectedXML: """
                <book id="7" isbn="978-1"><title>Swift</title><isbn>978-1</isbn><author>Ann</author></book>
                """, rootKey: "book")
    }

    @Test func optionalAttributeWrapper() throws {
        struct Tagged: Codable, Equatable {
            @Attribute var lang: String?
            @Attribute var count: Int?
            var text: String
        }
        try roundTrip(
            Tagged(lang: Attribute(Optional("en")), count: Attribute(Optional(2)), text: "t"),
            expectedXML: #"<r lang="en" count="2"><text>t</text></r>"#,
            rootKey: "r")
        try roundTrip(Tagged(lang: nil, count: nil, text: "t"), expectedXML: "<r><text>t</text></r>", rootKey: "r")
        // With xsi:nil for nil values, a nil attribute is still simply left out.
        try roundTrip(
            Tagged(lang: nil, count: nil, text: "t"), expectedXML: "<r><text>t</text></r>", rootKey: "r",
            encoder: { $0.nilEncodingStrategy = .xsiNil })
    }

    @Test func attributeEncodedAfterChildElementLandsOnTheElement() throws {
        struct Late: Codable, Equatable {
            var title: String
            var id: Attribute<Int>
            var more: String
            enum CodingKeys: String, CodingKey { case title, id, more }
            init(title: String, id: Int, more: String) { self.title = title; self.id = Attribute(id); self.more = more }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                title = try c.decode(String.self, forKey: .title)
                id = try c.decode(Attribute<Int>.self, forKey: .id)
                more = try c.decode(String.self, forKey: .more)
            }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(title, forKey: .title)
                try c.encode(id, forKey: .id)  // after a child element
                try c.encode(more, forKey: .more)
            }
        }
        try roundTrip(
            Late(title: "T", id: 5, more: "M"),
            expectedXML: """
                <late id="5"><title>T</title><more>M</more></late>
                """, rootKey: "late")
    }

    @Test func attributesOnNestedAndListElements() throws {
        struct Item: Codable, Equatable { @Attribute var sku: String; var qty: Int }
        struct Order: Codable, Equatable { @Attribute var number: Int; var item: [Item] }
        try roundTrip(
            Order(number: 1, item: [Item(sku: "a", qty: 1), Item(sku: "b", qty: 2)]),
            expectedXML: """
                <order number="1"><item sku="a"><qty>1</qty></item><item sku="b"><qty>2</qty></item></order>
                """, rootKey: "order")
    }

    // MARK: DynamicNodeEncoding

    struct Dynamic: Codable, Equatable, DynamicNodeEncoding {
        var id: Int
        var name: String
        var both: String
        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            switch key.stringValue {
            case "id": .attribute
            case "both": .both
            default: .element
            }
        }
    }

    @Test func dynamicNodeEncoding() throws {
        try roundTrip(
            Dynamic(id: 1, name: "n", both: "b"),
            expectedXML: """
                <d id="1" both="b"><name>n</name><both>b</both></d>
                """, rootKey: "d")
    }

    @Test func dynamicNodeEncodingInLists() throws {
        struct List: Codable, Equatable { var d: [Dynamic] }
        try roundTrip(
            List(d: [Dynamic(id: 1, name: "a", both: "x"), Dynamic(id: 2, name: "b", both: "y")]),
            expectedXML: """
                <l><d id="1" both="x"><name>a</name><both>x</both></d><d id="2" both="y"><name>b</name><both>y</both></d></l>
                """, rootKey: "l")
    }

    /// A base class whose DynamicNodeEncoding puts `id` in an attribute, encoded through
    /// `superEncoder(forKey:)` by its subclass: the base's placement still applies.
    class Animal: Codable, DynamicNodeEncoding, @unchecked Sendable {
        var id: Int
        var name: String
        init(id: Int, name: String) { self.id = id; self.name = name }
        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            key.stringValue == "id" ? .attribute : .element
        }
    }

    final class Dog: Animal, @unchecked Sendable {
        var breed: String
        enum CodingKeys: String, CodingKey { case breed, animal }
        init(id: Int, name: String, breed: String) { self.breed = breed; super.init(id: id, name: name) }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            breed = try c.decode(String.self, forKey: .breed)
            try super.init(from: c.superDecoder(forKey: .animal))
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(breed, forKey: .breed)
            try super.encode(to: c.superEncoder(forKey: .animal))
        }
    }

    @Test func dynamicNodeEncodingOfBaseClassThroughSuperEncoder() throws {
        let xml = try encodeXML(Dog(id: 3, name: "Rex", breed: "lab"), rootKey: "dog")
        #expect(
            xml == """
                <dog><breed>lab</breed><animal id="3"><name>Rex</name></animal></dog>
                """)
        let dog = try XMLDecoder().decode(Dog.self, from: Data(xml.utf8))
        #expect(dog.id == 3 && dog.name == "Rex" && dog.breed == "lab")
    }

    // MARK: nodeEncodingStrategy

    struct Plain: Codable, Equatable { var id: Int; var name: String; var note: String }

    @Test func customStrategyChoosesPerKey() throws {
        try roundTrip(
            Plain(id: 1, name: "n", note: "x"),
            expectedXML: """
                <p id="1" note="x"><name>n</name><note>x</note></p>
                """, rootKey: "p",
            encoder: {
                $0.nodeEncodingStrategy = .custom { _, _ in
                    { key in
                        switch key.stringValue {
                        case "id": .attribute
                        case "note": .both
                        default: nil  // undecided: an element
                        }
                    }
                }
            })
    }

    @Test func customStrategyIsGivenTheEncodedType() throws {
        struct Inner: Codable, Equatable { var a: Int }
        struct Outer: Codable, Equatable { var a: Int; var inner: Inner }
        let types = Recorder<String>()
        try roundTrip(
            Outer(a: 1, inner: Inner(a: 2)),
            expectedXML: """
                <o a="1"><inner><a>2</a></inner></o>
                """, rootKey: "o",
            encoder: {
                $0.nodeEncodingStrategy = .custom { type, encoder in
                    types.append("\(type)@\(pathStrings(encoder.codingPath))")
                    let isOuter = type == Outer.self
                    return { key in isOuter && key.stringValue == "a" ? .attribute : .element }
                }
            })
        #expect(types.values == ["Outer@[]", "Inner@[\"inner\"]"])
    }

    @Test func customStrategyWinsOverPropertyWrappers() throws {
        try roundTrip(
            Book(id: 7, title: Element("T"), isbn: ElementAndAttribute("i"), author: "A"),
            expectedXML: """
                <b title="T"><id>7</id><isbn>i</isbn><author>A</author></b>
                """, rootKey: "b",
            encoder: {
                $0.nodeEncodingStrategy = .custom { _, _ in
                    { key in key.stringValue == "title" ? .attribute : .element }
                }
            },
            decoder: {
                $0.nodeDecodingStrategy = .custom { _, _ in
                    { key in key.stringValue == "title" ? .attribute : .element }
                }
            })
    }

    @Test func customStrategyReturningNilLeavesWrappersInCharge() throws {
        try roundTrip(
            Book(id: 7, title: Element("T"), isbn: ElementAndAttribute("i"), author: "A"),
            expectedXML: """
                <b id="7" isbn="i"><title>T</title><isbn>i</isbn><author>A</author></b>
                """, rootKey: "b", encoder: { $0.nodeEncodingStrategy = .custom { _, _ in { _ in nil } } })
    }

    @Test func everyScalarTypeAsAnAttribute() throws {
        let xml = try roundTrip(
            EncoderBasicsTests.AllScalars(), rootKey: "s",
            encoder: {
                $0.nodeEncodingStrategy = .custom { _, _ in { _ in .attribute } }
            })
        #expect(
            xml == """
                <s bool="true" string="s" double="1.5" float="2.5" int="-1" int8="-8" int16="-16" int32="-32" int64="-64" uint="1" uint8="8" uint16="16" uint32="32" uint64="64" decimal="12.34" url="https://example.com/" data="aGk=" date="1.5" />
                """)
    }

    @Test func complexValueAsAttributeIsRefused() throws {
        struct Inner: Codable { var a: Int; var b: Int }
        struct Outer: Codable { @Attribute var inner: Inner }
        let error = try #require(encodingError(Outer(inner: Attribute(Inner(a: 1, b: 2)))))
        #expect(error.path == ["inner"])
        #expect(error.debugDescription.contains("Complex values cannot be encoded as attributes"))
        struct Listy: Codable { @Attribute var list: [Int] }
        #expect(encodingError(Listy(list: Attribute([1, 2]))) != nil)
    }
}
