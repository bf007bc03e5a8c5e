import Foundation

/// What the sidecar asks `companion-mcp-probe` to check, on the probe's standard input (never in its arguments:
/// `env` often holds secrets): one `stdio` MCP server, its environment already merged, and the time it has.
public struct MCPProbeRequest: Codable, Sendable, Equatable {
    public var command: String
    public var args: [String]
    public var env: [String: String]
    public var workingDirectory: String?
    public var timeoutMilliseconds: Int

    public init(
        command: String, args: [String], env: [String: String], workingDirectory: String?, timeoutMilliseconds: Int
    ) {
        self.command = command
        self.args = args
        self.env = env
        self.workingDirectory = workingDirectory
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}
