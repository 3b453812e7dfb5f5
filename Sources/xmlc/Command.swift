// The contract every xmlc subcommand meets.
//
// Design: a command is a type with a name, a one-line summary for the tool's usage, its own help
// text, and a `run` that receives the arguments after the command name and returns an exit
// status. Commands never call `exit` themselves, so `Tool` stays the one place that decides how
// the process ends, and a command's logic can be exercised without ending the process.

/// How an xmlc run ends.
enum ExitStatus: Int32 {
    /// Everything asked for succeeded (for `check`: every document is well-formed).
    case success = 0
    /// The command ran, and found a problem in its input (for `check`: a malformed document).
    case failure = 1
    /// The command could not run: a usage error, or an input that could not be read.
    case usage = 2

    /// The status of a run made of several parts: the most severe one wins.
    func combined(with other: ExitStatus) -> ExitStatus {
        rawValue >= other.rawValue ? self : other
    }
}

/// An xmlc subcommand, such as `check`.
protocol Command: Sendable {
    /// The word that selects the command: `xmlc NAME …`.
    static var name: String { get }
    /// One line for the list of commands in `xmlc --help`.
    static var summary: String { get }
    /// The full help text, printed by `xmlc NAME --help` and `xmlc help NAME`.
    static var help: String { get }
    /// Runs the command with the arguments that follow its name.
    static func run(_ arguments: [String], console: Console) -> ExitStatus
}
