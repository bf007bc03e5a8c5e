import CompanionClient
import Foundation

/// The advice that goes with a failed skill or plugin call (the Claude Code API's failures, with hints that name
/// the skill and plugin commands instead of the session ones).
public enum ClaudeExtensionsAccess {
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
