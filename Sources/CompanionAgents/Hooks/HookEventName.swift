/// The Claude Code hook events the companion registers, with the matchers each one is registered under.
package enum HookEventName: String, Sendable, CaseIterable, Codable {
    case sessionStart = "SessionStart"
    case userPromptSubmit = "UserPromptSubmit"
    case notification = "Notification"
    case permissionRequest = "PermissionRequest"
    case postToolUse = "PostToolUse"
    case stop = "Stop"
    case stopFailure = "StopFailure"
    case sessionEnd = "SessionEnd"

    /// The matcher groups registered for this event: `nil` registers one group without a matcher.
    package var matchers: [String?] {
        switch self {
        case .notification: ["permission_prompt", "idle_prompt", "elicitation_dialog"]
        case .permissionRequest, .postToolUse: ["*"]
        default: [nil]
        }
    }

    /// Seconds Claude Code waits for the sidecar's answer. A permission request is held until a device decides
    /// (or the sidecar's own hold time ends), so its hook waits longest; the others answer at once.
    package var timeoutSeconds: Int {
        self == .permissionRequest ? 600 : 10
    }
}
