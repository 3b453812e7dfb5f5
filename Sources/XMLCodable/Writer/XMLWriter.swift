// XMLWriter: serializes an element tree into UTF-8 bytes.
//
// Design: one `[UInt8]` with reserved capacity; text is copied in runs, and only the bytes that
// need escaping are replaced. An encoded tree (`XMLEncodedTree`) written compactly takes a faster
// road: the tree knows a bound on the size of the output and which values need escaping, so it
// is written with plain stores into one buffer of that size (`RawSink`; `compactData` shrinks that
// buffer to the output and hands it to the returned `Data`), values needing no escaping in one
// copy each. Text escapes `&`, `<`, `>` and carriage return (`&#13;`, so a CR
// survives the reader's line-end normalization); attribute values escape `&`, `<`, `"` and tab,
// line feed and carriage return as character references, so they survive attribute-value
// normalization. What XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) and names that
// are not XML names are refused earlier, when the tree is built (`XMLTreeValidation`), where the
// coding path is known. Pretty printing indents element-only content and leaves any element
// holding text exactly as it is, so no white space is added to or taken from a value.

import Foundation

internal struct XMLWriter {
    struct Formatting {
        var prettyPrinted = false
        var indentation: [UInt8] = Array("    ".utf8)
        var sortedKeys = false
        var noEmptyElements = false
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
    mutating func write(_ tree: XMLEncodedTree, element: XMLEncodedTree.Index, depth: Int = 0) {
        tree.nameBytes.withUnsafeBufferPointer { names in
            let source = TreeSource(tree: tree, names: names, values: tree.bytes)
            if !formatting.prettyPrinted, !formatting.sortedKeys, !tree.hasCDATA, writeCompact(source, element: element) { return }
            bytes.reserveCapacity(bytes.count + tree.estimatedSize)
            write(source, element: element, depth: depth)
        }
    }

    /// Writes compact output with plain stores into a buffer of the tree's estimated size: no
    /// capacity check per append. Returns false, having written nothing, if it does not fit.
    private mutating func writeCompact(_ source: TreeSource, element: XMLEncodedTree.Index) -> Bool {
        var fitted = true
        let written = [UInt8](unsafeUninitializedCapacity: bytes.count + source.tree.estimatedSize) { buffer, count in
            guard let base = buffer.baseAddress else {
                fitted = false
                count = 0
                return
            }
            var sink = RawSink(base: base, capacity: buffer.count)
            bytes.withUnsafeBufferPointer { sink.put($0) }
            sink.write(source, element: element, noEmptyElements: formatting.noEmptyElements)
            fitted = !sink.overflowed
            count = fitted ? sink.position : 0
        }
        if fitted { bytes = written }
        return fitted
    }

    /// `prefix` and then the element written compactly, straight into the buffer of the `Data`
    /// returned (so the document is not copied); `nil` if the formatting is not compact.
    static func compactData(prefix: [UInt8], tree: XMLEncodedTree, element: XMLEncodedTree.Index, formatting: Formatting) -> Data? {
        guard !formatting.prettyPrinted, !formatting.sortedKeys, !tree.hasCDATA else { return nil }
        let capacity = prefix.count + tree.estimatedSize
        guard let raw = malloc(Swift.max(capacity, 1)) else { return nil }
        var sink = RawSink(base: raw.assumingMemoryBound(to: UInt8.self), capacity: capacity)
        prefix.withUnsafeBufferPointer { sink.put($0) }
        tree.nameBytes.withUnsafeBufferPointer { names in
            sink.write(TreeSource(tree: tree, names: names, values: tree.bytes), element: element, noEmptyElements: formatting.noEmptyElements)
        }
        guard !sink.overflowed else {
            free(raw)
            return nil
        }
        // The estimate leaves room for escaping every byte of a value that needs some: give back
        // what was not used (shrinking in place).
        var buffer = raw
        if capacity - sink.position > 4096, let shrunk = realloc(raw, Swift.max(sink.position, 1)) { buffer = shrunk }
        return Data(bytesNoCopy: buffer, count: sink.position, deallocator: .free)
    }

    /// Stores into a buffer of fixed capacity; a store that does not fit sets `overflowed`.
    private struct RawSink {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var position = 0
        var overflowed = false

