// A `Decoder`, an `Encoder` or one of their containers kept past the call that made it, and a
// reader's slices used where they do not belong: memory-safe whatever the caller does.
//
// A decoder borrows the document's bytes for one `decode` call, so what escapes that call must
// not read them afterwards. Each case keeps something alive in the model (or a global), lets the
// call return and the document go, then uses it: every use throws a `DecodingError` /
// `EncodingError` that says what happened, and nothing reads freed memory (these tests run under
// AddressSanitizer in CI's sanitizer pass, `.ci/sanitizers`).

import Foundation
import Testing
@testable import XMLCodableCore
import XMLCodableTestSupport

/// What a model kept of its decoding, for use after the call.
private final class Kept: @unchecked Sendable {
    var decoder: (any Decoder)?
    var keyed: KeyedDecodingContainer<EscapeKey>?
    var unkeyed: (any UnkeyedDecodingContainer)?
    var single: (any SingleValueDecodingContainer)?
    var superDecoder: (any Decoder)?
}

private enum EscapeKey: String, CodingKey {
    case name, item, value
}

/// A model that keeps its decoder and containers (what no model should do, but safe code can).
private struct Keeper: Decodable {
    var name: String
    static let kept = Locked(Kept())

    init(from decoder: any Decoder) throws {
        let keyed = try decoder.container(keyedBy: EscapeKey.self)
        name = try keyed.decode(String.self, forKey: .name)
        let unkeyed = try keyed.nestedUnkeyedContainer(forKey: .item)
        let superDecoder = try keyed.superDecoder(forKey: .value)
        Self.kept.withLock {
            $0.decoder = decoder
            $0.keyed = keyed
            $0.unkeyed = unkeyed
            $0.superDecoder = superDecoder
        }
    }
}

/// A model whose value is one text, keeping its single-value container.
private struct KeptText: Decodable {
    var text: String
    static let kept = Locked(Kept())

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        text = try single.decode(String.self)
        Self.kept.withLock { $0.single = single }
    }
}

