// XMLFieldStream's list growth (`append(_:to:)`, `finished(_:)`): a long list reserves room from
// the document left to read instead of doubling, keeps every item in order, and keeps at most
// twice its items' room whatever the guess was.

import Foundation
import Testing

@testable import XMLCodableCore

@Suite struct FieldStreamListTests {
    static let rootNames = XMLFieldNames("i", "pad")

    /// The `<i>` children of the root, appended through the stream; the `<pad>` children skipped.
    static func items(_ xml: String) throws -> [Int] {
        try XMLDecoder().decodeFields(from: Data(xml.utf8)) { root in
            var items: [Int] = []
            while let field = try root.next(in: rootNames) {
                guard field == 0 else { continue }
                let item = try root.int()
                root.append(item, to: &items)
            }
            return XMLFieldStream.finished(items)
        }
    }

    static func document(items count: Int, padding: Int = 0) -> String {
        var xml = "<r>"
        for number in 0..<count {
            // Six digits, so that every item takes as many bytes as the next.
            let digits = String(number)
            xml += "<i>" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + "</i>"
        }
        if padding > 0 { xml += "<pad>" + String(repeating: "x", count: padding) + "</pad>" }
        return xml + "</r>"
    }

    @Test func aListThatRunsToTheEndIsReservedOnceFromTheDocumentLeft() throws {
        // 60,000 items of one size filling the document: at 4,096 items the guess (the density
        // so far held for the rest) is close, so the list is reserved once and ends within a few
        // percent of its items, where doubling would leave 65,536 or more.
        let items = try Self.items(Self.document(items: 60_000))
        #expect(items == Array(0..<60_000))
        #expect(items.capacity >= items.count)
        #expect(items.capacity < items.count + items.count / 20)
    }

    @Test func aGuessTooHighIsGivenBackWhenTheListIsDone() throws {
        // 5,000 items, then a megabyte of other content: at 4,096 items the guess is far too
        // high (16 × 4,096 is reserved); `finished` keeps the items in a list of their size.
        let items = try Self.items(Self.document(items: 5_000, padding: 1_000_000))
        #expect(items == Array(0..<5_000))
        #expect(items.capacity >= items.count)
        #expect(items.capacity <= 2 * items.count)
    }

    @Test func shortListsGrowAsArraysDo() throws {
        for count in [0, 1, 4_095, 4_096, 4_097] {
            let items = try Self.items(Self.document(items: count, padding: 10_000))
            #expect(items == Array(0..<count))
            #expect(items.capacity <= max(2 * items.count, 16))
        }
    }

    @Test func finishedKeepsTheItemsAndTheirOrder() {
        var list: [String] = []
        list.reserveCapacity(100_000)
        for number in 0..<5_000 { list.append(String(number)) }
        let fitted = XMLFieldStream.finished(list)
        #expect(fitted == (0..<5_000).map(String.init))
        #expect(fitted.capacity <= 2 * fitted.count)
        // A list within twice its items' room is passed on as it is.
        var kept: [Int] = []
        kept.reserveCapacity(9_000)
        kept.append(contentsOf: 0..<5_000)
        #expect(XMLFieldStream.finished(kept).capacity == kept.capacity)
    }
}
