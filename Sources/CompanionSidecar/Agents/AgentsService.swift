import CompanionAPI
import CompanionAgents
import CompanionClaudeCode
import Foundation
import Logging

/// Agent sessions for paired devices: the session model fed by Claude Code's hooks and by tmux, the agents the
/// sidecar runs in tmux, held permission requests, and the sequenced event stream of `WS /ws`. Every approval,
/// denial and input sent is recorded in the audit log.
package final class AgentsService: Sendable {
    package let settings: AgentsSettings
    package let store: AgentSessionStore
    package let tmuxAgents: TmuxAgents
    package let approvals: ApprovalCenter
    let hub: AgentEventHub
    let registry: Registry
    /// Where the hook secret and install record live (the sidecar's data directory).
    let stateDirectory: String
    let logger: Logger
    /// The chats the sidecar runs (its Claude Code API), as sessions of the list. `observer` sees every change after
    /// `/ws` does (Web Push).
    let chatSessions: @Sendable () async -> [AgentSession]

    init(
        settings: AgentsSettings, registry: Registry, stateDirectory: String, logger: Logger,
        chatSessions: @escaping @Sendable () async -> [AgentSession] = { [] },
        observer: @escaping @Sendable (AgentChange) -> Void = { _ in }
    ) {
        self.chatSessions = chatSessions
        let hub = AgentEventHub(capacity: settings.replayCapacity)
        let store = AgentSessionStore(hookFreshness: settings.hookFreshness) { change in
            hub.publish(AgentEventMessage(change))
            observer(change)
        }
        self.settings = settings
        self.hub = hub
        self.store = store
        self.tmuxAgents = TmuxAgents(
            tmux: Tmux(
                executable: settings.tmuxPath, socketName: settings.tmuxSocket,
                environment: AgentsSettings.tmuxEnvironment(ProcessInfo.processInfo.environment)),
            store: store,
            environment: settings.environment
        ) { id, lines in
            hub.publish(AgentEventMessage(type: "terminal_output", sessionId: id, lines: lines))
        }
        self.approvals = ApprovalCenter()
        self.registry = registry
        self.stateDirectory = stateDirectory
        self.logger = logger
    }

    /// Adopts the tmux sessions an earlier sidecar started (as recorded in the registry; none when it cannot be
    /// read).
    func prepare() async {
        let recorded: Set<String>
        do { recorded = try await registry.recordedAgentSessions() } catch {
            logger.error("cannot read the recorded agent sessions; none adopted: \(error)")
            return
        }
        if await !tmuxAgents.adoptExisting(recorded: recorded) {
            logger.warning(
                "agent sessions not adopted: \(TmuxError.unmarkedServer(settings.tmuxSocket).description)")
        }
    }

    /// Stops watching panes and closes the event streams (tmux sessions keep running).
    func shutdown() async {
        await tmuxAgents.stopWatching()
        hub.finishAll()
    }

    /// Records one accountable action: who, which session, a digest of what; for an `always` allow, the rules kept.
    func audit(
        _ event: AuditEntry.Event, deviceID: String?, peer: String, session: String, digest: String,
        approval: String? = nil, always: [PermissionRule]? = nil
    ) async throws {
        var detail = "session=\(session)"
        if let approval { detail += " approval=\(approval)" }
        if let always {
            let rules = always.map(\.text).joined(separator: " ")
            detail += " always=" + TerminalSafeText.escaped(String(rules.prefix(300)), layout: .field)
        }
        detail += " sha256=\(digest)"
        try await registry.audit(AuditEntry(at: Date(), event: event, deviceId: deviceID, peer: peer, detail: detail))
    }

    /// Every session: the store's and the sidecar's chats (a hook session of a chat's own `claude` run is shown
    /// once, as the chat), most recently active first; only `group`'s when given.
    func allSessions(group: String? = nil) async -> [AgentSession] {
        let chats = await chatSessions().filter { group == nil || $0.group == group }
        return Self.merge(await store.list(group: group), chats: chats)
    }

    /// The `/ws` snapshot: every session as ``allSessions(group:)`` lists them (the chats included), and the sequence
    /// number of the last change of the store it includes (read together with the store's sessions).
    func snapshot() async -> (sessions: [AgentSession], seq: Int) {
        let chats = await chatSessions()
        let hub = hub
        let (own, seq) = await store.withSessions { sessions in (sessions, hub.lastSeq) }
        return (Self.merge(own, chats: chats), seq)
    }

    /// The store's sessions and the chats, a hook session of a chat's own `claude` run shown once (as the chat),
    /// most recently active first.
    private static func merge(_ own: [AgentSession], chats: [AgentSession]) -> [AgentSession] {
        let chatClaudeIDs = Set(chats.compactMap(\.claudeSessionID))
        let kept = own.filter { $0.source != .hook || !chatClaudeIDs.contains($0.claudeSessionID ?? "") }
        return (kept + chats).sorted { ($0.lastActivity, $0.id) > ($1.lastActivity, $1.id) }
    }

    /// The session with this id: the store's, else a chat's.
    func session(_ id: String) async -> AgentSession? {
        if let session = await store.session(id) { return session }
        return await chatSessions().first { $0.id == id }
    }
}

extension AgentEventMessage {
    /// The event of one change of the session model (numbered by the hub).
    init(_ change: AgentChange) {
        switch change {
        case .session(let session):
            self.init(type: "session_update", session: AgentSessionInfo(session))
        case .attention(let session):
            self.init(type: "attention", session: AgentSessionInfo(session), sessionId: session.id)
        case .summary(let id, let summary):
            self.init(type: "summary_update", sessionId: id, summary: summary)
        case .removed(let id):
            self.init(type: "removed", sessionId: id)
        }
    }
}

extension AgentsService {
    /// The hook installer for the sidecar whose data directory is `dataDirectory` (checked private, or created 0700
    /// first; throws ``UnsafeDataDirectory``), writing `settingsPath`.
    package static func hookInstaller(settingsPath: String, dataDirectory: URL) throws -> ClaudeHookInstaller {
        try PrivateDataDirectory.prepare(dataDirectory)
        return ClaudeHookInstaller(settingsPath: settingsPath, stateDirectory: dataDirectory.path)
    }
}
