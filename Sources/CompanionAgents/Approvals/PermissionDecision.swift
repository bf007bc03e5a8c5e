import Foundation

/// A paired device's answer to a held permission request.
package enum PermissionDecision: Sendable, Equatable {
    /// Let the tool run; `always` also keeps the rules Claude Code suggested for it (``ApprovalRequest/alwaysRules``)
    /// for the rest of the session.
    case allow(always: Bool)
    /// Refuse the tool call (Claude is told, and the turn goes on).
    case deny

    /// The verb recorded in the audit log.
    package var auditWord: String {
        switch self {
        case .allow(let always): always ? "allow_always" : "allow"
        case .deny: "deny"
        }
    }
}

/// The body the sidecar answers a PermissionRequest hook with, in Claude Code's documented hook output format.
package enum PermissionHookAnswer {
    /// The message Claude is given when a device denies.
    package static let denyMessage = "Denied from the paired companion device."

    /// `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, with
    /// `updatedPermissions` (`rules`, the ones Claude Code suggested, kept for the session only) when `always`;
    /// `behavior: "deny"` with a `message` for a denial; `{}` for no decision, so Claude Code shows its own dialog in
    /// the terminal.
    package static func body(for decision: PermissionDecision?, rules: [PermissionRule]) -> [UInt8] {
        guard let decision else { return Array("{}".utf8) }
        var inner: [String: Any]
        switch decision {
        case .allow(let always):
            inner = ["behavior": "allow"]
            if always, !rules.isEmpty {
                inner["updatedPermissions"] = [
                    [
                        "type": "addRules", "rules": rules.map(\.json), "behavior": "allow", "destination": "session",
                    ] as [String: Any]
                ]
            }
        case .deny:
            inner = ["behavior": "deny", "message": denyMessage]
        }
        let object: [String: Any] = [
            "hookSpecificOutput": ["hookEventName": "PermissionRequest", "decision": inner] as [String: Any]
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return [UInt8](data)
    }
}
