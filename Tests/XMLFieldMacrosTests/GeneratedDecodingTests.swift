// The `@XMLFieldDecodable` macro's readers against the Codable path. Each
// document is decoded twice: by `XMLDecoder()` (defaults, so the generated reader) and by a
// decoder whose `userInfo` is not empty (so Codable); the values must be equal, and the refusals
// of the same kind.

#if FieldMacros
import Foundation
import Testing
import XMLCodableCore
import XMLFieldMacros

@XMLFieldDecodable
struct GTag: Codable, Equatable {
    var k: String
    var v: String
}

@XMLFieldDecodable
public struct GPerson: Codable, Equatable {
    public var name: String
    public var age: Int
}

@XMLFieldDecodable
struct GNode: Codable, Equatable {
    let id: Int
    var lat: Double
    var visible: Bool
    var user: String?
    var version: Int?
    var score: Double?
    var flag: Bool?
    var tags: [GTag]
    var owner: GPerson?
    var notes: [String]
    let kind = "node"  // a let with a value: not decoded, by either path

    enum CodingKeys: String, CodingKey {
        case id, lat, visible, user, version, score, flag, owner
        case tags = "tag"
        case notes = "note"
    }
}

@XMLFieldDecodable
struct GRoot: Codable, Equatable {
    var title: String
    var node: [GNode]
    var main: GPerson
    var `default`: String?
}

private func codableDecoder() -> XMLDecoder {
    let decoder = XMLDecoder()
    decoder.userInfo = [CodingUserInfoKey(rawValue: "forceCodable")!: true]
    return decoder
}

private func both<T: Decodable & Equatable>(_ type: T.Type, _ xml: String) throws -> (T, T) {
    let data = Data(xml.utf8)
    return (try XMLDecoder().decode(type, from: data), try codableDecoder().decode(type, from: data))
}

private enum Outcome: Equatable {
    case keyNotFound(String)
    case dataCorrupted
    case typeMismatch
    case other
}

private func outcome(_ body: () throws -> Any) -> Outcome? {
    do {
        _ = try body()
        return nil
    } catch DecodingError.keyNotFound(let key, _) {
        return .keyNotFound(key.stringValue)
    } catch DecodingError.dataCorrupted {
        return .dataCorrupted
    } catch DecodingError.typeMismatch {
        return .typeMismatch
    } catch {
        return .other
    }
}

let generatedDocuments = [
    // Everything present: attributes and elements, references, CDATA, non-ASCII, unknown names.
    """
    <?xml version="1.0"?>
    <!DOCTYPE root [<!ENTITY who "Zoë &amp; Ann">]>
    <root extra="ignored">
      <title>Caf&#xE9; &lt;one&gt;</title>
      <node id="1" lat="51.5" visible="true" user="&who;" version="3" score="-0.25" flag="false">
        <tag k="a" v="b"/><tag k="c" v="&quot;d&quot;"/>
        <unknown><deep>skipped</deep></unknown>
        <owner><name><![CDATA[<Ann>]]></name><age> 42 </age></owner>
        <note>first</note><note>second</note>
      </node>
      <node id="2" lat="-0.1" visible="false"/>
      <main name="M"><age>7</age></main>
      <default>d</default>
    </root>
    """,
    // Optionals absent, lists absent, elements instead of attributes.
    """
    <root><title/><main><name>x</name><age>1</age></main>
      <node><id>5</id><lat>1e3</lat><visible>1</visible></node></root>
    """,
    // Empty optional numbers and booleans are nil (as elements); an empty optional string is "".
    """
    <root><title>t</title><main name="n" age="0"/>
      <node id="9" lat="0" visible="0"><version/><score></score><flag/><user/></node></root>
    """,
    // A comment only in an optional number's element.
    """
    <root><title>t</title><main name="n" age="0"/>
      <node id="9" lat="0" visible="0"><version><!-- none --></version></node></root>
    """,
    // Values padded with white space, a comment, several text runs.
    """
    <root><title>  a <!-- c --> b  </title><main><name> n </name><age>
      12
    </age></main></root>
    """,
]

