import CompanionTestSupport
import Foundation
import Testing

/// `companion tasks review NUMBER` against a real `companion sidecar serve` whose review command prints the
/// pull request's number and the lines its diff adds.
@Suite("Task reviews from the CLI", .serialized)
struct TaskReviewCLITests {
    @Test func reviewFollowsTheReviewAndAMissingPullRequestFails() async throws {
        let data = try temporaryDirectory()
        let repos = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: repos)
        }
        let repository = try await TestPullRequestRepository(in: repos)
        let review = #"echo "reviewing $COMPANION_TASK_PR"; grep '^+let'"#
        let sidecar = try await SidecarProcess.start(
            .tasks(dataDirectory: data, arguments: ["--clone-root", repos.path, "--review-command", review]))
        defer { sidecar.stop() }
        let common = ["--url", sidecar.url, "--repo-url", repository.bare.path]
        let found = try await CompanionCLI.taskKey.run(["tasks", "review", "7"] + common)
        #expect(found.status == 0, "\(found)")
        #expect(found.stdout.hasSuffix("\nreviewing 7\n+\(TestPullRequestRepository.gitHubLine)\n"), "\(found)")
        #expect(found.stdout.contains("pull request 7 (refs/pull/7/head) is checked out at "), "\(found)")
        let merge = try await CompanionCLI.taskKey.run(["tasks", "review", "8", "--json"] + common)
        #expect(merge.status == 0 && merge.stdout.contains(TestPullRequestRepository.gitLabLine), "\(merge)")
        let missing = try await CompanionCLI.taskKey.run(["tasks", "review", "9"] + common)
        #expect(missing.status == 12, "\(missing)")
        #expect(missing.stderr.contains("pull request 9 was not found"), "\(missing)")
    }

    /// Without `--repo-url`, the review is of the current directory's `origin` (a clone made here with real git);
    /// outside a clone it is a usage error that says what to give instead, and nothing reaches the sidecar.
    @Test func withoutARepositoryURLTheCurrentClonesOriginIsReviewed() async throws {
        let data = try temporaryDirectory()
        let repos = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: repos)
        }
        let repository = try await TestPullRequestRepository(in: repos)
        let clone = repos.appendingPathComponent("checkout")
        let cloned = try await ProcessRunner.run("git", ["clone", "-q", repository.bare.path, clone.path])
        #expect(cloned.status == 0, "\(cloned)")
        let review = #"echo "reviewing $COMPANION_TASK_PR of $COMPANION_TASK_REPO_URL"; grep '^+let'"#
        let sidecar = try await SidecarProcess.start(
            .tasks(dataDirectory: data, arguments: ["--clone-root", repos.path, "--review-command", review]))
        defer { sidecar.stop() }
        let found = try await Self.run(in: clone, ["tasks", "review", "8", "--url", sidecar.url])
        #expect(found.status == 0, "\(found)")
        let expected = "\nreviewing 8 of \(repository.bare.path)\n+\(TestPullRequestRepository.gitLabLine)\n"
        #expect(found.stdout.hasSuffix(expected), "\(found)")

        let outside = try await Self.run(in: data, ["tasks", "review", "8", "--url", sidecar.url])
        #expect(outside.status == 64, "\(outside)")
        #expect(outside.stderr.contains("not a git clone with an origin remote"), "\(outside)")
        #expect(outside.stderr.contains("--repo-url"), "\(outside)")
        let (_, tasks) = try await CompanionCLI.taskKey.json(["tasks", "list", "--url", sidecar.url])
        #expect(tasks["tasks"]?.arrayValue?.count == 1, "only the first review was sent: \(tasks)")
    }

    /// `companion ARGUMENTS` run in `directory`, with the task API key.
    static func run(in directory: URL, _ arguments: [String]) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            "/bin/sh",
            ["-c", #"cd "$1" && shift && exec "$@""#, "sh", directory.path, TestPaths.companionBinary.path]
                + arguments, environment: CompanionCLI.taskKey.environment)
    }

    @Test func aNumberThatIsNotAPullRequestNumberIsAUsageError() async throws {
        for bad in ["abc", "-1", "0", "7x", "99999999999", "--7"] {
            let result = try await CompanionCLI.taskKey.run([
                "tasks", "review", bad, "--url", "http://127.0.0.1:9", "--repo-url", "https://example.com/r.git",
            ])
            #expect(result.status == 64, "\(bad): \(result)")
            #expect(result.stderr.contains("is not a pull request number"), "\(bad): \(result.stderr)")
        }
    }
}
