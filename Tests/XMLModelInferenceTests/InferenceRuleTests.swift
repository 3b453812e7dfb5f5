// Each inference rule of `xmlc generate swift`, with its sample and the declarations it must give,
// written out in full (the article "Generating Models" lists the same rules).

import Testing
import XMLCodableCore
import XMLModelInference

@Suite("Model inference rules")
struct InferenceRuleTests {
    @Test func attributesAreAttributePropertiesAndChildrenPlainProperties() throws {
        let source = try declarations(#"<book id="7"><title>Swift</title><pages>300</pages></book>"#)
        #expect(
            source == """
                struct Book: Codable, Equatable {
                    @Attribute var id: Int
                    var title: String
                    var pages: Int
                }

                """)
    }

    @Test func repeatedChildrenAreArraysAndMissingOnesOptional() throws {
        let source = try declarations(
            """
            <books>
              <book><title>A</title><author>X</author><author>Y</author></book>
              <book><title>B</title></book>
            </books>
            """)
        #expect(
            source == """
                struct Books: Codable, Equatable {
                    var book: [Book]
                }

                struct Book: Codable, Equatable {
                    var title: String
                    var author: [String]
                }

                """)
    }

    @Test func whatOneSampleLacksIsOptional() throws {
        let source = try declarations(#"<note lang="en"><to>Ann</to><cc>Bo</cc></note>"#, "<note><to>Cy</to></note>")
        #expect(
            source == """
                struct Note: Codable, Equatable {
                    @Attribute var lang: String?
                    var to: String
                    var cc: String?
                }

                """)
    }

    @Test func valueTypesAreInferredConservativelyAcrossOccurrences() throws {
        let source = try declarations(
            """
            <r>
              <v><i>1</i><d>1.5</d><b>true</b><z>007</z><big>1e400</big><plus>+1</plus>
                 <mix>1</mix><f>1.50</f><e></e></v>
              <v><i>-20</i><d>42.0</d><b>false</b><z>8</z><big>2</big><plus>2</plus>
                 <mix>2.5</mix><f>2.5</f><e>3</e></v>
            </r>
            """)
        #expect(
            source == """
                struct R: Codable, Equatable {
                    var v: [V]
                }

                struct V: Codable, Equatable {
                    var i: Int
                    var d: Double
                    var b: Bool
                    var z: String
                    var big: String
                    var plus: String
                    var mix: Decimal
                    var f: String
                    var e: String
                }

                """)
    }

    @Test func textBesideAttributesIsTheEmptyKey() throws {
        let source = try declarations(
            #"<prices><price currency="EUR">12.5</price><price currency="USD">13.0</price></prices>"#)
        #expect(
            source == """
                struct Prices: Codable, Equatable {
                    var price: [Price]
                }

                struct Price: Codable, Equatable {
                    @Attribute var currency: String
                    var value: Double

                    enum CodingKeys: String, CodingKey {
                        case currency
                        case value = ""
                    }
                }

                """)
    }

    @Test func namespacedNamesAreClarkKeys() throws {
        let source = try declarations(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="urn:m" m:id="1" xml:lang="en">
              <title>T</title>
            </feed>
            """)
        #expect(
            source == """
                struct Feed: Codable, Equatable {
                    @Attribute var id: Int
                    @Attribute var lang: String
                    var title: String

                    enum CodingKeys: String, CodingKey {
                        case id = "{urn:m}id"
                        case lang = "{http://www.w3.org/XML/1998/namespace}lang"
                        case title = "{http://www.w3.org/2005/Atom}title"
                    }
                }

                """)
    }

    @Test func mixedContentIsAListOfChoicesWithATextCase() throws {
        let source = try declarations(#"<p lang="en">Hello <em>big</em> world</p>"#)
        #expect(
            source == """
                struct P: Codable, Equatable {
                    @Attribute var lang: String
                    var content: [PContent]

                    enum CodingKeys: String, CodingKey {
                        case lang
                        case content = ""
                    }
                }

                /// One item of the content of `P`, in document order.
                enum PContent: Codable, Equatable {
                    case text(String)
                    case em(String)

                    enum CodingKeys: String, XMLChoiceCodingKey {
                        case text = ""
                        case em
                    }

                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        if container.contains(.em) {
                            self = .em(try container.decode(String.self, forKey: .em))
                        } else {
                            self = .text(try container.decode(String.self, forKey: .text))
                        }
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        switch self {
                        case .text(let value): try container.encode(value, forKey: .text)
                        case .em(let value): try container.encode(value, forKey: .em)
                        }
                    }
                }

                """)
    }

    @Test func childrenInVaryingOrderAreAListOfChoices() throws {
        let source = try declarations("<g><rect/><circle/><rect/></g>")
        #expect(source.contains("    var content: [GContent]\n"))
        #expect(source.contains("    case rect(String)\n    case circle(String)\n"))
        #expect(!source.contains("case text"), "no text was seen, so there is no text case")
        #expect(source.contains("debugDescription: \"Unknown content item.\""))
    }

    @Test func childrenOrderedDifferentlyInTwoOccurrencesAreAListOfChoices() throws {
        let source = try declarations("<r><a><x>1</x><y>2</y></a><a><y>3</y><x>4</x></a></r>")
        #expect(source.contains("struct A: Codable, Equatable {\n    var content: [AContent]\n"))
    }

    @Test func childrenMissingInSomeOccurrencesKeepOneOrder() throws {
        let source = try declarations("<r><a><x>1</x><z>2</z></a><a><y>3</y><z>4</z></a></r>")
        #expect(source.contains("struct A: Codable, Equatable {\n    var x: Int?\n    var y: Int?\n    var z: Int\n}"))
    }

    @Test func recursionThroughOneElementBecomesAnArray() throws {
        let source = try declarations("<node><name>a</name><node><name>b</name></node></node>")
        #expect(
            source == """
                struct Node: Codable, Equatable {
                    var name: String
                    var node: [Node]  // an array, as <node> contains itself
                }

                """)
    }

    // An element's children are ordered as its occurrences end: the inner <item> (with <v>) ends
    // before the outer one (with <sub>); either order is consistent with both.
    @Test func recursionBelowAnArrayIsFoundToo() throws {
        let source = try declarations("<r><item><sub><item><v>1</v></item></sub></item><item/></r>")
        #expect(
            source == """
                struct R: Codable, Equatable {
                    var item: [Item]
                }

                struct Item: Codable, Equatable {
                    var v: Int?
                    var sub: Sub?
                }

                struct Sub: Codable, Equatable {
                    var item: [Item]  // an array, as <item> contains itself
                }

                """)
    }

    @Test func anElementWrappingRepeatsOfOneChildIsAWrappedList() throws {
        let source = try declarations(
            """
            <book>
              <authors><author>A</author><author>B</author></authors>
              <tags><tag>x</tag><tag>y</tag></tags>
            </book>
            """,
            "<book><authors><author>C</author></authors></book>")
        #expect(
            source == """
                struct Book: Codable, Equatable, XMLListCoding {
                    var authors: [String]
                    var tags: [String]?

                    static func xmlListItemName(for key: any CodingKey) -> String? {
                        switch key.stringValue {
                        case "authors": "author"
                        case "tags": "tag"
                        default: nil
                        }
                    }
                }

                """)
    }

    @Test func aWrapperWithAttributesOrOnlyOneItemStaysAStruct() throws {
        let source = try declarations(#"<r><list n="2"><i>1</i><i>2</i></list><one><i>1</i></one></r>"#)
        #expect(source.contains("struct List: Codable, Equatable {\n    @Attribute var n: Int\n    var i: [Int]\n}"))
        #expect(source.contains("struct One: Codable, Equatable {\n    var i: Int\n}"))
        #expect(!source.contains("XMLListCoding"))
    }

    @Test func namesAreMappedToSwiftStyleWithCodingKeys() throws {
        let source = try declarations(
            #"<purchase-order ID="1" class="x"><ship-to>A</ship-to><string><a>1</a></string></purchase-order>"#)
        #expect(
            source == """
                struct PurchaseOrder: Codable, Equatable {
                    @Attribute var id: Int
                    @Attribute var `class`: String
                    var shipTo: String
                    var string: StringElement

                    enum CodingKeys: String, CodingKey {
                        case id = "ID"
                        case `class`
                        case shipTo = "ship-to"
                        case string
                    }
                }

                struct StringElement: Codable, Equatable {
                    var a: Int
                }

                """)
    }

    @Test func anAttributeAndAChildOfOneNameAreTwoProperties() throws {
        let source = try declarations(#"<item id="1"><id>x</id></item>"#)
        #expect(source.contains("    @Attribute var id: Int\n    @Element var id2: String\n"))
        #expect(source.contains("        case id\n        case id2 = \"id\"\n"))
    }

    @Test func aRootWithOnlyTextIsAStructWithTheEmptyKey() throws {
        let source = try declarations("<count>3</count>")
        #expect(source.hasPrefix("struct Count: Codable, Equatable {\n    var value: Int\n"))
    }

    @Test func nonASCIINamesAreSpelledAsCodePoints() throws {
        let source = try declarations("<größe><maß>1</maß></größe>")
        #expect(source.contains("struct GrX00F6X00DFe: Codable, Equatable {\n    var maX00DF: Int\n"))
        #expect(source.contains("case maX00DF = \"ma\\u{DF}\""))
    }
}
