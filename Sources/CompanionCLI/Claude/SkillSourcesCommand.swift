import ArgumentParser
import CompanionAPI
import Foundation

/// `companion skills sources list|add|rm`.
struct SkillSourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "The directories on the workstation that `skills search` searches.",
        subcommands: [SkillSourcesListCommand.self, SkillSourcesAddCommand.self, SkillSourcesRemoveCommand.self],
        defaultSubcommand: SkillSourcesListCommand.self)
}

/// `companion skills sources list`.
struct SkillSourcesListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the registered sources.",
        discussion: """
            Examples:
              companion skills sources list
              companion skills sources list --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let sources = try await connection.claudeExtensions(listCommand: "companion skills sources list") {
                try await $0.skillSources()
            }
            if json {
                try OutputFormatter.printJSON(sources, .claudeCode)
            } else {
                print(ExtensionsPresentation.sources(sources.items), terminator: "")
            }
        }
    }
}

/// `companion skills sources add PATH`.
struct SkillSourcesAddCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Register a directory on the workstation (e.g. a clone of a skills repository).",
        discussion: """
            Examples:
              companion skills sources add ~/clones/anthropic-skills
              companion skills sources add ~/clones/team-skills --name team
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The directory's absolute path on the workstation.") var path: String
    @Option(help: "Its name (default: the directory's name).") var name: String?
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let source = try await connection.claudeExtensions(listCommand: "companion skills sources list") {
                try await $0.addSkillSource(AddSkillSourceRequest(path: path, name: name))
            }
            if json {
                try OutputFormatter.printJSON(source, .claudeCode)
            } else {
                print("Registered skill source \(Terminal.safe(source.name)) (\(Terminal.safe(source.path))).")
            }
        }
    }
}

/// `companion skills sources rm NAME`.
struct SkillSourcesRemoveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Unregister a source (its directory is left as it is).",
        discussion: """
            Examples:
              companion skills sources rm team
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The source's name.") var name: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let deleted = try await connection.claudeExtensions(listCommand: "companion skills sources list") {
                try await $0.removeSkillSource(name: name)
            }
            if json {
                try OutputFormatter.printJSON(deleted, .claudeCode)
            } else {
                print("Unregistered skill source \(Terminal.safe(name)).")
            }
        }
    }
}
