// The places where the decoder must choose between two readings of the same XML, each with the
// rule it follows and the XML written out:
//
// - one element where a list is expected: the one item, or a wrapped list of items;
// - an element's own text (the "" key) that is absent: nil, or an empty value;
// - an empty element for an optional: nil, or a value made from nothing;
// - a dictionary's list values, written as repeated elements;
// - `superDecoder()` without a <super> element;
// - a keyed value under the "" key (an enum case's payload), mixed content into a choice enum,
//   namespace declarations read by their names;
//
// and the errors a model's own `init(from:)` throws, which leave with a line and column.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Review: Codable, Equatable {
    var rating: Int
}

/// The hand-written shape from the issue: a list under a key, one keyed container per item.
private struct Book: Codable, Equatable {
    var title: String
    var reviews: [Review]
    enum CodingKeys: String, CodingKey { case title, reviews }
    enum ReviewKeys: String, CodingKey { case rating }

    init(title: String, reviews: [Review]) {
        self.title = title
        self.reviews = reviews
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        var list = container.nestedUnkeyedContainer(forKey: .reviews)
        for review in reviews {
            var item = list.nestedContainer(keyedBy: ReviewKeys.self)
            try item.encode(review.rating, forKey: .rating)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        var list = try container.nestedUnkeyedContainer(forKey: .reviews)
        var reviews: [Review] = []
        while !list.isAtEnd {
            let item = try list.nestedContainer(keyedBy: ReviewKeys.self)
            reviews.append(Review(rating: try item.decode(Int.self, forKey: .rating)))
        }
        self.reviews = reviews
    }
}

/// The same list read with `decode(_:)` per item rather than a nested container.
private struct Shelf: Decodable, Equatable {
    var items: [Review]
    enum CodingKeys: String, CodingKey { case items }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .items)
        var items: [Review] = []
        while !list.isAtEnd { items.append(try list.decode(Review.self)) }
        self.items = items
    }
}

/// A hand-written list of strings under a key.
private struct Tags: Decodable, Equatable {
    var tags: [String]
    enum CodingKeys: String, CodingKey { case tags }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .tags)
        var tags: [String] = []
        while !list.isAtEnd { tags.append(try list.decode(String.self)) }
        self.tags = tags
    }
}

@Suite struct DecoderOneElementOrWrappedListTests {
    @Test(arguments: [0, 1, 2, 5])
    func nestedKeyedItemsRoundTripForAnyCount(_ count: Int) throws {
        let book = Book(title: "T", reviews: (0..<count).map { Review(rating: $0 + 1) })
        let xml = try XMLEncoder().encode(book, withRootKey: "book")
        #expect(try XMLDecoder().decode(Book.self, from: xml) == book)
    }

    @Test func oneElementHoldingTheItemsKeysIsTheOneItem() throws {
        // <reviews> has a child named by one of Review's keys: it is the item.
        let xml = """
            <book>
                <title>T</title>
                <reviews>
                    <rating>5</rating>
                </reviews>
            </book>
            """
        #expect(try decode(Book.self, xml) == Book(title: "T", reviews: [Review(rating: 5)]))
        #expect(try decode(Shelf.self, "<s><items><rating>5</rating></items></s>").items == [Review(rating: 5)])
    }

    @Test func oneElementWhoseChildrenAreItemsIsAWrappedList() throws {
        // <items>'s children are not Review keys but Reviews: a wrapped list, as XMLCoder reads it.
        let xml = """
            <s>
                <items>
                    <review><rating>1</rating></review>
                    <review><rating>2</rating></review>
                </items>
            </s>
            """
        #expect(try decode(Shelf.self, xml).items == [Review(rating: 1), Review(rating: 2)])
    }

    @Test func scalarItemsInOneElementAreAWrappedList() throws {
        // A string cannot be an element with children, so the children are the items.
        let xml = """
            <r>
                <tags>
                    <tag>a</tag>
                    <tag>b</tag>
                </tags>
            </r>
            """
        #expect(try decode(Tags.self, xml).tags == ["a", "b"])
        #expect(try decode(Tags.self, "<r><tags>a</tags></r>").tags == ["a"])
        #expect(try decode(Tags.self, "<r><tags>a</tags><tags>b</tags></r>").tags == ["a", "b"])
        #expect(try decode(Tags.self, "<r/>").tags == [])
    }

