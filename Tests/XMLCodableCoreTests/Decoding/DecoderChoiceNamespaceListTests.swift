// Decoder features beyond XMLCoder: synthesized enum choices, Clark-notation keys, wrapped lists.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private enum IntOrString: Codable, Equatable { case int(Int), string(String) }
private enum Color: String, Codable { case red, green }
private struct Holder: Codable, Equatable { var value: [IntOrString]; var color: Color }
private struct NSBook: Codable {
    var title: String; enum CodingKeys: String, CodingKey { case title = "{urn:books}title" }
}
private struct WBook: Codable, XMLListCoding, Equatable {
    var title: String; var authors: [String]
    static func xmlListItemName(for key: any CodingKey) -> String? { key.stringValue == "authors" ? "author" : nil }
}
@Suite("Decoder: choices, namespace-URI keys, wrapped lists") struct DecoderChoiceNamespaceListTests {
    @Test func synthesizedEnumsWithAssociatedValuesDecodeFromChoiceElements() throws {
        let h = try XMLDecoder().decode(
            Holder.self,
            from: "<h><value><int>1</int></value><value><string>a b</string></value><color>green</color></h>")
        #expect(h == Holder(value: [.int(1), .string("a b")], color: .green))
    }
    @Test func clarkNotationKeysMatchByNamespaceURIWhateverThePrefix() throws {
        let b = try XMLDecoder().decode(NSBook.self, from: "<b xmlns:x='urn:books'><x:title>T</x:title></b>")
        #expect(b.title == "T")
    }
    @Test func wrappedListChosenPerPropertyStaysAPlainArrayInJSON() throws {
        let b = try XMLDecoder().decode(
            WBook.self, from: "<b><title>T</title><authors><author>A</author><author>B</author></authors></b>")
        #expect(b == WBook(title: "T", authors: ["A", "B"]))
        let json = try JSONEncoder().encode(b)
        #expect(String(decoding: json, as: UTF8.self).contains("\"authors\":[\"A\",\"B\"]"))
    }
}

// Choice cases keyed in Clark notation, as `xmlc generate swift` keys the content of a namespaced
// element: the case element is found by namespace URI, whatever its prefix, in a list of choices
// under the `""` key as well as in a single choice.
private enum SVGItem: Codable, Equatable {
    case rect(String)
    case circle(String)
    enum CodingKeys: String, XMLChoiceCodingKey {
        case rect = "{http://www.w3.org/2000/svg}rect"
        case circle = "{http://www.w3.org/2000/svg}circle"
    }
    enum RectCodingKeys: String, CodingKey { case _0 = "" }
    enum CircleCodingKeys: String, CodingKey { case _0 = "" }
}
private struct SVGGroup: Codable, Equatable {
    var content: [SVGItem]
    enum CodingKeys: String, CodingKey { case content = "" }
}
@Suite("Decoder: choice cases in Clark notation") struct DecoderClarkChoiceTests {
    @Test func choiceCasesKeyedInClarkNotationMatchByNamespaceURI() throws {
        let xml = """
            <g xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg">
              <rect>1</rect><s:circle>2</s:circle><rect>3</rect>
            </g>
            """
        let group = try XMLDecoder().decode(SVGGroup.self, from: xml)
        #expect(group == SVGGroup(content: [.rect("1"), .circle("2"), .rect("3")]))
        let encoded = try XMLEncoder().encodeToString(group, withRootKey: "{http://www.w3.org/2000/svg}g")
        #expect(try XMLDecoder().decode(SVGGroup.self, from: encoded) == group)
    }

    @Test func aCaseInAnotherNamespaceIsNotMatched() {
        let xml = #"<g xmlns:o="urn:other"><o:rect>1</o:rect></g>"#
        #expect(throws: DecodingError.self) { try XMLDecoder().decode(SVGGroup.self, from: xml) }
    }
}
