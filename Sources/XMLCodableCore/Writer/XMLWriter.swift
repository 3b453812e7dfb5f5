// XMLWriter: serializes an element tree into UTF-8 bytes.
//
// Design: one `[UInt8]` with reserved capacity; text is copied in runs, and only the bytes that
// need escaping are replaced. An encoded tree (`XMLEncodedTree`) written compactly with the
// built-in escaping takes a faster road: the tree knows a bound on the size of the output and
// which values need escaping (per-value flags computed as values arrived), so it is written with
// plain stores into one buffer of that size (`CompactWriter`, storing into an `UncheckedByteSink`
// by `put`; `compactData` shrinks that buffer to the output and hands it to the returned `Data`),
// values needing no escaping in one copy each. The tree's names and values are read as
// `UncheckedBytes` views; this file holds no pointer of its own.
//
// What is escaped is `XMLEscaping`'s business (XMLCoder's default tables, the minimal set, or
// tables the user gave); whatever the tables say, a carriage return in text and tab, line feed and
// carriage return in attribute values are references, so values survive the reader's
// normalizations. What XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) and names
// that are not XML names are refused earlier, when the tree is built (`XMLTreeValidation`), where
// the coding path is known.
//
// Layout follows XMLCoder 0.18.2's writer, so that the same value gives the same bytes: an empty
// element is `<a />` (`<a/>` with `.compactEmptyElements`), an empty string `<a></a>`; pretty
// printing puts each child of element-only content on its own line, indented, except the content
// of a group (a `""`-keyed value), whose elements follow one another on one line (but the items of
// a list under the `""` key are each on their own line, as XMLCoder writes them). One deliberate
// difference: an element holding text (mixed content included) is written with no white space
// added and its children in their order, so no value's text changes.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

internal struct XMLWriter {
    struct Formatting {
        var prettyPrinted = false
        var indentation: [UInt8] = Array("    ".utf8)
        var sortedKeys = false
        var noEmptyElements = false
        /// `<a/>` rather than `<a />`, and empty text written as nothing (so an element holding
        /// only an empty string is empty).
        var compactEmptyElements = false
        var escaping: XMLEscaping = .minimal

        /// Whether an encoded tree can be written by `RawSink`.
        func isCompact(_ tree: XMLEncodedTree) -> Bool {
            !prettyPrinted && !sortedKeys && !tree.hasCDATA && !escaping.isCustom
        }
    }

    var bytes: [UInt8] = []
    let formatting: Formatting

