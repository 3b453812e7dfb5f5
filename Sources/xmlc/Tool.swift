// The top level of xmlc: which command to run, and the tool-wide flags.
//
// Design: `Tool.commands` lists every subcommand type; dispatch looks the first argument up by
// name, so a new command is a new `Command` file plus one entry here, and the usage text lists
// it automatically. Tool-wide words are `--help`/`-h`/`help`
// (usage on standard output, status 0), `help COMMAND`, and `--version`. No arguments, or an
// unknown command or option, prints the usage to standard error with status 2.

/// The xmlc tool: dispatch to its commands.
enum Tool {
    /// The tool's version, printed by `xmlc --version`.
    static let version = "0.1.0-dev"

    /// Every command, in the order the usage lists them.
    static let commands: [any Command.Type] = [
        CheckCommand.self,
        FormatCommand.self,
        ToJSONCommand.self,
        FromJSONCommand.self,
        GenerateCommand.self,
    ]

    /// The tool's usage, listing its commands.
    static var usage: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 4) + command.summary
        }
        return """
            OVERVIEW: xmlc, a command-line tool for XML built on the XMLCodable library.

            USAGE: xmlc COMMAND [OPTIONS] [ARGUMENTS]

            COMMANDS:
            \(list.joined(separator: "\n"))

            OPTIONS:
              -h, --help    Show this help ('xmlc COMMAND --help' for a command's own).
              --version     Show the version.

            """
    }

    /// Runs the tool with the arguments after the program name and returns how it should exit.
    static func run(_ arguments: [String], console: Console = Console()) -> ExitStatus {
        guard let first = arguments.first else {
            console.err(usage)
            return .usage
        }
        switch first {
        case "-h", "--help":
            console.out(usage)
            return .success
        case "--version":
            console.out("xmlc \(version)\n")
            return .success
        case "help":
            guard arguments.count > 1 else {
                console.out(usage)
                return .success
            }
            guard let command = command(named: arguments[1]) else {
                return unknownCommand(arguments[1], console: console)
            }
            console.out(command.help)
            return .success
        default:
            guard let command = command(named: first) else {
                return unknownCommand(first, console: console)
            }
            return command.run(Array(arguments.dropFirst()), console: console)
        }
    }

    /// The command called `name`, if there is one.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// Reports a usage error in a command and returns the usage status.
    static func usageError(_ message: String, command: String, console: Console) -> ExitStatus {
        console.toolError("\(message)\nRun 'xmlc \(command) --help' for usage.")
        return .usage
    }

    private static func unknownCommand(_ word: String, console: Console) -> ExitStatus {
        let what = word.hasPrefix("-") ? "unknown option" : "unknown command"
        console.toolError("\(what) '\(word)'")
        console.err("\n" + usage)
        return .usage
    }
}
