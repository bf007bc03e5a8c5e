import Foundation

/// A throwaway Claude Code world for one test: a temporary `HOME` and `CLAUDE_CONFIG_DIR` (never the user's
/// `~/.claude`), `.claude.json` with onboarding done and each project's trust dialog accepted, project
/// directories, and the CLI's environment pointed at a scripted model endpoint.
public final class ClaudeSandbox: @unchecked Sendable {
    /// The temporary directory holding everything (removed by ``remove()``).
    public let root: URL
    /// `HOME` for the CLI.
    public let home: URL
    /// `CLAUDE_CONFIG_DIR` (`<home>/.claude`).
    public let configDirectory: URL
    /// `<configDirectory>/projects`: where the CLI writes transcripts.
    public var projectsDirectory: URL { configDirectory.appendingPathComponent("projects") }
    /// `ANTHROPIC_BASE_URL`.
    public let baseURL: String
    private var projects: [String] = []

    /// Creates the directories and `.claude.json`; `baseURL` is the scripted endpoint's.
    public init(baseURL: String) throws {
        // The real path: the CLI records (and `--resume` matches) the resolved working directory.
        root = try TestPaths.temporaryDirectory("claude-sandbox").resolvingSymlinksInPath()
        home = root.appendingPathComponent("home")
        configDirectory = home.appendingPathComponent(".claude")
        self.baseURL = baseURL
        for directory in [home, configDirectory, root.appendingPathComponent("tmp")] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try writeConfiguration()
    }

    /// A new project directory `name` under the sandbox, trusted in `.claude.json`; its real path.
    public func makeProject(_ name: String) throws -> String {
        let directory = root.appendingPathComponent("projects/\(name)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        projects.append(directory.path)
        try writeConfiguration()
        return directory.path
    }

    /// The dummy API key the CLI is given.
    public static let apiKey = "sk-ant-scripted-test-key"

    /// The CLI's whole environment: `HOME`, `CLAUDE_CONFIG_DIR`, `TMPDIR` in the sandbox, the endpoint and a dummy
    /// API key, non-essential traffic, telemetry, error reporting and the auto-updater off, and no API retries
    /// (`CLAUDE_CODE_MAX_RETRIES=0`: a scripted failure ends the run at once instead of after back-offs).
    public var environment: [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "CLAUDE_CONFIG_DIR": configDirectory.path,
            "TMPDIR": root.appendingPathComponent("tmp").path, "LANG": "C.UTF-8", "ANTHROPIC_BASE_URL": baseURL,
            "ANTHROPIC_API_KEY": Self.apiKey, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1", "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_MAX_RETRIES": "0",
        ]
    }

    /// Where the CLI writes session `sessionID` of the project at `projectPath`
    /// (`<projects>/<path with every non-alphanumeric character as '-'>/<id>.jsonl`).
    public func transcript(sessionID: String, projectPath: String) -> URL {
        let encoded = String(projectPath.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        return projectsDirectory.appendingPathComponent("\(encoded)/\(sessionID).jsonl")
    }

    /// `<configDirectory>/settings.json`: the user settings the CLI reads (hooks, permissions).
    public var settingsFile: URL { configDirectory.appendingPathComponent("settings.json") }

    /// Removes everything.
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// `.claude.json` in `CLAUDE_CONFIG_DIR` (where the CLI reads it when that is set) and in `HOME`.
    private func writeConfiguration() throws {
        var trusted: [String: Any] = [:]
        for project in projects {
            trusted[project] = ["hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true]
        }
        let configuration: [String: Any] = [
            "hasCompletedOnboarding": true, "numStartups": 1, "projects": trusted,
            "bypassPermissionsModeAccepted": false,
            // The interactive CLI's first-run questions, answered: use the key from the environment (it is
            // recognised by its last 20 characters), and do not make auto mode the default permission mode.
            "customApiKeyResponses": ["approved": [String(Self.apiKey.suffix(20))], "rejected": [String]()],
            "hasSeenAutoDefaultNudge": true,
        ]
        let data = try JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys, .prettyPrinted])
        for file in [
            configDirectory.appendingPathComponent(".claude.json"), home.appendingPathComponent(".claude.json"),
        ] {
            try data.write(to: file, options: .atomic)
        }
    }
}
