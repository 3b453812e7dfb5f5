// A JSON value that keeps what the XML mapping needs: object members in order, numbers as written.
// (JSON is written by `StreamingJSONWriter`.)
//
// Design: `from-json` must give back the document `to-json` read, so object members keep their
// order (Foundation's JSONSerialization does not promise that) and a number keeps its literal text
// (`1.50` stays `1.50`). The parser is strict RFC 8259 over UTF-8 bytes (a BOM is skipped): no
// comments, no trailing commas, no lone surrogates, nesting bounded by `maximumDepth` so hostile
// input cannot exhaust the stack. Every value records the byte offset where it starts, so errors in
// the mapping can be reported at a line and column too.

/// A parsed JSON value.
enum JSONValue {
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null
    case array([LocatedJSONValue])
    /// An object's members, in order (duplicate names are kept).
    case object([(name: String, value: LocatedJSONValue)])
}

/// A JSON value and the byte offset where it starts in the input.
/// (A class: a value type holding the enum that holds it is more than the compiler's type
/// checker accepts here.)
final class LocatedJSONValue {
    let value: JSONValue
    let offset: Int

    init(value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// A JSON syntax error at a byte offset.
struct JSONSyntaxError: Error {
    var message: String
    var offset: Int
}

/// A strict JSON parser that keeps member order and number text.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 1024

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// Parses a whole JSON text.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> LocatedJSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw JSONSyntaxError(message: "unexpected \(parser.describeCurrent()) after the JSON value", offset: parser.position)
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D {
            position += 1
        }
    }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func expect(_ literal: String, value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let start = position
        for byte in literal.utf8 {
            guard position < bytes.count, bytes[position] == byte else {
                throw JSONSyntaxError(message: "invalid literal; expected '\(literal)'", offset: start)
            }
            position += 1
        }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> LocatedJSONValue {
        let start = position
        guard position < bytes.count else { throw JSONSyntaxError(message: "unexpected end of input; expected a value", offset: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return LocatedJSONValue(value: try parseObject(), offset: start)
        case UInt8(ascii: "["): return LocatedJSONValue(value: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return LocatedJSONValue(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): return LocatedJSONValue(value: try expect("true", value: .bool(true)), offset: start)
        case UInt8(ascii: "f"): return LocatedJSONValue(value: try expect("false", value: .bool(false)), offset: start)
        case UInt8(ascii: "n"): return LocatedJSONValue(value: try expect("null", value: .null), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return LocatedJSONValue(value: try parseNumber(), offset: start)
        default: throw JSONSyntaxError(message: "unexpected \(describeCurrent()); expected a value", offset: position)
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw JSONSyntaxError(message: "arrays and objects nested deeper than \(Self.maximumDepth)", offset: position)
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(name: String, value: LocatedJSONValue)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(message: "unexpected \(describeCurrent()); expected a member name in quotes", offset: position)
            }
            let name = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(message: "unexpected \(describeCurrent()); expected ':'", offset: position)
            }
            position += 1
            skipWhitespace()
            members.append((name, try parseValue()))
            guard try nextItem(closedBy: "}") else { return .object(members) }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [LocatedJSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            guard try nextItem(closedBy: "]") else { return .array(items) }
        }
    }

    /// After an item of an object or array: `true` past a `,` (another item follows), `false` past
    /// the closing bracket.
    private mutating func nextItem(closedBy close: Unicode.Scalar) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        let expected = "expected ',' or '\(close)'"
        guard position < bytes.count else { throw JSONSyntaxError(message: "unexpected end of input; \(expected)", offset: position) }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            return true
        }
        guard bytes[position] == UInt8(ascii: close) else { throw JSONSyntaxError(message: "unexpected \(describeCurrent()); \(expected)", offset: position) }
        position += 1
        return false
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.position
            while parser.position < parser.bytes.count, parser.bytes[parser.position] >= 0x30, parser.bytes[parser.position] <= 0x39 { parser.position += 1 }
            return parser.position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw JSONSyntaxError(message: "invalid number", offset: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw JSONSyntaxError(message: "invalid number", offset: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw JSONSyntaxError(message: "invalid number: digits expected after '.'", offset: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw JSONSyntaxError(message: "invalid number: digits expected in the exponent", offset: start) }
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        var result: [UInt8] = []
        var runStart = position
        while true {
            guard position < bytes.count else { throw JSONSyntaxError(message: "unterminated string", offset: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                result.append(contentsOf: bytes[runStart..<position])
                position += 1
                break
            }
            if byte < 0x20 {
                throw JSONSyntaxError(message: "control character U+\(String(byte, radix: 16, uppercase: true)) must be escaped in a string", offset: position)
            }
            if byte == UInt8(ascii: "\\") {
                result.append(contentsOf: bytes[runStart..<position])
                let escape = position
                position += 1
                guard position < bytes.count else { throw JSONSyntaxError(message: "unterminated string", offset: start) }
                let code = bytes[position]
                position += 1
                switch code {
                case UInt8(ascii: "\""): result.append(0x22)
                case UInt8(ascii: "\\"): result.append(0x5C)
                case UInt8(ascii: "/"): result.append(0x2F)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4(at: escape)
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                            throw JSONSyntaxError(message: "lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string", offset: escape)
                        }
                        position += 2
                        let low = try hex4(at: escape)
                        guard low >= 0xDC00 && low < 0xE000 else {
                            throw JSONSyntaxError(message: "lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string", offset: escape)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw JSONSyntaxError(message: "lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string", offset: escape)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw JSONSyntaxError(message: "invalid \\u escape", offset: escape) }
                    result.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw JSONSyntaxError(message: "invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string", offset: escape)
                }
                runStart = position
                continue
            }
            position += 1
        }
        // Invalid UTF-8 is refused rather than replaced: nothing is silently changed.
        guard let string = String(validating: result, as: UTF8.self) else {
            throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: start)
        }
        return string
    }

    private mutating func hex4(at escape: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw JSONSyntaxError(message: "invalid \\u escape", offset: escape) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw JSONSyntaxError(message: "invalid \\u escape", offset: escape)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
