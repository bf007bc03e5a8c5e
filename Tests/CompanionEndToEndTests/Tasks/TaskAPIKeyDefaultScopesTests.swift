import CompanionTestSupport
import Foundation
import Testing

/// The API key's default scopes are `read,tasks` (SECURITY.md, "After pairing"): a bearer secret an agent may read
/// (its file, the sidecar's `/proc/PID/environ`) must not chat, approve permission requests or start agents unless
/// the owner gave it those scopes, and then `sidecar serve` says so when it starts.
@Suite(.timeLimit(.minutes(3)))
struct TaskAPIKeyDefaultScopesTests {
    static func curl(_ arguments: [String]) async throws -> (status: String, body: String) {
        let result = try await ProcessRunner.run("/usr/bin/curl", ["-s", "-w", "\n%{http_code}"] + arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
    }

    @Test func aKeyGivenNoScopesReadsAndRunsTasksOnlyAndAWiderSetIsWarnedAboutAtStart() async throws {
        let directory = try TestPaths.temporaryDirectory("task-key-default")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = "default-scoped-key-\(UUID().uuidString)"
        let keyFile = directory.appendingPathComponent("key")
        try "\(key)\n".write(to: keyFile, atomically: true, encoding: .utf8)
        let bearer = "Authorization: Bearer \(key)"
        let json = "Content-Type: application/json"

        let plainLog = directory.appendingPathComponent("plain.log")
        let plain = try await SidecarProcess.start(
            SidecarOptions(
                logFile: plainLog, arguments: ["--task-command", "sh -s", "--api-key-file", keyFile.path],
                environment: ["COMPANION_SIDECAR_API_KEY_SCOPES": nil, "XDG_CONFIG_HOME": directory.path]))
        defer { plain.stop() }
        #expect(try await Self.curl(["-H", "X-API-Key: \(key)", plain.url + "/v1/tasks"]).status == "200")
        let created = try await Self.curl([
            "-X", "POST", "-H", "X-API-Key: \(key)", "-H", json, "--data", #"{"title":"t","description":"true"}"#,
            plain.url + "/v1/tasks",
        ])
        #expect(created.status == "201", "\(created)")
        let refusals: [(path: String, body: String, scope: String)] = [
            ("/api/v1/chat/stream", #"{"prompt":"hi"}"#, "chat"),
            ("/api/sessions", #"{"project":"\#(directory.path)","command":["cat"]}"#, "control"),
            ("/api/approvals/ap-0123456789/approve", #"{"digest":"00"}"#, "control"),
        ]
        for refusal in refusals {
            let answer = try await Self.curl([
                "-X", "POST", "-H", bearer, "-H", json, "--data", refusal.body, plain.url + refusal.path,
            ])
            #expect(answer.status == "403", "\(refusal.path): \(answer)")
            #expect(answer.body.contains("lacks the '\(refusal.scope)' scope"), "\(refusal.path): \(answer)")
        }
        let quiet = try String(contentsOf: plainLog, encoding: .utf8)
        #expect(!quiet.contains("beyond read,tasks"), "\(quiet)")

        // Asked for explicitly, a wider set is given, and the start says which scopes go beyond read,tasks.
        let wideLog = directory.appendingPathComponent("wide.log")
        let wide = try await SidecarProcess.start(
            SidecarOptions(
                logFile: wideLog,
                arguments: ["--api-key-file", keyFile.path, "--api-key-scopes", "read,tasks,chat,control"]))
        defer { wide.stop() }
        let warned = try String(contentsOf: wideLog, encoding: .utf8)
        #expect(warned.contains("warning: the API key has the scopes chat,control beyond read,tasks"), "\(warned)")
        let approve = try await Self.curl([
            "-X", "POST", "-H", bearer, "-H", json, "--data", #"{"digest":"00"}"#,
            wide.url + "/api/approvals/ap-0123456789/approve",
        ])
        #expect(approve.status != "403", "the wider key reaches the route: \(approve)")
    }
}