@Suite("XMLFieldDecodable")
struct GeneratedDecodingTests {
    @Test("the generated reader and Codable decode equal values", arguments: generatedDocuments.indices)
    func equalValues(index: Int) throws {
        let (generated, codable) = try both(GRoot.self, generatedDocuments[index])
        #expect(generated == codable)
    }

    @Test("long lists, one ending the document and ones that do not, decode whole within twice their room")
    func longLists() throws {
        // 6,000 nodes; the first has 5,000 tags and 4,500 notes, with 5,999 nodes after them (a
        // guess from the document left far too high for those two lists).
        var xml = "<root><title>t</title><main><name>n</name><age>1</age></main>"
        xml += "<node id='0' lat='0' visible='true'>"
        for number in 0..<5_000 { xml += "<tag k='k\(number)' v='v'/>" }
        for number in 0..<4_500 { xml += "<note>\(number)</note>" }
        xml += "</node>"
        for number in 1..<6_000 { xml += "<node id='\(number)' lat='1.5' visible='false'><note>x</note></node>" }
        xml += "</root>"
        let (generated, codable) = try both(GRoot.self, xml)
        #expect(generated == codable)
        #expect(generated.node.map(\.id) == Array(0..<6_000))
        #expect(generated.node[0].tags.map(\.k) == (0..<5_000).map { "k\($0)" })
        #expect(generated.node[0].notes == (0..<4_500).map { "\($0)" })
        #expect(generated.node.capacity <= 2 * generated.node.count)
        #expect(generated.node[0].tags.capacity <= 2 * generated.node[0].tags.count)
        #expect(generated.node[0].notes.capacity <= 2 * generated.node[0].notes.count)

        // An error in an item past the first 4,096: the same error and coding path.
        let bad = xml.replacingOccurrences(of: "<node id='5000' lat='1.5'", with: "<node id='5000' lat='x'")
        func path(_ decoder: XMLDecoder) -> [String] {
            do {
                _ = try decoder.decode(GRoot.self, from: Data(bad.utf8))
                return []
            } catch DecodingError.dataCorrupted(let context) {
                return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            } catch {
                return ["\(error)"]
            }
        }
        #expect(path(XMLDecoder()) == ["node", "5000", "lat"])
        #expect(path(XMLDecoder()) == path(codableDecoder()))
    }

    @Test("with two failing fields, the error is the first in CodingKeys' order, not the properties'")
    func codingKeysOrder() {
        // GNode declares `tags` before `owner`, its CodingKeys `owner` before `tag`: synthesized
        // Codable decodes `owner` first, and so must the generated reader.
        let xml = """
            <root><title/><main name='n' age='1'/>\
            <node id='1' lat='0' visible='1'><tag v='no k'/><owner age='3'/></node></root>
            """
        let generated = outcome { try XMLDecoder().decode(GRoot.self, from: Data(xml.utf8)) }
        let codable = outcome { try codableDecoder().decode(GRoot.self, from: Data(xml.utf8)) }
        #expect(generated == .keyNotFound("name"))
        #expect(generated == codable)
    }

    @Test("the generated reader is what XMLDecoder uses with the default settings")
    func dispatch() throws {
        let data = Data(generatedDocuments[0].utf8)
        let direct = try XMLDecoder().decodeFields(from: data) { try GRoot(xmlFields: &$0) }
        #expect(try XMLDecoder().decode(GRoot.self, from: data) == direct)
        #expect(direct.node[0].tags == [GTag(k: "a", v: "b"), GTag(k: "c", v: "\"d\"")])
        #expect(direct.node[0].user == "Zoë & Ann")
        #expect(direct.node[0].owner == GPerson(name: "<Ann>", age: 42))
        #expect(direct.node[1].tags.isEmpty && direct.node[1].owner == nil)
        #expect(direct.title == "Café <one>")
    }

    @Test(
        "a missing required field is keyNotFound on both paths",
        arguments: [
            "<root><main name='n' age='1'/></root>",  // no title
            "<root><title/><main name='n'/></root>",  // main without age
            "<root><title/><main name='n' age='1'/><node lat='1' visible='true'/></root>",  // node without id
        ])
    func missing(xml: String) {
        let data = Data(xml.utf8)
        let generated = outcome { try XMLDecoder().decode(GRoot.self, from: data) }
        let codable = outcome { try codableDecoder().decode(GRoot.self, from: data) }
        #expect(generated != nil)
        #expect(generated == codable)
    }

