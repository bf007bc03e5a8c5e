import CompanionAPI
import CompanionClaudeCode
import CompanionCrypto
import Foundation

/// A session's current (or last) run and the prompt that started it, so that a client reconnecting with
/// `Last-Event-ID` and the same request re-attaches instead of sending the prompt again.
struct SessionRun: Sendable {
    let run: ClaudeRun
    let promptDigest: [UInt8]
    /// Ends once the session's record has taken the run's end (status, cost): `done` is sent only after it, so a
    /// client that reads the session when its stream ends sees the new status.
    let recorded: Task<Void, Never>
}

/// Chat: starting a run in a session, streaming its events, cancelling it, and keeping the session's record
/// (Claude session id, status, cost) whether or not anyone is listening.
extension ClaudeSessionService {
    func chat(_ request: ChatStreamRequest, resumeAfter lastEventID: String?, caller: ChatCaller)
        async throws(SidecarError) -> ChatRunStream
    {
        let digest = SHA256.hash(Array(request.prompt.utf8))
        if let sessionId = request.sessionId, let lastEventID, let current = runs[sessionId],
            current.promptDigest == digest, let after = Int(lastEventID)
        {
            return ChatRunStream(
                sessionID: sessionId, frames: Self.frames(of: current.run, after: after, recorded: current.recorded))
        }
        var session = try await sessionForChat(request)
        if let current = runs[session.id], !current.run.isFinished {
            throw SidecarError(
                .conflict, "session \(session.id.uuidString) is already answering; wait for it or cancel it")
        }
        if request.options?.permissionMode == nil {
            try OptionCheck.requireStoredMode(
                session.options.permissionMode, scopes: caller.scopes, deviceID: caller.deviceID)
        }
        let supervisor = try await runtime.requireSupervisor()
        var options = try runOptions(session.options, overrides: request.options)
        if !caller.scopes.contains(.control) { Self.confine(&options) }
        let mode: ClaudeRunRequest.Session =
            if let id = session.claudeSessionId { .resume(claudeSessionID: id) } else if let source = session.forkOf {
                .fork(claudeSessionID: source)
            } else { .new }
        let directory = workingDirectory(of: session)
        guard FileManager.default.fileExists(atPath: directory) else {
            throw SidecarError(.conflict, "the project directory \(directory) no longer exists on the workstation")
        }
        let runRequest = ClaudeRunRequest(
            prompt: request.prompt, workingDirectory: directory, session: mode, options: options,
            tag: session.id.uuidString)
        do { try runRequest.validate() } catch { throw .badRequest(error.description) }
        // The session is `active` before the run starts, so the run's end (recorded below) always comes after.
        let previous = session
        session.status = .active
        session.lastActiveAt = Date()
        session.messageCount += 1
        let active = session
        try await stored { try await $0.save(active) }
        if let current = runs[session.id], !current.run.isFinished {
            throw SidecarError(
                .conflict, "session \(session.id.uuidString) is already answering; wait for it or cancel it")
        }
        let run: ClaudeRun
        do {
            run = try supervisor.start(runRequest)
        } catch {
            try await stored { try await $0.save(previous) }
            throw .badRequest(error.description)
        }
        let id = session.id
        let recorded = Task { await self.record(run, of: id) }
        runs[session.id] = SessionRun(run: run, promptDigest: digest, recorded: recorded)
        return ChatRunStream(sessionID: session.id, frames: Self.frames(of: run, after: nil, recorded: recorded))
    }

    /// What a run started by a caller without `control` is held to: only the user's settings and MCP servers apply
    /// (a project's own, written by whoever wrote the repository, e.g. one a task cloned, are not read), and the
    /// permission mode is `default` unless the caller chose `plan` (the user's `defaultMode` does not widen it), so
    /// every tool call the user's rules do not allow waits for a person.
    static func confine(_ options: inout ClaudeRunOptions) {
        options.userSettingsOnly = true
        if options.permissionMode == nil { options.permissionMode = .default }
    }

