// XMLWriter: serializes an element tree into UTF-8 bytes.
//
// Design: one `[UInt8]` with reserved capacity; text is copied in runs, and only the bytes that
// need escaping are replaced. Text escapes `&`, `<`, `>` and carriage return (`&#13;`, so a CR
// survives the reader's line-end normalization); attribute values escape `&`, `<`, `"` and tab,
// line feed and carriage return as character references, so they survive attribute-value
// normalization. What XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) and names that
// are not XML names are refused earlier, when the tree is built (`XMLTreeValidation`), where the
// coding path is known. Pretty printing indents element-only content and leaves any element
// holding text exactly as it is, so no white space is added to or taken from a value.

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

    /// Writes an element and everything inside it.
    mutating func write(_ element: XMLTreeElement, depth: Int = 0) {
        bytes.append(UInt8(ascii: "<"))
        append(element.name)
        let attributes = formatting.sortedKeys ? element.attributes.sorted { $0.name < $1.name } : element.attributes
        for attribute in attributes {
            bytes.append(0x20)
            append(attribute.name)
            bytes.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
            appendEscaped(attribute.value, inAttribute: true)
            bytes.append(UInt8(ascii: "\""))
        }
        if element.children.isEmpty {
            if formatting.noEmptyElements {
                bytes.append(UInt8(ascii: ">"))
                closeTag(element.name)
            } else {
                bytes.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: ">")])
            }
            return
        }
        bytes.append(UInt8(ascii: ">"))
        var children = element.children
        if formatting.sortedKeys, element.children.allSatisfy({ if case .element = $0 { true } else { false } }) {
            children = children.enumerated().sorted { a, b in
                guard case .element(let x) = a.element, case .element(let y) = b.element else { return a.offset < b.offset }
                return x.name == y.name ? a.offset < b.offset : x.name < y.name
            }.map(\.element)
        }
        // Indent only element-only content: text is written exactly as it is.
        let indent = formatting.prettyPrinted && children.allSatisfy { if case .element = $0 { true } else { false } }
        for child in children {
            if indent { newline(depth + 1) }
            switch child {
            case .element(let inner): write(inner, depth: depth + 1)
            case .text(let text): appendEscaped(text, inAttribute: false)
            case .cdata(let text): appendCDATA(text)
            }
        }
        if indent { newline(depth) }
        closeTag(element.name)
    }

    private mutating func closeTag(_ name: String) {
        bytes.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        append(name)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(contentsOf: formatting.indentation) }
    }

    /// Appends text with the characters XML gives meaning to replaced by references.
    mutating func appendEscaped(_ string: String, inAttribute: Bool) {
        var string = string
        string.withUTF8 { utf8 in
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
    }

    /// Appends text as a CDATA section, split where it contains `]]>`. A carriage return cannot
    /// survive inside CDATA (line ends are normalized), so text holding one is escaped instead.
    mutating func appendCDATA(_ string: String) {
        if string.utf8.contains(0x0D) {
            appendEscaped(string, inAttribute: false)
            return
        }
        bytes.append(contentsOf: Array("<![CDATA[".utf8))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index + 2 < utf8.count {
                if utf8[index] == UInt8(ascii: "]"), utf8[index + 1] == UInt8(ascii: "]"), utf8[index + 2] == UInt8(ascii: ">") {
                    // "]]>" becomes "]]" + "]]><![CDATA[" + ">": the sequence spans two sections.
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(index + 2)]))
                    bytes.append(contentsOf: Array("]]><![CDATA[".utf8))
                    runStart = index + 2
                    index += 2
                    continue
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(contentsOf: Array("]]>".utf8))
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
