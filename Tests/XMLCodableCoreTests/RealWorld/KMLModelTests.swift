// Real-world models: a KML 2.2 file as Google Earth saves it (a Document with Styles and Placemarks,
// a Point and a LineString, ExtendedData), modelled as a mapping app would with XMLCoder's API:
// capitalized element names through `CodingKeys`, `@Attribute` for ids and names, a prefixed key
// for Google's `gx:` extension, and coordinates as a type of their own that reads and writes the
// tuple list KML keeps in one text.
//
// Decoded from the fixture and compared with the value written out in full, encoded back and
// compared with the fixture in canonical form, and sent through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

/// A KML document with one `Document`.
private struct KML: Codable, Equatable {
    var document: Document

    enum CodingKeys: String, CodingKey {
        case document = "Document"
    }

    struct Document: Codable, Equatable {
        var name: String?
        var style: [Style]
        var placemark: [Placemark]

        enum CodingKeys: String, CodingKey {
            case name
            case style = "Style"
            case placemark = "Placemark"
        }
    }

    struct Style: Codable, Equatable {
        @Attribute var id: String
        var iconStyle: IconStyle?
        var lineStyle: LineStyle?

        enum CodingKeys: String, CodingKey {
            case id
            case iconStyle = "IconStyle"
            case lineStyle = "LineStyle"
        }
    }

    struct IconStyle: Codable, Equatable {
        var scale: Double?
        var icon: Icon?
        var hotSpot: HotSpot?

        enum CodingKeys: String, CodingKey {
            case scale
            case icon = "Icon"
            case hotSpot
        }
    }

    struct Icon: Codable, Equatable {
        var href: String
    }

    /// `<hotSpot x="20" y="2" xunits="pixels" yunits="pixels"/>`.
    struct HotSpot: Codable, Equatable, AttributesAndText {
        var x: Double
        var y: Double
        var xunits: String
        var yunits: String
    }

    struct LineStyle: Codable, Equatable {
        /// `aabbggrr`, hexadecimal.
        var color: String?
        var width: Double?
    }

    struct Placemark: Codable, Equatable {
        var name: String?
        var description: String?
        var styleUrl: String?
        var extendedData: ExtendedData?
        var point: Point?
        var lineString: LineString?

        enum CodingKeys: String, CodingKey {
            case name, description, styleUrl
            case extendedData = "ExtendedData"
            case point = "Point"
            case lineString = "LineString"
        }
    }

    struct ExtendedData: Codable, Equatable {
        var data: [Field]

        enum CodingKeys: String, CodingKey {
            case data = "Data"
        }
    }

    /// `<Data name="…"><displayName>…</displayName><value>…</value></Data>`.
    struct Field: Codable, Equatable {
        @Attribute var name: String
        var displayName: String?
        var value: String
    }

    struct Point: Codable, Equatable {
        var drawOrder: Int?
        var coordinates: Coordinates

        enum CodingKeys: String, CodingKey {
            case drawOrder = "gx:drawOrder"
            case coordinates
        }
    }

    struct LineString: Codable, Equatable {
        var tessellate: Bool?
        var coordinates: Coordinates
    }
}

/// KML's `coordinates`: tuples `lon,lat[,alt]` separated by white space, in one text.
private struct Coordinates: Codable, Equatable {
    struct Position: Equatable {
        var longitude: Double
        var latitude: Double
        var altitude: Double?
    }

    var positions: [Position]

    init(_ positions: [Position]) { self.positions = positions }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        positions = try text.split(whereSeparator: \.isWhitespace).map { tuple in
            let numbers = tuple.split(separator: ",").compactMap { Double($0) }
            guard numbers.count == 2 || numbers.count == 3 else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "bad tuple \(tuple)"))
            }
            return Position(
                longitude: numbers[0], latitude: numbers[1], altitude: numbers.count == 3 ? numbers[2] : nil)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(positions.map(Self.tuple).joined(separator: " "))
    }

    private static func tuple(_ position: Position) -> String {
        ([position.longitude, position.latitude] + (position.altitude.map { [$0] } ?? [])).map(number).joined(
            separator: ",")
    }

    /// A number as Google Earth writes it: whole numbers without a fraction.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

private func position(_ longitude: Double, _ latitude: Double, _ altitude: Double) -> Coordinates.Position {
    Coordinates.Position(longitude: longitude, latitude: latitude, altitude: altitude)
}

private let expectedKML = KML(
    document: .init(
        name: "Harbour walk.kml",
        style: [
            .init(
                id: "s_ylw-pushpin",
                iconStyle: .init(
                    scale: 1.1, icon: .init(href: "http://maps.google.com/mapfiles/kml/pushpin/ylw-pushpin.png"),
                    hotSpot: .init(x: 20, y: 2, xunits: "pixels", yunits: "pixels")),
                lineStyle: nil),
            .init(id: "line-red", iconStyle: nil, lineStyle: .init(color: "ff0000ff", width: 4)),
        ],
        placemark: [
            .init(
                name: "Ferry terminal",
                description: "Boats every 30 min; last one at 22:10 & later on Fridays.",
                styleUrl: "#s_ylw-pushpin",
                extendedData: .init(data: [
                    .init(name: "opening", value: "06:30"),
                    .init(name: "accessible", displayName: "Step-free access", value: "yes"),
                ]),
                point: .init(drawOrder: 1, coordinates: Coordinates([position(-122.418075, 37.808002, 0)]))),
            .init(
                name: "Waterfront loop",
                styleUrl: "#line-red",
                lineString: .init(
                    tessellate: true,
                    coordinates: Coordinates([
                        position(-122.418075, 37.808002, 0), position(-122.416904, 37.807409, 0),
                        position(-122.414871, 37.806932, 0), position(-122.412508, 37.806457, 0),
                        position(-122.410795, 37.805911, 0),
                    ]))),
        ]))

@Suite("Real-world models: KML")
struct KMLModelTests {
    @Test func decodes() throws {
        let kml = try XMLDecoder().decode(KML.self, from: try RealWorldFixture.data("kml/harbour-walk.kml"))
        #expect(kml == expectedKML)
    }

    /// Normalized: `tessellate`'s `1` is `true` (the model's `Bool` is written `true`, which
    /// `xsd:boolean` reads the same), the layout white space Google Earth writes around the
    /// LineString's coordinates (a line break, tabs, a space after the last tuple) is trimmed, and
    /// numbers are compared as numbers (the model's `Double` 4 is written `4.0`).
    @Test func encodesToTheFixturesCanonicalFormWithBooleanCoordinateLayoutAndNumbersNormalized() throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expectedKML, withRootKey: "kml",
            rootAttributes: [
                "xmlns": "http://www.opengis.net/kml/2.2",
                "xmlns:gx": "http://www.google.com/kml/ext/2.2",
                "xmlns:kml": "http://www.opengis.net/kml/2.2",
                "xmlns:atom": "http://www.w3.org/2005/Atom",
            ] as KeyValuePairs,
            header: XMLHeader(version: 1.0, encoding: "UTF-8"))
        var form = CanonicalForm()
        form.booleanNames = ["tessellate"]
        form.trimmedNames = ["coordinates"]
        form.numericNames = ["x", "y", "scale", "width"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("kml/harbour-walk.kml"), form)
        #expect(try XMLDecoder().decode(KML.self, from: data) == expectedKML)
    }

    @Test func roundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedKML) == expectedKML)
    }
}
