import Foundation

/// The options of one chat run (AC-3.6's session options), validated by ``validate()`` before a run is spawned.
package struct ClaudeRunOptions: Sendable, Equatable {
    /// `--model`.
    package var model: ClaudeModelName?
    /// `--fallback-model`: the model Claude Code switches to when the main one stays overloaded (it asks the
    /// main model three times, with its own back-off, before it falls back). Must differ from ``model``.
    package var fallbackModel: ClaudeModelName?
    /// `--permission-mode`; nil leaves Claude Code's own default.
    package var permissionMode: ClaudePermissionMode?
    /// Must be true for ``ClaudePermissionMode/bypassPermissions`` to be accepted.
    package var allowBypassPermissions: Bool
    /// `--system-prompt` (replaces Claude Code's).
    package var systemPrompt: String?
    /// `--append-system-prompt`.
    package var appendSystemPrompt: String?
    /// `--max-turns` (1…1000).
    package var maxTurns: Int?
    /// `--max-budget-usd` (> 0).
    package var maxBudgetUSD: Double?
    /// `--allowed-tools` rules, e.g. `Read`, `Bash(git *)`.
    package var allowedTools: [String]
    /// `--disallowed-tools` rules.
    package var disallowedTools: [String]
    /// `--add-dir`: more directories the agent may use (absolute, existing).
    package var addDirectories: [String]
    /// `--setting-sources user`: only the user's own settings and MCP servers apply; the project's
    /// `.claude/settings.json`, `.claude/settings.local.json` and `.mcp.json` (whoever can write a repository
    /// writes them: hooks, allow rules, permission modes, servers) are not read. `claude -p` skips the workspace
    /// trust dialog, so without this they would run unprompted.
    package var userSettingsOnly: Bool

    /// The longest system prompt accepted, in bytes.
    package static let maximumSystemPromptBytes = 100_000

    /// Creates options; nothing is checked until ``validate()``.
    package init(
        model: ClaudeModelName? = nil, permissionMode: ClaudePermissionMode? = nil,
        allowBypassPermissions: Bool = false, systemPrompt: String? = nil, appendSystemPrompt: String? = nil,
        maxTurns: Int? = nil, maxBudgetUSD: Double? = nil, allowedTools: [String] = [],
        disallowedTools: [String] = [], addDirectories: [String] = [], userSettingsOnly: Bool = false,
        fallbackModel: ClaudeModelName? = nil
    ) {
        self.model = model
        self.fallbackModel = fallbackModel
        self.permissionMode = permissionMode
        self.allowBypassPermissions = allowBypassPermissions
        self.systemPrompt = systemPrompt
        self.appendSystemPrompt = appendSystemPrompt
        self.maxTurns = maxTurns
        self.maxBudgetUSD = maxBudgetUSD
        self.allowedTools = allowedTools
        self.disallowedTools = disallowedTools
        self.addDirectories = addDirectories
        self.userSettingsOnly = userSettingsOnly
    }

    /// Throws the first option that is refused.
    package func validate() throws(ClaudeRunOptionError) {
        if permissionMode == .bypassPermissions, !allowBypassPermissions { throw .bypassPermissionsNotAllowed }
        if let fallbackModel, fallbackModel == model { throw .fallbackModelSameAsModel }
        for (name, text) in [("system prompt", systemPrompt), ("appended system prompt", appendSystemPrompt)] {
            if let text, text.utf8.count > Self.maximumSystemPromptBytes || text.contains("\0") {
                throw .invalidSystemPrompt(name)
            }
        }
        if let maxTurns, !(1...1000).contains(maxTurns) { throw .invalidMaxTurns(maxTurns) }
        if let maxBudgetUSD, !(maxBudgetUSD > 0 && maxBudgetUSD.isFinite && maxBudgetUSD <= 10_000) {
            throw .invalidMaxBudget(maxBudgetUSD)
        }
        for rule in allowedTools + disallowedTools where !Self.isValidToolRule(rule) {
            throw .invalidToolRule(rule)
        }
        for directory in addDirectories where !isExistingAbsoluteDirectory(directory) {
            throw .invalidAddDirectory(directory)
        }
    }

    /// A tool rule: 1–200 printable characters (no control characters), not starting with `-`.
    static func isValidToolRule(_ rule: String) -> Bool {
        !rule.isEmpty && rule.utf8.count <= 200 && !rule.hasPrefix("-")
            && rule.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControl }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        self == .control || self == .format || self == .lineSeparator || self == .paragraphSeparator
    }
}

/// True for an absolute path to an existing directory, without NUL or newline.
func isExistingAbsoluteDirectory(_ path: String) -> Bool {
    guard path.hasPrefix("/"), !path.contains("\0"), !path.contains("\n") else { return false }
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}
