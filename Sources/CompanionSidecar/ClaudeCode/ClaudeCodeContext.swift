import CompanionClaudeCode
import Foundation
import Logging

/// What the Claude Code services share, handed to each when it is made (never reached through one of them): how
/// Claude Code runs (``ClaudeCodeSettings``), where its files are (``ClaudeDirectories``, ``ClaudeConfigLocations``:
/// `CLAUDE_CONFIG_DIR` resolved once), the transcript index, the mask of secret values (one key per sidecar run)
/// and the audit log.
struct ClaudeCodeContext: Sendable {
    let settings: ClaudeCodeSettings
    let directories: ClaudeDirectories
    /// Where Claude Code keeps `~/.claude.json` and `settings.json` (MCP servers, configuration).
    let configLocations: ClaudeConfigLocations
    /// The transcript index (projects and sessions Claude Code knows).
    let index: ClaudeIndex
    /// Masks MCP env and header values and `settings.json`'s secrets in answers (a fresh key per sidecar run).
    let secretMask: MCPSecretMask
    /// The sidecar's data directory (the index, the session store, run state, skill sources).
    let dataDirectory: URL
    let logger: Logger
    /// Appends to the sidecar's audit log (values revealed); nil records nothing and so reveals nothing.
    let audit: (@Sendable (AuditEntry) async throws -> Void)?

    /// Resolves Claude Code's directories from the settings' environment and opens the index in `dataDirectory`.
    init(
        settings: ClaudeCodeSettings, dataDirectory: URL, logger: Logger,
        audit: (@Sendable (AuditEntry) async throws -> Void)?
    ) throws {
        self.settings = settings
        self.dataDirectory = dataDirectory
        self.logger = logger
        self.audit = audit
        directories =
            ClaudeDirectories.resolve(environment: settings.environment)
            ?? ClaudeDirectories(
                configDirectory: URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".claude"))
        configLocations = ClaudeConfigLocations(directories: directories)
        index = try ClaudeIndex(
            databasePath: dataDirectory.appendingPathComponent("claude-index.sqlite").path,
            projectsDirectory: directories.projectsDirectory.path, logger: logger)
        secretMask = MCPSecretMask()
    }

    /// The project paths a device may name (`projectPath=` of the skill, MCP and configuration routes): only those
    /// Claude Code knows, as a project of the transcript index or of `~/.claude.json` (where Claude Code records
    /// each directory it was opened in). Any other directory (`/`, the user's home, another user's files) is
    /// refused before anything under it is read; the files read there must then really lie in it
    /// (``ContainedFile``). `path` itself when it is a known project (or nil); 400 otherwise.
    func knownProject(_ path: String?) async throws(SidecarError) -> String? {
        guard let path else { return nil }
        var known = Set(((try? await index.projects()) ?? []).map(\.path))
        let state = (try? ClaudeJSONFile(url: configLocations.stateFile).read().object) ?? [:]
        known.formUnion(((state["projects"] as? [String: Any]) ?? [:]).keys)
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard known.contains(trimmed) else {
            throw .badRequest(
                "projectPath \(path.prefix(200)) is not a project Claude Code knows on the workstation; open it with "
                    + "`claude` there first")
        }
        return trimmed
    }

    /// Records `entry` in the audit log before what it describes happens: no audit row, nothing revealed or
    /// changed (503, saying that `nothing` — "is revealed", "is changed" — and to try again).
    func audited(_ entry: AuditEntry, nothing: String) async throws(SidecarError) {
        do { try await audit?(entry) } catch {
            logger.error("the audit log cannot be written", metadata: ["error.type": "\(type(of: error))"])
            throw SidecarError(.unavailable, "the audit log cannot be written now, so nothing \(nothing); try again")
        }
    }
}