/// Whether `body` throws a `DecodingError` that says the decoder was used after its call.
private func throwsUsedAfterDecoding(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
    } catch let error as DecodingError {
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(context.debugDescription.contains("after the decoding call"), sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a DecodingError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// The items of a list under a key, each keeping its keyed container: the containers' path
/// steps are then held only by the containers (see DecoderPathStep.swift), not by the decoder.
private struct KeptItems: Decodable {
    var groups: [Group]
    static let kept = Locked([KeyedDecodingContainer<EscapeKey>]())

    enum CodingKeys: String, CodingKey { case groups = "group" }

    struct Group: Decodable {
        var items: [Item]
        enum CodingKeys: String, CodingKey { case items = "item" }
    }

    struct Item: Decodable {
        var name: String
        init(from decoder: any Decoder) throws {
            let keyed = try decoder.container(keyedBy: EscapeKey.self)
            name = try keyed.decode(String.self, forKey: .name)
            let earlier = KeptItems.kept.withLock { kept in
                kept.append(keyed)
                return kept
            }
            // The containers of items decoded earlier (their lists' steps may have no other
            // owner by now) still answer, with their own paths, while the call goes on.
            for (position, container) in earlier.enumerated() {
                #expect(try container.decode(String.self, forKey: .name) == "n\(position)")
            }
        }
    }
}

@Suite(.serialized) struct DecoderEscapeTests {
    /// Decodes a `Keeper` from a document that is freed as soon as the call returns.
    private func decodeKeeper() throws -> Keeper {
        // The document is made and dropped here: the decoder must not point into it afterwards.
        let xml =
            "<r><name>" + String(repeating: "n", count: 200)
            + "</name><item>1</item><item>2</item><value><x>3</x></value></r>"
        return try XMLDecoder().decode(Keeper.self, from: Data(xml.utf8))
    }

    @Test func aDecoderKeptPastDecodeThrows() throws {
        let keeper = try decodeKeeper()
        #expect(keeper.name.count == 200)
        let decoder = try #require(Keeper.kept.withLock { $0.decoder })
        throwsUsedAfterDecoding { _ = try decoder.container(keyedBy: EscapeKey.self) }
        throwsUsedAfterDecoding { _ = try decoder.unkeyedContainer() }
        throwsUsedAfterDecoding { _ = try decoder.singleValueContainer() }
        #expect(decoder.codingPath.isEmpty)
    }

    @Test func itemContainersKeptPastTheirListKeepTheirPathsAndThrowAfterTheCall() throws {
        KeptItems.kept.withLock { $0.removeAll() }
        let xml =
            "<r><group><item><name>n0</name></item><item><name>n1</name></item></group><group><item><name>n2</name></item></group></r>"
        let decoded = try XMLDecoder().decode(KeptItems.self, from: Data(xml.utf8))
        #expect(decoded.groups.map { $0.items.map(\.name) } == [["n0", "n1"], ["n2"]])
        let kept = KeptItems.kept.withLock { $0 }
        #expect(kept.count == 3)
        #expect(
            kept.map { pathStrings($0.codingPath) } == [
                ["group", "0", "item", "0"], ["group", "0", "item", "1"], ["group", "1", "item", "0"],
            ])
        for container in kept {
            throwsUsedAfterDecoding { _ = try container.decode(String.self, forKey: .name) }
        }
        KeptItems.kept.withLock { $0.removeAll() }
    }

    @Test func aKeyedContainerKeptPastDecodeThrows() throws {
        _ = try decodeKeeper()
        let keyed = try #require(Keeper.kept.withLock { $0.keyed })
        throwsUsedAfterDecoding { _ = try keyed.decode(String.self, forKey: .name) }
        throwsUsedAfterDecoding { _ = try keyed.decodeIfPresent(String.self, forKey: .name) }
        throwsUsedAfterDecoding { _ = try keyed.decode(Int.self, forKey: .name) }
        throwsUsedAfterDecoding { _ = try keyed.decodeNil(forKey: .name) }
        throwsUsedAfterDecoding { _ = try keyed.decode([Int].self, forKey: .item) }
        throwsUsedAfterDecoding { _ = try keyed.nestedContainer(keyedBy: EscapeKey.self, forKey: .value) }
        throwsUsedAfterDecoding { _ = try keyed.nestedUnkeyedContainer(forKey: .item) }
        throwsUsedAfterDecoding { _ = try keyed.superDecoder() }
        throwsUsedAfterDecoding { _ = try keyed.superDecoder(forKey: .value) }
        // What cannot throw answers as if the element were empty.
        #expect(keyed.allKeys.isEmpty)
        #expect(!keyed.contains(.name))
        #expect(keyed.codingPath.isEmpty)
    }

    @Test func anUnkeyedContainerKeptPastDecodeThrows() throws {
        _ = try decodeKeeper()
        var unkeyed = try #require(Keeper.kept.withLock { $0.unkeyed })
        throwsUsedAfterDecoding { _ = try unkeyed.decode(Int.self) }
        throwsUsedAfterDecoding { _ = try unkeyed.decode(String.self) }
        throwsUsedAfterDecoding { _ = try unkeyed.decodeIfPresent(Int.self) }
        throwsUsedAfterDecoding { _ = try unkeyed.decodeNil() }
        throwsUsedAfterDecoding { _ = try unkeyed.nestedContainer(keyedBy: EscapeKey.self) }
        throwsUsedAfterDecoding { _ = try unkeyed.nestedUnkeyedContainer() }
        throwsUsedAfterDecoding { _ = try unkeyed.superDecoder() }
        #expect(unkeyed.currentIndex == 0)
        #expect(pathStrings(unkeyed.codingPath) == ["item"])
    }

    @Test func aSuperDecoderKeptPastDecodeThrows() throws {
        _ = try decodeKeeper()
        let superDecoder = try #require(Keeper.kept.withLock { $0.superDecoder })
        throwsUsedAfterDecoding { _ = try superDecoder.container(keyedBy: EscapeKey.self) }
        throwsUsedAfterDecoding { _ = try superDecoder.singleValueContainer().decode(String.self) }
        #expect(pathStrings(superDecoder.codingPath) == ["value"])
    }

    @Test func aSingleValueContainerKeptPastDecodeThrows() throws {
        let text = String(repeating: "t", count: 300)
        #expect(try XMLDecoder().decode(KeptText.self, from: Data("<t>\(text)</t>".utf8)).text == text)
        let single = try #require(KeptText.kept.withLock { $0.single })
        throwsUsedAfterDecoding { _ = try single.decode(String.self) }
        throwsUsedAfterDecoding { _ = try single.decode(Int.self) }
        throwsUsedAfterDecoding { _ = try single.decode(Bool.self) }
        throwsUsedAfterDecoding { _ = try single.decode([String].self) }
        #expect(!single.decodeNil())
    }

    @Test func aDecoderKeptFromATreeThrows() throws {
        let tree = try XMLTree(parsing: "<r><t>tree text</t></r>")
        let element = try #require(tree.root.elements.first)
        #expect(try XMLDecoder().decode(KeptText.self, from: element).text == "tree text")
        let single = try #require(KeptText.kept.withLock { $0.single })
        throwsUsedAfterDecoding { _ = try single.decode(String.self) }
    }

    @Test func aDecoderKeptFromOneStreamedElementThrowsWhileTheNextAreDecoded() throws {
        // Each item keeps its container; the window moves on under it.
        let items = (0..<300).map { "<item><name>item \($0) " + String(repeating: "x", count: 100) + "</name></item>" }
            .joined()
        let data = Data("<r>\(items)</r>".utf8)
        var containers: [KeyedDecodingContainer<EscapeKey>] = []
        var names: [String] = []
        struct Item: Decodable {
            var name: String
            var container: KeyedDecodingContainer<EscapeKey>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: EscapeKey.self)
                name = try container.decode(String.self, forKey: .name)
            }
        }
        try XMLDecoder().decodeElements(Item.self, at: "r/item", from: data) { item in
            if let previous = containers.last {
                // The previous item's call is over: its container no longer reads.
                throwsUsedAfterDecoding { _ = try previous.decode(String.self, forKey: .name) }
            }
            containers.append(item.container)
            names.append(item.name)
        }
        #expect(names.count == 300)
        #expect(names[299].hasPrefix("item 299 "))
        for container in containers {
            throwsUsedAfterDecoding { _ = try container.decode(String.self, forKey: .name) }
        }
    }
}

