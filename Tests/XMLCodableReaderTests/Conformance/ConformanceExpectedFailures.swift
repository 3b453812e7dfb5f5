// ConformanceExpectedFailures: the conformance tests the reader is known to fail, and why.
//
// Each entry is a W3C test ID (the TEST element's ID attribute in xmlconf) mapped to the reason
// it fails. A listed test that fails is counted as "known" and does not fail the run; a failure
// that is not listed fails the run; a listed test that now passes also fails the run (the entry
// is stale: delete it). Keep the reasons specific enough that someone can decide whether the
// entry is still justified.
//
// `verdict`: tests where the reader accepts a not-wf document or rejects a valid/invalid one.
// `canonical`: tests with an OUTPUT file where the reader's events do not canonicalize to it.

enum ConformanceExpectedFailures {
    static let verdict: [String: String] = [:]

    static let canonical: [String: String] = [:]
}
