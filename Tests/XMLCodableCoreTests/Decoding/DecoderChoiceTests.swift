// Choices: XMLChoiceCodingKey enums (the element's one child names the case; in a list, each
// element is a case), Swift's synthesized Codable for enums with associated values (with and
// without `_0 = ""` keys), and enums without associated values.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// XMLCoder's IntOrString: a hand-written choice with XMLChoiceCodingKey.
private enum IntOrString: Equatable, Decodable {
    case int(Int)
    case string(String)

    enum CodingKeys: String, XMLChoiceCodingKey { case int, string }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            self = .int(try container.decode(Int.self, forKey: .int))
        } catch {
            self = .string(try container.decode(String.self, forKey: .string))
        }
    }
}

/// Synthesized Codable, with `_0 = ""` so that the value is the element's text.
private enum Synthesized: Codable, Equatable {
    case int(Int)
    case string(String)
    case pair(x: Int, y: Int)
    case none

    enum CodingKeys: String, XMLChoiceCodingKey { case int, string, pair, none }
    enum IntCodingKeys: String, CodingKey { case _0 = "" }
    enum StringCodingKeys: String, CodingKey { case _0 = "" }
}

/// Synthesized Codable with no custom keys at all.
private enum Plain: Codable, Equatable {
    case int(Int)
    case string(String)
}

/// Synthesized Codable for labelled associated values.
private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(width: Double, height: Double)
}

@Suite struct DecoderChoiceTests {
    // MARK: XMLChoiceCodingKey

    @Test func singleChoice() throws {
        #expect(try decode(IntOrString.self, "<value><int>42</int></value>") == .int(42))
        #expect(try decode(IntOrString.self, "<value>\n  <string>forty-two</string>\n</value>") == .string("forty-two"))
    }

    @Test func topLevelListOfChoiceElements() throws {
        let xml = """
            <container>
              <int>1</int>
              <string>two</string>
              <string>three</string>
              <int>4</int>
            </container>
            """
        #expect(try decode([IntOrString].self, xml) == [.int(1), .string("two"), .string("three"), .int(4)])
    }

    @Test func choicePropertyWrappedInItsKey() throws {
        struct Doc: Decodable, Equatable { var value: [IntOrString]; var single: IntOrString }
        let xml = """
            <doc>
              <value><int>1</int></value>
              <value><string>a</string></value>
              <single><int>9</int></single>
            </doc>
            """
        #expect(try decode(Doc.self, xml) == Doc(value: [.int(1), .string("a")], single: .int(9)))
    }

    private enum Chapter: Decodable, Equatable {
        struct Content: Decodable, Equatable {
            var title: String
            var content: String
            enum CodingKeys: String, CodingKey { case title, content = "" }
        }
        case intro(Content)
        case body(Content)
        case outro(Content)

