import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Creating, forking and deleting the sessions the sidecar runs.
extension ClaudeSessionService {
    func createSession(_ request: CreateSessionRequest) async throws(SidecarError) -> ChatSession {
        let session = try await newSession(
            id: UUID(), projectId: request.projectId, name: request.name, request: request)
        try await stored { try await $0.save(session) }
        return ClaudeAPIMapping.managed(session, transcript: nil)
    }

    /// A new session (not saved), its options validated now so that a bad model or mode is refused before the
    /// session exists.
    func newSession(id: UUID, projectId: UUID?, name: String?, request: CreateSessionRequest?)
        async
        throws(SidecarError) -> ManagedSession
    {
        var projectPath: String?
        if let projectId { projectPath = try await project(id: projectId).path }
        if let name,
            name.count > 200 || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw .badRequest("the session name must be at most 200 characters, without control characters")
        }
        let options = SessionOptions(
            model: request?.model, permissionMode: request?.permissionMode?.rawValue,
            systemPrompt: request?.systemPrompt, maxBudgetUSD: request?.maxBudgetUSD, maxTurns: request?.maxTurns,
            fallbackModel: request?.fallbackModel)
        _ = try runOptions(options, overrides: nil)
        let now = Date()
        return ManagedSession(
            id: id, name: name, projectPath: projectPath, options: options, status: .completed, createdAt: now,
            lastActiveAt: now)
    }

    func deleteSession(id: UUID) async throws(SidecarError) {
        if let running = runs[id], !running.run.isFinished {
            throw SidecarError(.conflict, "session \(id.uuidString) is answering; cancel it first")
        }
        guard try await stored({ try await $0.delete(id: id) }) else {
            if case .external = try await resolve(id) {
                throw SidecarError(
                    .conflict, "session \(id.uuidString) was started outside the sidecar: it is read-only here")
            }
            throw .notFound("no session with id \(id.uuidString)")
        }
        runs[id] = nil
    }

    /// A new session that starts with `id`'s history: its first message runs `--resume <original>
    /// --fork-session`, so Claude Code copies the history into a new transcript and the original file is not
    /// touched. External sessions can be forked too: that is how one continues them from the companion.
    func forkSession(id: UUID) async throws(SidecarError) -> ChatSession {
        let now = Date()
        let fork: ManagedSession
        switch try await resolve(id) {
        case .managed(let original):
            guard let source = original.claudeSessionId ?? original.forkOf else {
                throw SidecarError(.conflict, "session \(id.uuidString) has no messages yet; there is nothing to fork")
            }
            fork = ManagedSession(
                name: original.name.map { "\($0) (fork)" }, projectPath: original.projectPath,
                options: original.options, messageCount: original.messageCount, forkedFrom: original.id,
                forkOf: source, createdAt: now, lastActiveAt: now)
        case .external(let summary):
            fork = ManagedSession(
                name: (summary.title ?? "session").prefix(180) + " (fork)", projectPath: summary.cwd,
                options: SessionOptions(), messageCount: summary.messageCount, forkedFrom: id,
                forkOf: summary.claudeSessionId, createdAt: now, lastActiveAt: now)
        }
        try await stored { try await $0.save(fork) }
        return ClaudeAPIMapping.managed(fork, transcript: nil)
    }

    /// The run options of a session, with a message's overrides; a 400 naming the refused option.
    func runOptions(_ options: SessionOptions, overrides: ChatOptions?) throws(SidecarError) -> ClaudeRunOptions {
        do {
            let model = overrides?.model ?? options.model
            let mode = overrides?.permissionMode?.rawValue ?? options.permissionMode
            var permission: ClaudePermissionMode?
            if let mode {
                guard let parsed = ClaudePermissionMode(rawValue: mode) else {
                    throw SidecarError.badRequest("unknown permission mode \(mode.prefix(40))")
                }
                permission = parsed
            }
            let result = ClaudeRunOptions(
                model: try model.map { try ClaudeModelName($0) }, permissionMode: permission,
                allowBypassPermissions: settings.allowBypassPermissions,
                systemPrompt: overrides?.systemPrompt ?? options.systemPrompt,
                appendSystemPrompt: overrides?.appendSystemPrompt, maxTurns: overrides?.maxTurns ?? options.maxTurns,
                maxBudgetUSD: overrides?.maxBudgetUSD ?? options.maxBudgetUSD,
                allowedTools: overrides?.allowedTools ?? [], disallowedTools: overrides?.disallowedTools ?? [],
                addDirectories: overrides?.addDirs ?? [],
                fallbackModel: try options.fallbackModel.map { name throws(ClaudeRunOptionError) in
                    guard ClaudeModelName.isValid(name) else { throw .invalidFallbackModel(name) }
                    return try ClaudeModelName(name)
                })
            try result.validate()
            return result
        } catch let error as SidecarError {
            throw error
        } catch let error as ClaudeRunOptionError {
            throw .badRequest(error.description)
        } catch {
            throw .badRequest("the options are invalid")
        }
    }
}
