// FuzzSupport: what the fuzz targets that compare a document read in memory with the same
// document pushed in pieces share (FuzzChunks, FuzzEncodings): the two readings, each as a trace
// of lines, and the first line where two traces differ.
//
//     let expected = inMemory(bytes)                  // ["start a - at 1:1", "text \"x\"", "end a", "end nil"]
//     let got = pushed(bytes, seed: 42)               // the same document in pieces of 1…64 bytes
//     if let difference = firstDifference(expected, got) { fatalError(difference) }

import XMLCodable

/// Where two traces first differ, as a message, or nil when they are the same.
public func firstDifference(inMemory expected: [String], inChunks got: [String]) -> String? {
    guard got != expected else { return nil }
    let index = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
    let inMemory = index < expected.count ? expected[index] : "(nothing)"
    let inChunks = index < got.count ? got[index] : "(nothing)"
    return "chunked reading differs at line \(index) of the trace:\n  in memory: \(inMemory)\n  in chunks: \(inChunks)"
}

/// The trace of a document read in memory.
///
/// With `transcoded`, the document is in an encoding the reader transcodes to UTF-8, and an
/// `invalidUTF8` error traps: a decoder wrote bytes that are not UTF-8.
public func inMemory(_ bytes: [UInt8], options: XMLReader.Options = XMLReader.Options(), transcoded: Bool = false) -> [String] {
    do {
        var reader = try XMLReader(bytes, options: options)
        return trace(&reader, transcoded: transcoded) { _ in false }
    } catch {
        return [describe(error, transcoded: transcoded)]
    }
}

/// The trace of a document pushed in pieces of generated sizes.
public func pushed(_ bytes: [UInt8], seed: UInt64, options: XMLReader.Options = XMLReader.Options(), transcoded: Bool = false) -> [String] {
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
    return trace(&reader, transcoded: transcoded) { (reader: inout XMLReader) throws(XMLParsingError) -> Bool in
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
func trace(_ reader: inout XMLReader, transcoded: Bool, feed: (inout XMLReader) throws(XMLParsingError) -> Bool) -> [String] {
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
        lines.append(describe(error, transcoded: transcoded))
    }
    return lines
}

func describe(_ error: XMLParsingError, transcoded: Bool) -> String {
    // The one error transcoded text can never have: a decoder wrote bytes that are not UTF-8.
    if transcoded, error.reason == .invalidUTF8 { fatalError("the transcoded text is not UTF-8: \(error)") }
    return "error \(error.reason) at \(error.line):\(error.column) offset \(error.offset)"
}
