import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

/// An agent may not add power through the owner socket by having the agents' tmux server start a process for it
/// (`tmux run-shell`, `new-window`: the process's parent is the tmux server, not the agent, and its environment is
/// the server's): the sidecar runs agents on a tmux server of its own started with
/// ``CompanionAgents/agentServerVariable``, which ``PeerAncestry`` refuses as an ancestor. The owner's own tmux server
/// is not refused, and the sidecar starts no agent on a server it did not start.
@Suite(.timeLimit(.minutes(3))) struct OwnerTmuxEscapeTests {
    static let apiKey = "tmux-escape-api-key-0123456789"

    /// A sidecar with agent sessions on tmux server `socket`, for `body`.
    static func live(
        socket: String, directory: URL, _ body: (HTTPProbe, Sidecar) async throws -> Void
    ) async throws {
        var configuration = SidecarConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory.appendingPathComponent("sidecar"),
            hostName: "test-workstation")
        configuration.taskAPIKey = try TaskAPIKey(apiKey)
        configuration.taskAPIKey?.scopes = [.read, .control]
        configuration.agents = AgentsSettings(tmuxSocket: socket)
        let sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
        let running = try await sidecar.start()
        do {
            try await body(HTTPProbe(baseURL: running.baseURL), sidecar)
            await running.stop()
        } catch {
            await running.stop()
            throw error
        }
    }

    static func startAgent(_ probe: HTTPProbe, project: URL) async throws -> HTTPReply {
        try await probe.post(
            "/api/sessions", Data(#"{"project":"\#(project.path)","command":["cat"]}"#.utf8),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer \(apiKey)"])
    }

    /// Waits until `file` holds a line and returns it (the HTTP status a `curl` wrote).
    static func status(in file: URL) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(TestDeadline.seconds)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return "nothing written to \(file.lastPathComponent)"
    }

    static func tmux(_ socket: String, _ arguments: [String]) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run("/usr/bin/tmux", ["-L", socket] + arguments, timeout: TestDeadline.seconds)
    }

    @Test func whatTheAgentsTmuxServerStartsCannotRaiseScopesAndTheOwnersOwnTmuxCan() async throws {
        let directory = try TestPaths.temporaryDirectory("tmux-escape")
        let agents = "companion-escape-\(UUID().uuidString.prefix(8))"
        let own = "companion-own-\(UUID().uuidString.prefix(8))"
        defer {
            for socket in [agents, own] {
                ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", socket, "kill-server"], timeout: 10)
            }
            try? FileManager.default.removeItem(at: directory)
        }
        try await Self.live(socket: agents, directory: directory) { probe, sidecar in
            let device = try await TestDevice().pair(probe)
            let created = try await Self.startAgent(probe, project: directory)
            #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
            let session = try #require(
                try JSONValue.parse(String(decoding: created.body, as: UTF8.self))["data"]?["id"]?.stringValue)
            let owner = OwnerSocket.path(in: directory.appendingPathComponent("sidecar"))
            func raise(into file: URL) -> String {
                "curl -s -o /dev/null -w '%{http_code}\\n' --unix-socket \(owner) -X PUT "
                    + "'http://owner/devices/\(device)/scopes?set=read,tasks,chat,control' > \(file.path)"
            }
            // What an agent can do: clear the marker from the server's global environment, then have the server
            // start a process (no `COMPANION_AGENT_ID`, no `CLAUDECODE`, the tmux server as its parent).
            _ = try await Self.tmux(agents, ["set-environment", "-g", "-u", "COMPANION_AGENT_SERVER"])
            let target = "=companion-\(session):"
            let shell = directory.appendingPathComponent("run-shell")
            let ran = try await Self.tmux(agents, ["run-shell", "-t", target, raise(into: shell)])
            #expect(ran.status == 0, "\(ran)")
            #expect(try await Self.status(in: shell) == "403", "tmux run-shell on the agents' server")
            let window = directory.appendingPathComponent("new-window")
            let opened = try await Self.tmux(agents, ["new-window", "-d", "-t", target, raise(into: window)])
            #expect(opened.status == 0, "\(opened)")
            #expect(try await Self.status(in: window) == "403", "tmux new-window on the agents' server")
            #expect(try await sidecar.registry.devices().first?.scopeSet == DeviceScope.pairingDefault)

            // The owner's own tmux server (started by the owner, without the marker): not refused.
            let mine = directory.appendingPathComponent("own-tmux")
            let started = try await Self.tmux(own, ["-f", "/dev/null", "new-session", "-d", "-s", "mine", "cat"])
            #expect(started.status == 0, "\(started)")
            _ = try await Self.tmux(own, ["run-shell", "-t", "=mine:", raise(into: mine)])
            #expect(try await Self.status(in: mine) == "200", "tmux run-shell on the owner's own server")
            #expect(try await sidecar.registry.devices().first?.scopeSet == [.read, .tasks, .chat, .control])
        }
    }

    @Test func noAgentStartsOnATmuxServerTheSidecarDidNotStart() async throws {
        let directory = try TestPaths.temporaryDirectory("tmux-unmarked")
        let socket = "companion-unmarked-\(UUID().uuidString.prefix(8))"
        defer {
            ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", socket, "kill-server"], timeout: 10)
            try? FileManager.default.removeItem(at: directory)
        }
        // The owner's own server, already running under the name the sidecar is given.
        let started = try await Self.tmux(socket, ["-f", "/dev/null", "new-session", "-d", "-s", "mine", "cat"])
        #expect(started.status == 0, "\(started)")
        try await Self.live(socket: socket, directory: directory) { probe, _ in
            let refused = try await Self.startAgent(probe, project: directory)
            let message = String(decoding: refused.body, as: UTF8.self)
            #expect(refused.status == 409, "\(message)")
            #expect(message.contains("was not started by the sidecar") && message.contains("kill-server"), "\(message)")
            let sessions = try await Self.tmux(socket, ["list-sessions", "-F", "#{session_name}"])
            #expect(sessions.stdout == "mine\n", "\(sessions)")
        }
    }
}
