import CompanionAPI
import CompanionClaudeCode
import Foundation
import Logging

/// `GET /config`, `PUT /config` and `POST /config/reveal` (``ClaudeConfigBackend``, ``ClaudeConfigRoutes``): the
/// user's and projects' `settings.json`, over ``ClaudeSettingsStore``, secrets masked
/// (`ClaudeConfigService+Secrets.swift`).
actor ClaudeConfigService: ClaudeConfigBackend {
    let context: ClaudeCodeContext

    var configLocations: ClaudeConfigLocations { context.configLocations }
    var secretMask: MCPSecretMask { context.secretMask }
    var logger: Logger { context.logger }

    init(context: ClaudeCodeContext) { self.context = context }

    func config(scope: String, projectPath: String?) async throws(SidecarError) -> ConfigInfo {
        let projectPath = try await context.knownProject(projectPath)
        let settingsScope = try Self.settingsScope(scope)
        let store = ClaudeSettingsStore(locations: configLocations)
        let path = try Self.settingsPath(store, scope: settingsScope, projectPath: projectPath)
        do {
            let snapshot = try store.read(scope: settingsScope, projectPath: projectPath)
            return ConfigInfo(
                scope: scope, path: path, content: FoundationJSONBridge.json(maskingSecrets(snapshot.object)))
        } catch .file(let problem) where Self.isMalformed(problem) {
            return ConfigInfo(
                scope: scope, path: path, content: .object([:]), isValid: false, errors: [problem.description])
        } catch {
            throw Self.sidecarError(error)
        }
    }

    func updateConfig(_ request: UpdateConfigRequest) async throws(SidecarError) -> ConfigInfo {
        _ = try await context.knownProject(request.projectPath)
        let scope = try Self.settingsScope(request.scope)
        guard case .object(let members) = request.content else {
            throw .badRequest("content must be a JSON object of the settings to change")
        }
        let store = ClaudeSettingsStore(locations: configLocations)
        let path = try Self.settingsPath(store, scope: scope, projectPath: request.projectPath)
        var changes = members.mapValues(FoundationJSONBridge.foundation)
        if changes.values.contains(where: Self.holdsMask) {
            // A form that sends back the masked values it was shown keeps the stored values.
            let stored: [String: Any]
            do { stored = try store.read(scope: scope, projectPath: request.projectPath).object } catch {
                throw Self.sidecarError(error)
            }
            changes = try restoringSecrets(changes, stored: stored)
        }
        do {
            let written = try store.update(scope: scope, projectPath: request.projectPath, changes: changes)
            logger.info(
                "Claude Code settings changed",
                metadata: ["scope": "\(scope.rawValue)", "keys": "\(members.keys.sorted().joined(separator: ","))"])
            return ConfigInfo(
                scope: request.scope, path: path, content: FoundationJSONBridge.json(maskingSecrets(written)))
        } catch { throw Self.sidecarError(error) }
    }

    func revealConfigEnv(scope: String, projectPath: String?, requester: AuditRequester)
        async throws(SidecarError) -> ConfigRevealResponse
    {
        let projectPath = try await context.knownProject(projectPath)
        let settingsScope = try Self.settingsScope(scope)
        let store = ClaudeSettingsStore(locations: configLocations)
        let path = try Self.settingsPath(store, scope: settingsScope, projectPath: projectPath)
        let env: [String: String]
        do {
            let object = try store.read(scope: settingsScope, projectPath: projectPath).object
            env = (object["env"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        } catch { throw Self.sidecarError(error) }
        // Recorded before the values leave: no audit row, no values.
        try await context.audited(
            AuditEntry(
                at: Date(), event: .configSecretRevealed, deviceId: requester.deviceId, peer: requester.peer,
                detail: "\(settingsScope.rawValue) settings.json: \(env.count) env values"),
            nothing: "is revealed")
        logger.notice("settings env values revealed", metadata: ["scope": "\(settingsScope.rawValue)"])
        return ConfigRevealResponse(scope: scope, path: path, env: env)
    }

    static func settingsScope(_ text: String) throws(SidecarError) -> ClaudeSettingsScope {
        guard let scope = ClaudeSettingsScope(rawValue: text) else {
            throw .badRequest("scope must be user or project")
        }
        return scope
    }

    static func settingsPath(_ store: ClaudeSettingsStore, scope: ClaudeSettingsScope, projectPath: String?)
        throws(SidecarError) -> String
    {
        do { return try store.file(scope: scope, projectPath: projectPath).url.path } catch {
            throw sidecarError(error)
        }
    }

    static func isMalformed(_ error: ClaudeConfigFileError) -> Bool {
        if case .malformed = error { return true }
        return false
    }

    static func sidecarError(_ error: ClaudeSettingsError) -> SidecarError {
        switch error {
        case .projectRequired, .noSuchProject, .invalid: return .badRequest(error.description)
        case .file(.malformed), .file(.tooLarge): return SidecarError(.conflict, error.description)
        case .file(.outsideProject): return .forbidden(error.description)
        case .file: return SidecarError(.unavailable, error.description)
        }
    }
}
