// Shared helpers for the tests of reading in chunks: a trace of everything a reader reports, so
// that a document read in memory and the same document fed in chunks can be compared exactly.

import Foundation
import Testing
@testable import XMLCodableReader

enum ReaderTrace {
    /// Everything a reader reports for a document, one line per event (adjacent text events
    /// joined, since text may arrive in pieces), ending with "end" or the error with its place.
    static func trace(
        _ reader: inout XMLReader, feed: (inout XMLReader) throws(XMLParsingError) -> Bool = { _ in false }
    ) -> [String] {
        var lines: [String] = []
        var text: String?
        func flushText() {
            if let pending = text { lines.append("text \(pending.debugDescription)") }
            text = nil
        }
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
                flushText()
                if let line = describe(event, reader) { lines.append(line) }
            }
            flushText()
            lines.append("end; declaration \(String(describing: reader.declaration))")
        } catch {
            // Text read in pieces may have reported the start of a run in which the error is; in
            // memory, the run is one event, and the error comes first. Either way nothing is
            // reported from beyond the error, so the part before it is left out of the trace.
            text = nil
            lines.append("error \(error.reason) at \(error.line):\(error.column) offset \(error.offset)")
        }
        return lines
    }

    /// The line of one event (other than text) in a trace.
    static func describe(_ event: XMLEvent, _ reader: XMLReader) -> String? {
        switch event {
        case .startElement(let name):
            let attributes = reader.attributes.map {
                "\(reader.string($0.name))=\(reader.string($0.value).debugDescription)\($0.isDefaulted ? "(default)" : "")\(reader.namespaceURI($0.name).map { "{\($0)}" } ?? "")"
            }
            let uri = reader.namespaceURI(name).map { "{\($0)}" } ?? ""
            return
                "start \(reader.string(name))\(uri) \(attributes.joined(separator: " ")) at \(reader.location(of: name.qualified))"
        case .endElement(let name):
            return "end \(reader.string(name))"
        case .cdata(let slice):
            return "cdata \(reader.string(slice).debugDescription)"
        case .comment(let slice):
            return "comment \(reader.string(slice).debugDescription)"
        case .processingInstruction(let target, let data):
            return "pi \(reader.string(target)) \(reader.string(data).debugDescription)"
        case .doctype(let name):
            return "doctype \(reader.string(name)) \(String(describing: reader.doctype))"
        case .text:
            return nil
        }
    }

    /// `trace(_:)` for a reader over an asynchronous sequence, read with `await reader.next()`.
    static func asyncTrace(_ reader: inout XMLReader) async -> [String] {
        var lines: [String] = []
        var text: String?
        do {
            while let event = try await reader.next() {
                if case .text(let slice) = event {
                    text = (text ?? "") + reader.string(slice)
                    continue
                }
                if let pending = text { lines.append("text \(pending.debugDescription)") }
                text = nil
                if let line = describe(event, reader) { lines.append(line) }
            }
            if let pending = text { lines.append("text \(pending.debugDescription)") }
            lines.append("end; declaration \(String(describing: reader.declaration))")
        } catch {
            lines.append("error \(error.reason) at \(error.line):\(error.column) offset \(error.offset)")
        }
        return lines
    }

    /// The trace of a document read in memory.
    static func inMemory(_ bytes: [UInt8], options: XMLReader.Options = XMLReader.Options()) -> [String] {
        do {
            var reader = try XMLReader(bytes, options: options)
            return trace(&reader)
        } catch {
            return ["error \(error.reason) at \(error.line):\(error.column) offset \(error.offset)"]
        }
    }

    /// The trace of a document pushed into an incremental reader `chunkSize` bytes at a time.
    static func pushed(_ bytes: [UInt8], chunkSize: Int, options: XMLReader.Options = XMLReader.Options()) -> [String] {
        var reader = XMLReader.incremental(options: options)
        var offset = 0
        return trace(&reader) { (reader: inout XMLReader) throws(XMLParsingError) -> Bool in
            if offset >= bytes.count {
                try reader.finishInput()
                return true
            }
            let end = min(bytes.count, offset + chunkSize)
            try reader.append(bytes[offset..<end])
            offset = end
            return true
        }
    }

    /// The trace of a document pushed into an incremental reader in the given pieces.
    static func pushed(pieces: [[UInt8]]) -> [String] {
        var reader = XMLReader.incremental()
        var remaining = pieces[...]
        return trace(&reader) { (reader: inout XMLReader) throws(XMLParsingError) -> Bool in
            guard let piece = remaining.popFirst() else {
                try reader.finishInput()
                return true
            }
            try reader.append(piece)
            return true
        }
    }
}
