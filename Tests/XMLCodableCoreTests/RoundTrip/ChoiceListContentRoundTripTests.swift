// A list of choices under the `""` key: an element whose attributes and heterogeneous children
// are one value (SVG's `g`: attributes, then rectangles, circles and groups in any order). Each
// child element is one item, its case chosen by its own name, read as an array of choices reads
// the root's children or a wrapped list's; the items are written in place, as the chosen elements.
// Both directions with the XML written out: beside attributes, nested groups, one item, an empty
// element (an empty list), mixed content with text under `""`, XMLCoder's `<Shape>` wrappers
// still read, and the model through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

/// Attributes for every key but `""`, the element's content.
private protocol ContentBesideAttributes: DynamicNodeEncoding, DynamicNodeDecoding {}

extension ContentBesideAttributes {
    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        key.stringValue.isEmpty ? .element : .attribute
    }

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        key.stringValue.isEmpty ? .element : .attribute
    }
}

/// One child of a group, chosen by its element's name.
private indirect enum Shape: Codable, Equatable {
    case group(Group)
    case rect(Rect)
    case circle(Circle)

    enum CodingKeys: String, XMLChoiceCodingKey {
        case group = "g"
        case rect, circle
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch container.allKeys.first {
        case .group: self = .group(try container.decode(Group.self, forKey: .group))
        case .rect: self = .rect(try container.decode(Rect.self, forKey: .rect))
        case .circle: self = .circle(try container.decode(Circle.self, forKey: .circle))
        case nil:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a shape"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .group(let group): try container.encode(group, forKey: .group)
        case .rect(let rect): try container.encode(rect, forKey: .rect)
        case .circle(let circle): try container.encode(circle, forKey: .circle)
        }
    }
}

/// `<g>`: attributes, and shapes inside.
private struct Group: Codable, Equatable, ContentBesideAttributes {
    var id: String?
    var transform: String?
    var content: [Shape]

    enum CodingKeys: String, CodingKey {
        case id, transform
        case content = ""
    }
}

private struct Rect: Codable, Equatable, ContentBesideAttributes {
    var width: Int
    var height: Int
}

private struct Circle: Codable, Equatable, ContentBesideAttributes {
    var r: Int
}

/// A run of mixed content: text (the `""` case) or a bold element.
private enum Run: Codable, Equatable {
    case text(String)
    case bold(String)

    enum CodingKeys: String, XMLChoiceCodingKey {
        case text = ""
        case bold = "b"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch container.allKeys.first {
        case .text: self = .text(try container.decode(String.self, forKey: .text))
        case .bold: self = .bold(try container.decode(String.self, forKey: .bold))
        case nil:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a run"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text): try container.encode(text, forKey: .text)
        case .bold(let text): try container.encode(text, forKey: .bold)
        }
    }
}

/// A paragraph: an attribute, and mixed content under `""`.
private struct Paragraph: Codable, Equatable, ContentBesideAttributes {
    var lang: String
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case lang
        case runs = ""
    }
}

/// A struct item under `""` (not a choice): its items are written in elements named after it.
private struct Point: Codable, Equatable {
    var x: Int
}

private struct Points: Codable, Equatable {
    var points: [Point]
    enum CodingKeys: String, CodingKey { case points = "" }
}

/// A child element beside the shapes.
private struct Titled: Codable, Equatable {
    var title: String
    var content: [Shape]

    enum CodingKeys: String, CodingKey {
        case title
        case content = ""
    }
}

/// Shapes under a named key.
private struct Drawing: Codable, Equatable {
    var shapes: [Shape]
}

/// Shapes under a key that is also a case's name.
private struct UnderG: Codable, Equatable {
    var g: [Shape]
}

/// The model of the Attributes and Elements article: Swift's synthesized `Codable` for the choice,
/// attributes through property wrappers.
private indirect enum Figure: Codable, Equatable {
    case group(FigureGroup)
    case rect(FigureRect)
    case circle(FigureCircle)

    enum CodingKeys: String, XMLChoiceCodingKey {
        case group = "g"
        case rect, circle
    }
}

private struct FigureGroup: Codable, Equatable {
    @Attribute var id: String?
    @Attribute var transform: String?
    var content: [Figure]

    enum CodingKeys: String, CodingKey {
        case id, transform
        case content = ""
    }
}

private struct FigureRect: Codable, Equatable {
    @Attribute var width: Double
    @Attribute var height: Double
}

private struct FigureCircle: Codable, Equatable {
    @Attribute var r: Double
}

private func xml<T: Encodable>(_ value: T, root: String) throws -> String {
    String(decoding: try XMLEncoder().encode(value, withRootKey: root), as: UTF8.self)
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try XMLDecoder().decode(type, from: Data(text.utf8))
}

/// Decodes `text` into `value`, and encodes `value` back to `text`.
private func expectBothWays<T: Codable & Equatable>(
    _ value: T, _ text: String, root: String, sourceLocation: SourceLocation = #_sourceLocation
)
    throws
{
    let decoded = try decode(T.self, text)
    #expect(decoded == value, sourceLocation: sourceLocation)
    let encoded = try xml(value, root: root)
    #expect(encoded == text, sourceLocation: sourceLocation)
}

