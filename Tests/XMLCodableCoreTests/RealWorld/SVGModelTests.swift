// Real-world models: an SVG drawing as Inkscape saves it (a title, layers as `g` with `inkscape:`
// attributes, rectangles, paths, circles and texts in mixed order, a nested group with a
// transform), modelled as a drawing tool would with XMLCodable: a shape is a choice, an enum whose
// coding keys conform to `XMLChoiceCodingKey` (the element's name selects the case), and a
// container's children are a list of shapes under the `""` key, the element's own content, so the
// mixed order of different element kinds is kept.
//
// Decoded from the fixture and compared with the value written out in full, encoded back and
// compared with the fixture in canonical form, and sent through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

/// The `svg` root: its attributes and its content.
private struct SVG: Codable, Equatable, Sendable, AttributesAndText {
    var width: String
    var height: String
    var viewBox: String
    var version: String?
    var id: String?
    var inkscapeVersion: String?
    var documentName: String?
    var content: [Shape]

    enum CodingKeys: String, CodingKey {
        case width, height, viewBox, version, id
        case inkscapeVersion = "inkscape:version"
        case documentName = "sodipodi:docname"
        case content = ""
    }
}

/// One child of `svg` or `g`, chosen by its element's name.
private indirect enum Shape: Codable, Equatable, Sendable {
    case title(Title)
    case group(Group)
    case rect(Rect)
    case circle(Circle)
    case path(Path)
    case text(Text)

    enum CodingKeys: String, XMLChoiceCodingKey {
        case title
        case group = "g"
        case rect, circle, path, text
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch container.allKeys.first {
        case .title: self = .title(try container.decode(Title.self, forKey: .title))
        case .group: self = .group(try container.decode(Group.self, forKey: .group))
        case .rect: self = .rect(try container.decode(Rect.self, forKey: .rect))
        case .circle: self = .circle(try container.decode(Circle.self, forKey: .circle))
        case .path: self = .path(try container.decode(Path.self, forKey: .path))
        case .text: self = .text(try container.decode(Text.self, forKey: .text))
        case nil:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a shape SVGModel knows"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .title(let title): try container.encode(title, forKey: .title)
        case .group(let group): try container.encode(group, forKey: .group)
        case .rect(let rect): try container.encode(rect, forKey: .rect)
        case .circle(let circle): try container.encode(circle, forKey: .circle)
        case .path(let path): try container.encode(path, forKey: .path)
        case .text(let text): try container.encode(text, forKey: .text)
        }
    }

    struct Title: Codable, Equatable, AttributesAndText {
        var id: String?
        var value: String

        enum CodingKeys: String, CodingKey {
            case id
            case value = ""
        }
    }

    /// `<g>`: a group or an Inkscape layer, with shapes inside.
    struct Group: Codable, Equatable, AttributesAndText {
        var label: String?
        var groupMode: String?
        var id: String?
        var transform: String?
        var content: [Shape]

        enum CodingKeys: String, CodingKey {
            case label = "inkscape:label"
            case groupMode = "inkscape:groupmode"
            case id, transform
            case content = ""
        }
    }

    struct Rect: Codable, Equatable, AttributesAndText {
        var style: String?
        var id: String?
        var width: Double
        var height: Double
        var x: Double
        var y: Double
        var rx: Double?
    }

    struct Circle: Codable, Equatable, AttributesAndText {
        var style: String?
        var id: String?
        var cx: Double
        var cy: Double
        var r: Double
    }

    struct Path: Codable, Equatable, AttributesAndText {
        var style: String?
        var d: String
        var id: String?
    }

    struct Text: Codable, Equatable, AttributesAndText {
        var x: Double
        var y: Double
        var style: String?
        var id: String?
        var value: String

        enum CodingKeys: String, CodingKey {
            case x, y, style, id
            case value = ""
        }
    }
}

private let wallStyle = "fill:none;stroke:#000000;stroke-width:1"
private let labelStyle = "font-size:6px;font-family:sans-serif"
private let chairStyle = "fill:#ffffff;stroke:#1c3f7a;stroke-width:0.5"
private let tableStyle = "fill:#d7e3f4;stroke:#1c3f7a;stroke-width:0.5"
private let lampStyle = "fill:#f4e3d7;stroke:#7a3f1c;stroke-width:0.5"

private let expectedSVG = SVG(
    width: "210mm", height: "120mm", viewBox: "0 0 210 120", version: "1.1", id: "svg1",
    inkscapeVersion: "1.3.2 (091e20e, 2023-11-25)", documentName: "floor-plan.svg",
    content: [
        .title(.init(id: "title1", value: "Ground floor, sketch")),
        .group(
            .init(
                label: "Walls", groupMode: "layer", id: "layer1",
                content: [
                    .rect(
                        .init(
                            style: "fill:none;stroke:#000000;stroke-width:1.5", id: "rect1", width: 190, height: 100,
                            x: 10, y: 10)),
                    .path(.init(style: wallStyle, d: "M 110,10 V 70 H 200", id: "path1")),
                    .text(.init(x: 20, y: 24, style: labelStyle, id: "text1", value: "Kitchen")),
                    .path(.init(style: wallStyle, d: "m 60,110 v -30 h 50", id: "path2")),
                ])),
        .group(
            .init(
                label: "Furniture", groupMode: "layer", id: "layer2", transform: "translate(2.5,-1)",
                content: [
                    .circle(
                        .init(
                            style: tableStyle, id: "table1", cx: 55, cy: 45, r: 12)),
                    .group(
                        .init(
                            id: "chairs", transform: "rotate(15,55,45)",
                            content: [
                                .rect(
                                    .init(style: chairStyle, id: "chair1", width: 8, height: 8, x: 51, y: 22, rx: 1.5)),
                                .rect(
                                    .init(style: chairStyle, id: "chair2", width: 8, height: 8, x: 51, y: 60, rx: 1.5)),
                            ])),
                    .text(.init(x: 150, y: 95, style: labelStyle, id: "text2", value: "Study")),
                    .circle(
                        .init(style: lampStyle, id: "lamp", cx: 185, cy: 85, r: 4)),
                ])),
    ])

@Suite("Real-world models: SVG")
struct SVGModelTests {
    /// The list of choices under the `""` key is the element's child elements in order, each one
    /// item whose case is its own name (`g`, `rect`, …): the layer `<g id="layer1">`, whose first
    /// child is a `rect`, is a group holding a rectangle.
    @Test func decodes() throws {
        let svg = try XMLDecoder().decode(SVG.self, from: try RealWorldFixture.data("svg/floor-plan.svg"))
        #expect(svg == expectedSVG)
    }

    /// The list of choices under the `""` key is written as the chosen elements in place
    /// (`<title …>…</title><g …>`). The comment Inkscape writes before the root is not part of the
    /// canonical form (a model does not carry comments); numbers are compared as numbers (the
    /// model's `Double` 190 is written `190.0`).
    @Test func encodesToTheFixturesCanonicalFormWithNumbersComparedAsNumbers() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expectedSVG, withRootKey: "svg",
            rootAttributes: [
                "xmlns:inkscape": "http://www.inkscape.org/namespaces/inkscape",
                "xmlns:sodipodi": "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
                "xmlns": "http://www.w3.org/2000/svg",
                "xmlns:svg": "http://www.w3.org/2000/svg",
            ] as KeyValuePairs,
            header: XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "no"))
        var form = CanonicalForm()
        form.numericNames = ["width", "height", "x", "y", "cx", "cy", "r", "rx"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("svg/floor-plan.svg"), form)
    }

    @Test func roundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedSVG) == expectedSVG)
    }
}
