import CompanionAPI
import Foundation

/// What the MCP server routes under `/api/v1` ask of Claude Code on the workstation (endpoint matrix rows 20–24,
/// `GET /mcp/:name/health` and `POST /mcp/:name/reveal`), in the API's own types; ``ClaudeMCPService`` implements
/// it. Every expected failure is a ``SidecarError``: 400 for invalid input, 404 for an unknown server, 409 for a
/// name taken, an ambiguous name or a malformed file left unchanged, 503 when Claude Code's files cannot be used
/// now.
package protocol ClaudeMCPBackend: Sendable {
    /// Every configured server (`scope` and `projectPath` narrow the list), env and header values masked.
    func mcpServers(scope: MCPScope?, projectPath: String?) async throws(SidecarError) -> [MCPServer]
    /// One server; without `scope`, the one Claude Code would use (local, then project, then user).
    func mcpServer(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError) -> MCPServer
    func addMCPServer(_ request: CreateMCPRequest) async throws(SidecarError) -> MCPServer
    /// Replaces the server `name` (in the request's scope) with the request; masked values sent back unchanged
    /// keep the stored ones, but only while `command`, `args` and `url` stay as stored: otherwise the secrets would
    /// go to a program or address the caller chose. With `mayRestoreElsewhere` (an `admin` caller, who could reveal
    /// them anyway) they are kept there too, and that is recorded in the audit log as a reveal, for `requester`.
    func updateMCPServer(
        name: String, _ request: CreateMCPRequest, requester: AuditRequester, mayRestoreElsewhere: Bool
    ) async throws(SidecarError) -> MCPServer
    func deleteMCPServer(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError)
    /// Starts the server and completes the MCP handshake, bounded in time.
    func mcpHealth(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError)
        -> MCPHealthResponse
    /// The server's env and header values, recorded in the audit log as asked by `requester`.
    func revealMCPServer(name: String, scope: MCPScope?, projectPath: String?, requester: AuditRequester)
        async throws(SidecarError) -> MCPRevealResponse
}

/// Who asked for something the audit log records: the signing device, or the API key's holder, and the peer.
package struct AuditRequester: Sendable, Equatable {
    package var deviceId: String?
    package var peer: String

    package init(deviceId: String?, peer: String) {
        self.deviceId = deviceId
        self.peer = peer
    }
}
