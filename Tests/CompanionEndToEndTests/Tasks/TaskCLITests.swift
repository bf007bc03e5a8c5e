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

    /// Creates a task through the CLI and returns its id.
    static func create(_ url: String, title: String, script: String, extra: [String] = []) async throws -> String {
        let result = try await runCompanion(
            ["tasks", "create", "--url", url, "--title", title, "--description", script, "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require((object?["task"] as? [String: Any])?["id"] as? String)
    }

    @Test func followSurvivesTheWebSocketBeingKilledMidStream() async throws {
        let sidecar = TaskSidecarProcess(dataDirectory: try temporaryDirectory(), taskCommand: "sh -s")
        try sidecar.start()
        defer { sidecar.stop() }
        let proxy = try TCPProxy(targetPort: sidecar.port)
        defer { proxy.stop() }
        let url = "http://127.0.0.1:\(proxy.port)"
        let id = try await Self.create(url, title: "numbers", script: Self.script(lines: 300, interval: 0.03))
        _ = try await runCompanion(["tasks", "start", id, "--url", url])
        let result = try await runCompanion(["logs", id, "--follow", "--url", url, "--poll-interval", "0.2"]) {
            // Once the WebSocket is streaming, break it and keep it refused for a while.
            while proxy.webSocketUpgrades == 0 { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .seconds(0.5))
            proxy.refuseWebSockets(true)
            proxy.dropWebSockets()
            try await Task.sleep(for: .seconds(1.5))
            proxy.refuseWebSockets(false)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.numbers == Array(1...300), "every line exactly once")
        #expect(result.stderr.contains("polling"), "\(result.stderr)")
        #expect(proxy.webSocketUpgrades >= 2, "the WebSocket is used again once it is back: \(result.stderr)")
    }

    @Test func followPollsWhenTheWebSocketIsUnavailable() async throws {
        let sidecar = TaskSidecarProcess(dataDirectory: try temporaryDirectory(), taskCommand: "sh -s")
        try sidecar.start()
        defer { sidecar.stop() }
        let proxy = try TCPProxy(targetPort: sidecar.port)
        defer { proxy.stop() }
        proxy.refuseWebSockets(true)
        let url = "http://127.0.0.1:\(proxy.port)"
        let result = try await runCompanion([
            "tasks", "create", "--url", url, "--title", "polled", "--start", "--poll-interval", "0.2",
            "--description", Self.script(lines: 60, interval: 0.02) + "; exit 4",
        ])
        #expect(result.status == 12, "a failed task fails the command: \(result.stderr)")
        #expect(result.numbers == Array(1...60))
        #expect(result.stderr.contains("exit status 4"))
    }

    @Test func sidecarRestartMidTaskEndsTheTaskAsFailed() async throws {
        let sidecar = TaskSidecarProcess(dataDirectory: try temporaryDirectory(), taskCommand: "sh -s")
        try sidecar.start()
        defer { sidecar.stop() }
        let url = sidecar.url
        let id = try await Self.create(url, title: "long", script: Self.script(lines: 400, interval: 0.02))
        _ = try await runCompanion(["tasks", "start", id, "--url", url])
        let port = sidecar.port
        let result = try await runCompanion(["logs", id, "--follow", "--url", url, "--poll-interval", "0.2"]) {
            try await Task.sleep(for: .seconds(1.5))
            sidecar.kill9()
            try await Task.sleep(for: .seconds(0.5))
            try sidecar.start(port: port)
        }
        #expect(result.status == 12, "\(result.stderr)")
        let numbers = result.numbers
        #expect(numbers.count >= 10 && numbers == Array(1...numbers.count), "a gapless prefix, each line once")
        let show = try await runCompanion(["tasks", "show", id, "--url", url, "--json"])
        #expect(show.stdout.contains(#""status" : "failed""#))
        #expect(show.stdout.contains("the sidecar stopped while this task was running"))
    }

    @Test func unknownTaskIsAClearError() async throws {
        let sidecar = TaskSidecarProcess(dataDirectory: try temporaryDirectory(), taskCommand: "sh -s")
        try sidecar.start()
        defer { sidecar.stop() }
        let follow = try await runCompanion(["logs", "nosuchtask", "--follow", "--url", sidecar.url])
        #expect(follow.status == 5)
        #expect(follow.stderr.contains("no such task: nosuchtask"))
        #expect(!follow.stderr.contains("Fatal") && follow.stdout.isEmpty)
        let show = try await runCompanion(["tasks", "show", "nosuchtask", "--url", sidecar.url])
        #expect(show.status == 5 && show.stderr.contains("no such task"))
    }

    @Test func cloneListShowAndCancel() async throws {
        let directory = try temporaryDirectory()
        let repo = directory.appendingPathComponent("origin")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try "cloned content\n".write(to: repo.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/bin/sh")
        git.arguments = ["-c", "git init -q && git add . && git -c user.name=t -c user.email=t@e commit -qm one"]
        git.currentDirectoryURL = repo
        try git.run()
        git.waitUntilExit()
        let sidecar = TaskSidecarProcess(
            dataDirectory: directory.appendingPathComponent("data"), taskCommand: "sh -s",
            extraArguments: ["--clone-root", directory.path])
        try sidecar.start()
        defer { sidecar.stop() }
        let run = try await runCompanion([
            "tasks", "create", "--url", sidecar.url, "--title", "clone it", "--repo-url", "file://" + repo.path,
            "--description", "cat README.md; echo \"in $COMPANION_TASK_WORKSPACE\"", "--start",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("cloned content"))
        let sleeper = try await Self.create(sidecar.url, title: "sleeper", script: "sleep 30")
        let list = try await runCompanion(["tasks", "list", "--url", sidecar.url])
        #expect(list.stdout.contains("clone it") && list.stdout.contains("succeeded") && list.stdout.contains("queued"))
        _ = try await runCompanion(["tasks", "start", sleeper, "--url", sidecar.url])
        let cancel = try await runCompanion(["tasks", "cancel", sleeper, "--url", sidecar.url, "--json"])
        #expect(cancel.status == 0 && cancel.stdout.contains(#""status" : "cancelled""#))
        let logs = try await runCompanion(["logs", sleeper, "--follow", "--url", sidecar.url])
        #expect(logs.status == 12)
    }
}
