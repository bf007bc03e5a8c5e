/// An option of a run that was refused before anything was spawned.
package enum ClaudeRunOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an alias nor a well-formed `claude-…` id (``ClaudeModelName``).
    case invalidModel(String)
    /// A fallback model that is not an alias nor a well-formed `claude-…` id.
    case invalidFallbackModel(String)
    /// The fallback model is the main model (Claude Code refuses that too).
    case fallbackModelSameAsModel
    /// `bypassPermissions` without ``ClaudeRunOptions/allowBypassPermissions``.
    case bypassPermissionsNotAllowed
    /// A resume or fork id that is not a UUID.
    case invalidSessionID(String)
    /// Nothing but white space.
    case emptyPrompt
    /// Over ``ClaudeRunRequest/maximumPromptBytes``.
    case promptTooLong(bytes: Int)
    /// Not an existing absolute directory.
    case invalidWorkingDirectory(String)
    /// An `--add-dir` that is not an existing absolute directory.
    case invalidAddDirectory(String)
    /// An allowed or disallowed tool rule that is empty, too long, has control characters or starts with `-`.
    case invalidToolRule(String)
    /// Outside 1…1000.
    case invalidMaxTurns(Int)
    /// Not a positive finite amount up to 10,000 dollars.
    case invalidMaxBudget(Double)
    /// A system prompt over ``ClaudeRunOptions/maximumSystemPromptBytes`` or with NUL (names which one).
    case invalidSystemPrompt(String)
    /// The system prompt's file could not be written in the state directory (named).
    case promptFileUnwritable(String)

    /// Safe to show and log: names the option, never a prompt's text.
    package var description: String {
        switch self {
        case .invalidModel: "model name refused: an alias (sonnet, opus, haiku, …) or a claude-… id is expected"
        case .invalidFallbackModel:
            "fallback model name refused: an alias (sonnet, opus, haiku, …) or a claude-… id is expected"
        case .fallbackModelSameAsModel: "the fallback model must differ from the model; choose another or leave it out"
        case .bypassPermissionsNotAllowed: "permission mode bypassPermissions is not allowed"
        case .invalidSessionID: "the Claude session id must be a UUID"
        case .emptyPrompt: "the prompt is empty"
        case .promptTooLong(let bytes): "the prompt is too long (\(bytes) bytes)"
        case .invalidWorkingDirectory: "the working directory must be an existing absolute directory"
        case .invalidAddDirectory: "an added directory must be an existing absolute directory"
        case .invalidToolRule: "a tool rule must be 1–200 printable characters and not start with '-'"
        case .invalidMaxTurns(let value): "max turns must be between 1 and 1000 (got \(value))"
        case .invalidMaxBudget(let value): "max budget must be a positive amount of dollars (got \(value))"
        case .invalidSystemPrompt(let which): "the \(which) is too long or contains NUL"
        case .promptFileUnwritable(let directory):
            "the system prompt could not be written to a private file under \(directory); check that the directory "
                + "is the sidecar user's, mode 0700, and has room"
        }
    }
}
