import CompanionAPI
import CompanionTestSupport
import Foundation

/// A `companion sidecar serve` with agent sessions on a private tmux server, the real `claude` in a sandbox answered
/// by a scripted endpoint that asks to `touch` a file, the user's settings in manual permission mode, and a companion
/// paired with it.
struct AgentsCLIWorld {
    static let usersSettings = #"{"permissions": {"defaultMode": "default"}}"# + "\n"

    let file: String
    let endpoint: ScriptedModelEndpoint
    let sandbox: ClaudeSandbox
    let tmuxSocket: String
    let claude: String
    let project: String
    let sidecar: SidecarProcess
    let cli: CompanionCLI

    static func start() async throws -> AgentsCLIWorld {
        let file = NSTemporaryDirectory() + "cli-approved-\(UUID().uuidString)"
        let endpoint = try ScriptedModelEndpoint { request in
            if request.answersToolUse { return .text("Done.", pieces: 1) }
            if request.lastUserPrompt == "please make the file" { return .bash("touch \(file)") }
            return .text("OK", pieces: 1)
        }
        let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        let tmuxSocket = "companion-cli-\(UUID().uuidString.prefix(8))"
        let claude = try ClaudeCLIBinary.locate()
        try Data(usersSettings.utf8).write(to: sandbox.settingsFile)
        let project = try sandbox.makeProject("cli-agents")
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(
                arguments: ["--claude-path", claude, "--log-level", "warning", "--tmux-socket", tmuxSocket],
                environment: sandbox.environment.mapValues { Optional($0) }))
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(
            cli, sidecar, name: "Phone", scopes: [.read, .tasks, .chat, .control])
        return AgentsCLIWorld(
            file: file, endpoint: endpoint, sandbox: sandbox, tmuxSocket: tmuxSocket, claude: claude, project: project,
            sidecar: sidecar, cli: cli)
    }

    /// `--settings` and `--data-dir` of the hooks commands.
    var location: [String] { ["--settings", sandbox.settingsFile.path, "--data-dir", sidecar.dataDirectory.path] }

    /// Installs the hooks, starts `claude` with `companion agents new` and waits for its prompt; returns the id.
    func startClaude() async throws -> String {
        let install = try await cli.run(["sidecar", "hooks", "install"] + location)
        guard install.status == Exit.success else { throw Failure(description: "hooks install: \(install)") }
        let (created, session) = try await cli.json(["agents", "new", "--project", project, "--command", claude])
        guard let id = session["id"]?.stringValue else { throw Failure(description: "agents new: \(created)") }
        let tail = try cli.spawn(["agents", "tail", id, "--follow"])
        try await tail.waitForOutput { out, _ in out.contains("? for shortcuts") }
        tail.kill(SIGTERM)
        return id
    }

    /// Waits until the session's terminal shows the model's last answer.
    func waitForTheAnswer(_ id: String) async throws {
        let done = try cli.spawn(["agents", "tail", id, "--follow"])
        try await done.waitForOutput { out, _ in out.contains("Done.") }
        done.kill(SIGTERM)
    }

    /// The last approval request in `companion watch --json` output. It may come as a session update or, when
    /// Claude Code asked before `watch` connected, inside the snapshot's sessions: `--exit-on-attention` ends on both.
    static func approvalAttention(watchedJSON stdout: String) -> [String: Any]? {
        let events = stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let sessions = events.flatMap { event in
            [event["session"] as? [String: Any]].compactMap { $0 } + ((event["sessions"] as? [[String: Any]]) ?? [])
        }
        return sessions.compactMap { $0["attention"] as? [String: Any] }.last { $0["kind"] as? String == "approval" }
    }

    func stop() {
        sidecar.stop()
        ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", tmuxSocket, "kill-server"], timeout: 10)
        endpoint.stop()
        sandbox.remove()
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
