import CompanionClaudeCode
import Foundation
import Logging

/// The `claude` CLI on the workstation and the supervisor of its runs, shared by the Claude Code services that
/// start it (chat runs, the MCP catalog's commands, `claude plugin`). The CLI is looked up at start and again
/// when it was missing, so installing Claude Code does not need a sidecar restart.
actor ClaudeRuntime {
    let settings: ClaudeCodeSettings
    /// Where runs keep their state (`<data>/claude-runs`), so a restarted sidecar finds what it left running.
    let stateDirectory: URL
    let logger: Logger
    /// Settles a run a crashed sidecar left behind, by the tag it was started with (the session store marks the
    /// session cancelled).
    let settleLeftover: @Sendable (_ tag: String) async throws -> Void
    private(set) var cli: ClaudeCLI?
    private(set) var cliProblem: String?
    private var supervisor: ClaudeRunSupervisor?

    init(
        settings: ClaudeCodeSettings, stateDirectory: URL, logger: Logger,
        settleLeftover: @escaping @Sendable (_ tag: String) async throws -> Void
    ) {
        self.settings = settings
        self.stateDirectory = stateDirectory
        self.logger = logger
        self.settleLeftover = settleLeftover
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
                if let tag = run.tag { try await settleLeftover(tag) }
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
        guard let supervisor else { throw unavailable }
        return supervisor
    }

    /// The CLI, looking for it again when it was missing; 503 with the fix otherwise.
    func requireCLI() async throws(SidecarError) -> ClaudeCLI {
        if cli == nil { await locate() }
        guard let cli else { throw unavailable }
        return cli
    }

    /// The CLI's executable, looking for it again when it was missing; nil when it is still missing.
    func executable() async -> String? {
        if cli == nil { await locate() }
        return cli?.executable
    }

    /// What `GET /health` says about Claude Code.
    func health() async -> ClaudeHealth {
        if cli == nil { await locate() }
        return ClaudeHealth(available: cli != nil, version: cli?.version, problem: cliProblem)
    }

    /// Cancels every run (at shutdown).
    func cancelAll() async {
        await supervisor?.cancelAll()
    }

    private var unavailable: SidecarError {
        SidecarError(.unavailable, cliProblem ?? "Claude Code is not available on the workstation")
    }
}
