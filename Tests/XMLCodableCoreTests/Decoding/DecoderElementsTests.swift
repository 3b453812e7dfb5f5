// XMLDecoder.decodeElements: the elements at a path, decoded one at a time as the document is read.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

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
            xml +=
                "<tag k=\"\(tag.k)\" v=\"\(tag.v.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))\"/>"
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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "decodeElements-\(UUID().uuidString).xml")
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
        for try await node in XMLDecoder().decodeElements(Node.self, at: "osm/node", from: bytes) {
            decoded.append(node)
        }
        #expect(decoded == nodes)
    }
}

private struct Entry: Decodable, Equatable {
    var title: String
    var link: String?
    @Attribute var lang: String?
}

extension DecoderElementsTests {
    @Test func eachElementSeesTheNamespacesAndEntitiesOfTheDocument() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE feed [
              <!ENTITY site "https://example.com">
              <!ATTLIST entry lang CDATA "en">
            ]>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="urn:x">
              <entry><title>One &amp; only</title><link>&site;/1</link></entry>
              <x:other/>
              <entry lang="fr"><title>Deux</title></entry>
            </feed>
            """
        var entries: [Entry] = []
        try XMLDecoder().decodeElements(
            Entry.self, at: "{http://www.w3.org/2005/Atom}feed/{http://www.w3.org/2005/Atom}entry", from: Data(xml.utf8)
        ) {
            entries.append($0)
        }
        #expect(
            entries == [
                Entry(title: "One & only", link: "https://example.com/1", lang: Attribute(Optional("en"))),
                Entry(title: "Deux", link: nil, lang: Attribute(Optional("fr"))),
            ])
        // By name as written, and with any element at a step.
        var titles: [String] = []
        try XMLDecoder().decodeElements(Entry.self, at: "*/entry", from: Data(xml.utf8)) { titles.append($0.title) }
        #expect(titles == ["One & only", "Deux"])
    }

    @Test func anErrorNamesTheElementsPositionAndItsLineInTheWholeDocument() throws {
        let xml = """
            <osm>
              <node id="1" lat="1.5" user="a"/>
              <node id="2" lat="2.5" user="b"/>
              <node id="x" lat="3.5" user="c"/>
            </osm>
            """
        var decoded = 0
        do {
            try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: Data(xml.utf8)) { _ in decoded += 1 }
            Issue.record("expected an error")
        } catch let error as DecodingError {
            #expect(decoded == 2)
            #expect(pathStrings(error.context?.codingPath ?? []) == ["2", "id"])
            #expect(
                error.debugDescription
                    == #"Expected to decode Int but found "x", which is not an integer, at line 4, column 9."#)
        }
        // The same through a file read in chunks.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "elements-error-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: DecodingError.self) {
            try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: url) { _ in }
        }
        #expect(
            error?.debugDescription
                == #"Expected to decode Int but found "x", which is not an integer, at line 4, column 9."#)
    }

    @Test func malformedInputMidStreamThrowsWhereItIsAfterTheElementsBeforeIt() throws {
        let (xml, nodes) = osm(50)
        // Cut the document inside the 31st node and break it there.
        let marker = "<node id=\"30\""
        let range = try #require(xml.range(of: marker))
        let broken = String(xml[..<range.lowerBound]) + "<node id=\"30\" <oops/></osm>"
        var decoded: [Node] = []
        let inMemory = try #require(decodingError(OSM.self, broken))
        let error = #expect(throws: DecodingError.self) {
            try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: Data(broken.utf8)) { decoded.append($0) }
        }
        #expect(decoded == Array(nodes.prefix(30)))
        #expect(error?.debugDescription == inMemory.debugDescription)
        guard case .dataCorrupted(let context) = error, let parsing = context.underlyingError as? XMLParsingError else {
            Issue.record("expected dataCorrupted with an XMLParsingError")
            return
        }
        let expectedLine = broken.prefix(upTo: range.lowerBound).filter { $0 == "\n" }.count + 1
        #expect(parsing.line == expectedLine)
    }

    @Test func theBodyStopsTheReadingByThrowing() throws {
        struct Enough: Error {}
        let (xml, _) = osm(1_000)
        var seen = 0
        #expect(throws: Enough.self) {
            try XMLDecoder().decodeElements(Node.self, at: "osm/node", from: Data(xml.utf8)) { _ in
                seen += 1
                if seen == 10 { throw Enough() }
            }
        }
        #expect(seen == 10)
    }

    @Test func anAsyncSequenceStopsWhenTheLoopDoes() async throws {
        let (xml, nodes) = osm(200)
        var taken: [Node] = []
        for try await node in XMLDecoder().decodeElements(
            Node.self, at: "osm/node",
            from: AsyncStream<UInt8> { c in
                for byte in xml.utf8 { c.yield(byte) }
                c.finish()
            })
        {
            taken.append(node)
            if taken.count == 5 { break }
        }
        #expect(taken == Array(nodes.prefix(5)))
    }

    @Test func concurrentStreamsInSeparateTasks() async throws {
        let documents = (0..<8).map { osm(100 + $0 * 37) }
        let decoder = XMLDecoder()
        try await withThrowingTaskGroup(of: (Int, [Node]).self) { group in
            for (number, document) in documents.enumerated() {
                group.addTask {
                    var nodes: [Node] = []
                    let bytes = AsyncStream<UInt8> { c in
                        for byte in document.xml.utf8 { c.yield(byte) }
                        c.finish()
                    }
                    for try await node in decoder.decodeElements(Node.self, at: "osm/node", from: bytes) {
                        nodes.append(node)
                    }
                    return (number, nodes)
                }
            }
            for try await (number, nodes) in group { #expect(nodes == documents[number].nodes) }
        }
    }

    @Test func anInvalidPathIsRefused() {
        for path in ["", "a//b", "a/", "{urn:x", "{urn:x}"] {
            #expect(throws: DecodingError.self, "path \(path.debugDescription)") {
                try XMLDecoder().decodeElements(Node.self, at: path, from: Data("<a/>".utf8)) { _ in }
            }
        }
    }

    @Test func noElementAtThePathIsNoElements() throws {
        var count = 0
        try XMLDecoder().decodeElements(Node.self, at: "osm/way", from: Data(osm(10).xml.utf8)) { _ in count += 1 }
        #expect(count == 0)
    }
}
