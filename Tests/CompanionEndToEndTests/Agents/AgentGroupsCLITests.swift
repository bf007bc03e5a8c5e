import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The orca plan's groups from the companion: `companion agents groups` and `agents list --group DIR` against a real
/// `companion sidecar serve` whose agent sessions are `/bin/cat` panes on a private tmux server (`-L`), in two
/// project directories. A group is a project directory's full path on the workstation, matched exactly.
@Suite(.timeLimit(.minutes(3)))
struct AgentGroupsCLITests {
    @Test func agentsListWithAGroupListsThatDirectorysSessionsOnly() async throws {
        let tmuxSocket = "companion-groups-\(UUID().uuidString.prefix(8))"
        let base = try TestPaths.temporaryDirectory("agent-groups")
        let alpha = base.appendingPathComponent("alpha")
        let beta = base.appendingPathComponent("beta")
        for directory in [alpha, beta] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let sidecar = try await SidecarProcess.start(SidecarOptions(arguments: ["--tmux-socket", tmuxSocket]))
        defer {
            sidecar.stop()
            ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", tmuxSocket, "kill-server"], timeout: 10)
            try? FileManager.default.removeItem(at: base)
        }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone", scopes: [.read, .control])

        var made: [String: Set<String>] = [:]
        for project in [alpha, beta, alpha] {
            let (created, session) = try await cli.json(
                ["agents", "new", "--project", project.path, "--command", "/bin/cat"])
            let id = try #require(session["id"]?.stringValue, "\(created)")
            made[project.path, default: []].insert(id)
        }
        #expect(made[alpha.path]?.count == 2 && made[beta.path]?.count == 1)

        // `agents groups` (GET /api/groups): the two directories, by path, with their counts.
        let (grouped, groups) = try await cli.json(["agents", "groups"])
        #expect(grouped.status == Exit.success, "\(grouped)")
        let rows = groups.arrayValue ?? []
        #expect(rows.map { $0["path"]?.stringValue } == [alpha.path, beta.path], "\(groups)")
        #expect(rows.map { $0["name"]?.stringValue } == ["alpha", "beta"], "\(groups)")
        #expect(rows.map { $0["session_count"] } == [.integer(2), .integer(1)], "\(groups)")
        #expect(rows.allSatisfy { if case .integer? = $0["attention_count"] { true } else { false } }, "\(groups)")
        let groupsTable = try await cli.run(["agents", "groups", "--wide"])
        let tableLines = groupsTable.stdout.split(separator: "\n")
        #expect(groupsTable.status == Exit.success && tableLines.first?.hasPrefix("PATH") == true, "\(groupsTable)")
        #expect(tableLines.dropFirst().map { $0.hasPrefix(alpha.path) || $0.hasPrefix(beta.path) } == [true, true])

        for project in [alpha, beta] {
            let (listed, sessions) = try await cli.json(["agents", "list", "--group", project.path])
            #expect(listed.status == Exit.success, "\(listed)")
            let items = sessions.arrayValue ?? []
            #expect(Set(items.compactMap { $0["id"]?.stringValue }) == made[project.path], "\(sessions)")
            #expect(items.allSatisfy { $0["group"]?.stringValue == project.path }, "\(sessions)")
        }
        let (all, everything) = try await cli.json(["agents", "list"])
        #expect(all.status == Exit.success && everything.arrayValue?.count == 3, "\(everything)")

        // A directory without sessions, and a directory's name alone (a group is the full path): nothing.
        for group in [base.appendingPathComponent("gamma").path, "alpha"] {
            let (listed, sessions) = try await cli.json(["agents", "list", "--group", group])
            #expect(listed.status == Exit.success && sessions.arrayValue?.isEmpty == true, "\(group): \(listed)")
        }
        // The table lists beta's session and not alpha's.
        let table = try await cli.run(["agents", "list", "--group", beta.path])
        #expect(table.status == Exit.success, "\(table)")
        #expect(made[beta.path]?.allSatisfy { table.stdout.contains($0) } == true, "\(table.stdout)")
        #expect(made[alpha.path]?.contains { table.stdout.contains($0) } == false, "\(table.stdout)")
    }
}