    init(formatting: Formatting, capacity: Int = 4096) {
        self.formatting = formatting
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes an element of an encoded tree and everything inside it.
    mutating func write(_ tree: XMLEncodedTree, element: XMLEncodedTree.Index) {
        let source = TreeSource(tree)
        if formatting.isCompact(tree), appendCompact(tree, { $0.write(source, element: element, to: &$1) }) { return }
        bytes.reserveCapacity(bytes.count + tree.estimatedSize)
        write(source, element: element, level: 0)
    }

    /// Writes what one item adds to a root element written item by item (`XMLEncoder.ElementWriter`):
    /// the children of `root` in the item's own tree, as they are written when the whole list is
    /// the root's content. Compact, the content is written in its order, text included (the root's
    /// content is then written the same way, with or without text); pretty printed, each child is
    /// an element (the writer refuses anything else) written indented at `level` on a line of its own.
    mutating func writeItemContent(_ tree: XMLEncodedTree, of root: XMLEncodedTree.Index, level: Int) {
        let source = TreeSource(tree)
        guard formatting.prettyPrinted else {
            if formatting.isCompact(tree), appendCompact(tree, { $0.writeContent(source, of: root, to: &$1) }) {
                return
            }
            writeInline(source, of: root, level: level)
            return
        }
        for child in children(tree, of: root) where tree.nodes[child].kind == .element {
            indent(level)
            write(source, element: child, level: level)
            bytes.append(0x0A)
        }
    }

    /// Appends what `write` writes compactly into a sink of the tree's estimated size; false,
    /// having appended nothing, if the estimate was short (the sink overflowed).
    private mutating func appendCompact(
        _ tree: XMLEncodedTree, _ write: (CompactWriter, inout UncheckedByteSink) -> Void
    ) -> Bool {
        var sink = UncheckedByteSink(capacity: tree.estimatedSize)
        write(CompactWriter(formatting), &sink)
        guard !sink.overflowed else { return false }
        bytes.append(contentsOf: sink.view)
        return true
    }

    /// `prefix` and then the element written compactly, straight into the buffer of the `Data`
    /// returned (so the document is not copied); `nil` if the formatting is not compact, or the
    /// tree's estimate of the size was short.
    static func compactData(
        prefix: [UInt8], tree: XMLEncodedTree, element: XMLEncodedTree.Index, formatting: Formatting
    ) -> Data? {
        guard formatting.isCompact(tree) else { return nil }
        var sink = UncheckedByteSink(capacity: prefix.count + tree.estimatedSize)
        prefix.withUncheckedBytes { sink.put($0) }
        CompactWriter(formatting).write(TreeSource(tree), element: element, to: &sink)
        guard !sink.overflowed else { return nil }
        // The estimate leaves room for escaping every byte of a value that needs some: `data()`
        // gives back what was not used (shrinking in place).
        return sink.data()
    }

    /// The compact writer: an encoded tree written with the built-in escaping and no white space,
    /// straight into an `UncheckedByteSink` made with the tree's estimate of the size, by `put`s
    /// (no capacity check per byte but one per store; the sink never grows, and if the estimate
    /// was short it overflows and the general writer takes over).
    private struct CompactWriter {
        let noEmptyElements: Bool
        let compactEmptyElements: Bool
        let textMask: UInt8
        let attributeMask: UInt8

        init(_ formatting: Formatting) {
            noEmptyElements = formatting.noEmptyElements
            compactEmptyElements = formatting.compactEmptyElements
            textMask = formatting.escaping.textMask
            attributeMask = formatting.escaping.attributeMask
        }

        @inline(__always)
        private func putAttributes(
            _ source: TreeSource, of node: XMLEncodedTree.Node, hoisted: Bool?, to sink: inout UncheckedByteSink
        ) {
            let tree = source.tree
            var attribute = node.firstAttribute
            while attribute >= 0 {
                let found = tree.attributes[attribute]
                attribute = found.next
                if let hoisted, found.hoisted != hoisted { continue }
                if found.value.flags & attributeMask == 0 {
                    sink.put(attribute: source.name(found.name), value: source.value(found.value))
                    continue
                }
                sink.put(0x20)
                sink.put(source.name(found.name))
                sink.put(UInt8(ascii: "="))
                sink.put(UInt8(ascii: "\""))
                putEscaped(source.value(found.value), mask: attributeMask, to: &sink)
                sink.put(UInt8(ascii: "\""))
            }
        }

        /// Writes the most common element, if `node` is one: no attributes and one text that is not
        /// empty (an empty one may be written `<a/>`) and needs no escaping. Returns whether it was.
        @inline(__always)
        private func putTextElement(_ source: TreeSource, _ node: XMLEncodedTree.Node, to sink: inout UncheckedByteSink)
            -> Bool
        {
            guard node.firstAttribute < 0, node.firstChild >= 0, node.firstChild == node.lastChild else { return false }
            let text = source.tree.nodes[node.firstChild].text
            guard source.tree.nodes[node.firstChild].kind == .text, text.count > 0, text.flags & textMask == 0 else {
                return false
            }
            sink.put(element: source.name(node.name), text: source.value(text))
            return true
        }

        func write(_ source: TreeSource, element index: XMLEncodedTree.Index, to sink: inout UncheckedByteSink) {
            let tree = source.tree
            let node = tree.nodes[index]
            if putTextElement(source, node, to: &sink) { return }
            let name = source.name(node.name)
            sink.put(UInt8(ascii: "<"))
            sink.put(name)
            if node.marks & XMLEncodedTree.Marks.hoisted == 0 {
                putAttributes(source, of: node, hoisted: nil, to: &sink)
            } else {
                putAttributes(source, of: node, hoisted: false, to: &sink)
                putAttributes(source, of: node, hoisted: true, to: &sink)
            }
            if !noEmptyElements {
                let empty =
                    node.firstChild < 0
                    || ((compactEmptyElements || node.marks & XMLEncodedTree.Marks.groupChild != 0)
                        && tree.isEmpty(index, ignoringEmptyText: compactEmptyElements))
                if empty {
                    if !compactEmptyElements { sink.put(0x20) }
                    sink.put(UInt8(ascii: "/"))
                    sink.put(UInt8(ascii: ">"))
                    return
                }
            }
            sink.put(UInt8(ascii: ">"))
            writeContent(source, of: index, to: &sink)
            sink.put(endTag: name)
        }

        /// The children of an element or a group, a group's in its place.
        func writeContent(_ source: TreeSource, of index: XMLEncodedTree.Index, to sink: inout UncheckedByteSink) {
            let tree = source.tree
            var child = tree.nodes[index].firstChild
            while child >= 0 {
                let found = tree.nodes[child]
                switch found.kind {
                case .element:
                    // The most common element written here, without a call.
                    if !putTextElement(source, found, to: &sink) { write(source, element: child, to: &sink) }
                case .group:
                    writeContent(source, of: child, to: &sink)
                default:
                    if found.text.flags & textMask == 0 {
                        sink.put(source.value(found.text))
                    } else {
                        putEscaped(source.value(found.text), mask: textMask, to: &sink)
                    }
                }
                child = found.next
            }
        }

        /// Stores a value with the bytes whose class is in `mask` replaced by references.
        func putEscaped(_ utf8: UncheckedBytes, mask: UInt8, to sink: inout UncheckedByteSink) {
            XMLEscaping.escape(utf8, mask: mask) { sink.put($0) }
        }
    }

    /// An encoded tree and views of its bytes, while it is written (which does not change it, so
    /// the views stay valid).
    private struct TreeSource {
        let tree: XMLEncodedTree
        let names: UncheckedBytes
        let values: UncheckedBytes

        init(_ tree: XMLEncodedTree) {
            self.tree = tree
            names = tree.nameBytes
            values = tree.bytes
        }

        /// The bytes of an interned name (its span is one the tree made, within `names`: its end
        /// neither overflows nor comes before its start, so the range is made without checking).
        @inline(__always)
        func name(_ id: XMLEncodedTree.NameID) -> UncheckedBytes {
            let span = tree.nameSpans[id]
            return names.extracting(unchecked: Range(uncheckedBounds: (span.start, span.start &+ span.count)))
        }

        /// The bytes of a value (its span is one the tree made, within `values`, as a name's).
        @inline(__always)
        func value(_ span: XMLEncodedTree.Span) -> UncheckedBytes {
            values.extracting(unchecked: Range(uncheckedBounds: (span.start, span.start &+ span.count)))
        }
    }

    // MARK: - The general writer: pretty printing, sorted keys, CDATA, escaping tables

    /// Writes an element at `level` (its indentation, which the caller has written).
    private mutating func write(_ source: TreeSource, element index: XMLEncodedTree.Index, level: Int) {
        let tree = source.tree
        let node = tree.nodes[index]
        let name = source.name(node.name)
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name)
        var attributes: [XMLEncodedTree.Attribute] = []
        for hoisted in node.marks & XMLEncodedTree.Marks.hoisted == 0 ? [false] : [false, true] {
            var current = node.firstAttribute
            while current >= 0 {
                let attribute = tree.attributes[current]
                if node.marks & XMLEncodedTree.Marks.hoisted == 0 || attribute.hoisted == hoisted {
                    attributes.append(attribute)
                }
                current = attribute.next
            }
        }
        if formatting.sortedKeys { attributes.sort { tree.names[$0.name] < tree.names[$1.name] } }
        for attribute in attributes { writeAttribute(source, attribute) }

        let ignoreEmptyText = formatting.compactEmptyElements
        if !formatting.noEmptyElements, tree.isEmpty(index, ignoringEmptyText: ignoreEmptyText) {
            if !formatting.compactEmptyElements { bytes.append(0x20) }
            bytes.append(UInt8(ascii: "/"))
            bytes.append(UInt8(ascii: ">"))
            return
        }
        bytes.append(UInt8(ascii: ">"))
        if tree.holdsText(index, ignoringEmptyText: ignoreEmptyText) {
            // Text (mixed content included) is written as it is: nothing added, nothing moved.
            writeInline(source, of: index, level: level + 1)
        } else if !formatting.prettyPrinted {
            writeElementOnly(source, of: index, level: level + 1)
        } else {
            // XMLCoder's layout: each child on its own line, unless all the content is in groups
            // holding no element of their own.
            let layout = !onlyIntrinsicContent(tree, index)
            if layout { bytes.append(0x0A) }
            for child in children(tree, of: index) {
                switch tree.nodes[child].kind {
                case .element:
                    indent(level + 1)
                    write(source, element: child, level: level + 1)
                case .group where tree.nodes[child].marks & XMLEncodedTree.Marks.listGroup != 0:
                    writeGroup(source, child, level: level + 1, lineBreaks: layout)
                    continue
                case .group:
                    writeGroup(source, child, level: level + 1, lineBreaks: false)
                case .text, .cdata:
                    break  // only empty text, ignored, reaches here
                }
                if layout { bytes.append(0x0A) }
            }
            if layout { indent(level) }
        }
        closeTag(name)
    }

