import Foundation

/// Where a skill was found: the user's skills directory, a project's `.claude/skills`, or an installed plugin.
package enum SkillScope: String, Sendable, Equatable, Codable {
    case user
    case project
    case plugin
}

/// A skill Claude Code would load: its directory, its SKILL.md and what that file says.
package struct InstalledSkill: Sendable, Equatable {
    /// The directory's name (what `/name` invokes; a plugin's skills are `plugin:name`).
    package var name: String
    package var scope: SkillScope
    /// The skill's directory.
    package var directory: URL
    /// Its SKILL.md.
    package var file: URL { directory.appendingPathComponent("SKILL.md") }
    /// The plugin id (`name@marketplace`) of a plugin's skill.
    package var pluginID: String?
    package var document: SkillDocument
    /// SKILL.md's modification time.
    package var modified: Date?
    /// SKILL.md's text as read for ``document`` (the same read, so the same file), up to
    /// ``SkillDocumentCache/rawBytes``; only when asked for (a skill's detail).
    package var rawContent: String?
    /// The directory its SKILL.md was checked to lie in (a project's, a plugin's install directory); nil for the
    /// user's own skills.
    package var containedIn: String?

    package init(
        name: String, scope: SkillScope, directory: URL, pluginID: String? = nil, document: SkillDocument,
        modified: Date?
    ) {
        self.name = name
        self.scope = scope
        self.directory = directory
        self.pluginID = pluginID
        self.document = document
        self.modified = modified
    }
}
