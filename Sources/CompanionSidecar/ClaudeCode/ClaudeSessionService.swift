import CompanionAPI
import CompanionClaudeCode
import Foundation
import Logging

/// Projects, sessions, transcripts, chat and stats (``ClaudeCodeBackend``, ``ClaudeCodeRoutes``): the transcript
/// index, the sessions the sidecar runs (``ManagedSessionStore``) and their runs (through ``ClaudeRuntime``).
actor ClaudeSessionService: ClaudeCodeBackend {
    let context: ClaudeCodeContext
    let store: ManagedSessionStore
    let runtime: ClaudeRuntime
    /// The MCP servers, which `GET /stats` counts.
    let mcp: ClaudeMCPService
    /// The run of each session answering now, or that answered last (for `Last-Event-ID`).
    var runs: [UUID: SessionRun] = [:]

    var settings: ClaudeCodeSettings { context.settings }
    var directories: ClaudeDirectories { context.directories }
    var index: ClaudeIndex { context.index }
    var logger: Logger { context.logger }

    init(context: ClaudeCodeContext, store: ManagedSessionStore, runtime: ClaudeRuntime, mcp: ClaudeMCPService) {
        self.context = context
        self.store = store
        self.runtime = runtime
        self.mcp = mcp
    }

    /// Once serving (the data directory locked): settles what a previous sidecar left running (kills leftover
    /// `claude` process groups, marks their sessions cancelled), looks for the CLI, and starts watching
    /// `~/.claude/projects` (inotify; queries also check on request).
    func prepare() async {
        do {
            let interrupted = try await store.settleInterrupted()
            if !interrupted.isEmpty {
                logger.notice(
                    "sessions left answering by an earlier sidecar marked cancelled",
                    metadata: ["count": "\(interrupted.count)"])
            }
        } catch {
            logger.error("the session store cannot be settled", metadata: ["error.type": "\(type(of: error))"])
        }
        await runtime.locate()
        // Watching starts with a full refresh of ~/.claude/projects, which can take seconds on a large tree:
        // in the background, so the sidecar serves at once (queries index what they need meanwhile).
        Task { await self.watch() }
    }

    private func watch() async {
        do { try await index.startWatching() } catch {
            logger.notice("not watching Claude Code's projects directory; checking on each request instead")
        }
    }

    /// Cancels every run (at shutdown) and stops the watcher.
    func shutdown() async {
        await runtime.cancelAll()
        await index.stop()
    }

    func health() async -> ClaudeHealth { await runtime.health() }

    /// Runs an index query; a failure of the index is a 503 (never a 500 with its details).
    func indexed<T: Sendable>(_ body: (ClaudeIndex) async throws -> T) async throws(SidecarError) -> T {
        do { return try await body(index) } catch {
            logger.error("the Claude Code index failed", metadata: ["error.type": "\(type(of: error))"])
            throw SidecarError(.unavailable, "the Claude Code index cannot be read now; try again")
        }
    }

    func stored<T: Sendable>(_ body: (ManagedSessionStore) async throws -> T) async throws(SidecarError) -> T {
        do { return try await body(store) } catch {
            logger.error("the session store failed", metadata: ["error.type": "\(type(of: error))"])
            throw SidecarError(.unavailable, "the sidecar's session store cannot be used now; try again")
        }
    }
}
