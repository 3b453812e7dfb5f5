// Encoding calls in turn: a finished call's tree is kept for the next one in a process-wide pool
// (EncodingScratch), which must never carry anything over from one document to another — not its
// values, not its interned names, not which names were namespace declarations — whichever encoder,
// and however many at a time, take it; and a tree something still holds is never given to another call.

import Foundation
import Testing
@testable import XMLCodableCore

private struct Item: Codable, Equatable {
    var id: Int
    var label: String
    var notes: [String]
}

private struct Shelf: Codable, Equatable {
    var item: [Item]
}

private func shelf(count: Int, salt: Int) -> Shelf {
    Shelf(
        item: (0..<count).map { i in
            Item(id: i * salt, label: "l\(i)-\(salt) & <\(salt)>", notes: (0..<(i % 3)).map { "n\($0)-\(salt)" })
        })
}

/// A value whose first key is a namespace declaration (written as the declaration).
private struct Declaring: Encodable {
    var declaration = "urn:x"
    var first = "a"
    enum CodingKeys: String, CodingKey {
        case declaration = "xmlns:x"
        case first
    }
}

/// A value with plain keys only, whose first key takes the name ID the declaration had.
private struct Plain: Encodable {
    var second = "b"
    var third = "c"
}

/// Keeps the keyed container of the last value it encoded, past the encoding call.
private final class ContainerStash: @unchecked Sendable {
    static let shared = ContainerStash()
    var container: KeyedEncodingContainer<Kept.CodingKeys>?
}

private struct Kept: Encodable {
    var value: String
    enum CodingKeys: String, CodingKey { case value }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        ContainerStash.shared.container = container
    }
}

