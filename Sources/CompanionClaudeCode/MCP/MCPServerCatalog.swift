import Foundation

/// The MCP servers Claude Code is configured with, in all three scopes, read from its own files and changed so
/// that the real `claude` reads what we write:
/// - adding a server without env or headers runs `claude mcp add-json`, and removing one `claude mcp remove`;
/// - adding a server with env or headers, and editing any server, edits the file directly with
///   ``ClaudeJSONFile`` (atomic, locked, keys we do not own kept): the CLI has no edit command (remove then add
///   would lose the server if the second step failed), and `add-json`'s argument would show the secrets in `ps`.
/// Without a `claude` executable every change is a direct edit.
package struct MCPServerCatalog: Sendable {
    package let locations: ClaudeConfigLocations
    /// The `claude` CLI used for `add-json`/`remove`; nil edits the files directly.
    package let cliExecutable: String?
    /// The environment the CLI runs in (it decides which files the CLI edits: keep it the one `locations` came
    /// from).
    package let environment: [String: String]

    package init(locations: ClaudeConfigLocations, cliExecutable: String?, environment: [String: String]) {
        self.locations = locations
        self.cliExecutable = cliExecutable
        self.environment = environment
    }

    var stateFile: ClaudeJSONFile { ClaudeJSONFile(url: locations.stateFile, creationMode: 0o600) }

    /// Every server: the user scope, the local scope of every project `~/.claude.json` knows and the project
    /// scope of those projects and of `extraProjects` (each `<project>/.mcp.json`), ordered by scope, project,
    /// name. `projectPath` keeps only the user scope and that project's servers.
    package func list(projectPath: String? = nil, extraProjects: [String] = []) throws(MCPServerError)
        -> [MCPServerDefinition]
    {
        let state = try readState()
        var servers = Self.servers(in: state["mcpServers"], scope: .user, projectPath: nil)
        let projects = state["projects"] as? [String: Any] ?? [:]
        var projectPaths = Set(projects.keys).union(extraProjects)
        if let projectPath { projectPaths = [projectPath] }
        for path in projectPaths.sorted() where path.hasPrefix("/") {
            let project = projects[path] as? [String: Any]
            servers += Self.servers(in: project?["mcpServers"], scope: .local, projectPath: path)
            let file = ClaudeJSONFile(url: ClaudeConfigLocations.projectMCPFile(projectPath: path), project: path)
            let shared: ClaudeJSONSnapshot
            do { shared = try file.read() } catch {
                // A project whose .mcp.json leads outside it (a link) has no servers for us; it is never read.
                if case .outsideProject = error { continue }
                throw .file(error)
            }
            servers += Self.servers(in: shared.object["mcpServers"], scope: .project, projectPath: path)
        }
        return servers
    }

    /// The server `name`: in `scope` when given (and `projectPath`'s, for the project scopes), else the first
    /// of local, project, user (Claude Code's precedence).
    package func server(named name: String, scope: MCPServerScope? = nil, projectPath: String? = nil)
        throws(MCPServerError) -> MCPServerDefinition
    {
        try MCPServerName.validate(name)
        let candidates = try list(projectPath: projectPath).filter { $0.name == name }
        let order: [MCPServerScope] = scope.map { [$0] } ?? [.local, .project, .user]
        for wanted in order {
            if let found = candidates.first(where: { $0.scope == wanted }) { return found }
        }
        throw .notFound(name: name, scope: scope)
    }

    /// Adds `definition`; ``MCPServerError/alreadyExists(name:scope:)`` when its scope has that name.
    package func add(_ definition: MCPServerDefinition) async throws(MCPServerError) {
        try definition.validate()
        try requireProject(definition.projectPath, scope: definition.scope)
        if (try? server(named: definition.name, scope: definition.scope, projectPath: definition.projectPath))
            != nil
        {
            throw .alreadyExists(name: definition.name, scope: definition.scope)
        }
        if let cliExecutable, !definition.holdsSecrets {
            try await MCPCommandLine(executable: cliExecutable, environment: environment).addJSON(definition)
            guard
                (try? server(named: definition.name, scope: definition.scope, projectPath: definition.projectPath))
                    != nil
            else { throw .cli(command: "mcp add-json", message: "exited 0 but \(definition.name) is not configured") }
            return
        }
        try edit(scope: definition.scope, projectPath: definition.projectPath) { servers in
            guard servers[definition.name] == nil else {
                throw MCPServerError.alreadyExists(name: definition.name, scope: definition.scope)
            }
            servers[definition.name] = definition.configEntry()
        }
    }

    /// Replaces the server `name` of `definition`'s scope with `definition` (which may rename it), keeping the
    /// keys of its entry this type does not know.
    package func replace(name: String, with definition: MCPServerDefinition) throws(MCPServerError) {
        try MCPServerName.validate(name)
        try definition.validate()
        try requireProject(definition.projectPath, scope: definition.scope)
        try edit(scope: definition.scope, projectPath: definition.projectPath) { servers in
            guard let existing = servers[name] else {
                throw MCPServerError.notFound(name: name, scope: definition.scope)
            }
            if definition.name != name, servers[definition.name] != nil {
                throw MCPServerError.alreadyExists(name: definition.name, scope: definition.scope)
            }
            servers.removeValue(forKey: name)
            servers[definition.name] = definition.configEntry(over: existing as? [String: Any] ?? [:])
        }
    }

    /// Removes the server `name` from `scope`.
    package func remove(name: String, scope: MCPServerScope, projectPath: String?) async throws(MCPServerError) {
        try MCPServerName.validate(name)
        if scope.needsProject {
            guard let projectPath, projectPath.hasPrefix("/") else { throw .projectRequired(scope) }
        }
        _ = try server(named: name, scope: scope, projectPath: projectPath)
        if let cliExecutable {
            try await MCPCommandLine(executable: cliExecutable, environment: environment).remove(
                name: name, scope: scope, projectPath: projectPath)
            // A zero exit is not proof (an argument the CLI took for an option once printed its help and exited
            // 0): the server must be gone from the file.
            if (try? server(named: name, scope: scope, projectPath: projectPath)) != nil {
                throw .cli(command: "mcp remove", message: "exited 0 but \(name) is still configured")
            }
            return
        }
        try edit(scope: scope, projectPath: projectPath) { servers in
            guard servers.removeValue(forKey: name) != nil else {
                throw MCPServerError.notFound(name: name, scope: scope)
            }
        }
    }

    // MARK: - Files

    private func readState() throws(MCPServerError) -> [String: Any] {
        do { return try stateFile.read().object } catch { throw .file(error) }
    }

    private func requireProject(_ path: String?, scope: MCPServerScope) throws(MCPServerError) {
        guard scope.needsProject else { return }
        guard let path, path.hasPrefix("/") else { throw .projectRequired(scope) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noSuchProject(path)
        }
    }

    /// Applies `change` to the `mcpServers` object of the scope's file, atomically.
    private func edit(
        scope: MCPServerScope, projectPath: String?, _ change: @escaping (inout [String: Any]) throws -> Void
    ) throws(MCPServerError) {
        do {
            switch scope {
            case .user:
                try stateFile.update { object in
                    var servers = object["mcpServers"] as? [String: Any] ?? [:]
                    try change(&servers)
                    object["mcpServers"] = servers
                }
            case .local:
                let path = projectPath!
                try stateFile.update { object in
                    var projects = object["projects"] as? [String: Any] ?? [:]
                    var project = projects[path] as? [String: Any] ?? [:]
                    var servers = project["mcpServers"] as? [String: Any] ?? [:]
                    try change(&servers)
                    project["mcpServers"] = servers
                    projects[path] = project
                    object["projects"] = projects
                }
            case .project:
                let file = ClaudeJSONFile(
                    url: ClaudeConfigLocations.projectMCPFile(projectPath: projectPath!), creationMode: 0o644,
                    project: projectPath)
                try file.update { object in
                    var servers = object["mcpServers"] as? [String: Any] ?? [:]
                    try change(&servers)
                    object["mcpServers"] = servers
                }
            }
        } catch let error as MCPServerError {
            throw error
        } catch let error as ClaudeConfigFileError {
            throw .file(error)
        } catch {
            throw .invalidDefinition("\(type(of: error))")
        }
    }

    static func servers(in value: Any?, scope: MCPServerScope, projectPath: String?) -> [MCPServerDefinition] {
        guard let object = value as? [String: Any] else { return [] }
        return object.keys.sorted().compactMap {
            MCPServerDefinition(name: $0, scope: scope, projectPath: projectPath, entry: object[$0]!)
        }
    }
}
