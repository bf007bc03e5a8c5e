/// Which `settings.json` a configuration call means.
package enum ClaudeSettingsScope: String, Sendable, Codable, CaseIterable {
    /// `<config>/settings.json` (`~/.claude/settings.json`).
    case user
    /// `<project>/.claude/settings.json`.
    case project
}
