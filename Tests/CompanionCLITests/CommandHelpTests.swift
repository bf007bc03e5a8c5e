import CompanionTestSupport
import Foundation
import Testing

/// The command tree as ArgumentParser dumps it (what the man page and completions are generated from): every
/// command a person runs has examples in its `--help`, and `companion help exit-codes` shows the one table. Run in
/// process: what ArgumentParser prints itself (help, the dump, completion scripts) goes through the command's sink.
@Suite struct CommandHelpTests {
    /// Leaf commands (no subcommands) as `companion a b` paths, with their discussion text.
    static func leaves() async throws -> [(String, String)] {
        let dump = try await InProcessCLI().run(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump)")
        let root = try #require(try dump.json()["command"])
        var found: [(String, String)] = []
        func walk(_ command: JSONValue, path: [String]) {
            let name = command["commandName"]?.stringValue ?? "?"
            let here = path + [name]
            let children = command["subcommands"]?.arrayValue ?? []
            if children.isEmpty {
                found.append((here.joined(separator: " "), command["discussion"]?.stringValue ?? ""))
            }
            for child in children where child["commandName"]?.stringValue != "help" { walk(child, path: here) }
        }
        walk(root, path: [])
        return found
    }

    @Test func everyCommandHasExamples() async throws {
        let leaves = try await Self.leaves()
        #expect(leaves.count >= 35, "\(leaves.map(\.0))")
        let without = leaves.filter { name, discussion in
            !discussion.contains("Examples:") && name != "companion exit-codes"
        }.map(\.0)
        #expect(without.isEmpty, "commands without examples in --help: \(without)")
    }

    @Test func helpExitCodesShowsEveryCode() async throws {
        let cli = try InProcessCLI()
        let help = await cli.run(["help", "exit-codes"])
        #expect(help.status == 0, "\(help)")
        for code in Exit.allCases {
            #expect(
                help.stdout.split(separator: "\n").contains {
                    $0.hasPrefix("\(code.rawValue) ") && $0.contains("\(code)")
                },
                "\(code) missing from `companion help exit-codes`: \(help.stdout)")
        }
        let json = await cli.run(["exit-codes", "--json"])
        #expect(try json.json().arrayValue?.count == Exit.allCases.count)
    }

    /// Every enumerated option's values, in the order the CLI declares them.
    static let enumerations = [
        ["auto", "secret-service", "file"],  // --vault
        ["L", "M", "Q", "H"],  // qr encode --level
        ["trace", "debug", "info", "notice", "warning", "error", "critical"],  // sidecar serve --log-level
        ["user", "project", "local"],  // mcp --scope
        ["stdio", "http", "sse"],  // mcp --type
        ["user", "project"],  // config --scope
        ["read", "tasks", "chat", "control", "admin", "read,tasks,chat"],  // --scopes, sidecar devices scope
    ]

    /// How `shell`'s script, as ArgumentParser writes it, lists `values` to complete.
    static func listed(_ values: [String], shell: String) -> String {
        switch shell {
        case "bash": values.map { "'\($0)'" }.joined(separator: "$'\\n'")
        case "zsh": "(" + values.map { "'\($0)'" }.joined(separator: " ") + ")"
        default: "a '" + values.joined(separator: " ") + "'"
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsCompleteImagesAndEnumerations(shell: String) async throws {
        let script = try await InProcessCLI().run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script)")
        #expect(script.stdout.contains("png") && script.stdout.contains("jpg"), "image arguments complete image files")
        for values in Self.enumerations {
            let listed = Self.listed(values, shell: shell)
            #expect(script.stdout.contains(listed), "\(shell) completes \(values) (as \(listed))")
        }
    }
}
