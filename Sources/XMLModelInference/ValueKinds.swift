// ValueKinds: which Swift scalar types a piece of text can be, so that the type of a value can be
// inferred across every occurrence seen in the samples.
//
// Design: a value is given the set of types that the default `XMLDecoder()` reads from it *and*
// the default `XMLEncoder()` writes back as the same text; the sets of all occurrences are
// intersected, and the most specific type left wins, in this order:
//
//     Bool, Int, Double, Decimal, Date (xs:date), Date (xs:dateTime), String
//
// The text is compared after trimming white space at its ends, as the decoder trims by default.
//
//     "42"                          → [.int, .decimal, .string]     Int wins (a Double writes "42.0")
//     "007"                         → [.string]                     Int 7 would be written "7"
//     "1.5"                         → [.double, .decimal, .string]  Double wins: 1.5 is written "1.5"
//     "1.50"                        → [.string]                     Double and Decimal both write "1.5"
//     "3.14159265358979323846"      → [.decimal, .string]           a Double writes 3.141592653589793
//     "1e5"                         → [.string]                     written "100000" or "100000.0"
//     "1e400"                       → [.string]                     overflows a Double: the decoder refuses it
//     "+1"                          → [.string]                     would be written "1"
//     "true"                        → [.bool, .string]              "1", "yes" read as Bool, written "true"
//     "2024-01-02"                  → [.date, .string]              XMLSchemaDateFormat writes it back
//     "2024-01-02T03:04:05Z"        → [.dateTime, .string]          XMLSchemaDateTimeFormat writes it back
//     "2024-01-02T03:04:05.5Z"      → [.dateTime, .string]          a fraction without trailing zeros
//     "2024-01-02T03:04:05+01:00"   → [.string]                     written "2024-01-02T02:04:05Z"
//     "2024-01-02T03:04:05"         → [.string]                     read in UTC, but written with "Z"
//     "2024-01-02T03:04:05.000Z"    → [.string]                     written without ".000"
//     ""                            → [.string]
//
// Across occurrences: "1.5" and "42.0" are Double; "42" and "0.1" are Decimal (a Double would
// write 42 back as "42.0"); "2024-01-02" and "2024-01-02T03:04:05Z" are String (no kind of date is
// common to both), and so are "2024-01-02" and "soon".
//
// The default date strategy reads seconds since 1970, which cannot be told from a number in a
// sample, so a date property carries its format instead: `@Formatted<XMLSchemaDateTimeFormat>`
// (`@OptionalFormatted<…>` when optional), which reads and writes the schema's form whatever the
// coders' strategies, so the models still need no coder settings. A wrapper cannot hold an array
// or a choice's value, so there the renderer falls back to String (see `swiftType(wrappable:)`).
// A `Decimal` is written as its `description`: "1.50" comes back "1.5", "1e5" comes back
// "100000", which is why the text must equal the description to be a Decimal.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XMLCodableCore

/// The scalar types a value may be inferred as, a set.
struct ValueKinds: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let bool = ValueKinds(rawValue: 1)
    static let int = ValueKinds(rawValue: 2)
    static let double = ValueKinds(rawValue: 4)
    static let string = ValueKinds(rawValue: 8)
    static let decimal = ValueKinds(rawValue: 16)
    /// An xs:date that `XMLSchemaDateFormat` writes back as the same text.
    static let date = ValueKinds(rawValue: 32)
    /// An xs:dateTime that `XMLSchemaDateTimeFormat` writes back as the same text.
    static let dateTime = ValueKinds(rawValue: 64)

    /// Every kind: the identity of intersection, before any value is seen.
    static let any: ValueKinds = [.bool, .int, .double, .decimal, .date, .dateTime, .string]

    /// The kinds that `text` round-trips through with the default coders.
    static func of(_ text: String) -> ValueKinds {
        let trimmed = Self.trimmingXMLWhitespace(text)
        var kinds: ValueKinds = .string
        guard !trimmed.isEmpty, trimmed.utf8.count <= 40 else { return kinds }
        if trimmed == "true" || trimmed == "false" { kinds.insert(.bool) }
        if let value = Int(trimmed), String(value) == trimmed { kinds.insert(.int) }
        if let value = Double(trimmed), value.isFinite, value.description == trimmed { kinds.insert(.double) }
        if isDecimalNumber(trimmed), let value = Decimal(string: trimmed), value.description == trimmed {
            kinds.insert(.decimal)
        }
        if trimmed.utf8.count >= 10, trimmed.utf8.first != UInt8(ascii: "-") {
            if let value = XMLSchemaDateFormat.value(from: trimmed), XMLSchemaDateFormat.string(from: value) == trimmed
            {
                kinds.insert(.date)
            }
            if let value = XMLSchemaDateTimeFormat.value(from: trimmed),
                XMLSchemaDateTimeFormat.string(from: value) == trimmed
            {
                kinds.insert(.dateTime)
            }
        }
        return kinds
    }

    /// Whether the text is an optional minus sign, digits, and a fraction with digits on both sides
    /// of its point: the plain form `Decimal` writes (no `+`, no exponent, no `.5` or `5.`).
    private static func isDecimalNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
    }

    /// The Swift type name of the most specific kind in the set.
    var swiftType: String {
        swiftType(wrappable: true)
    }

    /// The Swift type name of the most specific kind in the set; where a property wrapper cannot
    /// be placed (an array's items, a choice's value), a date is a `String`.
    func swiftType(wrappable: Bool) -> String {
        if contains(.bool) { return "Bool" }
        if contains(.int) { return "Int" }
        if contains(.double) { return "Double" }
        if contains(.decimal) { return "Decimal" }
        if wrappable, !isDisjoint(with: [.date, .dateTime]) { return "Date" }
        return "String"
    }

    /// The format of a `Date`: `XMLSchemaDateFormat` or `XMLSchemaDateTimeFormat`, or `nil` when
    /// the set is not rendered as a `Date`.
    var dateFormat: String? {
        guard swiftType == "Date" else { return nil }
        return contains(.date) ? "XMLSchemaDateFormat" : "XMLSchemaDateTimeFormat"
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
