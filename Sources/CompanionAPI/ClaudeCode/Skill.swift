import Foundation

/// Where a skill comes from (`SkillSource` of the ILS app).
public enum SkillSource: String, Codable, Sendable, Equatable {
    /// In the user's or a project's skills directory.
    case local
    /// Part of an installed plugin.
    case plugin
    /// Built into Claude Code.
    case builtin
    /// Found in a registered search source (the app's "GitHub" results).
    case github
}

/// A Claude Code skill (`Skill` of the ILS app): a directory with a SKILL.md. The app's fields first, then
/// CompanionKit's additions, which the app's decoder ignores: ``scope``, ``allowedTools``, ``frontmatter`` (every
/// other frontmatter key) and ``problem`` (why a malformed SKILL.md cannot be used).
public struct Skill: Codable, Sendable, Equatable, Identifiable {
    /// Stable: derived from the SKILL.md path.
    public var id: UUID
    /// The directory's name (what `/name` invokes); a plugin's skill is `plugin:name`.
    public var name: String
    public var description: String?
    public var version: String?
    public var tags: [String]
    public var isActive: Bool
    /// The SKILL.md file.
    public var path: String
    public var source: SkillSource
    /// The Markdown body (bounded preview; absent in lists).
    public var content: String?
    /// The whole file (bounded; only in `GET /skills/:name`).
    public var rawContent: String?
    public var stars: Int?
    public var author: String?
    /// SKILL.md's modification time, ISO 8601.
    public var lastUpdated: String?
    /// `user`, `project` or `plugin`.
    public var scope: String?
    /// `allowed-tools:` of the frontmatter.
    public var allowedTools: [String]?
    /// The frontmatter's other keys, unchanged.
    public var frontmatter: [String: ArbitraryJSON]?
    /// Why Claude Code cannot use this SKILL.md, when it cannot.
    public var problem: String?

    public init(
        id: UUID, name: String, description: String? = nil, version: String? = nil, tags: [String] = [],
        isActive: Bool = true, path: String, source: SkillSource = .local, content: String? = nil,
        rawContent: String? = nil, stars: Int? = nil, author: String? = nil, lastUpdated: String? = nil,
        scope: String? = nil, allowedTools: [String]? = nil, frontmatter: [String: ArbitraryJSON]? = nil,
        problem: String? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.version = version
        self.tags = tags
        self.isActive = isActive
        self.path = path
        self.source = source
        self.content = content
        self.rawContent = rawContent
        self.stars = stars
        self.author = author
        self.lastUpdated = lastUpdated
        self.scope = scope
        self.allowedTools = allowedTools
        self.frontmatter = frontmatter
        self.problem = problem
    }
}

/// `POST /skills/install` (`SkillInstallRequest` of the ILS app): a git address (https, ssh, scp-style, `owner/repo`
/// for GitHub, or a local path under the sidecar's clone roots), an optional directory inside it, and
/// CompanionKit's optional directory name to install under.
public struct SkillInstallRequest: Codable, Sendable, Equatable {
    public var repository: String
    public var skillPath: String?
    public var name: String?

    public init(repository: String, skillPath: String? = nil, name: String? = nil) {
        self.repository = repository
        self.skillPath = skillPath
        self.name = name
    }
}
