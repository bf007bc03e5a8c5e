import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeMCP {
    /// The user-scope entry of `server` in `~/.claude.json`.
    func entry(server: String) throws -> [String: Any]? {
        let object = try ClaudeJSONFile(url: locations.stateFile).read().object
        return (object["mcpServers"] as? [String: Any])?[server] as? [String: Any]
    }

    /// Sets a key of the user-scope entry `server` as another tool would.
    func setEntryKey(_ key: String, _ value: Any, server: String) throws {
        try ClaudeJSONFile(url: locations.stateFile).update { object in
            var servers = object["mcpServers"] as? [String: Any] ?? [:]
            var entry = servers[server] as? [String: Any] ?? [:]
            entry[key] = value
            servers[server] = entry
            object["mcpServers"] = servers
        }
    }
}
