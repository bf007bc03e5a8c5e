import Foundation

/// Claude Code's configuration directory and the transcripts' `projects` directory under it.
public struct ClaudeDirectories: Sendable, Equatable {
    /// `CLAUDE_CONFIG_DIR`, else `$HOME/.claude`.
    public let configDirectory: URL
    /// `<configDirectory>/projects`: one directory per project, one `<session-uuid>.jsonl` per session.
    public var projectsDirectory: URL { configDirectory.appendingPathComponent("projects", isDirectory: true) }

    /// Uses `configDirectory` as given.
    public init(configDirectory: URL) {
        self.configDirectory = configDirectory.standardizedFileURL
    }

    /// The directories Claude Code itself uses for `environment` (`CLAUDE_CONFIG_DIR`, else `$HOME/.claude`);
    /// nil when neither `CLAUDE_CONFIG_DIR` nor an absolute `HOME` is set.
    public static func resolve(environment: [String: String]) -> ClaudeDirectories? {
        if let configured = environment["CLAUDE_CONFIG_DIR"], configured.hasPrefix("/") {
            return ClaudeDirectories(configDirectory: URL(fileURLWithPath: configured, isDirectory: true))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return ClaudeDirectories(
            configDirectory: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".claude"))
    }

    /// Whether the projects directory exists (Claude Code creates it with the first session).
    public var projectsDirectoryExists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: projectsDirectory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The directory Claude Code keeps `workingDirectory`'s transcripts in: every character other than an ASCII
    /// letter or digit becomes `-` (`/tmp/a.b` → `-tmp-a-b`; lossy, so the real path comes from the transcripts).
    public func projectDirectory(forWorkingDirectory workingDirectory: String) -> URL {
        let encoded = String(
            workingDirectory.unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "-"
            })
        return projectsDirectory.appendingPathComponent(encoded, isDirectory: true)
    }
}
