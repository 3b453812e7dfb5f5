// The decoding comparison on the sparse real models: an OOXML worksheet (sheet 20k, 200k, 2m), an
// RSS feed (rss 3k) and a GPX track (gpx 8k), whose elements have many optional keys, most of them
// absent (Workloads: Sheet.swift, Feed.swift, GPX.swift).
//
// The same three decoders as for books and osm (DecodeCase.swift), into the same plain Codable
// models: the items counted are cells, feed items and track points. Worked example:
//
//   let sheet = DecodeCase.load(.sheet20k)!        // the document, its JSON twin, the model
//   sheet.items                                    // 20,000 (cells)
//   sheet.run(.xmlCodable).verify()                // nil: XMLCodable decodes exactly the model
//   try sheet.run(.json).decodeFresh()             // (20000, 0.05 s): a new JSONDecoder per call

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Workloads

extension DecodeCase {
    /// The case of a sparse model, its input generated on first use.
    static func sparse(_ id: WorkloadID) -> DecodeCase? {
        switch id {
        case .sheet20k: sheet(id, Workloads.sheet20k, Workloads.sheet20kJSON, Workloads.sheet20kModel)
        case .sheet200k: sheet(id, Workloads.sheet200k, Workloads.sheet200kJSON, Workloads.sheet200kModel)
        case .sheet2m: sheet(id, Workloads.sheet2m, Workloads.sheet2mJSON, Workloads.sheet2mModel)
        case .rss3k: feed(id, Workloads.rss3k, Workloads.rss3kJSON, Workloads.rss3kModel)
        case .gpx8k: gpx(id, Workloads.gpx8k, Workloads.gpx8kJSON, Workloads.gpx8kModel)
        default: nil
        }
    }

    /// The case from documents already in memory (the memory tool); the expected model is
    /// generated only when a check runs.
    static func sparse(_ id: WorkloadID, xml: Data, json: Data, items: Int, values: Int) -> DecodeCase? {
        let workload = XMLWorkload(name: id.rawValue, bytes: [], elementCount: 0, attributeCount: 0, origin: "file")
        func fromFiles<Model: Decodable & Equatable>(
            _ itemName: String, _ expected: @escaping () -> Model, _ count: @escaping (Model) -> Int,
            _ describe: @escaping (Model, Model) -> String
        ) -> DecodeCase {
            DecodeCase(id: id, xml: workload, json: json, items: items, values: values, itemName: itemName) { kind in
                makeRun(kind, input: kind.readsXML ? xml : json, expected: expected, count: count, describe: describe)
            }
        }
        switch id {
        case .sheet20k, .sheet200k, .sheet2m:
            return fromFiles("cells", { SheetGenerator.worksheet(cells: items) }, { $0.cellCount }, describeDifference)
        case .rss3k:
            return fromFiles("items", { FeedGenerator.feed(items: items) }, { $0.channel.items.count }, describeDifference)
        case .gpx8k:
            return fromFiles("points", { GPXGenerator.gpx(points: items) }, { $0.pointCount }, describeDifference)
        default:
            return nil
        }
    }

    /// A small document of the same shape (`count` cells, items or points).
    static func sparse(like id: WorkloadID, count: Int) -> DecodeCase? {
        switch id {
        case .sheet20k, .sheet200k, .sheet2m:
            let model = SheetGenerator.worksheet(cells: count)
            return sheet(id, SheetGenerator.xml(model, name: "sheet \(count)"), try! SheetGenerator.json(model), model)
        case .rss3k:
            let model = FeedGenerator.feed(items: count)
            return feed(id, FeedGenerator.xml(model, name: "rss \(count)"), try! FeedGenerator.json(model), model)
        case .gpx8k:
            let model = GPXGenerator.gpx(points: count)
            return gpx(id, GPXGenerator.xml(model, name: "gpx \(count)"), try! GPXGenerator.json(model), model)
        default:
            return nil
        }
    }

    private static func sheet(_ id: WorkloadID, _ xml: XMLWorkload, _ json: Data, _ model: Worksheet) -> DecodeCase {
        make(id, xml, json, model, items: model.cellCount, values: SheetGenerator.valueCount(model), itemName: "cells") { $0.cellCount }
    }

    private static func feed(_ id: WorkloadID, _ xml: XMLWorkload, _ json: Data, _ model: RSSFeed) -> DecodeCase {
        make(id, xml, json, model, items: model.channel.items.count, values: FeedGenerator.valueCount(model), itemName: "items") {
            $0.channel.items.count
        }
    }

    private static func gpx(_ id: WorkloadID, _ xml: XMLWorkload, _ json: Data, _ model: GPX) -> DecodeCase {
        make(id, xml, json, model, items: model.pointCount, values: GPXGenerator.valueCount(model), itemName: "points") { $0.pointCount }
    }

