import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The built-in review's answer reaches the task log line by line while the model writes it (the sidecar reads
/// `claude`'s stream-json), not as one block when `claude` exits; a failed model call says so in the log. The real
/// `claude` against a scripted model endpoint that writes its answer slowly.
@Suite("Task reviews stream the answer into the log", .serialized)
struct TaskReviewStreamingTests {
    static let answer = [
        "REVIEW, first line: the constant is unused.", "Second line, written later.", "Last line, at the end.",
    ]

    @Test func eachLineOfTheReviewIsLoggedOnceTheModelHasWrittenIt() async throws {
        let layout = try await TaskReviewTests.Layout()
        defer { try? FileManager.default.removeItem(at: layout.base) }
        let endpoint = try ScriptedModelEndpoint { request in
            let text = request.allTexts.joined(separator: "\n")
            if text.contains("Review pull request #\(TestPullRequestRepository.gitHubNumber)") {
                // Three pieces 1.5 s apart: the first line is whole after the first, the last after the third.
                let pieces = [Self.answer[0] + "\nSecond line", ", written later.\n", Self.answer[2]]
                return ScriptedModelReply(deltas: pieces, delayBetweenDeltas: 1.5)
            }
            if text.contains("Review pull request #\(TestPullRequestRepository.gitLabNumber)") { return .status(500) }
            return .text("OK")
        }
        defer { endpoint.stop() }
        let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        defer { sandbox.remove() }
        let claude = try ClaudeCLIBinary.locate()
        let harness = try TaskHarness(command: "exit 99", directory: layout.data, cloneRoots: [layout.root]) {
            $0.claudeExecutable = claude
            $0.reviewEnvironment = sandbox.environment
        }
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            let url = layout.repository.bare.path
            let created = try await client.create(
                CreateTaskRequest(title: "review", repoURL: url, pr: TestPullRequestRepository.gitHubNumber))
            _ = try await client.start(id: created.id)
            let done = try await harness.waitForEnd(created.id, timeout: .seconds(180))
            let log = try await client.tail(id: created.id, after: 0).lines
            #expect(done.status == .succeeded, "\(done) \(log.map(\.text))")
            // What the review step wrote: the answer's lines, nothing of the stream-json around them.
            let step = try #require(log.firstIndex { $0.stream == .system && $0.text.hasPrefix("step review:") })
            let written = log[step...].filter { $0.stream == .stdout }
            #expect(written.map(\.text) == Self.answer, "\(log.map(\.text))")
            // Each line when it was written: the last came about 3 s after the first, not with it.
            if let first = written.first, let last = written.last {
                let apart = last.timestamp.timeIntervalSince(first.timestamp)
                #expect(apart >= 2, "the first and last lines were logged \(apart) s apart")
            }

            let failing = try await client.create(
                CreateTaskRequest(title: "failing", repoURL: url, pr: TestPullRequestRepository.gitLabNumber))
            _ = try await client.start(id: failing.id)
            let failed = try await harness.waitForEnd(failing.id, timeout: .seconds(180))
            let failedLog = try await client.tail(id: failing.id, after: 0).lines
            #expect(failed.status == .failed, "\(failed)")
            let said = failedLog.filter { $0.stream == .stdout && $0.text.hasPrefix("the review failed: ") }
            #expect(said.count == 1 && said.first?.text.contains("500") == true, "\(failedLog.map(\.text))")
            #expect(!failedLog.contains { $0.text.hasPrefix("{\"type\"") }, "\(failedLog.map(\.text))")
        }
    }
}
