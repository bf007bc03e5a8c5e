import CompanionCrypto
import Foundation

/// The agent sessions the sidecar runs in tmux: creates them (each with ``CompanionAgents/agentEnvironmentVariable``
/// set, so its hooks name it, on a server carrying ``CompanionAgents/agentServerVariable``), watches each pane with a ``PaneWatcher`` (no polling), reads and types into them,
/// and removes them. Pane changes become ``AgentSessionStore/apply(pane:to:)`` when no fresh hook speaks for the
/// session, and `terminal` output for the sessions someone subscribed to.
package actor TmuxAgents {
    /// Prefix of the tmux sessions the sidecar owns.
    package static let sessionPrefix = "companion-"

    package let tmux: Tmux
    private let store: AgentSessionStore
    private let environment: [String: String]
    private let terminalLines: Int
    private let onTerminal: @Sendable (_ id: String, _ lines: [String]) -> Void
    private var watchers: [String: Task<Void, Never>] = [:]
    private var subscribers: [String: Int] = [:]
    private var lastScreens: [String: [String]] = [:]
    /// Sessions whose pane changed while a fresh hook spoke for them: read again once that hook is stale.
    private var rechecks: [String: Task<Void, Never>] = [:]

    /// `environment` is added to every session's (the tests' sandbox, a `PATH`); `terminalLines` is how many lines
    /// a `terminal` update carries. Every tmux command carries the agent server's marker
    /// (``CompanionAgents/agentServerVariable``), so the server it starts does; `tmux` should name a server of its own
    /// (`socketName`): sessions are refused on a server something else started.
    package init(
        tmux: Tmux, store: AgentSessionStore, environment: [String: String] = [:], terminalLines: Int = 60,
        onTerminal: @escaping @Sendable (_ id: String, _ lines: [String]) -> Void
    ) {
        self.tmux = tmux.markedAsAgentServer
        self.store = store
        self.environment = environment
        self.terminalLines = terminalLines
        self.onTerminal = onTerminal
    }

    /// Starts `command` in `project` in a new tmux session and watches it.
    package func create(project: String, command: [String]) async throws(TmuxError) -> AgentSession {
        let id = "ag-" + SecureRandom.token(byteCount: 6)
        let name = Self.sessionPrefix + id
        var environment = self.environment
        environment[CompanionAgents.agentEnvironmentVariable] = id
        try await tmux.newSession(name: name, directory: project, command: command, environment: environment)
        guard await tmux.serverIsMarked(session: name) else {
            try? await tmux.kill(name)
            throw .unmarkedServer(tmux.socketName ?? "default")
        }
        let session = await store.registerTmux(id: id, tmuxSession: name, project: project, command: command)
        watch(id: id, name: name)
        return session
    }

    /// Adopts the sidecar's tmux sessions left by an earlier run (after a restart), so they are listed again: only
    /// those named in `recorded` (the sessions it started), never another `companion-…` session of the server, and
    /// none when the server lacks the agent server's marker (``CompanionAgents/agentServerVariable``). Returns false
    /// in that last case.
    @discardableResult
    package func adoptExisting(recorded: Set<String>) async -> Bool {
        guard let sessions = try? await tmux.listSessions() else { return true }
        if let first = sessions.first(where: { recorded.contains($0.name) }),
            await !tmux.serverIsMarked(session: first.name)
        {
            return false
        }
        for info in sessions
        where info.name.hasPrefix(Self.sessionPrefix) && recorded.contains(info.name) && watchers[info.name] == nil {
            let id = String(info.name.dropFirst(Self.sessionPrefix.count))
            await store.registerTmux(id: id, tmuxSession: info.name, project: info.directory, command: [])
            watch(id: id, name: info.name)
        }
        return true
    }

    /// The last `lines` lines of a session's pane.
    package func terminal(_ session: AgentSession, lines: Int) async throws(TmuxError) -> [String] {
        guard let name = session.tmuxSession else { throw .noSuchSession(session.id) }
        return try await tmux.capture(name, lines: lines)
    }

    /// Types `text` (literal keys) into a session, then Enter when `enter`.
    package func send(_ session: AgentSession, text: String, enter: Bool) async throws(TmuxError) {
        guard let name = session.tmuxSession else { throw .noSuchSession(session.id) }
        try await tmux.send(name, text: text, enter: enter)
    }

    /// Ends a session's tmux session (its watcher then reports it dead) and forgets it.
    package func remove(_ session: AgentSession) async throws(TmuxError) {
        if let name = session.tmuxSession {
            watchers.removeValue(forKey: session.id)?.cancel()
            rechecks.removeValue(forKey: session.id)?.cancel()
            do { try await tmux.kill(name) } catch .noSuchSession {}
        }
        subscribers[session.id] = nil
        lastScreens[session.id] = nil
        await store.remove(session.id)
    }

    /// Counts a client's interest in a session's terminal output (`false` takes one back).
    package func setSubscribed(_ id: String, _ subscribed: Bool) async {
        let count = max(0, (subscribers[id] ?? 0) + (subscribed ? 1 : -1))
        subscribers[id] = count == 0 ? nil : count
        if subscribed { lastScreens[id] = nil }
    }

    /// Stops watching (the tmux sessions keep running; a new sidecar adopts them).
    package func stopWatching() {
        for task in watchers.values { task.cancel() }
        watchers = [:]
        for task in rechecks.values { task.cancel() }
        rechecks = [:]
    }

    /// How many sessions are watched.
    package var watchedCount: Int { watchers.count }

    private func watch(id: String, name: String) {
        let watcher = PaneWatcher(tmux: tmux, session: name)
        watchers[id] = Task { [weak self] in
            for await event in watcher.events() {
                guard let self else { return }
                switch event {
                case .output: await self.paneChanged(id: id, name: name)
                case .exited: await self.paneExited(id: id)
                }
            }
        }
    }

    private func paneChanged(id: String, name: String) async {
        let subscribed = subscribers[id] != nil
        if let fresh = await store.hookFreshFor(id) {
            // The hook speaks for the session now; if the pane says something else and then stays silent, nothing
            // would read it again: read it once more when the hook goes stale.
            recheck(id: id, name: name, after: fresh)
            if !subscribed { return }
        }
        guard let lines = try? await tmux.capture(name, lines: terminalLines) else { return }
        if subscribed, lastScreens[id] != lines {
            lastScreens[id] = lines
            onTerminal(id, lines)
        }
        await store.apply(pane: PaneClassifier.classify(lines), to: id)
    }

    /// Reads the pane of `id` again `after` seconds (one re-check per session at a time; a later change before it
    /// is read then anyway).
    private func recheck(id: String, name: String, after seconds: TimeInterval) {
        guard rechecks[id] == nil else { return }
        rechecks[id] = Task { [weak self] in
            // A little past the hook's freshness, so the store counts the pane by then.
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000) + 50))
            guard !Task.isCancelled, let self else { return }
            await self.rechecked(id: id, name: name)
        }
    }

    private func rechecked(id: String, name: String) async {
        rechecks[id] = nil
        guard watchers[id] != nil else { return }
        await paneChanged(id: id, name: name)
    }

    private func paneExited(id: String) async {
        rechecks.removeValue(forKey: id)?.cancel()
        watchers[id] = nil
        await store.markDead(id)
    }
}
