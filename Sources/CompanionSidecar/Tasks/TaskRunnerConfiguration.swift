import Foundation

/// How the sidecar runs tasks.
package struct TaskRunnerConfiguration: Sendable {
    /// The agent command, run with `/bin/sh -c`; nil when none is configured (starting a task is then refused).
    package var command: String?
    /// Where per-task workspaces live: `<dataDirectory>/tasks/<id>/workspace`.
    package var dataDirectory: URL
    /// How long a cancelled task gets between SIGTERM and SIGKILL.
    package var killGrace: Duration
    /// The shell that runs ``command``.
    package var shell: String
    /// The git executable used for the clone step (looked up in `PATH` when not absolute).
    package var git: String
    /// Variables removed from the environment the task sees (secrets of the sidecar itself).
    package var hiddenEnvironment: Set<String>
    /// Directories under which local repositories may be cloned (`--clone-root`); empty: none may.
    package var cloneRoots: [URL]
    /// How long the clone step may take before git is stopped and the task fails.
    package var cloneTimeLimit: Duration

    /// The review command of pull request tasks (`--review-command`, run with `/bin/sh -c`, the review prompt and
    /// the diff on its standard input); nil runs ``claudeExecutable`` with ``TaskReview/claudeArguments``.
    /// Reviews start when this or ``command`` is set.
    package var reviewCommand: String?
    /// The `claude` of the built-in review (looked up in `PATH` when not absolute).
    package var claudeExecutable = "claude"
    /// The environment of the built-in review (the sidecar's Claude Code environment); nil: the task environment.
    package var reviewEnvironment: [String: String]?

    /// Default of ``cloneTimeLimit``: 10 minutes.
    package static let defaultCloneTimeLimit: Duration = .seconds(600)

    package init(
        command: String?, dataDirectory: URL, killGrace: Duration = .seconds(5), shell: String = "/bin/sh",
        git: String = "git",
        hiddenEnvironment: Set<String> = ["COMPANION_VAULT_PASSPHRASE", "COMPANION_SIDECAR_API_KEY"],
        cloneRoots: [URL] = [], cloneTimeLimit: Duration = TaskRunnerConfiguration.defaultCloneTimeLimit
    ) {
        self.command = command
        self.dataDirectory = dataDirectory
        self.killGrace = killGrace
        self.shell = shell
        self.git = git
        self.hiddenEnvironment = hiddenEnvironment
        self.cloneRoots = cloneRoots
        self.cloneTimeLimit = cloneTimeLimit
    }

    /// The workspace directory of a task.
    package func workspace(taskID: String) -> URL {
        dataDirectory.appendingPathComponent("tasks", isDirectory: true)
            .appendingPathComponent(taskID, isDirectory: true)
            .appendingPathComponent("workspace", isDirectory: true)
    }
}
