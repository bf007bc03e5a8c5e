import CompanionAPI
import Foundation

/// A pull request review: clone, check out the pull request's head, run the review command on its diff.
extension TaskRunner {
    typealias Outcome = (status: TaskStatus, exitCode: Int?, reason: String?)

    /// The steps of a review task (`clone`, `checkout`, `review`); returns the task's outcome.
    func review(_ task: AgentTask, number: Int, repoURL: String, workspace: URL) async throws -> Outcome {
        // The whole history (without file contents until needed) so that the merge base is there.
        if let failure = try await clone(
            task, repoURL: repoURL, into: workspace, options: ["--filter=blob:none", "--no-checkout"])
        {
            return failure
        }
        let diffFile = workspace.deletingLastPathComponent().appendingPathComponent("review.diff")
        let checkout = try await runStep(
            task, name: TaskStepName.checkout, executable: configuration.shell,
            arguments: ["-c", TaskReview.checkoutScript, "sh", String(number), diffFile.path, configuration.git],
            input: Data(), shown: "git fetch and check out pull request \(number)",
            timeLimit: configuration.cloneTimeLimit, environment: clonePolicy.gitEnvironment(environment(for: task)))
        switch checkout {
        case .cancelled: return (.cancelled, nil, "cancelled during the checkout step")
        case .couldNotStart(let why): return (.failed, nil, "the checkout could not start: \(why)")
        case .timedOut:
            return (.failed, nil, "the checkout timed out after \(Self.describe(configuration.cloneTimeLimit))")
        case .exited(let code) where code != 0:
            return (.failed, nil, TaskReview.checkoutFailure(code, number: number))
        case .exited: break
        }
        // Only what the prompt can hold is read: a pull request's diff can be far larger than memory should hold.
        let totalBytes = (try FileManager.default.attributesOfItem(atPath: diffFile.path)[.size] as? Int) ?? 0
        let handle = try FileHandle(forReadingFrom: diffFile)
        defer { try? handle.close() }
        let diff = try handle.read(upToCount: TaskReview.maxDiffBytes + 1) ?? Data()
        let base =
            (try? String(contentsOf: diffFile.appendingPathExtension("base"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "the default branch"
        let prompt = TaskReview.prompt(number: number, repoURL: repoURL, base: base, diff: diff, totalBytes: totalBytes)
        if diff.count > TaskReview.maxDiffBytes {
            try await log(task.id, [(.system, Date(), "the diff (\(totalBytes) bytes) is cut for the review")])
        }
        return try await runReview(task, prompt: prompt)
    }

    /// The review step: `--review-command` through the shell, else the built-in `claude -p`.
    private func runReview(_ task: AgentTask, prompt: String) async throws -> Outcome {
        let result: StepResult
        if let command = configuration.reviewCommand {
            result = try await runStep(
                task, name: TaskStepName.review, executable: configuration.shell, arguments: ["-c", command],
                input: Data(prompt.utf8), shown: command)
        } else {
            let arguments = [configuration.claudeExecutable] + TaskReview.claudeArguments
            result = try await runStep(
                task, name: TaskStepName.review, executable: "/usr/bin/env", arguments: arguments,
                input: Data(prompt.utf8), shown: (["claude"] + TaskReview.claudeArguments).joined(separator: " "),
                environment: environment(for: task, base: configuration.reviewEnvironment), answer: ReviewAnswerLines())
        }
        switch result {
        case .cancelled: return (.cancelled, nil, "cancelled by request")
        case .couldNotStart(let why): return (.failed, nil, "the review command could not start: \(why)")
        case .timedOut: return (.failed, nil, "the review command timed out")
        case .exited(0): return (.succeeded, 0, nil)
        case .exited(let code): return (.failed, Int(code), "the review command exited with status \(code)")
        }
    }
}
