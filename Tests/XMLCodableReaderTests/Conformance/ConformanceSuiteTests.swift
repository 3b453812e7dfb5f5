// ConformanceSuiteTests: runs XMLReader over the W3C XML Conformance Test Suite (xmlconf).
//
// Selection: the tests a non-validating XML 1.0 (5th edition) + Namespaces 1.0 processor that
// reads no external entities must get right (see `XMLConfTest.isSelected`): 1,718 tests, of which
// 594 valid, 173 invalid and 951 not-wf. (xmlconf/README.md counts 1,736 because it keeps the 9
// TYPE="error" tests, whose outcome is optional, and the 9 NAMESPACE="no" tests, which a
// namespace-aware reader must reject although they are well-formed XML 1.0.)
//
// Verdicts: valid and invalid documents must be read to the end without an error; not-wf ones
// must make `XMLReader.init` or `next()` throw. Canonical output: for the 261 selected tests with
// an OUTPUT file, the reader's events written by `CanonicalWriter` must equal the file byte for
// byte. Known failures are listed, with reasons, in `ConformanceExpectedFailures`. Also: the 9
// NAMESPACE="no" tests must be accepted with `shouldProcessNamespaces: false`.
//
// Each of the two checks is one @Test that collects every failure into one issue, so a run does
// not produce 1,718 test results. Environment:
//   XMLCONF_DIR=/path/to/xmlconf   where the suite is (default: ../shared/xmlconf from the package root)
//   XMLCONF_TRACE=1                print each test ID before reading it (to find a crash or hang)
//   XMLCONF_REPORT=/path/file.tsv  write every selected test's outcome as tab-separated lines
//
// Without the suite these tests are skipped (not failed), with a message saying so.

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation
import Testing
@testable import XMLCodableCore
@testable import XMLCodableReader
import XMLCodableTestSupport

@Suite(.enabled(if: XMLConf.isAvailable, XMLConf.skipMessage))
struct ConformanceSuiteTests {
    static let expectedSelectedCount = 1_718

    // MARK: The harness

    /// The catalogs hold the number of TESTs xmlconf/README.md lists for each, and the selection
    /// has the expected size and breakdown.
    @Test func catalogCounts() throws {
        let catalog = try XMLConf.catalog()
        let expectedPerCatalog: [String: Int] = [
            "xmltest/xmltest.xml": 365,
            "japanese/japanese.xml": 12,
            "sun/sun-valid.xml": 28, "sun/sun-invalid.xml": 74, "sun/sun-not-wf.xml": 56, "sun/sun-error.xml": 1,
            "oasis/oasis.xml": 348,
            "ibm/ibm_oasis_valid.xml": 149, "ibm/ibm_oasis_invalid.xml": 48, "ibm/ibm_oasis_not-wf.xml": 731,
            "ibm/xml-1.1/ibm_valid.xml": 53, "ibm/xml-1.1/ibm_invalid.xml": 2, "ibm/xml-1.1/ibm_not-wf.xml": 153,
            "eduni/errata-2e/errata2e.xml": 34,
            "eduni/errata-3e/errata3e.xml": 13,
            "eduni/errata-4e/errata4e.xml": 393,
            "eduni/xml-1.1/xml11.xml": 57,
            "eduni/namespaces/1.0/rmt-ns10.xml": 48,
            "eduni/namespaces/1.1/rmt-ns11.xml": 8,
            "eduni/namespaces/errata-1e/errata1e.xml": 3,
            "eduni/misc/ht-bh.xml": 9,
        ]
        #expect(catalog.testsPerCatalog == expectedPerCatalog)
        #expect(catalog.tests.count == 2_585)

        let selected = catalog.selected
        #expect(selected.count == Self.expectedSelectedCount)
        let byType = Dictionary(grouping: selected, by: \.type).mapValues(\.count)
        #expect(byType == ["valid": 594, "invalid": 173, "not-wf": 951])
        #expect(selected.filter { $0.outputFile != nil }.count == 261)

        // README's 1,736 = the selection + 9 TYPE="error" + 9 NAMESPACE="no" (7 valid, 2 invalid).
        let applicable = catalog.tests.filter { test in
            var relaxed = test
            relaxed.type = test.type == "error" ? "valid" : test.type
            relaxed.namespace = "yes"
            return relaxed.isSelected
        }
        #expect(applicable.count == 1_736)
        print(
            "conformance: selected \(selected.count) of \(catalog.tests.count) tests "
                + "(valid \(byType["valid"] ?? 0), invalid \(byType["invalid"] ?? 0), not-wf \(byType["not-wf"] ?? 0))")
    }

