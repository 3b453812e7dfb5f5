// XMLFieldStream+Lists: how a generated reader grows a list field (a repeated child element), so
// that a long list is not copied again and again as it grows.
//
// An `Array` that runs out of room doubles: it allocates twice the room and moves its items
// there. For a list of a million items that is twenty moves, a million items moved in all, and
// at every move new memory the system hands out a page at a time (a page fault each): on the
// osm document of 100 MB, the moves were 38% of the page faults of a call (`perf record -e
// page-faults`) and what made decoding 100 MB slower per byte than decoding 1 MB. Rust's `Vec`
// grows with `realloc`, which moves the pages rather than the bytes; Swift's `Array` cannot.
//
// So once a list has 4,096 items (`append(_:to:)`), the stream guesses how many more are coming
// from how much of the document is left: items so far × document length ÷ bytes read, the
// density so far held for the rest. It reserves that (2% and 64 more), but never less than the
// doubling would and never more than 16 times the items so far, so a wrong guess costs one more
// move, not a runaway allocation. A guess too high (the list ends well before the document does)
// leaves room that `finished(_:)` gives back when the list is done: a list keeps at most twice
// its items' room, as with doubling.
//
//     <osm> 650,000 × <node …>…</node> </osm>           (99.7 MB)
//     at 4,096 nodes, 0.63 MB read:  4,096 × 99.7 ÷ 0.63 = 648,000 → 16 × 4,096 = 65,536 reserved
//     at 65,536 nodes, 10.0 MB read: 65,536 × 99.7 ÷ 10.0 = 653,000 → 666,000 reserved
//     at 650,000 nodes:              the end; 666,000 ≤ 2 × 650,000, kept as it is
//     items moved: 4,095 (doubling up to 4,096) + 4,096 + 65,536 = 73,727 (doubling all the way: 1,048,575)

extension XMLFieldStream {
    /// Appends an item of a list field (a repeated child element) to the list, reserving room
    /// ahead for a long list from how much of the document is left to read.
    ///
    /// Code the `@XMLFieldDecodable` macro generates appends each item of a list field this way
    /// and passes the list through ``finished(_:)`` when the element ends; a reader written by
    /// hand can do the same. The items are the same as with `Array.append(_:)`: only the list's
    /// spare room differs.
    ///
    /// - Parameters:
    ///   - item: The item decoded.
    ///   - list: The list field's items so far.
    @inlinable
    public mutating func append<Item>(_ item: consuming Item, to list: inout [Item]) {
        if list.count >= Self.listGuessStart, list.count == list.capacity {
            list.reserveCapacity(listCapacity(growing: list.count))
        }
        list.append(item)
    }

    /// A list field's items as the value will keep them: without the spare room
    /// ``append(_:to:)`` reserved on a guess that turned out too high (more than the items
    /// again). The items are unchanged.
    ///
    /// - Parameter list: The list field's items, appended with ``append(_:to:)``.
    /// - Returns: The same items.
    @inlinable
    public static func finished<Item>(_ list: consuming [Item]) -> [Item] {
        if list.count >= listGuessStart, list.capacity > 2 * list.count {
            var fitted: [Item] = []
            fitted.reserveCapacity(list.count)
            fitted.append(contentsOf: list)
            return fitted
        }
        return list
    }

    /// The number of items from which a full list guesses its room from the document left.
    @usableFromInline
    static var listGuessStart: Int { 4_096 }

    /// The room for a full list of `count` items: the items the document left would hold at the
    /// density read so far, 2% and 64 more, at least twice `count` and at most 16 times.
    @usableFromInline
    mutating func listCapacity(growing count: Int) -> Int {
        let (read, length) = documentRead
        let guess: Double
        if read > 0 && read < length {
            guess = Double(count) * Double(length) / Double(read) * 1.02 + 64
        } else {
            guess = 0
        }
        let most = Double(count) * 16
        return max(2 * count, Int(min(guess, most)))
    }
}