    /// The content of a group in element-only content, pretty printed as XMLCoder lays it out, its
    /// elements indented at `level`. Without `lineBreaks`, as it lays out an element with an empty
    /// key: one element after the other. With `lineBreaks` (the items of a list under the `""` key,
    /// in content laid out on lines), as it lays out the items it writes into the element itself:
    /// each on its own line (nothing for an empty list), and so the items of a list nested in it.
    private mutating func writeGroup(_ source: TreeSource, _ index: XMLEncodedTree.Index, level: Int, lineBreaks: Bool)
    {
        let tree = source.tree
        for child in children(tree, of: index) {
            switch tree.nodes[child].kind {
            case .element:
                indent(level)
                write(source, element: child, level: level)
            case .group where lineBreaks && tree.nodes[child].marks & XMLEncodedTree.Marks.listGroup != 0:
                writeGroup(source, child, level: level, lineBreaks: true)
                continue
            case .group:
                writeGroup(source, child, level: level, lineBreaks: false)
            case .text, .cdata:
                continue  // only empty text, ignored, reaches here
            }
            if lineBreaks { bytes.append(0x0A) }
        }
    }

    /// Element-only content, with no white space.
    private mutating func writeElementOnly(_ source: TreeSource, of index: XMLEncodedTree.Index, level: Int) {
        let tree = source.tree
        for child in children(tree, of: index) {
            switch tree.nodes[child].kind {
            case .element: write(source, element: child, level: level)
            case .group: writeElementOnly(source, of: child, level: level)
            case .text, .cdata: break
            }
        }
    }

