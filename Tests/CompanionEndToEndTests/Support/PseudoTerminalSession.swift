import CompanionTestSupport
import Foundation

/// A command running under script(1), which gives it a pseudo-terminal: what a person sees in a terminal.
final class PseudoTerminalSession: @unchecked Sendable {
    let process: RunningProcess

    init(_ command: [String], environment: [String: String?]) throws {
        process = try ProcessRunner.spawn(
            "/usr/bin/script", ["-qefc", command.joined(separator: " "), "/dev/null"], environment: environment)
    }

    /// Everything shown on the terminal so far.
    var text: String { process.stdout }

    /// Types `text` on the terminal.
    func type(_ text: String) { process.write(text) }

    /// Waits for the command to end and returns its status and transcript.
    func finish() async throws -> ProcessRunner.Result { try await process.finish(timeout: 60) }

    /// Ends the session (SIGTERM to script, which passes the hangup on) and closes the terminal input.
    func stop() {
        process.kill(SIGTERM)
        process.closeInput()
    }
}
