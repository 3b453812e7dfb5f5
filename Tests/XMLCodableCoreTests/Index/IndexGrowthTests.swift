// How the index's arrays grow while a document is read (XMLIndex.grow): from a projection of the
// whole document, capped at 16 times the current size until a 64th of the document is read, so
// that a large document's index is not copied once more at a third of its size, and a dense start
// does not reserve room for a whole document that turns out sparse.

import Foundation
import Testing
@testable import XMLCodableCore

@Suite struct IndexGrowthTests {
    /// A 100 MB document of 25 nodes per KB, after `read` bytes.
    static func capacity(have: Int, read: Int) -> Int {
        XMLIndex.projectedCapacity(have: have, adding: 1, read: read, of: 100_000_000)
    }

    @Test func aLargeDocumentGetsItsWholeIndexOnceAFewPercentAreRead() {
        // 65,536 nodes after 2.6 MB of 100 MB (past a 64th): the projection, 2.5 million nodes plus
        // an eighth, not 16 times 65,536 (a copy at 1 million nodes, then another).
        let capacity = Self.capacity(have: 65_536, read: 2_621_440)
        #expect(capacity >= 2_500_000 + 2_500_000 / 8)
        #expect(capacity < 3_000_000)
    }

    @Test func aDenseStartIsCappedAtSixteenTimes() {
        // 256 nodes after 10 KB of 100 MB: the projection (2.5 million) is not trusted yet.
        #expect(Self.capacity(have: 256, read: 10_240) == 256 * 16 + 1)
        // 4,096 nodes after 160 KB, still before a 64th (1.56 MB).
        #expect(Self.capacity(have: 4_096, read: 163_840) == 4_096 * 16 + 1)
    }

    @Test func everyStepGrowsByHalfAtLeast() {
        // Nearly the whole document read, the projection barely above what is there.
        let capacity = XMLIndex.projectedCapacity(have: 10_000, adding: 1, read: 999_999, of: 1_000_000)
        #expect(capacity >= 10_000 + 10_000 / 2 + 1)
        // Nothing read yet, or nothing in the array: no projection.
        #expect(XMLIndex.projectedCapacity(have: 0, adding: 10, read: 0, of: 1_000_000) == 10 + 64)
    }

    @Test func aHugeProjectionDoesNotOverflow() {
        // As many nodes as an index can number, the projection's product past `Int.max`.
        let have = Int(Int32.max)
        #expect(XMLIndex.projectedCapacity(have: have, adding: 1, read: 1, of: Int.max / 2) == have * 16 + 1)
        #expect(XMLIndex.projectedCapacity(have: have, adding: 1, read: Int.max / 64, of: Int.max / 2) > have)
    }
}
