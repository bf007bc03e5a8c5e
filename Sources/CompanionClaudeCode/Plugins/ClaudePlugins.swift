import Foundation

/// Claude Code's plugins and marketplaces, changed and read only through the real CLI (`claude plugin …
/// --json`, argument arrays, `--` before every positional argument), so that `installed_plugins.json`,
/// `known_marketplaces.json` and `enabledPlugins` stay Claude Code's own and consistent. Each call is bounded in
/// time and output.
package struct ClaudePlugins: Sendable {
    /// The `claude` executable.
    package let executable: String
    /// The CLI's environment (its `HOME`/`CLAUDE_CONFIG_DIR` decide whose plugins these are).
    package let environment: [String: String]
    /// Time limit of reads and of enable/disable.
    package var timeLimit: Duration = .seconds(60)
    /// Time limit of install and marketplace add (they may clone).
    package var changeTimeLimit: Duration = .seconds(300)

    package init(executable: String, environment: [String: String]) {
        self.executable = executable
        self.environment = environment
    }

    /// `claude plugin list --json`: the installed plugins with their enabled state.
    package func installed() async throws(ClaudePluginError) -> [InstalledPlugin] {
        try decode([InstalledPlugin].self, from: try await read(["plugin", "list", "--json"]), what: "plugin list")
    }

    /// `claude plugin list --json --available`: what the known marketplaces offer.
    package func available() async throws(ClaudePluginError) -> [AvailablePlugin] {
        try decode(
            PluginListWithAvailable.self, from: try await read(["plugin", "list", "--json", "--available"]),
            what: "plugin list --available"
        ).available
    }

    /// `claude plugin marketplace list --json`.
    package func marketplaces() async throws(ClaudePluginError) -> [KnownMarketplace] {
        try decode(
            [KnownMarketplace].self, from: try await read(["plugin", "marketplace", "list", "--json"]),
            what: "plugin marketplace list")
    }

    /// The installed plugin `text` names: `name@marketplace`, or a bare name that only one installed plugin has.
    package func resolveInstalled(_ text: String) async throws(ClaudePluginError) -> InstalledPlugin {
        if text.contains("@") {
            let id = try PluginID(parsing: text)
            guard let plugin = try await installed().first(where: { $0.id == id.description }) else {
                throw .notInstalled(text)
            }
            return plugin
        }
        _ = try PluginID.part(text, in: text)
        let plugins = try await installed()
        let matches = plugins.filter { $0.name == text }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw .notInstalled(text)
        default: throw .ambiguous(text, matches.map(\.id))
        }
    }

    /// `claude plugin install --json -- id`.
    package func install(_ id: PluginID) async throws(ClaudePluginError) {
        try await change(
            ["plugin", "install", "--json", "--", id.description], what: "install", limit: changeTimeLimit)
    }

    /// `claude plugin enable|disable --json -- id` (the plugin must be installed: the CLI would otherwise record
    /// a plugin that does not exist).
    package func setEnabled(_ enabled: Bool, _ plugin: InstalledPlugin) async throws(ClaudePluginError) {
        var arguments = ["plugin", enabled ? "enable" : "disable", "--json"]
        if let scope = plugin.scope, ["user", "project", "local"].contains(scope) { arguments += ["--scope", scope] }
        try await change(arguments + ["--", plugin.id], what: enabled ? "enable" : "disable", limit: timeLimit)
    }

    /// `claude plugin uninstall --json -- id`.
    package func uninstall(_ plugin: InstalledPlugin) async throws(ClaudePluginError) {
        var arguments = ["plugin", "uninstall", "--json"]
        if let scope = plugin.scope, ["user", "project", "local"].contains(scope) { arguments += ["--scope", scope] }
        try await change(arguments + ["--", plugin.id], what: "uninstall", limit: changeTimeLimit)
    }

    /// `claude plugin marketplace add --json -- source`; returns the marketplace's name. `source` must already be
    /// vetted by the caller's policy.
    package func addMarketplace(source: String) async throws(ClaudePluginError) -> String {
        if source.isEmpty || source.hasPrefix("-") || source.contains("::") {
            throw .invalidSource("it is empty, starts with '-' or names a '::' transport")
        }
        let outcome = try await change(
            ["plugin", "marketplace", "add", "--json", "--", source], what: "marketplace add", limit: changeTimeLimit)
        guard let name = outcome.marketplace else { throw .cliFailed("marketplace add did not name the marketplace") }
        return name
    }

    /// `claude plugin marketplace remove --json -- name`.
    package func removeMarketplace(name: String) async throws(ClaudePluginError) {
        let name = try PluginID.part(name, in: name)
        try await change(
            ["plugin", "marketplace", "remove", "--json", "--", name], what: "marketplace remove", limit: timeLimit)
    }

    // MARK: - Running the CLI

    private func read(_ arguments: [String]) async throws(ClaudePluginError) -> BoundedCommandResult {
        let result = try await run(arguments, limit: timeLimit)
        guard result.succeeded else {
            throw .cliFailed("`claude \(arguments.joined(separator: " "))` \(Self.describe(result))")
        }
        return result
    }

    @discardableResult
    private func change(_ arguments: [String], what: String, limit: Duration) async throws(ClaudePluginError)
        -> PluginCommandOutcome
    {
        let result = try await run(arguments, limit: limit)
        let lastLine = result.outputText.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        guard let outcome = try? JSONDecoder().decode(PluginCommandOutcome.self, from: Data(lastLine.utf8)) else {
            throw .cliFailed("`claude plugin \(what)` \(Self.describe(result)) and printed no JSON result")
        }
        // Enabling an enabled plugin (or disabling a disabled one) is not a failure for the caller.
        if outcome.failureCode == "already_in_goal_state" { return outcome }
        guard outcome.outcome == "ok", result.succeeded else {
            throw .refused(
                command: what, code: outcome.failureCode,
                message: String((outcome.message ?? "failed without a message").prefix(500)))
        }
        return outcome
    }

    private func run(_ arguments: [String], limit: Duration) async throws(ClaudePluginError) -> BoundedCommandResult {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let command = BoundedCommand(
            executable: executable, arguments: arguments, environment: Self.gitSafeEnvironment(environment),
            workingDirectory: home,
            timeLimit: limit, outputLimit: 8 << 20)
        do {
            return try await command.run()
        } catch {
            throw .cliFailed("\(executable) could not be started (\(type(of: error)))")
        }
    }

    /// `environment` for a `claude plugin` command that may clone (marketplace add from a git address, plugin
    /// install, marketplace update): git, which the CLI runs with this environment, never asks on a terminal or
    /// through a helper for a user name, password or host key (it fails instead of hanging until the time limit).
    static func gitSafeEnvironment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/false"
        environment["SSH_ASKPASS"] = "/bin/false"
        environment["GCM_INTERACTIVE"] = "never"
        environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
        return environment
    }

    private func decode<T: Decodable>(_ wanted: T.Type, from result: BoundedCommandResult, what: String)
        throws(ClaudePluginError) -> T
    {
        do {
            return try JSONDecoder().decode(wanted, from: Data(result.standardOutput))
        } catch {
            throw .cliFailed("`claude \(what) --json` printed JSON of an unexpected shape (\(Swift.type(of: error)))")
        }
    }

    private static func describe(_ result: BoundedCommandResult) -> String {
        switch result.ending {
        case .exited(let code):
            "exited with status \(code)"
                + (result.errorText.isEmpty ? "" : ": " + GitClone.lastLine(result.errorText))
        case .signaled(let signal): "was killed by signal \(signal)"
        case .timedOut: "did not finish in time and was stopped"
        case .stopped(let why): "was stopped (\(why))"
        }
    }
}