// MARK: - Encoders

/// What a model kept of its encoding, for use after the call.
private final class KeptEncoding: @unchecked Sendable {
    var encoder: (any Encoder)?
    var keyed: KeyedEncodingContainer<EscapeKey>?
    var unkeyed: (any UnkeyedEncodingContainer)?
    var single: (any SingleValueEncodingContainer)?
}

private struct EncodingKeeper: Encodable {
    var name: String
    static let kept = Locked(KeptEncoding())

    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: EscapeKey.self)
        try keyed.encode(name, forKey: .name)
        let unkeyed = keyed.nestedUnkeyedContainer(forKey: .item)
        Self.kept.withLock {
            $0.encoder = encoder
            $0.keyed = keyed
            $0.unkeyed = unkeyed
        }
    }
}

/// Whether `body` throws an `EncodingError` that says the encoder was used after its call.
private func throwsUsedAfterEncoding(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
    } catch let error as EncodingError {
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.debugDescription.contains("after the encoding call"), sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected an EncodingError, got \(error)", sourceLocation: sourceLocation)
    }
}

@Suite(.serialized) struct EncoderEscapeTests {
    @Test func anEncoderAndItsContainersKeptPastEncodeThrow() throws {
        let data = try XMLEncoder().encode(EncodingKeeper(name: "kept"), withRootKey: "r")
        #expect(String(decoding: data, as: UTF8.self).contains("<name>kept</name>"))
        let (encoder, keyed, unkeyed) = try #require(
            EncodingKeeper.kept.withLock { kept in kept.encoder.map { ($0, kept.keyed!, kept.unkeyed!) } })
        var keyedCopy = keyed
        throwsUsedAfterEncoding { try keyedCopy.encode("late", forKey: .name) }
        throwsUsedAfterEncoding { try keyedCopy.encodeNil(forKey: .name) }
        var unkeyedCopy = unkeyed
        throwsUsedAfterEncoding { try unkeyedCopy.encode(1) }
        // What cannot throw gives containers whose every use throws.
        var nested = keyedCopy.nestedContainer(keyedBy: EscapeKey.self, forKey: .value)
        throwsUsedAfterEncoding { try nested.encode("x", forKey: .name) }
        var single = encoder.singleValueContainer()
        throwsUsedAfterEncoding { try single.encode("x") }
        var late = encoder.container(keyedBy: EscapeKey.self)
        throwsUsedAfterEncoding { try late.encode("x", forKey: .name) }
        var superEncoder = keyedCopy.superEncoder().singleValueContainer()
        throwsUsedAfterEncoding { try superEncoder.encode("x") }
    }

    @Test func aContainerKeptFromOneWrittenItemDoesNotChangeTheNext() throws {
        // An ElementWriter encodes every item into one kept tree: a container kept from an item
        // must not write into the next one.
        struct Item: Encodable {
            var name: String
            static let kept = Locked<KeyedEncodingContainer<EscapeKey>?>(nil)
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EscapeKey.self)
                try container.encode(name, forKey: .name)
                Self.kept.withLock { $0 = container }
            }
        }
        var output = Data()
        let writer = try XMLEncoder().elementWriter(
            withRootKey: "r", itemKey: "item", to: { output.append(contentsOf: $0) })
        try writer.write(Item(name: "one"))
        var kept = try #require(Item.kept.withLock { $0 })
        throwsUsedAfterEncoding { try kept.encode("intruder", forKey: .value) }
        try writer.write(Item(name: "two"))
        throwsUsedAfterEncoding { try kept.encode("intruder", forKey: .value) }
        try writer.finish()
        let written = String(decoding: output, as: UTF8.self)
        #expect(written.contains("<item><name>one</name></item><item><name>two</name></item>"))
        #expect(!written.contains("intruder"))
    }
}

