// A small option parser for xmlc's commands, hand-rolled so the tool has no dependency.
//
// Design: each command declares its options as `Option` values (a key, its spellings, and whether
// it takes a value); `CommandLineArguments` splits the words after the command name into the
// options that were given and the positional arguments, in order. The rules are the usual ones:
//
//   -q, --quiet          a flag
//   --indent 2           an option with a value (also --indent=2)
//   -                    a positional argument (conventionally standard input)
//   --                   ends the options: every later word is positional, even `-x`
//
// `-h` / `--help` is understood by every command. Anything else that starts with `-` is a usage
// error, so a misspelt option is never taken for a file name.

/// A usage error: the message is shown after `xmlc: error:`, followed by a hint to use --help.
struct UsageError: Error {
    var message: String
}

/// One option a command accepts.
struct Option {
    /// The name the command looks the option up by.
    var key: String
    /// The spellings on the command line, such as `["-q", "--quiet"]`.
    var spellings: [String]
    /// Whether the option takes a value (`--indent 2` or `--indent=2`).
    var takesValue: Bool = false

    /// `-h` / `--help`, accepted by every command.
    static let help = Option(key: "help", spellings: ["-h", "--help"])
}

/// The words after a command's name, split into options and positional arguments.
struct CommandLineArguments {
    /// The keys of the flags that were given.
    private(set) var flags: Set<String> = []
    /// The values of the options with values that were given; the last one wins.
    private(set) var values: [String: String] = [:]
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []

    /// Parses `words` against `options` (plus `--help`).
    ///
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    init(_ words: [String], options: [Option]) throws(UsageError) {
        let known = options + [Option.help]
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            // `--name=value` carries its value in the same word.
            var spelling = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                spelling = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = known.first(where: { $0.spellings.contains(spelling) }) else {
                throw UsageError(message: "unknown option '\(spelling)'")
            }
            if option.takesValue {
                if let inlineValue {
                    values[option.key] = inlineValue
                } else if index < words.count {
                    values[option.key] = words[index]
                    index += 1
                } else {
                    throw UsageError(message: "option '\(spelling)' needs a value")
                }
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(spelling)' takes no value")
                }
                flags.insert(option.key)
            }
        }
    }

    /// Whether the flag with this key was given.
    func has(_ key: String) -> Bool {
        flags.contains(key)
    }
}

extension CommandLineArguments {
    /// The value given for the option with this key, if any.
    func value(_ key: String) -> String? {
        values[key]
    }
}

/// What a command does after parsing its arguments: run with them, or exit at once (after `--help`
/// or a usage error, already reported).
enum ParsedCommandLine {
    case run(CommandLineArguments)
    case exit(ExitStatus)
}

extension Command {
    /// Parses the arguments against `options`, printing the help for `--help` and reporting a
    /// usage error.
    static func parse(_ arguments: [String], options: [Option], console: Console) -> ParsedCommandLine {
        let parsed: CommandLineArguments
        do {
            parsed = try CommandLineArguments(arguments, options: options)
        } catch {
            return .exit(Tool.usageError(error.message, command: name, console: console))
        }
        if parsed.has("help") {
            console.out(help)
            return .exit(.success)
        }
        return .run(parsed)
    }
}
