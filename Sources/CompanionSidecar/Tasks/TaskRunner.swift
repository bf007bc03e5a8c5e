import CompanionAPI
import Foundation

/// Runs started tasks: the clone step, then the agent command, streaming their output into the log.
package actor TaskRunner {
    let store: TaskStore
    let hub: LogHub
    let configuration: TaskRunnerConfiguration
    /// Which repositories tasks may clone (from ``TaskRunnerConfiguration/cloneRoots``).
    package nonisolated let clonePolicy: ClonePolicy
    /// Who is told when a task run ends (Web Push).
    package nonisolated let endObservers = TaskEndObservers()
    /// Tasks running now, by id.
    var running: [String: RunningTask] = [:]

    /// A task being run: its work and its current child process.
    struct RunningTask {
        var work: Task<Void, Never>?
        var process: TaskProcess?
        var cancelled = false
        /// Set when the current step ran past its time limit and was stopped.
        var timedOut = false
        /// Set when the sidecar itself stops the task (shutdown): it then fails with this reason.
        var interruption: String?
    }

    package init(store: TaskStore, hub: LogHub, configuration: TaskRunnerConfiguration) {
        self.store = store
        self.hub = hub
        self.configuration = configuration
        self.clonePolicy = ClonePolicy(roots: configuration.cloneRoots)
        // A child that exits before reading its input must not kill the sidecar with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Why starting or cancelling a task was refused.
    package enum Refusal: Error, Equatable {
        case notFound
        case noCommand
        case notQueued(TaskStatus)
        case alreadyFinished(TaskStatus)
    }

    /// Starts a queued task; the work goes on in the background.
    package func start(id: String) async throws -> AgentTask {
        guard configuration.command != nil else {
            guard let task = try await store.task(id: id) else { throw Refusal.notFound }
            // A review runs the review command (the built-in claude one by default), but only on a sidecar
            // whose owner enabled tasks with --task-command or --review-command.
            guard task.pr != nil, configuration.reviewCommand != nil else { throw Refusal.noCommand }
            return try await markStarted(id: id)
        }
        return try await markStarted(id: id)
    }

    private func markStarted(id: String) async throws -> AgentTask {
        switch try await store.markStarted(id: id) {
        case .notFound: throw Refusal.notFound
        case .notQueued(let status): throw Refusal.notQueued(status)
        case .started(let task):
            running[id] = RunningTask()
            running[id]?.work = Task { await self.execute(task) }
            return task
        }
    }

    /// Cancels a task: a queued one at once; a running one by SIGTERM, then SIGKILL after the grace period.
    package func cancel(id: String) async throws -> AgentTask {
        if running[id] != nil {
            running[id]?.cancelled = true
            if let process = running[id]?.process { terminate(process) }
            await running[id]?.work?.value
            guard let task = try await store.task(id: id) else { throw Refusal.notFound }
            return task
        }
        guard let task = try await store.task(id: id) else { throw Refusal.notFound }
        guard task.status == .queued else { throw Refusal.alreadyFinished(task.status) }
        let reason = "cancelled before it started"
        try await log(id, [(.system, Date(), reason)])
        guard let done = try await store.finish(taskID: id, status: .cancelled, exitCode: nil, reason: reason)
        else { throw Refusal.notFound }
        hub.publish(taskID: id, .end(.cancelled, exitCode: nil))
        return done
    }

    /// Marks tasks left running by a previous sidecar as failed and stops their orphaned processes.
    @discardableResult
    package func recover() async throws -> [TaskStore.InterruptedTask] {
        let interrupted = try await store.failInterrupted(
            reason: "the sidecar stopped while this task was running")
        for task in interrupted {
            if let pid = task.processID { OrphanReaper.kill(processGroup: pid, taskID: task.id) }
        }
        return interrupted
    }

    /// Stops every running task (SIGTERM, then SIGKILL) and waits until each is recorded as failed with `reason`.
    package func stopAll(reason: String = "the sidecar shut down while this task was running") async {
        for id in running.keys {
            running[id]?.cancelled = true
            running[id]?.interruption = reason
            if let process = running[id]?.process { terminate(process) }
        }
        for work in running.values.compactMap(\.work) { await work.value }
    }

    /// Waits until no task is running (tests, shutdown).
    package func waitUntilIdle() async {
        while let work = running.values.compactMap(\.work).first { await work.value }
    }

    /// Ids of the tasks running now.
    package var runningTaskIDs: [String] { Array(running.keys) }

    func terminate(_ process: TaskProcess) {
        process.signal(SIGTERM)
        let grace = configuration.killGrace
        Task {
            try? await Task.sleep(for: grace)
            process.signal(SIGKILL)
        }
    }

    /// Appends lines to the store, then broadcasts them.
    func log(_ taskID: String, _ lines: [TaskStore.PendingLine]) async throws {
        let stored = try await store.append(taskID: taskID, lines)
        if !stored.isEmpty { hub.publish(taskID: taskID, .lines(stored)) }
    }
}
