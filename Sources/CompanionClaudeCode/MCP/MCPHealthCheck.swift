import Foundation
import Logging
import MCP
import Subprocess
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a configured `stdio` MCP server, completes the MCP handshake (`initialize`, `initialized`) with the MCP
/// Swift SDK's client over the server's standard input and output, and lists its tools; then stops the server
/// (SIGTERM to its process group, SIGKILL after a grace period). The whole check is bounded by `timeout`.
/// `http`/`sse` servers are not started here (a remote endpoint is not ours to probe): their report says so.
public enum MCPHealthCheck {
    /// Checks `server`. `baseEnvironment` is what the server runs with before its own `env` is applied (Claude
    /// Code passes its own environment; the sidecar passes the filtered one it runs `claude` with).
    public static func check(
        _ server: MCPServerDefinition, baseEnvironment: [String: String], timeout: Duration = .seconds(10)
    ) async -> MCPHealthReport {
        let started = ContinuousClock.now
        func elapsed() -> Int {
            let duration = ContinuousClock.now - started
            return Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }
        guard server.kind == .stdio, let command = server.command else {
            return MCPHealthReport(
                healthy: false,
                problem:
                    "\(server.kind.rawValue) servers are not contacted by the health check (only stdio servers are "
                    + "started): their health is unknown",
                elapsedMilliseconds: elapsed(), checked: false)
        }
        do {
            var report = try await run(
                command: command, server: server, environment: baseEnvironment.merging(server.env) { $1 },
                timeout: timeout)
            report.elapsedMilliseconds = elapsed()
            return report
        } catch let failure as HealthFailure {
            return MCPHealthReport(healthy: false, problem: failure.text, elapsedMilliseconds: elapsed())
        } catch {
            return MCPHealthReport(
                healthy: false, problem: "the server could not be started (\(type(of: error)))",
                elapsedMilliseconds: elapsed())
        }
    }

    struct HealthFailure: Error {
        let text: String
    }

    private static func run(
        command: String, server: MCPServerDefinition, environment: [String: String], timeout: Duration
    ) async throws -> MCPHealthReport {
        // A server that exits before reading the handshake must not kill this process with SIGPIPE (the write
        // fails with EPIPE instead, which the client reports).
        signal(SIGPIPE, SIG_IGN)
        let toServer = try FileDescriptor.pipe()
        let fromServer = try FileDescriptor.pipe()
        var options = PlatformOptions()
        options.processGroupID = 0
        options.teardownSequence = [.send(signal: .terminate, allowedDurationToNextStep: .milliseconds(500))]
        let executable: Executable = command.contains("/") ? .path(FilePath(command)) : .name(command)
        let outcome = try await Subprocess.run(
            executable, arguments: .init(server.args), environment: .custom(environmentKeys(environment)),
            workingDirectory: server.projectPath.map { FilePath($0) }, platformOptions: options,
            input: .fileDescriptor(toServer.readEnd, closeAfterSpawningProcess: true),
            output: .fileDescriptor(fromServer.writeEnd, closeAfterSpawningProcess: true), error: .discarded
        ) { execution -> Result<MCPHealthReport, HealthFailure> in
            let transport = StdioTransport(input: fromServer.readEnd, output: toServer.writeEnd)
            let client = Client(name: "companionkit-health", version: "1")
            let attempt = Task { await handshake(client: client, transport: transport) }
            // The bound: past `timeout`, the server is killed and the client disconnected, which ends any
            // request still waiting for an answer.
            let bound = Task {
                try await Task.sleep(for: timeout)
                try? execution.send(signal: .kill, toProcessGroup: true)
                await client.disconnect()
            }
            var result = await attempt.value
            bound.cancel()
            if (try? await bound.value) != nil {
                result = .failure(HealthFailure(text: "the server did not complete the MCP handshake in \(timeout)"))
            }
            await client.disconnect()
            try? toServer.writeEnd.close()
            try? fromServer.readEnd.close()
            await execution.teardown(using: [
                .send(signal: .terminate, allowedDurationToNextStep: .milliseconds(500)),
                .send(signal: .kill, allowedDurationToNextStep: .milliseconds(100)),
            ])
            return result
        }
        return try outcome.closureResult.get()
    }

    private static func handshake(client: Client, transport: StdioTransport) async -> Result<
        MCPHealthReport, HealthFailure
    > {
        do {
            let initialized = try await client.connect(transport: transport)
            var tools: [MCPHealthReport.Tool] = []
            if initialized.capabilities.tools != nil {
                var cursor: String?
                repeat {
                    let page = try await client.listTools(cursor: cursor)
                    tools += page.tools.map { MCPHealthReport.Tool(name: $0.name, description: $0.description) }
                    cursor = page.nextCursor
                } while cursor != nil && tools.count < 1000
            }
            return .success(
                MCPHealthReport(
                    healthy: true, serverName: initialized.serverInfo.name,
                    serverVersion: initialized.serverInfo.version, protocolVersion: initialized.protocolVersion,
                    tools: tools, elapsedMilliseconds: 0))
        } catch {
            return .failure(HealthFailure(text: "the MCP handshake failed: \(describe(error))"))
        }
    }

    /// The MCP error's own words (they come from the server's JSON-RPC error or the transport, not from its env).
    private static func describe(_ error: any Error) -> String {
        if let error = error as? MCPError { return String(error.localizedDescription.prefix(200)) }
        return "\(type(of: error))"
    }
}