    /// Every selected input and output file exists, and a few resolve where they should: including
    /// eduni/misc, where resolving against the master's xml:base would be wrong.
    @Test func pathResolution() throws {
        let catalog = try XMLConf.catalog()
        let suite = XMLConf.directory
        var missing: [String] = []
        for test in catalog.tests {
            for file in [test.inputFile] + (test.outputFile.map { [$0] } ?? [])
            where !FileManager.default.fileExists(atPath: file.path) {
                missing.append("\(test.id): \(file.path)")
            }
        }
        #expect(missing.isEmpty, "files named by the catalogs are missing:\n\(missing.joined(separator: "\n"))")

        let byID = Dictionary(uniqueKeysWithValues: catalog.tests.map { ($0.id, $0) })
        let expectations: [(id: String, input: String, output: String?)] = [
            ("valid-sa-001", "xmltest/valid/sa/001.xml", "xmltest/valid/sa/out/001.xml"),
            ("not-wf-sa-001", "xmltest/not-wf/sa/001.xml", nil),
            ("hst-bh-001", "eduni/misc/001.xml", nil),
            ("rmt-ns10-001", "eduni/namespaces/1.0/001.xml", nil),
            ("x-rmt-008b", "eduni/errata-4e/008.xml", nil),
            ("ibm-valid-P29-ibm29v01.xml", "ibm/valid/P29/ibm29v01.xml", "ibm/valid/P29/out/ibm29v01.xml"),
            ("o-p01pass2", "oasis/p01pass2.xml", nil),
            ("sa02", "sun/valid/sa02.xml", "sun/valid/out/sa02.xml"),
        ]
        for expectation in expectations {
            let test = try #require(byID[expectation.id], "test \(expectation.id) not in the catalog")
            #expect(XMLConfTest.relativePath(test.inputFile, suite: suite) == expectation.input, "\(expectation.id)")
            #expect(
                test.outputFile.map { XMLConfTest.relativePath($0, suite: suite) } == expectation.output,
                "\(expectation.id)")
        }
        #expect(catalog.catalogFiles.count == 21)
    }

    /// The expected-failure lists name only selected tests (a typo would otherwise hide nothing
    /// and never go stale).
    @Test func expectedFailureListsNameSelectedTests() throws {
        let selected = try XMLConf.catalog().selected
        let verdictIDs = Set(selected.map(\.id))
        let outputIDs = Set(selected.filter { $0.outputFile != nil }.map(\.id))
        let unknownVerdict = ConformanceExpectedFailures.verdict.keys.filter { !verdictIDs.contains($0) }.sorted()
        let unknownCanonical = ConformanceExpectedFailures.canonical.keys.filter { !outputIDs.contains($0) }.sorted()
        #expect(unknownVerdict.isEmpty, "ConformanceExpectedFailures.verdict names unselected tests: \(unknownVerdict)")
        #expect(
            unknownCanonical.isEmpty,
            "ConformanceExpectedFailures.canonical names tests without a selected OUTPUT: \(unknownCanonical)")
    }

    // MARK: The reader

    /// Valid and invalid documents are accepted, not-wf ones rejected.
    @Test func verdicts() throws {
        let selected = try XMLConf.catalog().selected
        #expect(selected.count == Self.expectedSelectedCount)
        var results: [ConformanceResult] = []
        for test in selected {
            trace(test)
            let bytes = try XMLConfCatalog.readFile(test.inputFile)
            let outcome = Self.read(bytes)
            let failure: String?
            switch (test.type, outcome) {
            case ("not-wf", .rejected):
                failure = nil
            case ("not-wf", .accepted):
                failure = "expected an error, reader accepted the document"
            case (_, .accepted):
                failure = nil
            case (_, .rejected(let error)):
                failure = "expected no error, reader threw: \(error)"
            case (_, .broken(let problem)):
                failure = "\(problem)"
            }
            results.append(ConformanceResult(test: test, failure: failure))
        }
        ConformanceResult.report(
            results, known: ConformanceExpectedFailures.verdict, check: "verdict", total: Self.expectedSelectedCount)
    }

    /// The reader's events, in canonical form, equal each selected test's OUTPUT file.
    @Test func canonicalOutput() throws {
        let withOutput = try XMLConf.catalog().selected.filter { $0.outputFile != nil }
        var results: [ConformanceResult] = []
        for test in withOutput {
            trace(test)
            let bytes = try XMLConfCatalog.readFile(test.inputFile)
            let expected = try XMLConfCatalog.readFile(test.outputFile!)
            let failure: String?
            do {
                let got = try CanonicalWriter.canonicalize(bytes)
                failure = got == expected ? nil : Self.describeMismatch(expected: expected, got: got)
            } catch {
                failure = "reader threw: \(error)"
            }
            results.append(ConformanceResult(test: test, failure: failure))
        }
        ConformanceResult.report(
            results, known: ConformanceExpectedFailures.canonical, check: "canonical output", total: withOutput.count)
    }

    /// The 9 tests left out of the selection only for NAMESPACE="no" (names such as `:attr` or
    /// `LegalName:` that are XML 1.0 names but not QNames) are well-formed XML 1.0, so a reader
    /// that does not process namespaces must accept them. (Whether a namespace-aware reader must
    /// reject each is not checked: o-p08pass1 is flagged only for a colon in an NMTOKENS value,
    /// which Namespaces 1.0 §7 allows.)
    @Test func namespaceUnawareVerdicts() throws {
        let tests = try XMLConf.catalog().tests.filter { test in
            var relaxed = test
            relaxed.namespace = "yes"
            return test.namespace == "no" && relaxed.isSelected
        }
        #expect(tests.count == 9)
        var failures: [String] = []
        for test in tests {
            trace(test)
            let bytes = try XMLConfCatalog.readFile(test.inputFile)
            if case .rejected(let error) = Self.read(bytes, options: XMLReader.Options(shouldProcessNamespaces: false))
            {
                failures.append(
                    "  \(test.id) [\(test.type)] \(XMLConfTest.relativePath(test.inputFile, suite: XMLConf.directory)): "
                        + "expected no error with shouldProcessNamespaces false, reader threw: \(error)")
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) namespace-unaware verdict failure(s):\n\(failures.joined(separator: "\n"))")
    }

    // MARK: Helpers

    enum Outcome {
        case accepted
        case rejected(XMLParsingError)
        case broken(String)
    }

    /// Reads a document to the end.
    static func read(_ bytes: [UInt8], options: XMLReader.Options = XMLReader.Options()) -> Outcome {
        let limit = ConformanceLimits.maxEvents(forDocumentSize: bytes.count)
        do {
            var reader = try XMLReader(bytes, options: options)
            var count = 0
            while try reader.next() != nil {
                count += 1
                if count > limit { return .broken(ConformanceLimits.TooManyEvents(limit: limit).description) }
            }
            return .accepted
        } catch {
            return .rejected(error)
        }
    }

    /// Where two byte strings first differ, with some context from each.
    static func describeMismatch(expected: [UInt8], got: [UInt8]) -> String {
        let common = min(expected.count, got.count)
        let offset = (0..<common).first(where: { expected[$0] != got[$0] }) ?? common
        func excerpt(_ bytes: [UInt8]) -> String {
            let start = max(0, offset - 30)
            let end = min(bytes.count, offset + 50)
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            return (start > 0 ? "…" : "") + String(reflecting: text) + (end < bytes.count ? "…" : "")
        }
        return "output differs at byte \(offset) (expected \(expected.count) bytes, got \(got.count))\n"
            + "        expected: \(excerpt(expected))\n"
            + "        got:      \(excerpt(got))"
    }

    private func trace(_ test: XMLConfTest) {
        if ProcessInfo.processInfo.environment["XMLCONF_TRACE"] == "1" {
            print("xmlconf: \(test.id) \(XMLConfTest.relativePath(test.inputFile, suite: XMLConf.directory))")
        }
    }
}