    private static func make<Model: Decodable & Equatable>(
        _ id: WorkloadID, _ xml: XMLWorkload, _ json: Data, _ model: Model, items: Int, values: Int, itemName: String,
        count: @escaping (Model) -> Int
    ) -> DecodeCase where Model: SparseModelDifference {
        DecodeCase(id: id, xml: xml, json: json, items: items, values: values, itemName: itemName) { kind in
            makeRun(kind, input: kind.readsXML ? xml.data : json, expected: { model }, count: count, describe: Model.describeDifference)
        }
    }

    static func describeDifference(_ decoded: Worksheet, _ expected: Worksheet) -> String {
        Worksheet.describeDifference(decoded, expected)
    }

    static func describeDifference(_ decoded: RSSFeed, _ expected: RSSFeed) -> String {
        RSSFeed.describeDifference(decoded, expected)
    }

    static func describeDifference(_ decoded: GPX, _ expected: GPX) -> String {
        GPX.describeDifference(decoded, expected)
    }
}

/// A model that can say where a decoded value first differs from the expected one.
protocol SparseModelDifference {
    static func describeDifference(_ decoded: Self, _ expected: Self) -> String
}

extension Worksheet: SparseModelDifference {
    static func describeDifference(_ decoded: Worksheet, _ expected: Worksheet) -> String {
        if decoded.dimension != expected.dimension {
            return "dimension: decoded \(String(describing: decoded.dimension)), expected \(String(describing: expected.dimension))"
        }
        let (rows, expectedRows) = (decoded.sheetData.rows, expected.sheetData.rows)
        if rows.count != expectedRows.count { return "\(rows.count) rows, expected \(expectedRows.count)" }
        for (index, (row, expectedRow)) in zip(rows, expectedRows).enumerated() where row != expectedRow {
            if row.cells.count == expectedRow.cells.count {
                for (cell, expectedCell) in zip(row.cells, expectedRow.cells) where cell != expectedCell {
                    return "row \(index + 1), cell: decoded \(cell), expected \(expectedCell)"
                }
            }
            var (bare, expectedBare) = (row, expectedRow)
            bare.cells = []
            expectedBare.cells = []
            return "row \(index + 1): decoded \(bare) with \(row.cells.count) cells, expected \(expectedBare) with \(expectedRow.cells.count)"
        }
        return "the worksheets differ"
    }
}

extension RSSFeed: SparseModelDifference {
    static func describeDifference(_ decoded: RSSFeed, _ expected: RSSFeed) -> String {
        let (items, expectedItems) = (decoded.channel.items, expected.channel.items)
        if items.count != expectedItems.count { return "\(items.count) items, expected \(expectedItems.count)" }
        for (index, pair) in zip(items, expectedItems).enumerated() where pair.0 != pair.1 {
            return "item \(index): decoded \(pair.0), expected \(pair.1)"
        }
        var (channel, expectedChannel) = (decoded.channel, expected.channel)
        channel.items = []
        expectedChannel.items = []
        return "feed: decoded version \(decoded.version), \(channel); expected version \(expected.version), \(expectedChannel)"
    }
}

extension GPX: SparseModelDifference {
    static func describeDifference(_ decoded: GPX, _ expected: GPX) -> String {
        if decoded.waypoints != expected.waypoints { return "waypoints: decoded \(decoded.waypoints), expected \(expected.waypoints)" }
        if decoded.tracks.count != expected.tracks.count { return "\(decoded.tracks.count) tracks, expected \(expected.tracks.count)" }
        for (track, expectedTrack) in zip(decoded.tracks, expected.tracks) where track != expectedTrack {
            if track.segments.count != expectedTrack.segments.count {
                return "\(track.segments.count) segments, expected \(expectedTrack.segments.count)"
            }
            for (index, (segment, expectedSegment)) in zip(track.segments, expectedTrack.segments).enumerated() where segment != expectedSegment {
                if segment.points.count != expectedSegment.points.count {
                    return "segment \(index): \(segment.points.count) points, expected \(expectedSegment.points.count)"
                }
                for (point, expectedPoint) in zip(segment.points, expectedSegment.points) where point != expectedPoint {
                    return "segment \(index), point: decoded \(point), expected \(expectedPoint)"
                }
            }
            var (bare, expectedBare) = (track, expectedTrack)
            bare.segments = []
            expectedBare.segments = []
            return "track: decoded \(bare), expected \(expectedBare)"
        }
        return "gpx: decoded \(decoded.version), \(String(describing: decoded.creator)), \(String(describing: decoded.metadata)); "
            + "expected \(expected.version), \(String(describing: expected.creator)), \(String(describing: expected.metadata))"
    }
}
