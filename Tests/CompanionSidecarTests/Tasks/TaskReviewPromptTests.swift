import Foundation
import Testing

@testable import CompanionSidecar

/// The review prompt: the diff whole when it fits, cut at a line end (and said so) when it does not.
struct TaskReviewPromptTests {
    @Test func aSmallDiffIsGivenWhole() {
        let diff = Data("--- a/x\n+++ b/x\n+new line\n".utf8)
        let prompt = TaskReview.prompt(
            number: 5, repoURL: "https://h/r.git", base: "origin/main", diff: diff, totalBytes: 27)
        #expect(prompt.hasPrefix("Review pull request #5 of https://h/r.git."))
        #expect(prompt.contains("against origin/main (git diff origin/main...HEAD)"))
        #expect(prompt.contains("<diff>\n--- a/x\n+++ b/x\n+new line\n</diff>"))
        #expect(!prompt.contains("is cut"))
    }

    @Test func aLargeDiffIsCutAtALineEndAndSaysSo() throws {
        let line = "+" + String(repeating: "x", count: 99) + "\n"  // 101 bytes
        let total = TaskReview.maxDiffBytes * 2
        let whole = Data(String(repeating: line, count: total / line.utf8.count + 1).utf8)
        let read = whole.prefix(TaskReview.maxDiffBytes + 1)
        let prompt = TaskReview.prompt(
            number: 5, repoURL: "r", base: "origin/main", diff: read, totalBytes: whole.count)
        let kept = (TaskReview.maxDiffBytes / line.utf8.count) * line.utf8.count
        #expect(prompt.contains("The diff is cut after \(kept) of its \(whole.count) bytes"))
        let body = try #require(
            prompt.components(separatedBy: "<diff>\n").last?.components(separatedBy: "</diff>").first)
        #expect(body.utf8.count == kept)
        #expect(body.hasSuffix("x\n"))
    }
}
