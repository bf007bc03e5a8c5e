import ArgumentParser
import Foundation

extension CompanionCommandLine {
    /// The program: runs the process's command line with the process's environment and descriptors
    /// (``CommandContext/program``) and ends the process with the command's exit status.
    ///
    /// Standard output is line-buffered whatever it is connected to, so that what ArgumentParser prints itself
    /// (help, usage errors) reaches a pipe as it is printed, in order with the CLI's own writes, which are one
    /// `write(2)` each (``OutputSink/standard``).
    @MainActor
    package static func runAsProgram() async {
        StandardOutput.lineBuffered()
        ProgramEnd.exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `arguments` (the words after the program name) with `context`, in this process, and returns the exit
    /// status (docs/exit-codes.md): what `companion` would print goes to `context`'s sink, what it would read
    /// comes from `context`'s environment and input. Nothing of this process's environment, working directory or
    /// descriptors is read or changed by the CLI itself (the libraries it calls may read the process's
    /// environment: the vault's passphrase variables and data directory, `SSL_CERT_FILE`).
    @MainActor
    package static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        var context = context
        context.arguments = arguments
        return await CommandContext.$current.withValue(context) { await run(arguments) }
    }

    /// ArgumentParser's main (what `@main` on the command ran before the CLI became a library), with the current
    /// context, returning the status: a command line that leaves nothing to parse runs directly
    /// (``DirectCommand``), and with `--json` a command-line error (unknown option, bad value) is also printed as
    /// the JSON failure on standard output.
    ///
    /// On the main actor, as an `@main` type's `main` is: a blocking command's synchronous work then runs on the
    /// main thread where the command line was parsed, and no thread of the concurrency pool is started for it.
    @MainActor
    private static func run(_ arguments: [String]) async -> Int32 {
        if let direct = DirectCommand(words: arguments) { return await direct.run() }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                nonisolated(unsafe) var blockingCommand = command
                try await blocking { try blockingCommand.run() }
                command = blockingCommand
            }
            return ExitStatus.success.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            if JSONErrorOutput.requested, exitCode(for: error) != .success {
                JSONErrorOutput.print(JSONErrorOutput.failure(forParseError: error, command: self))
            }
            return report(error)
        }
    }

    /// What ArgumentParser's `exit(withError:)` prints for `error` (help, a usage error, a completion script),
    /// written to the current sink (standard output for a clean exit, standard error otherwise); its exit status.
    private static func report(_ error: any Error) -> Int32 {
        let code = exitCode(for: error)
        let text = fullMessage(for: error)
        if !text.isEmpty {
            if code == .success { writeStandardOutput(text + "\n") } else { writeStandardError(text + "\n") }
        }
        return code.rawValue
    }

    /// Runs a blocking command's `work` where the current context says: on this (the main) thread for the
    /// program, on a thread of the in-process caller's otherwise, with the context bound there too.
    @MainActor
    static func blocking(_ work: @escaping () throws -> Void) async throws {
        let context = CommandContext.current
        guard let blockingWork = context.blockingWork else { return try work() }
        nonisolated(unsafe) let work = work
        try await blockingWork { try CommandContext.$current.withValue(context) { try work() } }
    }
}
