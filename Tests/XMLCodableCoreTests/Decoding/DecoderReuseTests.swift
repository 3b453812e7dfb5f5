// Decoders used for many documents in turn: the working memory of a call is kept for the next one,
// in a process-wide pool (DecodingScratch), which must never carry anything over from one document
// to another, whichever decoder, and however many at a time, take it.

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

private struct Entry: Codable, Equatable {
    var id: Int
    var name: String
    var tag: [String]
}

private struct Feed: Codable, Equatable {
    var entry: [Entry]
}

private func feedXML(_ feed: Feed) -> String {
    var xml = "<feed>"
    for entry in feed.entry {
        xml += "<entry id=\"\(entry.id)\" name=\"\(entry.name)\">"
        for tag in entry.tag { xml += "<tag>\(tag)</tag>" }
        xml += "</entry>"
    }
    return xml + "</feed>"
}

private func feed(count: Int, salt: Int) -> Feed {
    Feed(
        entry: (0..<count).map { i in
            Entry(id: i * salt, name: "n\(i)-\(salt)", tag: (0..<(i % 4)).map { "t\($0)-\(salt)" })
        })
}

@Suite struct DecoderReuseTests {
    @Test func oneDecoderDecodesLargeSmallAndLargeDocumentsInTurn() throws {
        let decoder = XMLDecoder()
        for (count, salt) in [(2_000, 1), (3, 2), (0, 3), (5_000, 4), (1, 5), (2_000, 6)] {
            let expected = feed(count: count, salt: salt)
            #expect(try decoder.decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected)
        }
    }

