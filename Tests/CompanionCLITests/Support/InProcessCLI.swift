import CompanionCLI
import CompanionTestSupport
import Foundation
import Synchronization

/// `companion` run in this process (``CompanionCommandLine/run(_:context:)``): the words after the program name,
/// an environment of the test's own (nothing of this process's: a private home, `NO_COLOR`), standard input from
/// a string, standard output and error captured, the exit status returned. Blocking work (images, files) runs on
/// a thread of its own (``offPool(_:)``), never on Swift's cooperative pool.
///
/// Use it for what needs no real process: start-up, signals, a terminal and pipes stay with the spawned
/// `CompanionCLI` of `CompanionEndToEndTests`.
struct InProcessCLI {
    /// The command's whole environment.
    var environment: [String: String]

    /// A companion with a private home directory (`HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`) made for it, no
    /// colour, and `extra`.
    init(_ extra: [String: String] = [:]) throws {
        let home = try TestPaths.temporaryDirectory("cli-home")
        environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ].merging(extra) { $1 }
    }

    /// What a run printed and its exit status.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

        /// Standard output as one JSON document.
        func json() throws -> JSONValue { try JSONValue.parse(stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Runs `companion <arguments>` with `stdin` as standard input.
    func run(_ arguments: [String], stdin: String = "") async -> Result {
        let captured = Captured()
        let context = CommandContext(
            environment: environment,
            output: OutputSink(
                standardOutput: { text in captured.stdout.withLock { $0 += text } },
                standardError: { text in captured.stderr.withLock { $0 += text } }),
            input: .text(stdin),
            blockingWork: { work in try await offPool(work) })
        let status = await CompanionCommandLine.run(arguments, context: context)
        return Result(
            status: status, stdout: captured.stdout.withLock { $0 }, stderr: captured.stderr.withLock { $0 })
    }
}

/// Standard output and error of one in-process run.
private final class Captured: Sendable {
    let stdout = Mutex("")
    let stderr = Mutex("")
}
