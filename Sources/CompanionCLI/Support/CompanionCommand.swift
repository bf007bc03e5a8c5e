import ArgumentParser
import Foundation

/// A command whose failures are printed as one clear line plus a hint, with a documented exit code.
protocol CompanionCommand: AsyncParsableCommand {
    /// The command's work. Throw ``CLIFailure`` for expected failures.
    func execute() async throws
}

extension CompanionCommand {
    mutating func run() async throws {
        await CommandOutcome.run { try await execute() }
    }
}

/// A ``CompanionCommand`` whose work blocks rather than awaits: reading the vault (its Secret Service reads are
/// blocking D-Bus calls on the calling thread), decoding or drawing an image. It runs on the main thread, where the
/// command line was parsed, so the command starts no thread of Swift's concurrency pool and hands its work over to
/// none (docs/startup.md: a thread hand-over is a wait for a core on a loaded machine).
protocol BlockingCompanionCommand: ParsableCommand {
    /// The command's work. Throw ``CLIFailure`` for expected failures.
    func execute() throws
}

extension BlockingCompanionCommand {
    mutating func run() throws {
        CommandOutcome.runBlocking { try execute() }
    }
}

/// How every command begins and ends: the settings file checked first, a failure printed as its line and hint
/// (and as JSON with `--json`) with its exit code, success ended at once.
enum CommandOutcome {
    /// An invalid settings file stops every command (exit 64, the file and key named): a typo such as `vualt` is
    /// never silently ignored, whichever option the command reads.
    static func checkSettings() throws {
        _ = try CLISettings.current()
    }

    /// Runs a blocking command's `work` and ends the program: the settings checked first, a failure printed with its
    /// exit code, success ended at once. Used by ``BlockingCompanionCommand`` and by ``DirectCommand``, which runs
    /// without ArgumentParser.
    static func runBlocking(_ work: () throws -> Void) -> Never {
        do {
            try checkSettings()
            try work()
        } catch {
            Foundation.exit(failed(error).rawValue)
        }
        succeeded()
    }

    /// ``runBlocking(_:)`` for a command whose work awaits.
    static func run(_ work: () async throws -> Void) async -> Never {
        do {
            try checkSettings()
            try await work()
        } catch {
            Foundation.exit(failed(error).rawValue)
        }
        succeeded()
    }

    /// Prints `error` as a failure and returns the exit code to throw (an `ExitCode` passes through unprinted).
    static func failed(_ error: any Error) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let failure = Self.failure(for: error)
        if JSONErrorOutput.requested { JSONErrorOutput.print(failure) }
        Terminal.printError(failure.message, hint: failure.hint)
        return ExitCode(failure.status.rawValue)
    }

    /// Ends the program with success, on the thread that ran the command. Returning would end it from the main
    /// queue, which dispatch_main serves from a newly started thread (strace -f of `keys show`): one more thread to
    /// start and be scheduled at the very end, which on a loaded machine is a wait of its own.
    static func succeeded() -> Never {
        Foundation.exit(ExitStatus.success.rawValue)
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
