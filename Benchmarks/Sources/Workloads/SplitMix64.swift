// SplitMix64: the small, fixed pseudo-random generator behind every generated workload.
//
// The workloads must be byte-for-byte identical on every machine and every run, so they use
// neither Foundation's nor the standard library's random sources (both are seeded from the
// system). SplitMix64 (Steele, Lea and Flood, 2014) is a handful of arithmetic operations,
// passes BigCrush, and is trivially reproducible from its 64-bit seed.

/// A deterministic 64-bit pseudo-random generator (SplitMix64).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole output is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`, without the standard library's `random(in:)` (whose algorithm
    /// is not promised to stay the same across Swift versions).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        // Lemire's multiply-shift; the tiny bias is irrelevant for generating test data.
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A value in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// One element of `array`.
    public mutating func pick<T>(_ array: [T]) -> T {
        array[below(array.count)]
    }

    /// `true` with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }
}
