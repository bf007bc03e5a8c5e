import CompanionAPI
import CompanionClaudeCode
import Foundation

/// `GET /config` and `PUT /config` (``ClaudeMCPBackend``), over ``ClaudeSettingsStore``.
extension ClaudeCodeService {
    public func config(scope: String, projectPath: String?) async throws(SidecarError) -> ConfigInfo {
        let settingsScope = try Self.settingsScope(scope)
        let store = ClaudeSettingsStore(locations: configLocations)
        let path = try Self.settingsPath(store, scope: settingsScope, projectPath: projectPath)
        do {
            let snapshot = try store.read(scope: settingsScope, projectPath: projectPath)
            return ConfigInfo(scope: scope, path: path, content: FoundationJSONBridge.json(snapshot.object))
        } catch .file(let problem) where Self.isMalformed(problem) {
            return ConfigInfo(
                scope: scope, path: path, content: .object([:]), isValid: false, errors: [problem.description])
        } catch {
            throw Self.sidecarError(error)
        }
    }

    public func updateConfig(_ request: UpdateConfigRequest) async throws(SidecarError) -> ConfigInfo {
        let scope = try Self.settingsScope(request.scope)
        guard case .object(let members) = request.content else {
            throw .badRequest("content must be a JSON object of the settings to change")
        }
        let store = ClaudeSettingsStore(locations: configLocations)
        let path = try Self.settingsPath(store, scope: scope, projectPath: request.projectPath)
        do {
            let written = try store.update(
                scope: scope, projectPath: request.projectPath,
                changes: members.mapValues(FoundationJSONBridge.foundation))
            logger.info(
                "Claude Code settings changed",
                metadata: ["scope": "\(scope.rawValue)", "keys": "\(members.keys.sorted().joined(separator: ","))"])
            return ConfigInfo(scope: request.scope, path: path, content: FoundationJSONBridge.json(written))
        } catch { throw Self.sidecarError(error) }
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
        case .file: return SidecarError(.unavailable, error.description)
        }
    }
}
