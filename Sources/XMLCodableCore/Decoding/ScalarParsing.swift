// Numbers and booleans parsed straight from UTF-8 bytes, in the lexical forms of XML Schema.
//
// Values are trimmed of XML white space first (xs:int, xs:double and xs:boolean collapse white
// space). Integers are accumulated with overflow checks, so "300" for an Int8 is reported as out
// of range rather than wrapped, and anything that is not an optional sign followed by digits is
// malformed. Floating-point values are checked against the xs:double grammar before conversion,
// so forms Swift would accept but XML does not ("0x1p3", "inf", "nan") are malformed here.
//
// The bytes come as an `UncheckedBytes` view (callers wrap the buffer they are lent), and every
// read is `bytes[unchecked: i]` with `i` below the count the loop tests, so these functions hold
// no raw buffer of their own; debug and internal-checks builds check each read. For example
// `integer(UncheckedBytes(raw), as: Int8.self)` of ` 300 ` trims to `300` and returns
// `.outOfRange`.

internal enum ScalarParsing {
    enum IntegerResult<T> {
        case value(T)
        case outOfRange
        case malformed
    }

    /// The bytes without leading and trailing XML white space.
    @inline(__always)
    static func trimmed(_ bytes: UncheckedBytes) -> UncheckedBytes {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[unchecked: start]) { start += 1 }
        while end > start, isSpace(bytes[unchecked: end - 1]) { end -= 1 }
        return bytes.extracting(unchecked: start..<end)
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { ByteClass.isSpace(b) }

