/// Where an MCP server is configured, with Claude Code's names for the scopes (`claude mcp add -s …`).
package enum MCPServerScope: String, Sendable, Codable, CaseIterable {
    /// `~/.claude.json` `mcpServers`: every project of this user.
    case user
    /// `~/.claude.json` `projects[<path>].mcpServers`: one project, private to this user.
    case local
    /// `<project>/.mcp.json`: one project, shared through the repository.
    case project

    /// Whether servers of this scope belong to one project (so a project path is needed to address them).
    package var needsProject: Bool { self != .user }
}
