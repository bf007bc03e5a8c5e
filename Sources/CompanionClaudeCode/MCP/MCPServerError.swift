/// Why an MCP server operation failed; each description says what to do next and never holds an env value or
/// header value.
package enum MCPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidName(String)
    case notFound(name: String, scope: MCPServerScope?)
    case alreadyExists(name: String, scope: MCPServerScope)
    /// The scope addresses one project and none (or a relative path) was given.
    case projectRequired(MCPServerScope)
    /// The project directory does not exist.
    case noSuchProject(String)
    case invalidDefinition(String)
    /// One of Claude Code's files could not be read or written.
    case file(ClaudeConfigFileError)
    /// The `claude` CLI refused or failed; `message` is its first line of output, already free of secrets
    /// (the commands it runs carry none).
    case cli(command: String, message: String)
    /// The `claude` CLI is missing.
    case cliUnavailable(String)

    package var description: String {
        switch self {
        case .invalidName(let name):
            return
                "invalid MCP server name \"\(name.prefix(80))\": names can only contain letters, numbers, hyphens "
                + "and underscores (1 to \(MCPServerName.maxLength) characters)"
        case .notFound(let name, let scope):
            return "no MCP server named \"\(name)\"\(scope.map { " in the \($0.rawValue) scope" } ?? ""); "
                + "list them with `companion mcp list`"
        case .alreadyExists(let name, let scope):
            return "an MCP server named \"\(name)\" already exists in the \(scope.rawValue) scope; edit it instead"
        case .projectRequired(let scope):
            return "the \(scope.rawValue) scope belongs to one project: give the project's absolute path"
        case .noSuchProject(let path): return "no project directory at \(path)"
        case .invalidDefinition(let reason): return "invalid MCP server: \(reason)"
        case .file(let error): return error.description
        case .cli(let command, let message): return "`claude \(command)` failed: \(message)"
        case .cliUnavailable(let reason): return reason
        }
    }
}
