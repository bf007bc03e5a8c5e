import ArgumentParser
import CompanionAPI
import Foundation

struct MCPHealthCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "health", abstract: "Start an MCP server on the workstation and complete the MCP handshake.",
        discussion: """
            Examples:
              companion mcp health files
              companion mcp health github --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: MCPWhereOptions
    @Argument(help: "The server's name.") var name: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let scope = try place.parsedScope()
            let health = try await connection.configuration {
                try await $0.mcpHealth(name: name, scope: scope, projectPath: place.project)
            }
            if json {
                try OutputFormatter.printJSON(health, .claudeCode)
            } else {
                print(MCPPresentation.health(health))
            }
        }
    }
}
