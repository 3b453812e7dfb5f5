// What format, to-json and from-json share: one input (a FILE or standard input), the layout
// options, and failures reported the way `check` reports them.
//
// Design: a conversion reads exactly one input — `FILE`, `-`, or nothing for standard input.
// `format` and `to-json` stream it (`stream`): the document is read in chunks and the result is
// written to standard output as it is produced, through a 64 KiB buffer, so memory does not grow
// with the document (beyond `--lookahead`, the bytes of output they may hold back while a layout
// decision is open). A failure part-way — a malformed document, an unreadable input, a document
// `to-json` cannot map within its look-ahead — therefore leaves the output written so far on
// standard output, then the error on standard error and a non-zero status: check the status
// before using the output. `from-json` streams too, by its own reader (JSONToXMLWriter.swift).
// Reader errors are rendered by `Diagnostic` (FILE:LINE:COLUMN, source line, caret); anything
// else is `FILE: error: …` or, when a position in the input is known, `FILE:LINE:COLUMN: error: …`.

import XMLCodableCore

enum Conversion {
    /// What a conversion command was asked to do: its options, indentation width, look-ahead and input.
    struct Request {
        var parsed: CommandLineArguments
        /// The `--indent` width (default 2 spaces).
        var width: Int
        /// The `--lookahead` limit in bytes (default `defaultLookahead`).
        var lookahead: Int
        var input: InputSource
    }

    /// How many bytes of output `format` and `to-json` may hold back, by default, while a layout
    /// decision is open: 16 MiB.
    static let defaultLookahead = 16 << 20

    /// The `--lookahead BYTES` option of the streaming commands.
    static let lookaheadOption = Option(key: "lookahead", spellings: ["--lookahead"], takesValue: true)

    /// Runs a conversion command: the steps every one starts with (parse the options, showing the
    /// help for `--help`; refuse contradicting layout options; name the one input), then `convert`
    /// on the request. Returns `convert`'s status, or the status to end with when there is nothing
    /// to convert.
    static func run(
        _ arguments: [String], command: any Command.Type, options: [Option], console: Console,
        convert: (Request) -> ExitStatus
    ) -> ExitStatus {
        switch start(arguments, command: command, options: options, console: console) {
        case .convert(let request): return convert(request)
        case .end(let status): return status
        }
    }

    /// How a conversion command starts: with a request, or with the status to end with at once.
    private enum Start {
        case convert(Request)
        case end(ExitStatus)
    }

    private static func start(_ arguments: [String], command: any Command.Type, options: [Option], console: Console)
        -> Start
    {
        let parsed: CommandLineArguments
        do {
            parsed = try CommandLineArguments(arguments, options: options)
        } catch {
            return .end(Tool.usageError(error.message, command: command.name, console: console))
        }
        if parsed.has("help") {
            console.out(command.help)
            return .end(.success)
        }
        let indent = parsed.value("indent") != nil
        for (a, b, given) in [
            ("--compact", "--indent", parsed.has("compact") && indent),
            ("--compact", "--tabs", parsed.has("compact") && parsed.has("tabs")),
            ("--tabs", "--indent", parsed.has("tabs") && indent),
        ] where given {
            return .end(Tool.usageError("\(a) cannot be combined with \(b)", command: command.name, console: console))
        }
        guard let width = indentation(parsed, defaultWidth: 2, command: command.name, console: console) else {
            return .end(.usage)
        }
        guard let lookahead = lookahead(parsed, command: command.name, console: console) else { return .end(.usage) }
        let input: InputSource
        switch parsed.positionals.count {
        case 0: input = .standardInput
        case 1: input = InputSource(argument: parsed.positionals[0])
        default:
            return .end(
                Tool.usageError(
                    "expected one FILE (or '-' for standard input), got \(parsed.positionals.count)",
                    command: command.name, console: console))
        }
        return .convert(Request(parsed: parsed, width: width, lookahead: lookahead, input: input))
    }

    /// Streams the request's XML document through `convert`, which reads its events and writes
    /// its output as it goes (flushing what it wrote before it returns or throws); then reports
    /// how it ended. Whatever was written before a failure stays written.
    static func stream(
        _ request: Request, console: Console, convert: (inout DocumentReader) throws(StreamFailure) -> Void
    ) -> ExitStatus {
        var document: DocumentReader
        do {
            document = try DocumentReader(request.input, options: readerOptions(request.parsed))
        } catch {
            console.toolError(error.message)
            return .usage
        }
        do throws(StreamFailure) {
            try convert(&document)
            return .success
        } catch {
            switch error {
            case .malformed(let error):
                console.err(
                    Diagnostic(fileName: request.input.displayName, error: error, excerpt: document.excerpt(for: error))
                        .rendered)
                return .failure
            case .unmappable(let message):
                console.err("\(request.input.displayName): error: \(message)\n")
                return .failure
            case .unreadable(let message), .unwritable(let message):
                console.toolError(message)
                return .usage
            }
        }
    }

    /// The flags `check`, `format` and `to-json` share, which `readerOptions(_:)` reads.
    static let readerFlags = [
        Option(key: "no-namespaces", spellings: ["--no-namespaces"]),
        Option(key: "html-entities", spellings: ["--html-entities"]),
    ]

    /// The help of `readerFlags` in `format` and `to-json`, lines of their OPTIONS (`check` words
    /// the flags for checking).
    static let readerFlagsHelp = """
          --no-namespaces       Read names without Namespaces 1.0 processing.
          --html-entities       Accept HTML's named character references (&eacute;, &nbsp;…) that
                                the document does not declare; they are written as the characters
                                they stand for. Other XML tools refuse such input.
        """

    /// Reader options from the flags `check`, `format` and `to-json` share: `--no-namespaces` and
    /// `--html-entities` (HTML's named character references for undeclared entities).
    static func readerOptions(_ parsed: CommandLineArguments) -> XMLReader.Options {
        XMLReader.Options(
            shouldProcessNamespaces: !parsed.has("no-namespaces"),
            undeclaredEntityReplacements: parsed.has("html-entities") ? .html : nil)
    }

    /// The look-ahead a `--lookahead BYTES` option asks for: a number of bytes, optionally with
    /// the suffix K, M or G (KiB, MiB, GiB); the default when the option is not given.
    private static func lookahead(_ parsed: CommandLineArguments, command: String, console: Console) -> Int? {
        guard let text = parsed.value("lookahead") else { return defaultLookahead }
        var digits = Substring(text)
        var unit = 1
        switch digits.last {
        case "k", "K": unit = 1 << 10
        case "m", "M": unit = 1 << 20
        case "g", "G": unit = 1 << 30
        default: break
        }
        if unit > 1 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), let count = Int(digits),
            count <= (1 << 40) / unit
        else {
            _ = Tool.usageError(
                "--lookahead needs a number of bytes (optionally with K, M or G), not '\(text)'", command: command,
                console: console)
            return nil
        }
        return count * unit
    }

    /// The indentation an `--indent N` option asks for (default `defaultWidth` spaces).
    private static func indentation(
        _ parsed: CommandLineArguments, defaultWidth: Int, command: String, console: Console
    ) -> Int? {
        guard let text = parsed.value("indent") else { return defaultWidth }
        guard let width = Int(text), (0...16).contains(width) else {
            _ = Tool.usageError(
                "--indent needs a number from 0 to 16, not '\(text)'", command: command, console: console)
            return nil
        }
        return width
    }
}