@Suite("Round trip: a list of choices under the \"\" key")
struct ChoiceListContentRoundTripTests {
    @Test func childrenBesideAttributes() throws {
        try expectBothWays(
            Group(
                id: "layer", transform: "scale(2)",
                content: [.rect(Rect(width: 2, height: 3)), .circle(Circle(r: 4)), .rect(Rect(width: 5, height: 6))]),
            #"<g id="layer" transform="scale(2)"><rect width="2" height="3" /><circle r="4" /><rect width="5" height="6" /></g>"#,
            root: "g")
    }

    /// A group whose first child is a case (`rect`) is a group holding a rectangle, not a wrapper
    /// of the rectangle; a group with two cases inside is one item, not an error.
    @Test func nestedGroups() throws {
        let value = Group(
            id: "outer",
            content: [
                .group(Group(id: "a", content: [.rect(Rect(width: 1, height: 1))])),
                .group(Group(id: "b", transform: "t", content: [.circle(Circle(r: 1)), .circle(Circle(r: 2))])),
                .group(Group(content: [.group(Group(id: "c", content: [.circle(Circle(r: 3))]))])),
            ])
        try expectBothWays(
            value,
            #"<g id="outer"><g id="a"><rect width="1" height="1" /></g><g id="b" transform="t"><circle r="1" /><circle r="2" /></g>"#
                + #"<g><g id="c"><circle r="3" /></g></g></g>"#,
            root: "g")
    }

    @Test func oneItem() throws {
        try expectBothWays(
            Group(id: "x", content: [.circle(Circle(r: 7))]), #"<g id="x"><circle r="7" /></g>"#, root: "g")
        // One item that is a group holding one case: the group, not the case inside it.
        try expectBothWays(
            Group(content: [.group(Group(id: "y", content: [.rect(Rect(width: 1, height: 2))]))]),
            #"<g><g id="y"><rect width="1" height="2" /></g></g>"#, root: "g")
    }

    @Test func emptyElementIsAnEmptyList() throws {
        try expectBothWays(Group(id: "empty", content: []), #"<g id="empty" />"#, root: "g")
        try expectBothWays(Group(content: [.group(Group(content: []))]), "<g><g /></g>", root: "g")
        #expect(try decode(Group.self, "<g></g>") == Group(content: []))
        #expect(try decode(Group.self, "<g>\n  \n</g>") == Group(content: []))
    }

    @Test func layoutWhiteSpaceBetweenItems() throws {
        let text = """
            <g id="l">
              <rect width="1" height="2"/>
              <g>
                <circle r="3"/>
              </g>
            </g>
            """
        #expect(
            try decode(Group.self, text)
                == Group(
                    id: "l",
                    content: [.rect(Rect(width: 1, height: 2)), .group(Group(content: [.circle(Circle(r: 3))]))]))
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let value = Group(id: "l", content: [.group(Group(content: [.circle(Circle(r: 3))]))])
        let pretty = String(decoding: try encoder.encode(value, withRootKey: "g"), as: UTF8.self)
        #expect(pretty == "<g id=\"l\">\n    <g>\n        <circle r=\"3\" />\n    </g>\n</g>")
        // Each item on its own line, as the element's own children are.
        let two = Group(id: "l", content: [.rect(Rect(width: 1, height: 2)), .circle(Circle(r: 3))])
        let written = String(decoding: try encoder.encode(two, withRootKey: "g"), as: UTF8.self)
        #expect(written == "<g id=\"l\">\n    <rect width=\"1\" height=\"2\" />\n    <circle r=\"3\" />\n</g>")
        #expect(try decode(Group.self, written) == two)
        // Beside an element of another key (which the list, all the element's children, would
        // read as an item too), and an empty list, which adds no line.
        let titled = Titled(title: "t", content: [.rect(Rect(width: 1, height: 2)), .circle(Circle(r: 3))])
        let withTitle = String(decoding: try encoder.encode(titled, withRootKey: "d"), as: UTF8.self)
        #expect(
            withTitle
                == "<d>\n    <title>t</title>\n    <rect width=\"1\" height=\"2\" />\n    <circle r=\"3\" />\n</d>")
        let empty = String(
            decoding: try encoder.encode(Titled(title: "t", content: []), withRootKey: "d"), as: UTF8.self)
        #expect(empty == "<d>\n    <title>t</title>\n</d>")
    }

    /// As the same list reads as the document's top-level value, and as a wrapped list.
    @Test func sameItemsAsATopLevelList() throws {
        let items: [Shape] = [
            .group(Group(id: "a", content: [.rect(Rect(width: 1, height: 1))])), .circle(Circle(r: 2)),
        ]
        let content = #"<g id="a"><rect width="1" height="1" /></g><circle r="2" />"#
        let topLevel = try decode([Shape].self, "<shapes>\(content)</shapes>")
        #expect(topLevel == items)
        let encoded = try xml(items, root: "shapes")
        #expect(encoded == "<shapes>\(content)</shapes>")
        let group = try decode(Group.self, "<g>\(content)</g>")
        #expect(group == Group(content: items))
        // Under a named key, each item in the key's element, as the encoder writes it.
        let written = try xml(Drawing(shapes: items), root: "d")
        #expect(
            written
                == #"<d><shapes><g id="a"><rect width="1" height="1" /></g></shapes><shapes><circle r="2" /></shapes></d>"#
        )
        #expect(try decode(Drawing.self, written) == Drawing(shapes: items))
    }

