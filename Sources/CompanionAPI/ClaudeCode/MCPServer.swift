import Foundation

/// Where an MCP server is configured (`MCPScope` of the ILS app): `user` (`~/.claude.json`), `local`
/// (`~/.claude.json` under the project) or `project` (`<project>/.mcp.json`).
public enum MCPScope: String, Codable, Sendable, CaseIterable {
    case user, project, local
}

/// The health of an MCP server (`MCPStatus` of the ILS app).
public enum MCPStatus: String, Codable, Sendable {
    case healthy, unhealthy, unknown
}

/// One MCP server (`MCPServer` of the ILS app), with its env values masked: each value is `••••` and a
/// fingerprint, never the value (``MCPRevealResponse`` is the one answer that holds values).
///
/// Beyond the ILS fields: `type` (`stdio`, `http`, `sse`), `url` and `headers` (masked like env) of remote
/// servers, and `projectPath` of local- and project-scope servers. For a remote server `command` holds its URL,
/// so that the ILS app, which requires a command, shows where it points.
public struct MCPServer: Codable, Sendable, Equatable, Identifiable {
    /// Derived from the scope, project and name (the same server has the same id on every request).
    public var id: UUID
    public var name: String
    public var command: String
    public var args: [String]
    /// Names and masked values.
    public var env: [String: String]?
    public var scope: MCPScope
    /// `unknown` in lists; `GET /mcp/:name/health` runs the check.
    public var status: MCPStatus
    /// The file it is configured in.
    public var configPath: String?
    public var type: String?
    public var url: String?
    /// Names and masked values.
    public var headers: [String: String]?
    public var projectPath: String?

    public init(
        id: UUID, name: String, command: String, args: [String] = [], env: [String: String]? = nil,
        scope: MCPScope, status: MCPStatus = .unknown, configPath: String? = nil, type: String? = nil,
        url: String? = nil, headers: [String: String]? = nil, projectPath: String? = nil
    ) {
        self.id = id
        self.name = name
        self.command = command
        self.args = args
        self.env = env
        self.scope = scope
        self.status = status
        self.configPath = configPath
        self.type = type
        self.url = url
        self.headers = headers
        self.projectPath = projectPath
    }
}

/// The body of `POST /mcp` and `PUT /mcp/:name` (`CreateMCPRequest` of the ILS app), with the optional fields of
/// remote servers and of the project scopes. In `PUT`, an env or header value that is the mask the sidecar
/// showed keeps the stored value.
public struct CreateMCPRequest: Codable, Sendable, Equatable {
    public var name: String
    /// The program of a `stdio` server (absent for `http`/`sse`).
    public var command: String?
    public var args: [String]?
    public var env: [String: String]?
    public var scope: MCPScope?
    /// `stdio` (default), `http` or `sse`.
    public var type: String?
    public var url: String?
    public var headers: [String: String]?
    /// The project (absolute path) of the `local` and `project` scopes.
    public var projectPath: String?

    public init(
        name: String, command: String? = nil, args: [String]? = nil, env: [String: String]? = nil,
        scope: MCPScope? = nil, type: String? = nil, url: String? = nil, headers: [String: String]? = nil,
        projectPath: String? = nil
    ) {
        self.name = name
        self.command = command
        self.args = args
        self.env = env
        self.scope = scope
        self.type = type
        self.url = url
        self.headers = headers
        self.projectPath = projectPath
    }
}

/// `GET /mcp/:name/health` (`MCPHealthResponse` of the ILS app), with what the handshake found: the server's
/// own name and version, the protocol version and its tools, or the problem.
public struct MCPHealthResponse: Codable, Sendable, Equatable {
    public var name: String
    public var status: MCPStatus
    /// Whether Claude Code would start it (project-scope servers need approval in `enabledMcpjsonServers`).
    public var isEnabled: Bool
    public var command: String
    /// ISO 8601, whole seconds.
    public var checkedAt: String
    public var serverName: String?
    public var serverVersion: String?
    public var protocolVersion: String?
    public var tools: [MCPTool]?
    public var problem: String?
    public var elapsedMs: Int?

    public init(
        name: String, status: MCPStatus, isEnabled: Bool, command: String, checkedAt: String,
        serverName: String? = nil, serverVersion: String? = nil, protocolVersion: String? = nil,
        tools: [MCPTool]? = nil, problem: String? = nil, elapsedMs: Int? = nil
    ) {
        self.name = name
        self.status = status
        self.isEnabled = isEnabled
        self.command = command
        self.checkedAt = checkedAt
        self.serverName = serverName
        self.serverVersion = serverVersion
        self.protocolVersion = protocolVersion
        self.tools = tools
        self.problem = problem
        self.elapsedMs = elapsedMs
    }
}

/// One tool an MCP server offers.
public struct MCPTool: Codable, Sendable, Equatable {
    public var name: String
    public var description: String?

    public init(name: String, description: String? = nil) {
        self.name = name
        self.description = description
    }
}

/// `POST /mcp/:name/reveal`: the one answer that holds env and header values, given only on that explicit call
/// and recorded in the sidecar's audit log (which names the server, never the values).
public struct MCPRevealResponse: Codable, Sendable, Equatable {
    public var name: String
    public var scope: MCPScope
    public var env: [String: String]
    public var headers: [String: String]?

    public init(name: String, scope: MCPScope, env: [String: String], headers: [String: String]? = nil) {
        self.name = name
        self.scope = scope
        self.env = env
        self.headers = headers
    }
}
