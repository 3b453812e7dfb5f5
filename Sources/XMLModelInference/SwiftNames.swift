// SwiftNames: Swift identifiers made from XML names, and kept unique where they share a scope.
//
//     typeName("purchase-order")   → "PurchaseOrder"        propertyName("purchase-order") → "purchaseOrder"
//     typeName("string")           → "StringElement"        (would shadow Swift's String)
//     propertyName("ID")           → "id"                   propertyName("URLPath") → "urlPath"
//     propertyName("class")        → "`class`"              propertyName("größe") → "grX00F6X00DFe"
//
// Letters and digits of ASCII are kept; every other ASCII character separates words; a character
// outside ASCII is spelled as its code point (`X00F6`), as the repository's lint allows ASCII
// identifiers only. Unique names are made by appending 2, 3, …

/// Making Swift identifiers from XML names.
enum SwiftNames {
    /// Type names that would shadow a type the generated source uses.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "Attribute", "Bool", "Codable", "CodingKey", "CodingKeys", "Character", "Data", "Date",
        "Decimal", "Decodable", "Decoder", "Dictionary", "Double", "Element", "ElementAndAttribute", "Encodable",
        "Encoder", "Equatable", "Error", "Float", "Formatted", "Int", "Never", "Optional", "OptionalFormatted",
        "Protocol", "Result", "Self", "Set", "String", "Type", "URL", "Void", "XMLChoiceCodingKey", "XMLDecoder",
        "XMLEncoder", "XMLListCoding", "XMLSchemaDateFormat", "XMLSchemaDateTimeFormat",
    ]

    /// Words that must be escaped with backticks to be a property or case name.
    static let keywords: Set<String> = [
        "Any", "as", "associatedtype", "await", "break", "case", "catch", "class", "continue", "default", "defer",
        "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard",
        "if", "import", "in", "inout", "internal", "is", "let", "nil", "open", "operator", "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "static", "struct", "subscript", "super",
        "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// The words of a name: runs of ASCII letters and digits (with other characters spelled out).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                current += "X" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// An UpperCamelCase type name for an XML name, before the prefix and uniqueness.
    static func typeName(_ name: String) -> String {
        var result = words(name).map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined()
        if result.isEmpty { result = "Element" }
        if result.first!.isNumber { result = "T" + result }
        if reservedTypeNames.contains(result) { result += "Element" }
        return result
    }

    /// A lowerCamelCase property or case name for an XML name, before uniqueness; not escaped.
    static func propertyName(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "value" }
        var result = lowercasingLeadingCapitals(first)
        for word in parts.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst()
        }
        if result.first!.isNumber { result = "n" + result }
        if result == "self" || result == "init" || result == "Type" || result == "Protocol" { result += "Value" }
        return result
    }

    /// `ID` → `id`, `URLPath` → `urlPath`, `Name` → `name`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var count = 0
        while count < characters.count, characters[count].isUppercase { count += 1 }
        if count == 0 { return word }
        if count > 1, count < characters.count { count -= 1 }
        return String(characters[..<count]).lowercased() + String(characters[count...])
    }

    /// A name as it is written in source: keywords in backticks.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `base`, or `base2`, `base3`… whichever is not in `used`; the result is added to `used`.
    static func unique(_ base: String, in used: inout Set<String>) -> String {
        var candidate = base
        var number = 2
        while used.contains(candidate) {
            candidate = base + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// A Swift string literal for `text`: quotes, backslashes and controls escaped.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || !scalar.isASCII {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
