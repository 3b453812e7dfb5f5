// XMLDecoder.decodeElements: the elements at a path, decoded one at a time as the document is read.

import Foundation
import Testing
@testable import XMLCodable

private struct Tag: Codable, Equatable {
    @Attribute var k: String
    @Attribute var v: String
}

private struct Node: Codable, Equatable {
    @Attribute var id: Int
    @Attribute var lat: Double
    @Attribute var user: String
    var tag: [Tag]
}

private struct OSM: Codable, Equatable {
    var node: [Node]
}

/// A document of `count` nodes with 0–3 tags each.
private func osm(_ count: Int) -> (xml: String, nodes: [Node]) {
    var rng = SplitMix64(seed: 7)
    var nodes: [Node] = []
    var xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
    for id in 0..<count {
        let tags = (0..<Int(rng.next() % 4)).map { Tag(k: Attribute("k\($0)"), v: Attribute("v&\(id)<\($0)")) }
        let node = Node(id: Attribute(id), lat: Attribute(Double(id) / 7), user: Attribute("u\(id % 13) é"), tag: tags)
        nodes.append(node)
        xml += "  <node id=\"\(id)\" lat=\"\(node.lat)\" user=\"u\(id % 13) é\">"
        for tag in tags {
            xml += "<tag k=\"\(tag.k)\" v=\"\(tag.v.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))\"/>"
        }
        xml += "</node>\n"
    }
    xml += "</osm>\n"
    return (xml, nodes)
}

@Suite struct DecoderElementsTests {
    @Test func elementsFromDataEqualTheWholeDocumentDecoded() throws {
        let (xml, nodes) = osm(500)
        let data = Data(xml.utf8)
        #expect(try XMLDecoder().decode(OSM.self, from: data).node == nodes)
        var decoded: [Node] = []
        try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: data) { decoded.append($0) }
        #expect(decoded == nodes)
    }

    @Test func elementsFromAFileInSmallChunks() throws {
        let (xml, nodes) = osm(2_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("decodeElements-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var decoded: [Node] = []
        try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: url) { decoded.append($0) }
        #expect(decoded == nodes)
    }

    @Test func elementsFromAsyncBytes() async throws {
        let (xml, nodes) = osm(300)
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in xml.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var decoded: [Node] = []
        for try await node in XMLDecoder().decodeElements(Node.self, at: "osm/node", from: bytes) { decoded.append(node) }
        #expect(decoded == nodes)
    }
}
