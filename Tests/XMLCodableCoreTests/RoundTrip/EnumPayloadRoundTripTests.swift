// Enums with associated values under Swift's synthesized `Codable`, written with
// `enumPayloadEncodingStrategy = .caseElement`: the case element holds the value itself (a union
// in AWS's shape, `<book><title>…</title></book>`). Each payload kind both directions, with the
// XML written out, and round trips through XML (both strategies) and JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private struct Book: Codable, Equatable {
    var title: String
    var year: Int
}

private struct IdOnly: Codable, Equatable {
    @Attribute var id: Int
}

private struct Labelled: Codable, Equatable {
    @Attribute var lang: String
    var text: String
    enum CodingKeys: String, CodingKey {
        case lang
        case text = ""
    }
}

private enum Inner: Codable, Equatable {
    case code(Int)
    case label(String)
}

private enum Payload: Codable, Equatable {
    case book(Book)
    case name(String)
    case count(Int)
    case tags([String])
    case inner(Inner)
    case maybe(Int?)
    case tagged(IdOnly)
    case labelled(Labelled)
    case point(x: Int, y: Int)
    case pair(Int, String)
    case none
}

private struct Holder: Codable, Equatable {
    var item: Payload
    var items: [Payload]
    var optional: Payload?
}

private func xml<T: Encodable>(_ value: T, _ strategy: XMLEncoder.EnumPayloadEncodingStrategy = .caseElement) throws
    -> String
{
    let encoder = XMLEncoder()
    encoder.enumPayloadEncodingStrategy = strategy
    return String(decoding: try encoder.encode(value, withRootKey: "r"), as: UTF8.self)
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try XMLDecoder().decode(type, from: Data(text.utf8))
}

/// Equal after XML with each strategy, and after JSON.
private func roundTrips<T: Codable & Equatable>(_ value: T) throws -> Bool {
    let natural = try decode(T.self, try xml(value, .caseElement))
    let underscored = try decode(T.self, try xml(value, .underscoreElement))
    let json = try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    return natural == value && underscored == value && json == value
}

@Suite("Enum payloads in the case element") struct EnumPayloadRoundTripTests {
    @Test func eachPayloadKindIsWrittenInItsCaseElement() throws {
        let expected: [(Payload, String)] = [
            (.book(Book(title: "T", year: 1)), "<r><book><title>T</title><year>1</year></book></r>"),
            (.name("Ada"), "<r><name>Ada</name></r>"),
            (.name(""), "<r><name></name></r>"),
            (.count(3), "<r><count>3</count></r>"),
            (.inner(.code(7)), "<r><inner><code>7</code></inner></r>"),
            (.maybe(5), "<r><maybe>5</maybe></r>"),
            (.maybe(nil), "<r><maybe /></r>"),
            (.tagged(IdOnly(id: 9)), "<r><tagged id=\"9\" /></r>"),
            (.labelled(Labelled(lang: "en", text: "hi")), "<r><labelled lang=\"en\">hi</labelled></r>"),
            (.point(x: 1, y: 2), "<r><point><x>1</x><y>2</y></point></r>"),
            (.pair(1, "a"), "<r><pair><_0>1</_0><_1>a</_1></pair></r>"),
            (.none, "<r><none /></r>"),
        ]
        for (value, text) in expected {
            let written = try xml(value)
            #expect(written == text)
            #expect(try decode(Payload.self, text) == value, "\(text)")
            #expect(try roundTrips(value))
        }
    }

    @Test func listPayloadsRoundTrip() throws {
        for tags in [[], ["a"], ["a", "b"]] {
            #expect(try roundTrips(Payload.tags(tags)), "\(tags)")
        }
    }

