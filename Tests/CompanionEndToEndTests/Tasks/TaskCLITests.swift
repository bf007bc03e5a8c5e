import CompanionTestSupport
import Foundation
import Testing

/// The CLI against a real `companion sidecar serve` on loopback, whose task command runs the task's
/// description as a shell script (`sh -s`), so each test chooses what its tasks do.
@Suite("Tasks end to end: CLI, sidecar, fallback, restart", .serialized)
struct TaskCLITests {
    static func script(lines: Int, interval: Double) -> String {
        "i=1; while [ $i -le \(lines) ]; do echo \"line $i\"; i=$((i+1)); sleep \(interval); done"
    }

    /// Like ``script(lines:interval:)``, but after line `gateLine` it waits until the file `gate` exists: the
    /// task is still running for as long as the test needs it to.
    static func script(lines: Int, interval: Double, gateLine: Int, gate: URL) -> String {
        "i=1; while [ $i -le \(lines) ]; do echo \"line $i\"; "
            + "if [ $i -eq \(gateLine) ]; then while [ ! -e '\(gate.path)' ]; do sleep 0.05; done; fi; "
            + "i=$((i+1)); sleep \(interval); done"
    }

    /// Creates a task through the CLI and returns its id.
    static func create(_ url: String, title: String, script: String, extra: [String] = []) async throws -> String {
        let result = try await CompanionCLI.taskKey.run(
            ["tasks", "create", "--url", url, "--title", title, "--description", script, "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require((object?["task"] as? [String: Any])?["id"] as? String)
    }

    @Test func tasksListFitsTheTerminalAndWideShowsEverything() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let title = "a title far too long for forty columns of terminal"
        let id = try await Self.create(sidecar.url, title: title, script: "true")
        let narrow = CompanionCLI(environment: ["COMPANION_API_KEY": SidecarOptions.taskAPIKey, "COLUMNS": "40"])
        let fitted = try await narrow.run(["tasks", "list", "--url", sidecar.url])
        #expect(fitted.status == 0, "\(fitted)")
        let lines = fitted.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.count <= 40 }, "\(fitted.stdout)")
        #expect(fitted.stdout.contains("…") && !fitted.stdout.contains(title), "\(fitted.stdout)")
        let wide = try await narrow.run(["tasks", "list", "--url", sidecar.url, "--wide"])
        #expect(wide.stdout.contains(title) && wide.stdout.contains(id), "\(wide.stdout)")
    }

    @Test func followSurvivesTheWebSocketBeingKilledMidStream() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let proxy = try TCPProxy(targetPort: sidecar.port)
        defer { proxy.stop() }
        let url = "http://127.0.0.1:\(proxy.port)"
        let gate = try temporaryDirectory().appendingPathComponent("gate")
        defer { try? FileManager.default.removeItem(at: gate.deletingLastPathComponent()) }
        let script = Self.script(lines: 300, interval: 0.01, gateLine: 200, gate: gate)
        let id = try await Self.create(url, title: "numbers", script: script)
        _ = try await CompanionCLI.taskKey.run(["tasks", "start", id, "--url", url])
        let follow = try CompanionCLI.taskKey.spawn(["logs", id, "--follow", "--url", url, "--poll-interval", "0.2"])
        defer { follow.kill(SIGKILL) }
        // Once lines arrive over the WebSocket, break it and keep it refused until the follower polls.
        try await follow.waitForOutput { out, _ in proxy.webSocketUpgrades > 0 && lineNumbers(out).count >= 5 }
        proxy.refuseWebSockets(true)
        proxy.dropWebSockets()
        try await follow.waitForOutput { _, err in err.contains("polling") }
        // Back again: the follower's next WebSocket attempt gets through while the task still runs (it waits at
        // line 200 for the gate).
        proxy.refuseWebSockets(false)
        try await follow.waitForOutput { _, _ in proxy.webSocketUpgrades >= 2 }
        _ = FileManager.default.createFile(atPath: gate.path, contents: nil)
        let result = try await follow.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.numbers == Array(1...300), "every line exactly once")
        #expect(result.stderr.contains("polling"), "\(result.stderr)")
        #expect(proxy.webSocketUpgrades >= 2, "the WebSocket is used again once it is back: \(result.stderr)")
    }

    @Test func followPollsWhenTheWebSocketIsUnavailable() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let proxy = try TCPProxy(targetPort: sidecar.port)
        defer { proxy.stop() }
        proxy.refuseWebSockets(true)
        let url = "http://127.0.0.1:\(proxy.port)"
        let result = try await CompanionCLI.taskKey.run([
            "tasks", "create", "--url", url, "--title", "polled", "--start", "--poll-interval", "0.2",
            "--description", Self.script(lines: 60, interval: 0.02) + "; exit 4",
        ])
        #expect(result.status == 12, "a failed task fails the command: \(result.stderr)")
        #expect(result.numbers == Array(1...60))
        #expect(result.stderr.contains("exit status 4"))
    }

    @Test func sidecarRestartMidTaskEndsTheTaskAsFailed() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let url = sidecar.url
        let id = try await Self.create(url, title: "long", script: Self.script(lines: 400, interval: 0.02))
        _ = try await CompanionCLI.taskKey.run(["tasks", "start", id, "--url", url])
        let follow = try CompanionCLI.taskKey.spawn(["logs", id, "--follow", "--url", url, "--poll-interval", "0.2"])
        defer { follow.kill(SIGKILL) }
        // A crash while the follower streams, then the sidecar is back on the same port.
        try await follow.waitForOutput { out, _ in lineNumbers(out).count >= 10 }
        try await sidecar.killHard()
        let restarted = try await sidecar.restart()
        defer { restarted.stop() }
        let result = try await follow.finish()
        #expect(result.status == 12, "\(result.stderr)")
        let numbers = result.numbers
        #expect(numbers.count >= 10 && numbers == Array(1...numbers.count), "a gapless prefix, each line once")
        let show = try await CompanionCLI.taskKey.run(["tasks", "show", id, "--url", url, "--json"])
        #expect(show.stdout.contains(#""status" : "failed""#))
        #expect(show.stdout.contains("the sidecar stopped while this task was running"))
    }

    @Test func unknownTaskIsAClearError() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let follow = try await CompanionCLI.taskKey.run(["logs", "nosuchtask", "--follow", "--url", sidecar.url])
        #expect(follow.status == 5)
        #expect(follow.stderr.contains("no such task: nosuchtask"))
        #expect(!follow.stderr.contains("Fatal") && follow.stdout.isEmpty)
        let show = try await CompanionCLI.taskKey.run(["tasks", "show", "nosuchtask", "--url", sidecar.url])
        #expect(show.status == 5 && show.stderr.contains("no such task"))
    }

    @Test func cloneListShowAndCancel() async throws {
        let directory = try temporaryDirectory()
        let repo = directory.appendingPathComponent("origin")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try "cloned content\n".write(to: repo.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let git = try await ProcessRunner.run(
            "/bin/sh",
            [
                "-c",
                "cd '\(repo.path)' && git init -q && git add . && git -c user.name=t -c user.email=t@e commit -qm one",
            ])
        #expect(git.status == 0, "\(git)")
        let sidecar = try await SidecarProcess.start(
            .tasks(
                dataDirectory: directory.appendingPathComponent("data"), arguments: ["--clone-root", directory.path]))
        defer { sidecar.stop() }
        let run = try await CompanionCLI.taskKey.run([
            "tasks", "create", "--url", sidecar.url, "--title", "clone it", "--repo-url", "file://" + repo.path,
            "--description", "cat README.md; echo \"in $COMPANION_TASK_WORKSPACE\"", "--start",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("cloned content"))
        let sleeper = try await Self.create(sidecar.url, title: "sleeper", script: "sleep 600")
        let list = try await CompanionCLI.taskKey.run(["tasks", "list", "--url", sidecar.url])
        #expect(list.stdout.contains("clone it") && list.stdout.contains("succeeded") && list.stdout.contains("queued"))
        _ = try await CompanionCLI.taskKey.run(["tasks", "start", sleeper, "--url", sidecar.url])
        let cancel = try await CompanionCLI.taskKey.run(["tasks", "cancel", sleeper, "--url", sidecar.url, "--json"])
        #expect(cancel.status == 0 && cancel.stdout.contains(#""status" : "cancelled""#))
        let logs = try await CompanionCLI.taskKey.run(["logs", sleeper, "--follow", "--url", sidecar.url])
        #expect(logs.status == 12)
    }
}
