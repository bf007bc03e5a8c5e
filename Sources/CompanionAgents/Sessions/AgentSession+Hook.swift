import Foundation

extension AgentSession {
    /// What one hook event does to the session at `date` (state, attention, held approvals); returns the turn's
    /// summary when the event carries one (`Stop`). A PermissionRequest held for devices comes with its `approval`,
    /// raised as the session's attention.
    mutating func apply(_ event: ClaudeHookEvent, approval: ApprovalRequest?, at date: Date) -> String? {
        claudeSessionID = event.sessionID
        if project == nil { project = event.workingDirectory }
        lastHookAt = date
        lastActivity = date
        switch event.kind {
        case .known(.sessionStart):
            if state == .dead { state = .idle }
        case .known(.userPromptSubmit), .known(.postToolUse):
            // The session moved on: the sidecar settles what it still held (answered in the terminal).
            settle(.running)
        case .known(.notification):
            if event.notificationType == "idle_prompt" {
                if attention == nil { state = .idle }
            } else {
                state = .needsInput
                if attention == nil {
                    attention = AgentAttention(kind: .input, since: date, detail: event.notificationType)
                }
            }
        case .known(.permissionRequest):
            state = .needsInput
            if let approval {
                // Another request already held stays the one shown (the oldest first); this one is listed with
                // it (`heldApprovals`, `GET /api/attention`) and shown once that one is answered.
                heldApprovals.append(
                    AgentAttention(
                        kind: .approval, since: approval.since, toolName: approval.toolName,
                        inputSummary: approval.inputSummary, approvalID: approval.id, detail: "permission",
                        digest: approval.digest))
                attention = heldApprovals.first
            } else if attention?.kind != .approval {
                attention = AgentAttention(
                    kind: .input, since: date, toolName: event.toolName, inputSummary: event.toolInputSummary,
                    detail: "permission")
            }
        case .known(.stop):
            settle(.idle)
            if let summary = event.lastAssistantMessage {
                self.summary = summary
                return summary
            }
        case .known(.stopFailure):
            state = .needsInput
            attention = AgentAttention(kind: .error, since: date, detail: event.reason ?? "the turn failed")
        case .known(.sessionEnd):
            settle(.dead)
        case .other:
            break
        }
        return nil
    }

    /// Moves to `state` with nothing waiting: no attention, no held approvals.
    private mutating func settle(_ state: AgentState) {
        self.state = state
        attention = nil
        heldApprovals = []
    }
}
