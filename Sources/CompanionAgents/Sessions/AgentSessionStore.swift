import Foundation

/// Every agent session the sidecar knows, updated by hook events, pane detection and the sidecar's own actions;
/// each change is handed to `publish` in order.
///
/// Hooks are the source of truth while they are fresh; pane detection (``apply(pane:to:)``) only moves a session
/// whose last hook is older than ``hookFreshness`` (or that never had one).
package actor AgentSessionStore {
    /// How long a hook's word outweighs what the pane shows.
    package let hookFreshness: TimeInterval
    private let now: @Sendable () -> Date
    private let publish: @Sendable (AgentChange) -> Void
    private var sessions: [String: AgentSession] = [:]
    /// Claude Code `session_id` → the id of the session it belongs to.
    private var byClaudeID: [String: String] = [:]

    package init(
        hookFreshness: TimeInterval = 10, now: @escaping @Sendable () -> Date = { Date() },
        publish: @escaping @Sendable (AgentChange) -> Void
    ) {
        self.hookFreshness = hookFreshness
        self.now = now
        self.publish = publish
    }

    /// Every session, most recently active first; only `group`'s when given.
    package func list(group: String? = nil) -> [AgentSession] {
        sessions.values.filter { group == nil || $0.group == group }.sorted {
            ($0.lastActivity, $0.id) > ($1.lastActivity, $1.id)
        }
    }

    /// The session with this id (or this Claude Code `session_id`).
    package func session(_ id: String) -> AgentSession? {
        sessions[id] ?? byClaudeID[id].flatMap { sessions[$0] }
    }

    /// Runs `body` with every session inside the store, so nothing changes meanwhile (a snapshot and the sequence
    /// number of the last change it includes are read together).
    package func withSessions<T: Sendable>(_ body: @Sendable ([AgentSession]) -> T) -> T {
        body(list())
    }

    /// Sessions needing attention, longest waiting first.
    package func attention() -> [AgentSession] {
        sessions.values.filter { $0.attention != nil }.sorted {
            ($0.attention?.since ?? .distantPast, $0.id) < ($1.attention?.since ?? .distantPast, $1.id)
        }
    }

    /// Adds a session the sidecar started in tmux (running until told otherwise).
    @discardableResult
    package func registerTmux(id: String, tmuxSession: String, project: String, command: [String]) -> AgentSession {
        let session = AgentSession(
            id: id, source: .tmux, tmuxSession: tmuxSession, project: project, command: command, state: .running,
            lastActivity: now())
        sessions[id] = session
        publish(.session(session))
        return session
    }

    /// The id of the session `event` belongs to (or will create).
    package func sessionKey(for event: ClaudeHookEvent) -> String { resolve(event) }

    /// Applies one hook event; returns the session as it is now. A PermissionRequest held for devices comes with its
    /// `approval`, raised as the session's attention in the same change.
    @discardableResult
    package func apply(_ event: ClaudeHookEvent, approval: ApprovalRequest? = nil) -> AgentSession {
        let date = now()
        let id = resolve(event)
        var session =
            sessions[id]
            ?? AgentSession(
                id: id, source: .hook, claudeSessionID: event.sessionID, project: event.workingDirectory,
                state: .idle, lastActivity: date)
        let before = session
        byClaudeID[event.sessionID] = id
        let summary = session.apply(event, approval: approval, at: date)
        commit(session, before: before)
        if let summary { publish(.summary(id: id, summary: summary)) }
        return session
    }

    /// A held request ended: decided (the tool runs or is refused: running) or handed back to the terminal.
    /// With other requests of the session still held, the next of them is shown instead.
    package func approvalEnded(_ request: ApprovalRequest, decided: Bool) {
        guard var session = session(request.sessionKey) else { return }
        let before = session
        session.heldApprovals.removeAll { $0.approvalID == request.id }
        guard session.attention?.approvalID == request.id else {
            if session.heldApprovals != before.heldApprovals { sessions[session.id] = session }
            return
        }
        if let next = session.heldApprovals.first {
            session.state = .needsInput
            session.attention = next
        } else if decided {
            session.state = .running
            session.attention = nil
        } else {
            session.attention?.kind = .input
            session.attention?.approvalID = nil
        }
        session.lastActivity = now()
        commit(session, before: before)
    }

    /// What the pane shows, for a session no fresh hook speaks for.
    package func apply(pane classification: PaneClassification, to id: String) {
        guard var session = sessions[id], session.state != .dead else { return }
        let date = now()
        if let last = session.lastHookAt, date.timeIntervalSince(last) < hookFreshness { return }
        let before = session
        session.apply(pane: classification, at: date)
        commit(session, before: before)
    }

    /// True when no fresh hook speaks for the session, so what its pane shows counts.
    package func needsPaneDetection(_ id: String) -> Bool {
        guard let session = sessions[id], session.state != .dead else { return false }
        guard let last = session.lastHookAt else { return true }
        return now().timeIntervalSince(last) >= hookFreshness
    }

    /// How long until the session's last hook is no longer fresh, so that what its pane shows counts again; nil when
    /// it already counts (or the session is gone or ended).
    package func hookFreshFor(_ id: String) -> TimeInterval? {
        guard let session = sessions[id], session.state != .dead, let last = session.lastHookAt else { return nil }
        let left = hookFreshness - now().timeIntervalSince(last)
        return left > 0 ? left : nil
    }

    /// Marks a session ended (its tmux session is gone).
    package func markDead(_ id: String) {
        guard var session = sessions[id], session.state != .dead else { return }
        let before = session
        session.state = .dead
        session.attention = nil
        session.lastActivity = now()
        commit(session, before: before)
    }

    /// Forgets a session.
    package func remove(_ id: String) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        if let claude = session.claudeSessionID { byClaudeID[claude] = nil }
        publish(.removed(id: id))
    }

    private func resolve(_ event: ClaudeHookEvent) -> String {
        if let agent = event.agentID, sessions[agent] != nil { return agent }
        return byClaudeID[event.sessionID] ?? event.sessionID
    }

    private func commit(_ session: AgentSession, before: AgentSession) {
        sessions[session.id] = session
        guard session != before else { return }
        publish(.session(session))
        if session.attention != before.attention { publish(.attention(session)) }
    }
}
