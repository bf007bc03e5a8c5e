import Foundation
import Subprocess

/// tmux through its command line, always as an argument vector (never a shell), on one server
/// (`-L socketName`, or the user's default server), with exactly the environment given (a server it starts keeps
/// that environment for every pane: ``TmuxEnvironment``).
package struct Tmux: Sendable {
    /// The tmux executable.
    package let executable: String
    /// `-L` socket name; nil uses the default server.
    package let socketName: String?
    /// The whole environment of every tmux command (never the caller's own).
    package let environment: [String: String]

    /// `environment` defaults to ``TmuxEnvironment/filtered(_:)`` of this process's environment.
    package init(
        executable: String = "/usr/bin/tmux", socketName: String? = nil,
        environment: [String: String] = TmuxEnvironment.filtered(ProcessInfo.processInfo.environment)
    ) {
        self.executable = executable
        self.socketName = socketName
        self.environment = environment
    }

    /// One session as `list-sessions` reports it.
    package struct SessionInfo: Sendable, Equatable {
        package var name: String
        /// The working directory of its active pane.
        package var directory: String
        /// Whether the active pane's process has exited (with `remain-on-exit`).
        package var isDead: Bool
    }

    var baseArguments: [String] { socketName.map { ["-L", $0] } ?? [] }

    /// Runs `tmux <arguments>`; returns standard output. Throws ``TmuxError`` when tmux fails.
    @discardableResult
    func run(_ arguments: [String]) async throws(TmuxError) -> String {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw .notInstalled(executable) }
        let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
        do {
            result = try await Subprocess.run(
                .path(.init(executable)), arguments: Arguments(baseArguments + arguments),
                environment: subprocessEnvironment, input: .none, output: .string(limit: 4 << 20),
                error: .string(limit: 64 << 10))
        } catch {
            throw .failed(command: arguments.first ?? "", detail: "could not be started")
        }
        guard case .exited(0) = result.terminationStatus else {
            let detail = result.standardError.split(separator: "\n").first.map(String.init) ?? "exit status"
            // "no current target": the server is up with no session left, as it is for a moment after the last
            // one ended (claude exited) and before the server exits; "server exited unexpectedly": the server
            // exited while answering, as it does when the command ended its last session. Either way the named
            // session is gone.
            if detail.contains("can't find session") || detail.contains("no server running")
                || detail.contains("session not found") || detail.contains("no current target")
                || detail.contains("server exited unexpectedly")
            {
                throw .noSuchSession(arguments.last ?? "")
            }
            if detail.contains("duplicate session") { throw .duplicateSession(arguments.last ?? "") }
            throw .failed(command: arguments.first ?? "", detail: String(detail.prefix(200)))
        }
        return result.standardOutput
    }

    /// Starts a detached session `name` in `directory` running `command` (an argument vector, run directly by
    /// tmux through `env`, so never by a shell) with `environment` added; `width`×`height` characters.
    package func newSession(
        name: String, directory: String, command: [String], environment: [String: String] = [:],
        width: Int = 160, height: Int = 48
    ) async throws(TmuxError) {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try await run(
            [
                "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "-c", directory, "--",
                "/usr/bin/env",
            ] + assignments + command)
    }

    /// Every session of the server (none when no server runs).
    package func listSessions() async throws(TmuxError) -> [SessionInfo] {
        let output: String
        do {
            output = try await run(["list-sessions", "-F", "#{session_name}\t#{pane_current_path}\t#{pane_dead}"])
        } catch .noSuchSession {
            return []
        } catch .failed(_, let detail) where detail.contains("No such file") || detail.contains("error connecting") {
            return []
        }
        return output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return SessionInfo(name: String(fields[0]), directory: String(fields[1]), isDead: fields[2] == "1")
        }
    }

    /// True when session `name` exists.
    package func hasSession(_ name: String) async -> Bool {
        do {
            try await run(["has-session", "-t", "=" + name])
            return true
        } catch { return false }
    }

    /// The last `lines` lines of the session's visible pane and history, trailing blank lines dropped.
    package func capture(_ name: String, lines: Int) async throws(TmuxError) -> [String] {
        let output = try await run(["capture-pane", "-p", "-J", "-t", "=" + name + ":", "-S", "-\(max(lines, 1))"])
        var all = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = all.last, last.trimmingCharacters(in: .whitespaces).isEmpty { all.removeLast() }
        return Array(all.suffix(lines))
    }

    /// Types `text` into the session as literal keys (`send-keys -l`), then presses Enter when `enter`.
    package func send(_ name: String, text: String, enter: Bool) async throws(TmuxError) {
        if !text.isEmpty { try await run(["send-keys", "-t", "=" + name + ":", "-l", "--", text]) }
        if enter { try await run(["send-keys", "-t", "=" + name + ":", "Enter"]) }
    }

    /// Ends the session and its processes.
    package func kill(_ name: String) async throws(TmuxError) {
        try await run(["kill-session", "-t", "=" + name])
    }
}
