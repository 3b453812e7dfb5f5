// The instruction-count gate: committed baselines per mode, and a check that fails when a mode
// costs more than its baseline plus a tolerance.
//
// Instruction counts under callgrind repeat to a few hundred instructions from one run to the
// next, so a regression of a percent shows where wall-clock figures on a shared machine would
// hide it. CI runs the check (`.ci/run`); a change that makes decoding, encoding or reading do
// more work fails there, with the mode and the figures, instead of being noticed in prose later.
//
//     swift run -c release instructions --check instruction-baselines.txt     # CI
//     swift run -c release instructions --record instruction-baselines.txt    # after a change
//                                                                             # that is meant
//
// The file (instruction-baselines.txt) is plain text: comment lines start with `#`; one line per
// mode, its name and millions of instructions per call:
//
//     # toolchain: Swift version 6.3.1 (swift-6.3.1-RELEASE)
//     decode-osm5k 95.25
//
// Counts depend on the compiler: a check under another toolchain than the one recorded fails and
// says so (record the baselines again with the new one, in the commit that moves to it).

import Foundation

/// The committed instructions per call of each mode, and the toolchain they were taken with.
struct Baselines {
    /// How much more than its baseline a mode may cost: 2% (counts repeat to far less).
    static let tolerance = 0.02

    /// The first line of `swift --version` the figures were taken with.
    var toolchain: String
    /// Millions of instructions per call, by mode, in the file's order.
    var figures: [(mode: Mode, millions: Double)]

    /// Reads a baselines file; a line that is not a comment, a mode and a number is an error.
    init(contentsOf path: String) throws(BaselineError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
        toolchain = ""
        figures = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                let comment = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("toolchain:") {
                    toolchain = comment.dropFirst("toolchain:".count).trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, let mode = Mode(rawValue: String(fields[0])), let millions = Double(fields[1]), millions > 0 else {
                throw .badLine(path, number + 1, String(line))
            }
            figures.append((mode, millions))
        }
        guard !toolchain.isEmpty else { throw .noToolchain(path) }
        guard !figures.isEmpty else { throw .empty(path) }
    }

    init(toolchain: String, figures: [(mode: Mode, millions: Double)]) {
        self.toolchain = toolchain
        self.figures = figures
    }

    /// The file's text: a header saying what it is and how it was taken, then one line per mode.
    /// `why` (`--why`), if given, follows the commit on its line, in parentheses.
    func text(date: String, commit: String, why: String? = nil) -> String {
        var lines = [
            "# Instructions per call (millions, callgrind, a new coder per call) of the `instructions` modes:",
            "# the gate `swift run -c release instructions --check instruction-baselines.txt` fails when a",
            "# mode costs more than \(Int(Self.tolerance * 100))% over its figure here. Record again after a change meant to",
            "# cost more, or with a new toolchain: swift run -c release instructions --record instruction-baselines.txt",
            "# recorded: \(date), commit \(commit)" + (why.map { " (\($0))" } ?? ""),
            "# toolchain: \(toolchain)",
            "# The modes CI checks (about a minute and a half under callgrind): decoding and encoding books and",
            "# osm (osm also with its fields as attributes), reading both, the sparse optional keys of rss and gpx, a",
            "# small document decoded 100 times, the document model (made by the encoder, decoded from, written,",
            "# captured and encoded as a model's property), books and osm read with the field stream by hand and",
            "# by the readers @XMLFieldDecodable generates (XMLDecoder().decode); the others (sheet, touch, stream,",
            "# the hand-written floor) by hand.",
        ]
        for (mode, millions) in figures { lines.append("\(mode.rawValue) \(String(format: "%.2f", millions))") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Why a baselines file cannot be used.
enum BaselineError: Error, CustomStringConvertible {
    case unreadable(String)
    case badLine(String, Int, String)
    case noToolchain(String)
    case empty(String)

    var description: String {
        switch self {
        case .unreadable(let path): "cannot read the baselines file \(path)"
        case .badLine(let path, let line, let text): "\(path):\(line): not a comment or 'MODE MILLIONS': \(text)"
        case .noToolchain(let path): "\(path) has no '# toolchain:' line"
        case .empty(let path): "\(path) has no figures"
        }
    }
}

/// The first line of `swift --version`, or `nil` when `swift` cannot be run.
func toolchainVersion() -> String? {
    guard let swift = findOnPath("swift") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swift)
    process.arguments = ["--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
}

/// A mode's figure against its baseline: the change, and whether it is within the tolerance.
func verdict(_ millions: Double, baseline: Double) -> (change: Double, passes: Bool) {
    let change = millions / baseline - 1
    return (change, change <= Baselines.tolerance)
}
