// XMLFieldStream: a document read field by field from the reader's events. The values it
// reads must be the ones `XMLDecoder` decodes from the same document with the same model; what it
// does not know it skips; a bad value, a missing field, an element where text is expected and a
// document that is not well-formed are errors that say what and where.

import Foundation
import Testing

@testable import XMLCodableCore

@Suite struct DecoderFieldStreamTests {
    struct Tag: Codable, Equatable {
        var k: String
        var v: String
    }

    struct Node: Codable, Equatable {
        var id: Int
        var lat: Double
        var visible: Bool
        var user: String
        var tags: [Tag]

        enum CodingKeys: String, CodingKey {
            case id, lat, visible, user
            case tags = "tag"
        }
    }

    struct Map: Codable, Equatable {
        var version: String
        var nodes: [Node]

        enum CodingKeys: String, CodingKey {
            case version
            case nodes = "node"
        }
    }

    static let mapNames = XMLFieldNames("version", "node")
    static let nodeNames = XMLFieldNames("id", "lat", "visible", "user", "tag")
    static let tagNames = XMLFieldNames("k", "v")

    static func map(_ stream: inout XMLFieldStream) throws -> Map {
        var version: String?
        var nodes: [Node] = []
        while let field = try stream.next(in: mapNames) {
            if field == 0 { version = try stream.string() } else { nodes.append(try stream.nested(node)) }
        }
        guard let version else { throw stream.missing("version") }
        return Map(version: version, nodes: nodes)
    }

    static func node(_ stream: inout XMLFieldStream) throws -> Node {
        var id: Int?
        var lat: Double?
        var visible: Bool?
        var user: String?
        var tags: [Tag] = []
        while let field = try stream.next(in: nodeNames) {
            switch field {
            case 0: id = try stream.int()
            case 1: lat = try stream.double()
            case 2: visible = try stream.bool()
            case 3: user = try stream.string()
            default: tags.append(try stream.nested(tag))
            }
        }
        guard let id else { throw stream.missing("id") }
        guard let lat else { throw stream.missing("lat") }
        guard let visible else { throw stream.missing("visible") }
        guard let user else { throw stream.missing("user") }
        return Node(id: id, lat: lat, visible: visible, user: user, tags: tags)
    }

    static func tag(_ stream: inout XMLFieldStream) throws -> Tag {
        var k: String?
        var v: String?
        while let field = try stream.next(in: tagNames) {
            if field == 0 { k = try stream.string() } else { v = try stream.string() }
        }
        guard let k else { throw stream.missing("k") }
        guard let v else { throw stream.missing("v") }
        return Tag(k: k, v: v)
    }

    func streamed(_ xml: String) throws -> Map {
        try XMLDecoder().decodeFields(from: Data(xml.utf8), Self.map)
    }

    @Test func readsWhatTheDecoderDecodes() throws {
        // Attributes and child elements, an empty element, entities and character references,
        // CDATA beside text, white space trimmed, unknown attributes and children (with subtrees)
        // skipped, comments and processing instructions ignored, names from an entity's text.
        let documents = [
            #"<map version="0.6"><node id="1" lat="51.5" visible="true" user="ann"><tag k="a" v="b"/></node></map>"#,
            """
            <?xml version="1.0"?>
            <!DOCTYPE map [<!ENTITY who "Zoë &amp; Bo"><!ENTITY n "<node id='9' lat='0' visible='no' user='x'/>">]>
            <!-- before the root -->
            <map extra="1" version=" 1.0 ">
              <skip><node id="99" lat="0" visible="1" user="no"/></skip>
              <node id="2" lat="-0.125" other="x">
                <visible>  yes </visible>
                <user>&who;<![CDATA[ <&> ]]>&#x21;</user>
                <?pi data?>
                <tag k="&lt;k&gt;" v=""/>
                <tag><k>k2</k><v><![CDATA[v2]]></v><deeper><tag k="no" v="no"/></deeper></tag>
              </node>
              &n;
              <node id="3" lat="1e3" visible="false" user=""></node>
            </map>
            """,
        ]
        for xml in documents {
            let expected = try XMLDecoder().decode(Map.self, from: Data(xml.utf8))
            #expect(try streamed(xml) == expected, "\(xml)")
        }
        let second = try streamed(documents[1])
        #expect(second.nodes.map(\.id) == [2, 9, 3])
        #expect(second.nodes[0].user == "Zoë & Bo <&> !")
        #expect(second.nodes[0].tags == [Tag(k: "<k>", v: ""), Tag(k: "k2", v: "v2")])
    }

