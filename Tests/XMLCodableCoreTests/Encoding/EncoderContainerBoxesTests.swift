// The keyed encoding containers' boxes given out again (KeyedEncodingContainerState.swift): the
// key type's `KeyNames` keeps the box around its last container and fills it again for the next
// value of that type, once nothing else holds it. Each container must still write into its own
// element: one a value still holds (a parent while children of its own type encode, a second
// container of one `encode(to:)`, one a value stores away) is never refilled, and one kept past its
// call still refuses to write.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

@Suite struct EncoderContainerBoxesTests {
    /// A node writes one key before its children, of its own type, and one after them: its
    /// container is held all the while, so theirs are other boxes.
    struct Node: Encodable {
        var name: String
        var children: [Node] = []
        var tail: String?

        enum CodingKeys: String, CodingKey {
            case name, tail
            case children = "node"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            if !children.isEmpty { try container.encode(children, forKey: .children) }
            try container.encodeIfPresent(tail, forKey: .tail)
        }
    }

    @Test func aParentWritesIntoItsOwnElementAfterItsChildrenOfItsType() throws {
        let root = Node(
            name: "root",
            children: [
                Node(name: "a", children: [Node(name: "a1", tail: "x"), Node(name: "a2")]),
                Node(name: "b", children: [Node(name: "b1")], tail: "y"),
            ],
            tail: "r")
        let xml = String(decoding: try XMLEncoder().encode(root, withRootKey: "node"), as: UTF8.self)
        #expect(
            xml
                == "<node><name>root</name><node><name>a</name><node><name>a1</name><tail>x</tail></node>"
                + "<node><name>a2</name></node></node><node><name>b</name><node><name>b1</name></node>"
                + "<tail>y</tail></node><tail>r</tail></node>")
    }

    /// Two containers of one key type in one `encode(to:)`, the first written to after the second.
    struct Twice: Encodable {
        enum CodingKeys: CodingKey { case first, second }

        func encode(to encoder: any Encoder) throws {
            var one = encoder.container(keyedBy: CodingKeys.self)
            var two = encoder.container(keyedBy: CodingKeys.self)
            try two.encode("2", forKey: .second)
            try one.encode("1", forKey: .first)
        }
    }

    @Test func twoContainersOfOneKeyTypeInOneValueBothWrite() throws {
        struct List: Encodable { var t = [Twice(), Twice()] }
        let xml = String(decoding: try XMLEncoder().encode(List(), withRootKey: "r"), as: UTF8.self)
        #expect(xml == "<r><t><second>2</second><first>1</first></t><t><second>2</second><first>1</first></t></r>")
    }

    /// Items that hand their containers to their list, which writes a second key through each
    /// once every item is written: a container something holds is never given to the next item.
    struct HeldItem: Encodable {
        var id: Int
        static let held = Locked<[KeyedEncodingContainer<CodingKeys>]>([])

        enum CodingKeys: CodingKey { case id, late }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            Self.held.withLock { $0.append(container) }
        }
    }

    struct HeldList: Encodable {
        var item = [HeldItem(id: 1), HeldItem(id: 2), HeldItem(id: 3)]

        enum CodingKeys: CodingKey { case item }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(item, forKey: .item)
            var held = HeldItem.held.withLock { list in
                defer { list.removeAll() }
                return list
            }
            for index in held.indices { try held[index].encode("late\(index + 1)", forKey: .late) }
        }
    }

    @Test func containersAValueHoldsWriteIntoTheirOwnElements() throws {
        let xml = String(decoding: try XMLEncoder().encode(HeldList(), withRootKey: "list"), as: UTF8.self)
        #expect(
            xml
                == "<list><item><id>1</id><late>late1</late></item><item><id>2</id><late>late2</late></item>"
                + "<item><id>3</id><late>late3</late></item></list>")
    }

    /// A container kept past its call, then calls that encode the same type again.
    struct Kept: Encodable {
        var name: String
        static let kept = Locked<KeyedEncodingContainer<CodingKeys>?>(nil)

        enum CodingKeys: CodingKey { case name }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            Self.kept.withLock { if $0 == nil { $0 = container } }
        }
    }

    @Test func aContainerKeptPastItsCallRefusesToWriteAfterLaterCalls() throws {
        struct Many: Encodable { var kept: [Kept] }
        let encoder = XMLEncoder()
        _ = try encoder.encode(Kept(name: "first"), withRootKey: "k")
        var kept = try #require(Kept.kept.withLock { $0 })
        for round in 0..<3 {
            let many = Many(kept: [Kept(name: "a\(round)"), Kept(name: "b")])
            let xml = String(decoding: try encoder.encode(many, withRootKey: "m"), as: UTF8.self)
            #expect(xml == "<m><kept><name>a\(round)</name></kept><kept><name>b</name></kept></m>")
            #expect(throws: EncodingError.self) { try kept.encode("late", forKey: .name) }
        }
        Kept.kept.withLock { $0 = nil }
    }

    /// What the boxes are for: one box serves every item of a list once each item's
    /// `encode(to:)` has let go of its container (a weak reference tells a box given out again
    /// from a new box at the freed one's address).
    struct Probe: Encodable {
        var id: Int
        static let probe = BoxProbe()

        enum CodingKeys: CodingKey { case id }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            Self.probe.record(container)
        }
    }

    @Test func oneBoxServesEveryItemOfAList() throws {
        struct Probes: Encodable { var p: [Probe] }
        let xml = String(
            decoding: try XMLEncoder().encode(Probes(p: (0..<10).map { Probe(id: $0) }), withRootKey: "r"),
            as: UTF8.self)
        #expect(xml == "<r>" + (0..<10).map { "<p><id>\($0)</id></p>" }.joined() + "</r>")
        #expect(Probe.probe.sameAsFirst == 9)
    }
}
