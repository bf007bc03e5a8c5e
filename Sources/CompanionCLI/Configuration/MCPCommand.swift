import ArgumentParser
import CompanionAPI
import Foundation

/// `companion mcp list|show|add|edit|rm|health`: the MCP servers Claude Code on the workstation is configured
/// with, in Claude Code's own files.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp", abstract: "Manage the MCP servers of Claude Code on the workstation.",
        subcommands: [
            MCPListCommand.self, MCPShowCommand.self, MCPAddCommand.self, MCPEditCommand.self, MCPRemoveCommand.self,
            MCPHealthCommand.self,
        ], defaultSubcommand: MCPListCommand.self)
}

struct MCPListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List MCP servers of every scope (env values masked).",
        discussion: """
            Examples:
              companion mcp list
              companion mcp list --scope project --project ~/src/myrepo --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: MCPWhereOptions
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let scope = try place.parsedScope()
            let servers = try await connection.configuration {
                try await $0.mcpServers(scope: scope, projectPath: place.project)
            }
            if json {
                try OutputFormatter.printJSON(servers, .claudeCode)
            } else {
                print(MCPPresentation.list(servers.items, width: table.width), terminator: "")
            }
        }
    }
}

struct MCPShowCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one MCP server; --reveal shows its env values (audited).",
        discussion: """
            Examples:
              companion mcp show github
              companion mcp show github --reveal
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: MCPWhereOptions
    @Argument(help: "The server's name.") var name: String
    @Flag(help: "Show env and header values (the sidecar records this in its audit log).") var reveal = false
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let scope = try place.parsedScope()
            let (server, revealed) = try await connection.configuration { client in
                let server = try await client.mcpServer(name: name, scope: scope, projectPath: place.project)
                let revealed =
                    reveal
                    ? try await client.revealMCPServer(name: name, scope: server.scope, projectPath: server.projectPath)
                    : nil
                return (server, revealed)
            }
            if json {
                if let revealed {
                    try OutputFormatter.printJSON(revealed, .claudeCode)
                } else {
                    try OutputFormatter.printJSON(server, .claudeCode)
                }
            } else {
                print(MCPPresentation.server(server, revealed: revealed))
            }
        }
    }
}

struct MCPAddCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an MCP server (stdio: --command; http/sse: --type and --url).",
        discussion: """
            Examples:
              companion mcp add files --command npx --arg -y --arg @modelcontextprotocol/server-filesystem --arg ~/src
              GITHUB_TOKEN=... companion mcp add github --command github-mcp --env GITHUB_TOKEN
              companion mcp add docs --type http --server-url https://mcp.example.com/mcp --scope project --project ~/src/myrepo
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: MCPWhereOptions
    @OptionGroup var definition: MCPDefinitionOptions
    @Argument(help: "The server's name (letters, digits, - and _).") var name: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let request = CreateMCPRequest(
                name: name, command: definition.command, args: definition.args,
                env: try MCPDefinitionOptions.pairs(definition.env, what: "env"), scope: try place.parsedScope(),
                type: definition.type, url: definition.url,
                headers: try MCPDefinitionOptions.pairs(definition.headers, what: "header"),
                projectPath: place.project)
            let server = try await connection.configuration { try await $0.addMCPServer(request) }
            if json {
                try OutputFormatter.printJSON(server, .claudeCode)
            } else {
                print(MCPPresentation.server(server, revealed: nil))
            }
        }
    }
}

struct MCPEditCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an MCP server: the options given replace, --env adds or changes.",
        discussion: """
            Examples:
              companion mcp edit github --env GITHUB_TOKEN
              companion mcp edit files --arg -y --arg @modelcontextprotocol/server-filesystem --arg ~/work
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: MCPWhereOptions
    @OptionGroup var definition: MCPDefinitionOptions
    @Argument(help: "The server's name.") var name: String
    @Option(help: "A new name.") var rename: String?
    @Flag(help: "Replace the arguments with the --arg values (also when none is given).") var replaceArgs = false
    @Option(name: .customLong("unset-env"), help: "Remove an env variable (repeat for more).") var unsetEnv: [String] =
        []
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let scope = try place.parsedScope()
            let server = try await connection.configuration { client in
                let current = try await client.mcpServer(name: name, scope: scope, projectPath: place.project)
                // Masked values are sent back as they are: the sidecar keeps the stored values for them.
                var env = current.env ?? [:]
                for key in unsetEnv { env.removeValue(forKey: key) }
                env.merge(try MCPDefinitionOptions.pairs(definition.env, what: "env")) { $1 }
                var headers = current.headers ?? [:]
                headers.merge(try MCPDefinitionOptions.pairs(definition.headers, what: "header")) { $1 }
                let remote = (definition.type ?? current.type ?? "stdio") != "stdio"
                let request = CreateMCPRequest(
                    name: rename ?? current.name, command: remote ? nil : (definition.command ?? current.command),
                    args: replaceArgs || !definition.args.isEmpty ? definition.args : current.args, env: env,
                    scope: current.scope, type: definition.type ?? current.type,
                    url: definition.url ?? current.url, headers: headers, projectPath: current.projectPath)
                return try await client.updateMCPServer(name: current.name, request)
            }
            if json {
                try OutputFormatter.printJSON(server, .claudeCode)
            } else {
                print(MCPPresentation.server(server, revealed: nil))
            }
        }
    }
}

struct MCPRemoveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove an MCP server.",
        discussion: """
            Examples:
              companion mcp rm files
              companion mcp rm docs --scope project --project ~/src/myrepo
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: MCPWhereOptions
    @Argument(help: "The server's name.") var name: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let scope = try place.parsedScope()
            let deleted = try await connection.configuration {
                try await $0.deleteMCPServer(name: name, scope: scope, projectPath: place.project)
            }
            if json {
                try OutputFormatter.printJSON(deleted, .claudeCode)
            } else {
                print("Removed MCP server \(Terminal.safe(name)).")
            }
        }
    }
}
