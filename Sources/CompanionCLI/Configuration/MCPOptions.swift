import ArgumentParser
import CompanionAPI
import Foundation

/// Where an MCP server is: `--scope` and `--project`.
struct MCPWhereOptions: ParsableArguments {
    @Option(
        help: "user, local or project (default: the one Claude Code would use; user when adding).",
        completion: .list(MCPScope.allCases.map(\.rawValue)))
    var scope: String?
    @Option(help: "The project's absolute path on the workstation (local and project scopes).")
    var project: String?

    func parsedScope() throws -> MCPScope? {
        guard let scope else { return nil }
        guard let parsed = MCPScope(rawValue: scope) else {
            throw CLIFailure(.usage, "--scope must be user, local or project", hint: "for example --scope user")
        }
        return parsed
    }
}

/// What a server runs: `--command`, `--arg`, `--env`, or `--type http|sse` with `--url` and `--header`.
struct MCPDefinitionOptions: ParsableArguments {
    @Option(help: "stdio (default), http or sse.", completion: .list(["stdio", "http", "sse"])) var type: String?
    @Option(help: "The program of a stdio server.") var command: String?
    @Option(
        name: .customLong("arg"), parsing: .unconditionalSingleValue,
        help: "One argument of the program (repeat for more, in order; may start with -).")
    var args: [String] = []
    @Option(
        name: .customLong("env"),
        help: ArgumentHelp(
            "NAME=VALUE, or NAME alone to take the value from this shell's environment (repeat for more).",
            discussion: "NAME alone keeps the value out of this machine's process list."))
    var env: [String] = []
    @Option(name: .customLong("server-url"), help: "The URL of an http or sse server.") var url: String?
    @Option(name: .customLong("header"), help: "NAME=VALUE or NAME (from the environment), for http/sse servers.")
    var headers: [String] = []

    /// `NAME=VALUE` pairs, or `NAME` read from the environment.
    static func pairs(_ items: [String], what: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for item in items {
            if let equals = item.firstIndex(of: "=") {
                result[String(item[..<equals])] = String(item[item.index(after: equals)...])
            } else if let value = CommandContext.current.environment[item] {
                result[item] = value
            } else {
                throw CLIFailure(
                    .usage, "--\(what) \(Terminal.safe(item)): no such variable in this shell's environment",
                    hint: "export \(Terminal.safe(item)) first, or give NAME=VALUE")
            }
        }
        return result
    }
}
