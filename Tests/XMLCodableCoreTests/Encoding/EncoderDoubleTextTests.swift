// The text the encoder writes for a `Double` is its `description`, byte for byte, whichever way
// the tree makes it: a value of at most 15 significant digits between 0.0001 and 10^15 by
// scaling to an integer (`XMLEncodedTree.appendShortDecimal`), any other through the standard
// library. These tests compare the two with `description` over seeded random decimals of 1 to 17
// digits at every scale, their neighbouring doubles, random bit patterns, coordinates written
// with seven decimals, and the edges of the short path (0.0001, 10^15, 15 and 16 digits).
//
// For example 51.5123456 is written `51.5123456`, 3.0 `3.0`, 1e-05 `1e-05` and 0.1 + 0.2
// `0.30000000000000004`.

import Testing
@testable import XMLCodableCore

@Suite struct EncoderDoubleTextTests {
    /// The text the tree writes for each value, and its `description`, for those that differ.
    private func mismatches(_ values: [Double]) -> [(written: String, description: String)] {
        let tree = XMLEncodedTree()
        var found: [(written: String, description: String)] = []
        for value in values where value.isFinite {
            let written = tree.string(tree.append(finite: value))
            if written != value.description { found.append((written, value.description)) }
        }
        return found
    }

    @Test func randomDecimalsAndTheirNeighboursAreWrittenAsDescribed() {
        var random = SplitMix64(seed: 36)
        var values: [Double] = []
        for _ in 0..<20_000 {
            let digitCount = Int.random(in: 1...17, using: &random)
            var digits: UInt64 = 0
            for _ in 0..<digitCount { digits = digits &* 10 &+ UInt64.random(in: 0...9, using: &random) }
            let exponent = Int.random(in: -22...18, using: &random)
            guard let value = Double("\(digits)e\(exponent)") else { continue }
            values += [value, -value, value.nextUp, value.nextDown]
        }
        #expect(mismatches(values).isEmpty, "\(mismatches(values).prefix(5))")
    }

    @Test func randomBitPatternsAndCoordinatesAreWrittenAsDescribed() {
        var random = SplitMix64(seed: 37)
        var values: [Double] = []
        // From 2^-15 to 2^53: past both edges of the short path.
        let patterns: ClosedRange<UInt64> = 0x3F00_0000_0000_0000...0x4340_0000_0000_0000
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: UInt64.random(in: patterns, using: &random)))
            let sevenDecimals = Int.random(in: -1_800_000_000...1_800_000_000, using: &random)
            values.append(Double(sevenDecimals) / 10_000_000)
        }
        #expect(mismatches(values).isEmpty, "\(mismatches(values).prefix(5))")
    }

    @Test func theEdgesOfTheShortPathAreWrittenAsDescribed() {
        let edges: [Double] = [
            0, 1, 3, 100, 0.1, 0.5, 0.3, 0.1 + 0.2, 0.0001, 0.0001.nextUp, 0.0001.nextDown, 0.00012345, 0.00001,
            1e15, 1e15.nextDown, 999_999_999_999_999, 99_999_999_999_999.9, 123_456_789_012_345, 12_345_678_901_234.5,
            1_234_567_890_123_456, 9_007_199_254_740_992, 2.0.squareRoot(), 51.5123456, -0.1234567, 1e-3, 5e-4,
            Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, Double.ulpOfOne,
        ]
        #expect(mismatches(edges + edges.map { -$0 }).isEmpty, "\(mismatches(edges + edges.map { -$0 }))")
    }
}
