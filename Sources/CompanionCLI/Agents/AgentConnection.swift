import CompanionClient
import CompanionKit

extension TaskConnectionOptions {
    /// Runs agent session calls; their failures get that API's advice (pair or give the key, list sessions,
    /// install tmux on the workstation).
    func agents<T>(_ body: (AgentClient) async throws -> T) async throws -> T {
        let (url, apiKey, store) = try access()
        let client = try AgentAccess.client(url: url, apiKey: apiKey, store: store, timeout: max(sidecar.timeout, 30))
        do { return try await body(client) } catch let error as CompanionClientError {
            throw AgentAccess.failure(error)
        }
    }
}
