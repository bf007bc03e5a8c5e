import CompanionAPI
import CompanionClient
import Foundation

/// Advice for failures of the MCP server and settings calls (`ClaudeCodeClient`'s `mcp…` and `config`
/// calls), whose refusals mean other things than the chat's: 409 is a name taken or a file Claude Code cannot
/// parse, 404 an unknown server.
public enum ClaudeConfigurationAccess {
    /// The failure `error` stands for, with what to do next.
    public static func failure(_ error: any Error) -> CompanionError {
        var failure = ClaudeCodeAccess.failure(error)
        guard case .server(let status, _, let message)? = failure.clientError else { return failure }
        switch status {
        case 400:
            failure.message = message
            failure.hint = "check the name (letters, digits, - and _), the scope and the project path"
        case 404:
            failure.message = message
            failure.hint = "list the configured servers with `companion mcp list`"
        case 409:
            failure.message = message
            failure.hint =
                message.contains("left unchanged")
                ? "fix the file on the workstation (a copy of its previous version is beside it), then try again"
                : "edit the existing server (`companion mcp edit`), or name the scope with --scope"
        case 503:
            failure.message = message
            failure.hint = "check Claude Code's files on the workstation, then try again"
        default: break
        }
        return failure
    }
}
