/// Claude Code's `--permission-mode` values (2.1.x). ``bypassPermissions`` is refused unless the caller allows it
/// explicitly (``ClaudeRunOptions/allowBypassPermissions``); `--dangerously-skip-permissions` is never passed.
package enum ClaudePermissionMode: String, Sendable, CaseIterable, Codable {
    /// Claude Code's normal mode: asks (and with `-p`, denies what would need asking).
    case `default`
    /// Edits are accepted without asking.
    case acceptEdits
    /// Claude Code's classifier decides.
    case auto
    /// Every tool use asks.
    case manual
    /// Never asks: whatever is not allowed is denied.
    case dontAsk
    /// Plans only; no edits.
    case plan
    /// Every permission check skipped. Refused unless explicitly allowed.
    case bypassPermissions
}
