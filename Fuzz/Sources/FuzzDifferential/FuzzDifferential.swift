// FuzzDifferential: the libFuzzer target that reads each input with XMLReader and with libxml2
// and traps when they disagree.
//
// Design: both parsers read the input in memory — XMLReader with its default options
// (namespaces on, limits raised where a few-kilobyte input could reach them honestly; see
// `OurReader`), libxml2 2.9 with entity substitution and DTD attribute defaults and no external
// loading (`LibXML2Reader`). Each reading is either a rejection or a list of canonical lines
// (Trace.swift). The two must agree on the verdict, and, when both accept, on every line. A
// disagreement is first offered to `KnownDifferences`, which recognises the classified, documented
// differences (limits, encodings one side does not read, libxml2's deviations from the spec) and
// counts them; anything else is printed — both verdicts, libxml2's errors and the first differing
// line — and traps, which libFuzzer reports as a crash and saves the input.
//
// Example: `<a xmlns:p="urn:p"><p:b/></a>` reads as
//
//     start "a" {-} xmlns:p="urn:p" |
//     start "p:b" {"urn:p"} |
//     end "p:b"
//     end "a"
//
// on both sides; `<a><p:b/></a>` is rejected by both (undeclared prefix); `<a>&#0;</a>` too.
//
// Set DIFF_SHOW=1 to print both readings of every input (to look at one file), and see
// Docs/Fuzzing.md for the commands. The file is not `main.swift`: libFuzzer provides `main`.

#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let ourResult = OurReader.read(bytes)
    let ours = ourResult.reading
    let theirs = LibXML2Reader.read(bytes)
    if Statistics.show { show(ours, theirs) }

    let agree: Bool
    switch (ours, theirs.reading) {
    case (.rejected, .rejected):
        agree = true
    case (.accepted(let a), .accepted(let b)):
        agree = a == b
    default:
        agree = false
    }
    if agree { Statistics.record(ours.lines == nil ? "agree: both reject" : "agree: both accept") }
    if agree { return 0 }
    if let known = KnownDifferences.classify(bytes, ours: ourResult, theirs: theirs) {
        Statistics.record(known.rawValue)
        return 0
    }
    report(ours, theirs)
    fatalError("XMLReader and libxml2 disagree (see above)")
}

/// Prints both readings.
private func show(_ ours: Reading, _ theirs: LibXML2Reading) {
    var text = "--- XMLReader:\n"
    switch ours {
    case .accepted(let lines): text += lines.map { "  \(clip($0))\n" }.joined()
    case .rejected(let why): text += "  rejected: \(why)\n"
    }
    text += "--- libxml2:\n"
    switch theirs.reading {
    case .accepted(let lines): text += lines.map { "  \(clip($0))\n" }.joined()
    case .rejected(let why): text += "  rejected: \(why)\n"
    }
    for report in theirs.errors { text += "  (\(report))\n" }
    if !theirs.refusedLoads.isEmpty { text += "  (refused loads, inSubset: \(theirs.refusedLoads))\n" }
    writeError(text)
}

/// Prints the disagreement: both verdicts, and for two acceptances the first differing line.
private func report(_ ours: Reading, _ theirs: LibXML2Reading) {
    var text = "\n==== DISAGREEMENT between XMLReader and libxml2\n"
    switch (ours, theirs.reading) {
    case (.accepted(let a), .accepted(let b)):
        let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        text += "both accept; first difference at line \(index):\n"
        text += "  XMLReader: \(index < a.count ? clip(a[index]) : "(end)")\n"
        text += "  libxml2:   \(index < b.count ? clip(b[index]) : "(end)")\n"
    case (.accepted, .rejected(let why)):
        text += "XMLReader accepts; libxml2 rejects: \(why)\n"
    case (.rejected(let why), .accepted):
        text += "XMLReader rejects: \(why)\nlibxml2 accepts\n"
    case (.rejected, .rejected):
        break
    }
    writeError(text)
    show(ours, theirs)
}

/// Counts of what the comparisons ended in, printed when the process exits.
enum Statistics {
    nonisolated(unsafe) private static var counts: [String: Int] = [:]
    /// Whether to print both readings of every input (DIFF_SHOW=1).
    static let show = getenv("DIFF_SHOW") != nil

    private static let registered: Void = {
        atexit {
            let lines = Statistics.counts.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
            writeError("FuzzDifferential outcomes:\n\(lines.joined(separator: "\n"))\n")
        }
    }()

    static func record(_ outcome: String) {
        _ = registered
        counts[outcome, default: 0] += 1
    }
}

/// Writes to standard error (libFuzzer's output goes there too).
func writeError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
}

/// A line cut to a readable length.
private func clip(_ line: String) -> String {
    line.count <= 300 ? line : String(line.prefix(300)) + "… (\(line.count) characters)"
}
