import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, findings 7 and 11: a `companion sidecar serve` holding its API key and a vault passphrase in its
/// environment starts an agent (`cat`) on a private tmux server. The tmux server's global environment (which every
/// later pane inherits) and the pane's process hold neither; after a restart the sidecar adopts the session it
/// started and not a `companion-foreign` session something else made on the same server.
@Suite(.timeLimit(.minutes(5))) struct AgentTmuxIsolationTests {
    static let passphrase = "vault-passphrase-\(UUID().uuidString)"

    @Test func tmuxGetsNoSecretOfTheSidecarAndOnlyRecordedSessionsAreAdopted() async throws {
        let socket = "companion-env-\(UUID().uuidString.prefix(8))"
        let key = "agents-key-\(UUID().uuidString)"
        let project = try TestPaths.temporaryDirectory("tmux-env")
        let tmux = { (arguments: [String]) in try await ProcessRunner.run("/usr/bin/tmux", ["-L", socket] + arguments) }
        defer {
            ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", socket, "kill-server"], timeout: 10)
            try? FileManager.default.removeItem(at: project)
        }
        let options = SidecarOptions(
            arguments: ["--log-level", "warning", "--tmux-socket", socket, "--api-key-scopes", "read,control"],
            environment: ["COMPANION_SIDECAR_API_KEY": key, "COMPANION_VAULT_PASSPHRASE": Self.passphrase],
            identity: .ephemeral)
        let first = try await SidecarProcess.start(options)
        defer { first.stop() }
        let body = #"{"project":"\#(project.path)","command":["cat"]}"#
        let created = try await ProcessRunner.run(
            "curl",
            [
                "-sS", "-X", "POST", "-H", "Authorization: Bearer \(key)", "-H", "Content-Type: application/json",
                "--data", body, "\(first.url)/api/sessions",
            ])
        let id = try #require(try created.json()["data"]?["id"]?.stringValue, "\(created)")

        let global = try await tmux(["show-environment", "-g"])
        #expect(global.status == 0 && global.stdout.contains("PATH="), "\(global)")
        for secret in ["COMPANION_SIDECAR_API_KEY", "COMPANION_VAULT_PASSPHRASE", key, Self.passphrase] {
            #expect(!global.stdout.contains(secret), "tmux's global environment holds \(secret.prefix(26))")
        }
        let panePID = try await tmux(["list-panes", "-t", "=companion-\(id):", "-F", "#{pane_pid}"])
        let environ = try Data(
            contentsOf: URL(
                fileURLWithPath: "/proc/\(panePID.stdout.trimmingCharacters(in: .whitespacesAndNewlines))/environ"))
        let paneEnvironment = String(decoding: environ, as: UTF8.self)
        #expect(paneEnvironment.contains("COMPANION_AGENT_ID=\(id)") || paneEnvironment.contains(id))
        #expect(!paneEnvironment.contains(key) && !paneEnvironment.contains(Self.passphrase))

        #expect(try await tmux(["new-session", "-d", "-s", "companion-foreign", "cat"]).status == 0)
        #expect(try await first.terminate() == 0)
        let second = try await first.restart()
        defer { second.stop() }
        let listed = try await ProcessRunner.run(
            "curl", ["-sS", "-H", "Authorization: Bearer \(key)", "\(second.url)/api/sessions"])
        let ids = try listed.json()["data"]?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids == [id], "\(listed)")
    }
}