    /// Content holding text, in its order, with no white space added.
    private mutating func writeInline(_ source: TreeSource, of index: XMLEncodedTree.Index, level: Int) {
        let tree = source.tree
        var child = tree.nodes[index].firstChild
        while child >= 0 {
            let node = tree.nodes[child]
            switch node.kind {
            case .element: write(source, element: child, level: level)
            case .group: writeInline(source, of: child, level: level)
            case .text: appendText(source.value(node.text), flags: node.text.flags)
            case .cdata:
                if node.text.count > 0 || !formatting.compactEmptyElements { appendCDATA(source.value(node.text)) }
            }
            child = node.next
        }
    }

    /// Whether all of an element's children are text or groups holding no element (XMLCoder
    /// then writes them with no line breaks).
    private func onlyIntrinsicContent(_ tree: XMLEncodedTree, _ index: XMLEncodedTree.Index) -> Bool {
        var child = tree.nodes[index].firstChild
        while child >= 0 {
            let node = tree.nodes[child]
            switch node.kind {
            case .element, .cdata: return false
            case .text: break
            case .group:
                var inner = node.firstChild
                while inner >= 0 {
                    if tree.nodes[inner].kind == .element || tree.nodes[inner].kind == .cdata { return false }
                    inner = tree.nodes[inner].next
                }
            }
            child = node.next
        }
        return true
    }

    /// The children of an element or group in writing order: as encoded, or, with
    /// `.sortedKeys`, stably sorted by name (text and groups, which have none, first).
    private func children(_ tree: XMLEncodedTree, of index: XMLEncodedTree.Index) -> [XMLEncodedTree.Index] {
        tree.orderedChildren(of: index, sorted: formatting.sortedKeys)
    }

    private mutating func indent(_ level: Int) {
        guard formatting.prettyPrinted else { return }
        for _ in 0..<level { bytes.append(contentsOf: formatting.indentation) }
    }

