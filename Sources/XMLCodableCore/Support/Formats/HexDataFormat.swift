// HexDataFormat: one of the data formats a property can choose with `@Formatted<…>` (the family,
// with an example of each, is described in Base64DataFormat.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hexadecimal, two digits a byte: `c0ffee` for the bytes C0 FF EE.
///
/// Writes lowercase digits. Reads digits in either case; an odd number of digits, or anything
/// else between them, is refused.
public enum HexDataFormat: XMLDataFormat {
    /// `hexadecimal (two digits a byte) such as "c0ffee"`.
    public static var formatDescription: String { #"hexadecimal (two digits a byte) such as "c0ffee""# }

    /// The data as lowercase hexadecimal digits.
    public static func string(from value: Data) -> String? {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(value.count * 2)
        for byte in value {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of hexadecimal text.
    public static func value(from text: String) -> Data? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var data = Data(capacity: utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    /// The value of a hexadecimal digit, in either case.
    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
