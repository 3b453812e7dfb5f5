// Where xmlc writes: standard output for results and help, standard error for diagnostics.
//
// Design: written through `FileHandle` rather than the C `stdout`/`stderr` globals, which Swift 6
// treats as shared mutable state. Each call writes one whole message, so lines from the two
// streams never interleave mid-line when both go to a terminal.

import Foundation

/// The two output streams of the tool.
struct Console {
    /// Writes `text` to standard output.
    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` to standard error.
    func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes a one-line tool error (`xmlc: error: …`) to standard error.
    func toolError(_ message: String) {
        err("xmlc: error: \(message)\n")
    }
}
