// ValueKinds: which Swift scalar types a piece of text can be, so that the type of a value can be
// inferred across every occurrence seen in the samples.
//
// Design: a value is given the set of types that the default `XMLDecoder()` reads from it *and*
// the default `XMLEncoder()` writes back as the same text; the sets of all occurrences are
// intersected, and the most specific type left wins (Bool, then Int, then Double, else String).
// The text is compared after trimming white space at its ends, as the decoder trims by default.
//
//     "42"      → [.int, .string]          Int(42) is written "42"
//     "007"     → [.string]                Int 7 would be written "7"
//     "1.5"     → [.double, .string]       Double 1.5 is written "1.5"
//     "1e400"   → [.string]                overflows a Double: the decoder refuses it
//     "+1"      → [.string]                would be written "1"
//     "true"    → [.bool, .string]         ("1", "yes", "Y" read as Bool too, but are written "true")
//     ""        → [.string]
//
// Decimal and Date are never inferred: `Decimal` is written in its own normalized form ("1.50"
// comes back "1.5"), and the default date strategy reads seconds since 1970, which cannot be told
// from a number in a sample.

/// The scalar types a value may be inferred as, a set.
struct ValueKinds: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let bool = ValueKinds(rawValue: 1)
    static let int = ValueKinds(rawValue: 2)
    static let double = ValueKinds(rawValue: 4)
    static let string = ValueKinds(rawValue: 8)

    /// Every kind: the identity of intersection, before any value is seen.
    static let any: ValueKinds = [.bool, .int, .double, .string]

    /// The kinds that `text` round-trips through with the default coders.
    static func of(_ text: String) -> ValueKinds {
        let trimmed = Self.trimmingXMLWhitespace(text)
        var kinds: ValueKinds = .string
        guard !trimmed.isEmpty, trimmed.utf8.count <= 40 else { return kinds }
        if trimmed == "true" || trimmed == "false" { kinds.insert(.bool) }
        if let value = Int(trimmed), String(value) == trimmed { kinds.insert(.int) }
        if let value = Double(trimmed), value.isFinite, value.description == trimmed { kinds.insert(.double) }
        return kinds
    }

    /// The Swift type name of the most specific kind in the set.
    var swiftType: String {
        if contains(.bool) { return "Bool" }
        if contains(.int) { return "Int" }
        if contains(.double) { return "Double" }
        return "String"
    }

    /// `text` without the XML white space (space, tab, line feed, carriage return) at its ends.
    static func trimmingXMLWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isXMLWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isXMLWhitespace($0) })!
        return String(scalars[first...last])
    }

    /// Whether a scalar is XML white space.
    static func isXMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
