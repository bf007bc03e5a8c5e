import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// Numbered events and replay "after N" (SSE `Last-Event-ID`), on a real run.
@Suite struct ClaudeRunEventReplayTests {
    @Test func aLateSubscriberGetsWhatFollowsItsLastSequenceThenTheEnd() async throws {
        let claude = try RealClaude { _ in .text("one two three four", pieces: 4) }
        defer { claude.tearDown() }
        let project = try claude.sandbox.makeProject("replay")
        let run = try claude.supervisor.start(ClaudeRunRequest(prompt: "count", workingDirectory: project))
        let all = try await collect(run)
        #expect(all.map(\.sequence) == Array(1...all.count))
        let middle = all.count / 2
        let rest = try await collect(run, after: middle)
        #expect(rest == Array(all.dropFirst(middle)))
        #expect(try await collect(run, after: all.count).isEmpty)
        #expect(try await collect(run, after: nil) == all)
        if case .ended = all.last?.kind {} else { Issue.record("the last event is not the end") }
    }
}