    @Test func countIsUnknownUntilTheFirstItemDecides() throws {
        struct Probe: Decodable {
            var before: Int?
            var after: Int?
            enum CodingKeys: String, CodingKey { case items }
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .items)
                before = list.count
                _ = try list.decode(String.self)
                after = list.count
            }
        }
        let probe = try decode(Probe.self, "<r><items><i>a</i><i>b</i></items></r>")
        #expect(probe.before == nil)
        #expect(probe.after == 2)
    }
}

@Suite struct DecoderDictionaryListTests {
    @Test func listValuesAreRepeatedElements() throws {
        // What XMLCoder writes for [String: [Int]]; before, these decoded as empty lists.
        let xml = """
            <element>
                <first>1</first>
                <first>2</first>
                <second>1</second>
            </element>
            """
        #expect(try decode([String: [Int]].self, xml) == ["first": [1, 2], "second": [1]])
    }

    @Test func anEmptyElementIsAnEmptyList() throws {
        #expect(try decode([String: [Int]].self, "<d><k/></d>") == ["k": []])
        #expect(try decode([String: [String]].self, "<d><k></k></d>") == ["k": []])
    }

    @Test func oneElementIsOneItemOrAWrappedList() throws {
        #expect(try decode([String: [Review]].self, "<d><k><rating>3</rating></k></d>") == ["k": [Review(rating: 3)]])
        #expect(try decode([String: [Int]].self, "<d><k><item>1</item><item>2</item></k></d>") == ["k": [1, 2]])
        #expect(try decode([String: [[Int]]].self, "<d><k><k>1</k><k>2</k></k></d>") == ["k": [[1, 2]]])
    }
}

@Suite struct DecoderOptionalTextTests {
    private struct Measure: Decodable, Equatable {
        @Attribute var unit: String
        var value: Int?
        enum CodingKeys: String, CodingKey {
            case unit
            case value = ""
        }
    }

    private struct Note: Decodable, Equatable {
        var title: String
        var value: String?
        enum CodingKeys: String, CodingKey {
            case title
            case value = ""
        }
    }

    @Test func noTextIsNil() throws {
        #expect(try decode(Measure.self, #"<m unit="kg"/>"#).value == nil)
        #expect(try decode(Measure.self, #"<m unit="kg">12</m>"#).value == 12)
        // The element's children are not its text.
        #expect(try decode(Note.self, "<n><title>T</title></n>").value == nil)
        #expect(try decode(Note.self, "<n>\n  <title>T</title>\n</n>").value == nil)
        #expect(try decode(Note.self, "<n>text<title>T</title></n>").value == "text")
    }

    @Test func whiteSpaceIsTextOnlyWhenKeptAndAlone() throws {
        #expect(try decode(Measure.self, #"<m unit="kg">  </m>"#).value == nil)
        struct Padded: Decodable { var value: String?; enum CodingKeys: String, CodingKey { case value = "" } }
        #expect(try decode(Padded.self, "<p>  </p>", configure: { $0.trimValueWhitespaces = false }).value == "  ")
        #expect(try decode(Padded.self, "<p>  </p>").value == nil)
    }
}

@Suite struct DecoderEmptyElementOptionalTests {
    private struct Required: Codable, Equatable { var left: String }
    private struct AllOptional: Codable, Equatable { var left: String? }

    @Test func anOptionalThatCannotBeEmptyIsNil() throws {
        struct P: Decodable {
            var number: Int?
            var required: Required?
            var relaxed: AllOptional?
            var text: String?
        }
        let xml = """
            <p>
                <number/>
                <required/>
                <relaxed/>
                <text/>
            </p>
            """
        let p = try decode(P.self, xml)
        #expect(p.number == nil)
        #expect(p.required == nil)
        #expect(p.relaxed == AllOptional(left: nil))
        #expect(p.text == "")
    }

