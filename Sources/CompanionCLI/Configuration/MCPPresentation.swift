import CompanionAPI
import Foundation

/// How MCP servers and settings are shown on a terminal; every field came from the workstation, so each goes
/// through `Terminal.safe`.
enum MCPPresentation {
    /// The servers as a table that fits `width` columns (long cells end in an ellipsis); nil: no limit.
    static func list(_ servers: [MCPServer], width: Int? = nil) -> String {
        guard !servers.isEmpty else { return "No MCP servers configured.\n" }
        let rows = servers.map { server in
            [
                Terminal.safe(server.name), server.scope.rawValue, Terminal.safe(server.type ?? "stdio"),
                Terminal.safe(server.url ?? ([server.command] + server.args).joined(separator: " ")),
                Terminal.safe(server.projectPath ?? "-"),
            ]
        }
        return TableFit.text(header: ["NAME", "SCOPE", "TYPE", "COMMAND", "PROJECT"], rows: rows, width: width)
    }

    static func server(_ server: MCPServer, revealed: MCPRevealResponse?) -> String {
        var lines = [
            "Name      \(Terminal.safe(server.name))", "Scope     \(server.scope.rawValue)",
            "Type      \(server.type ?? "stdio")",
        ]
        if let url = server.url {
            lines.append("URL       \(Terminal.safe(url))")
        } else {
            lines.append("Command   \(Terminal.safe(server.command))")
            lines.append("Args      \(Terminal.safe(server.args.joined(separator: " ")))")
        }
        if let project = server.projectPath { lines.append("Project   \(Terminal.safe(project))") }
        if let path = server.configPath { lines.append("File      \(Terminal.safe(path))") }
        let env = revealed?.env ?? server.env ?? [:]
        for key in env.keys.sorted() { lines.append("Env       \(Terminal.safe(key))=\(Terminal.safe(env[key]!))") }
        let headers = revealed?.headers ?? server.headers ?? [:]
        for key in headers.keys.sorted() {
            lines.append("Header    \(Terminal.safe(key)): \(Terminal.safe(headers[key]!))")
        }
        if revealed == nil, !env.isEmpty || !headers.isEmpty {
            lines.append("(values masked; `companion mcp show \(Terminal.safe(server.name)) --reveal` shows them)")
        }
        return lines.joined(separator: "\n")
    }

    static func health(_ health: MCPHealthResponse) -> String {
        var lines = ["\(Terminal.safe(health.name)): \(health.status.rawValue)"]
        if let name = health.serverName {
            lines.append("Server    \(Terminal.safe(name)) \(Terminal.safe(health.serverVersion ?? ""))")
        }
        if let version = health.protocolVersion { lines.append("Protocol  \(Terminal.safe(version))") }
        for tool in health.tools ?? [] {
            lines.append("Tool      \(Terminal.safe(tool.name))  \(Terminal.safe(tool.description ?? ""))")
        }
        if let problem = health.problem { lines.append("Problem   \(Terminal.safe(problem))") }
        if !health.isEnabled {
            lines.append("(Claude Code will not start it until the project's servers are approved)")
        }
        return lines.joined(separator: "\n")
    }
}
