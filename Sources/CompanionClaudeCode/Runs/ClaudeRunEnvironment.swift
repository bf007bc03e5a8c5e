/// The environment a supervisor gives the CLI, chosen from the sidecar's own: what Claude Code and the tools it
/// runs need (paths, locale, user, proxies and certificates, Anthropic/Claude/cloud-provider settings), and
/// nothing else of the sidecar's (its own `COMPANION_*` settings, for one).
package enum ClaudeRunEnvironment {
    /// Variables passed as they are.
    package static let names: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM", "EDITOR",
        "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy", "NODE_EXTRA_CA_CERTS",
        "SSL_CERT_FILE", "SSL_CERT_DIR", "DISABLE_TELEMETRY", "DISABLE_AUTOUPDATER", "DISABLE_ERROR_REPORTING",
        "GOOGLE_APPLICATION_CREDENTIALS",
    ]
    /// Variables passed by prefix.
    package static let prefixes = ["LC_", "XDG_", "ANTHROPIC_", "CLAUDE_", "AWS_", "CLOUD_ML_", "VERTEX_", "MCP_"]

    /// The subset of `environment` to give the CLI.
    package static func filtered(_ environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in names.contains(name) || prefixes.contains { name.hasPrefix($0) } }
    }
}
