import Foundation
import Subprocess

/// `claude mcp add-json` and `claude mcp remove`, run as argv arrays (no shell) in the project's directory for
/// the local and project scopes. Only definitions without env or headers go through `add-json`: its JSON
/// argument is visible to every local user in `ps` (`/proc/<pid>/cmdline`) while it runs, so servers that carry
/// secrets are written with ``ClaudeJSONFile`` instead (``MCPServerCatalog``).
struct MCPCommandLine: Sendable {
    let executable: String
    let environment: [String: String]

    func addJSON(_ definition: MCPServerDefinition) async throws(MCPServerError) {
        precondition(!definition.holdsSecrets, "secrets never go into a command line")
        let json: String
        do {
            json = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: definition.configEntry(), options: [.sortedKeys, .withoutEscapingSlashes]),
                as: UTF8.self)
        } catch { throw .invalidDefinition("it cannot be written as JSON") }
        try await run(
            ["mcp", "add-json", definition.name, json, "-s", definition.scope.rawValue],
            in: definition.projectPath, label: "mcp add-json")
    }

    func remove(name: String, scope: MCPServerScope, projectPath: String?) async throws(MCPServerError) {
        try await run(["mcp", "remove", name, "-s", scope.rawValue], in: projectPath, label: "mcp remove")
    }

    private func run(_ arguments: [String], in directory: String?, label: String) async throws(MCPServerError) {
        let status: TerminationStatus
        let text: String
        do {
            let result = try await Subprocess.run(
                .path(.init(executable)), arguments: .init(arguments),
                environment: .custom(environmentKeys(environment)),
                workingDirectory: directory.map { .init($0) }, input: .none,
                output: .string(limit: 64 * 1024), error: .string(limit: 64 * 1024))
            status = result.terminationStatus
            text = result.standardError + "\n" + result.standardOutput
        } catch { throw .cliUnavailable("`claude` could not be run (\(executable)): \(type(of: error))") }
        guard status.isSuccess else {
            let line = text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            throw .cli(command: label, message: String((line.map(String.init) ?? "exit \(status)").prefix(300)))
        }
    }
}
