// What the encoder fills again rather than allocate: the steps of keyed values' coding paths
// (`XMLEncoderImpl.path(appending:to:)`). A step is filled again only once nothing else holds it,
// so coding paths read during and after encoding stay those of their values.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderRecycledStatesTests {
    /// A leaf that records its coding path, as the encoder gives it, and as a nested value's path
    /// a keyed container gives, both while it encodes.
    struct Leaf: Encodable {
        var value: Int
        static let paths = Locked<[String]>([])

        func encode(to encoder: any Encoder) throws {
            Self.paths.withLock { $0.append(encoder.codingPath.map(Self.step).joined(separator: "/")) }
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }

        static func step(_ key: any CodingKey) -> String { key.intValue.map(String.init) ?? key.stringValue }
    }

    struct Group: Encodable {
        var leaf: [Leaf]
        var single: Leaf
    }

    @Test func keyedValuesPathsStayTheirOwnAcrossSiblings() throws {
        struct Root: Encodable { var group: [Group] }
        let root = Root(
            group: (0..<3).map { index in
                Group(leaf: [Leaf(value: index), Leaf(value: index + 10)], single: Leaf(value: index + 20))
            })
        Leaf.paths.withLock { $0 = [] }
        let xml = String(decoding: try XMLEncoder().encode(root, withRootKey: "r"), as: UTF8.self)
        let groups = (0..<3).map { index in
            "<group><leaf>\(index)</leaf><leaf>\(index + 10)</leaf><single>\(index + 20)</single></group>"
        }
        #expect(xml == "<r>" + groups.joined() + "</r>")
        let paths = Leaf.paths.withLock { $0 }
        #expect(
            paths
                == (0..<3).flatMap { index in
                    ["group/\(index)/leaf/0", "group/\(index)/leaf/1", "group/\(index)/single"]
                })
    }

    /// A value that keeps the path a nested error reports: the error's path is the value's own,
    /// even after sibling values with other keys were encoded.
    @Test func anErrorAfterSiblingsCarriesItsOwnPath() throws {
        struct Bad: Encodable { var text = "a\u{1}b" }
        struct Fine: Encodable {
            var value: [Int]
            var single: Int
        }
        struct Item: Encodable {
            var fine: [Fine]
            var bad: Bad?
        }
        struct Root: Encodable { var item: [Item] }
        let fine = [Fine(value: [1], single: 2)]
        let root = Root(item: [Item(fine: fine, bad: nil), Item(fine: fine, bad: Bad())])
        do {
            _ = try XMLEncoder().encode(root, withRootKey: "r")
            Issue.record("no error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(Leaf.step) == ["item", "1", "bad", "text"])
        }
    }
}