    /// Items named by a key are elements of that name, each the wrapper of its choice (as
    /// `<value><int>1</int></value>` is), even when the key is also a case's name.
    @Test func itemsNamedByAKeyWrapTheirChoice() throws {
        let value = UnderG(g: [.rect(Rect(width: 1, height: 2)), .circle(Circle(r: 3))])
        try expectBothWays(value, #"<d><g><rect width="1" height="2" /></g><g><circle r="3" /></g></d>"#, root: "d")
    }

    /// XMLCoder's form, each item in an element named after the enum type, still reads.
    @Test func readsItemsWrappedInTheTypesName() throws {
        #expect(
            try decode(
                Group.self,
                #"<g id="w"><Shape><rect width="1" height="2" /></Shape><Shape><g id="v"><circle r="3" /></g></Shape></g>"#
            )
                == Group(
                    id: "w",
                    content: [
                        .rect(Rect(width: 1, height: 2)), .group(Group(id: "v", content: [.circle(Circle(r: 3))])),
                    ]))
    }

    @Test func mixedContentWithTextUnderTheEmptyKey() throws {
        try expectBothWays(
            Paragraph(lang: "en", runs: [.text("one,"), .bold("two"), .text(".")]),
            #"<p lang="en">one,<b>two</b>.</p>"#, root: "p")
        let spaced = Paragraph(lang: "en", runs: [.text("one "), .bold("two"), .text(" three")])
        #expect(try xml(spaced, root: "p") == #"<p lang="en">one <b>two</b> three</p>"#)
        let decoder = XMLDecoder()
        decoder.trimValueWhitespaces = false
        #expect(
            try decoder.decode(Paragraph.self, from: Data(#"<p lang="en">one <b>two</b> three</p>"#.utf8)) == spaced)
        try expectBothWays(Paragraph(lang: "en", runs: [.bold("only")]), #"<p lang="en"><b>only</b></p>"#, root: "p")
        try expectBothWays(Paragraph(lang: "en", runs: [.text("only")]), #"<p lang="en">only</p>"#, root: "p")
    }

    /// Items that are not choices keep their elements, named after their type.
    @Test func structItemsUnderTheEmptyKey() throws {
        try expectBothWays(
            Points(points: [Point(x: 1), Point(x: 2)]), "<ps><Point><x>1</x></Point><Point><x>2</x></Point></ps>",
            root: "ps")
    }

    @Test func synthesizedChoiceAsInTheArticle() throws {
        let text = """
            <g id="layer1">
              <rect width="10" height="5"/>
              <g transform="rotate(15)"><circle r="2"/><circle r="3"/></g>
            </g>
            """
        let layer = try decode(FigureGroup.self, text)
        let expected = FigureGroup(
            id: Attribute(Optional("layer1")), transform: nil,
            content: [
                .rect(FigureRect(width: 10, height: 5)),
                .group(
                    FigureGroup(
                        id: nil, transform: Attribute(Optional("rotate(15)")),
                        content: [.circle(FigureCircle(r: 2)), .circle(FigureCircle(r: 3))])),
            ])
        #expect(layer == expected)
        let encoder = XMLEncoder()
        encoder.enumPayloadEncodingStrategy = .caseElement
        let written = String(decoding: try encoder.encode(layer, withRootKey: "g"), as: UTF8.self)
        #expect(
            written
                == #"<g id="layer1"><rect width="10.0" height="5.0" /><g transform="rotate(15)"><circle r="2.0" /><circle r="3.0" /></g></g>"#
        )
        #expect(try decode(FigureGroup.self, written) == expected)
        #expect(try JSONDecoder().decode(FigureGroup.self, from: try JSONEncoder().encode(expected)) == expected)
    }

    @Test func throughJSON() throws {
        let value = Group(
            id: "j", transform: "t",
            content: [
                .rect(Rect(width: 1, height: 2)),
                .group(Group(id: "k", content: [.circle(Circle(r: 3)), .circle(Circle(r: 4))])),
            ])
        #expect(try JSONDecoder().decode(Group.self, from: try JSONEncoder().encode(value)) == value)
        let paragraph = Paragraph(lang: "en", runs: [.text("a"), .bold("b")])
        #expect(try JSONDecoder().decode(Paragraph.self, from: try JSONEncoder().encode(paragraph)) == paragraph)
    }
}
