// Real-world models: a GPX 1.1 file as a Garmin eTrex writes it (metadata, waypoints, a track of two
// segments, Garmin's extensions), modelled as a track-log app would with XMLCoder's API: `lat` and
// `lon` placed as attributes by `DynamicNodeEncoding`/`DynamicNodeDecoding`, ISO 8601 dates, and
// Clark-notation keys (`{uri}local`) for the Garmin extension elements, which match whatever prefix
// a file binds to those namespaces and are written with the prefixes declared on the root.
//
// Decoded from the fixture and compared with the value written out in full, encoded back and
// compared with the fixture in canonical form (prefixes included), and sent through JSON.

import Foundation
import Testing
import XMLCodableCore
import XMLCodableTestSupport

private enum GarminNamespace {
    static let gpxx = "http://www.garmin.com/xmlschemas/GpxExtensions/v3"
    static let waypoint = "http://www.garmin.com/xmlschemas/WaypointExtension/v1"
    static let trackPoint = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
}

/// A GPX 1.1 document (`gpxType`).
private struct GPX: Codable, Equatable, DynamicNodeEncoding, DynamicNodeDecoding {
    var creator: String
    var version: String
    var schemaLocation: String?
    var metadata: Metadata?
    var wpt: [Waypoint]
    var trk: [Track]

    enum CodingKeys: String, CodingKey {
        case creator, version
        case schemaLocation = "xsi:schemaLocation"
        case metadata, wpt, trk
    }

    private static let attributes: Set<String> = ["creator", "version", "xsi:schemaLocation"]

    static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
        attributes.contains(key.stringValue) ? .attribute : .element
    }

    static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
        attributes.contains(key.stringValue) ? .attribute : .element
    }

    struct Metadata: Codable, Equatable {
        var link: [Link]
        var time: Date?
    }

    /// `<link href="…"><text>…</text></link>`.
    struct Link: Codable, Equatable {
        @Attribute var href: String
        var text: String?
        var type: String?
    }

    /// A waypoint, or a track point (`wptType`), with the children this file uses.
    struct Waypoint: Codable, Equatable, DynamicNodeEncoding, DynamicNodeDecoding {
        var lat: Double
        var lon: Double
        var ele: Double?
        var time: Date?
        var name: String?
        var sym: String?
        var extensions: Extensions?

        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            ["lat", "lon"].contains(key.stringValue) ? .attribute : .element
        }

        static func nodeDecoding(for key: any CodingKey) -> XMLDecoder.NodeDecoding {
            ["lat", "lon"].contains(key.stringValue) ? .attribute : .element
        }
    }

    /// A point's or a track's `<extensions>`: Garmin's, by namespace.
    struct Extensions: Codable, Equatable {
        var waypoint: WaypointExtension?
        var trackPoint: TrackPointExtension?
        var track: TrackExtension?

        enum CodingKeys: String, CodingKey {
            case waypoint = "{http://www.garmin.com/xmlschemas/WaypointExtension/v1}WaypointExtension"
            case trackPoint = "{http://www.garmin.com/xmlschemas/TrackPointExtension/v1}TrackPointExtension"
            case track = "{http://www.garmin.com/xmlschemas/GpxExtensions/v3}TrackExtension"
        }
    }

    struct WaypointExtension: Codable, Equatable {
        var displayMode: String?
        enum CodingKeys: String, CodingKey {
            case displayMode = "{http://www.garmin.com/xmlschemas/WaypointExtension/v1}DisplayMode"
        }
    }

    struct TrackPointExtension: Codable, Equatable {
        var airTemperature: Double?
        var heartRate: Int?
        enum CodingKeys: String, CodingKey {
            case airTemperature = "{http://www.garmin.com/xmlschemas/TrackPointExtension/v1}atemp"
            case heartRate = "{http://www.garmin.com/xmlschemas/TrackPointExtension/v1}hr"
        }
    }

    struct TrackExtension: Codable, Equatable {
        var displayColor: String?
        enum CodingKeys: String, CodingKey {
            case displayColor = "{http://www.garmin.com/xmlschemas/GpxExtensions/v3}DisplayColor"
        }
    }

    struct Track: Codable, Equatable {
        var name: String?
        var extensions: Extensions?
        var trkseg: [Segment]
    }

    struct Segment: Codable, Equatable {
        var trkpt: [Waypoint]
    }
}

