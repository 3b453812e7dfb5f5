// Where xmlc writes: standard output for results and help, standard error for diagnostics.
//
// Design: written with `write(2)` on file descriptors 1 and 2 (SystemIO) rather than the C
// `stdout`/`stderr` globals, which Swift 6 treats as shared mutable state, and without
// Foundation's `FileHandle` (xmlc does not link Foundation). Each call writes one whole message,
// so lines from the two streams never interleave mid-line when both go to a terminal. A message
// that cannot be written is dropped: there is nowhere left to report it.

import XMLCodableCore

/// The two output streams of the tool.
struct Console {
    /// Writes `text` to standard output.
    func out(_ text: String) {
        try? SystemIO.writeAll(text, to: 1)
    }

    /// Writes `text` to standard error.
    func err(_ text: String) {
        try? SystemIO.writeAll(text, to: 2)
    }

    /// Writes a one-line tool error (`xmlc: error: …`) to standard error.
    func toolError(_ message: String) {
        err("xmlc: error: \(message)\n")
    }
}
