import CompanionClaudeCode
import Foundation
import Logging

/// Claude Code on this workstation, one service per resource of `/api/v1` (as Hummingbird's examples have one
/// controller per resource): sessions and chat, MCP servers, `settings.json`, skills and plugins. Each is made here
/// with what it shares with the others passed in (``ClaudeCodeContext``: settings, Claude Code's file locations,
/// the transcript index, the secret mask, the audit log; ``ClaudeRuntime``: the CLI and its runs).
package struct ClaudeCode: Sendable {
    let runtime: ClaudeRuntime
    let sessions: ClaudeSessionService
    let mcp: ClaudeMCPService
    let config: ClaudeConfigService
    let skills: ClaudeSkillService
    let plugins: ClaudePluginService

    /// Opens the index and the session store in `dataDirectory`. Nothing runs until ``prepare()``.
    init(
        settings: ClaudeCodeSettings, dataDirectory: URL, logger: Logger,
        audit: (@Sendable (AuditEntry) async throws -> Void)? = nil
    ) throws {
        let context = try ClaudeCodeContext(
            settings: settings, dataDirectory: dataDirectory, logger: logger, audit: audit)
        let store = try ManagedSessionStore(path: dataDirectory.appendingPathComponent("claude-sessions.sqlite").path)
        runtime = ClaudeRuntime(
            settings: settings, stateDirectory: dataDirectory.appendingPathComponent("claude-runs", isDirectory: true),
            logger: logger,
            settleLeftover: { tag in
                if let id = UUID(uuidString: tag) { try await store.update(id: id) { $0.status = .cancelled } }
            })
        mcp = ClaudeMCPService(context: context, runtime: runtime)
        sessions = ClaudeSessionService(context: context, store: store, runtime: runtime, mcp: mcp)
        config = ClaudeConfigService(context: context)
        skills = ClaudeSkillService(context: context)
        plugins = ClaudePluginService(context: context, runtime: runtime)
    }

    /// Once serving: settles the runs an earlier sidecar left, finds the CLI and starts watching the transcripts.
    func prepare() async { await sessions.prepare() }

    /// Cancels every run and stops the watcher.
    func shutdown() async { await sessions.shutdown() }
}
