import Foundation

/// Claude Code's configuration directory, its state file and the transcripts' `projects` directory.
///
/// ``resolve(environment:)`` is the package's one reading of `CLAUDE_CONFIG_DIR` (`scripts/check-one-writer.sh`
/// fails on another): config, MCP, skills, plugins, hooks and the transcript index all locate Claude Code's files
/// through it.
package struct ClaudeDirectories: Sendable, Equatable {
    /// `CLAUDE_CONFIG_DIR`, else `$HOME/.claude`.
    package let configDirectory: URL
    /// `.claude.json`: `$CLAUDE_CONFIG_DIR/.claude.json` when that is set, else `$HOME/.claude.json` (user-scope MCP
    /// servers, each project's local-scope ones, onboarding and trust).
    package let stateFile: URL
    /// `<configDirectory>/projects`: one directory per project, one `<session-uuid>.jsonl` per session.
    package var projectsDirectory: URL { configDirectory.appendingPathComponent("projects", isDirectory: true) }
    /// `<configDirectory>/settings.json`: the user's settings (model, permissions, env, hooks…).
    package var userSettings: URL { configDirectory.appendingPathComponent("settings.json") }

    /// Uses `configDirectory` as given; the state file is `stateFile`, else `.claude.json` beside `configDirectory`
    /// (where Claude Code keeps it without `CLAUDE_CONFIG_DIR`).
    package init(configDirectory: URL, stateFile: URL? = nil) {
        self.configDirectory = configDirectory.standardizedFileURL
        self.stateFile =
            stateFile
            ?? self.configDirectory.deletingLastPathComponent().appendingPathComponent(".claude.json")
    }

    /// The directories Claude Code itself uses for `environment` (`CLAUDE_CONFIG_DIR`, else `$HOME/.claude`);
    /// nil when neither `CLAUDE_CONFIG_DIR` nor an absolute `HOME` is set.
    package static func resolve(environment: [String: String]) -> ClaudeDirectories? {
        if let configured = environment["CLAUDE_CONFIG_DIR"], configured.hasPrefix("/") {
            let directory = URL(fileURLWithPath: configured, isDirectory: true)
            return ClaudeDirectories(
                configDirectory: directory, stateFile: directory.appendingPathComponent(".claude.json"))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        let homeDirectory = URL(fileURLWithPath: home, isDirectory: true)
        return ClaudeDirectories(
            configDirectory: homeDirectory.appendingPathComponent(".claude"),
            stateFile: homeDirectory.appendingPathComponent(".claude.json"))
    }

    /// Whether the projects directory exists (Claude Code creates it with the first session).
    package var projectsDirectoryExists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: projectsDirectory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The directory Claude Code keeps `workingDirectory`'s transcripts in: every character other than an ASCII
    /// letter or digit becomes `-` (`/tmp/a.b` → `-tmp-a-b`; lossy, so the real path comes from the transcripts).
    package func projectDirectory(forWorkingDirectory workingDirectory: String) -> URL {
        let encoded = String(
            workingDirectory.unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "-"
            })
        return projectsDirectory.appendingPathComponent(encoded, isDirectory: true)
    }
}
