import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Finding a server in the catalog, presenting it (values masked), and what `GET /stats` counts.
extension ClaudeMCPService {
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
    func serverCounts() async -> (total: Int, healthy: Int) {
        let catalog = await catalog()
        guard let servers = try? catalog.list() else { return (0, 0) }
        let healthy = servers.filter { server in
            guard let seen = healthSeen[Self.healthKey(server)] else { return false }
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
        let catalog = await catalog()
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
