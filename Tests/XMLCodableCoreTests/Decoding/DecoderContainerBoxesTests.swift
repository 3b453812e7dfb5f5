// The keyed containers' boxes given out again (KeyedContainerState.swift): the decoder keeps the
// standard library's box around each key type's container and fills it again for the next element
// of that type, once nothing else holds it. Every container must still read its own element: one
// a model still holds (a parent while its children of the same type decode, a second container of
// one init, a container a model stores away) must never be refilled, and one kept past its call
// must still refuse every use after later calls.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct DecoderContainerBoxesTests {
    struct Item: Codable, Equatable {
        var id: Int
        var name: String?
        var note: String?
        var size: Double?
    }

    struct Items: Codable, Equatable {
        var item: [Item]
    }

    @Test func siblingsOfOneTypeReadTheirOwnElements() throws {
        var xml = "<items>"
        var expected: [Item] = []
        for id in 0..<40 {
            let name = id % 3 == 0 ? "n\(id)" : nil
            let size = id % 5 == 0 ? Double(id) / 2 : nil
            xml +=
                "<item id=\"\(id)\">" + (name.map { "<name>\($0)</name>" } ?? "")
                + (size.map { "<size>\($0)</size>" } ?? "") + "</item>"
            expected.append(Item(id: id, name: name, size: size))
        }
        xml += "</items>"
        // Twice with one decoder and once with a new one: the boxes go from one call to the next.
        let decoder = XMLDecoder()
        #expect(try decoder.decode(Items.self, from: Data(xml.utf8)).item == expected)
        #expect(try decoder.decode(Items.self, from: Data(xml.utf8)).item == expected)
        #expect(try XMLDecoder().decode(Items.self, from: Data(xml.utf8)).item == expected)
    }

    /// A node reads its own keys after its children (of its own type) have decoded: its container
    /// is held all the while, so theirs are other boxes.
    struct Node: Decodable, Equatable {
        var name: String
        var children: [Node]
        var tail: String?

        enum CodingKeys: String, CodingKey {
            case name, tail
            case children = "node"
        }

        init(name: String, children: [Node] = [], tail: String? = nil) {
            self.name = name
            self.children = children
            self.tail = tail
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            children = try container.decodeIfPresent([Node].self, forKey: .children) ?? []
            name = try container.decode(String.self, forKey: .name)
            tail = try container.decodeIfPresent(String.self, forKey: .tail)
        }
    }

    @Test func aParentReadsItsOwnElementAfterItsChildrenOfItsType() throws {
        let xml = """
            <node name="root"><node name="a"><node name="a1" tail="x"/><node name="a2"/></node>\
            <node name="b" tail="y"><node name="b1"><node name="b11"/></node></node><tail>r</tail></node>
            """
        let root = try decode(Node.self, xml)
        #expect(
            root
                == Node(
                    name: "root",
                    children: [
                        Node(name: "a", children: [Node(name: "a1", tail: "x"), Node(name: "a2")]),
                        Node(name: "b", children: [Node(name: "b1", children: [Node(name: "b11")])], tail: "y"),
                    ],
                    tail: "r"))
    }

    /// A chain deeper than the decoder's first sweep of the boxes it holds (64): every level's
    /// container is in use while the levels below decode, and each must still read its own element
    /// after them, across several calls (boxes held, swept, and given out again).
    @Test func aDeepChainOfOneTypeReadsEveryLevelAfterItsChildren() throws {
        func chain(_ depth: Int) -> String {
            (0..<depth).map { "<node name=\"n\($0)\">" }.joined()
                + (0..<depth).reversed().map { "<tail>t\($0)</tail></node>" }.joined()
        }
        func names(_ node: Node) -> [String] {
            [node.name + "/" + (node.tail ?? "-")] + (node.children.first.map(names) ?? [])
        }
        for depth in [150, 3, 200] {
            let root = try decode(Node.self, chain(depth))
            #expect(names(root) == (0..<depth).map { "n\($0)/t\($0)" })
        }
    }

    /// Two containers of one key type from one decoder: the first is held while the second is made.
    struct Twice: Decodable, Equatable {
        var first: String
        var second: String

        enum CodingKeys: CodingKey { case first, second }

        init(first: String, second: String) {
            self.first = first
            self.second = second
        }

        init(from decoder: any Decoder) throws {
            let one = try decoder.container(keyedBy: CodingKeys.self)
            let two = try decoder.container(keyedBy: CodingKeys.self)
            second = try two.decode(String.self, forKey: .second)
            first = try one.decode(String.self, forKey: .first)
            // And the first still reads after the second was made.
            #expect(try one.decode(String.self, forKey: .second) == second)
        }
    }

    @Test func twoContainersOfOneKeyTypeInOneInitBothRead() throws {
        let xml = "<r><t><first>1</first><second>2</second></t><t><first>3</first><second>4</second></t></r>"
        struct List: Decodable { var t: [Twice] }
        #expect(try decode(List.self, xml).t == [Twice(first: "1", second: "2"), Twice(first: "3", second: "4")])
    }

    /// Items that hand their containers to their list, which reads them all once every item has
    /// decoded: a container something holds is never given to the next item.
    struct HeldItem: Decodable {
        var id: Int
        static let held = Locked<[KeyedDecodingContainer<CodingKeys>]>([])

        enum CodingKeys: CodingKey { case id, note }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            Self.held.withLock { $0.append(container) }
        }
    }

    struct HeldList: Decodable {
        var ids: [Int]
        var reread: [Int]
        var notes: [String?]

        enum CodingKeys: String, CodingKey { case item }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ids = try container.decode([HeldItem].self, forKey: .item).map(\.id)
            let held = HeldItem.held.withLock { list in
                defer { list.removeAll() }
                return list
            }
            reread = try held.map { try $0.decode(Int.self, forKey: .id) }
            notes = try held.map { try $0.decodeIfPresent(String.self, forKey: .note) }
        }
    }

    @Test func containersAModelHoldsKeepTheirElements() throws {
        let xml = """
            <list><item id="1"/><item id="2" note="two"/><item id="3"/><item id="4" note="four"/></list>
            """
        let list = try decode(HeldList.self, xml)
        #expect(list.ids == [1, 2, 3, 4])
        #expect(list.reread == [1, 2, 3, 4])
        #expect(list.notes == [nil, "two", nil, "four"])
    }

    /// A container kept past its call, then calls that decode the same type again.
    struct Kept: Decodable {
        var name: String
        static let kept = Locked<KeyedDecodingContainer<CodingKeys>?>(nil)

        enum CodingKeys: CodingKey { case name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            Self.kept.withLock { if $0 == nil { $0 = container } }
        }
    }

    @Test func aContainerKeptPastItsCallRefusesUseAfterLaterCalls() throws {
        struct Many: Decodable { var kept: [Kept] }
        let decoder = XMLDecoder()
        _ = try decoder.decode(Kept.self, from: Data("<k><name>first</name></k>".utf8))
        let kept = try #require(Kept.kept.withLock { $0 })
        for round in 0..<3 {
            let many = try decoder.decode(
                Many.self, from: Data("<m><kept><name>a\(round)</name></kept><kept><name>b</name></kept></m>".utf8))
            #expect(many.kept.map(\.name) == ["a\(round)", "b"])
            #expect(throws: DecodingError.self) { try kept.decode(String.self, forKey: .name) }
            #expect(kept.allKeys.isEmpty)
        }
        Kept.kept.withLock { $0 = nil }
    }

    /// A container kept past its call whose set of boxes is then freed (the scratch pool emptied):
    /// its state outlives the set, so the container still says where it was and refuses every use.
    struct KeptThroughRelease: Decodable {
        var name: String
        static let kept = Locked<[KeyedDecodingContainer<CodingKeys>]>([])

        enum CodingKeys: CodingKey { case name, inner }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            // One box given out again (the key type's) and one held (a superdecoder's).
            let inner = try container.superDecoder(forKey: .inner).container(keyedBy: CodingKeys.self)
            Self.kept.withLock { $0 += [container, inner] }
        }
    }

    @Test func aContainerKeptPastItsCallOutlivesItsSetOfBoxes() throws {
        struct Pair: Decodable { var k: [KeptThroughRelease] }
        let xml = "<p><k><name>a</name><inner/></k><k><name>b</name><inner/></k></p>"
        #expect(try XMLDecoder().decode(Pair.self, from: Data(xml.utf8)).k.map(\.name) == ["a", "b"])
        XMLDecoder.releaseWorkingMemory()
        _ = try XMLDecoder().decode(Pair.self, from: Data(xml.utf8))
        let kept = KeptThroughRelease.kept.withLock { $0 }
        #expect(kept.count == 8)
        let paths = kept.prefix(2).map { $0.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } }
        #expect(paths == [["k", "0"], ["k", "0", "inner"]])
        for container in kept {
            #expect(throws: DecodingError.self) { try container.decode(String.self, forKey: .name) }
            #expect(container.allKeys.isEmpty)
        }
        KeptThroughRelease.kept.withLock { $0 = [] }
    }

    /// What the boxes are for: one box serves every item of a list once each item's `init(from:)`
    /// has let go of its container. (A weak reference tells a box given out again from a new box
    /// that happens to be at the freed one's address.)
    struct Probe: Decodable {
        var id: Int
        static let probe = BoxProbe()

        enum CodingKeys: CodingKey { case id }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            Self.probe.record(container)
        }
    }

    @Test func oneBoxServesEveryItemOfAList() throws {
        struct Probes: Decodable { var p: [Probe] }
        let xml = "<r>" + (0..<10).map { "<p><id>\($0)</id></p>" }.joined() + "</r>"
        let probes = try decode(Probes.self, xml)
        #expect(probes.p.map(\.id) == Array(0..<10))
        #expect(Probe.probe.sameAsFirst == 9)
    }

    /// A key type larger than a byte (its keys carry their names) has no key-name table, yet its
    /// box is given out again all the same: boxes go by key type, not by table.
    struct NamedKeyItem: Decodable {
        struct NamedKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        static let probe = BoxProbe()
        var id: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NamedKey.self)
            id = try container.decode(Int.self, forKey: NamedKey(stringValue: "id"))
            Self.probe.record(container)
        }
    }

    @Test func aKeyTypeWithoutATableHasItsBoxGivenOutAgain() throws {
        struct Items: Decodable { var p: [NamedKeyItem] }
        let xml = "<r>" + (0..<10).map { "<p><id>\($0)</id></p>" }.joined() + "</r>"
        #expect(try decode(Items.self, xml).p.map(\.id) == Array(0..<10))
        #expect(NamedKeyItem.probe.sameAsFirst == 9)
    }

    /// Key types by the dozen (each `Level<T>` a type of its own), so that a program's key types
    /// outnumber the decoder's 64 key-name tables: a key type met after them still has its box
    /// given out again.
    enum LevelKey<T>: CodingKey { case id }
    struct Level<T>: Decodable {
        var id: Int
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: LevelKey<T>.self).decode(Int.self, forKey: .id)
        }
    }
    struct Deeper<T> {}

    private func decodeLevels<T>(_ type: T.Type, from level: Int) throws -> [Int] {
        let one = try decode(Level<T>.self, "<l><id>\(level)</id></l>").id
        return level == 0 ? [one] : try [one] + decodeLevels(Deeper<T>.self, from: level - 1)
    }

    struct LateItem: Decodable {
        enum CodingKeys: CodingKey { case id }
        static let probe = BoxProbe()
        var id: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            Self.probe.record(container)
        }
    }

    @Test func aKeyTypeMetAfterManyOthersHasItsBoxGivenOutAgain() throws {
        #expect(try decodeLevels(Int.self, from: 79) == Array((0...79).reversed()))
        struct Items: Decodable { var p: [LateItem] }
        let xml = "<r>" + (0..<10).map { "<p><id>\($0)</id></p>" }.joined() + "</r>"
        #expect(try decode(Items.self, xml).p.map(\.id) == Array(0..<10))
        #expect(LateItem.probe.sameAsFirst == 9)
    }
}
