import CompanionClaudeCode
import CompanionTestSupport
import Foundation

/// A throwaway Claude Code configuration directory and helpers that write skills and git repositories with
/// the real git.
struct SkillWorld {
    let root: URL
    let directories: ClaudeDirectories
    var catalog: SkillCatalog { SkillCatalog(directories: directories) }
    var skills: URL { catalog.userSkillsDirectory }

    init() throws {
        root = try TestPaths.temporaryDirectory("skills").resolvingSymlinksInPath()
        let config = root.appendingPathComponent("home/.claude")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        // Found the way the sidecar finds it: CLAUDE_CONFIG_DIR wins over HOME.
        directories = ClaudeDirectories.resolve(environment: [
            "CLAUDE_CONFIG_DIR": config.path, "HOME": root.appendingPathComponent("elsewhere").path,
        ])!
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    static func skillText(name: String, description: String = "Does a thing", body: String = "Body text.") -> String {
        "---\nname: \(name)\ndescription: \(description)\n---\n\(body)\n"
    }

    /// Writes `<directory>/<name>/SKILL.md`.
    @discardableResult
    static func writeSkill(in directory: URL, name: String, text: String? = nil) throws -> URL {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((text ?? skillText(name: name)).utf8).write(to: folder.appendingPathComponent("SKILL.md"))
        return folder
    }

    /// A git repository under `root/repos/<name>` with `files` (relative path → contents), committed.
    func repository(_ name: String, files: [String: [UInt8]]) async throws -> URL {
        try await TestGitRepository.make(
            at: root.appendingPathComponent("repos/\(name)"), files: files, message: "skills")
    }

    /// A clone of `repository` (a `file://` URL) with the test's limits.
    func clone(_ source: String, timeLimit: Duration = .seconds(60), sizeLimit: Int = 8 << 20) -> GitClone {
        GitClone(
            source: source,
            environment: [
                "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": root.path, "GIT_ALLOW_PROTOCOL": "https:ssh:file",
            ],
            timeLimit: timeLimit, sizeLimitBytes: sizeLimit)
    }

    /// Everything in the configuration directory and the skills directory: what a failed install must not change.
    func snapshot() -> [String] {
        let config = (try? FileManager.default.contentsOfDirectory(atPath: directories.configDirectory.path)) ?? []
        let skills = (try? FileManager.default.contentsOfDirectory(atPath: skills.path)) ?? []
        return (config.map { "config/\($0)" } + skills.map { "skills/\($0)" }).sorted()
    }
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}
