// `xmlc check FILE...`: is each document well-formed XML?
//
// Design: each input is read in chunks (`DocumentReader`: a file 64 KiB at a time, standard input
// likewise), so a document of any size is checked in bounded memory; its events are pulled to the
// end and the first `XMLParsingError` is the verdict on that document. The error's source line is
// then recovered from the file, or from the last chunks of standard input (SourceLine.swift). Every
// input is checked even after a failure, so one run reports one error per bad file. The exit status
// is the most severe outcome: 0 all well-formed, 1 some document malformed, 2 a usage error or an
// unreadable input.
//
// Success is reported on standard output (`FILE: well-formed, N elements`), which `--quiet`
// silences; errors always go to standard error, formatted by `Diagnostic`.

import XMLCodableCore

/// `xmlc check`: reports whether documents are well-formed.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check that XML documents are well-formed"
    static let help = """
        OVERVIEW: Check that XML documents are well-formed.

        Reads each FILE (or standard input for '-') with XMLCodable's XML 1.0 reader, which checks
        well-formedness, the internal DTD subset and namespaces, and never loads anything external.
        Errors are printed to standard error as FILE:LINE:COLUMN: error: MESSAGE, followed by the
        source line and a caret under the column (columns count characters).

        USAGE: xmlc check [--quiet] [--no-namespaces] [--html-entities] FILE...

        ARGUMENTS:
          FILE                  A file to check, or '-' for standard input (shown as <stdin>).

        OPTIONS:
          -q, --quiet           Print nothing for well-formed documents.
          --no-namespaces       Read names without Namespaces 1.0 processing (a colon is then an
                                ordinary name character).
          --html-entities       Accept HTML's named character references (&eacute;, &nbsp;…) that
                                the document does not declare, as an HTML reader would. Such a
                                document is not well-formed XML: other XML tools refuse it.
          -h, --help            Show this help.

        EXIT STATUS:
          0  every document is well-formed
          1  at least one document is not
          2  usage error, or a file that cannot be read

        """

    static let options = [Option(key: "quiet", spellings: ["-q", "--quiet"])] + Conversion.readerFlags

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        let parsed: CommandLineArguments
        switch parse(arguments, options: options, console: console) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        guard !parsed.positionals.isEmpty else {
            return Tool.usageError("missing FILE (use '-' for standard input)", command: name, console: console)
        }
        if parsed.positionals.filter({ $0 == "-" }).count > 1 {
            return Tool.usageError("standard input ('-') can be given only once", command: name, console: console)
        }

        let readerOptions = Conversion.readerOptions(parsed)
        var status = ExitStatus.success
        for argument in parsed.positionals {
            let input = InputSource(argument: argument)
            let outcome = check(input, options: readerOptions, quiet: parsed.has("quiet"), console: console)
            status = status.combined(with: outcome)
        }
        return status
    }

    /// Checks one input and reports on it.
    static func check(_ input: InputSource, options: XMLReader.Options, quiet: Bool, console: Console) -> ExitStatus {
        var elementCount = 0
        let status = DocumentReader.readAll(input, options: options, console: console) { event, _ in
            if case .startElement = event { elementCount += 1 }
            return nil
        }
        guard status == .success else { return status }
        if !quiet {
            let noun = elementCount == 1 ? "element" : "elements"
            console.out("\(input.displayName): well-formed, \(elementCount) \(noun)\n")
        }
        return .success
    }
}
