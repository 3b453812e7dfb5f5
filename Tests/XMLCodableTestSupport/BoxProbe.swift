// BoxProbe: counts how often a keyed container's box is the same object as the first one seen, for
// the tests of boxes given out again (DecoderContainerBoxesTests, EncoderContainerBoxesTests). The
// first box is held weakly, so that a box given out again is told from a new box that happens to be
// at the freed one's address.
//
//     let probe = BoxProbe()
//     probe.record(container)     // in each item's init(from:) or encode(to:)
//     probe.sameAsFirst           // items - 1 when one box served them all

import Foundation

/// Records the boxes of the containers it is shown (see the file's header).
public final class BoxProbe: @unchecked Sendable {
    private let lock = NSLock()
    private weak var first: AnyObject?
    private var seenFirst = false
    private var same = 0

    public init() {}

    /// Records the box of `container` (a `KeyedDecodingContainer` or `KeyedEncodingContainer`,
    /// whose one stored property is its box).
    public func record<Container>(_ container: Container) {
        let box = unsafeBitCast(container, to: AnyObject.self)
        lock.lock()
        defer { lock.unlock() }
        if !seenFirst {
            first = box
            seenFirst = true
        } else if first === box {
            same += 1
        }
    }

    /// How many containers after the first had the first one's box.
    public var sameAsFirst: Int {
        lock.lock()
        defer { lock.unlock() }
        return same
    }
}
