// Keyed containers of many key types, decoded and encoded: each key type's containers are made
// by a maker cached with the type's traits (Decoding/KeyedContainerMaker.swift and
// Encoding/KeyedEncodingContainerMaker.swift), which is only right if every key type gets its
// own. These tests use more key types than the coders' tables of trait slots hold, key types that
// differ only in a generic argument, two key layouts in turn (a container made for one and given
// the other would read its keys wrongly), and the same types from several tasks at once.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// A type of a chain of levels, which knows how deep in the chain it is.
private protocol Nesting: Codable, Sendable {
    /// 0 for the leaf, 1 for the level around it, and so on.
    static var level: Int { get }
}

/// The innermost value of a chain.
private struct Leaf: Nesting {
    static var level: Int { 0 }
    let name: String
}

/// Keys of a level, stored as their name: only `depth<n>` and `inner<n>`, where n is the owner's
/// level. Every level has its own key type, which accepts names no other level's does, so
/// `allKeys` from a container made for another level's key type would list none of this level's.
private struct NamedKey<Owner: Nesting>: CodingKey {
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

/// The same names as `NamedKey`, stored as a small number instead (another layout in memory).
private struct NumberedKey<Owner: Nesting>: CodingKey {
    /// 0 for `depth<n>`, 1 for `inner<n>`.
    let number: UInt8
    var stringValue: String { (number == 0 ? "depth" : "inner") + "\(Owner.level)" }
    var intValue: Int? { nil }

    init?(stringValue: String) {
        switch stringValue {
        case "depth\(Owner.level)": number = 0
        case "inner\(Owner.level)": number = 1
        default: return nil
        }
    }

    init?(intValue: Int) { nil }

    static var depth: Self { Self(number: 0) }
    static var inner: Self { Self(number: 1) }

    private init(number: UInt8) { self.number = number }
}

/// The keys of a level: `depth<n>` and `inner<n>`.
private protocol LevelKey: CodingKey {
    static var depth: Self { get }
    static var inner: Self { get }
}

extension NamedKey: LevelKey {}
extension NumberedKey: LevelKey {}

/// A level of the chain: `depth<n>` (its level) and `inner<n>`, the next level, read and written
/// with `Keys`, a key type of its own.
private protocol Level: Nesting {
    associatedtype Inner: Nesting
    associatedtype Keys: LevelKey
    var depth: Int { get }
    var inner: Inner { get }
    /// The decoding container's `allKeys`, sorted (empty when made to be encoded).
    var keys: [String] { get }
    init(depth: Int, inner: Inner, keys: [String])
}

extension Level {
    static var level: Int { Inner.level + 1 }

    init(inner: Inner) {
        self.init(depth: Self.level, inner: inner, keys: [])
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            depth: try container.decode(Int.self, forKey: .depth),
            inner: try container.decode(Inner.self, forKey: .inner),
            keys: container.allKeys.map(\.stringValue).sorted())
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(depth, forKey: .depth)
        try container.encode(inner, forKey: .inner)
    }
}

/// A level keyed by `NamedKey<Self>`.
private struct NamedLevel<Inner: Nesting>: Level {
    typealias Keys = NamedKey<Self>
    let depth: Int
    let inner: Inner
    let keys: [String]
}

/// A level keyed by `NumberedKey<Self>`.
private struct NumberedLevel<Inner: Nesting>: Level {
    typealias Keys = NumberedKey<Self>
    let depth: Int
    let inner: Inner
    let keys: [String]
}

/// The document's root, holding the outermost level.
private struct Root<Inner: Nesting>: Codable, Sendable {
    let top: Inner
}

/// The XML of a chain `depth` levels deep around a leaf named `name`: level k (counted from the
/// leaf) is an element holding `depth<k>` and `inner<k>`, named `inner<k+1>` by the level around
/// it, the outermost `top`. `depth<k>` is an attribute on even levels, an element on odd ones.
private func nestedXML(depth: Int, name: String) -> String {
    var xml = "<inner1><name>\(name)</name></inner1>"
    for level in 1...depth {
        let element = level == depth ? "top" : "inner\(level + 1)"
        xml =
            level % 2 == 0
            ? "<\(element) depth\(level)=\"\(level)\">\(xml)</\(element)>"
            : "<\(element)><depth\(level)>\(level)</depth\(level)>\(xml)</\(element)>"
    }
    return "<root>\(xml)</root>"
}

/// A level whose depth or keys are not what its place in the chain says.
private struct WrongLevel: Error {
    let expected: Int
    let found: Int
    let keys: [String]
}

/// The leaf's name under `value`, after checking that each level's depth counts down from `depth`
/// and (for decoded values) that its keys are its level's.
private func check(_ value: Any, depth: Int, decoded: Bool) throws -> String {
    if let leaf = value as? Leaf { return leaf.name }
    let mirror = Mirror(reflecting: value)
    guard let found = mirror.descendant("depth") as? Int, let keys = mirror.descendant("keys") as? [String],
        let inner = mirror.descendant("inner")
    else { throw WrongLevel(expected: depth, found: -1, keys: []) }
    let expectedKeys = decoded ? ["depth\(depth)", "inner\(depth)"] : []
    guard found == depth, keys == expectedKeys else { throw WrongLevel(expected: depth, found: found, keys: keys) }
    return try check(inner, depth: depth - 1, decoded: decoded)
}

