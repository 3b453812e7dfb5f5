// Decoder features beyond XMLCoder: synthesized enum choices, Clark-notation keys, wrapped lists.

import Foundation
import Testing
@testable import XMLCodableCore

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
