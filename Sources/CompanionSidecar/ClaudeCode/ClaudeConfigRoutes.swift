import CompanionAPI
import Foundation
import Hummingbird

/// The configuration routes under `/api/v1` in the ILS app's contract (endpoint matrix rows 34–36, the ILS
/// backend's `ConfigController` paths), answered by a ``ClaudeConfigBackend``: `GET/PUT /config`, and
/// `POST /config/reveal` (ours: the only answer with `env` values). `scope` (`user`, the default, or `project`) and
/// `projectPath` are query parameters (and body fields of `PUT`).
struct ClaudeConfigRoutes {
    let backend: any ClaudeConfigBackend

    /// Registers the routes on `api` (the `/api/v1` group, with its envelope and authentication).
    func register(on api: RouterGroup<SidecarRequestContext>) {
        api.post("config/reveal") { request, context in
            let scope = request.uri.queryParameters["scope"].map(String.init) ?? "user"
            return try Envelope.success(
                try await backend.revealConfigEnv(
                    scope: scope, projectPath: try ClaudeMCPRoutes.projectPath(request),
                    requester: AuditRequester(deviceId: context.authenticatedDeviceID, peer: context.peerDescription)))
        }
        api.get("config") { request, _ in
            let scope = request.uri.queryParameters["scope"].map(String.init) ?? "user"
            return try Envelope.success(
                try await backend.config(scope: scope, projectPath: try ClaudeMCPRoutes.projectPath(request)))
        }
        api.put("config") { request, context in
            let body = try await Envelope.decode(
                UpdateConfigRequest.self, from: request, limit: ClaudeCodeRoutes.maxBodyBytes)!
            if case .object(let members) = body.content {
                try OptionCheck.require(
                    settingsKeys: Array(members.keys), scopes: context.authenticatedScopes,
                    deviceID: context.authenticatedDeviceID)
            }
            return try Envelope.success(try await backend.updateConfig(body))
        }
    }
}
