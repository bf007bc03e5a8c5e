import CompanionClaudeCode
import Foundation

/// What `GET /stats` counts of Claude Code's configuration, read from its own files: skills
/// (`<config>/skills/*/SKILL.md`) and plugins (`<config>/plugins/installed_plugins.json`, enabled ones in
/// `settings.json`'s `enabledPlugins`). MCP servers are counted across all scopes by
/// `ClaudeMCPService.serverCounts()`. These are counts, never guesses: an unreadable file counts as none.
struct ClaudeConfigurationCounts {
    var skills = 0
    var plugins = 0
    var enabledPlugins = 0

    init(directories: ClaudeDirectories, environment: [String: String]) {
        let config = directories.configDirectory
        let fileManager = FileManager.default
        let skillsDirectory = config.appendingPathComponent("skills")
        let names = (try? fileManager.contentsOfDirectory(atPath: skillsDirectory.path)) ?? []
        skills =
            names.filter {
                fileManager.fileExists(atPath: skillsDirectory.appendingPathComponent("\($0)/SKILL.md").path)
            }.count
        let installed = Self.object(at: config.appendingPathComponent("plugins/installed_plugins.json"))
        plugins = (installed?["plugins"] as? [String: Any])?.count ?? 0
        let enabled = Self.object(at: directories.userSettings)?["enabledPlugins"]
        enabledPlugins = (enabled as? [String: Any])?.values.filter { ($0 as? Bool) == true }.count ?? 0
    }

    private static func object(at url: URL) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: url.path), data.count < 64 << 20 else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
