// Keyed containers of many key types: each key type's containers are made by a maker cached with
// the type's traits (KeyedContainerMaker.swift), which is only right if every key type gets its
// own. These tests decode more key types than the decoder's table of trait slots holds, key types
// that differ only in a generic argument, and the same types from several tasks at once.

import Foundation
import Testing
@testable import XMLCodableCore

/// A type of a `Level` chain, which knows how deep in the chain it is.
private protocol Nesting: Decodable, Sendable {
    /// 0 for the leaf, 1 for the level around it, and so on.
    static var level: Int { get }
}

/// The innermost value of a `Level` chain.
private struct Leaf: Nesting {
    static var level: Int { 0 }
    let name: String
}

/// The keys of `Owner`, a level of the chain: only `depth<n>` and `inner<n>`, where n is the
/// owner's level. Every level has its own key type (`LevelKey<Level<Leaf>>`,
/// `LevelKey<Level<Level<Leaf>>>`, …), which accepts names no other level's does, so `allKeys`
/// from a container made for another level's key type would list none of this level's names.
private struct LevelKey<Owner: Nesting>: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init?(stringValue: String) {
        guard stringValue == "depth\(Owner.level)" || stringValue == "inner\(Owner.level)" else { return nil }
        self.stringValue = stringValue
    }

    init?(intValue: Int) { nil }

    static var depth: Self { Self(validName: "depth\(Owner.level)") }
    static var inner: Self { Self(validName: "inner\(Owner.level)") }

    private init(validName: String) { stringValue = validName }
}

/// One level of the chain, each a distinct type with a distinct key type: `depth<n>` is read
/// from an attribute or a child element (the document alternates), `inner<n>` is the next level.
private struct Level<Inner: Nesting>: Nesting {
    static var level: Int { Inner.level + 1 }
    let depth: Int
    let inner: Inner
    /// The container's `allKeys`, sorted.
    let keys: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: LevelKey<Self>.self)
        keys = container.allKeys.map(\.stringValue).sorted()
        depth = try container.decode(Int.self, forKey: .depth)
        inner = try container.decode(Inner.self, forKey: .inner)
    }
}

/// A value whose keys are a struct (not an enum) and which reads the same element with two
/// different key types in turn.
private struct TwoViews: Decodable {
    let first: String
    let second: String

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    enum OtherKeys: String, CodingKey {
        case b
    }

    init(from decoder: any Decoder) throws {
        first = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey(stringValue: "a"))
        second = try decoder.container(keyedBy: OtherKeys.self).decode(String.self, forKey: .b)
    }
}

/// The XML of a `Level` chain `depth` levels deep around a leaf named `name`: level k (counted
/// from the leaf) is an element holding `depth<k>` and `inner<k>`, named `inner<k+1>` by the level
/// around it, the outermost `top`.
private func nestedXML(depth: Int, name: String) -> String {
    var xml = "<inner1><name>\(name)</name></inner1>"
    for level in 1...depth {
        let element = level == depth ? "top" : "inner\(level + 1)"
        // Alternate attributes and elements for `depth<k>`.
        xml =
            level % 2 == 0
            ? "<\(element) depth\(level)=\"\(level)\">\(xml)</\(element)>"
            : "<\(element)><depth\(level)>\(level)</depth\(level)>\(xml)</\(element)>"
    }
    return "<root>\(xml)</root>"
}

/// Decodes a chain of `levels` nested `Level` types (each a new type, made at run time) and checks
/// every level's depth and the leaf; returns the leaf's name.
private func decodeChain(_ xml: Data, levels: Int, decoder: XMLDecoder) throws -> String {
    func wrap<Inner: Nesting>(_ type: Inner.Type, remaining: Int) throws -> String {
        if remaining > 0 { return try wrap(Level<Inner>.self, remaining: remaining - 1) }
        let decoded = try decoder.decode(Root<Inner>.self, from: xml)
        return try check(decoded.top, depth: levels)
    }
    return try wrap(Leaf.self, remaining: levels)
}

/// The document's root, holding the outermost level.
private struct Root<Inner: Nesting>: Decodable, Sendable {
    let top: Inner
}

/// A level whose depth or keys are not what its place in the chain says.
private struct WrongLevel: Error {
    let expected: Int
    let found: Int
    let keys: [String]
}

/// The leaf's name under `value`, after checking that each level's depth and keys count down
/// from `depth`.
private func check(_ value: Any, depth: Int) throws -> String {
    if let leaf = value as? Leaf { return leaf.name }
    let mirror = Mirror(reflecting: value)
    guard let found = mirror.descendant("depth") as? Int, let keys = mirror.descendant("keys") as? [String],
        let inner = mirror.descendant("inner")
    else { throw WrongLevel(expected: depth, found: -1, keys: []) }
    guard found == depth, keys == ["depth\(depth)", "inner\(depth)"] else { throw WrongLevel(expected: depth, found: found, keys: keys) }
    return try check(inner, depth: depth - 1)
}

@Suite struct DecoderKeyTypesTests {
    @Test func moreKeyTypesThanTheTraitSlotsHoldEachGetTheirOwnContainers() throws {
        // 100 levels: 100 distinct `Level<…>.CodingKeys` types plus their values' types, more than
        // the decoder's 64 trait slots, so types are evicted and found again in the run's cache.
        let levels = 100
        let xml = Data(nestedXML(depth: levels, name: "bottom").utf8)
        let decoder = XMLDecoder()
        #expect(try decodeChain(xml, levels: levels, decoder: decoder) == "bottom")
        // Again with the same decoder, and with a new one: the makers are the process's.
        #expect(try decodeChain(xml, levels: levels, decoder: decoder) == "bottom")
        #expect(try decodeChain(xml, levels: levels, decoder: XMLDecoder()) == "bottom")
    }

    @Test func keyTypesThatDifferOnlyInAGenericArgumentAreKeptApart() throws {
        // `LevelKey<Level<Leaf>>` and `LevelKey<Level<Level<Leaf>>>`: one generic type.
        let shallow = try XMLDecoder().decode(Root<Level<Leaf>>.self, from: Data(nestedXML(depth: 1, name: "one").utf8))
        #expect(try check(shallow.top, depth: 1) == "one")
        let deeper = try XMLDecoder().decode(Root<Level<Level<Leaf>>>.self, from: Data(nestedXML(depth: 2, name: "two").utf8))
        #expect(try check(deeper.top, depth: 2) == "two")
        // A chain one level too short for the document: its outer level's keys are `depth1` and
        // `inner1`, which the document's `top` does not have.
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Root<Level<Leaf>>.self, from: Data(nestedXML(depth: 2, name: "two").utf8))
        }
    }

    @Test func oneElementReadWithTwoKeyTypesInTurn() throws {
        let value = try decode(TwoViews.self, "<v a='x'><b>y</b></v>")
        #expect(value.first == "x")
        #expect(value.second == "y")
        // A struct key type's missing key is reported with that key.
        #expect {
            try decode(TwoViews.self, "<v><b>y</b></v>")
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "a"
        }
    }

    @Test func newKeyTypesDecodedFromSeveralTasksAtOnce() async throws {
        // Each task starts with types no decoder has seen yet (levels 101-140 of the chain), so
        // their traits and makers are computed concurrently.
        let levels = 140
        let xml = Data(nestedXML(depth: levels, name: "shared").utf8)
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask { try decodeChain(xml, levels: levels, decoder: XMLDecoder()) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "shared", count: 4))
    }
}