        enum CodingKeys: String, XMLChoiceCodingKey { case intro, body = "chapter", outro }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let body = try container.decodeIfPresent(Content.self, forKey: .body) {
                self = .body(body)
            } else if let intro = try container.decodeIfPresent(Content.self, forKey: .intro) {
                self = .intro(intro)
            } else {
                self = .outro(try container.decode(Content.self, forKey: .outro))
            }
        }
    }

    @Test func nestedChoiceArrayThroughSingleValueContainer() throws {
        // XMLCoder's NestedChoiceArrayTest.
        struct Chapters: Decodable, Equatable {
            var items: [Chapter]
            init(from decoder: any Decoder) throws { items = try decoder.singleValueContainer().decode([Chapter].self) }
        }
        struct Book: Decodable { var title: String; var chapters: Chapters }
        let xml = """
            <book title="Example">
              <chapters>
                <intro title="Intro">Content of first chapter</intro>
                <chapter title="Chapter 1">Content of chapter 1</chapter>
                <chapter title="Chapter 2">Content of chapter 2</chapter>
                <outro title="Epilogue">Content of last chapter</outro>
              </chapters>
            </book>
            """
        let book = try decode(Book.self, xml)
        #expect(book.title == "Example")
        #expect(
            book.chapters.items == [
                .intro(.init(title: "Intro", content: "Content of first chapter")),
                .body(.init(title: "Chapter 1", content: "Content of chapter 1")),
                .body(.init(title: "Chapter 2", content: "Content of chapter 2")),
                .outro(.init(title: "Epilogue", content: "Content of last chapter")),
            ])
    }

    // MARK: Synthesized Codable for enums with associated values

    @Test func synthesizedWithEmptyStringKeys() throws {
        #expect(try decode(Synthesized.self, "<value><int>1</int></value>") == .int(1))
        #expect(try decode(Synthesized.self, "<value><string>a b</string></value>") == .string("a b"))
        #expect(try decode(Synthesized.self, "<value><pair><x>1</x><y>2</y></pair></value>") == .pair(x: 1, y: 2))
        #expect(try decode(Synthesized.self, "<value><pair x=\"3\" y=\"4\"/></value>") == .pair(x: 3, y: 4))
        #expect(try decode(Synthesized.self, "<value><none/></value>") == Synthesized.none)
    }

    @Test func synthesizedListOfChoiceElements() throws {
        let xml = """
            <values><int>1</int><none/><string>s</string></values>
            """
        #expect(try decode([Synthesized].self, xml) == [.int(1), .none, .string("s")])
    }

    @Test func synthesizedWithoutCustomKeys() throws {
        // The issue's example: `<value><int>1</int></value>` decodes without `_0 = ""` keys too.
        #expect(try decode(Plain.self, "<value><int>1</int></value>") == .int(1))
        #expect(try decode(Plain.self, "<value><string>x</string></value>") == .string("x"))
    }

    @Test func synthesizedWithoutCustomKeysExplicitUnderscoreElement() throws {
        // The form the synthesized keys name literally.
        #expect(try decode(Plain.self, "<value><int><_0>1</_0></int></value>") == .int(1))
    }

    @Test func synthesizedWithoutCustomKeysInAStruct() throws {
        struct Doc: Decodable { var v: [Plain] }
        let xml = """
            <doc><v><int>1</int></v><v><string>a</string></v></doc>
            """
        #expect(try decode(Doc.self, xml).v == [.int(1), .string("a")])
    }

    @Test func labelledAssociatedValues() throws {
        #expect(try decode(Shape.self, "<s><circle><radius>2</radius></circle></s>") == .circle(radius: 2))
        #expect(try decode(Shape.self, #"<s><rect width="1" height="2.5"/></s>"#) == .rect(width: 1, height: 2.5))
    }

    @Test func sameSynthesizedEnumFromJSON() throws {
        #expect(try JSONDecoder().decode(Synthesized.self, from: Data(#"{"int":{"":1}}"#.utf8)) == .int(1))
        #expect(try JSONDecoder().decode(Plain.self, from: Data(#"{"int":{"_0":1}}"#.utf8)) == .int(1))
    }

    @Test func choiceWithTwoCasesIsAnError() throws {
        let error = decodingError(Synthesized.self, "<value><int>1</int><string>a</string></value>")
        #expect(error != nil)
    }

    @Test func choiceWithUnknownCaseIsAnError() throws {
        #expect(decodingError(Synthesized.self, "<value><float>1</float></value>") != nil)
        #expect(decodingError(Synthesized.self, "<value/>") != nil)
    }

    // MARK: Enums without associated values

    private enum Suit: String, Codable { case hearts, spades }
    private enum Rank: Int, Codable { case ace = 1, king = 13 }
    /// Synthesized Codable for a case-only enum (no raw values): `{"hearts":{}}` in JSON.
    private enum Signal: Codable, Equatable { case red, green }

    @Test func rawValueEnums() throws {
        struct Card: Decodable { @Attribute var suit: Suit; var rank: Rank }
        let card = try decode(Card.self, #"<card suit="spades"><rank>13</rank></card>"#)
        #expect(card.suit == .spades)
        #expect(card.rank == .king)
        #expect(decodingError(Card.self, #"<card suit="clubs"><rank>1</rank></card>"#) != nil)
    }

    @Test func caseOnlyEnumsWithSynthesizedCodable() throws {
        #expect(try decode(Signal.self, "<signal><green/></signal>") == .green)
        struct Light: Decodable { var state: Signal }
        #expect(try decode(Light.self, "<light><state><red/></state></light>").state == .red)
        #expect(try decode([Signal].self, "<list><red/><green/><red/></list>") == [.red, .green, .red])
    }
}
