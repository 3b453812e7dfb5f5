// The writer: what it escapes in text and in attributes (so values survive the reader's line-end
// and attribute-value normalization), what it refuses (characters XML 1.0 cannot carry, keys
// that are not XML names), with EncodingErrors that carry the coding path.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// Encodes one value under a key given at run time, as an element or an attribute.
private struct OneKey<Value: Encodable>: Encodable {
    var key: String
    var value: Value
    var asAttribute = false
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        if asAttribute {
            try c.encode(Attribute(value), forKey: AnyKey(key))
        } else {
            try c.encode(value, forKey: AnyKey(key))
        }
    }
}

@Suite struct EncoderWriterTests {
    struct S: Codable, Equatable { @Attribute var a: String; var s: String }

    private static let tricky = "a&b<c>d\"e'f\tg\nh\ri\r\nj ]]> &amp; &#13;"

    @Test func escapesInText() throws {
        let xml = try encodeXML(S(a: "", s: Self.tricky), rootKey: "r")
        // XMLCoder's default table escapes ' and " too; a carriage return is always a reference.
        #expect(
            xml == "<r a=\"\"><s>a&amp;b&lt;c&gt;d&quot;e&apos;f\tg\nh&#13;i&#13;\nj ]]&gt; &amp;amp; &amp;#13;</s></r>"
        )
        let minimal = try encodeXML(
            S(a: "", s: Self.tricky), rootKey: "r", configure: { $0.outputFormatting = .minimalEscaping })
        #expect(minimal == "<r a=\"\"><s>a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i&#13;\nj ]]&gt; &amp;amp; &amp;#13;</s></r>")
    }

    @Test func escapesInAttributes() throws {
        let xml = try encodeXML(S(a: Attribute(Self.tricky), s: ""), rootKey: "r")
        // XMLCoder's default table escapes > and ' too; tab, line feed and carriage return are
        // always references.
        #expect(
            xml
                == "<r a=\"a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i&#13;&#10;j ]]&gt; &amp;amp; &amp;#13;\"><s></s></r>"
        )
        let minimal = try encodeXML(
            S(a: Attribute(Self.tricky), s: ""), rootKey: "r", configure: { $0.outputFormatting = .minimalEscaping })
        #expect(
            minimal
                == "<r a=\"a&amp;b&lt;c>d&quot;e'f&#9;g&#10;h&#13;i&#13;&#10;j ]]> &amp;amp; &amp;#13;\"><s></s></r>")
    }

    @Test func escapedValuesRoundTripExactly() throws {
        try roundTrip(
            S(a: Attribute(Self.tricky), s: Self.tricky), rootKey: "r", decoder: { $0.trimValueWhitespaces = false })
        try roundTrip(S(a: " \t\n\r ", s: " \t\n\r "), rootKey: "r", decoder: { $0.trimValueWhitespaces = false })
        try roundTrip(S(a: "\r\n", s: "\r\n"), rootKey: "r", decoder: { $0.trimValueWhitespaces = false })
    }

    @Test func characterBoundariesXMLCanCarry() throws {
        let allowed: [UInt32] = [
            0x9, 0xA, 0xD, 0x20, 0x7F, 0x85, 0xA0, 0xD7FF, 0xE000, 0xFDD0, 0xFFFD, 0x10000, 0x1F600, 0x10FFFF,
        ]
        for value in allowed {
            let text = "x" + String(Unicode.Scalar(value)!) + "y"
            try roundTrip(S(a: Attribute(text), s: text), rootKey: "r", decoder: { $0.trimValueWhitespaces = false })
        }
    }

    // MARK: Characters XML 1.0 cannot carry

    static let forbidden: [UInt32] = [0x0, 0x1, 0x8, 0xB, 0xC, 0xE, 0x1F, 0xFFFE, 0xFFFF]

    @Test(arguments: forbidden)
    func forbiddenCharacterInElementTextIsRefused(_ value: UInt32) throws {
        let text = "ok" + String(Unicode.Scalar(value)!) + "ok"
        let error = try #require(encodingError(S(a: "", s: text)))
        #expect(error.path == ["s"])
        #expect(
            error.debugDescription.contains("U+\(String(value, radix: 16, uppercase: true))"),
            "\(error.debugDescription)")
    }

    @Test(arguments: forbidden)
    func forbiddenCharacterInAttributeIsRefused(_ value: UInt32) throws {
        let error = try #require(encodingError(S(a: Attribute(String(Unicode.Scalar(value)!)), s: "")))
        #expect(error.path == ["a"])
    }

    @Test(arguments: forbidden)
    func forbiddenCharacterElsewhereIsRefused(_ value: UInt32) throws {
        let bad = "x" + String(Unicode.Scalar(value)!)
        struct Deep: Encodable { var list: [[String]] }
        let error = try #require(encodingError(Deep(list: [["fine"], ["ok", bad]])))
        #expect(error.path == ["list", "1", "1"])
        #expect(encodingError(bad) != nil)  // top-level scalar
        #expect(encodingError(S(a: "", s: bad), configure: { $0.stringEncodingStrategy = .cdata }) != nil)
        #expect(encodingError(["k": bad]) != nil)  // dictionary value
        #expect(encodingError(S(a: "", s: ""), rootAttributes: ["r": bad]) != nil)
        #expect(encodingError(S(a: "", s: ""), doctype: .system(rootElement: "root", dtdLocation: bad)) != nil)
        struct Inf: Encodable { var d = Double.infinity }
        #expect(
            encodingError(
                Inf(),
                configure: {
                    $0.nonConformingFloatEncodingStrategy = .convertToString(
                        positiveInfinity: bad, negativeInfinity: "-", nan: "n")
                }) != nil)
    }

    @Test func forbiddenCharacterInATextKeyValue() throws {
        struct T: Encodable {
            var t: String
            enum CodingKeys: String, CodingKey { case t = "" }
        }
        #expect(encodingError(T(t: "a\u{FFFF}")) != nil)
    }

    // MARK: Names

    static let invalidNames = [
        "1a", "a b", "a:b:c", ":a", "a:", "-a", ".a", "a>b", "a\"b", "a/b", "a=b", "\u{300}a", "a\u{0}",
    ]
    static let validNames = ["a", "a:b", "_a", "a-b.c", "é", "a1", "ABC", "日本", "xml-stuff", "a\u{300}"]

    @Test(arguments: invalidNames)
    func invalidElementNameIsRefused(_ name: String) throws {
        let error = try #require(encodingError(OneKey(key: name, value: 1)))
        #expect(error.path == [name])
        #expect(error.debugDescription.contains("not a valid XML name"), "\(error.debugDescription)")
    }

    @Test(arguments: invalidNames)
    func invalidAttributeNameIsRefused(_ name: String) throws {
        #expect(encodingError(OneKey(key: name, value: "v", asAttribute: true)) != nil)
    }

    @Test(arguments: invalidNames + [""])
    func invalidRootNameIsRefused(_ name: String) throws {
        #expect(encodingError(1, rootKey: name) != nil)
    }

    @Test(arguments: validNames)
    func validNamesAreWritten(_ name: String) throws {
        #expect(try encodeXML(OneKey(key: name, value: 1), rootKey: "r") == "<r><\(name)>1</\(name)></r>")
        #expect(try encodeXML(OneKey(key: name, value: "v", asAttribute: true), rootKey: "r") == "<r \(name)=\"v\" />")
    }

    @Test func invalidNamesInNestedContainersAreRefused() throws {
        struct NestedKeyed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyKey.self)
                var inner = c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("bad name"))
                try inner.encode(1, forKey: AnyKey("x"))
            }
        }
        struct NestedUnkeyed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyKey.self)
                var list = c.nestedUnkeyedContainer(forKey: AnyKey("9"))
                try list.encode(1)
            }
        }
        struct SuperKey: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyKey.self)
                var single = c.superEncoder(forKey: AnyKey("<super>")).singleValueContainer()
                try single.encode(1)
            }
        }
        struct BadItemName: Encodable, XMLListCoding {
            var items = [1, 2]
            static func xmlListItemName(for key: any CodingKey) -> String? { "bad item" }
        }
        let error = try #require(encodingError(NestedKeyed()))
        #expect(error.path == ["bad name"])
        #expect(encodingError(NestedUnkeyed()) != nil)
        #expect(encodingError(SuperKey()) != nil)
        #expect(encodingError(BadItemName()) != nil)
    }

    @Test func invalidNameDeepInsideIsReportedWithItsPath() throws {
        struct Outer: Encodable { var list: [OneKey<Int>] }
        let error = try #require(
            encodingError(Outer(list: [OneKey(key: "ok", value: 1), OneKey(key: "not ok", value: 2)])))
        #expect(error.path == ["list", "1", "not ok"])
    }
}

