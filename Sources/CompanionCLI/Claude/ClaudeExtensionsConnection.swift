import CompanionClient
import CompanionKit

extension TaskConnectionOptions {
    /// Runs skill or plugin calls; their failures get advice naming `listCommand`.
    func claudeExtensions<T>(listCommand: String, _ body: (ClaudeCodeClient) async throws -> T) async throws -> T {
        do {
            return try await claude(body)
        } catch let error as CompanionError {
            guard let clientError = error.clientError else { throw error }
            throw ClaudeExtensionsAccess.failure(clientError, listCommand: listCommand)
        }
    }
}
