import CompanionAPI
import Foundation

/// MCP servers and Claude Code's settings on the workstation.
extension ClaudeCodeClient {
    /// The configured MCP servers, env and header values masked.
    public func mcpServers(scope: MCPScope? = nil, projectPath: String? = nil) async throws(CompanionClientError)
        -> ListResponse<MCPServer>
    {
        try await get(.mcpServers(scope: scope, projectPath: projectPath))
    }

    /// One MCP server, values masked.
    public func mcpServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        async throws(CompanionClientError) -> MCPServer
    {
        try await get(.mcpServer(name: name, scope: scope, projectPath: projectPath))
    }

    /// Adds an MCP server.
    public func addMCPServer(_ request: CreateMCPRequest) async throws(CompanionClientError) -> MCPServer {
        try await send(.addMCPServer, body: request)
    }

    /// Replaces the MCP server `name` (masked values sent back unchanged keep the stored ones).
    public func updateMCPServer(name: String, _ request: CreateMCPRequest) async throws(CompanionClientError)
        -> MCPServer
    {
        try await send(.updateMCPServer(name: name), body: request)
    }

    /// Removes an MCP server.
    public func deleteMCPServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        async throws(CompanionClientError) -> DeletedResponse
    {
        try await get(.deleteMCPServer(name: name, scope: scope, projectPath: projectPath))
    }

    /// Starts the server on the workstation and completes the MCP handshake.
    public func mcpHealth(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        async throws(CompanionClientError) -> MCPHealthResponse
    {
        try await get(.mcpHealth(name: name, scope: scope, projectPath: projectPath))
    }

    /// The server's env and header values; the sidecar records the request in its audit log.
    public func revealMCPServer(name: String, scope: MCPScope? = nil, projectPath: String? = nil)
        async throws(CompanionClientError) -> MCPRevealResponse
    {
        try await send(.revealMCPServer(name: name, scope: scope, projectPath: projectPath), body: [String: String]())
    }

    /// `settings.json` of `scope` (`user`, or `project` with `projectPath`).
    public func config(scope: String, projectPath: String? = nil) async throws(CompanionClientError) -> ConfigInfo {
        try await get(.config(scope: scope, projectPath: projectPath))
    }

    /// Sets the keys of `request.content` (a `null` removes one), keeping every other key.
    public func updateConfig(_ request: UpdateConfigRequest) async throws(CompanionClientError) -> ConfigInfo {
        try await send(.updateConfig, body: request)
    }
}
