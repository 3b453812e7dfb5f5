// Reading a command's FILE arguments.
//
// Design: a FILE argument is either a path or `-` for standard input, shown in diagnostics as the
// path as typed or as `<stdin>`. XML documents are read in chunks (`DocumentReader`), and so is
// `from-json`'s JSON (`JSONInput`, with the system's calls: SystemIO). Either way the bytes are
// never decoded here: the XML reader decides the encoding from the bytes themselves
// (byte order mark, XML declaration). A read failure is reported with the operating system's
// reason, and is a usage-class failure (exit status 2), not a verdict on the document.

import XMLCodableCore

/// Where a document comes from.
enum InputSource: Equatable {
    /// A file at a path, as given on the command line.
    case file(String)
    /// Standard input (`-` on the command line).
    case standardInput

    /// Interprets a FILE argument: `-` is standard input, anything else a path.
    init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The name used in diagnostics: the path as given, or `<stdin>`.
    var displayName: String {
        switch self {
        case .file(let path): path
        case .standardInput: "<stdin>"
        }
    }

    /// Refuses a path that does not exist or is a directory, with the reason.
    static func checkReadable(_ path: String) throws(ReadError) {
        switch SystemIO.kind(of: path) {
        case .missing: throw ReadError(message: "cannot read '\(path)': no such file")
        case .directory: throw ReadError(message: "cannot read '\(path)': it is a directory")
        case .other: break
        }
    }
}

/// An input that could not be read.
struct ReadError: Error {
    var message: String
}
