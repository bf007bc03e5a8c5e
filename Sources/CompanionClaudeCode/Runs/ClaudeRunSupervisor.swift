import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Starts, tracks and cancels chat runs of the Claude Code CLI, and cleans up after a crash.
///
/// Each run is `claude -p …` (``ClaudeRunRequest/arguments()``) spawned with swift-subprocess: an argv array, the
/// explicit ``environment``, the project's directory, its own process group, the prompt on standard input, and
/// standard output and error streamed. Runs are independent: each has its own process, pipes, decoder and events.
/// Every live run's process group is recorded in `runs.sqlite` in the state directory, with the process's start
/// time from `/proc`, so that ``recoverInterruptedRuns()`` on the next start kills what a crash left (and never a
/// later process that reuses the pid). Prompts and transcript content are never logged.
package final class ClaudeRunSupervisor: @unchecked Sendable {
    /// How long the CLI has after SIGINT (its interrupt: it stops the request, records the partial answer and
    /// writes its result line; 0.3 s measured) before the process group gets SIGTERM.
    package static let interruptGrace: Duration = .seconds(3)
    /// How long after SIGTERM before SIGKILL.
    package static let terminateGrace: Duration = .seconds(2)
    /// Events kept per run for consumers that reconnect (``ClaudeRun/events(after:)``).
    package static let defaultReplayCapacity = 10_000
    /// Ended runs kept findable (``run(id:)``, ``run(claudeSessionID:)``), newest first, so a consumer that
    /// reconnects just after the end still gets the last events and the outcome.
    package static let finishedRunsKept = 32

    /// The `claude` executable.
    package let executable: String
    /// The CLI's whole environment (nothing is inherited): at least `PATH` and `HOME`, and whatever Claude Code
    /// needs (`ANTHROPIC_API_KEY`, `CLAUDE_CONFIG_DIR`, …).
    package let environment: [String: String]
    private let registry: ClaudeRunRegistry
    /// Where each run's system prompt files are written (``ClaudePromptFiles``).
    private let stateDirectory: URL
    private let replayCapacity: Int
    private let logger: Logger
    private let lock = NSLock()
    private var live: [UUID: ClaudeRun] = [:]
    private var finished: [ClaudeRun] = []

    /// - Parameters:
    ///   - executable: the `claude` to run (``ClaudeCLI/executable``).
    ///   - stateDirectory: where `runs.sqlite` lives (created, 0700).
    ///   - environment: the CLI's environment.
    package init(
        executable: String, stateDirectory: URL, environment: [String: String],
        replayCapacity: Int = ClaudeRunSupervisor.defaultReplayCapacity,
        logger: Logger = Logger(label: "companion.claude.runs")
    ) throws {
        self.executable = executable
        self.environment = environment
        self.replayCapacity = replayCapacity
        self.logger = logger
        registry = try ClaudeRunRegistry(directory: stateDirectory)
        self.stateDirectory = stateDirectory
    }

    /// The runs that have not ended.
    package var runs: [ClaudeRun] { lock.withLock { Array(live.values) } }

    /// The run with this id: live, or among the last ``finishedRunsKept`` ended ones.
    package func run(id: UUID) -> ClaudeRun? {
        lock.withLock { live[id] ?? finished.first { $0.id == id } }
    }

    /// The live run writing to Claude session `sessionID`, else the latest ended one that wrote to it.
    package func run(claudeSessionID sessionID: String) -> ClaudeRun? {
        lock.withLock {
            live.values.first { $0.sessionID == sessionID } ?? finished.first { $0.sessionID == sessionID }
        }
    }

    /// Validates `request` (throws before anything is spawned) and starts it. The run's events begin with the
    /// CLI's `system/init` and end with ``ClaudeRunEvent/Kind/ended(_:)``.
    package func start(_ request: ClaudeRunRequest) throws(ClaudeRunOptionError) -> ClaudeRun {
        try request.validate()
        let run = ClaudeRun(request: request, replayCapacity: replayCapacity)
        let promptFiles = try ClaudePromptFiles.write(request.options, runID: run.id, under: stateDirectory)
        let arguments: [String]
        do { arguments = try request.arguments(promptFiles: promptFiles.arguments) } catch {
            promptFiles.remove()
            throw error
        }
        lock.withLock { live[run.id] = run }
        logger.info("claude run starting", metadata: ["run": "\(run.id)", "session": "\(request.session.kind)"])
        Task.detached { [self] in
            let outcome = await ClaudeRunProcess(
                executable: executable, environment: environment, registry: registry, logger: logger
            ).execute(run: run, arguments: arguments, prompt: request.prompt)
            promptFiles.remove()
            lock.withLock {
                live.removeValue(forKey: run.id)
                finished.insert(run, at: 0)
                if finished.count > Self.finishedRunsKept { finished.removeLast() }
            }
            logger.info(
                "claude run ended",
                metadata: [
                    "run": "\(run.id)", "exit": "\(outcome.exitStatus.map(String.init) ?? "-")",
                    "signal": "\(outcome.signal.map(String.init) ?? "-")", "cancelled": "\(outcome.cancelled)",
                    "malformed": "\(outcome.malformedLines)",
                ])
            run.finish(outcome)
        }
        return run
    }

    /// Cancels every live run (e.g. at shutdown) and waits for them to end.
    package func cancelAll() async {
        await withTaskGroup(of: Void.self) { group in
            for run in runs { group.addTask { _ = await run.cancel() } }
        }
    }

    /// Call once at start-up, before starting runs: for every run a previous supervisor on this state directory
    /// recorded and did not see end, kills what is left of its process group (SIGKILL, this boot only: when the
    /// leader is alive with the recorded start time, or, with the leader gone, when a member carries the run's
    /// ``ProcessMarker/claudeRun(_:)``), forgets it, and returns it so the caller can mark its session not active.
    package func recoverInterruptedRuns() throws -> [ClaudeInterruptedRun] {
        let liveIDs = Set(runs.map(\.id.uuidString))
        var interrupted: [ClaudeInterruptedRun] = []
        let boot = ProcessStat.bootID
        // System prompt files a crashed run left (``ClaudePromptFiles``): nothing live reads them.
        let prompts = stateDirectory.appendingPathComponent("prompts", isDirectory: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: prompts.path)) ?? []
        where !liveIDs.contains(name) {
            try? FileManager.default.removeItem(at: prompts.appendingPathComponent(name))
        }
        for entry in try registry.all() where !liveIDs.contains(entry.runID) {
            let killed = entry.bootID == boot ? killGroup(of: entry) : 0
            try registry.remove(runID: entry.runID)
            logger.notice(
                "claude run interrupted by a restart", metadata: ["run": "\(entry.runID)", "killed": "\(killed)"])
            interrupted.append(
                ClaudeInterruptedRun(
                    runID: UUID(uuidString: entry.runID) ?? UUID(), tag: entry.tag,
                    claudeSessionID: entry.claudeSessionID,
                    workingDirectory: entry.workingDirectory, killedProcesses: killed))
        }
        return interrupted
    }
}

extension ClaudeRunSupervisor {
    /// Kills what is left of `entry`'s process group if it is still the run's, and returns how many processes
    /// it had. A leader alive with another start time means the pid, and so the group, is someone else's; with the
    /// leader gone the group id may have been reused since, so a member must carry the run's marker.
    func killGroup(of entry: ClaudeRunRegistry.Entry) -> Int {
        let members = ProcessStat.members(ofGroup: entry.processGroup)
        guard !members.isEmpty else { return 0 }
        if let leader = ProcessStat(pid: entry.pid) {
            guard leader.startTime == UInt64(entry.startTime) else { return 0 }
        } else {
            let marker = ProcessMarker.claudeRun(entry.runID)
            guard members.contains(where: { marker.isCarried(by: $0.pid) }) else { return 0 }
        }
        kill(-entry.processGroup, SIGKILL)
        return members.count
    }
}

extension ClaudeRunRequest.Session {
    /// `new`, `resume` or `fork`, for logs (never the id).
    var kind: String {
        switch self {
        case .new: "new"
        case .resume: "resume"
        case .fork: "fork"
        }
    }
}
