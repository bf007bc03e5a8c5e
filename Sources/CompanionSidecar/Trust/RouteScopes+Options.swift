import CompanionAPI

/// The decisions that depend on a request's body, beside the per-route ``RouteScopes/table``: the rule behind
/// both is that a device without `control` can never make anything run on the workstation without a permission
/// prompt a person answers. Options that widen what Claude Code runs unprompted (tool allow rules, added
/// directories, permission modes other than `default` and `plan`, settings keys that run commands or change
/// permissions) need `control`; options that narrow it stay with the route's scope.
///
/// ``OptionCheck`` reads these rows (the scope and the reason of the row a field matches), so changing a row
/// changes what the sidecar enforces; SECURITY.md's table is written from them and `OptionScopeTests` compares.
extension RouteScopes {
    /// When a row applies to a request.
    package enum OptionCondition: String, Sendable, Equatable {
        /// The field is present (any value, `null` included for a settings key, which removes it).
        case present = "present"
        /// The field is present and not empty.
        case nonEmpty = "present and not empty"
        /// A permission mode other than `default` and `plan`.
        case widensPermissionMode = "a mode other than default or plan"
        /// Any top-level settings key no other row of the route names (unknown keys included).
        case anyOtherKey = "any key no other row names"
    }

    /// One body-dependent decision.
    package struct OptionRule: Sendable, Equatable {
        /// `METHOD /path`, as in ``RouteScopes/table``.
        package let route: String
        /// The body field (`options.allowedTools`), settings key (`content.hooks`), or `session.permissionMode`
        /// (the options a session stored when it was created, which its later messages reuse).
        package let field: String
        package let condition: OptionCondition
        package let scope: DeviceScope
        package let reason: String
    }

    static let chatStream = "POST /api/v1/chat/stream"
    static let createSession = "POST /api/v1/sessions"
    static let putConfig = "PUT /api/v1/config"
    /// The keys of `PUT /api/v1/config` a `chat` device may set or remove: they change how Claude Code answers,
    /// never what it runs or may touch.
    static let chatSettingsKeys = ["model", "outputStyle", "includeCoAuthoredBy", "alwaysThinkingEnabled"]

    /// Every body-dependent decision. A field of `ChatOptions` or `CreateSessionRequest` missing here fails
    /// `OptionScopeTests`, so a new option cannot ship without a decision.
    package static let optionRules: [OptionRule] = chatOptionRules + sessionRules + configRules

    private static func rule(
        _ route: String, _ field: String, when condition: OptionCondition = .present, _ scope: DeviceScope,
        _ reason: String
    ) -> OptionRule { OptionRule(route: route, field: field, condition: condition, scope: scope, reason: reason) }

    private static let chatOptionRules: [OptionRule] =
        [
            rule(chatStream, "options.allowedTools", when: .nonEmpty, .control, "tools it names run without a prompt"),
            rule(chatStream, "options.addDirs", when: .nonEmpty, .control, "widens the directories the tools may use"),
            rule(
                chatStream, "options.permissionMode", when: .widensPermissionMode, .control,
                "acceptEdits, bypassPermissions and newer modes skip prompts"),
            rule(
                chatStream, "session.permissionMode", when: .widensPermissionMode, .control,
                "a session's stored mode applies to each message that does not override it"),
            rule(chatStream, "options.disallowedTools", .chat, "narrows what runs"),
            rule(chatStream, "options.maxTurns", .chat, "narrows what runs"),
            rule(chatStream, "options.maxBudgetUSD", .chat, "narrows what runs"),
            rule(chatStream, "options.model", .chat, "chooses the model, not what runs"),
            rule(chatStream, "options.systemPrompt", .chat, "text for the model, as the prompt is; no permission"),
            rule(
                chatStream, "options.appendSystemPrompt", .chat, "text for the model, as the prompt is; no permission"),
        ]
        + [
            "resume", "forkSession", "continueConversation", "includePartialMessages", "noSessionPersistence",
            "inputFormat", "agent", "betas", "debug",
        ].map {
            rule(chatStream, "options.\($0)", .chat, "ignored: the sidecar passes nothing of it to claude")
        }

    private static let sessionRules: [OptionRule] = [
        rule(
            createSession, "permissionMode", when: .widensPermissionMode, .control,
            "stored and applied to the session's messages; acceptEdits and bypassPermissions skip prompts"),
        rule(createSession, "maxTurns", .chat, "narrows what runs"),
        rule(createSession, "maxBudgetUSD", .chat, "narrows what runs"),
        rule(createSession, "model", .chat, "chooses the model, not what runs"),
        rule(createSession, "fallbackModel", .chat, "chooses the model, not what runs"),
        rule(createSession, "systemPrompt", .chat, "text for the model, as the prompt is; no permission"),
        rule(createSession, "projectId", .chat, "a project the index knows; the run stays in it"),
        rule(createSession, "name", .chat, "a label"),
    ]

    private static let configRules: [OptionRule] =
        chatSettingsKeys.map {
            rule(putConfig, "content.\($0)", .chat, "changes how Claude Code answers, not what runs")
        }
        + [
            rule(
                putConfig, "content.*", when: .anyOtherKey, .control,
                "settings run commands (hooks, statusLine, apiKeyHelper, MCP and plugin keys), change permissions "
                    + "(permissions.*, env) or delete history (cleanupPeriodDays); unknown keys too, as Claude Code "
                    + "adds such keys faster than they can be listed")
        ]

    /// The rows of `route`.
    static func optionRules(of route: String) -> [OptionRule] { optionRules.filter { $0.route == route } }
}
