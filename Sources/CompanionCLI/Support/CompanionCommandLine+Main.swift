import ArgumentParser
import Foundation

extension CompanionCommandLine {
    /// ArgumentParser's main (what `@main` on the command ran before the CLI became a library), plus: a command
    /// line that leaves nothing to parse runs directly (``DirectCommand``), and with `--json` a command-line error
    /// (unknown option, bad value) is also printed as the JSON failure on standard output.
    ///
    /// Standard output is line-buffered whatever it is connected to, so that a following command (`agents tail
    /// --follow`, `logs --follow`, `watch --json`) delivers each line to a pipe as it prints it, and a line printed
    /// with `print` never arrives after bytes written to the descriptor directly later (C's default for a pipe is a
    /// 4 KiB buffer, flushed only when full or at exit).
    ///
    /// On the main actor, as an `@main` type's `main` is: a blocking command's synchronous work then runs on the
    /// main thread where the command line was parsed, and no thread of the concurrency pool is started for it.
    @MainActor
    package static func runAsProgram() async {
        StandardOutput.lineBuffered()
        if let direct = DirectCommand(words: Array(CommandLine.arguments.dropFirst())) { await direct.run() }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if JSONErrorOutput.requested, !(error is ExitCode), exitCode(for: error) != .success {
                JSONErrorOutput.print(JSONErrorOutput.failure(forParseError: error, command: self))
            }
            exit(withError: error)
        }
    }
}