    @inline(__always)
    private mutating func writeAttribute(_ source: TreeSource, _ attribute: XMLEncodedTree.Attribute) {
        bytes.append(0x20)
        bytes.append(contentsOf: source.name(attribute.name))
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        let value = source.value(attribute.value)
        switch formatting.escaping {
        case .custom(let tables):
            tables.appendEscaped(value, inAttribute: true, to: &bytes)
        case .minimal, .defaultTables:
            let mask = formatting.escaping.attributeMask
            if attribute.value.flags & mask == 0 {
                bytes.append(contentsOf: value)
            } else {
                appendEscaped(value, mask: mask)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a text value, escaped as the formatting says.
    private mutating func appendText(_ value: UncheckedBytes, flags: UInt8) {
        switch formatting.escaping {
        case .custom(let tables):
            tables.appendEscaped(value, inAttribute: false, to: &bytes)
        case .minimal, .defaultTables:
            let mask = formatting.escaping.textMask
            if flags & mask == 0 {
                bytes.append(contentsOf: value)
            } else {
                appendEscaped(value, mask: mask)
            }
        }
    }

    /// Appends UTF-8 text with the bytes whose class is in `mask` replaced by references.
    private mutating func appendEscaped(_ utf8: UncheckedBytes, mask: UInt8) {
        XMLEscaping.escape(utf8, mask: mask) { bytes.append(contentsOf: $0) }
    }

    private mutating func closeTag(_ name: UncheckedBytes) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        bytes.append(contentsOf: name)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(contentsOf: formatting.indentation) }
    }

    /// Appends text with the characters XML gives meaning to replaced by references.
    mutating func appendEscaped(_ string: String, inAttribute: Bool) {
        var string = string
        string.withUncheckedUTF8 { appendEscaped($0, inAttribute: inAttribute) }
    }

    /// Appends UTF-8 text with the characters XML gives meaning to replaced by references: the
    /// minimal escaping (`XMLEscaping.minimal`), which a document-model tree is written with.
    mutating func appendEscaped(_ utf8: UncheckedBytes, inAttribute: Bool) {
        appendEscaped(utf8, mask: inAttribute ? XMLEscaping.minimal.attributeMask : XMLEscaping.minimal.textMask)
    }

    /// Appends text as a CDATA section, split where it contains `]]>`. A carriage return cannot
    /// survive inside CDATA (line ends are normalized), so text holding one is escaped instead.
    mutating func appendCDATA(_ string: String) {
        var string = string
        string.withUncheckedUTF8 { appendCDATA($0) }
    }

    /// Appends UTF-8 text as a CDATA section; see `appendCDATA(_:)` for a string.
    mutating func appendCDATA(_ utf8: UncheckedBytes) {
        if utf8.unsafeBuffer.contains(0x0D) {
            appendText(utf8, flags: XMLEncodedTree.classify(utf8))
            return
        }
        // "]]>" becomes "]]" + "]]><![CDATA[" + ">": the sequence spans two sections.
        XMLEscaping.cdataSections(utf8) { section in
            bytes.append(contentsOf: "<![CDATA[".utf8)
            bytes.append(contentsOf: section)
            bytes.append(contentsOf: "]]>".utf8)
        }
    }
}

/// What XML 1.0 can carry: checks on names and character data.
internal enum XMLTreeValidation {
    /// The first character XML 1.0 does not allow in a document, if any.
    ///
    /// Checks UTF-8 bytes: only C0 controls (other than tab, line feed, carriage return) and the
    /// sequences EF BF BE / EF BF BF (U+FFFE, U+FFFF) can be refused; Swift strings hold no
    /// surrogates. Most strings are checked by one pass over their bytes.
    static func invalidCharacter(in string: String) -> Unicode.Scalar? {
        var string = string
        let clean = string.withUTF8 { bytes -> Bool in
            var index = 0
            let count = bytes.count
            while index < count {
                let b = bytes[index]
                if b < 0x20 {
                    if b != 0x09 && b != 0x0A && b != 0x0D { return false }
                } else if b == 0xEF, index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    return false
                }
                index += 1
            }
            return true
        }
        if clean { return nil }
        for scalar in string.unicodeScalars where !isXMLChar(scalar.value) { return scalar }
        return nil
    }

    /// Whether a string is an XML name (with at most one colon, not first or last: a QName).
    static func isValidName(_ name: String) -> Bool {
        var name = name
        // ASCII names, the usual case, by table.
        let ascii = name.withUTF8 { bytes -> Bool? in
            guard let first = bytes.first else { return false }
            let table = ByteClass.table
            var colons = 0
            for b in bytes {
                if b >= 0x80 { return nil }
                if table[Int(b)] & ByteClass.name == 0 { return false }
                if b == UInt8(ascii: ":") { colons += 1 }
            }
            return table[Int(first)] & ByteClass.nameStart != 0 && first != UInt8(ascii: ":") && colons <= 1
                && bytes[bytes.count - 1] != UInt8(ascii: ":")
        }
        if let ascii { return ascii }
        guard let first = name.unicodeScalars.first, isNameStartScalar(first.value), first != ":" else { return false }
        var colons = 0
        for scalar in name.unicodeScalars {
            guard isNameScalar(scalar.value) else { return false }
            if scalar == ":" { colons += 1 }
        }
        return colons <= 1 && name.unicodeScalars.last != ":"
    }
}
