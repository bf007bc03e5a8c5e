import CompanionClient
import CompanionKit

extension TaskConnectionOptions {
    /// Runs MCP server or settings calls; their failures get that API's advice.
    func configuration<T>(_ body: (ClaudeCodeClient) async throws -> T) async throws -> T {
        let (url, apiKey, store) = try access()
        // The health check starts the server on the workstation: up to its own bound (10 s) plus the round trip.
        let client = try ClaudeCodeAccess.client(
            url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30))
        do { return try await body(client) } catch let error as CompanionClientError {
            throw ClaudeConfigurationAccess.failure(error)
        }
    }
}
