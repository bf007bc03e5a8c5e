import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAPI

/// The task shapes of `TestVectors/api/` (orchestrator brief), `pr` of a pull request review included.
struct TaskFixtureTests {
    @Test func createRequestsWithAndWithoutAPullRequest() throws {
        let plain = try FixtureRoundTripTests.roundTrip("task-create-request.json", as: CreateTaskRequest.self)
        #expect(plain.pr == nil && plain.validationError() == nil)
        let review = try FixtureRoundTripTests.roundTrip("task-review-request.json", as: CreateTaskRequest.self)
        #expect(review.pr == 123 && review.repoURL == "https://github.com/me/repo.git")
        #expect(review.validationError() == nil)
        var orphan = review
        orphan.repoURL = nil
        #expect(orphan.validationError() == "pr needs a repo_url: the repository whose pull request is reviewed")
        for number in [0, -1, Int(Int32.max) + 1] {
            var wrong = review
            wrong.pr = number
            #expect(wrong.validationError()?.hasPrefix("pr must be a pull request number") == true)
        }
    }

    @Test func tasksWithAndWithoutAPullRequest() throws {
        let task = try FixtureRoundTripTests.roundTrip("task.json", as: TaskResponse.self).task
        #expect(task.pr == nil && task.steps?.map(\.name) == ["clone", "run"])
        // Additive: a task that is no review has no `pr` key at all.
        let text = String(decoding: try CompanionJSON.encode(task), as: UTF8.self)
        #expect(!text.contains(#""pr""#))
        let review = try FixtureRoundTripTests.roundTrip("task-review.json", as: TaskResponse.self).task
        #expect(review.pr == 123 && review.steps?.map(\.name) == ["clone", "checkout", "review"])
        #expect(review.failureReason?.hasPrefix("pull request 123 was not found") == true)
    }
}