    func cancelChat(sessionId: UUID) async throws(SidecarError) -> Bool {
        guard let current = runs[sessionId] else {
            _ = try await resolve(sessionId)
            return false
        }
        guard !current.run.isFinished else { return false }
        let outcome = await current.run.cancel()
        return outcome.cancelled
    }

    /// The session a chat request runs in: the one named (created with that id when the app made the id up,
    /// as the ILS app does for a new session), or a new one. External sessions are read-only.
    private func sessionForChat(_ request: ChatStreamRequest) async throws(SidecarError) -> ManagedSession {
        guard let id = request.sessionId else {
            let session = try await newSession(id: UUID(), projectId: request.projectId, name: nil, request: nil)
            try await stored { try await $0.save(session) }
            return session
        }
        if let session = try await stored({ try await $0.session(id: id) }) { return session }
        if let summary = try await indexed({ try await $0.session(claudeSessionId: id.uuidString.lowercased()) }) {
            throw SidecarError(
                .conflict,
                "session \(summary.claudeSessionId) was started outside the sidecar and is read-only; fork it "
                    + "(POST /api/v1/sessions/\(id.uuidString)/fork) to continue it")
        }
        let session = try await newSession(id: id, projectId: request.projectId, name: nil, request: nil)
        try await stored { try await $0.save(session) }
        return session
    }

    /// Keeps the session's record as the run goes: its Claude session id once known, then its status and cost.
    private func record(_ run: ClaudeRun, of sessionID: UUID) async {
        for await event in run.events() {
            switch event.kind {
            case .stream(.initialized(let info)):
                await recordUpdate(of: sessionID) { session in
                    session.claudeSessionId = info.sessionID
                    session.forkOf = nil
                }
            case .ended(let outcome):
                await recordUpdate(of: sessionID) { session in
                    if let id = outcome.sessionID { session.claudeSessionId = id }
                    if session.claudeSessionId != nil { session.forkOf = nil }
                    session.status =
                        outcome.cancelled ? .cancelled : (outcome.succeeded ? .completed : .error)
                    session.lastActiveAt = Date()
                    if outcome.result != nil { session.messageCount += 1 }
                    if let cost = outcome.result?.totalCostUSD {
                        session.totalCostUSD = (session.totalCostUSD ?? 0) + cost
                    }
                }
            default: break
            }
        }
    }

    /// Applies `change` to the session's stored record. A failure loses only this update of the record (the run
    /// and its transcript go on), so it is logged rather than ended on: without the log a full disk or an
    /// unreadable store would leave a session marked as running with no trace of why.
    private func recordUpdate(of sessionID: UUID, _ change: @escaping @Sendable (inout ManagedSession) -> Void) async {
        do {
            _ = try await store.update(id: sessionID, change)
        } catch {
            logger.error(
                "a chat session's record could not be updated",
                metadata: ["session": "\(sessionID.uuidString)", "error.type": "\(type(of: error))"])
        }
    }

    /// The run's events after `after` as stream frames, ending with `done`. The `result` line is held until the
    /// run has ended: when the person cancelled, Claude Code reports its interruption as an error
    /// (`error_during_execution`), which the app should show as a cancel (`subtype: cancelled`, not an error).
    static func frames(of run: ClaudeRun, after: Int?, recorded: Task<Void, Never>) -> AsyncStream<ChatStreamFrame> {
        AsyncStream { continuation in
            let task = Task {
                var heldResult: (sequence: Int, result: ClaudeResult)?
                for await event in run.events(after: after) {
                    switch event.kind {
                    case .stream(.result(let result)):
                        heldResult = (event.sequence, result)
                    case .stream(let stream):
                        if let message = StreamMessageMapping.message(stream) {
                            continuation.yield(.message(id: String(event.sequence), message))
                        }
                    case .ended(let outcome):
                        if let (sequence, result) = heldResult {
                            let message = StreamMessageMapping.result(result, cancelled: outcome.cancelled)
                            continuation.yield(.message(id: String(sequence), .result(message)))
                        } else {
                            for message in StreamMessageMapping.ending(outcome) {
                                continuation.yield(.message(id: String(event.sequence), message))
                            }
                        }
                        await recorded.value
                        continuation.yield(.done)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
