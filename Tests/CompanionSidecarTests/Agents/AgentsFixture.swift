import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation

/// A real sidecar on loopback with agent sessions on: tmux on a private server (`-L`), the real `claude` in a
/// sandboxed HOME pointed at a scripted model endpoint, Claude Code's command hooks (the built `companion hook`,
/// delivering over the owner socket) installed in the sandbox's settings; clients with the Bearer API key.
struct AgentsFixture {
    static let apiKey = "agents-api-test-key-0123456789"

    let endpoint: ScriptedModelEndpoint
    let sandbox: ClaudeSandbox
    let dataDirectory: URL
    let tmuxSocket: String
    let claude: String
    let project: String

    init(rule: @escaping @Sendable (ScriptedModelRequest) -> ScriptedModelReply) throws {
        claude = try ClaudeCLIBinary.locate()
        endpoint = try ScriptedModelEndpoint(rule: rule)
        sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        dataDirectory = sandbox.root.appendingPathComponent("sidecar")
        tmuxSocket = "companion-test-\(UUID().uuidString.prefix(8))"
        project = try sandbox.makeProject("agents")
        // The user's own settings: the manual permission mode (so the real permission dialog appears) and a hook
        // of their own, which the companion's must leave alone.
        let settings = """
            {"permissions": {"defaultMode": "default"},
             "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}

            """
        try Data(settings.utf8).write(to: sandbox.settingsFile)
    }

    /// The model asks to run Bash `touch <file>` for the prompt "please make the file", and says "Done." once it
    /// has the tool's result (whatever it was).
    static func touching(_ file: String) -> @Sendable (ScriptedModelRequest) -> ScriptedModelReply {
        { request in
            if request.answersToolUse { return .text("Done.", pieces: 1) }
            if request.lastUserPrompt == "please make the file" {
                return .bash("touch \(file)", description: "Create the file")
            }
            return .text("OK", pieces: 1)
        }
    }

    func configuration(
        holdTime: Duration, hosts: [String] = ["127.0.0.1"], chats: Bool = false, hookFreshness: TimeInterval = 10,
        push: PushSettings? = nil
    ) throws -> SidecarConfiguration {
        var configuration = SidecarConfiguration(
            port: 0, dataDirectory: dataDirectory, hostName: "test-workstation")
        configuration.hosts = hosts
        configuration.taskAPIKey = try TaskAPIKey(Self.apiKey)
        configuration.taskAPIKey?.scopes = DeviceScope.all  // the agent routes need control (the default is read,tasks)
        configuration.agents = AgentsSettings(
            tmuxSocket: tmuxSocket, approvalHoldTime: holdTime, hookFreshness: hookFreshness, defaultCommand: [claude],
            environment: sandbox.environment)
        configuration.push = push
        if chats {
            configuration.claudeCode = ClaudeCodeSettings(executablePath: claude, environment: sandbox.environment)
        }
        return configuration
    }

    /// Serves a sidecar for `body` (hooks installed pointing at it when `hooks`), then stops it.
    func live<T>(
        holdTime: Duration = .seconds(120), hooks: Bool = true, hosts: [String] = ["127.0.0.1"], chats: Bool = false,
        hookFreshness: TimeInterval = 10, push: PushSettings? = nil, _ body: (Live) async throws -> T
    ) async throws -> T {
        let sidecar = try Sidecar(
            configuration: try configuration(
                holdTime: holdTime, hosts: hosts, chats: chats, hookFreshness: hookFreshness, push: push),
            logLevel: .warning)
        let running = try await sidecar.start()
        let live = try Live(running: running, sidecar: sidecar)
        do {
            if hooks {
                _ = try ClaudeHookInstaller(settingsPath: sandbox.settingsFile.path, stateDirectory: dataDirectory.path)
                    .install(
                        command: ClaudeHookInstaller.hookCommand(
                            executable: TestPaths.companionBinary.path,
                            socketPath: OwnerSocket.path(in: dataDirectory)))
            }
            let result = try await body(live)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    func remove() {
        ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", tmuxSocket, "kill-server"], timeout: 10)
        endpoint.stop()
        sandbox.remove()
    }

    struct Live {
        let running: RunningSidecar
        let sidecar: Sidecar
        let client: AgentClient
        let probe: HTTPProbe
        /// Where hook events are posted: the owner socket.
        let hooks: OwnerHookPoster

        init(running: RunningSidecar, sidecar: Sidecar) throws {
            self.running = running
            self.sidecar = sidecar
            client = AgentClient(
                transport: try SidecarTransport(
                    baseURL: running.baseURL.absoluteString,
                    authentication: SidecarAuthentication(apiKey: AgentsFixture.apiKey), timeout: TestDeadline.duration)
            )
            probe = HTTPProbe(baseURL: running.baseURL)
            hooks = OwnerHookPoster(socketPath: OwnerSocket.path(in: sidecar.configuration.dataDirectory))
        }

        /// A `/ws` connection subscribed to `terminals`.
        func events(
            after: Int? = nil, epoch: String? = nil, terminals: [String] = [], then more: [AgentClientMessage] = []
        ) -> AgentEventLog {
            AgentEventLog.connect(
                AgentEventSocket(transport: client.transport), after: after, epoch: epoch, terminals: terminals,
                then: more)
        }

        /// Starts `claude` in tmux in the project and waits until its prompt is on the screen.
        func startClaude(_ fixture: AgentsFixture) async throws -> (AgentSessionInfo, AgentEventLog) {
            let session = try await client.create(
                CreateAgentSessionRequest(project: fixture.project, command: [fixture.claude]))
            let log = events(terminals: [session.id])
            _ = try await log.first("claude's prompt") { $0.terminal(session.id, contains: "? for shortcuts") }
            return (session, log)
        }
    }
}
