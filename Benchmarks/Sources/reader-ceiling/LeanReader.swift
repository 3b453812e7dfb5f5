// LeanReader: the least a pull reader can do and still check what XMLCodable's reader checks on
// the benchmark documents, in Swift, inlined into its caller's loop. A measuring instrument of
// `reader-ceiling` (README.md, "How far a reader can go on this machine"), not a reader to use.
//
// It reads the events of a document in memory and checks, as XMLCodable's reader does: names
// against a table of ASCII name characters; attribute values and text sixteen bytes at a time
// (`SIMD16<UInt8>`, the first stop found from the mask read as two words, as the library's
// `VectorScan` does) for the bytes that need a look (`<`, `&`, the quote, `]`, controls,
// non-ASCII), each non-ASCII run as well-formed UTF-8 of XML characters, references for their form
// (`&…;`), `]]>` in text, end tags against their start tags, and repeated attribute names (a 64-bit
// filter of the names; names compared only when two share a bit).
//
// It leaves out what a real reader needs and these documents do not: namespaces, the DTD (entities,
// defaults), comments, PIs and CDATA, non-ASCII names, white space around `=`, the prolog and
// epilog beyond an XML declaration and a final line end, whether a reference names a declared
// entity or a valid character (only its form is checked), reading in chunks, line and column for
// errors, and a public API over its storage. Most of those forms stop it with
// `LeanReader.Unsupported`. Its twin in C (Sources/CLeanReader) takes the same steps.
//
// Text and attribute values are read by two loops of the same shape, kept apart on purpose: as a
// ceiling the reader must be as fast as it can be, and folding their common steps into shared
// functions cost it 1–5% more instructions (measured; session 14).
//
// Worked example: for `<a x="1">t</a>` the events are `.start` (name `a`, one attribute in
// `attributes`), `.text` (`t`), `.end` (`a`).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LeanReader {
    struct Slice {
        var start: UInt32
        var end: UInt32
        var flags: UInt32
    }

    struct Attribute {
        var name: Slice
        var value: Slice
    }

    enum Event {
        case start(Slice)
        case end(Slice)
        case text(Slice)
    }

    /// A form the lean reader does not read, or a document that is not well-formed, at `offset`.
    struct Unsupported: Error {
        let offset: Int
    }

    static let nameStart: UInt8 = 1
    static let name: UInt8 = 2
    static let space: UInt8 = 4

    /// The class of each byte: `nameStart`, `name` (ASCII name characters) and `space`.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(c)] |= nameStart | name }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(c)] |= nameStart | name }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(c)] |= name }
        for c in [UInt8(ascii: "_"), UInt8(ascii: ":")] { table[Int(c)] |= nameStart | name }
        for c in [UInt8(ascii: "-"), UInt8(ascii: ".")] { table[Int(c)] |= name }
        for c: UInt8 in [0x20, 0x09, 0x0A, 0x0D] { table[Int(c)] |= space }
        return table
    }()

    let bytes: UnsafePointer<UInt8>
    let end: Int
    let classes: UnsafePointer<UInt8>
    var position = 0
    var open: [Slice] = []
    /// The attributes of the last start tag: the first `attributeCount` of 256 slots.
    let attributes: UnsafeMutablePointer<Attribute>
    var attributeCount = 0
    var pendingEnd = false

    /// A reader of `count` bytes at `bytes`, with `classes` the bytes of `table`; both must outlive
    /// it. Call `deallocate()` when done.
    init(_ bytes: UnsafePointer<UInt8>, count: Int, classes: UnsafePointer<UInt8>) {
        self.bytes = bytes
        self.end = count
        self.classes = classes
        attributes = .allocate(capacity: 256)
        open.reserveCapacity(64)
        // The XML declaration, then white space: nothing else is read before the root.
        if count > 1, bytes[0] == UInt8(ascii: "<"), bytes[1] == UInt8(ascii: "?") {
            var p = 2
            while p + 1 < count, !(bytes[p] == UInt8(ascii: "?") && bytes[p + 1] == UInt8(ascii: ">")) { p += 1 }
            position = p + 2
        }
        while position < end, classes[Int(bytes[position])] & LeanReader.space != 0 { position += 1 }
    }

    func deallocate() { attributes.deallocate() }

    @inline(__always)
    mutating func next() throws(Unsupported) -> Event? {
        if pendingEnd {
            pendingEnd = false
            return .end(open.removeLast())
        }
        let p = position
        guard p + 1 < end else {
            if !open.isEmpty { throw Unsupported(offset: p) }
            return nil
        }
        if bytes[p] == UInt8(ascii: "<") {
            if bytes[p + 1] == UInt8(ascii: "/") { return try endTag() }
            return try startTag()
        }
        return try text()
    }

    /// `next()` as a call of its own, never inlined: the event comes back through memory and the
    /// reader's state is loaded and stored around each call, as for `XMLReader.next()`.
    @inline(never)
    mutating func nextByCall() throws(Unsupported) -> Event? {
        try next()
    }

    /// The first of the sixteen bytes from `p` that is `a`, `b`, `c`, a control byte or non-ASCII
    /// (both below 0x20 read as signed), or 16. (The splats name their type: written
    /// `SIMD16(repeating: a)`, leaving it to be inferred, the compares were not vectorized, and
    /// reading osm 5k took 50 times as long.)
    @inline(__always)
    func firstStop(_ p: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        let block = UnsafeRawPointer(bytes + p).loadUnaligned(as: SIMD16<UInt8>.self)
        let signed = SIMD16<Int8>(truncatingIfNeeded: block)
        let mask =
            (block .== SIMD16<UInt8>(repeating: a)) .| (block .== SIMD16<UInt8>(repeating: b)) .| (block .== SIMD16<UInt8>(repeating: c))
            .| (signed .< SIMD16<Int8>(repeating: 0x20))
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        if words[0] != 0 { return words[0].trailingZeroBitCount &>> 3 }
        if words[1] != 0 { return 8 &+ words[1].trailingZeroBitCount &>> 3 }
        return 16
    }

    @inline(__always)
    mutating func text() throws(Unsupported) -> Event {
        var p = position
        var flags: UInt32 = 0
        while true {
            let c: UInt8
            if p + 16 <= end {
                let first = firstStop(p, UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]"))
                if first == 16 {
                    p += 16
                    continue
                }
                p += first
                c = bytes[p]
            } else {
                guard p < end else { break }
                c = bytes[p]
                if c >= 0x20, c < 0x80, c != UInt8(ascii: "<"), c != UInt8(ascii: "&"), c != UInt8(ascii: "]") {
                    p += 1
                    continue
                }
            }
            if c == UInt8(ascii: "<") { break }
            if c == 0x0A || c == 0x09 {
                p += 1
                continue
            }
            if c >= 0x80 {
                let q = LeanReader.skipNonASCII(bytes, p, end)
                if q == p { throw Unsupported(offset: p) }
                p = q
                continue
            }
            if c == UInt8(ascii: "&") {
                let q = LeanReader.referenceEnd(bytes, p, end)
                if q < 0 { throw Unsupported(offset: p) }
                flags |= 1
                p = q
                continue
            }
            if c == UInt8(ascii: "]") {
                if p + 2 < end, bytes[p + 1] == UInt8(ascii: "]"), bytes[p + 2] == UInt8(ascii: ">") { throw Unsupported(offset: p) }
                p += 1
                continue
            }
            if c == 0x0D {
                flags |= 2
                p += 1
                continue
            }
            throw Unsupported(offset: p)
        }
        let slice = Slice(start: UInt32(truncatingIfNeeded: position), end: UInt32(truncatingIfNeeded: p), flags: flags)
        position = p
        return .text(slice)
    }

    /// The end of the ASCII name at `p`.
    @inline(__always)
    func nameEnd(_ start: Int) throws(Unsupported) -> Int {
        var p = start
        guard p < end, classes[Int(bytes[p])] & LeanReader.nameStart != 0 else { throw Unsupported(offset: p) }
        p += 1
        while p < end, classes[Int(bytes[p])] & LeanReader.name != 0 { p += 1 }
        guard p < end, bytes[p] < 0x80 else { throw Unsupported(offset: p) }
        return p
    }

    @inline(__always)
    mutating func startTag() throws(Unsupported) -> Event {
        attributeCount = 0
        let nameStart = position + 1
        var p = try nameEnd(nameStart)
        let name = Slice(start: UInt32(truncatingIfNeeded: nameStart), end: UInt32(truncatingIfNeeded: p), flags: 0)
        var nameBits: UInt64 = 0
        var mayRepeat = false
        while true {
            guard p + 1 < end else { throw Unsupported(offset: p) }  // a start tag ends before the root's end
            var c = bytes[p]
            var hadSpace = false
            if c == 0x20 {
                p += 1
                c = bytes[p]
                hadSpace = true
            }
            if classes[Int(c)] & LeanReader.space != 0 {
                while p < end, classes[Int(bytes[p])] & LeanReader.space != 0 { p += 1 }
                guard p < end else { throw Unsupported(offset: p) }
                c = bytes[p]
                hadSpace = true
            }
            if c == UInt8(ascii: ">") {
                p += 1
                break
            }
            if c == UInt8(ascii: "/") {
                guard p + 1 < end, bytes[p + 1] == UInt8(ascii: ">") else { throw Unsupported(offset: p) }
                p += 2
                pendingEnd = true
                break
            }
            guard hadSpace else { throw Unsupported(offset: p) }
            let attributeStart = p
            p = try nameEnd(p)
            let length = p - attributeStart
            let bit: UInt64 = 1 &<< ((UInt64(length) &* 31 &+ UInt64(bytes[attributeStart]) &+ UInt64(bytes[p - 1]) &* 7) & 63)
            if nameBits & bit != 0 { mayRepeat = true }
            nameBits |= bit
            guard p + 1 < end, bytes[p] == UInt8(ascii: "=") else { throw Unsupported(offset: p) }
            let quote = bytes[p + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw Unsupported(offset: p) }
            p += 2
            let valueStart = p
            var flags: UInt32 = 0
            while true {
                let c: UInt8
                if p + 16 <= end {
                    let first = firstStop(p, UInt8(ascii: "<"), UInt8(ascii: "&"), quote)
                    if first == 16 {
                        p += 16
                        continue
                    }
                    p += first
                    c = bytes[p]
                } else {
                    guard p < end else { throw Unsupported(offset: p) }
                    c = bytes[p]
                    if c >= 0x20, c < 0x80, c != UInt8(ascii: "<"), c != UInt8(ascii: "&"), c != quote {
                        p += 1
                        continue
                    }
                }
                if c == quote { break }
                if c >= 0x80 {
                    let q = LeanReader.skipNonASCII(bytes, p, end)
                    if q == p { throw Unsupported(offset: p) }
                    p = q
                    continue
                }
                if c == UInt8(ascii: "&") {
                    let q = LeanReader.referenceEnd(bytes, p, end)
                    if q < 0 { throw Unsupported(offset: p) }
                    flags |= 1
                    p = q
                    continue
                }
                if c == 0x09 || c == 0x0A || c == 0x0D {
                    flags |= 4
                    p += 1
                    continue
                }
                throw Unsupported(offset: p)  // '<' or a control byte
            }
            guard attributeCount < 256 else { throw Unsupported(offset: p) }
            attributes[attributeCount] = Attribute(
                name: Slice(start: UInt32(truncatingIfNeeded: attributeStart), end: UInt32(truncatingIfNeeded: attributeStart + length), flags: 0),
                value: Slice(start: UInt32(truncatingIfNeeded: valueStart), end: UInt32(truncatingIfNeeded: p), flags: flags))
            attributeCount += 1
            p += 1
        }
        if mayRepeat { try checkRepeatedNames() }
        position = p
        open.append(name)
        return .start(name)
    }

    @inline(never)
    func checkRepeatedNames() throws(Unsupported) {
        for i in 0..<attributeCount {
            for j in 0..<i {
                let a = attributes[i].name
                let b = attributes[j].name
                let count = Int(a.end - a.start)
                if count == Int(b.end - b.start), memcmp(bytes + Int(a.start), bytes + Int(b.start), count) == 0 {
                    throw Unsupported(offset: Int(a.start))
                }
            }
        }
    }

    @inline(__always)
    mutating func endTag() throws(Unsupported) -> Event {
        guard let last = open.last else { throw Unsupported(offset: position) }
        let count = Int(last.end - last.start)
        let nameStart = position + 2
        let after = nameStart + count
        guard after < end, bytes[after] == UInt8(ascii: ">"), memcmp(bytes + nameStart, bytes + Int(last.start), count) == 0 else {
            throw Unsupported(offset: position)
        }
        position = after + 1
        open.removeLast()
        return .end(last)
    }

    /// The end of the run of well-formed UTF-8 XML characters at `start` (a byte from 0x80), or
    /// `start` when the first is not one.
    @inline(never)
    static func skipNonASCII(_ b: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var p = start
        while p < end, b[p] >= 0x80 {
            let c = b[p]
            if c >= 0xC2 && c <= 0xDF {
                guard p + 1 < end, b[p + 1] & 0xC0 == 0x80 else { return start }
                p += 2
            } else if c >= 0xE0 && c <= 0xEF {
                guard p + 2 < end, b[p + 1] & 0xC0 == 0x80, b[p + 2] & 0xC0 == 0x80 else { return start }
                let s = UInt32(c & 0x0F) << 12 | UInt32(b[p + 1] & 0x3F) << 6 | UInt32(b[p + 2] & 0x3F)
                guard s >= 0x800, !(0xD800...0xDFFF).contains(s), s != 0xFFFE, s != 0xFFFF else { return start }
                p += 3
            } else if c >= 0xF0 && c <= 0xF4 {
                guard p + 3 < end, b[p + 1] & 0xC0 == 0x80, b[p + 2] & 0xC0 == 0x80, b[p + 3] & 0xC0 == 0x80 else { return start }
                let s = UInt32(c & 0x07) << 18 | UInt32(b[p + 1] & 0x3F) << 12 | UInt32(b[p + 2] & 0x3F) << 6 | UInt32(b[p + 3] & 0x3F)
                guard s >= 0x10000, s <= 0x10FFFF else { return start }
                p += 4
            } else {
                return start
            }
        }
        return p
    }

    /// The end of a reference `&…;` at `p`, or -1.
    @inline(__always)
    static func referenceEnd(_ b: UnsafePointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var q = p + 1
        while q < end, q - p < 12, b[q] != UInt8(ascii: ";") { q += 1 }
        guard q < end, b[q] == UInt8(ascii: ";"), q > p + 1 else { return -1 }
        return q + 1
    }
}
