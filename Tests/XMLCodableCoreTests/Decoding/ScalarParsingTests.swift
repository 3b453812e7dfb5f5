// Numbers parsed from bytes agree with Swift's own parsing, bit for bit.

import Testing
@testable import XMLCodableCore

@Suite("Scalar parsing")
struct ScalarParsingTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func fastDecimalPathAgreesWithSwiftsParser() {
        var generator = Generator(state: 42)
        for _ in 0..<20_000 {
            let digits = Int(generator.next() % 17) + 1
            var text = generator.next() % 2 == 0 ? "-" : ""
            var body = ""
            for _ in 0..<digits { body += String(generator.next() % 10) }
            let point = Int(generator.next() % UInt64(digits + 1))
            if point < digits { body.insert(".", at: body.index(body.startIndex, offsetBy: point)) }
            if body.hasPrefix(".") { body = "0" + body }
            text += body
            let expected = Double(text)
            let parsed =
                text.utf8.withContiguousStorageIfAvailable {
                    ScalarParsing.floatingPoint(UncheckedBytes($0), as: Double.self)
                } ?? nil
            #expect(parsed?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }

    @Test(arguments: [
        "0", "-0", "0.1", "51.3458666", "-0.2474888", "123456789012345", "0.000000000000000000001", "9007199254740993",
        "1e5", "1.5E-3",
    ])
    func knownValues(_ text: String) {
        let parsed =
            text.utf8.withContiguousStorageIfAvailable {
                ScalarParsing.floatingPoint(UncheckedBytes($0), as: Double.self)
            } ?? nil
        #expect(parsed?.bitPattern == Double(text)?.bitPattern)
    }
}
