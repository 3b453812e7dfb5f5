// XMLEscaping: which characters the writer replaces by references, in text and in attribute values.
//
// Three modes. `minimal` escapes what XML requires and no more (`&`, `<`, `>` and carriage return in
// text; `&`, `<`, `"`, tab, line feed and carriage return in attribute values). `defaultTables` is
// XMLCoder's default tables (`&`, `<`, `>`, `'`, `"`, in text and in attributes) plus what XML needs
// for the value to read back unchanged (a carriage return in text; tab, line feed and carriage
// return in attributes). Both are decided per byte from the flags the tree computed as each value
// arrived (`XMLEncodedTree.Flags`), so values needing nothing are copied whole. `custom` is any
// other pair of tables: checked once per encode call (each entry must be one character and a
// reference that reads back as that character, so output stays well-formed and lossless), then
// applied character by character, with the required escapes added.

internal enum XMLEscaping {
    case minimal
    case defaultTables
    case custom(CustomTables)

    /// XMLCoder's default table, for text and for attribute values alike.
    static let defaultTable: [(String, String)] = [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&apos;"), ("\"", "&quot;"),
    ]

    /// The escaping for the encoder's settings, or an error naming the first table entry that
    /// cannot be used.
    static func make(minimal: Bool, elements: [(String, String)], attributes: [(String, String)]) throws -> XMLEscaping
    {
        if minimal { return .minimal }
        if areDefault(elements, attributes) { return .defaultTables }
        return .custom(
            CustomTables(
                text: try table(elements, inAttribute: false), attribute: try table(attributes, inAttribute: true)))
    }

    /// Whether both tables are XMLCoder's default table.
    static func areDefault(_ elements: [(String, String)], _ attributes: [(String, String)]) -> Bool {
        func isDefault(_ table: [(String, String)]) -> Bool {
            table.count == defaultTable.count && zip(table, defaultTable).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        }
        return isDefault(elements) && isDefault(attributes)
    }

    /// The `Flags` mask of the bytes to escape in text, or in attribute values (not for `custom`).
    var textMask: UInt8 {
        if case .minimal = self { return XMLEncodedTree.Flags.escapeInText }
        return XMLEncodedTree.Flags.textDefault
    }

    var attributeMask: UInt8 {
        if case .minimal = self { return XMLEncodedTree.Flags.escapeInAttribute }
        return XMLEncodedTree.Flags.attributeDefault
    }

    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }

    /// Splits UTF-8 text into the runs to copy and the references for the bytes whose class
    /// (`XMLEncodedTree.classTable`) is in `mask`, and hands each to `put` in order: the one
    /// escaping loop of every writer (the encoder's, its raw compact writer's and the tree's).
    @inline(__always)
    static func escape(_ utf8: UncheckedBytes, mask: UInt8, _ put: (UncheckedBytes) -> Void) {
        let count = utf8.count
        var runStart = 0
        var index = XMLEncodedTree.firstByte(in: utf8, from: 0, mask: mask)
        // `firstByte` returns an offset within `0 ... count`, so `index < count` is in bounds.
        while index < count {
            put(utf8.extracting(unchecked: runStart..<index))
            put(UncheckedBytes(reference(for: utf8[unchecked: index])))
            runStart = index + 1
            index = XMLEncodedTree.firstByte(in: utf8, from: runStart, mask: mask)
        }
        put(utf8.extracting(unchecked: runStart..<count))
    }

    /// Splits a CDATA value into the sections it is written as: itself, split after the `]]` of
    /// each `]]>` in it (no section may hold `]]>`), handing each section's content to `section`.
    /// What every writer writes for CDATA, and what `encodeToTree` builds (a value holding a
    /// carriage return is written as text instead: see `XMLWriter.appendCDATA`).
    static func cdataSections(_ utf8: UncheckedBytes, _ section: (UncheckedBytes) -> Void) {
        cdataSectionRanges(utf8) { section(utf8.extracting(unchecked: $0)) }
    }

    /// The sections of `cdataSections`, as ranges of positions in `utf8`.
    static func cdataSectionRanges(_ utf8: UncheckedBytes, _ section: (Range<Int>) -> Void) {
        let count = utf8.count
        var runStart = 0
        var index = 0
        // `index + 2 < count`: the three bytes read are in bounds.
        while index + 2 < count {
            if utf8[unchecked: index] == UInt8(ascii: "]"), utf8[unchecked: index + 1] == UInt8(ascii: "]"),
                utf8[unchecked: index + 2] == UInt8(ascii: ">")
            {
                section(runStart..<(index + 2))
                runStart = index + 2
                index += 2
                continue
            }
            index += 1
        }
        section(runStart..<count)
    }

    /// The reference for a byte in the `minimal` and `defaultTables` sets: the one table of
    /// references the writers use (custom tables take their required entries from it too).
    @inline(__always)
    static func reference(for byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&apos;"
        case 0x0D: return "&#13;"
        case 0x0A: return "&#10;"
        default: return "&#9;"
        }
    }

    /// A pair of tables other than the defaults, with the escapes XML requires added.
    struct CustomTables: Sendable {
        let text: [Unicode.Scalar: String]
        let attribute: [Unicode.Scalar: String]
    }

    /// Why a table entry cannot be used.
    struct InvalidEntry: Error {
        let entry: (String, String)
        let inAttribute: Bool
        let reason: String
    }

    /// A table checked and completed: its entries, then what XML requires that it does not name.
    private static func table(_ entries: [(String, String)], inAttribute: Bool) throws -> [Unicode.Scalar: String] {
        var table: [Unicode.Scalar: String] = [:]
        for entry in entries {
            let scalars = entry.0.unicodeScalars
            guard scalars.count == 1, let character = scalars.first else {
                throw InvalidEntry(
                    entry: entry, inAttribute: inAttribute, reason: "an entry must replace exactly one character")
            }
            guard isXMLChar(character.value) else {
                throw InvalidEntry(
                    entry: entry, inAttribute: inAttribute,
                    reason:
                        "U+\(String(character.value, radix: 16, uppercase: true)) cannot be written in XML "
                        + "1.0, even as a reference"
                )
            }
            guard referencedScalar(entry.1) == character else {
                throw InvalidEntry(
                    entry: entry, inAttribute: inAttribute,
                    reason:
                        "the replacement must be a reference that reads back as the same character (&amp; &lt; "
                        + "&gt; &apos; &quot;, &#N; or &#xH;)"
                )
            }
            // The first entry for a character wins (XMLCoder applies the entries in order, so a
            // later one finds the character already replaced).
            if table[character] == nil { table[character] = entry.1 }
        }
        // What XML requires, from the byte classes the minimal escaping uses (in text, `>` is
        // required only after `]]`, which `appendEscaped` handles). A carriage return written raw
        // would read back as a line feed (line-end normalization), and tab, line feed and carriage
        // return in an attribute value as spaces (attribute-value normalization), so they are
        // references whatever the table says.
        let mask = inAttribute ? XMLEncodedTree.Flags.escapeInAttribute : XMLEncodedTree.Flags.escapeInText
        let required = (UInt8(0)..<0x80).filter {
            XMLEncodedTree.classTable[Int($0)] & mask != 0 && (inAttribute || $0 != UInt8(ascii: ">"))
        }
        .map { (Unicode.Scalar($0), String(describing: reference(for: $0))) }
        for (character, reference) in required where table[character] == nil { table[character] = reference }
        return table
    }

    /// The character a reference stands for: one of the five predefined entities or a character
    /// reference; `nil` for anything else.
    static func referencedScalar(_ reference: String) -> Unicode.Scalar? {
        switch reference {
        case "&amp;": return "&"
        case "&lt;": return "<"
        case "&gt;": return ">"
        case "&apos;": return "'"
        case "&quot;": return "\""
        default: break
        }
        let bytes = Array(reference.utf8)
        guard bytes.count >= 4, bytes[0] == UInt8(ascii: "&"), bytes[1] == UInt8(ascii: "#"),
            bytes[bytes.count - 1] == UInt8(ascii: ";")
        else {
            return nil
        }
        var digits = bytes[2..<(bytes.count - 1)]
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 10 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            let d: UInt32
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: d = UInt32(digit - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: d = UInt32(digit - UInt8(ascii: "A")) + 10
            default: return nil
            }
            let (product, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow, product <= 0x10FFFF else { return nil }
            value = product + d
        }
        guard isXMLChar(value) else { return nil }
        return Unicode.Scalar(value)
    }
}

extension XMLEscaping.CustomTables {
    /// Appends UTF-8 text with the table's characters replaced. In text, a `>` the table leaves
    /// alone is still escaped after `]]`, where XML forbids it.
    func appendEscaped(_ utf8: UncheckedBytes, inAttribute: Bool, to bytes: inout [UInt8]) {
        let table = inAttribute ? attribute : text
        var previous: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        var runStart = 0
        var index = 0
        var iterator = utf8.unsafeBuffer.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let length = UTF8.width(scalar)
            var replacement = table[scalar]
            if replacement == nil, !inAttribute, scalar == ">", previous.0 == "]", previous.1 == "]" {
                replacement = "&gt;"
            }
            if let replacement {
                // `index` counts the bytes of the scalars decoded before this one: within `count`.
                bytes.append(contentsOf: utf8.extracting(unchecked: runStart..<index))
                bytes.append(contentsOf: replacement.utf8)
                runStart = index + length
            }
            previous = (previous.1, scalar)
            index += length
        }
        bytes.append(contentsOf: utf8.extracting(unchecked: runStart..<utf8.count))
    }
}
