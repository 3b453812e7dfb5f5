// DynamicNodeEncoding's answers remembered per key for an encoding call (KeyNames in
// XMLEncoderImpl.swift): each key placed as its type says whatever order the values write their
// keys in, the type asked once per key and call, two types sharing one key type each placed by its
// own answers, and the node strategy's `.custom` closure still asked for every value.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderNodeEncodingCacheTests {
    /// How many times each key was asked about.
    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        func record(_ key: String) { lock.withLock { counts[key, default: 0] += 1 } }
        var all: [String: Int] { lock.withLock { counts } }
        func reset() { lock.withLock { counts = [:] } }
    }

    enum Color: String, Encodable { case red, blue }

    /// Writes the keys `order` names, in that order: `a` and `d` attributes, `b` and `e` elements,
    /// `c` both, `f` (an enum, through the generic path) an attribute.
    struct Mixed: Encodable, DynamicNodeEncoding {
        var order: [CodingKeys]
        var tag: Int

        enum CodingKeys: String, CodingKey { case a, b, c, d, e, f }

        static let asked = Asked()

        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            asked.record(key.stringValue)
            switch key.stringValue {
            case "a", "d", "f": return .attribute
            case "c": return .both
            default: return .element
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for key in order {
                switch key {
                case .a: try container.encode(tag, forKey: .a)
                case .b: try container.encode("b\(tag)", forKey: .b)
                case .c: try container.encode(Double(tag) + 0.5, forKey: .c)
                case .d: try container.encode(tag % 2 == 0, forKey: .d)
                case .e: try container.encode(UInt8(tag), forKey: .e)
                case .f: try container.encode(tag % 2 == 0 ? Color.red : Color.blue, forKey: .f)
                }
            }
        }
    }

    struct MixedList: Encodable { var m: [Mixed] }

    @Test func everyKeyPlacedAsTheTypeSaysInAnyOrderAskedOncePerCall() throws {
        let list = MixedList(m: [
            Mixed(order: [.a, .b, .c, .d, .e, .f], tag: 1),
            Mixed(order: [.f, .e, .d, .c, .b, .a], tag: 2),
            Mixed(order: [.c, .a], tag: 3),
            Mixed(order: [.b, .e, .d], tag: 4),
            Mixed(order: [.a, .b, .c, .d, .e, .f], tag: 5),
        ])
        let expected =
            #"<l><m a="1" c="1.5" d="false" f="blue"><b>b1</b><c>1.5</c><e>1</e></m>"#
            + #"<m f="red" d="true" c="2.5" a="2"><e>2</e><c>2.5</c><b>b2</b></m>"#
            + #"<m c="3.5" a="3"><c>3.5</c></m>"#
            + #"<m d="true"><b>b4</b><e>4</e></m>"#
            + #"<m a="5" c="5.5" d="false" f="blue"><b>b5</b><c>5.5</c><e>5</e></m></l>"#
        Mixed.asked.reset()
        #expect(try encodeXML(list, rootKey: "l") == expected)
        #expect(Mixed.asked.all == ["a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1])
        // A new call asks again.
        #expect(try encodeXML(list, rootKey: "l") == expected)
        #expect(Mixed.asked.all == ["a": 2, "b": 2, "c": 2, "d": 2, "e": 2, "f": 2])
    }

    enum SharedKeys: String, CodingKey { case x, y }

    /// `x` an attribute, `y` an element, with `SharedKeys`.
    struct First: Encodable, DynamicNodeEncoding {
        var x: Int
        var y: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SharedKeys.self)
            try container.encode(x, forKey: .x)
            try container.encode(y, forKey: .y)
        }
        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            key.stringValue == "x" ? .attribute : .element
        }
    }

    /// The other way round, with the same key type.
    struct Second: Encodable, DynamicNodeEncoding {
        var x: Int
        var y: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SharedKeys.self)
            try container.encode(x, forKey: .x)
            try container.encode(y, forKey: .y)
        }
        static func nodeEncoding(for key: any CodingKey) -> XMLEncoder.NodeEncoding {
            key.stringValue == "x" ? .element : .attribute
        }
    }

    struct Alternating: Encodable {
        var p: First
        var q: Second
        var r: First
        var s: Second
    }

    @Test func twoTypesSharingAKeyTypeEachPlacedByItsOwnAnswers() throws {
        let value = Alternating(
            p: First(x: 1, y: 2), q: Second(x: 3, y: 4), r: First(x: 5, y: 6), s: Second(x: 7, y: 8))
        #expect(
            try encodeXML(value, rootKey: "v")
                == #"<v><p x="1"><y>2</y></p><q y="4"><x>3</x></q><r x="5"><y>6</y></r><s y="8"><x>7</x></s></v>"#)
    }

    struct Plain: Encodable { var id: Int; var name: String }
    struct PlainList: Encodable { var p: [Plain] }

    @Test func customStrategyClosureAskedForEveryValue() throws {
        let asked = Asked()
        let list = PlainList(p: [Plain(id: 1, name: "a"), Plain(id: 2, name: "b"), Plain(id: 3, name: "c")])
        let xml = try encodeXML(list, rootKey: "l") { encoder in
            encoder.nodeEncodingStrategy = .custom { _, _ in
                { key in
                    asked.record(key.stringValue)
                    return key.stringValue == "id" ? .attribute : nil
                }
            }
        }
        #expect(xml == #"<l><p id="1"><name>a</name></p><p id="2"><name>b</name></p><p id="3"><name>c</name></p></l>"#)
        #expect(asked.all == ["p": 1, "id": 3, "name": 3])
    }
}
