// NameFilter: 64 bits that sum up the names of an element's child elements and attributes, so
// that a key none of them can carry is answered "absent" without comparing a name.
//
// Why: real models are sparse. A worksheet cell has six keys and carries two or three; a GPX
// track point has nineteen and carries four or five. `decodeIfPresent` of an absent key used to
// walk the element's children (unless `XMLIndex.Node.childNameBits`, 8 bits, ruled them out) and
// then always all of its attributes, comparing lengths and bytes: about 200 instructions for
// each absent key. With the filter, most absent keys cost a multiplication and a test.
//
// Each name sets one of the 64 bits, chosen by its last three bytes, read back from the end and
// stopping at a `:` (the bytes not read count as none). Those are the same for a name as written
// and for its local part (`gpxtpx:hr` and `hr` both give "hr" and none; `r:id` and `id` both "id"
// and none; `p:x` and `x` both "x"), so one filter serves keys matched against either, and a key
// whose bit is clear equals no name there, whatever the rule (a set bit proves nothing: the names
// are then compared as before). Three bytes rather than two tell apart the short names that end
// alike in real models: GPX's `name` and `time`, `sat` and `lat`.
//
//     <trkpt lat="48.2" lon="16.3"><ele>170</ele><time>2024-05-01T06:00:00Z</time></trkpt>
//
//     filter: the bits of "lat", "lon", "ele", "time"
//     key "hdop": its bit is clear        → absent, no name compared
//     key "ele":  its bit is set          → `lookUp` finds the child as before
//
// The decoder makes an element's filter when a key of it is first found absent (a dense model,
// whose keys are all there, never pays for one) and keeps the last one made (see
// `XMLDecoderImpl.find`).

/// A summary of names: a clear bit proves that no name with that bit is among them.
internal struct NameFilter {
    var bits: UInt64

    /// A filter that rules nothing out (for names the decoder cannot read cheaply).
    static let everything = NameFilter(bits: ~0)

    /// The bit of a name whose last three bytes, read back from the end up to a `:`, are
    /// `tail` (the last byte lowest; 0 for the bytes not read).
    @inline(__always)
    static func bit(tail: UInt32) -> UInt64 {
        // Fibonacci hashing of the bytes: the top 6 bits of the product pick the bit.
        1 << UInt64((tail &* 0x9E37_79B1) >> 26)
    }

    /// The bit of the name in `bytes[start..<end]` (not empty).
    @inline(__always)
    static func bit(of bytes: UncheckedBytes, start: Int, end: Int) -> UInt64 {
        var tail = UInt32(bytes[unchecked: end - 1])
        if end - start >= 2 {
            let previous = bytes[unchecked: end - 2]
            if previous != UInt8(ascii: ":") {
                tail |= UInt32(previous) << 8
                if end - start >= 3 {
                    let third = bytes[unchecked: end - 3]
                    if third != UInt8(ascii: ":") { tail |= UInt32(third) << 16 }
                }
            }
        }
        return bit(tail: tail)
    }
}

extension XMLDecoderImpl {
    /// The filter of the names of `element`'s child elements and attributes (namespace
    /// declarations included: a key may name one). `everything` when a name lies outside the
    /// document's bytes (in an entity's replacement text, a DTD default, a tree's own buffers).
    func nameFilter(of element: Int32) -> NameFilter {
        guard !document.isEmpty else { return .everything }
        let document = self.document
        let nodes = nodeView
        let node = nodes[unchecked: Int(element)]
        var bits: UInt64 = 0
        if node.hasChildElements {
            var child = element + 1
            while child >= 0 {
                let childNode = nodes[unchecked: Int(child)]
                if childNode.kind == .element {
                    let start = Int(childNode.start)
                    let end = start + Int(childNode.length)
                    guard childNode.source == 0, end > start, end <= document.count else { return .everything }
                    bits |= NameFilter.bit(of: document, start: start, end: end)
                }
                child = childNode.nextSibling
            }
        }
        let first = Int(node.firstAttribute)
        let packed = attributeView
        for position in first..<(first + Int(node.attributeCount)) {
            let entry = packed[unchecked: position]
            let start = Int(entry.nameStart)
            let end = start + Int(entry.nameLength)
            // An overflowed attribute's name may lie elsewhere (a DTD default): rare.
            guard !entry.isOverflowed, end > start, end <= document.count else { return .everything }
            bits |= NameFilter.bit(of: document, start: start, end: end)
        }
        return NameFilter(bits: bits)
    }
}
