import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSuites {
    /// Numbered events and replay "after N" (SSE `Last-Event-ID`), on a real run.
    @Suite struct ClaudeRunEventReplayTests {
        @Test func aLateSubscriberGetsWhatFollowsItsLastSequenceThenTheEnd() async throws {
            let claude = try RealClaude { _ in .text("one two three four", pieces: 4) }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("replay")
            let run = try claude.supervisor.start(ClaudeRunRequest(prompt: "count", workingDirectory: project))
            let session = try #require(await run.waitForSessionID())
            let all = try await collect(run)
            // Ended runs stay findable for a reconnect, by run id and by Claude session id.
            #expect(claude.supervisor.runs.isEmpty)
            #expect(claude.supervisor.run(id: run.id) === run)
            #expect(claude.supervisor.run(claudeSessionID: session) === run)
            #expect(run.outcome?.sessionID == session)
            #expect(all.map(\.sequence) == Array(1...all.count))
            let middle = all.count / 2
            let rest = try await collect(run, after: middle)
            #expect(rest == Array(all.dropFirst(middle)))
            #expect(try await collect(run, after: all.count).isEmpty)
            #expect(try await collect(run, after: nil) == all)
            if case .ended = all.last?.kind {} else { Issue.record("the last event is not the end") }
        }
    }
}

extension RealClaudeSuites {
    /// The replay buffer is bounded: a consumer that fell further behind gets the newest events, and the gap shows in
    /// the sequence numbers.
    @Suite struct ClaudeRunReplayBoundTests {
        @Test func aSmallBufferKeepsTheNewestEventsAndTheEnd() async throws {
            let claude = try RealClaude { _ in .text("a b c d e f g h", pieces: 8) }
            defer { claude.tearDown() }
            let project = try claude.sandbox.makeProject("bounded")
            let supervisor = try ClaudeRunSupervisor(
                executable: claude.executable,
                stateDirectory: claude.sandbox.root.appendingPathComponent("bounded-state"),
                environment: claude.sandbox.environment, replayCapacity: 4)
            let run = try supervisor.start(ClaudeRunRequest(prompt: "letters", workingDirectory: project))
            let outcome = await run.wait()
            #expect(outcome.succeeded)
            let late = try await collect(run)
            #expect(late.count == 4)
            #expect(late.map(\.sequence) == Array((late[0].sequence)...(late[0].sequence + 3)))
            #expect(late[0].sequence > 1)
            if case .ended = late.last?.kind {} else { Issue.record("the end was not kept") }
        }

        @Test func aCLIThatCannotBeSpawnedEndsTheRunWithAFailureNotAHang() async throws {
            let sandbox = try ClaudeSandbox(baseURL: "http://127.0.0.1:9")
            defer { sandbox.remove() }
            let project = try sandbox.makeProject("missing")
            let supervisor = try ClaudeRunSupervisor(
                executable: "/no/such/claude", stateDirectory: sandbox.root.appendingPathComponent("state"),
                environment: sandbox.environment)
            let run = try supervisor.start(ClaudeRunRequest(prompt: "hi", workingDirectory: project))
            let events = try await collect(run)
            guard case .ended(let outcome) = events.last?.kind else {
                Issue.record("no end event")
                return
            }
            #expect(events.count == 1)
            #expect(outcome.failure != nil)
            #expect(!outcome.succeeded)
            #expect(outcome.exitStatus == nil)
            #expect(try supervisor.recoverInterruptedRuns().isEmpty)
        }
    }
}
