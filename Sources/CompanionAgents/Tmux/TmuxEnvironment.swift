import Subprocess

/// The environment tmux is started with, chosen from the caller's own.
///
/// A tmux server keeps the environment of the client that started it as its global environment, and gives it
/// to every pane it ever creates: a sidecar that ran tmux with its whole environment handed its API key
/// (`COMPANION_SIDECAR_API_KEY`), its vault passphrase (`COMPANION_VAULT_PASSPHRASE`) and everything else it
/// was given to every agent. Only what tmux needs to find its server and draw is kept here; the sidecar adds
/// what Claude Code needs (`ClaudeRunEnvironment`, the filter of its `claude` runs).
package enum TmuxEnvironment {
    /// Variables passed as they are.
    package static let names: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TMUX_TMPDIR", "TERM",
    ]
    /// Variables passed by prefix.
    package static let prefixes = ["LC_"]

    /// The subset of `environment` tmux is given.
    package static func filtered(_ environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in names.contains(name) || prefixes.contains { name.hasPrefix($0) } }
    }
}

extension Tmux {
    /// ``environment`` as swift-subprocess takes it: exactly these variables, nothing inherited (a name that is
    /// not a valid variable name is left out).
    var subprocessEnvironment: Environment {
        var keys: [Environment.Key: String] = [:]
        for (name, value) in environment {
            if let key = Environment.Key(rawValue: name) { keys[key] = value }
        }
        return .custom(keys)
    }
}
