// What the encoder fills again rather than allocate: the steps of keyed values' coding paths
// (`XMLEncoderImpl.path(appending:to:)`) and the state of unkeyed containers
// (`UnkeyedEncodingContainerState`). Each is filled again only once nothing else holds it, so
// coding paths read during and after encoding stay those of their values, and a list container a
// value holds keeps writing into its own element, after its own items.

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

    /// Two lists written through containers that are both held: the outer one while the inner
    /// one writes, then after it.
    struct Outer: Encodable {
        var first: [Int]
        var second: [Int]

        enum CodingKeys: CodingKey { case first, second }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var one = container.nestedUnkeyedContainer(forKey: .first)
            try one.encode(first[0])
            var two = container.nestedUnkeyedContainer(forKey: .second)
            try two.encode(second[0])
            for value in first.dropFirst() { try one.encode(value) }
            for value in second.dropFirst() { try two.encode(value) }
        }
    }

    @Test func listContainersAValueHoldsWriteIntoTheirOwnElements() throws {
        struct Root: Encodable { var o: [Outer] }
        let root = Root(o: [Outer(first: [1, 2], second: [3, 4]), Outer(first: [5], second: [6, 7])])
        let xml = String(decoding: try XMLEncoder().encode(root, withRootKey: "r"), as: UTF8.self)
        #expect(
            xml
                == "<r><o><first>1</first><second>3</second><first>2</first><second>4</second></o>"
                + "<o><first>5</first><second>6</second><second>7</second></o></r>")
    }

    /// A list container kept past its call refuses to write, while later calls still write their
    /// lists.
    struct KeptList: Encodable {
        var values: [Int]
        static let kept = Locked<(any UnkeyedEncodingContainer)?>(nil)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
            Self.kept.withLock { if $0 == nil { $0 = container } }
        }
    }

    @Test func aListContainerKeptPastItsCallRefusesToWrite() throws {
        struct Many: Encodable { var list: [KeptList] }
        let encoder = XMLEncoder()
        _ = try encoder.encode(KeptList(values: [1]), withRootKey: "k")
        var kept = try #require(KeptList.kept.withLock { $0 })
        for round in 0..<3 {
            let many = Many(list: [KeptList(values: [round, 1]), KeptList(values: [2])])
            let xml = String(decoding: try encoder.encode(many, withRootKey: "m"), as: UTF8.self)
            #expect(xml == "<m><list><list>\(round)</list><list>1</list></list><list><list>2</list></list></m>")
            #expect(throws: EncodingError.self) { try kept.encode(9) }
        }
        KeptList.kept.withLock { $0 = nil }
    }
}