// MARK: - Readers

@Suite struct ReaderSliceEscapeTests {
    @Test func aSliceFromAnotherReaderReadsNothingOutsideThisOne() throws {
        // A long document's slices used with a short one: read within the short one, never past it.
        var long = XMLReader("<root>" + String(repeating: "y", count: 5_000) + "</root>")
        var text: XMLSlice?
        while let event = try long.next() { if case .text(let slice) = event { text = slice } }
        let slice = try #require(text)
        let short = XMLReader("<r/>")
        #expect(short.string(slice).utf8.count <= 4)
        #expect(short.withUnsafeRawBytes(of: slice) { $0.count } <= 4)
        #expect(short.withDecodedBytes(of: slice) { $0.count } <= 4)
        #expect(!short.slice(slice, equals: "y"))
        #expect(short.location(of: slice).offset == slice.start)
    }

    @Test func aSliceFromAnEntityOfAnotherReaderReadsNothing() throws {
        var withEntity = XMLReader("<!DOCTYPE r [<!ENTITY e \"<x>entity text</x>\">]><r>&e;</r>")
        var text: XMLSlice?
        while let event = try withEntity.next() { if case .text(let slice) = event { text = slice } }
        let slice = try #require(text)
        let plain = XMLReader("<r>no entities here</r>")
        #expect(plain.string(slice) == "")
        #expect(plain.withUnsafeRawBytes(of: slice) { $0.count } == 0)
    }

    @Test func aCopyOfAReaderInChunksThrowsOnceTheOriginalHasMovedOn() throws {
        let items = (0..<2_000).map { "<i>\($0)</i>" }.joined()
        var reader = XMLReader.incremental()
        try reader.append(Array("<r>\(items)".utf8))
        _ = try reader.next()
        var copy = reader
        // The original reads on and drops the bytes behind it; the copy's positions are stale.
        for piece in 0..<20 {
            try reader.append(Array(String(repeating: "<j>\(piece)</j>", count: 400).utf8))
            while try reader.next() != nil {}
        }
        do {
            while try copy.next() != nil {}
            Issue.record("the copy read on")
        } catch {
            #expect(
                error.reason == .inputFailed("a copy of this reader read on: the bytes it would read next are gone"))
        }
    }
}