/// Runs `body` with the chain type `levels` levels deep (each level a new type, made at run
/// time; levels keyed by `NamedKey` and by `NumberedKey` alternate).
private func withChain<R>(levels: Int, _ body: (any Nesting.Type) throws -> R) rethrows -> R {
    func wrap<Inner: Nesting>(_ type: Inner.Type, remaining: Int) throws -> R {
        if remaining == 0 { return try body(type) }
        if remaining % 2 == 0 { return try wrap(NamedLevel<Inner>.self, remaining: remaining - 1) }
        return try wrap(NumberedLevel<Inner>.self, remaining: remaining - 1)
    }
    return try wrap(Leaf.self, remaining: levels)
}

/// A chain's value: every level at its depth, around a leaf named `name`.
private func chainValue<T: Nesting>(_ type: T.Type, name: String) -> T? {
    if let leaf = Leaf(name: name) as? T { return leaf }
    return (type as? any LevelBuilding.Type)?.wrapping(name: name) as? T
}

/// The two level types, each able to build its value around a leaf.
private protocol LevelBuilding {
    static func wrapping(name: String) -> (any Nesting)?
}

extension NamedLevel: LevelBuilding {
    static func wrapping(name: String) -> (any Nesting)? {
        chainValue(Inner.self, name: name).map { NamedLevel(inner: $0) }
    }
}

extension NumberedLevel: LevelBuilding {
    static func wrapping(name: String) -> (any Nesting)? {
        chainValue(Inner.self, name: name).map { NumberedLevel(inner: $0) }
    }
}

/// Decodes `xml` as a chain `levels` deep with `decoder` and checks it; returns the leaf's name.
private func decodeChain(_ xml: Data, levels: Int, decoder: XMLDecoder) throws -> String {
    try withChain(levels: levels) { type in
        func decode<T: Nesting>(_ type: T.Type) throws -> String {
            try check(decoder.decode(Root<T>.self, from: xml).top, depth: levels, decoded: true)
        }
        return try decode(type)
    }
}

/// Encodes a chain `levels` deep around a leaf named `name` with a new encoder.
private func encodeChain(levels: Int, name: String) throws -> String {
    try withChain(levels: levels) { type in
        func encode<T: Nesting>(_ type: T.Type) throws -> String {
            let value = try #require(chainValue(T.self, name: name))
            #expect(try check(value, depth: levels, decoded: false) == name)
            return try XMLEncoder().encodeToString(Root(top: value), withRootKey: "root")
        }
        return try encode(type)
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

@Suite struct KeyTypesTests {
    @Test func moreKeyTypesThanTheTraitSlotsHoldEachGetTheirOwnContainers() throws {
        // 100 levels: 100 distinct key types plus their values' types, more than the decoder's
        // 64 trait slots, so types are evicted and found again in the run's cache.
        let levels = 100
        let xml = Data(nestedXML(depth: levels, name: "bottom").utf8)
        let decoder = XMLDecoder()
        #expect(try decodeChain(xml, levels: levels, decoder: decoder) == "bottom")
        // Again with the same decoder, and with a new one: the makers are the process's.
        #expect(try decodeChain(xml, levels: levels, decoder: decoder) == "bottom")
        #expect(try decodeChain(xml, levels: levels, decoder: XMLDecoder()) == "bottom")
    }

    @Test func keyTypesThatDifferOnlyInAGenericArgumentAreKeptApart() throws {
        // `NumberedKey<NumberedLevel<Leaf>>` and `NumberedKey<NumberedLevel<NamedLevel<…>>>`: one generic type.
        let one = try XMLDecoder().decode(
            Root<NumberedLevel<Leaf>>.self, from: Data(nestedXML(depth: 1, name: "one").utf8))
        #expect(try check(one.top, depth: 1, decoded: true) == "one")
        let two = try XMLDecoder().decode(
            Root<NamedLevel<NumberedLevel<Leaf>>>.self, from: Data(nestedXML(depth: 2, name: "two").utf8))
        #expect(try check(two.top, depth: 2, decoded: true) == "two")
        // A chain one level too short for the document: its outer level's keys are `depth1` and
        // `inner1`, which the document's `top` does not have.
        #expect(throws: DecodingError.self) {
            try XMLDecoder().decode(Root<NumberedLevel<Leaf>>.self, from: Data(nestedXML(depth: 2, name: "two").utf8))
        }
    }

    @Test func chainsOfManyKeyTypesEncodeEveryLevelUnderItsOwnKeys() throws {
        let levels = 100
        let xml = try encodeChain(levels: levels, name: "encoded")
        for level in 1...levels {
            #expect(xml.contains("<depth\(level)>\(level)</depth\(level)>"), "level \(level)")
            #expect(xml.contains("<inner\(level)>"), "level \(level)")
        }
        #expect(xml.contains("<inner1><name>encoded</name></inner1>"))
        // What was encoded decodes back to the same chain.
        #expect(try decodeChain(Data(xml.utf8), levels: levels, decoder: XMLDecoder()) == "encoded")
        // Again, with the makers already made.
        #expect(try encodeChain(levels: levels, name: "encoded") == xml)
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

    @Test func newKeyTypesDecodedAndEncodedFromSeveralTasksAtOnce() async throws {
        // Each task starts with types no coder has seen yet (levels 101-140 of the chain), so
        // their traits and makers are made concurrently.
        let levels = 140
        let xml = Data(nestedXML(depth: levels, name: "shared").utf8)
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for task in 0..<4 {
                group.addTask {
                    if task % 2 == 0 { return try decodeChain(xml, levels: levels, decoder: XMLDecoder()) }
                    return try decodeChain(
                        Data(encodeChain(levels: levels, name: "shared").utf8), levels: levels, decoder: XMLDecoder())
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: "shared", count: 4))
    }
}
