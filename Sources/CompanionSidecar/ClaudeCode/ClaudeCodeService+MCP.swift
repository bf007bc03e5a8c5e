import CompanionAPI
import CompanionClaudeCode
import Foundation

/// The MCP server routes (``ClaudeMCPBackend``), over ``MCPServerCatalog`` (Claude Code's own files and CLI).
extension ClaudeCodeService: ClaudeMCPBackend {
    /// The catalog, with the `claude` CLI when it was found (changes go through it where it has a command).
    func catalog() async throws(SidecarError) -> MCPServerCatalog {
        if cli == nil { await locate() }
        return MCPServerCatalog(
            locations: configLocations, cliExecutable: cli?.executable, environment: settings.environment)
    }

    public func mcpServers(scope: MCPScope?, projectPath: String?) async throws(SidecarError) -> [MCPServer] {
        let projectPath = try await knownProject(projectPath)
        let all = try await mcp { (catalog) throws(MCPServerError) in try catalog.list(projectPath: projectPath) }
        return all.filter { scope == nil || $0.scope.rawValue == scope!.rawValue }.map(presented)
    }

    public func mcpServer(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError)
        -> MCPServer
    {
        let projectPath = try await knownProject(projectPath)
        return presented(try await find(name: name, scope: scope, projectPath: projectPath))
    }

    public func addMCPServer(_ request: CreateMCPRequest) async throws(SidecarError) -> MCPServer {
        _ = try await knownProject(request.projectPath)
        let definition = try Self.definition(request, name: request.name)
        let catalog = try await catalog()
        do { try await catalog.add(definition) } catch { throw Self.sidecarError(error) }
        logger.info(
            "MCP server added", metadata: ["name": "\(definition.name)", "scope": "\(definition.scope.rawValue)"])
        return try await mcpServer(
            name: definition.name, scope: request.scope ?? .user, projectPath: definition.projectPath)
    }

    public func updateMCPServer(
        name: String, _ request: CreateMCPRequest, requester: AuditRequester, mayRestoreElsewhere: Bool
    ) async throws(SidecarError) -> MCPServer {
        _ = try await knownProject(request.projectPath)
        let scope = request.scope ?? .user
        let existing = try await find(name: name, scope: scope, projectPath: request.projectPath)
        var definition = try Self.definition(request, name: request.name)
        try await restoreMasks(
            in: &definition, from: existing, requester: requester, mayRestoreElsewhere: mayRestoreElsewhere)
        let catalog = try await catalog()
        do { try catalog.replace(name: name, with: definition) } catch { throw Self.sidecarError(error) }
        logger.info("MCP server changed", metadata: ["name": "\(definition.name)", "scope": "\(scope.rawValue)"])
        return try await mcpServer(name: definition.name, scope: scope, projectPath: definition.projectPath)
    }

    public func deleteMCPServer(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError) {
        let projectPath = try await knownProject(projectPath)
        let found = try await find(name: name, scope: scope, projectPath: projectPath, unique: scope == nil)
        let catalog = try await catalog()
        do { try await catalog.remove(name: found.name, scope: found.scope, projectPath: found.projectPath) } catch {
            throw Self.sidecarError(error)
        }
        logger.info("MCP server removed", metadata: ["name": "\(name)", "scope": "\(found.scope.rawValue)"])
    }

    public func mcpHealth(name: String, scope: MCPScope?, projectPath: String?) async throws(SidecarError)
        -> MCPHealthResponse
    {
        let projectPath = try await knownProject(projectPath)
        let server = try await find(name: name, scope: scope, projectPath: projectPath)
        let report = await MCPHealthCheck.check(server, baseEnvironment: settings.environment)
        let status: MCPStatus = !report.checked ? .unknown : report.healthy ? .healthy : .unhealthy
        mcpHealthSeen[Self.healthKey(server)] = (server, status == .healthy)
        return MCPHealthResponse(
            name: server.name, status: status,
            isEnabled: try await isEnabled(server), command: server.command ?? server.url ?? "",
            checkedAt: ClaudeAPIJSON.string(from: Date()), serverName: report.serverName,
            serverVersion: report.serverVersion, protocolVersion: report.protocolVersion,
            tools: report.tools.map { MCPTool(name: $0.name, description: $0.description) }, problem: report.problem,
            elapsedMs: report.elapsedMilliseconds)
    }

    public func revealMCPServer(name: String, scope: MCPScope?, projectPath: String?, requester: AuditRequester)
        async throws(SidecarError) -> MCPRevealResponse
    {
        let server = try await find(name: name, scope: scope, projectPath: projectPath)
        // Recorded before the values leave: no audit row, no values.
        do {
            try await audit?(
                AuditEntry(
                    at: Date(), event: .mcpSecretRevealed, deviceId: requester.deviceId, peer: requester.peer,
                    detail: "\(server.scope.rawValue) MCP server \(server.name): \(server.env.count) env, "
                        + "\(server.headers.count) header values"))
        } catch {
            logger.error("the audit log cannot be written", metadata: ["error.type": "\(type(of: error))"])
            throw SidecarError(.unavailable, "the audit log cannot be written now, so nothing is revealed; try again")
        }
        logger.notice("MCP server values revealed", metadata: ["name": "\(server.name)"])
        return MCPRevealResponse(
            name: server.name, scope: MCPScope(rawValue: server.scope.rawValue)!, env: server.env,
            headers: server.headers.isEmpty ? nil : server.headers)
    }

