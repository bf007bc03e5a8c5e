import ArgumentParser
import CompanionAgents
import CompanionSidecar
import Foundation

/// `companion sidecar hooks install|uninstall|status`: Claude Code's command hooks delivering to this sidecar.
struct SidecarHooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hooks",
        abstract: "Register the sidecar in Claude Code's hooks, so every claude on this machine reports to it.",
        subcommands: [HooksInstallCommand.self, HooksUninstallCommand.self, HooksStatusCommand.self],
        defaultSubcommand: HooksStatusCommand.self)
}

/// Where the hooks go and which sidecar (data directory, whose owner socket they deliver to) they report to.
struct HooksLocationOptions: ParsableArguments {
    @Option(
        help: "Claude Code's settings file (default: $CLAUDE_CONFIG_DIR/settings.json, else ~/.claude/settings.json).")
    var settings: String?

    @Option(
        name: .customLong("data-dir"),
        help: "The sidecar's data directory (default ~/.local/share/companionkit/sidecar).")
    var dataDir: String?

    var directory: URL { dataDir.map { URL(fileURLWithPath: $0) } ?? SidecarConfiguration.defaultDataDirectory() }

    func installer() throws -> ClaudeHookInstaller {
        let environment = CommandContext.current.environment
        guard let path = settings ?? ClaudeHookInstaller.settingsPath(environment: environment) else {
            throw CLIFailure(.usage, "cannot tell where Claude Code's settings are", hint: "pass --settings PATH")
        }
        do {
            return try AgentsService.hookInstaller(settingsPath: path, dataDirectory: directory)
        } catch let refusal as UnsafeDataDirectory {
            throw refusal.cliFailure
        }
    }
}

extension SettingsFileError {
    var cliFailure: CLIFailure { CLIFailure(.failure, description) }
}

/// `companion sidecar hooks install`.
struct HooksInstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Add the sidecar's command hooks to Claude Code's user settings (your own hooks are kept).",
        discussion: """
            Each hook runs `companion hook --socket DATA-DIR/owner.sock`, which delivers the event over the \
            sidecar's owner socket (only your user can reach it). An earlier install's HTTP hooks are replaced.

            Examples:
              companion sidecar hooks install
              companion sidecar hooks install --data-dir ~/.local/share/companionkit/sidecar
              companion sidecar hooks install --json
            """)

    @OptionGroup var location: HooksLocationOptions
    @Flag(help: "Print the hooks' status afterwards as JSON (the shape of `hooks status --json`; errors too).")
    var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let installer = try location.installer()
            let socket = OwnerSocket.path(in: location.directory)
            let command = ClaudeHookInstaller.hookCommand(executable: try Self.executable(), socketPath: socket)
            let status: HookStatus
            do { status = try installer.install(command: command) } catch let error as SettingsFileError {
                throw error.cliFailure
            }
            if json { return try OutputFormatter.printJSON(status) }
            print("Installed hooks for \(status.events.joined(separator: ", "))")
            print("in \(Terminal.safe(status.settingsPath))")
            print("Claude Code sessions started from now on report to the sidecar through \(Terminal.safe(socket)).")
        }
    }

    /// This executable's absolute path, which the hooks run.
    static func executable() throws -> String {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            path.hasPrefix("/")
        else {
            throw CLIFailure(.failure, "cannot tell where this companion executable is (/proc/self/exe)")
        }
        return path
    }
}

/// `companion sidecar hooks uninstall`.
struct HooksUninstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Remove exactly the hooks `install` added.",
        discussion: """
            Examples:
              companion sidecar hooks uninstall
              companion sidecar hooks uninstall --json
            """)

    @OptionGroup var location: HooksLocationOptions
    @Flag(help: "Print JSON: {\"ok\":true,\"removedGroups\":N} (errors too).") var json = false

    /// The `--json` shape.
    struct Output: Encodable {
        var ok = true
        /// How many hook groups were removed (0 when none were installed).
        var removedGroups: Int
    }

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let removed: Int
            do { removed = try location.installer().uninstall() } catch let error as SettingsFileError {
                throw error.cliFailure
            }
            if json { return try OutputFormatter.printJSON(Output(removedGroups: removed)) }
            print(removed == 0 ? "No companion hooks were installed." : "Removed \(removed) hook groups.")
        }
    }
}

/// `companion sidecar hooks status [--json]`.
struct HooksStatusCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show which hooks are installed and what they run.",
        discussion: """
            Examples:
              companion sidecar hooks status
              companion sidecar hooks status --json
            """)

    @OptionGroup var location: HooksLocationOptions
    @Flag(help: "Print JSON (errors too).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) { try show() }
    }

    private func show() throws {
        let status: HookStatus
        do { status = try location.installer().status() } catch let error as SettingsFileError {
            throw error.cliFailure
        }
        if json {
            try OutputFormatter.printJSON(status)
            return
        }
        print("settings: \(Terminal.safe(status.settingsPath))")
        if status.events.isEmpty {
            print("no companion hooks installed (companion sidecar hooks install)")
            return
        }
        print("hooks:    \(status.events.joined(separator: ", "))")
        if !status.missingEvents.isEmpty { print("missing:  \(status.missingEvents.joined(separator: ", "))") }
        print("running:  \(status.commands.map { Terminal.safe($0) }.joined(separator: ", "))")
        if !status.urls.isEmpty {
            print(
                "old HTTP hooks: \(status.urls.map { Terminal.safe($0) }.joined(separator: ", ")) "
                    + "(any local user could answer them: run `companion sidecar hooks install` to replace them)")
        }
    }
}
