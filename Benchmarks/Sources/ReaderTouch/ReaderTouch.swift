// ReaderTouch: the one definition of "reading a document's events" that the reader figures use.
//
// The "XMLReader events" and "XMLReader decoded" benchmarks, the `instructions` tool's touch
// modes and `reader-ceiling` all read a document through these functions, so that their figures
// measure the same work. Every event is pulled with `next()`, and its bytes are touched: each
// element name, attribute name, attribute value and text through `withUnsafeRawBytes(of:)` (or,
// for values and text, `withDecodedBytes(of:)` when decoding), its length and one byte; end tags,
// comments, PIs and the DOCTYPE by their raw length. Touching makes the reader's slices real work
// (a reader whose events nobody looks at could skip what a consumer pays for), and the sum of what
// was touched lets a caller check that two readers read the same events.
//
// Worked example: for `<a x="1">t</a>` the events are <a> (name `a` touched: 1 + 'a'; attribute
// x: 1 + 'x' and 1 + '1'), the text `t` (1 + 't') and </a> (1): one element, checksum
// 98 + 121 + 50 + 117 + 1 = 387.

import XMLCodable

/// What touching a document's events found.
public struct TouchedEvents: Sendable {
    /// The number of start elements.
    public let elements: Int
    /// The sum of the touched lengths and bytes; equal for readers that read the same events.
    public let checksum: Int
}

/// Reads every event of `bytes` with `XMLReader` and touches its raw bytes (references not
/// replaced): the "XMLReader events" benchmark.
@inline(never)
public func touchRawEvents(of bytes: [UInt8]) throws -> TouchedEvents {
    try touchEvents(of: bytes, decodeValues: false)
}

/// Reads every event of `bytes` with `XMLReader`, touching attribute values and text decoded
/// (references replaced, line ends and attribute values normalized): the "XMLReader decoded"
/// benchmark, the work `XMLParser` does for every value it hands over.
@inline(never)
public func touchDecodedEvents(of bytes: [UInt8]) throws -> TouchedEvents {
    try touchEvents(of: bytes, decodeValues: true)
}

/// The loop of both, inlined into each with `decodeValues` a constant, so that neither pays for
/// the other's branch.
@inline(__always)
private func touchEvents(of bytes: [UInt8], decodeValues: Bool) throws -> TouchedEvents {
    var reader = try XMLReader(bytes)
    var elements = 0
    var checksum = 0
    while let event = try reader.next() {
        switch event {
        case .startElement(let name):
            elements &+= 1
            checksum &+= reader.withUnsafeRawBytes(of: name.qualified) { $0.count &+ Int($0.first ?? 0) }
            for attribute in reader.attributes {
                checksum &+= reader.withUnsafeRawBytes(of: attribute.name.qualified) { $0.count &+ Int($0.first ?? 0) }
                if decodeValues {
                    checksum &+= reader.withDecodedBytes(of: attribute.value) { $0.count &+ Int($0.last ?? 0) }
                } else {
                    checksum &+= reader.withUnsafeRawBytes(of: attribute.value) { $0.count &+ Int($0.last ?? 0) }
                }
            }
        case .endElement(let name):
            checksum &+= name.qualified.rawCount
        case .text(let text), .cdata(let text):
            if decodeValues {
                checksum &+= reader.withDecodedBytes(of: text) { $0.count &+ Int($0.last ?? 0) }
            } else {
                checksum &+= reader.withUnsafeRawBytes(of: text) { $0.count &+ Int($0.last ?? 0) }
            }
        case .comment(let text):
            checksum &+= text.rawCount
        case .processingInstruction(let target, let data):
            checksum &+= target.rawCount &+ data.rawCount
        case .doctype(let name):
            checksum &+= name.rawCount
        }
    }
    return TouchedEvents(elements: elements, checksum: checksum)
}
