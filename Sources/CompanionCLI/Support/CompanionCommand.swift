import ArgumentParser
import Foundation

/// A command whose failures are printed as one clear line plus a hint, with a documented exit code.
protocol CompanionCommand: AsyncParsableCommand {
    /// The command's work. Throw ``CLIFailure`` for expected failures.
    func execute() async throws
}

extension CompanionCommand {
    mutating func run() async throws {
        try await CommandOutcome.run { try await execute() }
    }
}

/// A ``CompanionCommand`` whose work blocks rather than awaits: reading the vault (its Secret Service reads are
/// blocking D-Bus calls on the calling thread), decoding or drawing an image. It runs on the main thread, where the
/// command line was parsed, so the command starts no thread of Swift's concurrency pool and hands its work over to
/// none (docs/startup.md: a thread hand-over is a wait for a core on a loaded machine). Run in process, it runs on
/// a thread of the caller's (``CommandContext/blockingWork``), never on the cooperative pool.
protocol BlockingCompanionCommand: ParsableCommand {
    /// The command's work. Throw ``CLIFailure`` for expected failures.
    func execute() throws
}

extension BlockingCompanionCommand {
    mutating func run() throws {
        try CommandOutcome.runBlocking { try execute() }
    }
}

/// How every command begins and ends: the settings file checked first, a failure printed as its line and hint
/// (and as JSON with `--json`), the exit status handed to the context's end (``CommandContext/end(_:)``).
enum CommandOutcome {
    /// An invalid settings file stops every command (exit 64, the file and key named): a typo such as `vualt` is
    /// never silently ignored, whichever option the command reads.
    static func checkSettings() throws {
        _ = try CLISettings.resolution()
    }

    /// Runs a blocking command's `work` and ends it: the settings checked first, a failure printed with its exit
    /// status. Used by ``BlockingCompanionCommand`` and by ``DirectCommand``, which runs without ArgumentParser.
    /// The program ends here, on the thread that ran the command; in-process, the status is thrown as an
    /// `ExitCode` for ``CompanionCommandLine/run(_:context:)`` to return.
    static func runBlocking(_ work: () throws -> Void) throws(ExitCode) {
        let status: Int32
        do {
            try checkSettings()
            try work()
            status = ExitStatus.success.rawValue
        } catch {
            status = failed(error)
        }
        try CommandContext.current.end(status)
    }

    /// ``runBlocking(_:)`` for a command whose work awaits.
    static func run(_ work: () async throws -> Void) async throws(ExitCode) {
        let status: Int32
        do {
            try checkSettings()
            try await work()
            status = ExitStatus.success.rawValue
        } catch {
            status = failed(error)
        }
        try CommandContext.current.end(status)
    }

    /// Prints `error` as a failure and returns its exit status (an `ExitCode` passes through unprinted).
    static func failed(_ error: any Error) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        let failure = Self.failure(for: error)
        if JSONErrorOutput.requested { JSONErrorOutput.print(failure) }
        Terminal.printError(failure.message, hint: failure.hint)
        return failure.status.rawValue
    }

    /// The one-line failure for `error`: its own when it knows how to present itself, else a generic line and a
    /// report request. An error of no known kind is a library's own (its text may be a type dump or a system
    /// message meant for developers), so it is never printed as it is: its details go to standard error only with
    /// `COMPANION_LOG_LEVEL=debug` (or trace).
    static func failure(for error: any Error) -> CLIFailure {
        switch error {
        case let failure as CLIFailure: return failure
        case let mapped as any CLIFailureConvertible: return mapped.cliFailure
        default:
            if UnexpectedErrorDetails.enabled {
                Terminal.printNote(
                    "debug: unexpected \(String(reflecting: type(of: error))): \(String(reflecting: error))")
            }
            return CLIFailure(
                .failure, "the command failed in an unexpected way",
                hint: "run it again with COMPANION_LOG_LEVEL=debug to see the details, and please report them with "
                    + "the command you ran")
        }
    }
}
