// Base64DataFormat, and an overview of the data formats (HexDataFormat is beside this file).
//
// The data formats a property can choose with `@Formatted<…>`: base64 and hexadecimal, XML
// Schema's two forms of binary data (xs:base64Binary, xs:hexBinary).
//
// Base64 in XML documents is often wrapped over lines of 64 or 76 characters, so white space
// inside it is skipped; anything else that is not base64 (a wrong character, missing padding, a
// length that is not a multiple of four) is refused. Hexadecimal is written in lowercase and read
// in either case; its text must be pairs of hex digits with nothing between them. For example the
// bytes 0xC0 0xFF 0xEE:
//
//     Base64DataFormat   wP/u                      (reads "wP/u", "wP\n/u"; "wP/" is refused)
//     HexDataFormat      c0ffee                    (reads "c0ffee", "C0FFEE"; "c0ffe" is refused)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 (RFC 4648, with padding): `wP/u` for the bytes C0 FF EE.
///
/// Writes one line, with no line breaks. Reads base64 with white space anywhere in it, as
/// documents wrap long values over several lines; other characters, or missing padding, are
/// refused.
public enum Base64DataFormat: XMLDataFormat {
    /// `base64 such as "wP/u"`.
    public static var formatDescription: String { #"base64 such as "wP/u""# }

    /// The data in base64, on one line.
    public static func string(from value: Data) -> String? { value.base64EncodedString() }

    /// The bytes of base64 text, white space ignored.
    public static func value(from text: String) -> Data? {
        // Decoded here rather than by `Data(base64Encoded:)`, which reads `====` as one zero byte
        // and ignores a fifth `=`: groups of four characters, `=` only to pad the last group.
        let characters = text.utf8.filter { !ScalarParsing.isSpace($0) }
        guard characters.count % 4 == 0 else { return nil }
        var data = Data(capacity: characters.count / 4 * 3)
        let pad = UInt8(ascii: "=")
        var group = 0
        while group < characters.count {
            // One or two `=` end the last group; anywhere else `=` is not base64.
            let padding =
                group + 4 < characters.count || characters[group + 3] != pad ? 0 : characters[group + 2] != pad ? 1 : 2
            var bits: UInt32 = 0
            for offset in 0..<4 {
                guard offset < 4 - padding else {
                    bits <<= 6
                    continue
                }
                guard let value = sextet(characters[group + offset]) else { return nil }
                bits = bits << 6 | UInt32(value)
            }
            data.append(UInt8(truncatingIfNeeded: bits >> 16))
            if padding < 2 { data.append(UInt8(truncatingIfNeeded: bits >> 8)) }
            if padding < 1 { data.append(UInt8(truncatingIfNeeded: bits)) }
            group += 4
        }
        return data
    }

    /// The six bits a base64 character stands for.
    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
