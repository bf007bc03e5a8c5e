import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

@Suite("Task runner: real processes, git clone, cancel, recovery")
struct TaskRunnerTests {
    @Test func runsTheCommandWithTaskFieldsAndCapturesBothStreams() async throws {
        let command = #"echo "id=$COMPANION_TASK_ID title=$COMPANION_TASK_TITLE"; pwd; cat; echo err >&2; exit 3"#
        let harness = try TaskHarness(command: command)
        let runner = harness.service.runner
        let task = try await harness.service.store.create(CreateTaskRequest(title: "T 1", description: "from stdin"))
        let started = try await runner.start(id: task.id)
        #expect(started.status == .running)
        let done = try await harness.waitForEnd(task.id)
        #expect(done.status == .failed && done.exitCode == 3)
        #expect(done.steps?.first?.status == .failed && done.steps?.first?.exitCode == 3)
        let log = try #require(try await harness.service.store.tail(taskID: task.id, .after(0)))
        let output = log.lines.filter { $0.stream != .system }
        #expect(output.contains { $0.text == "id=\(task.id) title=T 1" && $0.stream == .stdout })
        #expect(output.contains { $0.text == "from stdin" })
        #expect(output.contains { $0.text == "err" && $0.stream == .stderr })
        let workspace = TaskRunnerConfiguration(command: nil, dataDirectory: harness.directory).workspace(
            taskID: task.id)
        #expect(output.contains { $0.text == workspace.path })
        #expect(log.lines.map(\.cursor) == Array(1...log.lines.count))
        await #expect(throws: TaskRunner.Refusal.notQueued(.failed)) { try await runner.start(id: task.id) }
    }

    /// The task's input is in its standard input before the command starts: `claude -p` gives up on an input
    /// still empty after 3 s, which a review under load met when the input was written only once the run's
    /// closure got one of the pool's threads. `read -t 0` (bash) is true only when input is already waiting.
    @Test func theInputIsWaitingWhenTheCommandStarts() async throws {
        let harness = try TaskHarness(
            command: #"if read -t 0; then echo "input waiting"; else echo "input empty"; fi"#,
            configure: { $0.shell = "/bin/bash" })
        for attempt in 1...20 {
            let task = try await harness.service.store.create(
                CreateTaskRequest(title: "input \(attempt)", description: "the prompt"))
            _ = try await harness.service.runner.start(id: task.id)
            let done = try await harness.waitForEnd(task.id)
            let lines = try #require(try await harness.service.store.tail(taskID: task.id, .after(0))).lines
            #expect(done.status == .succeeded && lines.contains { $0.text == "input waiting" }, "\(lines.map(\.text))")
        }
    }

    @Test func clonesALocalRepositoryFirst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString)")
        let harness = try TaskHarness(
            command: "cat README.md; git log --oneline | wc -l", directory: directory, cloneRoots: [directory])
        let repo = harness.directory.appendingPathComponent("origin")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try "hello from the repo\n".write(
            to: repo.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try await shell(
            "git init -q && git add README.md && git -c user.name=t -c user.email=t@e commit -qm one "
                + "&& echo 2 >> README.md && git -c user.name=t -c user.email=t@e commit -qam two",
            in: repo)
        let task = try await harness.service.store.create(
            CreateTaskRequest(title: "clone", repoURL: "file://" + repo.path))
        _ = try await harness.service.runner.start(id: task.id)
        let done = try await harness.waitForEnd(task.id)
        #expect(done.status == .succeeded, "\(done)")
        #expect(done.steps?.map(\.status) == [.succeeded, .succeeded])
        let texts = try #require(try await harness.service.store.tail(taskID: task.id, .after(0))).lines.map(\.text)
        #expect(texts.contains("hello from the repo"))
        #expect(texts.contains { $0.trimmingCharacters(in: .whitespaces) == "1" }, "depth 1: one commit")

        let bad = try await harness.service.store.create(
            CreateTaskRequest(title: "bad clone", repoURL: harness.directory.appendingPathComponent("none").path))
        _ = try await harness.service.runner.start(id: bad.id)
        let failed = try await harness.waitForEnd(bad.id)
        #expect(failed.status == .failed)
        #expect(failed.steps?.map(\.status) == [.failed, .cancelled])
        #expect(failed.failureReason?.contains("the repository was refused") == true, "\(failed)")
    }

    @Test func cancelSendsTermThenKill() async throws {
        // The command ignores SIGTERM, so only SIGKILL after the grace period stops it (exit status 128 + 9).
        let harness = try TaskHarness(command: "trap '' TERM; echo ready; sleep 300", killGrace: .milliseconds(300))
        let task = try await harness.service.store.create(CreateTaskRequest(title: "stubborn"))
        _ = try await harness.service.runner.start(id: task.id)
        try await waitForLine("ready", task: task.id, harness: harness)
        let cancelled = try await harness.service.runner.cancel(id: task.id)
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.steps?.first?.status == .cancelled)
        #expect(cancelled.steps?.first?.exitCode == 137, "killed by SIGKILL")
        #expect(cancelled.failureReason == "cancelled by request")
    }

    @Test func recoveryFailsRunningTasksAndStopsTheirOrphans() async throws {
        let harness = try TaskHarness(command: nil)
        let store = harness.service.store
        let task = try await store.create(CreateTaskRequest(title: "orphaned"))
        _ = try await store.markStarted(id: task.id)
        // A process group of its own, as a task's shell has (setsid execs sh with the same pid, and sh says when
        // it runs), which lives long enough to outlive any recovery: it must still run when recovery kills it.
        let orphan = try ProcessRunner.spawn(
            "/usr/bin/setsid", ["/bin/sh", "-c", "echo ready; exec sleep 600"],
            environment: ["COMPANION_TASK_ID": task.id])
        defer { orphan.kill(SIGKILL) }
        try await orphan.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.hasSuffix("ready\n") }
        try await store.setProcessID(taskID: task.id, orphan.pid)
        let recovered = try await harness.service.runner.recover()
        #expect(recovered.map(\.id) == [task.id])
        let ended = try await orphan.finish(timeout: TestDeadline.seconds)
        #expect(ended.status == 128 + SIGKILL, "\(ended)")
        #expect(try await store.task(id: task.id)?.status == .failed)
    }
}

func waitForLine(_ text: String, task: String, harness: TaskHarness) async throws {
    let deadline = ContinuousClock.now + TestDeadline.duration
    while ContinuousClock.now < deadline {
        let lines = try await harness.service.store.tail(taskID: task, .after(0))?.lines ?? []
        if lines.contains(where: { $0.text == text }) { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TaskHarness.HarnessError.timeout(task)
}

func shell(_ command: String, in directory: URL) async throws {
    let result = try await ProcessRunner.run(
        "/bin/sh", ["-c", #"cd "$0" && "# + command, directory.path], timeout: TestDeadline.seconds)
    guard result.status == 0 else { throw ShellError(description: "\(command): \(result)") }
}

struct ShellError: Error, CustomStringConvertible {
    let description: String
}
