import CompanionAPI
import CompanionClient
import Foundation

/// How a companion reaches the sidecar's Claude Code API (projects, sessions, transcripts, chat): the same
/// URL and credentials as the task endpoints (``TaskAccess``), the API key sent as `Authorization: Bearer`.
public enum ClaudeCodeAccess {
    /// The Claude Code API of the sidecar at `url` (else the stored sidecar URL), with `apiKey` (else the stored
    /// one). `timeout` bounds each request, and the wait for a chat stream's first answer.
    public static func claudeCode(
        url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval = 30
    ) throws(CompanionError) -> WorkstationClaudeCode {
        WorkstationClaudeCode(client: try client(url: url, apiKey: apiKey, store: store, timeout: timeout))
    }

    /// The client every Claude Code facade wraps.
    static func client(url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval)
        throws(CompanionError) -> ClaudeCodeClient
    {
        ClaudeCodeClient(
            transport: try SidecarAccess.transport(url: url, apiKey: apiKey, store: store, timeout: timeout))
    }

    /// The failure a Claude Code call's error stands for, with advice for a refused request, an unknown
    /// session or project, and a workstation without the `claude` CLI.
    public static func failure(_ error: any Error) -> CompanionError {
        var failure = CompanionError.from(error)
        guard case .server(let status, let code, let message)? = failure.clientError else { return failure }
        switch (status, code) {
        case (401, _):
            failure.message = "the sidecar refused the request: \(message)"
            failure.hint =
                "pair this device with the sidecar (`companion pair scan|code`), or give the sidecar's API key "
                + "(--api-key-file or $COMPANION_API_KEY)"
        case (404, _):
            failure.message = message
            failure.hint = "list them with `companion sessions list` or `companion projects`"
        case (409, _):
            failure.message = message
            failure.hint = "wait for the running answer to end, or stop it with Ctrl-C in the chat that started it"
        case (503, _):
            failure.message = message
            failure.hint = "on the workstation: install Claude Code, or start the sidecar with --claude-path PATH"
        default: break
        }
        return failure
    }
}
