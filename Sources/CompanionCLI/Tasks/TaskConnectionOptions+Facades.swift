import CompanionKit

extension TaskConnectionOptions {
    /// Runs Claude Code API calls (projects, sessions, chat, the dashboard); their failures carry that API's advice
    /// (pair or give the key, list sessions, install Claude Code on the workstation).
    func claude<T>(_ body: (WorkstationClaudeCode) async throws -> T) async throws -> T {
        let (url, apiKey, store) = try access()
        return try await body(
            ClaudeCodeAccess.claudeCode(url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30)))
    }

    /// Runs MCP server or settings calls; their failures carry that API's advice. The health check starts the
    /// server on the workstation: up to its own bound (10 s) plus the round trip.
    func configuration<T>(_ body: (WorkstationClaudeConfiguration) async throws -> T) async throws -> T {
        let (url, apiKey, store) = try access()
        return try await body(
            ClaudeConfigurationAccess.configuration(
                url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30)))
    }

    /// Runs skill or plugin calls; their failures carry advice naming `listCommand`.
    func claudeExtensions<T>(listCommand: String, _ body: (WorkstationClaudeExtensions) async throws -> T)
        async throws -> T
    {
        let (url, apiKey, store) = try access()
        return try await body(
            ClaudeExtensionsAccess.extensions(
                url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30), listCommand: listCommand))
    }

    /// Runs agent session calls; their failures carry that API's advice (pair or give the key, list sessions,
    /// install tmux on the workstation).
    func agents<T>(_ body: (WorkstationAgents) async throws -> T) async throws -> T {
        let (url, apiKey, store) = try access()
        return try await body(
            AgentAccess.agents(url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30)))
    }
}
