import CompanionAPI
import CompanionClaudeCode
import Foundation
import Logging

/// The sidecar's Claude Code: the transcript index (``ClaudeIndex``), the sessions it runs
/// (``ManagedSessionStore``) and the run supervisor (``ClaudeRunSupervisor``), answering the `/api/v1` routes
/// (``ClaudeCodeBackend``). The CLI is looked up at start and again when it was missing, so installing Claude
/// Code does not need a sidecar restart.
public actor ClaudeCodeService: ClaudeCodeBackend {
    let settings: ClaudeCodeSettings
    let directories: ClaudeDirectories
    let index: ClaudeIndex
    let store: ManagedSessionStore
    let stateDirectory: URL
    let logger: Logger
    var cli: ClaudeCLI?
    var cliProblem: String?
    var supervisor: ClaudeRunSupervisor?
    /// The run of each session answering now, or that answered last (for `Last-Event-ID`).
    var runs: [UUID: SessionRun] = [:]
    /// Where Claude Code keeps `~/.claude.json` and `settings.json` (MCP servers, configuration).
    let configLocations: ClaudeConfigLocations
    /// Masks MCP env and header values in answers (a fresh key per sidecar run).
    let secretMask = MCPSecretMask()
    /// The last health check of each MCP server in this run (scope, project, name → the definition checked and
    /// whether it was healthy): what `GET /stats` counts as healthy.
    var mcpHealthSeen: [String: (definition: MCPServerDefinition, healthy: Bool)] = [:]
    /// Appends to the sidecar's audit log (MCP values revealed); nil records nothing and so reveals nothing.
    let audit: (@Sendable (AuditEntry) async throws -> Void)?

    /// Opens the index and the session store in `dataDirectory`. Nothing runs until ``prepare()``.
    public init(
        settings: ClaudeCodeSettings, dataDirectory: URL, logger: Logger,
        audit: (@Sendable (AuditEntry) async throws -> Void)? = nil
    ) throws {
        self.settings = settings
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
        store = try ManagedSessionStore(path: dataDirectory.appendingPathComponent("claude-sessions.sqlite").path)
        stateDirectory = dataDirectory.appendingPathComponent("claude-runs", isDirectory: true)
    }

    /// Once serving (the data directory locked): settles what a previous sidecar left running (kills leftover
    /// `claude` process groups, marks their sessions cancelled), looks for the CLI, and starts watching
    /// `~/.claude/projects` (inotify; queries also check on request).
    public func prepare() async {
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
        await locate()
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
    public func shutdown() async {
        await supervisor?.cancelAll()
        await index.stop()
    }

    /// Finds `claude` and makes the supervisor (recovering runs a crashed sidecar left behind).
    func locate() async {
        do {
            let found = try await ClaudeCLI.locate(
                explicitPath: settings.executablePath, environment: settings.environment)
            let supervisor = try ClaudeRunSupervisor(
                executable: found.executable, stateDirectory: stateDirectory, environment: settings.environment,
                logger: logger)
            let leftovers = try supervisor.recoverInterruptedRuns()
            for run in leftovers {
                if let tag = run.tag, let id = UUID(uuidString: tag) {
                    try await store.update(id: id) { $0.status = .cancelled }
                }
            }
            cli = found
            cliProblem = nil
            self.supervisor = supervisor
        } catch let error as ClaudeCLIError {
            cliProblem = error.description
        } catch {
            cliProblem = "the Claude Code run state in \(stateDirectory.path) cannot be used (\(type(of: error)))"
        }
    }

    /// The supervisor, looking for the CLI again when it was missing; 503 with the fix otherwise.
    func requireSupervisor() async throws(SidecarError) -> ClaudeRunSupervisor {
        if supervisor == nil { await locate() }
        guard let supervisor else {
            throw SidecarError(.unavailable, cliProblem ?? "Claude Code is not available on the workstation")
        }
        return supervisor
    }

    public func health() async -> ClaudeHealth {
        if cli == nil { await locate() }
        return ClaudeHealth(available: cli != nil, version: cli?.version, problem: cliProblem)
    }

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