    @Test func aFailedDecodeLeavesTheDecoderUsable() throws {
        let decoder = XMLDecoder()
        let expected = feed(count: 100, salt: 7)
        #expect(try decoder.decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected)
        #expect(throws: DecodingError.self) { try decoder.decode(Feed.self, from: Data("<feed><entry id='1'>".utf8)) }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Feed.self, from: Data("<feed><entry id='x' name='a'/></feed>".utf8))
        }
        #expect(try decoder.decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected)
    }

    @Test func decodersMadeForSuperclassesDoNotOutliveTheirCall() throws {
        // A class hierarchy decodes through superDecoder(), whose decoders share the call's index.
        class Base: Decodable {
            let id: Int
            private enum CodingKeys: String, CodingKey { case id }
            required init(from decoder: any Decoder) throws {
                id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            }
        }
        final class Derived: Base {
            let name: String
            private enum CodingKeys: String, CodingKey { case name }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                name = try container.decode(String.self, forKey: .name)
                try super.init(from: try container.superDecoder())
            }
        }
        let decoder = XMLDecoder()
        for i in 0..<3 {
            let items = try decoder.decode(
                [Derived].self,
                from: Data(
                    "<l><d name='a\(i)'><super id='\(i)'/></d><d name='b\(i)'><super id='\(i + 1)'/></d></l>".utf8))
            #expect(items.map(\.id) == [i, i + 1])
            #expect(items.map(\.name) == ["a\(i)", "b\(i)"])
        }
    }

    @Test func newDecodersPerCallDecodeLargeSmallAndFailingDocumentsInTurn() throws {
        for (count, salt) in [(2_000, 11), (3, 12), (0, 13), (5_000, 14), (1, 15), (2_000, 16)] {
            let expected = feed(count: count, salt: salt)
            #expect(try XMLDecoder().decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected)
            #expect(throws: DecodingError.self) {
                try XMLDecoder().decode(Feed.self, from: Data("<feed><entry id='x' name='a'/></feed>".utf8))
            }
        }
    }

    @Test func concurrentNewDecodersEachGetTheirOwnMemoryAndThePoolStaysBounded() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for salt in 1...12 {
                group.addTask {
                    let expected = feed(count: 200 * salt, salt: salt + 20)
                    return try XMLDecoder().decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 12 && results.allSatisfy { $0 })
        let pooled = DecodingScratch.pool.pooled
        // (Other tests decode at the same time, so the pool may be empty here; it is never over its bounds.)
        #expect(pooled.count <= DecodingScratch.pool.maxItems)
        #expect(pooled.bytes <= DecodingScratch.pool.maxBytes)
    }

    @Test func aSetLargerThanThePoolsLimitIsNeitherEmptiedNorKept() {
        // A pool of its own, with the process pool's rule and a small limit (the process pool is
        // shared with the tests decoding meanwhile).
        let pool = ScratchPool<DecodingScratch>(
            maxItems: 4, maxBytes: 4096, smallItemBytes: 4096, bytes: { $0.byteCount },
            usedBytes: { $0.usedByteCount })
        var large = DecodingScratch()
        large.listNodes = Array(repeating: 7, count: 4096 / MemoryLayout<Int32>.stride + 1)
        #expect(large.byteCount > pool.maxBytes)
        var emptiedLarge = false
        pool.keep(large) { _ in emptiedLarge = true }
        #expect(!emptiedLarge)
        #expect(pool.pooled.count == 0)
        // One within the limit is emptied, keeps its capacity, and is the next one taken.
        func small() -> DecodingScratch {
            var scratch = DecodingScratch()
            scratch.listNodes.reserveCapacity(100)
            scratch.listNodes.append(contentsOf: [1, 2, 3])
            return scratch
        }
        pool.keep(small()) { $0.empty() }
        #expect(pool.pooled.count == 1)
        let taken = pool.take()
        #expect(taken?.listNodes.isEmpty == true)
        #expect((taken?.listNodes.capacity ?? 0) >= 100)
    }

    @Test func concurrentCallsOnOneDecoderEachGetTheirOwnMemory() async throws {
        let decoder = XMLDecoder()
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for salt in 1...8 {
                group.addTask {
                    let expected = feed(count: 300 * salt, salt: salt)
                    return try decoder.decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }

    @Test func releasingTheWorkingMemoryEmptiesThePoolAndDecodingGoesOn() throws {
        var kept = DecodingScratch()
        kept.listNodes.reserveCapacity(1_000)
        DecodingScratch.giveBack(kept)
        XMLDecoder.releaseWorkingMemory()
        // (Other tests may give sets back meanwhile: none of them has exactly this capacity.)
        var taken: [DecodingScratch] = []
        while let scratch = DecodingScratch.pool.take() { taken.append(scratch) }
        #expect(!taken.contains { $0.listNodes.capacity == kept.listNodes.capacity && $0.nodes.capacity == 0 })
        while let scratch = taken.popLast() { DecodingScratch.giveBack(scratch) }
        let expected = feed(count: 20, salt: 50)
        #expect(try XMLDecoder().decode(Feed.self, from: Data(feedXML(expected).utf8)) == expected)
    }

    @Test func theIndexIsBuiltInTheArraysOfTheSetItIsGiven() throws {
        // A second reference to a set's array while the index is built would make the first write
        // copy it into new memory: the pool would keep arrays and every call fault in new ones.
        var scratch = DecodingScratch()
        scratch.nodes.reserveCapacity(1_000)
        scratch.attributes.reserveCapacity(1_000)
        let nodes = scratch.nodes.withUnsafeBufferPointer { $0.baseAddress }
        let attributes = scratch.attributes.withUnsafeBufferPointer { $0.baseAddress }
        var reader = try XMLReader(Array(#"<feed><entry id="1" name="a"><tag>x</tag></entry></feed>"#.utf8))
        let index = try XMLIndex.build(&reader, reusing: &scratch)
        let storage = index.storage
        #expect(storage.nodes.count == 4 && storage.attributes.count == 2)
        #expect(storage.nodes.withUnsafeBufferPointer { $0.baseAddress } == nodes)
        #expect(storage.attributes.withUnsafeBufferPointer { $0.baseAddress } == attributes)
    }

    @Test func aLargeSetIsKeptOnlyWhenTheCallFilledHalfOfIt() {
        let pool = DecodingScratch.pool
        var small = DecodingScratch()
        small.listNodes.reserveCapacity(1_000)
        #expect(pool.keeps(small))
        // Over the small sets' limit: kept when half used (a call of that size gives it back) …
        var large = DecodingScratch()
        large.listNodes.reserveCapacity(pool.smallItemBytes / MemoryLayout<Int32>.stride + 1)
        #expect(large.byteCount > pool.smallItemBytes)
        #expect(!pool.keeps(large))
        large.listNodes.append(contentsOf: repeatElement(1, count: large.listNodes.capacity / 2 + 1))
        #expect(pool.keeps(large))
        // … and within the pool's bound, which holds at least one such set.
        #expect(large.byteCount <= DecodingScratch.pool.maxBytes)
    }
}
