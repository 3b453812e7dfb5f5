// StreamBoundary: how far the tokens that have fully arrived reach, for a reader fed in chunks.
//
// The scanner reads a token (a tag, a comment, a PI, a CDATA section, the DOCTYPE, a run of text)
// in one go, and treats the end of its buffer as the end of the document. A reader fed in chunks
// therefore never lets it see a token that is cut short: before each event, the bytes that have
// arrived are pre-scanned (once each, forward, with a light state machine that only looks for
// where tokens end) to find `safeEnd`, the point up to which every token is complete, and the
// scanner is told the window ends there. A token that has not fully arrived waits for more input:
//
//     window:  <a x="1">text &amp; more</a><b y="2
//                                          ^ safeEnd: <b y="2 is not complete yet
//
// Text may be cut, since a text run can be reported in several events — but never inside a UTF-8
// sequence, inside a reference (`&am|p;`), after a carriage return (`\r|\n` would read as two line
// ends) or after `]` (`]]|>` must still be seen as one), and only inside the root element: the
// white space around it must reach the next markup or the end of the input. For well-formed
// input the pre-scan finds exactly the token ends the scanner finds; for malformed input it only
// decides how much the scanner is shown, and the scanner reports the error.
//
// That pre-scan looks at every byte once more than the scanner does. Inside the root element the
// reader first tries the quick move, `advanceQuickly`: the boundary goes straight to the window's
// last `<`, found from the end backwards (a few blocks of sixteen bytes), without looking at what
// lies before it. Outside comments, CDATA sections and PIs, a `<` always begins a token in a
// well-formed document, so every token before it is complete:
//
//     window:  <a x="1">text &amp; more</a><b y="2
//                                          ^ last '<': safeEnd, and no byte before it scanned
//
// The move is provisional. A `<` inside a comment, a CDATA section or a PI, or in malformed
// input (inside an attribute value, after a reference without its `;`, after a start tag without
// its `>`), cuts a token short: the scanner, which treats the end of what it is shown as the end
// of the document, then throws. So before a quick move the reader keeps a copy of its scanner
// (once per window, not per event), and when the scanner throws before the next move, the reader
// goes back to that copy, moves the boundary with the full pre-scan above from where it was, reads
// the events it had already returned again (they came from complete tokens, and come out the same)
// and goes on: the token is then either complete, and read or refused as in memory, or waits for
// more input. See `XMLReader.stepStream` and `rollBack`.

internal struct StreamBoundary {
    /// Window offset up to which every token has fully arrived (text possibly cut at a safe point).
    var safeEnd = 0
    /// The element depth at `safeEnd`, counted from the tags pre-scanned: text may be cut only
    /// inside the root element.
    var depth = 0

    /// Moves `safeEnd` over the tokens of `window` that are complete; to the end of the window
    /// when `final` (no more input will come).
    mutating func advance(_ window: UncheckedBytes, final: Bool) {
        if final {
            safeEnd = window.count
            return
        }
        let count = window.count
        var p = safeEnd
        while p < count {
            if window[unchecked: p] == UInt8(ascii: "<") {
                guard let (end, change) = StreamBoundary.markupEnd(window, from: p) else { break }
                depth = Swift.max(0, depth + change)
                p = end
                safeEnd = p
                continue
            }
            if let (next, unterminated) = StreamBoundary.textEnd(window, from: p) {
                p = next
                // Around the root element (white space, a byte order mark), what comes before
                // markup is read with it: the boundary moves past the markup, not to it.
                guard depth > 0 else { continue }
                if unterminated {
                    // A reference cut short by '<' is an error the scanner reports from the '<'
                    // itself: it must see the markup too, or stop before the reference (and
                    // before any '&' right before it: `&&#1<` is an error at the second '&').
                    guard let (end, change) = StreamBoundary.markupEnd(window, from: next) else {
                        safeEnd = Swift.max(
                            safeEnd, StreamBoundary.splitPoint(window.extracting(unchecked: 0..<next), from: safeEnd))
                        break
                    }
                    depth = Swift.max(0, depth + change)
                    p = end
                }
                safeEnd = p
                continue
            }
            if depth > 0 { safeEnd = Swift.max(safeEnd, StreamBoundary.splitPoint(window, from: p)) }
            break
        }
    }

    /// Moves `safeEnd`, provisionally, to the window's last `<`; returns `false`, moving nothing,
    /// when there is no `<` past `safeEnd`. See the file's header comment: the tokens before that
    /// `<` are complete unless it is inside a comment, a CDATA section or a PI, or the input is
    /// malformed, and then the scanner throws and the reader rolls back to move the boundary with
    /// `advance`. `depth` is not counted: it is stale until the reader sets it from the scanner's.
    mutating func advanceQuickly(_ window: UncheckedBytes) -> Bool {
        guard let last = StreamBoundary.lastLess(window, after: safeEnd) else { return false }
        safeEnd = last
        return true
    }