    @Test(
        "a document that is not well-formed is dataCorrupted on both paths",
        arguments: [
            "<root><title>t</title><main name='n' age='1'/>",  // unclosed
            "<root><title>t</title><main name='n' age='1'/></root><extra/>",  // a second root
            "<root><title>t</titel><main name='n' age='1'/></root>",  // mismatched tag
            "<root><title>&undeclared;</title><main name='n' age='1'/></root>",
        ])
    func notWellFormed(xml: String) {
        let data = Data(xml.utf8)
        let generated = outcome { try XMLDecoder().decode(GRoot.self, from: data) }
        let codable = outcome { try codableDecoder().decode(GRoot.self, from: data) }
        #expect(generated == .dataCorrupted)
        #expect(codable == .dataCorrupted)
    }

    @Test(
        "a value that does not parse is refused on both paths",
        arguments: [
            "<root><title/><main name='n' age='1'/><node id='1' lat='1' visible='1' version=''/></root>",
            "<root><title/><main name='n' age='1'/><node id='1' lat='1' visible='1'><version> </version></node></root>",
            "<root><title/><main name='n' age='x'/></root>",
            "<root><title/><main name='n' age='1'/><node id='1' lat='1' visible='maybe'/></root>",
        ])
    func badValue(xml: String) {
        let data = Data(xml.utf8)
        let generated = outcome { try XMLDecoder().decode(GRoot.self, from: data) }
        let codable = outcome { try codableDecoder().decode(GRoot.self, from: data) }
        #expect(generated == .dataCorrupted)
        #expect(codable == .dataCorrupted)
    }
}

// Fields of types with no generated reader: decoded through Codable from an index of their
// subtree alone (`XMLFieldStream.codable`).

struct PlainAddress: Codable, Equatable {
    var street: String
    var number: Int?
    @Attribute var kind: String
}

@XMLFieldDecodable
struct GContact: Codable, Equatable {
    var name: String
    var born: Date
    var home: PlainAddress
    var work: PlainAddress?
    var other: [PlainAddress]
}

let fallbackDocument = """
    <?xml version="1.0"?>
    <!DOCTYPE contact [<!ENTITY st "High &amp; Mighty St">]>
    <contact name="Ann">
      <born>86400</born>
      <home kind="house"><street>&st;</street><number>12</number></home>
      <other kind="a"><street><![CDATA[<one>]]></street></other>
      <ignored><home kind="x"><street>no</street></home></ignored>
      <other kind="b"><street>two</street><number/></other>
    </contact>
    """

@Suite("XMLFieldDecodable fall-back to Codable")
struct GeneratedFallbackTests {
    @Test("a plain Codable struct and a Date inside a generated type decode as through Codable")
    func equalValues() throws {
        let (generated, codable) = try both(GContact.self, fallbackDocument)
        #expect(generated == codable)
        #expect(generated.home.street == "High & Mighty St")
        #expect(generated.other.map(\.street) == ["<one>", "two"])
        #expect(generated.work == nil)
        #expect(generated.born == Date(timeIntervalSince1970: 86400))
        let direct = try XMLDecoder().decodeFields(from: Data(fallbackDocument.utf8)) { try GContact(xmlFields: &$0) }
        #expect(direct == codable)
    }

