import Foundation
import Subprocess

/// Starts a configured `stdio` MCP server, completes the MCP handshake (`initialize`, `initialized`) with the MCP
/// Swift SDK's client and lists its tools; then stops the server. The whole check is bounded by `timeout`.
/// `http`/`sse` servers are not started here (a remote endpoint is not ours to probe): their report says so.
///
/// The handshake runs in `companion-mcp-probe`, a small executable installed beside `companion`
/// (``MCPProbeLocation``), not in this process: the MCP SDK links Foundation's networking and with it libcurl and
/// about thirty more shared libraries, which every `companion` command would otherwise load at start.
package enum MCPHealthCheck {
    /// Checks `server`. `baseEnvironment` is what the server runs with before its own `env` is applied (Claude
    /// Code passes its own environment; the sidecar passes the filtered one it runs `claude` with).
    package static func check(
        _ server: MCPServerDefinition, baseEnvironment: [String: String], timeout: Duration = .seconds(10),
        probe: String? = MCPProbeLocation.executable()
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
        guard let probe else {
            return MCPHealthReport(
                healthy: false,
                problem:
                    "\(MCPProbeLocation.name) is not installed beside companion, so no MCP server can be checked "
                    + "(install both with scripts/install.sh, or set \(MCPProbeLocation.environmentVariable))",
                elapsedMilliseconds: elapsed())
        }
        let request = MCPProbeRequest(
            command: command, args: server.args, env: baseEnvironment.merging(server.env) { $1 },
            workingDirectory: server.projectPath,
            timeoutMilliseconds: Int(
                timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        var report = await run(probe: probe, request: request, timeout: timeout)
        report.elapsedMilliseconds = elapsed()
        return report
    }

    /// Runs the probe with `request` on its standard input and decodes its answer. The probe bounds the check by
    /// itself (it kills the server's process group and answers when `timeout` passes); this second bound is only
    /// for a probe that hangs, so it leaves a minute for the probe's own start on a loaded machine.
    private static func run(probe: String, request: MCPProbeRequest, timeout: Duration) async -> MCPHealthReport {
        func failure(_ text: String) -> MCPHealthReport {
            MCPHealthReport(healthy: false, problem: text, elapsedMilliseconds: 0)
        }
        guard let input = try? JSONEncoder().encode(request) else { return failure("the check could not be prepared") }
        let answer: Data? = await withTaskGroup(of: Data?.self) { group in
            group.addTask {
                let result = try? await Subprocess.run(
                    .path(.init(probe)), input: .array(Array(input)), output: .bytes(limit: 4 << 20),
                    error: .discarded)
                return result.map { Data($0.standardOutput) }
            }
            group.addTask {
                try? await Task.sleep(for: timeout + .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let answer else {
            return failure("\(MCPProbeLocation.name) did not answer within \(timeout + .seconds(60))")
        }
        guard let report = try? JSONDecoder().decode(MCPHealthReport.self, from: answer) else {
            return failure("\(MCPProbeLocation.name) gave no report (is it the same version as companion?)")
        }
        return report
    }
}

/// Where `companion-mcp-probe` is: `$COMPANION_MCP_PROBE` when set, else beside the running executable (as
/// `scripts/install.sh` installs it and as `swift build` builds it).
package enum MCPProbeLocation {
    package static let name = "companion-mcp-probe"
    package static let environmentVariable = "COMPANION_MCP_PROBE"

    /// The probe's path, or nil when there is none.
    package static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given = environment[environmentVariable], !given.isEmpty {
            return FileManager.default.isExecutableFile(atPath: given) ? given : nil
        }
        guard let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let beside = URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }
}