    @Test func listItemsFollowTheSameRule() throws {
        // XMLCoder's BorderTest: an item lacking a required key is nil.
        struct Borders: Decodable { var border: [Required?] }
        let xml = """
            <borders>
                <border/>
                <border><left>thin</left></border>
            </borders>
            """
        #expect(try decode(Borders.self, xml).border == [nil, Required(left: "thin")])
    }

    @Test func anOptionalArrayFromAnEmptyElementIsEmpty() throws {
        struct P: Decodable { var tags: [String]? }
        #expect(try decode(P.self, "<p><tags/></p>").tags == [])
        #expect(try decode(P.self, "<p/>").tags == nil)
        #expect(try decode(P.self, "<p><tags>a</tags></p>").tags == ["a"])
        // A plain array keeps XMLCoder's reading: the empty element is one empty string.
        struct Q: Decodable { var tags: [String] }
        #expect(try decode(Q.self, "<q><tags/></q>").tags == [""])
    }

    @Test func aPresentValueWithContentStillThrows() throws {
        struct P: Decodable { var required: Required? }
        let error = try #require(decodingError(P.self, "<p><required><right>x</right></required></p>"))
        #expect(error.fullPath == ["required", "left"])
    }
}

@Suite struct DecoderSuperclassTests {
    private class Base: Decodable {
        var x: String
    }

    private final class Derived: Base {
        var y: Int
        enum CodingKeys: String, CodingKey { case y }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            y = try container.decode(Int.self, forKey: .y)
            try super.init(from: container.superDecoder())
        }
    }

    @Test func superDecoderReadsTheSuperElement() throws {
        let xml = """
            <d>
                <y>1</y>
                <super>
                    <x>base</x>
                </super>
            </d>
            """
        let derived = try decode(Derived.self, xml)
        #expect(derived.x == "base")
        #expect(derived.y == 1)
    }

    @Test func withoutASuperElementItThrowsWhereTheElementIs() throws {
        let xml = """
            <d>
                <y>1</y>
                <x>beside</x>
            </d>
            """
        let error = try #require(decodingError(Derived.self, xml))
        #expect(error.kind == "keyNotFound")
        #expect(
            error.debugDescription
                == "No element <super> holds the superclass's values in element <d> at line 1, column 2.")
    }
}

@Suite struct DecoderPayloadUnderEmptyKeyTests {
    private struct Run: Codable, Equatable {
        var id: Int
        var text: String
    }

    private enum Entry: Codable, Equatable {
        case run(Run)
        case br(Break)
        struct Break: Codable, Equatable {}
        enum CodingKeys: String, XMLChoiceCodingKey { case run, br }
        enum RunCodingKeys: String, CodingKey { case _0 = "" }
        enum BrCodingKeys: String, CodingKey { case _0 = "" }
    }

    @Test func aStructUnderTheEmptyKeyIsTheElementItself() throws {
        let xml = """
            <entries>
                <run>
                    <id>1518</id>
                    <text>I am answering it again.</text>
                </run>
                <br/>
            </entries>
            """
        #expect(
            try decode([Entry].self, xml) == [
                .run(Run(id: 1518, text: "I am answering it again.")), .br(Entry.Break()),
            ])
    }

    @Test func attributesAndChildrenOfTheCaseElement() throws {
        struct Labeled: Codable, Equatable {
            @Attribute var id: Int
            var title: String
        }
        enum Choice: Codable, Equatable {
            case properties(Labeled)
            enum CodingKeys: String, XMLChoiceCodingKey { case properties }
            enum PropertiesCodingKeys: String, CodingKey { case _0 = "" }
        }
        let xml = """
            <container>
                <properties id="431">
                    <title>A Word About Wake Times</title>
                </properties>
            </container>
            """
        struct Container: Codable { var choice: Choice; enum CodingKeys: String, CodingKey { case choice = "" } }
        #expect(
            try decode(Container.self, xml).choice
                == .properties(Labeled(id: Attribute(431), title: "A Word About Wake Times")))
    }
}

