import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// Another local user listening on the port the HTTP hooks of earlier versions posted to (the sidecar stopped or
    /// restarting) receives nothing once `companion sidecar hooks install` has put command hooks in their place
    /// (issue 29, finding 3). The same listener does receive the event (and the secret) from an HTTP hook, so the
    /// test can tell.
    @Suite(.timeLimit(.minutes(3))) struct HookPortSpyTests {
        /// Accepts on 127.0.0.1 (port 0), prints `PORT n`, then `CONNECTED <first bytes>` for every connection.
        static let spy = """
            import socket, sys
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
            print("PORT", s.getsockname()[1], flush=True)
            while True:
                c, _ = s.accept(); c.settimeout(2)
                try: data = c.recv(4096)
                except Exception: data = b""
                print("CONNECTED", data[:300].decode("latin-1").replace("\\r\\n", " | "), flush=True); c.close()
            """

        @Test func anotherUserOnTheOldHookPortReceivesNothing() async throws {
            let user = "cspy\(UUID().uuidString.prefix(8).lowercased())"
            let added = try await ProcessRunner.run(
                "/usr/sbin/useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", user])
            try #require(added.status == 0, "useradd (the test runs as root): \(added)")
            let uid = try await ProcessRunner.run("/usr/bin/id", ["-u", user]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let listener = try ProcessRunner.spawn(
                "/usr/bin/setpriv",
                ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "/usr/bin/python3", "-u", "-c", Self.spy])
            // The user goes once its process has ended (a zombie still counts as the user's: userdel refuses).
            defer {
                listener.kill(SIGKILL)
                ProcessRunner.cleanUp(after: listener, "/usr/sbin/userdel", [user], timeout: 30)
            }
            try await listener.waitForOutput { out, _ in out.contains("PORT ") }
            let port = try #require(
                listener.stdout.split(separator: "\n").first { $0.hasPrefix("PORT ") }.map { $0.dropFirst(5) })
            let owner = try await ProcessRunner.run("/usr/bin/stat", ["-c", "%u", "/proc/\(listener.pid)"]).stdout
            #expect(owner.trimmingCharacters(in: .whitespacesAndNewlines) == uid, "the listener runs as the other user")

            let endpoint = try ScriptedModelEndpoint { _ in .text("OK", pieces: 1) }
            defer { endpoint.stop() }
            let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
            defer { sandbox.remove() }
            let project = try sandbox.makeProject("spy")
            let claude = try ClaudeCLIBinary.locate()
            func claudeRuns() async throws {
                let run = try await ProcessRunner.run(
                    "/usr/bin/env",
                    ["-i", "-C", project] + sandbox.environment.map { "\($0.key)=\($0.value)" }
                        + [claude, "-p", "hello", "--output-format", "text"], timeout: 120)
                #expect(run.status == 0 && run.stdout.contains("OK"), "\(run)")
            }

            // An earlier version's install: HTTP hooks with the secret, to the port the other user now holds.
            let http = """
                {"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "http", "timeout": 10,
                  "url": "http://127.0.0.1:\(port)/hooks/claude-code",
                  "headers": {"X-Companion-Hook-Secret": "the-old-secret"}}]}]}}

                """
            try Data(http.utf8).write(to: sandbox.settingsFile)
            try await claudeRuns()
            try await listener.waitForOutput { out, _ in out.contains("CONNECTED") }
            #expect(listener.stdout.contains("the-old-secret"), "the HTTP hook gave the other user the secret")

            // `hooks install` replaces them with command hooks; no sidecar runs (stopped or restarting).
            let dataDirectory = sandbox.root.appendingPathComponent("sidecar")
            let install = try await ProcessRunner.run(
                TestPaths.companionBinary.path,
                [
                    "sidecar", "hooks", "install", "--settings", sandbox.settingsFile.path, "--data-dir",
                    dataDirectory.path,
                ])
            #expect(install.status == 0, "\(install)")
            let connections = listener.stdout.components(separatedBy: "CONNECTED").count
            try await claudeRuns()
            // Every hook of the run ended before claude exited: nothing more reached the port.
            #expect(listener.stdout.components(separatedBy: "CONNECTED").count == connections, "\(listener.stdout)")
            let settings = String(decoding: try Data(contentsOf: sandbox.settingsFile), as: UTF8.self)
            #expect(!settings.contains("the-old-secret") && settings.contains(" hook --socket "))
        }
    }
}