private let schemaLocation = [
    "http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd",
    "\(GarminNamespace.gpxx) http://www8.garmin.com/xmlschemas/GpxExtensionsv3.xsd",
    "\(GarminNamespace.waypoint) http://www8.garmin.com/xmlschemas/WaypointExtensionv1.xsd",
    "\(GarminNamespace.trackPoint) http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd",
].joined(separator: " ")

private func heart(_ rate: Int, air temperature: Double) -> GPX.Extensions {
    GPX.Extensions(trackPoint: .init(airTemperature: temperature, heartRate: rate))
}

private let expectedGPX = GPX(
    creator: "eTrex 32x",
    version: "1.1",
    schemaLocation: schemaLocation,
    metadata: .init(
        link: [.init(href: "http://www.garmin.com", text: "Garmin International")],
        time: isoDate("2023-09-16T15:02:11Z")),
    wpt: [
        .init(
            lat: 46.558146, lon: 7.835274, ele: 1778.41, time: isoDate("2023-09-16T09:41:07Z"), name: "Obersteinberg",
            sym: "Lodge", extensions: .init(waypoint: .init(displayMode: "SymbolAndName"))),
        .init(
            lat: 46.572393, lon: 7.899101, ele: 1224.9, time: isoDate("2023-09-16T13:12:40Z"), name: "Trümmelbach",
            sym: "Flag, Blue"),
    ],
    trk: [
        .init(
            name: "2023-09-16 07:58:31",
            extensions: .init(track: .init(displayColor: "Cyan")),
            trkseg: [
                .init(trkpt: [
                    .init(
                        lat: 46.584791, lon: 7.911028, ele: 795.72, time: isoDate("2023-09-16T07:58:31Z"),
                        extensions: heart(92, air: 14.5)),
                    .init(
                        lat: 46.584512, lon: 7.910587, ele: 797.16, time: isoDate("2023-09-16T07:58:49Z"),
                        extensions: heart(101, air: 14.5)),
                    .init(lat: 46.584166, lon: 7.910245, ele: 799.57, time: isoDate("2023-09-16T07:59:12Z")),
                ]),
                .init(trkpt: [
                    .init(
                        lat: 46.559204, lon: 7.836918, ele: 1771.2, time: isoDate("2023-09-16T09:52:03Z"),
                        extensions: heart(118, air: 11))
                ]),
            ])
    ])

@Suite("Real-world models: GPX")
struct GPXModelTests {
    private func decoder() -> XMLDecoder {
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    @Test func decodes() throws {
        let gpx = try decoder().decode(GPX.self, from: try RealWorldFixture.data("gpx/etrex-hike.gpx"))
        #expect(gpx == expectedGPX)
    }

    /// The same file read with namespace processing: the Clark keys match by URI in both modes.
    /// (The prefixed key `xsi:schemaLocation` is left out of the comparison: how a prefixed
    /// attribute key matches under namespace processing is the subject of the OOXML `r:id` tests.)
    @Test func decodesWithNamespaceProcessing() throws {
        let decoder = decoder()
        decoder.shouldProcessNamespaces = true
        let gpx = try decoder.decode(GPX.self, from: try RealWorldFixture.data("gpx/etrex-hike.gpx"))
        #expect(gpx.trk == expectedGPX.trk)
        #expect(gpx.wpt == expectedGPX.wpt)
        #expect(gpx.metadata == expectedGPX.metadata)
    }

    /// Normalized: numbers are compared as numbers (the model's `Double` 11 is written `11.0`,
    /// where the device writes `11`).
    @Test func encodesToTheFixturesCanonicalFormWithNumbersComparedAsNumbers() throws {
        let encoder = XMLEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .prettyPrinted
        let data = try encoder.encode(
            expectedGPX, withRootKey: "gpx",
            rootAttributes: [
                "xmlns": "http://www.topografix.com/GPX/1/1",
                "xmlns:gpxx": GarminNamespace.gpxx,
                "xmlns:wptx1": GarminNamespace.waypoint,
                "xmlns:gpxtpx": GarminNamespace.trackPoint,
                "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
            ] as KeyValuePairs,
            header: XMLHeader(version: 1.0, encoding: "UTF-8", standalone: "no"))
        var form = CanonicalForm()
        form.numericNames = ["lat", "lon", "ele", "atemp"]
        try expectSameCanonicalForm(data, try RealWorldFixture.data("gpx/etrex-hike.gpx"), form)
        #expect(try decoder().decode(GPX.self, from: data) == expectedGPX)
    }

    @Test func roundTripsThroughJSON() throws {
        #expect(try jsonRoundTrip(expectedGPX) == expectedGPX)
    }
}
