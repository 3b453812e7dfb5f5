// Replays the fuzzer's seed corpus (Fuzz/seeds/) and every saved fuzzing finding
// (Fuzz/regressions/) through the reader on each `swift test`, so an input that once crashed or
// hung the reader is checked forever after, without building the fuzzer.
//
// Design: the outcome of each input does not matter here (most findings are malformed, and
// XMLParsingError is the right answer for them); what matters is that reading ends, without a
// crash, within a bounded number of events, by both initializers the fuzz target uses, and that
// every slice an event carries can be decoded. The files are found from #filePath, so the test
// needs no resources declared in Package.swift.

import Foundation
import Testing
@testable import XMLCodableReader

@Suite("Saved inputs: every seed and fuzzing finding read to its end")
struct SavedInputReplayTests {
    /// Package-relative paths of every seed and saved finding, sorted.
    static let inputs: [String] = {
        var paths: [String] = []
        for directory in ["Fuzz/seeds", "Fuzz/regressions"] {
            let names =
                (try? FileManager.default.contentsOfDirectory(
                    atPath: packageRoot.appendingPathComponent(directory).path)) ?? []
            paths += names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.map { "\(directory)/\($0)" }
        }
        return paths.sorted()
    }()

    /// The package's root directory (this file is Tests/XMLCodableReaderTests/Reader/SavedInputReplayTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func seedsArePresent() {
        #expect(Self.inputs.contains { $0.hasPrefix("Fuzz/seeds/") })
    }

    @Test(arguments: inputs)
    func readerEndsOnInput(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.packageRoot.appendingPathComponent(path)))
        #expect(drain(try? XMLReader(bytes)) < Self.eventLimit, "\(path): too many events; is the reader looping?")
        let namespaceless = XMLReader.Options(shouldProcessNamespaces: false)
        let count = bytes.withUnsafeBytes { buffer in drain(try? XMLReader(unsafeBytes: buffer, options: namespaceless))
        }
        #expect(count < Self.eventLimit, "\(path): too many events; is the reader looping?")
    }

    /// Read in chunks of a few sizes, every input gives what it gives in memory (FuzzChunks'
    /// property; its findings are kept in Fuzz/regressions as chunks-*.bin).
    @Test(arguments: inputs)
    func chunkedReadingMatchesOnInput(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.packageRoot.appendingPathComponent(path)))
        let expected = ReaderTrace.inMemory(bytes)
        for chunkSize in [1, 2, 3, 5, 7, 64] {
            #expect(ReaderTrace.pushed(bytes, chunkSize: chunkSize) == expected, "\(path) in chunks of \(chunkSize)")
        }
    }

    /// More events than any seed or finding can honestly produce (they are all small).
    static let eventLimit = 1_000_000

    /// Pulls events until the end, an error or the limit; decodes what each event carries.
    /// Returns the number of events read.
    private func drain(_ reader: XMLReader?) -> Int {
        guard var reader else { return 0 }
        var events = 0
        while events < Self.eventLimit, let event = try? reader.next() {
            events += 1
            switch event {
            case .startElement(let name):
                _ = reader.string(name)
                for attribute in reader.attributes {
                    _ = reader.string(attribute.name)
                    _ = reader.string(attribute.value)
                }
            case .endElement(let name):
                _ = reader.string(name)
            case .text(let slice), .cdata(let slice), .comment(let slice), .doctype(name: let slice):
                _ = reader.string(slice)
            case .processingInstruction(let target, let data):
                _ = reader.string(target)
                _ = reader.string(data)
            }
        }
        return events
    }
}
