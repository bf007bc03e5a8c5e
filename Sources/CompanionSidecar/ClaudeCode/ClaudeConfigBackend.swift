import CompanionAPI
import Foundation

/// What the configuration routes under `/api/v1` ask of Claude Code on the workstation (endpoint matrix rows
/// 34–36, and `POST /config/reveal`), in the API's own types; ``ClaudeConfigService`` implements it. Every
/// expected failure is a ``SidecarError``: 400 for an unknown scope or project, 409 for a malformed file left
/// unchanged, 503 when Claude Code's files cannot be used now.
package protocol ClaudeConfigBackend: Sendable {
    /// `settings.json` of `scope` (`user` or `project`).
    func config(scope: String, projectPath: String?) async throws(SidecarError) -> ConfigInfo
    /// Sets the keys of the request's content, keeping every other key.
    func updateConfig(_ request: UpdateConfigRequest) async throws(SidecarError) -> ConfigInfo
    /// The values of `settings.json`'s `env` (masked everywhere else), recorded in the audit log as asked by
    /// `requester`.
    func revealConfigEnv(scope: String, projectPath: String?, requester: AuditRequester) async throws(SidecarError)
        -> ConfigRevealResponse
}
