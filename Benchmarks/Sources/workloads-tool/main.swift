// `swift run -c release workloads [--all] [--write DIR]`: describe and check the benchmark inputs.
//
// For each workload it prints the size, element and attribute counts (the divisors for per-MB and
// per-element figures), then checks that the inputs are what they claim to be:
//   - Foundation's XMLParser sees the same number of elements (or reports its failure, as it does
//     on Linux for the 50,000-item documents);
//   - the XML decodes with XMLCoder and with XMLCodable, and the JSON twin with JSONDecoder, to the
//     very models it was generated from (5,000-item documents; `--all` also does the 50,000-item ones, which takes
//     XMLCoder a while).
// `--write DIR` writes each generated document (.xml and .json) to DIR for inspection.
// The sparse real models (sheet 20k, rss 3k, gpx 8k; sheet 200k with `--all` or `--write`) are
// described and checked the same way.
// Exits non-zero if any check fails. XMLParser's known Linux limitations (documents over
// 10,000,000 bytes; a crash with a delegate on DTDs with #IMPLIED/#REQUIRED attributes) are
// reported as notes, as is XMLCoder failing where XMLParser does.

import Decoders
import Foundation
import Workloads
import XMLCoder

let arguments = CommandLine.arguments.dropFirst()
let checkAll = arguments.contains("--all")
var writeDirectory: String?
if let index = arguments.firstIndex(of: "--write") {
    guard arguments.index(after: index) < arguments.endIndex else {
        print("usage: workloads [--all] [--write DIR]")
        exit(2)
    }
    writeDirectory = arguments[arguments.index(after: index)]
}

var failures = 0

@MainActor func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if condition {
        print("  ok: \(message())")
    } else {
        failures += 1
        print("  FAILED: \(message())")
    }
}

/// Prints what the workload is and checks XMLParser's element count; returns whether XMLParser
/// (with a delegate) can parse it on this platform.
@discardableResult
@MainActor func describe(_ workload: XMLWorkload) -> Bool {
    print(
        "\(workload.name): \(workload.bytes.count) bytes (\(String(format: "%.3f", workload.megabytes)) MB), "
            + "\(workload.elementCount) elements, \(workload.attributeCount) attributes — \(workload.origin)")
    if let crash = FoundationXMLParserRun.knownCrash(in: workload.bytes) {
        print("  note: \(crash); parsing without a delegate instead")
        let outcome = FoundationXMLParserRun.parseWithoutDelegate(workload.data)
        print("  note: Foundation XMLParser without a delegate: \(outcome.summary)")
        return false
    }
    let outcome = FoundationXMLParserRun.parse(workload.data)
    if outcome.succeeded {
        check(
            outcome.elements == workload.elementCount,
            "XMLParser saw \(outcome.elements) elements, expected \(workload.elementCount)")
        return true
    }
    print("  note: Foundation XMLParser \(outcome.summary)")
    return false
}

@MainActor func write(_ bytes: Data, _ name: String) throws {
    guard let writeDirectory else { return }
    try FileManager.default.createDirectory(atPath: writeDirectory, withIntermediateDirectories: true)
    let path = (writeDirectory as NSString).appendingPathComponent(name)
    try bytes.write(to: URL(fileURLWithPath: path))
    print("  wrote \(path)")
}

@MainActor func checkDecoding<Model: Decodable & Equatable>(
    _ type: Model.Type, model: Model, xml: XMLWorkload, json: Data, decodeXML: Bool, xmlParserWorks: Bool
) {
    do {
        let fromJSON = try JSONDecoder().decode(Model.self, from: json)
        check(fromJSON == model, "JSONDecoder reads the JSON twin (\(json.count) bytes) back to the generated models")
    } catch {
        check(false, "JSONDecoder: \(error)")
    }
    guard decodeXML else { return }
    do {
        let fromXML = try XMLCoderSetup.decoder().decode(Model.self, from: xml.data)
        check(fromXML == model, "XMLCoder reads the XML back to the generated models")
    } catch  where !xmlParserWorks {
        // XMLCoder reads through Foundation's XMLParser, so it fails wherever XMLParser does.
        print("  note: XMLCoder fails too, as it reads through XMLParser: \(error)")
    } catch {
        check(false, "XMLCoder: \(error)")
    }
}