    // MARK: - Helpers

    /// The server `name`; with `unique`, a name configured in several scopes is a 409 asking for the scope.
    func find(name: String, scope: MCPScope?, projectPath: String?, unique: Bool = false) async throws(SidecarError)
        -> MCPServerDefinition
    {
        let wanted = scope.map { MCPServerScope(rawValue: $0.rawValue)! }
        if unique {
            let matches = try await mcp { (catalog) throws(MCPServerError) in try catalog.list(projectPath: projectPath)
            }.filter { $0.name == name }
            if matches.count > 1 {
                throw SidecarError(
                    .conflict,
                    "\(name) is configured in \(matches.count) places (\(matches.map(\.scope.rawValue).joined(separator: ", "))); "
                        + "name the scope (and projectPath)")
            }
        }
        return try await mcp { (catalog) throws(MCPServerError) in
            try catalog.server(named: name, scope: wanted, projectPath: projectPath)
        }
    }

    /// Project-scope servers start only once approved (`enabledMcpjsonServers`, or `enableAllProjectMcpServers`).
    func isEnabled(_ server: MCPServerDefinition) async throws(SidecarError) -> Bool {
        guard server.scope == .project, let path = server.projectPath else { return true }
        let state = (try? ClaudeJSONFile(url: configLocations.stateFile).read().object) ?? [:]
        let project = (state["projects"] as? [String: Any])?[path] as? [String: Any]
        if (project?["disabledMcpjsonServers"] as? [String])?.contains(server.name) == true { return false }
        if (project?["enabledMcpjsonServers"] as? [String])?.contains(server.name) == true { return true }
        let local =
            (try? ClaudeJSONFile(url: ClaudeConfigLocations.projectLocalSettings(projectPath: path), project: path)
                .read().object) ?? [:]
        return (local["enableAllProjectMcpServers"] as? Bool) == true
            || ((local["enabledMcpjsonServers"] as? [String])?.contains(server.name) ?? false)
    }

    static func healthKey(_ server: MCPServerDefinition) -> String {
        "\(server.scope.rawValue)\u{0}\(server.projectPath ?? "")\u{0}\(server.name)"
    }

    /// For `GET /stats`: every server of every scope (``MCPServerCatalog``; an unreadable file counts as none),
    /// and how many of them the last health check of this sidecar run found healthy with the definition they
    /// still have. A server never checked (or changed since) is not counted as healthy: the count is what was
    /// seen, never a guess.
    func mcpServerCounts() async -> (total: Int, healthy: Int) {
        guard let catalog = try? await catalog(), let servers = try? catalog.list() else { return (0, 0) }
        let healthy = servers.filter { server in
            guard let seen = mcpHealthSeen[Self.healthKey(server)] else { return false }
            return seen.healthy && seen.definition == server
        }
        return (servers.count, healthy.count)
    }

    func presented(_ server: MCPServerDefinition) -> MCPServer {
        let configPath: String
        switch server.scope {
        case .user, .local: configPath = configLocations.stateFile.path
        case .project: configPath = ClaudeConfigLocations.projectMCPFile(projectPath: server.projectPath ?? "/").path
        }
        return MCPServer(
            id: NameBasedUUID.make("mcp:\(server.scope.rawValue):\(server.projectPath ?? ""):\(server.name)"),
            name: server.name, command: server.command ?? server.url ?? "", args: server.args,
            env: secretMask.mask(server.env), scope: MCPScope(rawValue: server.scope.rawValue)!, status: .unknown,
            configPath: configPath, type: server.kind.rawValue, url: server.url,
            headers: server.headers.isEmpty ? nil : secretMask.mask(server.headers), projectPath: server.projectPath)
    }

    static func definition(_ request: CreateMCPRequest, name: String) throws(SidecarError) -> MCPServerDefinition {
        let scope = MCPServerScope(rawValue: (request.scope ?? .user).rawValue)!
        guard let kind = MCPServerDefinition.Kind(rawValue: request.type ?? "stdio") else {
            throw .badRequest("type must be stdio, http or sse")
        }
        let definition = MCPServerDefinition(
            name: name, scope: scope, projectPath: scope.needsProject ? request.projectPath : nil, kind: kind,
            command: kind == .stdio ? request.command : nil, args: request.args ?? [], env: request.env ?? [:],
            url: kind == .stdio ? nil : (request.url ?? request.command), headers: request.headers ?? [:])
        do { try definition.validate() } catch { throw sidecarError(error) }
        return definition
    }

    /// Runs a catalog read off the actor's executor is not needed (the files are small); errors become HTTP ones.
    func mcp<T: Sendable>(_ body: (MCPServerCatalog) throws(MCPServerError) -> T) async throws(SidecarError) -> T {
        let catalog = try await catalog()
        do { return try body(catalog) } catch { throw Self.sidecarError(error) }
    }

    static func sidecarError(_ error: MCPServerError) -> SidecarError {
        switch error {
        case .invalidName, .invalidDefinition, .projectRequired, .noSuchProject: return .badRequest(error.description)
        case .notFound: return .notFound(error.description)
        case .alreadyExists: return SidecarError(.conflict, error.description)
        case .file(.malformed), .file(.tooLarge): return SidecarError(.conflict, error.description)
        case .file(.outsideProject): return .forbidden(error.description)
        case .file, .cliUnavailable: return SidecarError(.unavailable, error.description)
        case .cli: return SidecarError(.conflict, error.description)
        }
    }
}
