// The W3C XML Conformance Test Suite read in chunks: each selected document, fed to an incremental
// reader in chunks of 1, 7 and 4096 bytes, must give exactly what the in-memory reader gives — the
// same events (text joined, since it may arrive in pieces), the same attributes and namespace URIs,
// the same element positions, and the same error with the same line, column and offset — and so
// the same verdict. Skipped with a message when the suite is absent, like ConformanceSuiteTests.

import Foundation
import Testing
@testable import XMLCodableReader

@Suite(.enabled(if: XMLConf.isAvailable, XMLConf.skipMessage))
struct StreamingConformanceTests {
    @Test(arguments: [1, 7, 4096])
    func chunkedReadingMatchesInMemoryReading(_ chunkSize: Int) throws {
        let selected = try XMLConf.catalog().selected
        var failures: [String] = []
        for test in selected {
            let bytes = try XMLConfCatalog.readFile(test.inputFile)
            let expected = ReaderTrace.inMemory(bytes)
            let got = ReaderTrace.pushed(bytes, chunkSize: chunkSize)
            if got != expected {
                let index =
                    (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] }
                    ?? min(got.count, expected.count)
                failures.append(
                    "\(test.id) \(XMLConfTest.relativePath(test.inputFile, suite: XMLConf.directory)): line \(index)\n"
                        + "    in memory: \(index < expected.count ? expected[index] : "(nothing)")\n"
                        + "    in chunks: \(index < got.count ? got[index] : "(nothing)")")
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(selected.count) documents read differently in chunks of \(chunkSize):\n\(failures.prefix(20).joined(separator: "\n"))"
        )
    }
}
