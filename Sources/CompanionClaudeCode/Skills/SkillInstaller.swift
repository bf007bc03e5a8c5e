import Foundation

/// Installs a skill from a git repository into the user's skills directory: the repository is cloned into a
/// temporary directory next to the skills directory (same file system), the skill is found in it (SKILL.md at
/// the root, the `skillPath` asked for, or the only skill directory in it), checked, and renamed into place. A
/// failure at any step leaves the skills directory as it was: the temporary directory is removed.
package struct SkillInstaller: Sendable {
    package let catalog: SkillCatalog

    package init(catalog: SkillCatalog) {
        self.catalog = catalog
    }

    /// Installs from `clone`; `skillPath` is a directory inside the repository, `name` the directory name to
    /// install under (default: the frontmatter's `name`, else the skill directory's or repository's name).
    package func install(from clone: GitClone, skillPath: String? = nil, name: String? = nil) async throws(SkillError)
        -> InstalledSkill
    {
        if let name { _ = try SkillName.validate(name) }
        let relative = try skillPath.map { path throws(SkillError) in try Self.checkedRelativePath(path) }
        let skills = catalog.userSkillsDirectory
        let staging = catalog.directories.configDirectory.appendingPathComponent(
            ".companion-skill-install-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .fileSystem(SkillCatalog.reason(error))
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        let repository = staging.appendingPathComponent("repository", isDirectory: true)
        try await clone.run(into: repository)
        let skillDirectory = try Self.findSkill(in: repository, relative: relative)
        let document = SkillDocument.read(skillDirectory.appendingPathComponent("SKILL.md"), previewCharacters: 0)
        if let problem = document.problem {
            throw .noSkill("its SKILL.md cannot be used: \(problem.description)")
        }
        let fallback =
            skillDirectory.path == repository.resolvingSymlinksInPath().standardizedFileURL.path
            ? Self.repositoryName(clone.source) : skillDirectory.lastPathComponent
        let chosen: String
        if let name {
            chosen = name
        } else if let candidate = [document.name, fallback].compactMap({ $0 }).first(where: {
            (try? SkillName.validate($0)) != nil
        }) {
            chosen = candidate
        } else {
            throw .noSkill("neither its name '\(document.name ?? "")' nor '\(fallback)' is usable; give a name")
        }
        let destination = try SkillName.child(chosen, of: skills)
        // The skill is a copy, not a checkout: git's own directory stays behind (and is removed with staging).
        try? FileManager.default.removeItem(at: skillDirectory.appendingPathComponent(".git"))
        if FileManager.default.fileExists(atPath: destination.path) { throw .alreadyInstalled(chosen) }
        do {
            try FileManager.default.createDirectory(
                at: skills, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .fileSystem("the skills directory cannot be created: \(SkillCatalog.reason(error))")
        }
        // A whole directory moved into place (rename fails on an existing one), not a file replaced.
        guard rename(skillDirectory.path, destination.path) == 0 else {  // one-writer: directory move
            let why = String(cString: strerror(errno))
            if FileManager.default.fileExists(atPath: destination.path) { throw .alreadyInstalled(chosen) }
            throw .fileSystem("moving the skill into place failed: \(why)")
        }
        guard let installed = SkillCatalog.skill(at: destination, name: chosen, scope: .user, preview: 4096, raw: true)
        else {
            throw .fileSystem("the installed skill is not readable")
        }
        return installed
    }

    /// A relative path inside the repository: no leading `/`, no `..`, no control characters.
    static func checkedRelativePath(_ path: String) throws(SkillError) -> String {
        let trimmed = path.hasSuffix("/SKILL.md") ? String(path.dropLast("/SKILL.md".count)) : path
        if trimmed == "SKILL.md" || trimmed.isEmpty || trimmed == "." { return "" }
        if trimmed.hasPrefix("/") { throw .invalidSkillPath("it is absolute; give a path inside the repository") }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        if parts.contains("..") { throw .invalidSkillPath("it climbs out of the repository with '..'") }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidSkillPath("it contains control characters")
        }
        return parts.joined(separator: "/")
    }

    /// The skill's directory in the clone, resolved and checked to stay inside it.
    static func findSkill(in repository: URL, relative: String?) throws(SkillError) -> URL {
        let root = repository.resolvingSymlinksInPath().standardizedFileURL
        func inside(_ url: URL) -> Bool {
            let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
            return resolved == root.path || resolved.hasPrefix(root.path + "/")
        }
        func hasSkill(_ directory: URL) -> Bool {
            let file = directory.appendingPathComponent("SKILL.md")
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            return attributes?[.type] as? FileAttributeType == .typeRegular
        }
        if let relative, !relative.isEmpty {
            let directory = root.appendingPathComponent(relative, isDirectory: true)
            guard inside(directory) else { throw .invalidSkillPath("it leads out of the repository (a link?)") }
            guard hasSkill(directory) else { throw .noSkill("no SKILL.md in '\(relative)' of the repository") }
            return directory
        }
        if hasSkill(root) { return root }
        var found: [URL] = []
        for base in [root, root.appendingPathComponent("skills")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let directory = base.appendingPathComponent(name, isDirectory: true)
                if inside(directory), hasSkill(directory) { found.append(directory) }
            }
        }
        switch found.count {
        case 1: return found[0]
        case 0:
            throw .noSkill(
                "the repository has no SKILL.md at its root, in a directory at its root or under skills/")
        default:
            let names = found.prefix(10).map { $0.path.dropFirst(root.path.count + 1) }.joined(separator: ", ")
            throw .noSkill("the repository holds \(found.count) skills (\(names)); choose one with skillPath")
        }
    }

    /// The last path component of a clone address, without `.git` (`https://h/o/my-skill.git` → `my-skill`).
    static func repositoryName(_ source: String) -> String {
        var name = source
        while name.hasSuffix("/") { name.removeLast() }
        name = String(name.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? "")
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name.removingPercentEncoding ?? name
    }
}
