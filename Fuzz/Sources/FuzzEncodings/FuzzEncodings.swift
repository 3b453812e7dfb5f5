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
//   cd Fuzz && swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product FuzzEncodings
//   .build/release/FuzzEncodings -max_total_time=600 -max_len=512 corpus-encodings seeds-encodings
//
// The file is not `main.swift`: libFuzzer provides `main`.

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
    let expected = inMemory(bytes)
    var seed: UInt64 = 0x5EED_E4C0 ^ UInt64(size)
    for byte in input.prefix(16) { seed = seed &* 31 &+ UInt64(byte) }
    let got = pushed(bytes, seed: seed)
    if got != expected {
        let index = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
        fatalError(
            "\(label): chunked reading differs at line \(index) of the trace:\n  in memory: \(index < expected.count ? expected[index] : "(nothing)")\n  in chunks: \(index < got.count ? got[index] : "(nothing)")"
        )
    }
    return 0
}

/// The trace of a document read in memory.
private func inMemory(_ bytes: [UInt8]) -> [String] {
    do {
        var reader = try XMLReader(bytes)
        return trace(&reader) { _ in false }
    } catch {
        return [describe(error)]
    }
}

/// The trace of a document pushed in pieces of generated sizes.
private func pushed(_ bytes: [UInt8], seed: UInt64) -> [String] {
    var state = seed
    func nextSize() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let r = Int(truncatingIfNeeded: state >> 33)
        switch r % 8 {
        case 0: return 1
        case 1: return bytes.count
        default: return 1 + r % 64
        }
    }
    var reader = XMLReader.incremental()
    var offset = 0
    return trace(&reader) { (reader: inout XMLReader) throws(XMLParsingError) -> Bool in
        if offset >= bytes.count {
            try reader.finishInput()
            return true
        }
        let end = min(bytes.count, offset + nextSize())
        try reader.append(bytes[offset..<end])
        offset = end
        return true
    }
}

/// Every event, one line each (adjacent text joined, as it may arrive in pieces), ending with
/// "end" or the error. Text reported just before an error is left out: read in pieces, the start
/// of a run that holds the error may be reported first.
private func trace(_ reader: inout XMLReader, feed: (inout XMLReader) throws(XMLParsingError) -> Bool) -> [String] {
    var lines: [String] = []
    var text: String?
    do {
        while true {
            guard let event = try reader.next() else {
                if reader.needsInput, try feed(&reader) { continue }
                break
            }
            if case .text(let slice) = event {
                text = (text ?? "") + reader.string(slice)
                continue
            }
            if let pending = text { lines.append("text \(pending.debugDescription)") }
            text = nil
            switch event {
            case .startElement(let name):
                var line = "start \(reader.string(name)) at \(reader.location(of: name.qualified))"
                for attribute in reader.attributes {
                    line += " \(reader.string(attribute.name))=\(reader.string(attribute.value).debugDescription)"
                }
                lines.append(line)
            case .endElement(let name):
                lines.append("end \(reader.string(name))")
            case .cdata(let slice):
                lines.append("cdata \(reader.string(slice).debugDescription)")
            case .comment(let slice):
                lines.append("comment \(reader.string(slice).debugDescription)")
            case .processingInstruction(let target, let data):
                lines.append("pi \(reader.string(target)) \(reader.string(data).debugDescription)")
            case .doctype(let name):
                lines.append("doctype \(reader.string(name))")
            case .text:
                break
            }
        }
        if let pending = text { lines.append("text \(pending.debugDescription)") }
        lines.append("end")
    } catch {
        lines.append(describe(error))
    }
    return lines
}

private func describe(_ error: XMLParsingError) -> String {
    if error.reason == .invalidUTF8 { fatalError("the transcoded text is not UTF-8: \(error)") }
    return "error \(error.reason) at \(error.line):\(error.column) offset \(error.offset)"
}
