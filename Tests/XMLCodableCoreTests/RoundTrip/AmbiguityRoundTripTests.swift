// The values XML writes one way whichever of two values they are, and what the coders do about
// each: write them so that they read back, or refuse them with an error that says why. The XML is
// written out in each test.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// A list written through an unkeyed container of its own (not an `Array`).
private struct Stack: Codable, Equatable {
    var items: [String]
    init(_ items: [String]) { self.items = items }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for item in items { try container.encode(item) }
    }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var items: [String] = []
        while !container.isAtEnd { items.append(try container.decode(String.self)) }
        self.items = items
    }
}

private struct Holder: Codable, Equatable { var stack: Stack }

private func xml<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try XMLEncoder().encode(value, withRootKey: "r"), as: UTF8.self)
}

@Suite struct AmbiguityRoundTripTests {
    @Test func aListOfATypeOfItsOwnIsWrittenEvenWhenEmpty() throws {
        // XMLCoder writes nothing for the empty stack, and then cannot read its own output.
        #expect(try xml(Holder(stack: Stack([]))) == "<r><stack /></r>")
        #expect(try xml(Holder(stack: Stack(["a", "b"]))) == "<r><stack>a</stack><stack>b</stack></r>")
        #expect(try xml(Holder(stack: Stack(["a"]))) == "<r><stack>a</stack></r>")
        for stack in [Stack([]), Stack(["a"]), Stack(["a", "b"]), Stack(["", "b"])] {
            let data = try XMLEncoder().encode(Holder(stack: stack), withRootKey: "r")
            #expect(try XMLDecoder().decode(Holder.self, from: data) == Holder(stack: stack))
        }
    }

    @Test func aListOfOneEmptyItemIsRefused() throws {
        // <stack></stack> would read back as the empty stack.
        let error = #expect(throws: EncodingError.self) { try xml(Holder(stack: Stack([""]))) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(pathStrings(context.codingPath) == ["stack"])
        #expect(context.debugDescription.contains("cannot be told apart from an empty list"))
        #expect(throws: EncodingError.self) { try xml(["k": [""]]) }
        struct Optional: Encodable { var tags: [String]? }
        #expect(throws: EncodingError.self) { try xml(Optional(tags: [""])) }
        #expect(try xml(Optional(tags: [])) == "<r><tags /></r>")
    }

    @Test func anOptionalListOfOneNilItemIsRefused() throws {
        // A list of one nil item is one element marked xsi:nil, as nil itself is: for an optional
        // list (a property, a dictionary's value) the two cannot be told apart.
        struct Model: Codable, Equatable { var codes: [Int?]? }
        let refused = #expect(throws: EncodingError.self) { try xml(Model(codes: [nil])) }
        guard case .invalidValue(_, let context) = refused else { return }
        #expect(pathStrings(context.codingPath) == ["codes"])
        #expect(context.debugDescription.contains("cannot be told apart from nil"))
        #expect(throws: EncodingError.self) { try xml(["k": Optional([Int?.none])]) }
        // Not optional, the same element reads back as the list it is.
        struct Plain: Codable, Equatable { var codes: [Int?] }
        #expect(
            try xml(Plain(codes: [nil]))
                == "<r xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><codes xsi:nil=\"true\" /></r>")
        #expect(
            try XMLDecoder().decode(Plain.self, from: Data(try xml(Plain(codes: [nil])).utf8)) == Plain(codes: [nil]))
        for codes in [nil, [], [1], [nil, 2], [nil, nil]] as [[Int?]?] {
            #expect(
                try XMLDecoder().decode(Model.self, from: Data(try xml(Model(codes: codes)).utf8))
                    == Model(codes: codes), "\(String(describing: codes))")
        }
    }

    @Test func anEmptyOptionalStringAsAnElementsTextIsRefused() throws {
        struct Note: Codable, Equatable {
            @Attribute var lang: String
            var text: String?
            enum CodingKeys: String, CodingKey {
                case lang
                case text = ""
            }
        }
        #expect(try xml(Note(lang: Attribute("en"), text: "hi")) == #"<r lang="en">hi</r>"#)
        #expect(try xml(Note(lang: Attribute("en"), text: nil)) == #"<r lang="en" />"#)
        #expect(try XMLDecoder().decode(Note.self, from: Data(#"<r lang="en" />"#.utf8)).text == nil)
        let error = #expect(throws: EncodingError.self) { try xml(Note(lang: Attribute("en"), text: "")) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.debugDescription.contains("cannot be told apart from nil"))
    }

    @Test func aKeyNamedLikeADeclarationIsWrittenAsOne() throws {
        struct Feed: Codable, Equatable {
            var dc: String
            var creator: String
            enum CodingKeys: String, CodingKey {
                case dc = "xmlns:dc"
                case creator = "dc:creator"
            }
        }
        let feed = Feed(dc: "http://purl.org/dc/elements/1.1/", creator: "Ann")
        let text = try xml(feed)
        #expect(text == #"<r xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ann</dc:creator></r>"#)
        #expect(try XMLDecoder().decode(Feed.self, from: Data(text.utf8)) == feed)
    }
}