    /// Parses an integer: optional `+` or `-`, then one or more ASCII digits.
    static func integer<T: FixedWidthInteger>(_ raw: UncheckedBytes, as type: T.Type) -> IntegerResult<T> {
        let bytes = trimmed(raw)
        // Up to 18 digits fit an Int64 without overflow checks; the range of `T` is checked once.
        if bytes.count <= 18, let small = smallInteger(bytes) {
            guard let value = T(exactly: small) else { return .outOfRange }
            return .value(value)
        }
        let (negative, digitsStart) = sign(bytes)
        var index = digitsStart
        guard index < bytes.count else { return .malformed }
        var value: T = 0
        var overflow = false
        while index < bytes.count {
            let digit = bytes[unchecked: index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return .malformed }
            if !overflow {
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) =
                    negative
                    ? shifted.subtractingReportingOverflow(T(digit))
                    : shifted.addingReportingOverflow(T(digit))
                if o1 || o2 { overflow = true } else { value = next }
            }
            index += 1
        }
        if overflow { return .outOfRange }
        if negative, !T.isSigned, value != 0 { return .outOfRange }
        return .value(value)
    }

    /// Whether a number is negative, and where its digits start: after its `+` or `-`, if it has one.
    @inline(__always)
    private static func sign(_ bytes: UncheckedBytes) -> (negative: Bool, digitsStart: Int) {
        guard bytes.count > 0 else { return (false, 0) }
        let first = bytes[unchecked: 0]
        if first == UInt8(ascii: "-") { return (true, 1) }
        return (false, first == UInt8(ascii: "+") ? 1 : 0)
    }

    /// An optional sign and 1 to 18 digits (at most 18 bytes in all), as an `Int64`; `nil` for
    /// anything else, which `integer` then reads the general way.
    @inline(__always)
    private static func smallInteger(_ bytes: UncheckedBytes) -> Int64? {
        let (negative, digitsStart) = sign(bytes)
        var index = digitsStart
        guard index < bytes.count else { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[unchecked: index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// Whether the bytes match xs:double's finite form: `[+-]? (digits ('.' digits?)? | '.' digits)
    /// ([eE] [+-]? digits)?`.
    static func isDecimalNumber(_ bytes: UncheckedBytes) -> Bool {
        var index = 0
        let count = bytes.count
        func digits() -> Int {
            let start = index
            while index < count, bytes[unchecked: index] >= UInt8(ascii: "0"),
                bytes[unchecked: index] <= UInt8(ascii: "9")
            { index += 1 }
            return index - start
        }
        if index < count, bytes[unchecked: index] == UInt8(ascii: "+") || bytes[unchecked: index] == UInt8(ascii: "-") {
            index += 1
        }
        var mantissa = digits()
        if index < count, bytes[unchecked: index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < count, bytes[unchecked: index] == UInt8(ascii: "e") || bytes[unchecked: index] == UInt8(ascii: "E") {
            index += 1
            if index < count,
                bytes[unchecked: index] == UInt8(ascii: "+") || bytes[unchecked: index] == UInt8(ascii: "-")
            {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == count
    }

    /// Parses a finite floating-point number in xs:double's lexical form.
    static func floatingPoint<T: LosslessStringConvertible & BinaryFloatingPoint>(
        _ raw: UncheckedBytes, as type: T.Type
    ) -> T? {
        let bytes = trimmed(raw)
        // The fast path checks the grammar itself (its forms are a subset of xs:double's).
        if T.self == Double.self, let fast = fastDouble(bytes) { return T(fast) }
        guard isDecimalNumber(bytes) else { return nil }
        return T(bytes.string)
    }

    /// Powers of ten that a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The exact fast path for plain decimals (`-51.3458666`): an optional sign, digits with at
    /// most one `.` and at least one digit, no exponent, the digits forming an integer below 2^53
    /// (so a `Double` holds it exactly) and at most 22 after the point (so the power of ten is
    /// exact); one IEEE division of two exact values is correctly rounded. `nil` for anything
    /// else (which may still be a number).
    static func fastDouble(_ bytes: UncheckedBytes) -> Double? {
        let count = bytes.count
        let (negative, digitsStart) = sign(bytes)
        var index = digitsStart
        // Integer digits, then fraction digits; at most 18 digits in all (so the mantissa cannot
        // overflow), and the significant ones (after leading zeros) counted at the end.
        var mantissa: Int64 = 0
        let firstDigit = index
        // (No bound while reading the integer digits: the count is checked at the end.)
        _ = readDigits(bytes, at: &index, into: &mantissa, atMost: .max)
        var digitCount = index - firstDigit
        var fractionDigits = 0
        if index < count, bytes[unchecked: index] == UInt8(ascii: ".") {
            index += 1
            let firstFraction = index
            guard readDigits(bytes, at: &index, into: &mantissa, atMost: 18 - digitCount) else { return nil }
            fractionDigits = index - firstFraction
            digitCount += fractionDigits
        }
        // Anything left (an exponent, a second '.', not a number) goes the general way.
        guard index == count, digitCount > 0, digitCount <= 18, fractionDigits <= 22 else { return nil }
        guard mantissa < 1 << 53 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// Reads the decimal digits from `index` on into `mantissa` (ten times it plus each digit),
    /// leaving `index` at the first byte that is not one; `false` as soon as there are more than
    /// `limit` of them.
    @inline(__always)
    private static func readDigits(
        _ bytes: UncheckedBytes, at index: inout Int, into mantissa: inout Int64, atMost limit: Int
    ) -> Bool {
        let first = index
        while index < bytes.count {
            let digit = bytes[unchecked: index] &- UInt8(ascii: "0")
            guard digit <= 9 else { break }
            mantissa = mantissa &* 10 &+ Int64(digit)
            index += 1
            guard index - first <= limit else { return false }
        }
        return true
    }

    /// Parses a boolean as XMLCoder reads one: `true`, `false`, `1`, `0`, `yes`, `no`, `y` or `n`,
    /// in any case (xs:boolean's four forms among them).
    static func boolean(_ raw: UncheckedBytes) -> Bool? {
        let bytes = trimmed(raw)
        switch bytes.count {
        case 1:
            switch bytes[unchecked: 0] | 0x20 {
            case UInt8(ascii: "1"), UInt8(ascii: "y"): return true
            case UInt8(ascii: "0"), UInt8(ascii: "n"): return false
            default: return nil
            }
        case 2: return equalsASCIIIgnoringCase(bytes, "no") ? false : nil
        case 3: return equalsASCIIIgnoringCase(bytes, "yes") ? true : nil
        case 4: return equalsASCIIIgnoringCase(bytes, "true") ? true : nil
        case 5: return equalsASCIIIgnoringCase(bytes, "false") ? false : nil
        default: return nil
        }
    }

    /// Parses xs:boolean strictly: `true`, `false`, `1` or `0` (for `xsi:nil`, which XML Schema defines).
    static func xsBoolean(_ raw: UncheckedBytes) -> Bool? {
        let bytes = trimmed(raw)
        switch bytes.count {
        case 1:
            if bytes[unchecked: 0] == UInt8(ascii: "1") { return true }
            if bytes[unchecked: 0] == UInt8(ascii: "0") { return false }
            return nil
        case 4:
            return bytes.hasPrefix("true", at: 0, limit: 4) ? true : nil
        case 5:
            return bytes.hasPrefix("false", at: 0, limit: 5) ? false : nil
        default:
            return nil
        }
    }

    /// Whether the bytes are the lowercase ASCII letters of `word`, in any case. (`| 0x20` maps
    /// only `A`…`Z` onto `a`…`z` among the bytes that can then equal a letter.)
    private static func equalsASCIIIgnoringCase(_ bytes: UncheckedBytes, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for index in 0..<bytes.count where bytes[unchecked: index] | 0x20 != letters[index] { return false }
        return true
    }
}
