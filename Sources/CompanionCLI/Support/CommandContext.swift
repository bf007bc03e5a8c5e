import CompanionSettings
import Foundation
import Synchronization

/// What a command reads and writes besides its arguments: the environment, standard input, standard output and
/// error, and how it ends.
///
/// A task-local value: the program's (``program``: the process's environment and descriptors, ending the process
/// at once) unless a caller binds another, as `CompanionCLITests` does to run commands in its own process with an
/// environment of the test's, captured output and no effect on the test process's environment, directory or
/// descriptors (``CompanionCommandLine/run(_:context:)``).
package struct CommandContext: Sendable {
    /// The command line's words after the program name.
    package var arguments: [String]
    /// The environment the command reads (`COMPANION_*`, `NO_COLOR`, `COLUMNS`, the settings file's location).
    package var environment: [String: String] {
        get { givenEnvironment ?? Self.processEnvironment }
        set { givenEnvironment = newValue }
    }
    /// The environment given, nil for the process's, which is read only when a command first needs it (not by
    /// `--version` or `--help`, which then never start Foundation's ProcessInfo).
    private var givenEnvironment: [String: String]?
    private static let processEnvironment = ProcessInfo.processInfo.environment
    /// Where standard output and error go.
    package var output: OutputSink
    /// Where standard input comes from.
    package var input: InputSource
    /// Runs a blocking command's work (vault reads, image decoding) and waits for it: nil runs it on the calling
    /// thread, the program's main thread, so no thread of the concurrency pool is started (docs/startup.md); an
    /// in-process caller runs it on a thread of its own, never on Swift's cooperative pool.
    package var blockingWork: (@Sendable (@escaping @Sendable () throws -> Void) async throws -> Void)?
    /// True for the program: a command's end ends the process at once, on the thread that ran the command
    /// (``ProgramEnd``). False in-process: the exit status is returned to the caller.
    package var endsProcess: Bool
    /// What is loaded or printed once per run (the settings file, the JSON failure).
    let state = RunState()

    /// A context for an in-process run: `environment` only (nothing of this process's), output captured by
    /// `output`, `input` as standard input, blocking work handed to `blockingWork`.
    package init(
        environment: [String: String], output: OutputSink, input: InputSource,
        blockingWork: (@Sendable (@escaping @Sendable () throws -> Void) async throws -> Void)?
    ) {
        self.arguments = []
        self.givenEnvironment = environment
        self.output = output
        self.input = input
        self.blockingWork = blockingWork
        self.endsProcess = false
    }

    private init() {
        self.arguments = Array(CommandLine.arguments.dropFirst())
        self.givenEnvironment = nil
        self.output = .standard
        self.input = .standard
        self.blockingWork = nil
        self.endsProcess = true
    }

    /// The process's environment and standard descriptors; a command's end ends the process.
    package static let program = CommandContext()

    /// The context of the command running now.
    @TaskLocal package static var current = CommandContext.program

    /// An environment variable's value, nil when unset or empty.
    func variable(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// The once-per-run state of a ``CommandContext``.
final class RunState: Sendable {
    /// The settings file, read on first use.
    let settings = Mutex<Result<SettingsResolution, SettingsError>?>(nil)
    /// Whether the `--json` failure was printed (it is printed at most once).
    let printedJSONFailure = Mutex(false)
}
