import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation

/// A real sidecar on loopback serving `/api/v1` with the real `claude` (installed by scripts/setup.sh) in a
/// sandboxed HOME, pointed at a scripted model endpoint; clients with the Bearer API key.
struct ClaudeAPIFixture {
    static let apiKey = "claude-api-test-key-0123456789"

    let endpoint: ScriptedModelEndpoint
    let sandbox: ClaudeSandbox
    let dataDirectory: URL

    init(rule: @escaping @Sendable (ScriptedModelRequest) -> ScriptedModelReply) throws {
        endpoint = try ScriptedModelEndpoint(rule: rule)
        sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        dataDirectory = sandbox.root.appendingPathComponent("sidecar")
    }

    /// The sidecar's configuration; `environment` entries replace the sandbox's for the CLI it runs.
    func configuration(environment: [String: String] = [:]) throws -> SidecarConfiguration {
        var configuration = SidecarConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, hostName: "test-workstation",
            maxBodyBytes: 4096)
        configuration.taskAPIKey = try TaskAPIKey(Self.apiKey)
        configuration.taskAPIKey?.scopes = DeviceScope.all  // the Claude Code API's routes (the default is read,tasks)
        configuration.claudeCode = ClaudeCodeSettings(
            executablePath: try ClaudeCLIBinary.locate(),
            environment: sandbox.environment.merging(environment) { $1 })
        return configuration
    }

    /// Serves a sidecar for `body`, then stops it (and with it every run); `environment` as in
    /// ``configuration(environment:)``.
    func live<T>(environment: [String: String] = [:], _ body: (Live) async throws -> T) async throws -> T {
        let sidecar = try Sidecar(configuration: try configuration(environment: environment), logLevel: .warning)
        let running = try await sidecar.start()
        let live = try Live(running: running, sidecar: sidecar)
        do {
            let result = try await body(live)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    func remove() {
        endpoint.stop()
        sandbox.remove()
    }

    struct Live {
        let running: RunningSidecar
        let sidecar: Sidecar
        let client: ClaudeCodeClient
        let probe: HTTPProbe

        init(running: RunningSidecar, sidecar: Sidecar) throws {
            self.running = running
            self.sidecar = sidecar
            client = ClaudeCodeClient(
                transport: try SidecarTransport(
                    baseURL: running.baseURL.absoluteString,
                    authentication: SidecarAuthentication(apiKey: ClaudeAPIFixture.apiKey),
                    timeout: TestDeadline.duration))
            probe = HTTPProbe(baseURL: running.baseURL)
        }

        /// Sends `prompt` and collects the stream to its end.
        func chat(_ request: ChatStreamRequest) async throws -> (sessionID: UUID?, events: [ChatEvent]) {
            let stream = try await client.chat(request)
            var events: [ChatEvent] = []
            for try await event in stream.messages { events.append(event) }
            return (stream.sessionID, events)
        }
    }
}

extension [ChatEvent] {
    /// The text of the answer's deltas, joined.
    var streamedText: String {
        compactMap { event -> String? in
            if case .message(.streamEvent(let message), _) = event, case .textDelta(let text)? = message.delta {
                return text
            }
            return nil
        }.joined()
    }

    /// The run's result message.
    var result: ResultMessage? {
        for event in self { if case .message(.result(let result), _) = event { return result } }
        return nil
    }
}
