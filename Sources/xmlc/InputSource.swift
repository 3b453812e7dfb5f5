// Reading a command's FILE arguments.
//
// Design: a FILE argument is either a path or `-` for standard input, shown in diagnostics as the
// path as typed or as `<stdin>`. XML documents are read in chunks (`DocumentReader`); `from-json`
// reads its JSON whole, as bytes (`read()`). Either way the bytes are never decoded here: the XML
// reader decides the encoding from the bytes themselves (byte order mark, XML declaration). A read
// failure is reported with the operating system's reason, and is a usage-class failure (exit
// status 2), not a verdict on the document.

import Foundation

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

    /// Reads all the bytes of the input.
    ///
    /// - Throws: ``ReadError`` naming the reason when the input cannot be read.
    func read() throws(ReadError) -> Data {
        switch self {
        case .standardInput:
            do {
                return try FileHandle.standardInput.readToEnd() ?? Data()
            } catch {
                throw ReadError(message: "cannot read standard input: \(Self.reason(error))")
            }
        case .file(let path):
            try Self.checkReadable(path)
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ReadError(message: "cannot read '\(path)': \(Self.reason(error))")
            }
        }
    }

    /// Refuses a path that does not exist or is a directory, with the reason.
    static func checkReadable(_ path: String) throws(ReadError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(message: "cannot read '\(path)': no such file")
        }
        if isDirectory.boolValue {
            throw ReadError(message: "cannot read '\(path)': it is a directory")
        }
    }

    /// The operating system's reason for an error, as a short sentence.
    static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}

/// An input that could not be read.
struct ReadError: Error {
    var message: String
}
