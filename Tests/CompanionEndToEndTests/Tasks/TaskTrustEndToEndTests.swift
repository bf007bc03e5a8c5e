import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// Tasks from a paired companion: the CLI signs every task request and the log WebSocket's upgrade with the
/// device key in the vault; a companion that is not paired (and has no API key) is refused with a clear
/// message, and so is a revoked one.
@Suite(.timeLimit(.minutes(3)))
struct TaskTrustEndToEndTests {
    @Test func pairedCompanionRunsTasksWithSignedRequestsAndOthersAreRefused() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(arguments: ["--task-command", "sh -s"]))
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        // It revokes the tablet later: that needs the admin scope.
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Signed Phone", scopes: DeviceScope.all)

        // No --url and no API key: the paired sidecar from the vault, every request signed.
        let run = try await cli.run([
            "tasks", "create", "--title", "signed", "--description", "echo signed-line-1; echo signed-line-2",
            "--start",
        ])
        #expect(run.status == Exit.success, "\(run)")
        #expect(run.stdout.contains("signed-line-1") && run.stdout.contains("signed-line-2"), "\(run)")
        #expect(!run.stderr.contains("polling"), "the signed WebSocket upgrade is accepted: \(run)")
        let (list, json) = try await cli.json(["tasks", "list"])
        #expect(list.status == Exit.success, "\(list)")
        let id = try #require(json["tasks"]?.arrayValue?.first?["id"]?.stringValue)

        // Another companion, not paired, without a key: refused, with the way out in the hint.
        let stranger = CompanionCLI()
        let refused = try await stranger.run(["tasks", "list", "--url", sidecar.url])
        FailureOutput.expect(refused, status: Exit.notPaired, mentioning: "signed by a paired device")
        #expect(refused.stderr.contains("companion pair"), "\(refused)")
        let follow = try await stranger.run(["logs", id, "--follow", "--url", sidecar.url])
        // (The refused WebSocket upgrade is reported as a fall-back to polling first; polling is refused too.)
        #expect(follow.status == Exit.notPaired, "\(follow)")
        #expect(follow.stderr.contains("companion: error: the sidecar refused the request"), "\(follow)")
        #expect(follow.stdout.isEmpty && !follow.stderr.contains("Fatal error"), "\(follow)")

        // A second device, following a long task's log, revoked by the first: its stream is closed at once and
        // its very next task request is refused.
        let tablet = CompanionCLI()
        let tabletID = try await ConnectionEndToEndTests.pair(tablet, sidecar, name: "Signed Tablet")
        #expect(try await tablet.run(["tasks", "show", id]).status == Exit.success)
        let (created, long) = try await cli.json([
            "tasks", "create", "--title", "long", "--description",
            "for i in $(seq 1 3000); do echo $i; sleep 0.1; done",
        ])
        let longID = try #require(long["task"]?["id"]?.stringValue, "\(created)")
        #expect(try await cli.run(["tasks", "start", longID]).status == Exit.success)
        let following = try tablet.spawn(["logs", longID, "--follow"])
        // Revoked while it streams: once the task's first lines reached it.
        try await following.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            out.split(separator: "\n").count >= 3
        }
        #expect(try await cli.run(["devices", "revoke", tabletID]).status == Exit.success)
        let followed = try await following.finish()
        #expect(followed.status == Exit.notPaired, "\(followed)")
        #expect(followed.stderr.contains("revoked"), "\(followed)")
        #expect(!followed.stdout.contains("3000"), "cut off long before the task's end: \(followed)")
        let after = try await tablet.run(["tasks", "show", id])
        FailureOutput.expect(after, status: Exit.notPaired, mentioning: "revoked")
    }
}

/// The orchestrator brief's optional key, kept in the vault by `companion tasks api-key`.
@Suite(.timeLimit(.minutes(3)))
struct TaskAPIKeyEndToEndTests {
    @Test func apiKeyStoredInTheVaultOpensTheTaskEndpoints() async throws {
        let directory = try TestPaths.temporaryDirectory("task-key")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("key")
        try "vault-key-\(UUID().uuidString)\n".write(to: keyFile, atomically: true, encoding: .utf8)
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--task-command", "sh -s", "--api-key-file", keyFile.path]))
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let list = ["tasks", "list", "--url", sidecar.url]
        FailureOutput.expect(try await cli.run(list), status: Exit.notPaired, mentioning: "X-API-Key")
        #expect(try await cli.run(["tasks", "api-key", "--file", keyFile.path]).status == Exit.success)
        let keyed = try await cli.run(list)
        #expect(keyed.status == Exit.success, "\(keyed)")
        #expect(try await cli.run(["tasks", "api-key", "--clear"]).status == Exit.success)
        FailureOutput.expect(try await cli.run(list), status: Exit.notPaired, mentioning: "X-API-Key")
    }