        init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
            self.base = base
            self.capacity = capacity
        }

        @inline(__always)
        mutating func put(_ source: UnsafeBufferPointer<UInt8>) {
            let count = source.count
            guard count <= capacity &- position else {
                overflowed = true
                return
            }
            if let start = source.baseAddress { XMLEncodedTree.copy(start, to: base + position, count: count) }
            position &+= count
        }

        @inline(__always)
        mutating func put(_ byte: UInt8) {
            guard position < capacity else {
                overflowed = true
                return
            }
            base[position] = byte
            position &+= 1
        }

        mutating func write(_ source: TreeSource, element index: XMLEncodedTree.Index, noEmptyElements: Bool) {
            let tree = source.tree
            let node = tree.nodes[index]
            let name = source.name(node.name)
            put(UInt8(ascii: "<"))
            put(name)
            var attribute = node.firstAttribute
            while attribute >= 0 {
                let found = tree.attributes[attribute]
                put(0x20)
                put(source.name(found.name))
                put(UInt8(ascii: "="))
                put(UInt8(ascii: "\""))
                if found.value.flags & XMLEncodedTree.Flags.escapeInAttribute == 0 {
                    put(source.value(found.value))
                } else {
                    putEscaped(source.value(found.value), inAttribute: true)
                }
                put(UInt8(ascii: "\""))
                attribute = found.next
            }
            if node.firstChild < 0, !noEmptyElements {
                put(UInt8(ascii: "/"))
                put(UInt8(ascii: ">"))
                return
            }
            put(UInt8(ascii: ">"))
            var child = node.firstChild
            while child >= 0 {
                let found = tree.nodes[child]
                if found.kind == .element {
                    write(source, element: child, noEmptyElements: noEmptyElements)
                } else if found.text.flags & XMLEncodedTree.Flags.escapeInText == 0 {
                    put(source.value(found.text))
                } else {
                    putEscaped(source.value(found.text), inAttribute: false)
                }
                child = found.next
            }
            put(UInt8(ascii: "<"))
            put(UInt8(ascii: "/"))
            put(name)
            put(UInt8(ascii: ">"))
        }

        mutating func putEscaped(_ utf8: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
            let mask = inAttribute ? XMLEncodedTree.Flags.escapeInAttribute : XMLEncodedTree.Flags.escapeInText
            var runStart = 0
            var index = XMLEncodedTree.firstByte(in: utf8, from: 0, mask: mask)
            while index < utf8.count {
                let replacement: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case 0x0D: replacement = "&#13;"
                case 0x0A: replacement = "&#10;"
                default: replacement = "&#9;"
                }
                put(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                put(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
                index = XMLEncodedTree.firstByte(in: utf8, from: runStart, mask: mask)
            }
            put(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    /// An encoded tree and its bytes, while it is written.
    private struct TreeSource {
        let tree: XMLEncodedTree
        let names: UnsafeBufferPointer<UInt8>
        let values: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func name(_ id: XMLEncodedTree.NameID) -> UnsafeBufferPointer<UInt8> {
            let span = tree.nameSpans[id]
            return UnsafeBufferPointer(rebasing: names[span.start..<(span.start + span.count)])
        }

        @inline(__always)
        func value(_ span: XMLEncodedTree.Span) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: values[span.start..<(span.start + span.count)])
        }
    }

    private mutating func write(_ source: TreeSource, element index: XMLEncodedTree.Index, depth: Int) {
        let tree = source.tree
        let node = tree.nodes[index]
        let name = source.name(node.name)
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name)
        if formatting.sortedKeys {
            var attributes: [XMLEncodedTree.Attribute] = []
            var current = node.firstAttribute
            while current >= 0 {
                attributes.append(tree.attributes[current])
                current = tree.attributes[current].next
            }
            attributes.sort { tree.names[$0.name] < tree.names[$1.name] }
            for attribute in attributes { writeAttribute(source, attribute) }
        } else {
            var current = node.firstAttribute
            while current >= 0 {
                let attribute = tree.attributes[current]
                writeAttribute(source, attribute)
                current = attribute.next
            }
        }
        if node.firstChild < 0 {
            if formatting.noEmptyElements {
                bytes.append(UInt8(ascii: ">"))
                closeTag(name)
            } else {
                bytes.append(UInt8(ascii: "/"))
                bytes.append(UInt8(ascii: ">"))
            }
            return
        }
        bytes.append(UInt8(ascii: ">"))
        if formatting.sortedKeys || formatting.prettyPrinted {
            var children: [XMLEncodedTree.Index] = []
            var child = node.firstChild
            while child >= 0 {
                children.append(child)
                child = tree.nodes[child].next
            }
            if formatting.sortedKeys, !node.hasText {
                // A stable sort by name.
                children = children.enumerated().sorted { a, b in
                    let x = tree.names[Int(tree.nodes[a.element].name)]
                    let y = tree.names[Int(tree.nodes[b.element].name)]
                    return x == y ? a.offset < b.offset : x < y
                }.map(\.element)
            }
            // Indent only element-only content: text is written exactly as it is.
            let indent = formatting.prettyPrinted && !node.hasText
            for child in children {
                if indent { newline(depth + 1) }
                writeChild(source, child, depth: depth)
            }
            if indent { newline(depth) }
        } else {
            var child = node.firstChild
            while child >= 0 {
                writeChild(source, child, depth: depth)
                child = tree.nodes[child].next
            }
        }
        closeTag(name)
    }

