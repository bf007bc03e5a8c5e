import CompanionAPI
import CompanionClaudeCode
import Foundation
import Logging

/// The MCP server routes (``ClaudeMCPBackend``, ``ClaudeMCPRoutes``), over ``MCPServerCatalog`` (Claude Code's own
/// files and CLI).
actor ClaudeMCPService: ClaudeMCPBackend {
    let context: ClaudeCodeContext
    /// The `claude` CLI, through which changes go where it has a command.
    let runtime: ClaudeRuntime
    /// The last health check of each MCP server in this run (scope, project, name → the definition checked and
    /// whether it was healthy): what `GET /stats` counts as healthy.
    var healthSeen: [String: (definition: MCPServerDefinition, healthy: Bool)] = [:]

    var settings: ClaudeCodeSettings { context.settings }
    var configLocations: ClaudeConfigLocations { context.configLocations }
    var secretMask: MCPSecretMask { context.secretMask }
    var logger: Logger { context.logger }

    init(context: ClaudeCodeContext, runtime: ClaudeRuntime) {
        self.context = context
        self.runtime = runtime
    }

    /// The catalog, with the `claude` CLI when it was found (changes go through it where it has a command).
    func catalog() async -> MCPServerCatalog {
        MCPServerCatalog(
            locations: configLocations, cliExecutable: await runtime.executable(), environment: settings.environment)
    }

    func mcpServers(scope: MCPScope?, projectPath: String?) async throws(SidecarError) -> [MCPServer] {
        let projectPath = try await context.knownProject(projectPath)
        let all = try await mcp { (catalog) throws(MCPServerError) in try catalog.list(projectPath: projectPath) }
        return all.filter { scope == nil || $0.scope.rawValue == scope!.rawValue }.map(presented)
    }

    func mcpServer(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError)
        -> MCPServer
    {
        let projectPath = try await context.knownProject(projectPath)
        return presented(try await find(name: name, scope: scope, projectPath: projectPath))
    }

    func addMCPServer(_ request: CreateMCPRequest) async throws(SidecarError) -> MCPServer {
        _ = try await context.knownProject(request.projectPath)
        let definition = try Self.definition(request, name: request.name)
        let catalog = await catalog()
        do { try await catalog.add(definition) } catch { throw Self.sidecarError(error) }
        logger.info(
            "MCP server added", metadata: ["name": "\(definition.name)", "scope": "\(definition.scope.rawValue)"])
        return try await mcpServer(
            name: definition.name, scope: request.scope ?? .user, projectPath: definition.projectPath)
    }

    func updateMCPServer(
        name: String, _ request: CreateMCPRequest, requester: AuditRequester, mayRestoreElsewhere: Bool
    ) async throws(SidecarError) -> MCPServer {
        _ = try await context.knownProject(request.projectPath)
        let scope = request.scope ?? .user
        let existing = try await find(name: name, scope: scope, projectPath: request.projectPath)
        var definition = try Self.definition(request, name: request.name)
        try await restoreMasks(
            in: &definition, from: existing, requester: requester, mayRestoreElsewhere: mayRestoreElsewhere)
        let catalog = await catalog()
        do { try catalog.replace(name: name, with: definition) } catch { throw Self.sidecarError(error) }
        logger.info("MCP server changed", metadata: ["name": "\(definition.name)", "scope": "\(scope.rawValue)"])
        return try await mcpServer(name: definition.name, scope: scope, projectPath: definition.projectPath)
    }

    func deleteMCPServer(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError) {
        let projectPath = try await context.knownProject(projectPath)
        let found = try await find(name: name, scope: scope, projectPath: projectPath, unique: scope == nil)
        let catalog = await catalog()
        do { try await catalog.remove(name: found.name, scope: found.scope, projectPath: found.projectPath) } catch {
            throw Self.sidecarError(error)
        }
        logger.info("MCP server removed", metadata: ["name": "\(name)", "scope": "\(found.scope.rawValue)"])
    }

    func mcpHealth(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError)
        -> MCPHealthResponse
    {
        let projectPath = try await context.knownProject(projectPath)
        let server = try await find(name: name, scope: scope, projectPath: projectPath)
        let report = await MCPHealthCheck.check(server, baseEnvironment: settings.environment)
        let status: MCPStatus = !report.checked ? .unknown : report.healthy ? .healthy : .unhealthy
        healthSeen[Self.healthKey(server)] = (server, status == .healthy)
        return MCPHealthResponse(
            name: server.name, status: status,
            isEnabled: try await isEnabled(server), command: server.command ?? server.url ?? "",
            checkedAt: ClaudeAPIJSON.string(from: Date()), serverName: report.serverName,
            serverVersion: report.serverVersion, protocolVersion: report.protocolVersion,
            tools: report.tools.map { MCPTool(name: $0.name, description: $0.description) }, problem: report.problem,
            elapsedMs: report.elapsedMilliseconds)
    }

    func revealMCPServer(name: String, scope: MCPScope?, projectPath: String?, requester: AuditRequester)
        async throws(SidecarError) -> MCPRevealResponse
    {
        let server = try await find(name: name, scope: scope, projectPath: projectPath)
        // Recorded before the values leave: no audit row, no values.
        try await context.audited(
            AuditEntry(
                at: Date(), event: .mcpSecretRevealed, deviceId: requester.deviceId, peer: requester.peer,
                detail: "\(server.scope.rawValue) MCP server \(server.name): \(server.env.count) env, "
                    + "\(server.headers.count) header values"),
            nothing: "is revealed")
        logger.notice("MCP server values revealed", metadata: ["name": "\(server.name)"])
        return MCPRevealResponse(
            name: server.name, scope: MCPScope(rawValue: server.scope.rawValue)!, env: server.env,
            headers: server.headers.isEmpty ? nil : server.headers)
    }
}
