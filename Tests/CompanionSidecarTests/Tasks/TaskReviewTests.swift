import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Pull request reviews (`POST /v1/tasks` with `pr`) on a live task server: a bare repository made in the test
/// with a GitHub-style and a GitLab-style pull request ref, the real `claude` answering from a scripted model
/// endpoint, and the failures a user meets.
@Suite("Task reviews: refs/pull and refs/merge-requests, the real claude, clear failures", .serialized)
struct TaskReviewTests {
    typealias Repository = TestPullRequestRepository

    /// A temporary directory with a clone root holding the pull request repository.
    struct Layout: Sendable {
        let base: URL
        let root: URL
        let repository: Repository

        init() async throws {
            base = try TestPaths.temporaryDirectory("task-review")
            root = base.appendingPathComponent("repos")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            repository = try await Repository(in: root)
        }

        var data: URL { base.appendingPathComponent("data") }
    }

    @Test func claudeReviewsTheDiffOfAGitHubAndAGitLabPullRequest() async throws {
        let layout = try await Layout()
        defer { try? FileManager.default.removeItem(at: layout.base) }
        // A file beside the workspace that the pull request (through the model) tries to read.
        let secret = layout.base.appendingPathComponent("secret.txt")
        try Data("SECRET-BESIDE-THE-WORKSPACE\n".utf8).write(to: secret)
        let endpoint = try ScriptedModelEndpoint { request in
            let text = request.allTexts.joined(separator: "\n")
            if text.contains("Review pull request #7") {
                guard request.answersToolUse else {
                    var read = ScriptedModelReply(deltas: ["Reading a file first."])
                    read.toolUse = ("Read", ["file_path": secret.path])
                    return read
                }
                return .text("REVIEW OF SEVEN: the constant is unused.")
            }
            if text.contains("Review pull request #8") { return .text("REVIEW OF EIGHT: fine as it is.") }
            return .text("OK")
        }
        defer { endpoint.stop() }
        let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        defer { sandbox.remove() }
        let claude = try ClaudeCLIBinary.locate()
        // The task command must not be what reviews: it would fail the task.
        let harness = try TaskHarness(command: "exit 99", directory: layout.data, cloneRoots: [layout.root]) {
            $0.claudeExecutable = claude
            $0.reviewEnvironment = sandbox.environment
        }
        let cases = [
            (Repository.gitHubNumber, Repository.gitHubLine, Repository.gitLabLine, "REVIEW OF SEVEN"),
            (Repository.gitLabNumber, Repository.gitLabLine, Repository.gitHubLine, "REVIEW OF EIGHT"),
        ]
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            for (number, line, otherLine, answer) in cases {
                let created = try await client.create(
                    CreateTaskRequest(title: "review \(number)", repoURL: layout.repository.bare.path, pr: number))
                #expect(created.pr == number)
                #expect(created.steps?.map(\.name) == ["clone", "checkout", "review"])
                _ = try await client.start(id: created.id)
                let done = try await harness.waitForEnd(created.id, timeout: .seconds(180))
                let log = try await client.tail(id: created.id, after: 0).lines
                #expect(done.status == .succeeded, "\(done) \(log.map(\.text))")
                #expect(done.steps?.allSatisfy { $0.status == .succeeded } == true, "\(done)")
                #expect(log.contains { $0.stream == .stdout && $0.text.hasPrefix(answer) }, "\(log.map(\.text))")
                // What the model was sent: the pull request's own change, from the merge base.
                let asked = endpoint.messageRequests.filter {
                    $0.allTexts.joined().contains("Review pull request #\(number)")
                }
                #expect(!asked.isEmpty, "no review request for \(number)")
                if number == Repository.gitHubNumber {
                    let answered = asked.contains { $0.answersToolUse }
                    #expect(answered, "the Read outside the workspace was not answered")
                }
                for request in asked {
                    let prompt = request.allTexts.joined(separator: "\n")
                    #expect(prompt.contains("+" + line), "\(prompt)")
                    #expect(!prompt.contains(otherLine) && !prompt.contains(Repository.laterMainLine), "\(prompt)")
                    // No tool that can write or run anything was offered. Claude Code 2.1 adds
                    // DeferredToolPlaceholder to every request ("Reserved placeholder that keeps deferred tool
                    // loading active; never call this tool."): no deferred tool exists without MCP servers.
                    let tools = Self.toolNames(request).subtracting(["DeferredToolPlaceholder"])
                    #expect(tools == ["Read", "Grep", "Glob"], "\(tools)")
                    #expect(!prompt.contains("SECRET-BESIDE-THE-WORKSPACE"), "the review read outside its workspace")
                }
                #expect(!log.contains { $0.text.contains("SECRET-BESIDE-THE-WORKSPACE") })
            }
        }
    }

    @Test func aMissingPullRequestFailsClearlyAndAReviewCommandGetsTheDiff() async throws {
        let layout = try await Layout()
        defer { try? FileManager.default.removeItem(at: layout.base) }
        let command = #"echo "PR=$COMPANION_TASK_PR"; grep '^+let'"#
        let harness = try TaskHarness(command: nil, directory: layout.data, cloneRoots: [layout.root]) {
            $0.reviewCommand = command
        }
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            let url = layout.repository.bare.path
            let missing = try await client.create(CreateTaskRequest(title: "review 9", repoURL: url, pr: 9))
            _ = try await client.start(id: missing.id)
            let failed = try await harness.waitForEnd(missing.id)
            #expect(failed.status == .failed)
            #expect(failed.failureReason?.hasPrefix("pull request 9 was not found") == true, "\(failed)")
            #expect(failed.steps?.map(\.status) == [.succeeded, .failed, .cancelled], "\(failed)")

            let found = try await client.create(CreateTaskRequest(title: "review 8", repoURL: url, pr: 8))
            _ = try await client.start(id: found.id)
            let done = try await harness.waitForEnd(found.id)
            let texts = try await client.tail(id: found.id, after: 0).lines.filter { $0.stream == .stdout }.map(\.text)
            #expect(done.status == .succeeded, "\(done)")
            #expect(texts.suffix(2) == ["PR=8", "+" + Repository.gitLabLine], "\(texts)")
            let checkedOut = "pull request 8 (refs/merge-requests/8/head) is checked out at "
            #expect(texts.first?.hasPrefix(checkedOut) == true, "\(texts)")

            // --review-command alone enables reviews, not other tasks.
            let plain = try await client.create(CreateTaskRequest(title: "plain"))
            await #expect(throws: CompanionClientError.self) { try await client.start(id: plain.id) }
        }
    }

    @Test func aPullRequestNumberNeedsARepositoryAndAPositiveNumber() async throws {
        let layout = try await Layout()
        defer { try? FileManager.default.removeItem(at: layout.base) }
        let harness = try TaskHarness(command: nil, directory: layout.data, cloneRoots: [layout.root])
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            let refused: [(CreateTaskRequest, String)] = [
                (CreateTaskRequest(title: "no repo", pr: 7), "pr needs a repo_url"),
                (CreateTaskRequest(title: "zero", repoURL: layout.repository.bare.path, pr: 0), "pr must be"),
                (CreateTaskRequest(title: "negative", repoURL: layout.repository.bare.path, pr: -1), "pr must be"),
            ]
            for (request, message) in refused {
                do {
                    _ = try await client.create(request)
                    Issue.record("\(request) must be refused")
                } catch CompanionClientError.server(let status, let code, let text) {
                    #expect(status == 400 && code == "bad_request" && text.hasPrefix(message), "\(text)")
                }
            }
            // Neither --task-command nor --review-command: a review cannot start either.
            _ = try await client.create(CreateTaskRequest(title: "plain"))
            let review = try await client.create(
                CreateTaskRequest(title: "review", repoURL: layout.repository.bare.path, pr: 7))
            do {
                _ = try await client.start(id: review.id)
                Issue.record("a review must not start without a task or review command")
            } catch CompanionClientError.server(let status, _, _) {
                #expect(status == 409)
            }
            let listed = try await client.list()
            #expect(listed.first?.pr == 7 && listed.last?.pr == nil, "\(listed)")
        }
    }

    /// The names of the tools offered in a Messages API request.
    static func toolNames(_ request: ScriptedModelRequest) -> Set<String> {
        let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
        return Set((object?["tools"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }
}