    @Test func aFieldLeftUnreadIsSkipped() throws {
        // A reader that reads only the nodes' ids: the rest of each node, tags included, is skipped.
        let names = XMLFieldNames("node")
        let ids = XMLFieldNames("id", "tag")
        let xml = #"<map><node id="1"><tag k="a" v="b"><x/></tag></node><node id="2"/></map>"#
        let read = try XMLDecoder().decodeFields(from: Data(xml.utf8)) { stream -> [Int] in
            var found: [Int] = []
            while try stream.next(in: names) != nil {
                found.append(
                    try stream.nested { node in
                        // The id, then stop at the first tag: the rest of the node is skipped.
                        var id = 0
                        while let field = try node.next(in: ids), field == 0 { id = try node.int() }
                        return id
                    })
            }
            return found
        }
        #expect(read == [1, 2])
    }

    @Test func emptyElementsAreSkippedWhole() throws {
        // An empty-element tag is a start and an end: skipped, it must not end its parent.
        let names = XMLFieldNames("node")
        let ids = XMLFieldNames("id")
        let xml =
            #"<m><junk/><node id="1"/><junk a="1"/><node id="2"><junk/><id>5</id><junk/></node>"#
            + #"<node id="3"/></m>"#
        let read = try XMLDecoder().decodeFields(from: Data(xml.utf8)) { stream -> [Int] in
            var found: [Int] = []
            while try stream.next(in: names) != nil {
                try stream.nested { node in
                    while try node.next(in: ids) != nil { found.append(try node.int()) }
                }
            }
            return found
        }
        #expect(read == [1, 2, 5, 3])
    }

    @Test func aBadValueSaysWhatAndWhere() throws {
        let xml = """
            <map version="1">
              <node id="1" lat="north" visible="true" user="a"/>
            </map>
            """
        do {
            _ = try streamed(xml)
            Issue.record("decoded a latitude of \"north\"")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["node", "lat"])
            #expect(context.debugDescription.contains("Expected a number but found \"north\""))
            #expect(context.debugDescription.contains("line 2"))
        }
    }

    @Test func aMissingFieldIsKeyNotFoundWithItsPath() throws {
        let xml = #"<map version="1"><node id="1" lat="0" visible="true"><tag k="a"/></node></map>"#
        do {
            _ = try streamed(xml)
            Issue.record("decoded a tag without its value")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "v")
            #expect(context.codingPath.map(\.stringValue) == ["node", "tag"])
        }
    }

    @Test func anElementWhereTextIsExpectedIsATypeMismatch() throws {
        let xml = #"<map version="1"><node id="1" lat="0" visible="true"><user><b>x</b></user></node></map>"#
        do {
            _ = try streamed(xml)
            Issue.record("read an element as a string")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription.contains("Expected text but found the element <b>"))
            #expect(context.codingPath.map(\.stringValue) == ["node", "user"])
        }
    }

    @Test func aDocumentThatIsNotWellFormedIsRefusedToItsEnd() throws {
        // The faults come after everything the model reads: the stream reads on to the end.
        let faults = [
            #"<map version="1"></map><map/>"#,
            #"<map version="1"><node id="1" lat="0" visible="true" user="a"/><x></y></map>"#,
            #"<map version="1"></map> text"#,
            #"<map version="1" version="2"></map>"#,
            #"<map version="1"><node id="1" lat="0" visible="true" user="a"/>"#,
            "",
        ]
        for xml in faults {
            #expect(throws: DecodingError.self, "\(xml)") { try streamed(xml) }
            #expect(throws: DecodingError.self, "\(xml)") { try XMLDecoder().decode(Map.self, from: Data(xml.utf8)) }
        }
    }

    @Test func namesLongerThanTheTablesLengthsStillMatch() throws {
        // 71 bytes: longer than the names the table groups by length (64), compared one by one.
        let long = "a" + String(repeating: "b", count: 70)
        let table = XMLFieldNames("x", "abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb")
        let xml = "<r><\(long)>7</\(long)><x>8</x></r>"
        let values = try XMLDecoder().decodeFields(from: Data(xml.utf8)) { stream -> [Int: Int] in
            var found: [Int: Int] = [:]
            while let field = try stream.next(in: table) { found[field] = try stream.int() }
            return found
        }
        #expect(values == [1: 7, 0: 8])
    }
}
