import ArgumentParser
import CompanionAPI
import Foundation

/// `companion skills list|show|install|rm|search|sources`: Claude Code skills on the workstation.
struct SkillsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skills",
        abstract: "List, show, install, remove and search Claude Code skills on the workstation.",
        subcommands: [
            SkillsListCommand.self, SkillsShowCommand.self, SkillsInstallCommand.self, SkillsRemoveCommand.self,
            SkillsSearchCommand.self, SkillSourcesCommand.self,
        ], defaultSubcommand: SkillsListCommand.self)

    static let listCommand = "companion skills list"
}

/// `companion skills list`.
struct SkillsListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List installed skills (yours, a project's, the plugins').",
        discussion: """
            Examples:
              companion skills list
              companion skills list --project ~/src/myrepo --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Also list the skills of this project directory on the workstation.") var project: String?
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let skills = try await connection.claudeExtensions(listCommand: SkillsCommand.listCommand) {
                try await $0.skills(projectPath: project)
            }
            if json {
                try OutputFormatter.printJSON(skills, .claudeCode)
            } else {
                print(ExtensionsPresentation.skills(skills.items, width: table.width), terminator: "")
            }
        }
    }
}

/// `companion skills show NAME`.
struct SkillsShowCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a skill and its content.",
        discussion: """
            Examples:
              companion skills show code-review
              companion skills show code-review --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The skill's name (from `companion skills list`).") var name: String
    @Option(help: "Look in this project directory's skills too.") var project: String?
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let skill = try await connection.claudeExtensions(listCommand: SkillsCommand.listCommand) {
                try await $0.skill(name: name, projectPath: project)
            }
            if json {
                try OutputFormatter.printJSON(skill, .claudeCode)
            } else {
                print(ExtensionsPresentation.skill(skill))
            }
        }
    }
}

/// `companion skills install REPOSITORY`.
struct SkillsInstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install a skill from a git repository (git clone --depth 1 on the workstation).",
        discussion: """
            REPOSITORY is https://HOST/PATH, ssh://HOST/PATH, USER@HOST:PATH, GitHub's owner/repo, or a local \
            repository under one of the sidecar's --clone-root directories. The repository's SKILL.md (at its root, \
            in --path, or its only skill directory) is installed into ~/.claude/skills/<name>.

            Examples:
              companion skills install https://github.com/owner/skills-repo.git --path skills/code-review
              companion skills install ~/clones/my-skill --name my-skill --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The git repository.") var repository: String
    @Option(help: "The skill's directory inside the repository.") var path: String?
    @Option(help: "Install under this name (default: the SKILL.md's name).") var name: String?
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let skill = try await connection.claudeExtensions(listCommand: SkillsCommand.listCommand) {
                try await $0.installSkill(SkillInstallRequest(repository: repository, skillPath: path, name: name))
            }
            if json {
                try OutputFormatter.printJSON(skill, .claudeCode)
            } else {
                print("Installed skill \(Terminal.safe(skill.name)) (\(Terminal.safe(skill.path))).")
            }
        }
    }
}

/// `companion skills rm NAME`.
struct SkillsRemoveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove one of your skills.",
        discussion: """
            Examples:
              companion skills rm code-review
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The skill's name.") var name: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let deleted = try await connection.claudeExtensions(listCommand: SkillsCommand.listCommand) {
                try await $0.deleteSkill(name: name)
            }
            if json {
                try OutputFormatter.printJSON(deleted, .claudeCode)
            } else {
                print("Removed skill \(Terminal.safe(name)).")
            }
        }
    }
}

/// `companion skills search WORDS…`.
struct SkillsSearchCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the registered skill sources (offline; GitHub is never searched).",
        discussion: """
            Examples:
              companion skills search review
              companion skills search pull request --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "Words that must all appear in a skill's name, description or tags.") var words: [String]
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let result = try await connection.claudeExtensions(listCommand: "companion skills sources list") {
                try await $0.searchSkills(query: words.joined(separator: " "))
            }
            if json {
                try OutputFormatter.printJSON(result, .claudeCode)
            } else {
                print(ExtensionsPresentation.search(result), terminator: "")
            }
        }
    }
}
