// FuzzChunks: the libFuzzer target for reading in chunks. Each input is read twice — in memory,
// and pushed into an incremental reader (`XMLReader.incremental()`) in pieces whose sizes come
// from a generator seeded by the input itself (1 to 64 bytes, sometimes a single byte, sometimes
// everything left) — and the two readings must report the same thing: the same events (text
// joined, since it may arrive in pieces), names, attributes with their flags and namespace URIs,
// element positions, and the same error with the same reason, line, column and offset. The
// second round reads both ways with HTML's entities on (`undeclaredEntityReplacements = .html`),
// so that replacements of undeclared references cut between pieces are compared too. A
// difference traps (`fatalError`, with the first differing line), as does a crash or a sanitizer
// report.
//
//   cd Fuzz && swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
//   .build/release/FuzzChunks -dict=xml.dict -max_total_time=600 corpus-chunks seeds
//
// The file is not `main.swift`: libFuzzer provides `main`.

import XMLCodable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    var seed: UInt64 = 0xC4A1_4B5D ^ UInt64(size)
    for byte in bytes.prefix(16) { seed = seed &* 31 &+ UInt64(byte) }
    for round in 0..<2 {
        let options = round == 0 ? XMLReader.Options() : XMLReader.Options(undeclaredEntityReplacements: .html)
        let expected = inMemory(bytes, options: options)
        let got = pushed(bytes, seed: seed &+ UInt64(round), options: options)
        if got != expected {
            let index = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
            // fatalError, not preconditionFailure: a release build drops a precondition's message.
            fatalError(
                "chunked reading differs at line \(index) of the trace:\n  in memory: \(index < expected.count ? expected[index] : "(nothing)")\n  in chunks: \(index < got.count ? got[index] : "(nothing)")"
            )
        }
    }
    return 0
}

/// The trace of a document read in memory.
private func inMemory(_ bytes: [UInt8], options: XMLReader.Options) -> [String] {
    do {
        var reader = try XMLReader(bytes, options: options)
        return trace(&reader) { _ in false }
    } catch {
        return [describe(error)]
    }
}

/// The trace of a document pushed in pieces of generated sizes.
private func pushed(_ bytes: [UInt8], seed: UInt64, options: XMLReader.Options) -> [String] {
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
    var reader = XMLReader.incremental(options: options)
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

/// Everything a reader reports, one line per event (adjacent text joined), ending with "end" or
/// the error. Text reported just before an error is left out: read in pieces, the start of a
/// run that holds the error may be reported first.
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
                var line = "start \(reader.string(name)) \(reader.namespaceURI(name) ?? "-") at \(reader.location(of: name.qualified))"
                for attribute in reader.attributes {
                    line += " \(reader.string(attribute.name))=\(reader.string(attribute.value).debugDescription)"
                    line += "\(attribute.isDefaulted ? "d" : "")\(attribute.isNamespaceDeclaration ? "n" : "")\(reader.namespaceURI(attribute.name) ?? "")"
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
                lines.append("doctype \(reader.string(name)) \(String(describing: reader.doctype))")
            case .text:
                break
            }
        }
        if let pending = text { lines.append("text \(pending.debugDescription)") }
        lines.append("end \(String(describing: reader.declaration))")
    } catch {
        lines.append(describe(error))
    }
    return lines
}

private func describe(_ error: XMLParsingError) -> String {
    "error \(error.reason) at \(error.line):\(error.column) offset \(error.offset)"
}
