// Layout white space: the runs of spaces, tabs and line feeds that indent a pretty-printed
// document, left out of the decoder's index and read back from the document when a value needs them.
//
// In a pretty-printed document, a third of the index's nodes would be indentation: a record of four
// fields has five runs of it. The decoder never looks at most of them (a keyed lookup skips
// character data, and an element's own text ignores white space between child elements), but
// each costs a 32-byte node to write while reading and to step over while decoding, and on a
// large document the index no longer fits in the cache. So `XMLIndex.build` leaves out a run when
// all of these hold:
//
// - it is character data in the document itself (not an entity's text), with no references and no
//   carriage return, made only of spaces, tabs and line feeds;
// - the node before it, under the same parent, is an element, and a start tag follows it at once
//   (so it lies between two child elements: never an element's first or last child, never next to
//   other character data, a comment or a processing instruction);
// - its parent has no character data other than white space so far (mixed content keeps every run).
//
// The element after the run gets `followsLayout`, and the run is exactly the white space before that
// element's `<` (`layoutRun(before:in:)`): the run began right after a `>` or the `;` of an
// entity reference, neither of them white space.
//
//     <book>\n  <author>Jon</author>\n  <year>2020</year>\n</book>
//
//     nodes[0]  element "book"
//     nodes[1]  text    "\n  "          (the first child: kept, it is `book + 1`)
//     nodes[2]  element "author"
//     nodes[3]  text    "Jon"
//               ("\n  " left out: between </author> and <year>)
//     nodes[4]  element "year"  followsLayout
//     nodes[5]  text    "2020"
//     nodes[6]  text    "\n"            (the last child: kept)
//
// What reads an element's character data finds the runs again: the document-model subtree a
// model decodes (`XMLDecoderImpl.treeElement`) and an element's own text under the "" key
// (`joinedText`). Mixed content (`<p><b>x</b> <i>y</i> tail</p>`) makes every run an item of a
// list, so when an element's first character data other than white space arrives after runs
// were left out, `restoreLayout(of:)` puts them back as text nodes (appended at the end of the
// array and linked in place: node numbers then no longer follow document order for them, which
// nothing relies on but the first child being the node after its parent, and a restored run is
// never a first child). Decoding is the same either way: the tests and FuzzDecoder compare it with
// an index that keeps every run (`XMLDecoder.keepsLayoutWhitespace`).

extension XMLIndex {
    /// Whether a byte may be part of a run of layout white space (no carriage return: a run with
    /// one is kept, as the slice carries its line-end flag).
    @inline(__always)
    private static func isLayoutByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09
    }

    /// Whether character data `slice`, under an element whose last child so far is an element, is a
    /// run of layout white space: in the document, without flags, only spaces, tabs and line feeds,
    /// and followed at once by a start tag.
    @inline(__always)
    static func isLayoutRun(_ slice: XMLSlice, _ document: UncheckedBytes) -> Bool {
        guard slice.source == 0, slice.flags.isEmpty else { return false }
        let end = slice.end
        guard end + 1 < document.count, document[unchecked: end] == UInt8(ascii: "<") else { return false }
        let next = document[unchecked: end + 1]
        guard next != UInt8(ascii: "/"), next != UInt8(ascii: "!"), next != UInt8(ascii: "?") else { return false }
        if isIndentation(slice.start, end, document) { return true }
        var p = slice.start
        while p < end {
            guard isLayoutByte(document[unchecked: p]) else { return false }
            p += 1
        }
        return true
    }

    /// Whether `document[start..<end]` is the most common run of white space: a line feed and up
    /// to eight spaces, tested with one load (the eight bytes that end at `end`, shifted down to
    /// the spaces: the highest bytes, read little-endian). `false` says nothing about other runs.
    @inline(__always)
    private static func isIndentation(_ start: Int, _ end: Int, _ document: UncheckedBytes) -> Bool {
        let spaces = end &- start &- 1
        guard spaces >= 0, spaces <= 8, end >= 8, document[unchecked: start] == 0x0A else { return false }
        guard spaces > 0 else { return true }
        let shift = UInt64(64 &- spaces &* 8)
        let word = document.loadWord(uncheckedAt: end &- 8)
        return word >> shift == 0x2020_2020_2020_2020 >> shift
    }

    /// Where the run of layout white space that ends at `end` (a `<`) begins.
    static func layoutRunStart(before end: Int, _ document: UncheckedBytes) -> Int {
        var start = end
        while start > 0, isLayoutByte(document[unchecked: start - 1]) { start -= 1 }
        return start
    }

    /// The run of layout white space left out before `element` (which has `followsLayout`): the
    /// white space before its `<` in the document.
    static func layoutRun(before element: Node, in document: UncheckedBytes) -> XMLSlice {
        internalCheck(element.followsLayout && element.source == 0, "XMLIndex: no layout run left out before this node")
        let end = Int(element.start) - 1
        return XMLSlice(source: 0, start: layoutRunStart(before: end, document), end: end)
    }

    /// Whether character data is white space only, for telling mixed content: text in an entity's
    /// replacement text is not looked into (taken as other text, so every run is kept).
    static func isSpace(_ slice: XMLSlice, _ document: UncheckedBytes) -> Bool {
        guard slice.source == 0 else { return false }
        if isIndentation(slice.start, slice.end, document) { return true }
        var p = slice.start
        while p < slice.end {
            guard ByteClass.isSpace(document[unchecked: p]) else { return false }
            p += 1
        }
        return true
    }

    /// Whether the character data among an element's children so far is white space only.
    static func hasOnlySpace(childrenOf element: Int32, _ nodes: [Node], _ document: UncheckedBytes) -> Bool {
        var child: Int32 = nodes[Int(element)].hasChildren ? element + 1 : -1
        while child >= 0 {
            let node = nodes[Int(child)]
            if !node.isElement, !isSpace(node.text, document) { return false }
            child = node.nextSibling
        }
        return true
    }
}
