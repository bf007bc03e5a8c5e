import Foundation

extension AgentSession {
    /// What the pane's classification does to the session at `date`; nothing for an unknown screen. A raised
    /// attention is kept (the pane never replaces what a hook or an earlier screen raised).
    mutating func apply(pane classification: PaneClassification, at date: Date) {
        let before = (state, attention)
        switch classification {
        case .busy:
            state = .running
            attention = nil
        case .permissionDialog:
            state = .needsInput
            if attention == nil {
                attention = AgentAttention(kind: .input, since: date, detail: "permission dialog on screen")
            }
        case .prompt:
            state = .idle
            attention = nil
        case .error:
            state = .needsInput
            if attention == nil { attention = AgentAttention(kind: .error, since: date, detail: "error on screen") }
        case .unknown:
            return
        }
        if state != before.0 || attention != before.1 { lastActivity = date }
    }
}
