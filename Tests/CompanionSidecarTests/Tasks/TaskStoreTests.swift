import CompanionAPI
import CompanionSidecar
import Foundation
import GRDB
import Testing

@Suite("Task store (SQLite)")
struct TaskStoreTests {
    @Test func createListShowPersistAcrossReopen() async throws {
        let harness = try TaskHarness(command: nil)
        let store = harness.service.store
        let first = try await store.create(CreateTaskRequest(title: "one", description: "d1"))
        let second = try await store.create(CreateTaskRequest(title: "two", repoURL: "/tmp/repo"))
        #expect(first.status == .queued)
        #expect(first.steps?.map(\.name) == ["run"])
        #expect(second.steps?.map(\.name) == ["clone", "run"])
        #expect(second.repoURL == "/tmp/repo")
        let reopened = TaskStore(writer: try TaskHarness.openDatabase(at: harness.databasePath))
        let listed = try await reopened.list()
        #expect(listed.map(\.id) == [second.id, first.id])
        #expect(listed.allSatisfy { $0.steps == nil })
        #expect(try await reopened.task(id: first.id) == first)
        #expect(try await reopened.task(id: "nope") == nil)
        #expect(try await reopened.list(limit: 1).map(\.id) == [second.id])
    }

    @Test func cursorsAreContiguousAndTailIsConsistent() async throws {
        let store = try TaskHarness(command: nil).service.store
        let task = try await store.create(CreateTaskRequest(title: "logs"))
        let now = Date()
        let a = try await store.append(taskID: task.id, (1...3).map { (.stdout, now, "line \($0)") })
        let b = try await store.append(taskID: task.id, [(.stderr, now, "oops")])
        #expect((a + b).map(\.cursor) == [1, 2, 3, 4])
        let after2 = try #require(try await store.tail(taskID: task.id, .after(2)))
        #expect(after2.lines.map(\.text) == ["line 3", "oops"])
        #expect(after2.nextCursor == 4 && !after2.hasMore && after2.status == .queued)
        let paged = try #require(try await store.tail(taskID: task.id, .after(0), limit: 3))
        #expect(paged.lines.count == 3 && paged.hasMore && paged.nextCursor == 3)
        let last = try #require(try await store.tail(taskID: task.id, .last(2)))
        #expect(last.lines.map(\.cursor) == [3, 4] && last.nextCursor == 4)
        let none = try #require(try await store.tail(taskID: task.id, .last(0)))
        #expect(none.lines.isEmpty && none.nextCursor == 4)
        #expect(try await store.tail(taskID: "missing", .after(0)) == nil)
    }

    @Test func concurrentStartsHaveExactlyOneWinner() async throws {
        let store = try TaskHarness(command: nil).service.store
        let task = try await store.create(CreateTaskRequest(title: "race"))
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    if case .started = try await store.markStarted(id: task.id) { return true }
                    return false
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
    }

    @Test func interruptedTasksAreFailedWithAReason() async throws {
        let store = try TaskHarness(command: nil).service.store
        let task = try await store.create(CreateTaskRequest(title: "was running", repoURL: "/x"))
        _ = try await store.markStarted(id: task.id)
        try await store.updateStep(taskID: task.id, name: "clone", status: .running)
        let interrupted = try await store.failInterrupted(reason: "sidecar stopped")
        #expect(interrupted.map(\.id) == [task.id])
        let after = try #require(try await store.task(id: task.id))
        #expect(after.status == .failed && after.failureReason == "sidecar stopped")
        #expect(after.steps?.map(\.status) == [.failed, .cancelled])
        let log = try #require(try await store.tail(taskID: task.id, .after(0)))
        #expect(log.lines.last?.text == "sidecar stopped")
    }
}

@Suite("Task list JSON fast path")
struct TaskListJSONTests {
    @Test func matchesTheCodableEncoding() async throws {
        let store = try TaskHarness(command: nil).service.store
        let plain = try await store.create(CreateTaskRequest(title: "plain"))
        let odd = try await store.create(
            CreateTaskRequest(title: "quotes \" \\ tab\t nl\n ctl\u{1} ünï 🎉", description: "x", repoURL: "/r"))
        _ = try await store.markStarted(id: odd.id, now: Date(timeIntervalSince1970: 951_782_400.123))
        try await store.finish(
            taskID: odd.id, status: .failed, exitCode: -3, reason: "why", now: Date(timeIntervalSince1970: -1.5))
        // A review: `pr` between `id` and `repo_url`, present only here.
        let review = try await store.create(
            CreateTaskRequest(title: "review", repoURL: "https://example.com/r.git", pr: 123),
            now: Date(timeIntervalSince1970: 0))
        let fast = try await store.listJSON()
        let decoded = try CompanionJSON.decode(TaskListResponse.self, from: Data(fast))
        #expect(decoded == TaskListResponse(tasks: try await store.list()))
        #expect(decoded.tasks.map(\.id) == [odd.id, plain.id, review.id])
        #expect(decoded.tasks.map(\.pr) == [nil, nil, 123])
        let codable = try CompanionJSON.encode(TaskListResponse(tasks: try await store.list()))
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: codable, as: UTF8.self))
        #expect(try await store.listJSON(limit: 1).count < fast.count)
    }
}
