import CompanionAPI
import CompanionClient
import Foundation

/// The MCP servers and Claude Code's settings on the workstation, as this companion reaches them
/// (``ClaudeConfigurationAccess/configuration(url:apiKey:store:timeout:)``). Every call throws a ``CompanionError``
/// with the advice of ``ClaudeConfigurationAccess/failure(_:)`` (a name taken, a file Claude Code cannot parse, an
/// unknown server).
public struct WorkstationClaudeConfiguration: Sendable {
    let client: ClaudeCodeClient

    /// The configured MCP servers, env and header values masked.
    public func mcpServers(scope: MCPScope? = nil, projectPath: String? = nil) async throws(CompanionError)
        -> ListResponse<MCPServer>
    {
        try await call { client throws(CompanionClientError) in
            try await client.mcpServers(scope: scope, projectPath: projectPath)
        }
    }

    /// One MCP server, values masked.
    public func mcpServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil) async throws(CompanionError)
        -> MCPServer
    {
        try await call { client throws(CompanionClientError) in
            try await client.mcpServer(name: name, scope: scope, projectPath: projectPath)
        }
    }

    /// Adds an MCP server.
    public func addMCPServer(_ request: CreateMCPRequest) async throws(CompanionError) -> MCPServer {
        try await call { client throws(CompanionClientError) in try await client.addMCPServer(request) }
    }

    /// Replaces the MCP server `name` (masked values sent back unchanged keep the stored ones).
    public func updateMCPServer(name: String, _ request: CreateMCPRequest) async throws(CompanionError) -> MCPServer {
        try await call { client throws(CompanionClientError) in try await client.updateMCPServer(name: name, request) }
    }

    /// Removes an MCP server.
    public func deleteMCPServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        async throws(CompanionError) -> DeletedResponse
    {
        try await call { client throws(CompanionClientError) in
            try await client.deleteMCPServer(name: name, scope: scope, projectPath: projectPath)
        }
    }

    /// Starts the server on the workstation and completes the MCP handshake.
    public func mcpHealth(name: String, scope: MCPScope? = nil, projectPath: String? = nil) async throws(CompanionError)
        -> MCPHealthResponse
    {
        try await call { client throws(CompanionClientError) in
            try await client.mcpHealth(name: name, scope: scope, projectPath: projectPath)
        }
    }

    /// The server's env and header values; the sidecar records the request in its audit log.
    public func revealMCPServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        async throws(CompanionError) -> MCPRevealResponse
    {
        try await call { client throws(CompanionClientError) in
            try await client.revealMCPServer(name: name, scope: scope, projectPath: projectPath)
        }
    }

    /// `settings.json` of `scope` (`user`, or `project` with `projectPath`).
    public func config(scope: String, projectPath: String? = nil) async throws(CompanionError) -> ConfigInfo {
        try await call { client throws(CompanionClientError) in
            try await client.config(scope: scope, projectPath: projectPath)
        }
    }

    /// Sets the keys of `request.content` (a `null` removes one), keeping every other key.
    public func updateConfig(_ request: UpdateConfigRequest) async throws(CompanionError) -> ConfigInfo {
        try await call { client throws(CompanionClientError) in try await client.updateConfig(request) }
    }

    /// The sidecar's `GET /health`: whether Claude Code is available on the workstation, and its version.
    public func health() async throws(CompanionError) -> HealthResponse {
        try await call { client throws(CompanionClientError) in
            try await CompanionAPIClient(transport: client.transport).health()
        }
    }

    private func call<T>(_ body: (ClaudeCodeClient) async throws(CompanionClientError) -> T)
        async throws(CompanionError) -> T
    {
        do { return try await body(client) } catch { throw ClaudeConfigurationAccess.failure(error) }
    }
}
