import Foundation

/// What to run: a prompt in a project's directory, as a new session, a resumed one or a fork.
package struct ClaudeRunRequest: Sendable, Equatable {
    /// New, resumed or forked conversation.
    package enum Session: Sendable, Equatable {
        /// A new Claude session (its id arrives in the run's `system/init` event).
        case new
        /// `--resume <id>`: continue that session (same id).
        case resume(claudeSessionID: String)
        /// `--resume <id> --fork-session`: a new session starting with that one's history; the original is left as is.
        case fork(claudeSessionID: String)
    }

    /// The user's message. Sent on standard input, never in the argv (so it cannot be read as an option, and
    /// other users cannot read it with `ps`).
    package var prompt: String
    /// The project's directory (absolute, existing): Claude Code runs there, and `--resume` only finds sessions
    /// recorded for it.
    package var workingDirectory: String
    /// New, resumed or forked.
    package var session: Session
    /// Model, permission mode, prompts, limits, tools, directories.
    package var options: ClaudeRunOptions
    /// The caller's own label for the run (e.g. the sidecar's session id), stored with the process group so that
    /// ``ClaudeRunSupervisor/recoverInterruptedRuns()`` can say which sessions were interrupted. Not secret.
    package var tag: String?

    /// The longest prompt accepted, in bytes.
    package static let maximumPromptBytes = 1_000_000

    /// Creates a request; nothing is checked until ``validate()``.
    package init(
        prompt: String, workingDirectory: String, session: Session = .new, options: ClaudeRunOptions = .init(),
        tag: String? = nil
    ) {
        self.prompt = prompt
        self.workingDirectory = workingDirectory
        self.session = session
        self.options = options
        self.tag = tag
    }

    /// Throws the first refused part (options, session id, working directory, prompt).
    package func validate() throws(ClaudeRunOptionError) {
        if prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .emptyPrompt }
        if prompt.utf8.count > Self.maximumPromptBytes { throw .promptTooLong(bytes: prompt.utf8.count) }
        guard isExistingAbsoluteDirectory(workingDirectory) else { throw .invalidWorkingDirectory(workingDirectory) }
        switch session {
        case .new: break
        case .resume(let id), .fork(let id):
            guard UUID(uuidString: id) != nil, id.count == 36 else { throw .invalidSessionID(id) }
        }
        try options.validate()
    }

    /// The argv after the executable: `-p --output-format stream-json --verbose --include-partial-messages`, the
    /// session flags, then each option. The prompt is not in it (standard input), nor are the system prompts:
    /// `promptFiles` are their `--system-prompt-file`/`--append-system-prompt-file` arguments (the supervisor
    /// writes the files, ``ClaudePromptFiles``). Validates first.
    package func arguments(promptFiles: [String] = []) throws(ClaudeRunOptionError) -> [String] {
        try validate()
        var arguments = ["-p", "--output-format", "stream-json", "--verbose", "--include-partial-messages"]
        switch session {
        case .new: break
        case .resume(let id): arguments += ["--resume", id]
        case .fork(let id): arguments += ["--resume", id, "--fork-session"]
        }
        if let model = options.model { arguments += ["--model", model.rawValue] }
        if let fallback = options.fallbackModel { arguments += ["--fallback-model", fallback.rawValue] }
        if let mode = options.permissionMode { arguments += ["--permission-mode", mode.rawValue] }
        if options.userSettingsOnly { arguments += ["--setting-sources", "user"] }
        arguments += promptFiles
        if let turns = options.maxTurns { arguments += ["--max-turns", String(turns)] }
        if let budget = options.maxBudgetUSD { arguments += ["--max-budget-usd", String(budget)] }
        // `--flag=value` keeps each value one argument, even a rule that contains spaces.
        for rule in options.allowedTools { arguments.append("--allowed-tools=\(rule)") }
        for rule in options.disallowedTools { arguments.append("--disallowed-tools=\(rule)") }
        for directory in options.addDirectories { arguments.append("--add-dir=\(directory)") }
        return arguments
    }
}