@Suite struct EncoderReuseTests {
    @Test func newEncodersPerCallWriteLargeSmallAndFailingDocumentsInTurn() throws {
        let decoder = XMLDecoder()
        for (count, salt) in [(2_000, 1), (3, 2), (0, 3), (5_000, 4), (1, 5), (2_000, 6)] {
            let expected = shelf(count: count, salt: salt)
            let data = try XMLEncoder().encode(expected, withRootKey: "shelf")
            #expect(try decoder.decode(Shelf.self, from: data) == expected)
            // A call that fails part-way gives nothing back, and leaves nothing for the next call.
            #expect(throws: EncodingError.self) {
                try XMLEncoder().encode(["bad name": 1], withRootKey: "shelf")
            }
        }
        #expect(
            try XMLEncoder().encodeToString(shelf(count: 2, salt: 9), withRootKey: "shelf")
                == "<shelf><item><id>0</id><label>l0-9 &amp; &lt;9&gt;</label></item>"
                + "<item><id>9</id><label>l1-9 &amp; &lt;9&gt;</label><notes>n0-9</notes></item></shelf>")
    }

    @Test func namesInternedByOneCallMeanNothingToTheNext() throws {
        // The tree the first call gives back interned `xmlns:x` as a namespace declaration; the
        // next call's first key gets the same name ID, and must be written as an element.
        for _ in 0..<20 {
            #expect(
                try XMLEncoder().encodeToString(Declaring(), withRootKey: "r")
                    == #"<r xmlns:x="urn:x"><first>a</first></r>"#)
            #expect(
                try XMLEncoder().encodeToString(Plain(), withRootKey: "r")
                    == "<r><second>b</second><third>c</third></r>")
        }
        // The same on one tree, given back and taken directly.
        let tree = XMLEncodedTree()
        let declaration = tree.intern("xmlns:x")
        #expect(tree.isDeclarationName(declaration))
        tree.removeAll()
        #expect(tree.names.isEmpty && tree.nameBytes.isEmpty && tree.nodes.count == 0 && tree.bytes.isEmpty)
        let plain = tree.intern("second")
        #expect(plain == declaration)
        #expect(!tree.isDeclarationName(plain))
    }

    @Test func aTreeAContainerStillHoldsIsNotGivenToAnotherCall() throws {
        let first = try XMLEncoder().encodeToString(Kept(value: "one"), withRootKey: "k")
        #expect(first == "<k><value>one</value></k>")
        // The container outlived its call: its tree stays with it, and writing through it fails.
        let kept = try #require(ContainerStash.shared.container)
        ContainerStash.shared.container = nil
        for index in 0..<5 {
            let expected = shelf(count: 50, salt: index + 30)
            let data = try XMLEncoder().encode(expected, withRootKey: "shelf")
            #expect(try XMLDecoder().decode(Shelf.self, from: data) == expected)
        }
        var late = kept
        #expect(throws: EncodingError.self) { try late.encode("two", forKey: .value) }
        #expect(
            try XMLEncoder().encodeToString(Kept(value: "three"), withRootKey: "k") == "<k><value>three</value></k>")
        ContainerStash.shared.container = nil
    }

    @Test func concurrentNewEncodersEachGetTheirOwnTreeAndThePoolStaysBounded() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for salt in 1...12 {
                group.addTask {
                    let expected = shelf(count: 150 * salt, salt: salt + 40)
                    let data = try XMLEncoder().encode(expected, withRootKey: "shelf")
                    return try XMLDecoder().decode(Shelf.self, from: data) == expected
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 12 && results.allSatisfy { $0 })
        let pooled = EncodingScratch.pool.pooled
        // (Other tests encode at the same time, so the pool may be empty here; it is never over its bounds.)
        #expect(pooled.count <= EncodingScratch.pool.maxItems)
        #expect(pooled.bytes <= EncodingScratch.pool.maxBytes)
    }

    @Test func aLargeTreeIsKeptOnlyWhenItsCallFilledHalfOfIt() {
        let pool = EncodingScratch.pool
        let small = XMLEncodedTree(capacity: XMLEncodedTree.Capacity(bytes: 1 << 16))
        #expect(pool.keeps(small))
        // Over the small trees' limit: kept when half filled (a call of that size gives it back) …
        let large = XMLEncodedTree(capacity: XMLEncodedTree.Capacity(bytes: pool.smallItemBytes + 1))
        #expect(large.heldBytes > pool.smallItemBytes)
        #expect(!pool.keeps(large))
        _ = large.append(String(repeating: "a", count: large.heldBytes / 2 + 1))
        #expect(large.usedBytes >= large.heldBytes / 2)
        #expect(pool.keeps(large))
        // … and within the pool's bound, which holds at least one such tree.
        #expect(large.heldBytes <= pool.maxBytes)
    }

    @Test func aTreeThePoolWouldNotKeepIsNotKept() {
        let large = XMLEncodedTree(capacity: XMLEncodedTree.Capacity(bytes: EncodingScratch.pool.smallItemBytes + 1))
        #expect(!EncodingScratch.pool.keeps(large))
        let identity = ObjectIdentifier(large)
        EncodingScratch.giveBack(consume large)
        // Taken back out by this test only if it was kept (other tests may take trees meanwhile).
        var taken: [XMLEncodedTree] = []
        while let tree = EncodingScratch.pool.take() { taken.append(tree) }
        #expect(!taken.contains { ObjectIdentifier($0) == identity })
        while let tree = taken.popLast() { EncodingScratch.giveBack(tree) }
    }

    @Test func releasingTheWorkingMemoryEmptiesThePoolAndEncodingGoesOn() throws {
        let kept = XMLEncodedTree()
        let identity = ObjectIdentifier(kept)
        EncodingScratch.giveBack(consume kept)
        XMLEncoder.releaseWorkingMemory()
        var taken: [XMLEncodedTree] = []
        while let tree = EncodingScratch.pool.take() { taken.append(tree) }
        #expect(!taken.contains { ObjectIdentifier($0) == identity })
        while let tree = taken.popLast() { EncodingScratch.giveBack(tree) }
        let expected = shelf(count: 20, salt: 50)
        #expect(
            try XMLDecoder().decode(Shelf.self, from: XMLEncoder().encode(expected, withRootKey: "shelf")) == expected)
    }
}
