import CompanionClient
import Foundation

/// How a companion reaches the skills and plugins on the workstation, and the advice that goes with a failed call
/// (the Claude Code API's failures, with hints that name the skill and plugin commands instead of the session ones).
public enum ClaudeExtensionsAccess {
    /// The skills and plugins of the sidecar at `url` (else the stored sidecar URL), with `apiKey` (else the stored
    /// one); failures name `listCommand`, the command that lists what exists.
    public static func extensions(
        url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval = 30, listCommand: String
    ) throws(CompanionError) -> WorkstationClaudeExtensions {
        WorkstationClaudeExtensions(
            client: try ClaudeCodeAccess.client(url: url, apiKey: apiKey, store: store, timeout: timeout),
            listCommand: listCommand)
    }

    /// What the CLI or an app should show for `error` of a skill or plugin call; `listCommand` is the command
    /// that lists what exists (`companion skills list`).
    public static func failure(_ error: any Error, listCommand: String) -> CompanionError {
        var failure = ClaudeCodeAccess.failure(error)
        guard case .server(let status, _, _)? = failure.clientError else { return failure }
        switch status {
        case 400: failure.hint = "correct the request as the message says; nothing on the workstation was changed"
        case 404: failure.hint = "see what there is with `\(listCommand)`"
        case 409: failure.hint = "see what is there with `\(listCommand)`, then remove it or choose another name"
        case 413: failure.hint = "choose a smaller repository, or a skill directory inside it (--path)"
        case 503:
            failure.hint =
                "on the workstation: check Claude Code (`claude --version`) and git, then try again; the sidecar's "
                + "log has the details"
        default: break
        }
        return failure
    }
}