    @Test func theDefaultStaysXMLCodersForm() throws {
        #expect(
            try xml(Payload.book(Book(title: "T", year: 1)), .underscoreElement)
                == "<r><book><_0><title>T</title><year>1</year></_0></book></r>")
        #expect(XMLEncoder().enumPayloadEncodingStrategy == .underscoreElement)
    }

    @Test func payloadsInPropertiesListsAndOptionals() throws {
        let value = Holder(
            item: .book(Book(title: "T", year: 1)), items: [.name("a"), .inner(.label("b")), .count(2)],
            optional: .maybe(nil))
        #expect(
            try xml(value)
                == "<r><item><book><title>T</title><year>1</year></book></item>"
                + "<items><name>a</name></items><items><inner><label>b</label></inner></items><items><count>2</count></items>"
                + "<optional><maybe /></optional></r>")
        #expect(try roundTrips(value))
        #expect(try roundTrips(Holder(item: .none, items: [], optional: nil)))
        #expect(try roundTrips(Holder(item: .tags(["x"]), items: [.tagged(IdOnly(id: 1))], optional: .name("n"))))
    }

    @Test func anEmptyOptionalStringPayloadIsRefused() throws {
        enum MaybeText: Codable, Equatable { case text(String?) }
        // `<text />` would read back as nil.
        #expect(throws: EncodingError.self) { try xml(MaybeText.text("")) }
        #expect(try roundTrips(MaybeText.text(nil)))
        #expect(try roundTrips(MaybeText.text("x")))
    }

    @Test func optionalStructPayloadsAreNilWhenEmptyOrMarkedNil() throws {
        enum MaybeBook: Codable, Equatable { case book(Book?) }
        #expect(try roundTrips(MaybeBook.book(nil)))
        #expect(try roundTrips(MaybeBook.book(Book(title: "T", year: 1))))
        #expect(try decode(MaybeBook.self, "<r><book/></r>") == .book(nil))
        let marked = "<r xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'><book xsi:nil='true'/></r>"
        #expect(try decode(MaybeBook.self, marked) == .book(nil))
    }

    @Test func aScalarPayloadWithChildElementsIsATypeMismatch() throws {
        for text in [
            "<r><name>Hello <b>world</b></name></r>", "<r><name><b>x</b></name></r>",
            "<r><count>5<junk>6</junk></count></r>",
        ] {
            #expect(throws: DecodingError.self, "\(text)") { try decode(Payload.self, text) }
        }
    }

    @Test func anUnlabeledValueNextToLabelledOnesIsRefusedInTheCaseElement() throws {
        enum Mixed: Codable, Equatable { case x(Book, label: String) }
        #expect(throws: EncodingError.self) { try xml(Mixed.x(Book(title: "T", year: 1), label: "L")) }
        // The XMLCoder form keeps them apart.
        #expect(
            try decode(Mixed.self, try xml(Mixed.x(Book(title: "T", year: 1), label: "L"), .underscoreElement))
                == .x(Book(title: "T", year: 1), label: "L"))
    }

    @Test func aMissingFirstValueBesideASecondIsNotTheSecondsElements() throws {
        // `[]` writes no `<_0>`; the `<_1>` beside it is not its item.
        enum Two: Codable, Equatable { case p([Int], Int) }
        #expect(try decode(Two.self, try xml(Two.p([], 5), .underscoreElement)) == .p([], 5))
        #expect(try decode(Two.self, try xml(Two.p([], 5), .caseElement)) == .p([], 5))
        #expect(try roundTrips(Two.p([1, 2], 3)))
    }

    @Test func aNilWrapperOfAnOptionalAsAGenericPayloadIsNil() throws {
        // Found by the structured fuzzer: `case one(T)` with T an optional formatted date, nil, in
        // the case element (`<one xsi:nil="true" />` or `<one />`).
        enum Generic<T: Codable & Equatable>: Codable, Equatable { case one(T) }
        let value = Generic<OptionalFormatted<ISO8601DateFormat>>.one(OptionalFormatted(nil))
        for strategy in [XMLEncoder.NilEncodingStrategy.omitted, .emptyElement, .xsiNil] {
            let encoder = XMLEncoder()
            encoder.enumPayloadEncodingStrategy = .caseElement
            encoder.nilEncodingStrategy = strategy
            #expect(
                try XMLDecoder().decode(
                    Generic<OptionalFormatted<ISO8601DateFormat>>.self, from: encoder.encode(value, withRootKey: "r"))
                    == value)
        }
    }
}
