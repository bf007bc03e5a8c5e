import CompanionAPI
import Foundation

/// The clone step of a task, under the ``ClonePolicy`` (see SECURITY.md, "Task repositories").
extension TaskRunner {
    /// The clone step: the address is checked again against the clone policy (roots and links may have
    /// changed since the task was created), then git runs with the policy's environment and time limit.
    /// Returns the task's outcome when the step did not succeed. `options` replace `--depth 1` (a review needs
    /// the history down to the merge base).
    func clone(
        _ task: AgentTask, repoURL: String, into workspace: URL, options: [String] = ["--depth", "1"]
    ) async throws -> (
        status: TaskStatus, exitCode: Int?, reason: String?
    )? {
        let source: String
        do { source = try clonePolicy.source(for: repoURL) } catch {
            try await store.updateStep(taskID: task.id, name: TaskStepName.clone, status: .failed)
            return (.failed, nil, "the repository was refused: \(error.description)")
        }
        let arguments = [configuration.git, "clone"] + options + ["--", source, workspace.path]
        let limit = configuration.cloneTimeLimit
        let result = try await runStep(
            task, name: TaskStepName.clone, executable: "/usr/bin/env", arguments: arguments, input: Data(),
            shown: "git clone \(options.joined(separator: " ")) \(repoURL)", timeLimit: limit,
            environment: clonePolicy.gitEnvironment(environment(for: task)))
        switch result {
        case .cancelled: return (.cancelled, nil, "cancelled during the clone step")
        case .couldNotStart(let why): return (.failed, nil, "git clone could not start: \(why)")
        case .timedOut: return (.failed, nil, "git clone timed out after \(Self.describe(limit)) and was stopped")
        case .exited(let code) where code != 0: return (.failed, nil, "git clone failed with exit status \(code)")
        case .exited: return nil
        }
    }

    /// `90 s`, `10 min`.
    static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds >= 60 && seconds % 60 == 0 { return "\(seconds / 60) min" }
        let milliseconds = duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds == 0 ? "\(seconds) s" : "\(seconds).\(String(format: "%03d", milliseconds)) s"
    }
}