    /// `--api-key-scopes read` (the option winning over the environment variable), the environment variable
    /// (winning over the settings file), the settings file alone: the key lists tasks but creating one is 403 naming the `tasks` scope; as a Bearer token on the Claude
    /// Code API it is held to the same scopes.
    @Test func apiKeyScopesAreConfiguredWithTheKey() async throws {
        let directory = try TestPaths.temporaryDirectory("task-key-scopes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = "scoped-key-\(UUID().uuidString)"
        let keyFile = directory.appendingPathComponent("key")
        try "\(key)\n".write(to: keyFile, atomically: true, encoding: .utf8)
        // Settings files saying `read,tasks` and `read`; the environment and the option each come before them.
        func settings(_ name: String, scopes: String) throws -> String {
            let home = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent("companion"), withIntermediateDirectories: true)
            try "[sidecar]\napi-key-scopes = \"\(scopes)\"\n".write(
                to: home.appendingPathComponent("companion/config.toml"), atomically: true, encoding: .utf8)
            return home.path
        }
        let wide = try settings("wide", scopes: "read,tasks")
        let narrow = try settings("narrow", scopes: "read")
        let cases: [([String], [String: String?])] = [
            (["--api-key-scopes", "read"], ["COMPANION_SIDECAR_API_KEY_SCOPES": "read,tasks"]),
            ([], ["COMPANION_SIDECAR_API_KEY_SCOPES": "read,chat", "XDG_CONFIG_HOME": wide]),
            ([], ["COMPANION_SIDECAR_API_KEY_SCOPES": nil, "XDG_CONFIG_HOME": narrow]),
        ]
        for (arguments, environment) in cases {
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(
                    arguments: ["--task-command", "sh -s", "--api-key-file", keyFile.path] + arguments,
                    environment: environment))
            defer { sidecar.stop() }
            func curl(_ extra: [String]) async throws -> (status: String, body: String) {
                let result = try await ProcessRunner.run(
                    "/usr/bin/curl", ["-s", "-w", "\n%{http_code}"] + extra)
                let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
            }
            let list = try await curl(["-H", "X-API-Key: \(key)", sidecar.url + "/v1/tasks"])
            #expect(list.status == "200", "\(list)")
            let create = try await curl([
                "-X", "POST", "-H", "X-API-Key: \(key)", "-H", "Content-Type: application/json", "--data",
                #"{"title":"scoped","description":"echo hi"}"#, sidecar.url + "/v1/tasks",
            ])
            #expect(create.status == "403", "\(arguments): \(create)")
            #expect(create.body.contains("the API key lacks the 'tasks' scope"), "\(create)")
            #expect(create.body.contains("--api-key-scopes"), "\(create)")
            if arguments.isEmpty { continue }  // the Bearer check once is enough
            // The same key as a Bearer token on the Claude Code API: `read` may not chat.
            let bearer = "Authorization: Bearer \(key)"
            let chat = try await curl([
                "-X", "POST", "-H", bearer, "-H", "Content-Type: application/json", "--data",
                #"{"prompt":"hi"}"#, sidecar.url + "/api/v1/chat/stream",
            ])
            #expect(chat.status == "403" && chat.body.contains("'chat' scope"), "\(chat)")
        }
        // Scopes without a key, or an unknown scope, are a usage error when serving.
        let cli = CompanionCLI()
        let noKey = try await cli.run(["sidecar", "serve", "--port", "0", "--api-key-scopes", "read"])
        FailureOutput.expect(noKey, status: Exit.usage, mentioning: "needs an API key")
        let unknown = try await cli.run([
            "sidecar", "serve", "--port", "0", "--api-key-file", keyFile.path, "--api-key-scopes", "read,root",
        ])
        FailureOutput.expect(unknown, status: Exit.usage, mentioning: "unknown scope 'root'")
    }
}
