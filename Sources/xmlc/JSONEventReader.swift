// A strict JSON reader that hands out one event at a time, reading its input in chunks.
//
// Design: `from-json` must run in memory that does not grow with the JSON text, so the text is
// never held whole: the reader keeps one chunk (`JSONInput`, 64 KiB by default), the string or
// number it is in the middle of, and one bit per open array or object. It is strict RFC 8259 over
// UTF-8 bytes (a BOM is skipped): no comments, no trailing commas, no lone surrogates, invalid
// UTF-8 in a string refused rather than replaced, nesting bounded by `maximumDepth`. Object
// members keep their order (duplicate names are handed out as they come) and numbers keep their
// literal text (`1.50` stays `1.50`), because the XML mapping needs both. Every event and every
// error carries its `Position`: the byte offset, and the 1-based line (counted at line feeds) and
// column (counted in Unicode scalars), worked out from the bytes as they pass.
//
// For example, `{"a": [1, true]}` gives, with their columns:
//
//     objectStart 1, name("a") 2, arrayStart 7, number("1") 8, bool(true) 11, arrayEnd 15,
//     objectEnd 16, then nil
//
// and `{"a": [1,\n 2}` throws "unexpected '}'; expected ',' or ']'" at line 2, column 3.

/// A pull reader of JSON events over chunks of input.
struct JSONEventReader {
    /// What the reader found.
    enum Event: Equatable {
        case objectStart
        case objectEnd
        case arrayStart
        case arrayEnd
        /// An object member's name (its value is the next event).
        case name(String)
        case string(String)
        /// A number, as written.
        case number(String)
        case bool(Bool)
        case null
    }

    /// A place in the JSON text.
    struct Position: Equatable {
        /// The byte offset from the start of the input.
        var offset: Int
        /// The 1-based line: line feeds before the offset, plus one.
        var line: Int
        /// The 1-based column: Unicode scalars (UTF-8 lead bytes) since the line's start, plus one.
        var column: Int
    }

    /// A JSON syntax error (or an input that could not be read) at a position.
    struct SyntaxError: Error {
        var message: String
        var position: Position
        /// Whether the input could not be read (a usage-class failure, not a verdict on the JSON).
        var isReadFailure = false
    }

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 1024

    private let input: JSONInput
    /// The bytes read and not yet consumed start at `index`; `buffer[0]` is at input offset `bufferStart`.
    private var buffer: [UInt8] = []
    private var index = 0
    private var bufferStart = 0
    /// The position of `buffer[markIndex]`: positions are worked out forward from it.
    private var markIndex = 0
    private var markLine = 1
    private var markColumn = 1
    /// One entry per open container: `true` for an object.
    private var containers: [Bool] = []
    private var state = State.start
    /// The bytes of the string being read.
    private var scratch: [UInt8] = []

    private enum State {
        /// Before the top-level value (and before the BOM check).
        case start
        /// A value is expected (after `:`, or after `,` in an array).
        case value
        /// After `[`: a value or `]`.
        case arrayFirst
        /// After `{`: a member name or `}`.
        case objectFirst
        /// After `,` in an object: a member name.
        case memberName
        /// After a value: `,` or the closing bracket, or the end of the input at the top level.
        case afterValue
        /// The top-level value and what follows it were read.
        case finished
    }

    /// A reader of `input`.
    init(_ input: JSONInput) {
        self.input = input
    }

