import Foundation

/// The skills Claude Code loads, read from its own directories: `<config>/skills/*/SKILL.md` (the user's,
/// `CLAUDE_CONFIG_DIR` honoured through ``ClaudeDirectories``), `<project>/.claude/skills/*/SKILL.md` and the
/// `skills/*/SKILL.md` of each installed plugin (`plugins/installed_plugins.json`). Every call lists the
/// directories as they are now; a parsed SKILL.md is reused (`SkillDocumentCache`) only while its size, inode,
/// modification and change times are unchanged, and one changed in the last 2 s is always read again. A malformed
/// SKILL.md is listed with its problem.
package struct SkillCatalog: Sendable {
    package let directories: ClaudeDirectories
    /// Characters of the body kept in a listing's documents.
    package var listPreviewCharacters = 280

    package init(directories: ClaudeDirectories) {
        self.directories = directories
    }

    /// `<config>/skills`.
    package var userSkillsDirectory: URL {
        directories.configDirectory.appendingPathComponent("skills", isDirectory: true)
    }

    /// `<project>/.claude/skills`.
    package static func projectSkillsDirectory(_ projectPath: String) -> URL {
        URL(fileURLWithPath: projectPath, isDirectory: true).appendingPathComponent(".claude/skills", isDirectory: true)
    }

    /// The user's skills, then those of `projectPath` (when given), then the installed plugins' (when asked),
    /// each group sorted by name.
    package func list(projectPath: String? = nil, includePlugins: Bool = true) -> [InstalledSkill] {
        var skills = Self.skills(in: userSkillsDirectory, scope: .user, preview: listPreviewCharacters)
        if let projectPath {
            skills += Self.skills(
                in: Self.projectSkillsDirectory(projectPath), scope: .project, preview: listPreviewCharacters,
                project: projectPath)
        }
        if includePlugins { skills += pluginSkills(preview: listPreviewCharacters) }
        return skills
    }

    /// The skill called `name` (a user skill first, then the project's, then a plugin's `plugin:name`), with
    /// up to `previewCharacters` of its body.
    package func skill(named name: String, projectPath: String? = nil, previewCharacters: Int = 64 * 1024)
        throws(SkillError) -> InstalledSkill
    {
        if name.contains(":") {
            guard let found = pluginSkills(preview: 0).first(where: { $0.name == name }), let root = found.containedIn,
                let read = Self.skill(
                    at: found.directory, name: name, scope: .plugin, preview: previewCharacters,
                    pluginID: found.pluginID, project: root, raw: true)
            else { throw .notFound(name) }
            return read
        }
        let valid = try SkillName.validate(name)
        var places: [(URL, SkillScope, String?)] = [(userSkillsDirectory, SkillScope.user, nil)]
        if let projectPath { places.append((Self.projectSkillsDirectory(projectPath), .project, projectPath)) }
        for (directory, scope, project) in places {
            let candidate = try SkillName.child(valid, of: directory)
            if let skill = Self.skill(
                at: candidate, name: valid, scope: scope, preview: previewCharacters, project: project, raw: true)
            {
                return skill
            }
        }
        throw .notFound(valid)
    }

    /// Removes the user skill `name`: its directory is first renamed out of the skills directory (so Claude Code
    /// never sees half of it), then deleted. A symbolic link is removed, not what it points to.
    package func remove(named name: String) throws(SkillError) {
        if name.contains(":") {
            throw .notRemovable(name, "it belongs to a plugin; uninstall the plugin (`companion plugins rm`)")
        }
        let directory = try SkillName.child(name, of: userSkillsDirectory)
        guard Self.skill(at: directory, name: name, scope: .user, preview: 0) != nil else { throw .notFound(name) }
        let parked = directories.configDirectory.appendingPathComponent(".companion-skill-removed-\(UUID().uuidString)")
        do {
            try FileManager.default.moveItem(at: directory, to: parked)
        } catch {
            throw .fileSystem("\(directory.lastPathComponent) could not be moved aside: \(Self.reason(error))")
        }
        try? FileManager.default.removeItem(at: parked)
    }

    /// The skill directories directly under `directory` (hidden ones skipped), sorted by name.
    static func skills(
        in directory: URL, scope: SkillScope, preview: Int, pluginID: String? = nil, prefix: String = "",
        project: String? = nil
    ) -> [InstalledSkill] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            skill(
                at: directory.appendingPathComponent(name, isDirectory: true), name: prefix + name, scope: scope,
                preview: preview, pluginID: pluginID, project: project)
        }
    }

    /// The skill in `directory`, when it holds a SKILL.md file (one that really lies in `project`, for a
    /// project's skill).
    static func skill(
        at directory: URL, name: String, scope: SkillScope, preview: Int, pluginID: String? = nil,
        project: String? = nil, raw: Bool = false
    ) -> InstalledSkill? {
        let file = directory.appendingPathComponent("SKILL.md")
        guard
            let (document, modified, text) = SkillDocumentCache.shared.document(
                atPath: file.path, previewCharacters: preview, project: project, raw: raw)
        else { return nil }
        var skill = InstalledSkill(
            name: name, scope: scope, directory: directory, pluginID: pluginID, document: document, modified: modified)
        skill.rawContent = text
        skill.containedIn = project
        return skill
    }

    /// The skills of every installed plugin, named `plugin:skill` as Claude Code shows them.
    func pluginSkills(preview: Int) -> [InstalledSkill] {
        let file = directories.configDirectory.appendingPathComponent("plugins/installed_plugins.json")
        guard let data = FileManager.default.contents(atPath: file.path), data.count < 16 << 20,
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let plugins = root["plugins"] as? [String: Any]
        else { return [] }
        var skills: [InstalledSkill] = []
        for (id, installs) in plugins.sorted(by: { $0.key < $1.key }) {
            guard let install = (installs as? [[String: Any]])?.first,
                let path = install["installPath"] as? String, path.hasPrefix("/")
            else { continue }
            let pluginName = String(id.split(separator: "@").first ?? Substring(id))
            // A plugin's skills must really lie in its install directory, as a project's lie in the project.
            skills += Self.skills(
                in: URL(fileURLWithPath: path).appendingPathComponent("skills"), scope: .plugin, preview: preview,
                pluginID: id, prefix: pluginName + ":", project: path)
        }
        return skills
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.domain == NSPOSIXErrorDomain
            ? String(cString: strerror(Int32(nsError.code))) : "\(type(of: error))"
    }
}
