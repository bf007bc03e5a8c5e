import Foundation

/// What the sidecar asks `companion-mcp-probe` to check, on the probe's standard input (never in its arguments:
/// `env` often holds secrets): one `stdio` MCP server, its environment already merged, and the time it has.
package struct MCPProbeRequest: Codable, Sendable, Equatable {
    package var command: String
    package var args: [String]
    package var env: [String: String]
    package var workingDirectory: String?
    package var timeoutMilliseconds: Int

    package init(
        command: String, args: [String], env: [String: String], workingDirectory: String?, timeoutMilliseconds: Int
    ) {
        self.command = command
        self.args = args
        self.env = env
        self.workingDirectory = workingDirectory
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}