    /// The next event and where it starts, or `nil` once the whole text was read (and nothing but
    /// white space follows the top-level value).
    mutating func next() throws(SyntaxError) -> (event: Event, position: Position)? {
        while true {
            switch state {
            case .finished:
                return nil
            case .start:
                try ensure(3)
                if available >= 3, buffer[index] == 0xEF, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF {
                    index += 3
                }
                state = .value
            case .value:
                try skipWhitespace()
                return try value()
            case .arrayFirst:
                try skipWhitespace()
                if available > 0, buffer[index] == UInt8(ascii: "]") { return close() }
                return try value()
            case .objectFirst, .memberName:
                try skipWhitespace()
                if state == .objectFirst, available > 0, buffer[index] == UInt8(ascii: "}") { return close() }
                guard available > 0, buffer[index] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeCurrent()); expected a member name in quotes")
                }
                let start = position(at: index)
                let name = try string(start: start)
                try skipWhitespace()
                guard available > 0, buffer[index] == UInt8(ascii: ":") else {
                    throw error("unexpected \(describeCurrent()); expected ':'")
                }
                index += 1
                state = .value
                return (.name(name), start)
            case .afterValue:
                try skipWhitespace()
                guard let isObject = containers.last else {
                    guard available == 0 else { throw error("unexpected \(describeCurrent()) after the JSON value") }
                    state = .finished
                    return nil
                }
                let close = isObject ? "}" : "]"
                let expected = "expected ',' or '\(close)'"
                guard available > 0 else { throw error("unexpected end of input; \(expected)") }
                let byte = buffer[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    state = isObject ? .memberName : .value
                    continue
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error("unexpected \(describeCurrent()); \(expected)")
                }
                return self.close()
            }
        }
    }

    // MARK: Values

    /// Reads the value at the current byte (white space already skipped).
    private mutating func value() throws(SyntaxError) -> (event: Event, position: Position) {
        guard available > 0 else { throw error("unexpected end of input; expected a value") }
        let start = position(at: index)
        let event: Event
        switch buffer[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = buffer[index] == UInt8(ascii: "{")
            guard containers.count < Self.maximumDepth else {
                throw SyntaxError(
                    message: "arrays and objects nested deeper than \(Self.maximumDepth)", position: start)
            }
            index += 1
            containers.append(isObject)
            state = isObject ? .objectFirst : .arrayFirst
            return (isObject ? .objectStart : .arrayStart, start)
        case UInt8(ascii: "\""): event = .string(try string(start: start))
        case UInt8(ascii: "t"): event = try literal("true", .bool(true), start: start)
        case UInt8(ascii: "f"): event = try literal("false", .bool(false), start: start)
        case UInt8(ascii: "n"): event = try literal("null", .null, start: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): event = try number(start: start)
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
        state = .afterValue
        return (event, start)
    }

    /// Consumes the closing bracket at the current byte.
    private mutating func close() -> (event: Event, position: Position) {
        let start = position(at: index)
        index += 1
        let isObject = containers.removeLast()
        state = .afterValue
        return (isObject ? .objectEnd : .arrayEnd, start)
    }

    private mutating func literal(_ text: StaticString, _ event: Event, start: Position) throws(SyntaxError) -> Event {
        let count = text.utf8CodeUnitCount
        try ensure(count)
        for offset in 0..<count {
            guard offset < available, buffer[index + offset] == text.utf8Start[offset] else {
                throw SyntaxError(message: "invalid literal; expected '\(text)'", position: start)
            }
        }
        index += count
        return event
    }

    private mutating func number(start: Position) throws(SyntaxError) -> Event {
        scratch.removeAll(keepingCapacity: true)
        func invalid(_ why: String) -> SyntaxError { SyntaxError(message: why, position: start) }
        if try peek() == UInt8(ascii: "-") { take() }
        guard let first = try peek() else { throw invalid("invalid number") }
        if first == UInt8(ascii: "0") {
            take()
        } else if try digits() == 0 {
            throw invalid("invalid number")
        }
        if try peek() == UInt8(ascii: ".") {
            take()
            guard try digits() > 0 else { throw invalid("invalid number: digits expected after '.'") }
        }
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            take()
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { take() }
            guard try digits() > 0 else { throw invalid("invalid number: digits expected in the exponent") }
        }
        return .number(String(decoding: scratch, as: UTF8.self))
    }

    /// The current byte, reading more input if needed; `nil` at the end of the input.
    private mutating func peek() throws(SyntaxError) -> UInt8? {
        try ensure(1)
        return available > 0 ? buffer[index] : nil
    }

    /// Moves the current byte into `scratch`.
    private mutating func take() {
        scratch.append(buffer[index])
        index += 1
    }

    /// Takes decimal digits; returns how many.
    private mutating func digits() throws(SyntaxError) -> Int {
        var count = 0
        while let byte = try peek(), byte >= 0x30, byte <= 0x39 {
            take()
            count += 1
        }
        return count
    }

    /// Reads a string at the current byte (its opening quote), which starts at `start`.
    private mutating func string(start: Position) throws(SyntaxError) -> String {
        index += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            if index == buffer.count {
                try ensure(1)
                guard available > 0 else { throw SyntaxError(message: "unterminated string", position: start) }
            }
            // The run up to the next quote, backslash or control character, in one copy.
            let runStart = index
            var end = index
            let count = buffer.count
            while end < count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                end += 1
            }
            scratch.append(contentsOf: buffer[runStart..<end])
            index = end
            guard end < count else { continue }
            let byte = buffer[end]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte < 0x20 {
                throw error(
                    "control character U+\(String(byte, radix: 16, uppercase: true)) must be escaped in a string")
            }
            try escape(start: start)
        }
        // Invalid UTF-8 is refused rather than replaced: nothing is silently changed.
        guard let string = String(validating: scratch, as: UTF8.self) else {
            throw SyntaxError(message: "invalid UTF-8 in a string", position: start)
        }
        return string
    }

    /// Reads an escape sequence at the current byte (its backslash) into `scratch`.
    private mutating func escape(start: Position) throws(SyntaxError) {
        let escape = position(at: index)
        // Enough for a surrogate pair (\uD83D\uDE00) if the input has it.
        try ensure(12)
        guard available >= 2 else { throw SyntaxError(message: "unterminated string", position: start) }
        let code = buffer[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(escape)
            func lone() -> SyntaxError {
                SyntaxError(
                    message: "lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string",
                    position: escape)
            }
            if scalar >= 0xD800 && scalar < 0xDC00 {
                guard available >= 2, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") else {
                    throw lone()
                }
                index += 2
                let low = try hex4(escape)
                guard low >= 0xDC00 && low < 0xE000 else { throw lone() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                throw lone()
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw SyntaxError(message: "invalid \\u escape", position: escape)
            }
            scratch.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw SyntaxError(
                message: "invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string", position: escape)
        }
    }

    /// Four hexadecimal digits at the current byte (already in the buffer when the input has them).
    private mutating func hex4(_ escape: Position) throws(SyntaxError) -> UInt32 {
        guard available >= 4 else { throw SyntaxError(message: "invalid \\u escape", position: escape) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = buffer[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw SyntaxError(message: "invalid \\u escape", position: escape)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Input

    /// The bytes read and not yet consumed.
    private var available: Int { buffer.count - index }

    private mutating func skipWhitespace() throws(SyntaxError) {
        while true {
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
                index += 1
            }
            try ensure(1)
            if available == 0 { return }
        }
    }

    /// Reads input until at least `count` bytes are available, or the input ends. Consumed bytes
    /// are dropped first, so the buffer holds one chunk plus what is still needed.
    private mutating func ensure(_ count: Int) throws(SyntaxError) {
        guard available < count else { return }
        if index > 0 {
            advanceMark(to: index)
            buffer.removeFirst(index)
            bufferStart += index
            markIndex -= index
            index = 0
        }
        while available < count {
            let read: Int
            do {
                read = try input.read(appendingTo: &buffer)
            } catch {
                throw SyntaxError(message: error.message, position: position(at: index), isReadFailure: true)
            }
            if read == 0 { return }
        }
    }

    /// Moves the mark forward to `target`, counting lines and columns on the way.
    private mutating func advanceMark(to target: Int) {
        var line = markLine
        var column = markColumn
        var at = markIndex
        while at < target {
            let byte = buffer[at]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            at += 1
        }
        (markIndex, markLine, markColumn) = (target, line, column)
    }

    /// The position of `buffer[at]` (at or after the mark).
    private mutating func position(at target: Int) -> Position {
        advanceMark(to: target)
        return Position(offset: bufferStart + target, line: markLine, column: markColumn)
    }

    /// A syntax error at the current byte.
    private mutating func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, position: position(at: index))
    }

    private func describeCurrent() -> String {
        guard available > 0 else { return "end of input" }
        let byte = buffer[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
