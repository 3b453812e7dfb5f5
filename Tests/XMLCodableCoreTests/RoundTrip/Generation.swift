// Seeded generation for the generated round trips (GeneratedModelRoundTripTests) and the
// structured decoder fuzzer (Fuzz/Sources/FuzzStructured, which compiles this file and
// GeneratedShapes.swift through links): a seedable generator and strings of every kind XML 1.0
// can carry. Only the standard library here, so that both packages compile it as it is.

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, seedable generator, so that every
/// generated case can be reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Whether XML 1.0 can carry the scalar (the `Char` production).
func isXMLChar(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
        || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
}

/// Strings of every kind XML 1.0 can carry, markup characters and white space included.
struct StringGenerator {
    static let specials = [
        "&", "<", ">", "]]>", "]]", "\"", "'", "\r", "\n", "\r\n", "\t", " ", "  ",
        "&amp;", "&#13;", "<![CDATA[", "<a>", "-->", "?>", "\u{85}", "\u{2028}", "\u{FEFF}",
    ]

    static func scalar(_ rng: inout SplitMix64) -> Unicode.Scalar {
        while true {
            let value: UInt32
            switch rng.next() % 8 {
            case 0, 1: value = UInt32.random(in: 0x20...0x7E, using: &rng)  // ASCII
            case 2: value = UInt32.random(in: 0xA0...0x24F, using: &rng)  // Latin
            case 3: value = UInt32.random(in: 0x300...0x36F, using: &rng)  // combining marks
            case 4: value = UInt32.random(in: 0x370...0xD7FF, using: &rng)  // rest of the BMP
            case 5: value = UInt32.random(in: 0xE000...0xFFFD, using: &rng)  // private use, specials
            case 6: value = UInt32.random(in: 0x1F300...0x1FAFF, using: &rng)  // emoji
            default: value = UInt32.random(in: 0x10000...0x10FFFF, using: &rng)  // astral planes
            }
            if isXMLChar(value), let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    /// A random string: pieces of random scalars and specials, then a white-space layout
    /// (none, leading, trailing, both, only white space, empty).
    static func string(_ rng: inout SplitMix64) -> String {
        var text = ""
        let pieces = Int.random(in: 0...8, using: &rng)
        for _ in 0..<pieces {
            if rng.next() % 3 == 0 {
                text += specials.randomElement(using: &rng)!
            } else {
                for _ in 0..<Int.random(in: 1...6, using: &rng) { text.unicodeScalars.append(scalar(&rng)) }
            }
        }
        let spaces = ["", " ", "  ", "\t", "\n", "\r\n", "\r", " \t\n "]
        switch rng.next() % 8 {
        case 0: text = spaces.randomElement(using: &rng)! + text
        case 1: text += spaces.randomElement(using: &rng)!
        case 2: text = spaces.randomElement(using: &rng)! + text + spaces.randomElement(using: &rng)!
        case 3: text = spaces.randomElement(using: &rng)! + spaces.randomElement(using: &rng)!
        case 4: text = ""
        default: break
        }
        return text
    }
}
