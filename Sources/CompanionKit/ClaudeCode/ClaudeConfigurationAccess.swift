import CompanionAPI
import CompanionClient
import Foundation

/// How a companion reaches the MCP servers and Claude Code's settings on the workstation, and the advice for
/// failures of those calls, whose refusals mean other things than the chat's: 409 is a name taken or a file Claude
/// Code cannot parse, 404 an unknown server.
public enum ClaudeConfigurationAccess {
    /// The MCP servers and settings of the sidecar at `url` (else the stored sidecar URL), with `apiKey` (else the
    /// stored one). `timeout` bounds each request (a health check starts the server on the workstation: its own
    /// bound is 10 s).
    public static func configuration(
        url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval = 30
    ) throws(CompanionError) -> WorkstationClaudeConfiguration {
        WorkstationClaudeConfiguration(
            client: try ClaudeCodeAccess.client(url: url, apiKey: apiKey, store: store, timeout: timeout))
    }

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