@Suite struct EncoderConcurrencyTests {
    struct Record: Codable, Equatable, Sendable {
        @Attribute var id: Int
        var name: String
        var values: [Double]
        var when: Date
    }

    /// One XMLEncoder shared by 16 tasks: every result equals the one encoded alone.
    @Test func sharedEncoderFromSixteenTasks() async throws {
        let encoder = XMLEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nilEncodingStrategy = .xsiNil
        let records = (0..<16).map { i in
            Record(
                id: Attribute(i), name: "record \(i) & <\(i)>", values: (0..<i).map { Double($0) / 4 },
                when: Date(timeIntervalSince1970: Double(i) * 1000.5))
        }
        let expected = try records.map { try encoder.encode($0, withRootKey: "record") }
        let results = try await withThrowingTaskGroup(of: (Int, [Data]).self) { group in
            for (index, record) in records.enumerated() {
                group.addTask {
                    var outputs: [Data] = []
                    for _ in 0..<50 { outputs.append(try encoder.encode(record, withRootKey: "record")) }
                    return (index, outputs)
                }
            }
            var all: [Int: [Data]] = [:]
            for try await (index, outputs) in group { all[index] = outputs }
            return all
        }
        #expect(results.count == 16)
        for (index, outputs) in results {
            #expect(outputs.allSatisfy { $0 == expected[index] }, "task \(index)")
        }
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for (index, data) in expected.enumerated() {
            #expect(try decoder.decode(Record.self, from: data) == records[index])
        }
    }

    @Test func settingsChangedWhileEncoding() async throws {
        let encoder = XMLEncoder()
        let record = Record(id: 1, name: "n", values: [1], when: Date(timeIntervalSince1970: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for i in 0..<200 { encoder.outputFormatting = i.isMultiple(of: 2) ? .prettyPrinted : [] }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<100 {
                        let xml = try encoder.encodeToString(record, withRootKey: "r")
                        #expect(xml.hasPrefix("<r id=\"1\">"))
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