@Suite struct DecoderMixedContentChoiceTests {
    private enum TextItem: Decodable, Equatable {
        case bold(String)
        case text(String)
        enum CodingKeys: String, XMLChoiceCodingKey {
            case bold = "b"
            case text = ""
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch container.allKeys.first {
            case .bold: self = .bold(try container.decode(String.self, forKey: .bold))
            case .text: self = .text(try container.decode(String.self, forKey: .text))
            case nil: throw DecodingError.dataCorruptedError(forKey: .text, in: container, debugDescription: "no case")
            }
        }
    }

    @Test func textRunsAreTheEmptyKeysCase() throws {
        let xml = """
            <container>first<b>bold text</b>second</container>
            """
        #expect(try decode([TextItem].self, xml) == [.text("first"), .bold("bold text"), .text("second")])
    }
}

@Suite struct DecoderNamespaceDeclarationKeyTests {
    private struct RSS: Decodable {
        var dc: URL
        var title: String
        enum CodingKeys: String, CodingKey {
            case dc = "xmlns:dc"
            case title = "dc:title"
        }
    }

    @Test func aKeyNamedLikeADeclarationReadsIt() throws {
        let xml = """
            <rss xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:title>Feed</dc:title>
            </rss>
            """
        let rss = try decode(RSS.self, xml)
        #expect(rss.dc.absoluteString == "http://purl.org/dc/elements/1.1/")
        #expect(rss.title == "Feed")
    }

    @Test func otherKeysNeverSeeDeclarations() throws {
        // The local name "dc" is not an attribute, even when keys match local names.
        struct Local: Decodable { var dc: String? }
        let xml = #"<r xmlns:dc="http://purl.org/dc/elements/1.1/"/>"#
        #expect(try decode(Local.self, xml).dc == nil)
        #expect(try decode(Local.self, xml) { $0.shouldProcessNamespaces = true }.dc == nil)
        #expect(try decode([String: String].self, xml) == [:])
    }
}

@Suite struct DecoderModelErrorLocationTests {
    private struct Range: Decodable {
        var low: Int
        var high: Int
        enum CodingKeys: String, CodingKey { case low, high }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            low = try container.decode(Int.self, forKey: .low)
            high = try container.decode(Int.self, forKey: .high)
            guard low <= high else {
                throw DecodingError.dataCorruptedError(
                    forKey: .high, in: container, debugDescription: "high is below low")
            }
        }
    }

    private struct Even: Decodable {
        var value: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            value = try container.decode(Int.self)
            guard value % 2 == 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) is odd.")
            }
        }
    }

    @Test func anErrorForAKeyPointsAtThatKeysElement() throws {
        let xml = """
            <ranges>
                <range>
                    <low>5</low>
                    <high>2</high>
                </range>
            </ranges>
            """
        struct Ranges: Decodable { var range: [Range] }
        let error = try #require(decodingError(Ranges.self, xml))
        #expect(error.fullPath == ["range", "0", "high"])
        #expect(error.debugDescription == "high is below low, at line 4, column 10.")
    }

    @Test func anErrorForASingleValuePointsAtTheValue() throws {
        let xml = """
            <r>
                <n>4</n>
                <n>7</n>
            </r>
            """
        struct R: Decodable { var n: [Even] }
        let error = try #require(decodingError(R.self, xml))
        #expect(error.debugDescription == "7 is odd, at line 3, column 6.")
    }

    @Test func theDecodersOwnErrorsAreNotLocatedTwice() throws {
        let error = try #require(decodingError(Range.self, "<range><low>x</low><high>1</high></range>"))
        #expect(
            error.debugDescription
                == #"Expected to decode Int but found "x", which is not an integer, at line 1, column 9."#)
    }

    @Test func aThrownKeyNotFoundGetsTheContainersElement() throws {
        struct Strict: Decodable {
            enum CodingKeys: String, CodingKey { case must }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                throw DecodingError.keyNotFound(
                    CodingKeys.must, .init(codingPath: container.codingPath, debugDescription: "must is required"))
            }
        }
        struct Outer: Decodable { var strict: Strict }
        let error = try #require(decodingError(Outer.self, "<o>\n  <strict/>\n</o>"))
        #expect(error.debugDescription == "must is required, at line 2, column 4.")
    }
}
