import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

@Suite("Task logs: WebSocket, tail fallback, exactly-once follow")
struct TaskLogSocketTests {
    @Test func webSocketSendsBacklogThenLiveLinesThenEnd() async throws {
        let harness = try TaskHarness(command: numberedLines(40, interval: 0.01))
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            let task = try await client.create(CreateTaskRequest(title: "numbers"))
            _ = try await client.start(id: task.id)
            try await waitForLine("line 5", task: task.id, harness: harness)
            let received = Collector()
            let outcome = try await TaskLogSocket(client: client).follow(taskID: task.id, after: 0) { lines in
                await received.add(lines)
            }
            #expect(outcome == .ended(.succeeded, exitCode: 0))
            let lines = await received.lines
            #expect(lines.map(\.cursor) == Array(1...lines.count), "every line once, in order")
            #expect(numbers(lines) == Array(1...40))
            // Resuming after a cursor sends only what follows it.
            let resumed = Collector()
            let again = try await TaskLogSocket(client: client).follow(taskID: task.id, after: 10) {
                await resumed.add($0)
            }
            #expect(again == .ended(.succeeded, exitCode: 0))
            let resumedCursors = await resumed.lines.map(\.cursor)
            #expect(resumedCursors == Array(11...lines.count), "\(lines.map(\.text)) vs \(resumedCursors)")
        }
    }

    @Test func unknownTaskClosesWith1008() async throws {
        let harness = try TaskHarness(command: "true")
        try await harness.live { port in
            let outcome = try await TaskLogSocket(client: TaskHarness.client(port: port)).follow(
                taskID: "doesnotexist", after: 0
            ) { _ in Issue.record("no lines expected") }
            #expect(outcome == .noSuchTask)
            let follower = LogFollower(client: TaskHarness.client(port: port), taskID: "doesnotexist") { _ in }
            await #expect(throws: CompanionClientError.noSuchTask("doesnotexist")) { try await follower.run() }
        }
    }

    @Test func followerFallsBackToPollingWhenTheWebSocketIsDisabled() async throws {
        let harness = try TaskHarness(command: numberedLines(30, interval: 0.02), webSocketEnabled: false)
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            await #expect(throws: (any Error).self) {
                try await TaskLogSocket(client: client).follow(taskID: "x", after: 0) { _ in }
            }
            let task = try await client.create(CreateTaskRequest(title: "polled"))
            _ = try await client.start(id: task.id)
            let received = Collector()
            var options = LogFollower.Options()
            options.pollInterval = .milliseconds(100)
            let follower = LogFollower(
                client: client, taskID: task.id, options: options, deliver: { await received.add($0) },
                report: { await received.note($0) })
            let end = try await follower.run()
            #expect(end == LogFollower.End(status: .succeeded, exitCode: 0))
            let lines = await received.lines
            #expect(lines.map(\.cursor) == Array(1...lines.count))
            #expect(numbers(lines) == Array(1...30))
            #expect(await received.events.contains { if case .fallingBackToPolling = $0 { true } else { false } })
        }
    }

    @Test func followerDeliversEveryLineOnceWhenTheWebSocketIsKilledMidStream() async throws {
        // 300 lines over about 6 s; retries at most 300 ms apart, so the WebSocket is back well before the end
        // even on a loaded machine.
        let harness = try TaskHarness(command: numberedLines(300, interval: 0.02))
        try await harness.live { port in
            let proxy = try TCPProxy(targetPort: port)
            defer { proxy.stop() }
            let client = TaskHarness.client(port: proxy.port)
            let task = try await client.create(CreateTaskRequest(title: "interrupted"))
            _ = try await client.start(id: task.id)
            let received = Collector()
            var options = LogFollower.Options()
            options.pollInterval = .milliseconds(100)
            options.initialBackoff = .milliseconds(300)
            options.maxBackoff = .milliseconds(300)
            let follower = LogFollower(
                client: client, taskID: task.id, options: options, deliver: { await received.add($0) },
                report: { await received.note($0) })
            let following = Task { try await follower.run() }
            try await received.waitFor(count: 20)
            proxy.refuseWebSockets(true)
            proxy.dropWebSockets()  // killed mid-stream; retries are refused for a while: polling carries on
            try await received.waitFor(count: 60)
            proxy.refuseWebSockets(false)  // the WebSocket comes back
            let end = try await following.value
            #expect(end.status == .succeeded)
            let lines = await received.lines
            #expect(lines.map(\.cursor) == Array(1...lines.count), "no line lost or repeated across the switches")
            #expect(numbers(lines) == Array(1...300))
            #expect(proxy.webSocketUpgrades >= 2, "the WebSocket was opened again after the fallback")
            #expect(await received.events.contains { if case .fallingBackToPolling = $0 { true } else { false } })
        }
    }
}

/// Collects delivered lines and events across tasks.
actor Collector {
    private(set) var lines: [TaskLogLine] = []
    private(set) var events: [LogFollower.Event] = []

    func add(_ batch: [TaskLogLine]) { lines += batch }
    func note(_ event: LogFollower.Event) { events.append(event) }

    /// Waits until at least `count` lines arrived.
    func waitFor(count: Int, timeout: Duration = TestDeadline.duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while lines.count < count {
            guard ContinuousClock.now < deadline else { throw TaskHarness.HarnessError.timeout("\(count) lines") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
