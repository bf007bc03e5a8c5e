import CompanionClient
import CompanionKit

extension TaskConnectionOptions {
    /// Runs Claude Code API calls; their failures get that API's advice (pair or give the key, list sessions,
    /// install Claude Code on the workstation).
    func claude<T>(_ body: (ClaudeCodeClient) async throws -> T) async throws -> T {
        let (url, apiKey, store) = try access()
        let client = try ClaudeCodeAccess.client(
            url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30))
        do { return try await body(client) } catch let error as CompanionClientError {
            throw ClaudeCodeAccess.failure(error)
        }
    }
}