/// One selected test's result in one check.
struct ConformanceResult {
    var test: XMLConfTest
    /// Why it failed, or nil when it passed.
    var failure: String?

    /// Records one issue listing every unexpected failure, one listing stale expected-failure
    /// entries, and prints a summary line.
    static func report(
        _ results: [ConformanceResult], known: [String: String], check: String, total: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let suite = XMLConf.directory
        func line(_ result: ConformanceResult) -> String {
            "\(result.test.id) [\(result.test.type)] \(XMLConfTest.relativePath(result.test.inputFile, suite: suite)): \(result.failure ?? "passed")"
        }
        let failures = results.filter { $0.failure != nil }
        let unexpected = failures.filter { known[$0.test.id] == nil }
        let knownFailures = failures.filter { known[$0.test.id] != nil }
        let stale = results.filter { $0.failure == nil && known[$0.test.id] != nil }

        var summary = "conformance (\(check)): \(results.count - failures.count)/\(total) correct"
        let byType = Dictionary(grouping: results, by: \.test.type)
        summary +=
            " ("
            + ["valid", "invalid", "not-wf"].compactMap { type in
                guard let group = byType[type] else { return nil }
                return "\(type) \(group.filter { $0.failure == nil }.count)/\(group.count)"
            }.joined(separator: ", ") + ")"
        summary += "; \(knownFailures.count) known failures, \(unexpected.count) unexpected, \(stale.count) stale"
        print(summary)

        if let path = ProcessInfo.processInfo.environment["XMLCONF_REPORT"], !path.isEmpty {
            var tsv = ""
            for result in results {
                let status =
                    result.failure == nil
                    ? (known[result.test.id] == nil ? "pass" : "stale")
                    : (known[result.test.id] == nil ? "FAIL" : "known")
                let detail = (result.failure ?? "").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
                    of: "\t", with: " ")
                tsv +=
                    "\(check)\t\(result.test.id)\t\(result.test.type)\t\(status)\t\(XMLConfTest.relativePath(result.test.inputFile, suite: suite))\t\(detail)\n"
            }
            // Append, so that both checks can share one report file.
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(Data(tsv.utf8))
                handle.closeFile()
            } else {
                _ = FileManager.default.createFile(atPath: path, contents: Data(tsv.utf8))
            }
        }

        if !unexpected.isEmpty {
            let listing = unexpected.map { "  " + line($0) }.joined(separator: "\n")
            Issue.record(
                "\(unexpected.count) unexpected \(check) failure(s) (\(summary)):\n\(listing)",
                sourceLocation: sourceLocation)
        }
        if !stale.isEmpty {
            let listing = stale.map { "  \($0.test.id): listed as \"\(known[$0.test.id]!)\"" }.joined(separator: "\n")
            Issue.record(
                "\(stale.count) \(check) test(s) now pass but are listed in ConformanceExpectedFailures; remove them:\n\(listing)",
                sourceLocation: sourceLocation)
        }
    }
}
