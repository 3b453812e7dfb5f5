// FuzzEncodings: the libFuzzer target for the legacy-encoding decoders (LegacyDecoder*.swift).
// The input's first byte picks an encoding — each multi-byte one (Shift_JIS, EUC-JP, ISO-2022-JP,
// EUC-KR, Big5, GBK, gb18030), two single-byte ones, and UTF-32 — and the rest is the content of
// a document declared in it:
//
//     <?xml version="1.0" encoding="Shift_JIS"?><a>REST</a>
//
// (for UTF-32 the same text, its ASCII widened, with REST as raw bytes). The document is read in
// memory and pushed in pieces of generated sizes (1 to 64 bytes, sometimes one, sometimes the
// rest), so a multi-byte character or an escape sequence falls across every kind of boundary.
// Traps (`fatalError`) when:
//   - the two readings differ (events, text, or the error with its reason, line, column, offset);
//   - the reader reports invalid UTF-8: the scanner checks the transcoded text like any UTF-8
//     input, so a decoder that emitted a byte sequence that is not UTF-8 shows up as
//     `.invalidUTF8` — the one error a transcoded document can never legitimately have;
//   - or on any crash or sanitizer report.
//
//   cd Fuzz && XMLCODABLE_INTERNAL_CHECKS=1 swift build -c release --sanitize=fuzzer \
//       -Xswiftc -sanitize=fuzzer,address --product FuzzEncodings
//   .build/release/FuzzEncodings -max_total_time=600 -max_len=512 corpus-encodings seeds-encodings
//
// The file is not `main.swift`: libFuzzer provides `main`.

import FuzzSupport
import XMLCodable

/// The encodings, by the input's first byte (modulo their count).
private let labels = ["Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "Big5", "GBK", "gb18030", "windows-1253", "IBM855", "UTF-32LE", "UTF-32BE"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: data, count: size))
    let label = labels[Int(input[0]) % labels.count]
    let content = input.dropFirst()
    let bytes: [UInt8]
    if label.hasPrefix("UTF-32") {
        let bigEndian = label.hasSuffix("BE")
        func wide(_ text: String) -> [UInt8] {
            text.utf8.flatMap { bigEndian ? [0, 0, 0, $0] : [$0, 0, 0, 0] }
        }
        bytes = wide("<?xml version=\"1.0\" encoding=\"\(label)\"?><a>") + content + wide("</a>")
    } else {
        bytes = Array("<?xml version=\"1.0\" encoding=\"\(label)\"?><a>".utf8) + content + Array("</a>".utf8)
    }
    let expected = inMemory(bytes, transcoded: true)
    var seed: UInt64 = 0x5EED_E4C0 ^ UInt64(size)
    for byte in input.prefix(16) { seed = seed &* 31 &+ UInt64(byte) }
    let got = pushed(bytes, seed: seed, transcoded: true)
    if let difference = firstDifference(inMemory: expected, inChunks: got) { fatalError("\(label): \(difference)") }
    return 0
}
