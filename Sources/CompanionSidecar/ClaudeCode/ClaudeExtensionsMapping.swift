import CompanionAPI
import CompanionClaudeCode
import Foundation

/// `CompanionClaudeCode`'s skills and plugins in the API's (ILS app's) shapes, and their errors as
/// ``SidecarError``s.
enum ClaudeExtensionsMapping {
    /// Characters of a skill's body in `GET /skills/:name`.
    static let detailCharacters = 64 * 1024

    static func skill(_ skill: InstalledSkill, withContent: Bool) -> Skill {
        let document = skill.document
        // The text of the same read as the document (a contained one for a project's or plugin's skill), never the
        // file read again by path: a link swapped in between would be followed.
        let raw = withContent ? skill.rawContent : nil
        return Skill(
            id: NameBasedUUID.make("skill:" + skill.file.path), name: skill.name, description: document.description,
            version: document.version, tags: document.tags, isActive: document.problem == nil, path: skill.file.path,
            source: skill.scope == .plugin ? .plugin : .local, content: withContent ? document.body : nil,
            rawContent: raw, author: author(document), lastUpdated: skill.modified.map(ClaudeAPIJSON.string(from:)),
            scope: skill.scope.rawValue, allowedTools: document.allowedTools.isEmpty ? nil : document.allowedTools,
            frontmatter: document.otherKeys.isEmpty ? nil : document.otherKeys.mapValues(json),
            problem: document.problem?.description)
    }

    static func searchResult(_ hit: SkillSearchHit) -> GitHubSearchResult {
        let name =
            hit.document.name
            ?? (hit.skillPath.isEmpty ? hit.source.name : String(hit.skillPath.split(separator: "/").last!))
        return GitHubSearchResult(
            id: NameBasedUUID.make("skill-source:\(hit.source.path)/\(hit.skillPath)"), repository: hit.source.path,
            name: name, description: hit.document.description, stars: 0,
            lastUpdated: hit.modified.map(ClaudeAPIJSON.string(from:)),
            skillPath: hit.skillPath.isEmpty ? nil : hit.skillPath)
    }

    static func source(_ source: SkillSearchSource) -> SkillSearchSourceInfo {
        SkillSearchSourceInfo(name: source.name, path: source.path, addedAt: source.addedAt)
    }

    static func plugin(_ plugin: InstalledPlugin) -> Plugin {
        let contents = PluginContents(installPath: plugin.installPath, pluginName: plugin.name)
        return Plugin(
            id: NameBasedUUID.make("plugin:" + plugin.id), name: plugin.name, description: contents.description,
            marketplace: plugin.marketplace, isInstalled: true, isEnabled: plugin.enabled, version: plugin.version,
            commands: contents.commands.isEmpty ? nil : contents.commands,
            agents: contents.agents.isEmpty ? nil : contents.agents, path: plugin.installPath,
            source: plugin.marketplace == "claude-plugins-official" ? .official : .community, pluginId: plugin.id,
            scope: plugin.scope, skills: contents.skills.isEmpty ? nil : contents.skills)
    }

    static func json(_ value: FrontmatterValue) -> ArbitraryJSON {
        switch value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(json))
        case .object(let values): .object(values.mapValues(json))
        }
    }

    private static func author(_ document: SkillDocument) -> String? {
        if let author = document.otherKeys["author"]?.text { return author }
        if case .object(let metadata)? = document.otherKeys["metadata"] { return metadata["author"]?.text }
        return nil
    }

    static func error(_ error: SkillError) -> SidecarError {
        switch error {
        case .notFound: SidecarError(.notFound, error.description)
        case .alreadyInstalled: SidecarError(.conflict, error.description)
        case .cloneTooLarge: SidecarError(.payloadTooLarge, error.description)
        case .cloneTimedOut, .fileSystem: SidecarError(.unavailable, error.description)
        case .invalidName, .notRemovable, .cloneFailed, .noSkill, .invalidSkillPath, .source:
            SidecarError(.badRequest, error.description)
        }
    }

    static func error(_ error: ClaudePluginError) -> SidecarError {
        switch error {
        case .invalidName, .invalidSource: SidecarError(.badRequest, error.description)
        case .notInstalled: SidecarError(.notFound, error.description)
        case .ambiguous: SidecarError(.conflict, error.description)
        case .refused(_, let code, _):
            switch code {
            case "not_found", "not_installed": SidecarError(.notFound, error.description)
            case "invalid_source", "invalid_name", "invalid_argument": SidecarError(.badRequest, error.description)
            default: SidecarError(.conflict, error.description)
            }
        case .cliFailed: SidecarError(.unavailable, error.description)
        }
    }
}
