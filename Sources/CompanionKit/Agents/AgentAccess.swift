import CompanionAPI
import CompanionClient
import Foundation

/// How a companion reaches the sidecar's agent sessions (list, terminal, input, approvals, the `/ws` event stream):
/// the same URL and credentials as the Claude Code API (``ClaudeCodeAccess``; the API key as `Authorization: Bearer`).
public enum AgentAccess {
    /// The agent sessions of the sidecar at `url` (else the stored sidecar URL), with `apiKey` (else the stored one).
    public static func agents(url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval = 30)
        throws(CompanionError) -> WorkstationAgents
    {
        WorkstationAgents(
            client: AgentClient(
                transport: try SidecarAccess.transport(url: url, apiKey: apiKey, store: store, timeout: timeout)))
    }

    /// The failure an agent call's error stands for, with advice for a refused request, an unknown session or
    /// approval, an approval already answered, and a workstation without tmux.
    public static func failure(_ error: any Error) -> CompanionError {
        var failure = CompanionError.from(error)
        guard case .server(let status, _, let message)? = failure.clientError else { return failure }
        switch status {
        case 401:
            failure.message = "the sidecar refused the request: \(message)"
            failure.hint =
                "pair this device with the sidecar (`companion pair scan|code`), or give the sidecar's API key "
                + "(--api-key-file or $COMPANION_API_KEY)"
        case 404:
            failure.message = message
            failure.hint = "list sessions with `companion agents list`, approvals with `companion watch`"
        case 409:
            failure.message = message
        case 503:
            failure.message = message
            failure.hint = "on the workstation: install tmux, or start the sidecar without --no-agents"
        default: break
        }
        return failure
    }

    /// The failure of a `/ws` stream the sidecar closed as unauthorized (4401: the device was revoked or lost the
    /// `read` scope): not paired (exit 7), like a REST call it refuses with 401.
    public static func unauthorized(_ reason: String) -> CompanionError {
        CompanionError(
            .notPaired, "the sidecar closed the event stream: \(reason)",
            hint: "pair this device again (`companion pair scan|code`), or ask the workstation owner for its scopes")
    }
}
