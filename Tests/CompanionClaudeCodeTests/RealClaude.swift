import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// One test's world for the real Claude Code CLI: a scripted model endpoint, a sandbox (HOME, CLAUDE_CONFIG_DIR)
/// pointed at it, and a run supervisor whose registry lives in the sandbox.
struct RealClaude {
    let endpoint: ScriptedModelEndpoint
    let sandbox: ClaudeSandbox
    let supervisor: ClaudeRunSupervisor
    let executable: String

    init(rule: @escaping @Sendable (ScriptedModelRequest) -> ScriptedModelReply) throws {
        executable = try ClaudeCLIBinary.locate()
        endpoint = try ScriptedModelEndpoint(rule: rule)
        sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        supervisor = try ClaudeRunSupervisor(
            executable: executable, stateDirectory: sandbox.root.appendingPathComponent("state"),
            environment: sandbox.environment)
    }

    /// A second supervisor on the same state directory (the sidecar after a restart).
    func restartedSupervisor() throws -> ClaudeRunSupervisor {
        try ClaudeRunSupervisor(
            executable: executable, stateDirectory: sandbox.root.appendingPathComponent("state"),
            environment: sandbox.environment)
    }

    func tearDown() {
        endpoint.stop()
        sandbox.remove()
    }

    /// Starts `prompt` and waits for its end; returns every event and the outcome.
    func run(
        _ prompt: String, in project: String, session: ClaudeRunRequest.Session = .new
    ) async throws -> (events: [ClaudeRunEvent], outcome: ClaudeRunOutcome) {
        let run = try supervisor.start(ClaudeRunRequest(prompt: prompt, workingDirectory: project, session: session))
        let events = try await collect(run)
        guard case .ended(let outcome) = events.last?.kind else { throw Unfinished() }
        return (events, outcome)
    }

    struct Unfinished: Error {}
}

/// Every event of `run` until its end (a deadline only so that a broken run fails the test instead of hanging it).
func collect(_ run: ClaudeRun, after sequence: Int? = nil, deadline: Double = 180) async throws -> [ClaudeRunEvent] {
    try await withThrowingTaskGroup(of: [ClaudeRunEvent]?.self) { group in
        group.addTask {
            var events: [ClaudeRunEvent] = []
            for await event in run.events(after: sequence) { events.append(event) }
            return events
        }
        group.addTask {
            try await Task.sleep(for: .seconds(deadline))
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        guard let first else { throw RunDeadlinePassed() }
        return first
    }
}

/// A run did not end within the test's safety deadline.
struct RunDeadlinePassed: Error {}

/// The text deltas of `events`, in order.
func textDeltas(_ events: [ClaudeRunEvent]) -> [String] {
    events.compactMap { if case .stream(.textDelta(let text, _)) = $0.kind { text } else { nil } }
}

/// The `system/init` of `events`.
func sessionInfo(_ events: [ClaudeRunEvent]) -> ClaudeSessionInfo? {
    events.lazy.compactMap { if case .stream(.initialized(let info)) = $0.kind { info } else { nil } }.first
}

/// The pids of the live (non-zombie) processes in process group `group`, from /proc.
func processes(inGroup group: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 && fields[0] != "Z" && Int32(fields[2]) == group
    }
}
