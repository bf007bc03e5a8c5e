import CompanionAPI
import CompanionClaudeCode
import Foundation

/// The steps of one task run.
extension TaskRunner {
    /// How a step ended.
    enum StepResult {
        case exited(Int32)
        case cancelled
        case couldNotStart(String)
        /// Stopped after running past its time limit.
        case timedOut
    }

    func execute(_ task: AgentTask) async {
        let id = task.id
        var final: (status: TaskStatus, exitCode: Int?, reason: String?)
        do {
            final = try await runSteps(task)
        } catch {
            final = (.failed, nil, "the sidecar could not run the task: \(error)")
        }
        if let interruption = running[id]?.interruption { final = (.failed, nil, interruption) }
        do {
            if let reason = final.reason { try await log(id, [(.system, Date(), reason)]) }
            try await log(id, [(.system, Date(), "task \(final.status.rawValue)")])
            try await store.finish(taskID: id, status: final.status, exitCode: final.exitCode, reason: final.reason)
        } catch {
            // The database is gone; nothing more can be recorded. Followers still learn the end below.
        }
        running[id] = nil
        hub.publish(taskID: id, .end(final.status, exitCode: final.exitCode))
        endObservers.notify(task, final.status)
    }

    private func runSteps(_ task: AgentTask) async throws -> (status: TaskStatus, exitCode: Int?, reason: String?) {
        let workspace = configuration.workspace(taskID: task.id)
        try PrivateDataDirectory.createPrivateDirectories(workspace, below: configuration.dataDirectory)
        try await log(task.id, [(.system, Date(), "task started in \(workspace.path)")])
        if let number = task.pr, let repoURL = task.repoURL {
            return try await review(task, number: number, repoURL: repoURL, workspace: workspace)
        }
        if let repoURL = task.repoURL {
            if let failure = try await clone(task, repoURL: repoURL, into: workspace) { return failure }
        }
        let command = configuration.command ?? "false"
        let result = try await runStep(
            task, name: TaskStepName.run, executable: configuration.shell, arguments: ["-c", command],
            input: Data(task.description.utf8), shown: command)
        switch result {
        case .cancelled: return (.cancelled, nil, "cancelled by request")
        case .couldNotStart(let why): return (.failed, nil, "the task command could not start: \(why)")
        case .timedOut: return (.failed, nil, "the task command timed out")
        case .exited(0): return (.succeeded, 0, nil)
        case .exited(let code): return (.failed, Int(code), "the task command exited with status \(code)")
        }
    }

    func runStep(
        _ task: AgentTask, name: String, executable: String, arguments: [String], input: Data, shown: String,
        timeLimit: Duration? = nil, environment: [String: String]? = nil, answer: ReviewAnswerLines? = nil
    ) async throws -> StepResult {
        if running[task.id]?.cancelled == true {
            try await store.updateStep(taskID: task.id, name: name, status: .cancelled)
            return .cancelled
        }
        try await store.updateStep(taskID: task.id, name: name, status: .running)
        try await log(task.id, [(.system, Date(), "step \(name): $ \(shown)")])
        let process: TaskProcess
        do {
            process = try await TaskProcess.start(
                executable: executable, arguments: arguments, environment: environment ?? self.environment(for: task),
                directory: configuration.workspace(taskID: task.id), input: input)
        } catch {
            try await store.updateStep(taskID: task.id, name: name, status: .failed)
            return .couldNotStart("\(error)")
        }
        running[task.id]?.process = process
        running[task.id]?.timedOut = false
        try await store.setProcessID(taskID: task.id, process.processID)
        if running[task.id]?.cancelled == true { terminate(process) }
        let watchdog = timeLimit.map { limit in
            Task {
                try await Task.sleep(for: limit)
                self.expire(task.id, process)
            }
        }
        // With `answer`, standard output is stream-json whose answer lines are logged as they complete.
        var answer = answer
        for await batch in process.output {
            let lines = batch.stream == .stdout ? (answer?.lines(for: batch.lines) ?? batch.lines) : batch.lines
            if !lines.isEmpty { try await log(task.id, lines.map { (batch.stream, batch.timestamp, $0) }) }
        }
        if let rest = answer?.finish(), !rest.isEmpty { try await log(task.id, rest.map { (.stdout, Date(), $0) }) }
        let code = await process.exitStatus()
        watchdog?.cancel()
        running[task.id]?.process = nil
        try await store.setProcessID(taskID: task.id, nil)
        let cancelled = running[task.id]?.cancelled == true
        let timedOut = !cancelled && running[task.id]?.timedOut == true
        let status: TaskStatus = cancelled ? .cancelled : (code == 0 && !timedOut ? .succeeded : .failed)
        try await store.updateStep(taskID: task.id, name: name, status: status, exitCode: Int(code))
        let how = timedOut ? "stopped after its time limit, " : ""
        try await log(task.id, [(.system, Date(), "step \(name) \(status.rawValue) (\(how)exit status \(code))")])
        return cancelled ? .cancelled : (timedOut ? .timedOut : .exited(code))
    }

    /// Stops a step that ran past its time limit (SIGTERM, then SIGKILL after the grace period).
    private func expire(_ taskID: String, _ process: TaskProcess) {
        guard running[taskID]?.process === process, running[taskID]?.cancelled != true else { return }
        running[taskID]?.timedOut = true
        terminate(process)
    }

    /// The sidecar's environment (or `base`) without its secrets, plus the task's fields.
    func environment(for task: AgentTask, base: [String: String]? = nil) -> [String: String] {
        var environment = (base ?? ProcessInfo.processInfo.environment).filter {
            !configuration.hiddenEnvironment.contains($0.key)
        }
        let marker = OrphanReaper.marker(taskID: task.id)
        environment[marker.variable] = marker.value
        environment["COMPANION_TASK_TITLE"] = task.title
        environment["COMPANION_TASK_REPO_URL"] = task.repoURL ?? ""
        environment["COMPANION_TASK_WORKSPACE"] = configuration.workspace(taskID: task.id).path
        if let pr = task.pr { environment["COMPANION_TASK_PR"] = String(pr) }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        return environment
    }
}
