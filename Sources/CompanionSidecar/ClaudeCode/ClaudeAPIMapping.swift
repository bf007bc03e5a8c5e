import CompanionAPI
import CompanionClaudeCode
import Foundation

/// From `CompanionClaudeCode`'s values to the `/api/v1` wire types (the ILS app's shapes).
enum ClaudeAPIMapping {
    static func project(_ project: ClaudeProject) -> Project {
        let last = project.lastActivity ?? Date(timeIntervalSince1970: 0)
        return Project(
            id: project.id, name: name(ofPath: project.path), path: project.path, createdAt: last,
            lastAccessedAt: last, sessionCount: project.sessionCount, encodedPath: project.encodedPath)
    }

    static func name(ofPath path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return name.isEmpty ? path : name
    }

    /// The API id of an external session: its Claude session id when that is a UUID (it always is for
    /// sessions Claude Code writes), otherwise one derived from it.
    static func externalID(_ claudeSessionId: String) -> UUID {
        UUID(uuidString: claudeSessionId) ?? derivedID("external:" + claudeSessionId)
    }

    /// A stable UUID for `name`.
    static func derivedID(_ name: String) -> UUID { NameBasedUUID.make(name) }

    static func external(_ summary: ClaudeSessionSummary, active: Bool) -> ChatSession {
        let last = summary.lastActivity ?? summary.createdAt ?? Date(timeIntervalSince1970: 0)
        return ChatSession(
            id: externalID(summary.claudeSessionId), claudeSessionId: summary.claudeSessionId, name: summary.title,
            projectId: summary.projectID, projectName: summary.cwd.map(name(ofPath:)),
            model: summary.model ?? "default", status: active ? .active : .completed,
            messageCount: summary.messageCount, source: .external, createdAt: summary.createdAt ?? last,
            lastActiveAt: last, encodedProjectPath: summary.encodedProjectPath, firstPrompt: summary.firstPrompt)
    }

    static func scanned(_ summary: ClaudeSessionSummary) -> ExternalSession {
        ExternalSession(
            claudeSessionId: summary.claudeSessionId, name: summary.title, projectPath: summary.cwd,
            encodedProjectPath: summary.encodedProjectPath, projectName: summary.cwd.map(name(ofPath:)),
            lastActiveAt: summary.lastActivity, createdAt: summary.createdAt, messageCount: summary.messageCount,
            firstPrompt: summary.firstPrompt, summary: summary.title, gitBranch: summary.gitBranch)
    }

    /// A session the sidecar runs, completed with what the transcript index knows of its Claude session.
    static func managed(_ session: ManagedSession, transcript: ClaudeSessionSummary?) -> ChatSession {
        let status: SessionStatus =
            switch session.status {
            case .active: .active
            case .completed: .completed
            case .cancelled: .cancelled
            case .error: .error
            }
        return ChatSession(
            id: session.id, claudeSessionId: session.claudeSessionId, name: session.name,
            projectId: session.projectPath.map(ProjectID.forPath), projectName: session.projectPath.map(name(ofPath:)),
            model: session.options.model ?? transcript?.model ?? "default",
            permissionMode: session.options.permissionMode.flatMap(PermissionMode.init(rawValue:)) ?? .default,
            status: status, messageCount: max(transcript?.messageCount ?? 0, session.messageCount),
            totalCostUSD: session.totalCostUSD, source: .ils, forkedFrom: session.forkedFrom,
            createdAt: session.createdAt,
            lastActiveAt: max(session.lastActiveAt, transcript?.lastActivity ?? .distantPast),
            encodedProjectPath: transcript?.encodedProjectPath, firstPrompt: transcript?.firstPrompt)
    }

    /// Transcript entries as the app's messages: prose as `content`, a tool call (with its result once it
    /// arrived) as `toolCalls`/`toolResults` JSON arrays. Thinking is not shown. Ids are derived from the
    /// session and the entry's position, so they are the same on every request.
    static func messages(_ page: TranscriptPage, sessionID: UUID, claudeSessionId: String) -> [Message] {
        page.messages.compactMap { entry in
            let date = entry.timestamp ?? Date(timeIntervalSince1970: 0)
            let role: MessageRole =
                switch entry.role {
                case .user: .user
                case .assistant: .assistant
                case .system: .system
                }
            var message = Message(
                id: derivedID("message:\(claudeSessionId):\(entry.index)"), sessionId: sessionID, role: role,
                content: entry.text, createdAt: date, updatedAt: date)
            switch entry.kind {
            case .text: break
            case .thinking: return nil
            case .toolUse:
                message.toolCalls = json([
                    "id": .string(entry.toolUseId ?? ""), "name": .string(entry.toolName ?? ""),
                    "input": entry.toolInput.flatMap {
                        try? JSONDecoder().decode(ArbitraryJSON.self, from: Data($0.utf8))
                    }
                        ?? .object([:]),
                ])
                if let result = entry.toolResult { message.toolResults = toolResults(entry, result) }
            case .toolResult:
                message.toolResults = toolResults(entry, entry.toolResult ?? "")
            }
            return message
        }
    }

    private static func toolResults(_ entry: TranscriptMessage, _ result: String) -> String? {
        json(["toolUseId": .string(entry.toolUseId ?? ""), "content": .string(result), "isError": .bool(entry.isError)])
    }

    /// `[object]` as compact JSON text with sorted keys.
    private static func json(_ object: [String: ArbitraryJSON]) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode([ArbitraryJSON.object(object)])).map { String(decoding: $0, as: UTF8.self) }
    }
}