    /// The last `<` of the window after `p` (not at it), sixteen bytes at a time from the end
    /// backwards.
    static func lastLess(_ w: UncheckedBytes, after p: Int) -> Int? {
        var i = w.count
        let less = VectorScan.splat(UInt8(ascii: "<"))
        while i - 16 > p {
            let lane = VectorScan.lastSet(w.loadVector(uncheckedAt: i - 16) .== less)
            if lane >= 0 { return i - 16 + lane }
            i -= 16
        }
        while i - 1 > p {
            i -= 1
            if w[unchecked: i] == UInt8(ascii: "<") { return i }
        }
        return nil
    }

    /// Moves the boundary with the window's bytes when `count` bytes are dropped from its front.
    mutating func dropFirst(_ count: Int) {
        safeEnd -= count
    }

    // MARK: - Token ends

    /// Where the markup at `p` (a `<`) ends, and how it changes the element depth; `nil` when it
    /// has not fully arrived.
    static func markupEnd(_ w: UncheckedBytes, from p: Int) -> (end: Int, depthChange: Int)? {
        let count = w.count
        guard p + 1 < count else { return nil }
        switch w[unchecked: p + 1] {
        case UInt8(ascii: "?"):
            return find("?>", in: w, from: p + 2).map { ($0 + 2, 0) }
        case UInt8(ascii: "/"):
            return find(UInt8(ascii: ">"), in: w, from: p + 2).map { ($0 + 1, -1) }
        case UInt8(ascii: "!"):
            // Which of the three it is, once enough bytes have arrived to tell.
            let comment = startsWith(w, p, "<!--")
            let cdata = startsWith(w, p, "<![CDATA[")
            let doctype = startsWith(w, p, "<!DOCTYPE")
            if comment == true { return find("-->", in: w, from: p + 4).map { ($0 + 3, 0) } }
            if cdata == true { return find("]]>", in: w, from: p + 9).map { ($0 + 3, 0) } }
            if doctype == true { return doctypeEnd(w, from: p + 9).map { ($0, 0) } }
            if comment == nil || cdata == nil || doctype == nil { return nil }
            // Not markup that may appear here: the scanner reports it from the first bytes.
            return (count, 0)
        default:
            // A start tag: its `>` is the first one outside a quoted attribute value. Names, white
            // space and values are passed over sixteen bytes at a time.
            var i = p + 1
            let (greater, quote, apostrophe, less) = (
                VectorScan.splat(0x3E), VectorScan.splat(0x22), VectorScan.splat(0x27), VectorScan.splat(0x3C)
            )
            while i < count {
                if i + 16 <= count {
                    let block = w.loadVector(uncheckedAt: i)
                    let lane = VectorScan.firstSet(
                        (block .== greater) .| (block .== quote) .| (block .== apostrophe) .| (block .== less))
                    i += lane
                    if lane == 16 { continue }
                }
                let b = w[unchecked: i]
                if b == UInt8(ascii: ">") {
                    return (i + 1, w[unchecked: i - 1] == UInt8(ascii: "/") ? 0 : 1)
                }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    guard let close = find(b, in: w, from: i + 1) else { return nil }
                    i = close + 1
                    continue
                }
                if b == UInt8(ascii: "<") {
                    // Not a start tag after all: the scanner reports the '<', so it sees it.
                    return (i + 1, 0)
                }
                i += 1
            }
            return nil
        }
    }

    /// Where a DOCTYPE declaration whose keyword ends at `p` ends: at the first `>` outside quoted
    /// literals and outside the internal subset (whose comments, PIs and literals may hold `>` and `]`).
    static func doctypeEnd(_ w: UncheckedBytes, from p: Int) -> Int? {
        let count = w.count
        var i = p
        var inSubset = false
        while i < count {
            let b = w[unchecked: i]
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard let close = find(b, in: w, from: i + 1) else { return nil }
                i = close + 1
                continue
            case UInt8(ascii: "<") where inSubset:
                if let known = startsWith(w, i, "<!--") {
                    guard known, let close = find("-->", in: w, from: i + 4) else { return nil }
                    i = close + 3
                    continue
                }
                if let known = startsWith(w, i, "<?") {
                    guard known, let close = find("?>", in: w, from: i + 2) else { return nil }
                    i = close + 2
                    continue
                }
            case UInt8(ascii: "["):
                inSubset = true
            case UInt8(ascii: "]"):
                inSubset = false
            case UInt8(ascii: ">") where !inSubset:
                return i + 1
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// Where a run of text starting at `p` and reaching the end of the window may be cut: not
    /// inside a UTF-8 sequence or a reference, and not after a carriage return or `]`. At `p` when
    /// it cannot be cut before the end of the window.
    static func splitPoint(_ w: UncheckedBytes, from p: Int) -> Int {
        var cut = w.count
        while true {
            let before = cut
            // A UTF-8 sequence that may be incomplete: cut before its lead byte.
            if cut > p, w[unchecked: cut - 1] >= 0x80 {
                var lead = cut - 1
                while lead > p, w[unchecked: lead] & 0xC0 == 0x80 { lead -= 1 }
                cut = lead
            }
            while cut > p, w[unchecked: cut - 1] == 0x0D || w[unchecked: cut - 1] == UInt8(ascii: "]") { cut -= 1 }
            // A reference not yet ended by ';'.
            var i = cut
            while i > p {
                let b = w[unchecked: i - 1]
                if b == UInt8(ascii: ";") { break }
                if b == UInt8(ascii: "&") {
                    cut = i - 1
                    break
                }
                i -= 1
            }
            if cut == before { return cut }
        }
    }

    /// Where a run of text starting at `p` ends (its first `<`), and whether a reference in it is
    /// not ended by `;` before that `<`; `nil` when no `<` has arrived yet. One forward pass,
    /// sixteen bytes at a time: the `<` and the `&`s are looked for together, and only after a
    /// `&` is a `;` looked for.
    static func textEnd(_ w: UncheckedBytes, from p: Int) -> (end: Int, unterminated: Bool)? {
        var i = p
        while let hit = findEither(UInt8(ascii: "<"), UInt8(ascii: "&"), in: w, from: i) {
            if w[unchecked: hit] == UInt8(ascii: "<") { return (hit, false) }
            // A reference: it ends at ';', unless a '<' comes first.
            guard let close = findEither(UInt8(ascii: ";"), UInt8(ascii: "<"), in: w, from: hit + 1) else { return nil }
            if w[unchecked: close] == UInt8(ascii: "<") { return (close, true) }
            i = close + 1
        }
        return nil
    }

    /// The first `a` or `b` at or after `p`, sixteen bytes at a time.
    @inline(__always)
    static func findEither(_ a: UInt8, _ b: UInt8, in w: UncheckedBytes, from p: Int) -> Int? {
        let count = w.count
        guard p < count else { return nil }
        var i = p
        let first = VectorScan.splat(a)
        let second = VectorScan.splat(b)
        while i + 16 <= count {
            let block = w.loadVector(uncheckedAt: i)
            let lane = VectorScan.firstSet((block .== first) .| (block .== second))
            if lane < 16 { return i + lane }
            i += 16
        }
        while i < count {
            let byte = w[unchecked: i]
            if byte == a || byte == b { return i }
            i += 1
        }
        return nil
    }

    // MARK: - Searching

    /// Whether the bytes at `p` begin with `literal`: `nil` when too few have arrived to tell.
    @inline(__always)
    static func startsWith(_ w: UncheckedBytes, _ p: Int, _ literal: StaticString) -> Bool? {
        let length = literal.utf8CodeUnitCount
        let available = Swift.min(length, w.count - p)
        let bytes = literal.utf8Start
        for i in 0..<available where w[unchecked: p + i] != bytes[i] { return false }
        return available == length ? true : nil
    }

    /// The first `byte` at or after `p`, sixteen bytes at a time.
    static func find(_ byte: UInt8, in w: UncheckedBytes, from p: Int) -> Int? {
        let count = w.count
        guard p < count else { return nil }
        var i = p
        let pattern = VectorScan.splat(byte)
        while i + 16 <= count {
            let lane = VectorScan.firstSet(w.loadVector(uncheckedAt: i) .== pattern)
            if lane < 16 { return i + lane }
            i += 16
        }
        while i < count {
            if w[unchecked: i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// The first occurrence of `literal` at or after `p`.
    static func find(_ literal: StaticString, in w: UncheckedBytes, from p: Int) -> Int? {
        let bytes = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        var i = p
        while let hit = find(bytes[0], in: w, from: i) {
            guard hit + length <= w.count else { return nil }
            var matched = true
            for k in 1..<length where w[unchecked: hit + k] != bytes[k] {
                matched = false
                break
            }
            if matched { return hit }
            i = hit + 1
        }
        return nil
    }
}
