// `from-json`'s output: bytes that may still change, held, in front of standard output.
//
// Design: some of what `from-json` writes depends on JSON it has not read yet — whether an
// element's children are indented (only when it turns out to hold no text) and its attributes
// (an `"@name"` member may follow its content). So output from the start tag of the outermost
// element still open to change is held in memory, where a line break can still be taken out
// (`remove`) or an attribute put in (`insert`); everything before it goes on to standard output
// through the 64 KiB `OutputBuffer`. The converter bounds what is held (`JSONToXMLWriter`
// commits elements when it passes its limit), so memory stays bounded. For example, after
// `<a>` and a held `\n  <b/>`, text in `a` removes the break at offset 3, and `release()` then
// sends `<a><b/>` on. It holds an `OutputBuffer`, which cannot be copied, so it cannot be either.

import XMLCodableCore

/// Output held while it may still change, then released to standard output.
struct HeldOutput: ~Copyable {
    /// The bytes held, from the start of the outermost element still open to change.
    private(set) var held: [UInt8] = []
    /// Standard output, behind the held bytes.
    private var output = OutputBuffer()

    /// Why writing standard output failed, if it did.
    var failure: String? { output.failure }

    /// The number of bytes held.
    var count: Int { held.count }

    /// Appends bytes to the held output.
    mutating func append(_ bytes: UncheckedBytes) {
        held.append(contentsOf: bytes)
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        held.append(byte)
    }

    /// Appends the UTF-8 of a static string.
    mutating func append(_ text: StaticString) {
        append(UncheckedBytes(text))
    }

    /// Appends the UTF-8 of a string.
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { held.append(contentsOf: $0) }
    }

    /// Inserts bytes at a held offset.
    mutating func insert(_ bytes: [UInt8], at offset: Int) {
        held.insert(contentsOf: bytes, at: offset)
    }

    /// Removes held ranges, given in increasing order and not overlapping.
    mutating func remove(_ ranges: [Range<Int>]) {
        guard let first = ranges.first else { return }
        var write = first.lowerBound
        for (number, range) in ranges.enumerated() {
            let next = number + 1 < ranges.count ? ranges[number + 1].lowerBound : held.count
            for read in range.upperBound..<next {
                held[write] = held[read]
                write += 1
            }
        }
        held.removeLast(held.count - write)
    }

    /// Sends the first `count` held bytes on to standard output (all of them by default).
    mutating func release(_ count: Int? = nil) {
        let count = count ?? held.count
        guard count > 0 else { return }
        precondition(count <= held.count, "HeldOutput: releasing \(count) of \(held.count) held bytes")
        held.withUncheckedBytes { output.append($0.extracting(unchecked: 0..<count)) }
        held.removeFirst(count)
    }

    /// Writes what standard output has gathered (the held bytes must have been released).
    mutating func flush() {
        output.flush()
    }
}
