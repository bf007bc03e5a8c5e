/// `GET /stats`: counts for the dashboard (`StatsResponse` of the ILS app).
public struct StatsResponse: Codable, Sendable, Equatable {
    public var projects: CountStat
    public var sessions: SessionStat
    public var skills: CountStat
    public var mcpServers: MCPStat
    public var plugins: PluginStat

    public init(
        projects: CountStat, sessions: SessionStat, skills: CountStat, mcpServers: MCPStat, plugins: PluginStat
    ) {
        self.projects = projects
        self.sessions = sessions
        self.skills = skills
        self.mcpServers = mcpServers
        self.plugins = plugins
    }
}

/// A total, and how many of them are active when that applies.
public struct CountStat: Codable, Sendable, Equatable {
    public var total: Int
    public var active: Int?
    public init(total: Int, active: Int? = nil) {
        self.total = total
        self.active = active
    }
}

/// Sessions: all of them, and those with a run streaming now.
public struct SessionStat: Codable, Sendable, Equatable {
    public var total: Int
    public var active: Int
    public init(total: Int, active: Int) {
        self.total = total
        self.active = active
    }
}

/// MCP servers: configured, and how many answered a health check.
public struct MCPStat: Codable, Sendable, Equatable {
    public var total: Int
    public var healthy: Int
    public init(total: Int, healthy: Int) {
        self.total = total
        self.healthy = healthy
    }
}

/// Plugins: installed, and how many are enabled.
public struct PluginStat: Codable, Sendable, Equatable {
    public var total: Int
    public var enabled: Int
    public init(total: Int, enabled: Int) {
        self.total = total
        self.enabled = enabled
    }
}