    @inline(__always)
    private mutating func writeChild(_ source: TreeSource, _ child: XMLEncodedTree.Index, depth: Int) {
        let node = source.tree.nodes[child]
        switch node.kind {
        case .element:
            write(source, element: child, depth: depth + 1)
        case .text:
            if node.text.flags & XMLEncodedTree.Flags.escapeInText == 0 {
                bytes.append(contentsOf: source.value(node.text))
            } else {
                appendEscaped(source.value(node.text), inAttribute: false)
            }
        case .cdata:
            appendCDATA(source.value(node.text))
        }
    }

    @inline(__always)
    private mutating func writeAttribute(_ source: TreeSource, _ attribute: XMLEncodedTree.Attribute) {
        bytes.append(0x20)
        bytes.append(contentsOf: source.name(attribute.name))
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        if attribute.value.flags & XMLEncodedTree.Flags.escapeInAttribute == 0 {
            bytes.append(contentsOf: source.value(attribute.value))
        } else {
            appendEscaped(source.value(attribute.value), inAttribute: true)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func closeTag(_ name: UnsafeBufferPointer<UInt8>) {
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
        string.withUTF8 { appendEscaped($0, inAttribute: inAttribute) }
    }

    /// Appends UTF-8 text with the characters XML gives meaning to replaced by references.
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        var runStart = 0
        for index in 0..<utf8.count {
            let replacement: StaticString
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">") where !inAttribute: replacement = "&gt;"
            case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
            case 0x0D: replacement = "&#13;"
            case 0x0A where inAttribute: replacement = "&#10;"
            case 0x09 where inAttribute: replacement = "&#9;"
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            bytes.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    /// Appends text as a CDATA section, split where it contains `]]>`. A carriage return cannot
    /// survive inside CDATA (line ends are normalized), so text holding one is escaped instead.
    mutating func appendCDATA(_ string: String) {
        var string = string
        string.withUTF8 { appendCDATA($0) }
    }

    /// Appends UTF-8 text as a CDATA section; see `appendCDATA(_:)` for a string.
    mutating func appendCDATA(_ utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.contains(0x0D) {
            appendEscaped(utf8, inAttribute: false)
            return
        }
        bytes.append(contentsOf: "<![CDATA[".utf8)
        var runStart = 0
        var index = 0
        while index + 2 < utf8.count {
            if utf8[index] == UInt8(ascii: "]"), utf8[index + 1] == UInt8(ascii: "]"), utf8[index + 2] == UInt8(ascii: ">") {
                // "]]>" becomes "]]" + "]]><![CDATA[" + ">": the sequence spans two sections.
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(index + 2)]))
                bytes.append(contentsOf: "]]><![CDATA[".utf8)
                runStart = index + 2
                index += 2
                continue
            }
            index += 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(contentsOf: "]]>".utf8)
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