    @Test("a field from an entity's replacement text and one in an attribute are decoded through Codable too")
    func entityAndAttribute() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE contact [<!ENTITY home "<home kind='flat'><street>E</street></home>">]>
            <contact name="Ann" born="86400">&home;</contact>
            """
        let (generated, codable) = try both(GContact.self, xml)
        #expect(generated == codable)
        #expect(generated.home.street == "E" && generated.home.kind == "flat")
        #expect(generated.born == Date(timeIntervalSince1970: 86400))
    }

    @Test("the decoder's date strategy applies to a Date decoded through Codable")
    func dateStrategy() throws {
        let xml = fallbackDocument.replacingOccurrences(of: "86400", with: "1970-01-02")
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .xmlSchemaDate
        let generated = try decoder.decode(GContact.self, from: Data(xml.utf8))
        decoder.userInfo = [CodingUserInfoKey(rawValue: "forceCodable")!: true]
        let codable = try decoder.decode(GContact.self, from: Data(xml.utf8))
        #expect(generated == codable)
        #expect(generated.born == Date(timeIntervalSince1970: 86400))
    }

    @Test(
        "errors inside a field decoded through Codable are refused on both paths",
        arguments: [
            fallbackDocument.replacingOccurrences(of: "<number>12</number>", with: "<number>x</number>"),
            fallbackDocument.replacingOccurrences(of: "<home kind=\"house\">", with: "<home>"),
            fallbackDocument.replacingOccurrences(of: "</home>\n", with: "</hom>\n"),
        ])
    func refusals(xml: String) {
        let data = Data(xml.utf8)
        let generated = outcome { try XMLDecoder().decode(GContact.self, from: data) }
        let codable = outcome { try codableDecoder().decode(GContact.self, from: data) }
        #expect(generated != nil)
        #expect(generated == codable)
    }
}

/// A collection of its own that reads its items from an unkeyed container: given several sibling
/// elements for one property, Codable reads them all as its items.
struct Chapters: Codable, Equatable {
    var titles: [String]
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var titles: [String] = []
        while !container.isAtEnd { titles.append(try container.decode(String.self)) }
        self.titles = titles
    }
}

@XMLFieldDecodable
struct GBookWithChapters: Codable, Equatable {
    var title: String
    var chapter: Chapters
}

@Suite("XMLFieldDecodable: several elements for one property")
struct GeneratedRepeatedChildTests {
    @Test("a collection of one's own reads sibling elements as Codable does (the decoder goes through Codable)")
    func ownCollection() throws {
        let xml = "<book><title>T</title><chapter>one</chapter><chapter>two</chapter></book>"
        let (generated, codable) = try both(GBookWithChapters.self, xml)
        #expect(generated == codable)
        #expect(generated.chapter.titles == ["one", "two"])
    }

    @Test("a second element for a scalar property is the Codable path's error, coding path and all")
    func repeatedScalar() throws {
        let data = Data("<book><title>T</title><title>U</title><chapter>one</chapter></book>".utf8)
        func failure(_ decoder: XMLDecoder) -> String {
            do {
                _ = try decoder.decode(GBookWithChapters.self, from: data)
                return "decoded"
            } catch {
                return String(describing: error)
            }
        }
        let generated = failure(XMLDecoder())
        #expect(generated.contains("typeMismatch"))
        #expect(generated == failure(codableDecoder()))
    }

    @Test("a reader written by hand gets typeMismatch for the field instead")
    func handWritten() throws {
        let data = Data("<book><title>T</title><title>U</title></book>".utf8)
        let names = XMLFieldNames(for: GBookWithChapters.self, [XMLFieldNames.Field("title")])
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decodeFields(from: data) { stream in
                var title: String?
                while let field = try stream.next(in: names) {
                    if field == 0 { title = try stream.string() }
                }
                try stream.checkFailures()
                return title
            }
        }
    }
}

/// A plain Codable type that keeps its decoder past its own `init(from:)`, as a model must not:
/// read through the generated reader's Codable fall-back.
final class DecoderKeeper: Decodable {
    let text: String
    let kept: any Decoder
    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
        kept = decoder
    }
}

@XMLFieldDecodable
struct GKeepers: Decodable {
    var first: DecoderKeeper
    var second: DecoderKeeper
}

@Suite("XMLFieldDecodable: a decoder kept past its call")
struct GeneratedKeptDecoderTests {
    @Test("a fall-back field's decoder used after the call throws instead of reading the document's freed bytes")
    func keptDecoderIsRefused() throws {
        var keepers: GKeepers? = try XMLDecoder().decode(
            GKeepers.self, from: Data("<k><first>one</first><second>two</second></k>".utf8))
        #expect(keepers?.first.text == "one" && keepers?.second.text == "two")
        // The first field's decoder was kept by its value, so the second field got a decoder of
        // its own (not the first one's, reset under it).
        #expect(keepers?.first.kept as AnyObject !== keepers?.second.kept as AnyObject)
        let kept = try #require(keepers?.first.kept)
        keepers = nil
        #expect(throws: DecodingError.self) { try kept.singleValueContainer().decode(String.self) }
    }
}
#endif
