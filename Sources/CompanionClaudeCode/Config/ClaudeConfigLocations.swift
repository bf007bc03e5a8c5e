import Foundation

/// Where Claude Code keeps the files CompanionKit edits, for one environment (`HOME`, `CLAUDE_CONFIG_DIR`).
package struct ClaudeConfigLocations: Sendable, Equatable {
    /// `~/.claude.json` (or `$CLAUDE_CONFIG_DIR/.claude.json` when that is set): user-scope MCP servers
    /// (`mcpServers`) and each project's local-scope ones (`projects[<path>].mcpServers`).
    package let stateFile: URL
    /// `<config>/settings.json`: the user's settings (model, permissions, env, hooks…).
    package let userSettings: URL

    package init(stateFile: URL, userSettings: URL) {
        self.stateFile = stateFile
        self.userSettings = userSettings
    }

    /// The locations Claude Code uses with `environment` (found by ``ClaudeDirectories/resolve(environment:)``);
    /// nil without `CLAUDE_CONFIG_DIR` or an absolute `HOME`.
    package static func resolve(environment: [String: String]) -> ClaudeConfigLocations? {
        ClaudeDirectories.resolve(environment: environment).map(ClaudeConfigLocations.init(directories:))
    }

    /// The locations in `directories`.
    package init(directories: ClaudeDirectories) {
        self.init(stateFile: directories.stateFile, userSettings: directories.userSettings)
    }

    /// `<project>/.claude/settings.json`: settings shared with the project's other users.
    package static func projectSettings(projectPath: String) -> URL {
        URL(fileURLWithPath: projectPath, isDirectory: true).appendingPathComponent(".claude/settings.json")
    }

    /// `<project>/.claude/settings.local.json`: the project's settings of this user only (not shared).
    package static func projectLocalSettings(projectPath: String) -> URL {
        URL(fileURLWithPath: projectPath, isDirectory: true).appendingPathComponent(".claude/settings.local.json")
    }

    /// `<project>/.mcp.json`: project-scope MCP servers.
    package static func projectMCPFile(projectPath: String) -> URL {
        URL(fileURLWithPath: projectPath, isDirectory: true).appendingPathComponent(".mcp.json")
    }
}
