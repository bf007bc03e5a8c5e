import ArgumentParser
import CompanionAPI
import Foundation

/// `companion config get|set`: Claude Code's `settings.json` on the workstation (user or project).
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Read or change Claude Code's settings on the workstation.",
        subcommands: [ConfigGetCommand.self, ConfigSetCommand.self], defaultSubcommand: ConfigGetCommand.self)
}

/// `--scope user|project` and `--project PATH`.
struct ConfigScopeOptions: ParsableArguments {
    @Option(
        help: "user (~/.claude/settings.json, the default) or project (<project>/.claude/settings.json).",
        completion: .list(["user", "project"]))
    var scope: String = "user"
    @Option(help: "The project's absolute path on the workstation (project scope).") var project: String?
}

struct ConfigGetCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the settings, or one key's value.",
        discussion: """
            Without KEY or --json, the first line is Claude Code's availability and version (the sidecar's /health).

            Examples:
              companion config get
              companion config get model --scope project --project ~/src/myrepo --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: ConfigScopeOptions
    @Argument(help: "One top-level key (all when omitted).") var key: String?
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let (info, health) = try await connection.configuration { client in
                let info = try await client.config(scope: place.scope, projectPath: place.project)
                // Which Claude Code reads these settings (S-08): the sidecar's `GET /health`, for the listing.
                let health =
                    key == nil && !json ? try? await client.health() : nil
                return (info, health)
            }
            if json {
                try OutputFormatter.printJSON(info, .claudeCode)
                return
            }
            guard info.isValid else {
                throw CLIFailure(
                    .server, info.errors?.first ?? "the settings file is not valid JSON",
                    hint: "fix \(Terminal.safe(info.path)) on the workstation")
            }
            if let key {
                guard case .object(let members) = info.content, let value = members[key] else {
                    throw CLIFailure(.failure, "\(Terminal.safe(key)) is not set in \(Terminal.safe(info.path))")
                }
                print(Terminal.safe(try ConfigValueText.text(value), layout: .block))
            } else {
                if let health { print("# " + Self.claudeLine(health)) }
                print("# \(Terminal.safe(info.path))")
                print(Terminal.safe(try ConfigValueText.text(info.content), layout: .block))
            }
        }
    }
}

extension ConfigGetCommand {
    /// `claudeAvailable` and `claudeVersion` of the sidecar's `GET /health`, as one line.
    static func claudeLine(_ health: HealthResponse) -> String {
        switch health.claudeAvailable {
        case true?:
            "Claude Code on the workstation: available, version "
                + Terminal.safe(health.claudeVersion ?? "unknown")
        case false?:
            "Claude Code on the workstation: not available"
                + (health.claudeProblem.map { " (" + Terminal.safe($0) + ")" } ?? "")
        case nil: "Claude Code on the workstation: not reported by the sidecar"
        }
    }
}

struct ConfigSetCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set one key (VALUE is JSON, or else taken as text), keeping every other key.",
        discussion: """
            Examples:
              companion config set model opus
              companion config set includeCoAuthoredBy false
              companion config set permissions '{"allow":["Bash(git status)"]}' --scope project --project ~/src/myrepo
              companion config set model --unset
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @OptionGroup var place: ConfigScopeOptions
    @Argument(help: "The top-level key.") var key: String
    @Argument(help: "The value: JSON (true, 3, [\"a\"], {…}) or text.") var value: String?
    @Flag(help: "Remove the key instead.") var unset = false
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let newValue: ArbitraryJSON
            if unset {
                newValue = .null
            } else if let value {
                newValue = (try? ClaudeAPIJSON.decode(ArbitraryJSON.self, from: Data(value.utf8))) ?? .string(value)
            } else {
                throw CLIFailure(.usage, "give a value for \(Terminal.safe(key)), or --unset", hint: nil)
            }
            let info = try await connection.configuration {
                try await $0.updateConfig(
                    UpdateConfigRequest(
                        scope: place.scope, content: .object([key: newValue]), projectPath: place.project))
            }
            if json {
                try OutputFormatter.printJSON(info, .claudeCode)
            } else {
                print("\(unset ? "Removed" : "Set") \(Terminal.safe(key)) in \(Terminal.safe(info.path)).")
            }
        }
    }
}

/// A settings value as indented JSON.
enum ConfigValueText {
    static func text(_ value: ArbitraryJSON) throws -> String {
        try OutputFormatter.document(value, .claudeCode)
    }
}