do {
    let books: [(XMLWorkload, Catalog, Data, Bool)] = [
        (Workloads.books5k, Workloads.books5kCatalog, Workloads.books5kJSON, true),
        (Workloads.books50k, Workloads.books50kCatalog, Workloads.books50kJSON, checkAll),
    ]
    for (xml, catalog, json, decodeXML) in books {
        let works = describe(xml)
        checkDecoding(Catalog.self, model: catalog, xml: xml, json: json, decodeXML: decodeXML, xmlParserWorks: works)
        let stem = xml.name.replacingOccurrences(of: " ", with: "-")
        try write(xml.data, stem + ".xml")
        try write(json, stem + ".json")
    }
    let osm: [(XMLWorkload, OSM, Data, Bool)] = [
        (Workloads.osm5k, Workloads.osm5kModel, Workloads.osm5kJSON, true),
        (Workloads.osm50k, Workloads.osm50kModel, Workloads.osm50kJSON, checkAll),
    ]
    for (xml, model, json, decodeXML) in osm {
        let works = describe(xml)
        checkDecoding(OSM.self, model: model, xml: xml, json: json, decodeXML: decodeXML, xmlParserWorks: works)
        let stem = xml.name.replacingOccurrences(of: " ", with: "-")
        try write(xml.data, stem + ".xml")
        try write(json, stem + ".json")
    }
    // The sparse real models (sheet 200k only with --all: it is over XMLParser's size limit, and
    // generating it takes a few seconds).
    func sparse<Model: Decodable & Equatable>(_ xml: XMLWorkload, _ model: Model, _ json: Data) throws {
        let works = describe(xml)
        checkDecoding(Model.self, model: model, xml: xml, json: json, decodeXML: true, xmlParserWorks: works)
        let stem = xml.name.replacingOccurrences(of: " ", with: "-")
        try write(xml.data, stem + ".xml")
        try write(json, stem + ".json")
    }
    try sparse(Workloads.sheet20k, Workloads.sheet20kModel, Workloads.sheet20kJSON)
    let keyCounts = Dictionary(grouping: Workloads.sheet20kModel.sheetData.rows.flatMap(\.cells), by: \.keyCount)
    print("  cells by how many of their six keys they have: " + keyCounts.keys.sorted().map { "\($0): \(keyCounts[$0]!.count)" }.joined(separator: ", "))
    if checkAll || writeDirectory != nil { try sparse(Workloads.sheet200k, Workloads.sheet200kModel, Workloads.sheet200kJSON) }
    try sparse(Workloads.rss3k, Workloads.rss3kModel, Workloads.rss3kJSON)
    try sparse(Workloads.gpx8k, Workloads.gpx8kModel, Workloads.gpx8kJSON)
    // XMLCodable's XMLDecoder on the same XML, to the same models (Decoders/DecodeCase.swift).
    let sparseChecked = DecodeCase.sparseIDs.filter { checkAll || writeDirectory != nil || $0 != .sheet200k }
    for id in DecodeCase.ids + sparseChecked where checkAll || id == .books5k || id == .osm5k || DecodeCase.sparseIDs.contains(id) {
        guard let decodeCase = DecodeCase.load(id) else { continue }
        let difference = decodeCase.run(.xmlCodable).verify()
        check(difference == nil, "\(id.rawValue): " + (difference ?? "XMLCodable reads the XML back to the generated models"))
    }
    switch Workloads.realDocument {
    case .success(let real):
        describe(real)
    case .failure(let missing):
        print("note: \(missing)")
    }
} catch {
    failures += 1
    print("FAILED: \(error)")
}

print(failures == 0 ? "all checks passed" : "\(failures) check(s) failed")
exit(failures == 0 ? 0 : 1)
