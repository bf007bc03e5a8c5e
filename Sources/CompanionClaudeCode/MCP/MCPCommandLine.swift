import Foundation

/// `claude mcp add-json` and `claude mcp remove`, run as argv arrays (no shell) in the project's directory for
/// the local and project scopes. Only definitions without env or headers go through `add-json`: its JSON
/// argument is visible to every local user in `ps` (`/proc/<pid>/cmdline`) while it runs, so servers that carry
/// secrets are written with ``ClaudeJSONFile`` instead (``MCPServerCatalog``).
struct MCPCommandLine: Sendable {
    let executable: String
    let environment: [String: String]
    /// How long one `claude mcp …` command may run before its process group is killed.
    var timeLimit: Duration = .seconds(60)

    func addJSON(_ definition: MCPServerDefinition) async throws(MCPServerError) {
        precondition(!definition.holdsSecrets, "secrets never go into a command line")
        let json: String
        do {
            json = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: definition.configEntry(), options: [.sortedKeys, .withoutEscapingSlashes]),
                as: UTF8.self)
        } catch { throw .invalidDefinition("it cannot be written as JSON") }
        // Options before `--`, the name and JSON after it: a name may start with `-` (`--help` is a valid name for
        // Claude Code), and `claude mcp add-json -s user -- --help '{…}'` adds it instead of printing the help.
        try await run(
            ["mcp", "add-json", "-s", definition.scope.rawValue, "--", definition.name, json],
            in: definition.projectPath, label: "mcp add-json")
    }

    func remove(name: String, scope: MCPServerScope, projectPath: String?) async throws(MCPServerError) {
        try await run(["mcp", "remove", "-s", scope.rawValue, "--", name], in: projectPath, label: "mcp remove")
    }

    /// Runs `claude` through ``BoundedCommand``: its own process group, killed at ``timeLimit``.
    private func run(_ arguments: [String], in directory: String?, label: String) async throws(MCPServerError) {
        let result: BoundedCommandResult
        do {
            result = try await BoundedCommand(
                executable: executable, arguments: arguments, environment: environment, workingDirectory: directory,
                timeLimit: timeLimit, outputLimit: 64 * 1024
            ).run()
        } catch { throw .cliUnavailable("`claude` could not be run (\(executable)): \(type(of: error))") }
        switch result.ending {
        case .exited(0): return
        case .timedOut:
            throw .cli(command: label, message: "did not finish within \(timeLimit) and was stopped")
        default:
            let text = result.errorText + "\n" + result.outputText
            let line = text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            throw .cli(command: label, message: String((line.map(String.init) ?? "\(result.ending)").prefix(300)))
        }
    }
}
