import Subprocess

extension Environment {
    /// Exactly `variables`, nothing inherited from this process: what every child CompanionKit starts through
    /// swift-subprocess gets (Claude Code runs, bounded commands, the MCP probe's server, the sidecar's tasks).
    /// A name that is not a valid environment variable name is left out.
    package static func exactly(_ variables: [String: String]) -> Environment {
        var keys: [Environment.Key: String] = [:]
        for (name, value) in variables {
            if let key = Environment.Key(rawValue: name) { keys[key] = value }
        }
        return .custom(keys)
    }
}
