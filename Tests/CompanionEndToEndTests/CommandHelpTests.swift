import CompanionTestSupport
import Foundation
import Testing

/// The command tree as ArgumentParser dumps it (what the man page and completions are generated from): every
/// command a person runs has examples in its `--help`, and `companion help exit-codes` shows the one table.
@Suite struct CommandHelpTests {
    /// Leaf commands (no subcommands) as `companion a b` paths, with their discussion text.
    static func leaves() async throws -> [(String, String)] {
        let dump = try await CompanionCLI().run(["--experimental-dump-help"])
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
        let help = try await CompanionCLI().run(["help", "exit-codes"])
        #expect(help.status == 0, "\(help)")
        for code in Exit.allCases {
            #expect(
                help.stdout.split(separator: "\n").contains {
                    $0.hasPrefix("\(code.rawValue) ") && $0.contains("\(code)")
                },
                "\(code) missing from `companion help exit-codes`: \(help.stdout)")
        }
        let json = try await CompanionCLI().run(["exit-codes", "--json"])
        #expect(try json.json().arrayValue?.count == Exit.allCases.count)
    }

    @Test func completionScriptsCompleteImagesAndEnumerations() async throws {
        let bash = try await CompanionCLI().run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        #expect(bash.stdout.contains("png"), "image arguments complete image files")
        #expect(bash.stdout.contains("secret-service"), "--vault completes its values")
        let fish = try await CompanionCLI().run(["--generate-completion-script", "fish"])
        #expect(fish.stdout.contains("auto secret-service file") || fish.stdout.contains("secret-service"))
    }
}
