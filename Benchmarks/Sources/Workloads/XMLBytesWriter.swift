// A minimal XML byte writer for the generated workloads.
//
// It deliberately does not use XMLCodable's own writer (the thing being measured should not
// produce its own input) nor Foundation. It escapes `&`, `<`, `>` and `"` so that values such as
// "Smith & Sons" or "a < b" appear in the documents as `&amp;` and `&lt;` — the reader has to
// decode them — and it counts what it writes so benchmarks can report per-element figures.

/// Appends UTF-8 XML to a byte array and counts elements and attributes.
struct XMLBytesWriter {
    /// An attribute for `attributes:` when its value is there: `[(name, value)]`, else none.
    static func optional(_ name: String, _ value: String?) -> [(String, String)] {
        value.map { [(name, $0)] } ?? []
    }

    private(set) var bytes: [UInt8] = []
    private(set) var elementCount = 0
    private(set) var attributeCount = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer (the counts go on), after its bytes have been written out.
    mutating func removeAllBytes() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Character data, escaped.
    mutating func text(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            default: bytes.append(byte)
            }
        }
    }

    /// An attribute value, escaped for a double-quoted attribute.
    mutating func attributeValue(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: "\""): raw("&quot;")
            default: bytes.append(byte)
            }
        }
    }

    /// `<name a="v" …` without closing the tag; follow with `endStartTag()` or `endEmptyTag()`.
    mutating func openStartTag(_ name: String, attributes: [(String, String)] = []) {
        elementCount += 1
        bytes.append(UInt8(ascii: "<"))
        raw(name)
        for (key, value) in attributes {
            attributeCount += 1
            bytes.append(UInt8(ascii: " "))
            raw(key)
            raw("=\"")
            attributeValue(value)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    mutating func endStartTag() { bytes.append(UInt8(ascii: ">")) }
    mutating func endEmptyTag() { raw("/>") }

    mutating func endTag(_ name: String) {
        raw("</")
        raw(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name>text</name>`
    mutating func leaf(_ name: String, _ value: String) {
        openStartTag(name)
        endStartTag()
        text(value)
        endTag(name)
    }
}
