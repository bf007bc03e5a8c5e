import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Projects, session lists, transcripts and stats: answered from the index (transcripts tailed into SQLite)
/// and the session store, never by re-reading whole files.
extension ClaudeSessionService {
    func projects() async throws(SidecarError) -> [Project] {
        try await indexed { try await $0.projects() }.map(ClaudeAPIMapping.project)
    }

    func project(id: UUID) async throws(SidecarError) -> Project {
        guard let project = try await indexed({ try await $0.project(id: id) }) else {
            throw .notFound("no project with id \(id.uuidString)")
        }
        return ClaudeAPIMapping.project(project)
    }

    func projectSessions(id: UUID) async throws(SidecarError) -> [ChatSession] {
        _ = try await project(id: id)
        return try await sessions(SessionQuery(projectId: id))
    }

    /// The sessions the sidecar runs, then every other transcript as an external (read-only) session, most
    /// recently active first.
    func sessions(_ query: SessionQuery) async throws(SidecarError) -> [ChatSession] {
        let summaries = try await indexed { try await $0.sessions(projectID: query.projectId) }
        let byClaudeID = Dictionary(summaries.map { ($0.claudeSessionId, $0) }, uniquingKeysWith: { first, _ in first })
        let managed = try await stored { try await $0.all() }
        var merged: [ChatSession] = []
        var claimed = Set<String>()
        for session in managed {
            let transcript = session.claudeSessionId.flatMap { byClaudeID[$0] }
            if let projectId = query.projectId, session.projectPath.map(ProjectID.forPath) != projectId { continue }
            if let id = session.claudeSessionId { claimed.insert(id) }
            merged.append(ClaudeAPIMapping.managed(session, transcript: transcript))
        }
        let answering = Set(runs.values.filter { !$0.run.isFinished }.compactMap { $0.run.sessionID })
        for summary in summaries where !claimed.contains(summary.claudeSessionId) {
            merged.append(ClaudeAPIMapping.external(summary, active: answering.contains(summary.claudeSessionId)))
        }
        if let search = query.search?.lowercased() {
            merged = merged.filter { session in
                [session.name, session.projectName, session.firstPrompt].contains {
                    $0?.lowercased().contains(search) == true
                }
            }
        }
        return merged.sorted { $0.lastActiveAt > $1.lastActiveAt }
    }

    func scan() async throws(SidecarError) -> SessionScanResponse {
        let summaries = try await indexed { index in
            try await index.refresh()
            return try await index.sessions(projectID: nil)
        }
        return SessionScanResponse(
            items: summaries.map(ClaudeAPIMapping.scanned), scannedPaths: [directories.projectsDirectory.path])
    }

    func session(id: UUID) async throws(SidecarError) -> ChatSession {
        switch try await resolve(id) {
        case .managed(let session):
            let transcript = try await transcriptSummary(of: session)
            return ClaudeAPIMapping.managed(session, transcript: transcript)
        case .external(let summary):
            let answering = runs.values.contains { !$0.run.isFinished && $0.run.sessionID == summary.claudeSessionId }
            return ClaudeAPIMapping.external(summary, active: answering)
        }
    }

    func messages(sessionId: UUID, limit: Int, offset: Int) async throws(SidecarError) -> ListResponse<Message> {
        let claudeID: String?
        var page: TranscriptPage?
        let before = offset + limit
        switch try await resolve(sessionId) {
        case .managed(let session):
            claudeID = session.claudeSessionId ?? session.forkOf
            if let claudeID {
                // Read where the run wrote it: the file is indexed now even if the watcher has not reported it.
                let directory = encodedDirectory(of: session)
                page = try await indexed {
                    try await $0.transcript(
                        encodedProjectPath: directory, sessionId: claudeID, limit: limit, before: before)
                }
            }
        case .external(let summary): claudeID = summary.claudeSessionId
        }
        guard let claudeID else { return ListResponse(items: [], total: 0) }
        if page == nil {
            page = try await indexed { try await $0.messages(claudeSessionId: claudeID, limit: limit, before: before) }
        }
        guard let page else { return ListResponse(items: [], total: 0) }
        let items = ClaudeAPIMapping.messages(page, sessionID: sessionId, claudeSessionId: claudeID)
        return ListResponse(items: items, total: page.total)
    }

    func transcript(encodedProjectPath: String, sessionId: String, limit: Int, offset: Int)
        async throws(SidecarError) -> ListResponse<Message>
    {
        guard
            let page = try await indexed({
                try await $0.transcript(
                    encodedProjectPath: encodedProjectPath, sessionId: sessionId, limit: limit, before: offset + limit)
            })
        else {
            throw .notFound(
                "no transcript \(sessionId.prefix(64)) in project directory \(encodedProjectPath.prefix(200))")
        }
        let items = ClaudeAPIMapping.messages(
            page, sessionID: ClaudeAPIMapping.externalID(sessionId), claudeSessionId: sessionId)
        return ListResponse(items: items, total: page.total)
    }

    func stats() async throws(SidecarError) -> StatsResponse {
        let projects = try await indexed { try await $0.projects() }
        let sessions = try await sessions(SessionQuery())
        let active = runs.values.filter { !$0.run.isFinished }.count
        let config = ClaudeConfigurationCounts(directories: directories, environment: settings.environment)
        let servers = await mcp.serverCounts()
        return StatsResponse(
            projects: CountStat(total: projects.count), sessions: SessionStat(total: sessions.count, active: active),
            skills: CountStat(total: config.skills),
            mcpServers: MCPStat(total: servers.total, healthy: servers.healthy),
            plugins: PluginStat(total: config.plugins, enabled: config.enabledPlugins))
    }

    /// A session by API id: one the sidecar runs, else an external one (whose API id is its Claude id).
    enum Resolved {
        case managed(ManagedSession)
        case external(ClaudeSessionSummary)
    }

    func resolve(_ id: UUID) async throws(SidecarError) -> Resolved {
        if let session = try await stored({ try await $0.session(id: id) }) { return .managed(session) }
        let claudeID = id.uuidString.lowercased()
        if let summary = try await indexed({ try await $0.session(claudeSessionId: claudeID) }) {
            return .external(summary)
        }
        throw .notFound("no session with id \(id.uuidString)")
    }

    func transcriptSummary(of session: ManagedSession) async throws(SidecarError) -> ClaudeSessionSummary? {
        guard let id = session.claudeSessionId else { return nil }
        let directory = encodedDirectory(of: session)
        return try await indexed { index in
            // Index the file where the run wrote it first, in case the watcher has not reported it yet.
            _ = try await index.transcript(encodedProjectPath: directory, sessionId: id, limit: 1)
            return try await index.session(claudeSessionId: id)
        }
    }

    /// The directory a session's runs start in: its project, else the home directory of the runs.
    func workingDirectory(of session: ManagedSession) -> String {
        session.projectPath ?? settings.environment["HOME"] ?? NSHomeDirectory()
    }

    /// The name of the directory under `projects` where Claude Code writes the session's transcript.
    func encodedDirectory(of session: ManagedSession) -> String {
        directories.projectDirectory(forWorkingDirectory: workingDirectory(of: session)).lastPathComponent
    }
}
