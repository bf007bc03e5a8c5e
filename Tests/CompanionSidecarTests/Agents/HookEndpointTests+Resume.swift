import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// `/ws` resumption: a client that reconnects gets what it missed, in order, across a sidecar restart too.
extension HookEndpointTests {
    @Test func aResumingClientGetsEveryEventItMissedInOrder() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live { live in
            let headers: [String: String] = [:]
            let first = live.events()
            let snapshot = try await first.first("the snapshot") { $0.type == "snapshot" }
            _ = try await live.hooks.post(
                CompanionAgents.hookPath, Self.body("UserPromptSubmit", session: "s-1"), headers: headers)
            let seen = try await first.first("the first update") { $0.update("s-1", state: "running") }
            await first.stop()
            // While disconnected: more changes.
            for (name, session) in [("Stop", "s-1"), ("UserPromptSubmit", "s-2"), ("SessionEnd", "s-1")] {
                let reply = try await live.hooks.post(
                    CompanionAgents.hookPath,
                    Self.body(name, session: session, extra: ["last_assistant_message": "answer of \(session)"]),
                    headers: headers)
                #expect(reply.status == 200)
            }
            let resumed = live.events(after: seen.seq)
            _ = try await resumed.first("the last missed change") { $0.update("s-1", state: "dead") }
            let events = await resumed.events
            let seqs = events.compactMap(\.seq)
            #expect(seqs.first == seen.seq! + 1)
            #expect(seqs == Array(seqs.first!...seqs.last!))  // no gap
            #expect(!events.contains { $0.type == "snapshot" })
            #expect(events.contains { $0.type == "summary_update" && $0.summary == "answer of s-1" })
            #expect(events.contains { $0.update("s-2", state: "running") })
            #expect(snapshot.sessions == [])
            await resumed.stop()

            // A client resuming from a number the sidecar no longer has gets a snapshot.
            let stale = live.events(after: 1_000_000)
            let fresh = try await stale.first("a snapshot") { $0.type == "snapshot" }
            #expect(Set(fresh.sessions?.map(\.id) ?? []) == ["s-1", "s-2"])
            await stale.stop()
        }
    }

    /// After a sidecar restart the sequence starts again at 1: a client resuming with its last number of the earlier
    /// run (and that run's epoch) gets a snapshot of the new run first, so the changes made before it reconnected are
    /// not lost (without the epoch it was replayed the new run's events after that number, missing the first ones).
    @Test func aResumeAcrossASidecarRestartGetsASnapshotAndLosesNothing() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        let (lastSeq, oldEpoch) = try await fixture.live { live in
            let headers: [String: String] = [:]
            let log = live.events()
            let snapshot = try await log.first("the snapshot") { $0.type == "snapshot" }
            #expect(snapshot.epoch != nil)
            _ = try await live.hooks.post(
                CompanionAgents.hookPath, Self.body("UserPromptSubmit", session: "old-1"), headers: headers)
            let seen = try await log.first("the update") { $0.update("old-1", state: "running") }
            #expect(seen.epoch == snapshot.epoch)
            await log.stop()
            return (try #require(seen.seq), try #require(seen.epoch))
        }
        try await fixture.live { live in
            // The restarted sidecar numbers from 1 again; while the client is away, more changes than it had seen.
            let headers: [String: String] = [:]
            let missed = (1...(lastSeq + 2)).map { "new-\($0)" }
            for session in missed {
                let reply = try await live.hooks.post(
                    CompanionAgents.hookPath, Self.body("UserPromptSubmit", session: session), headers: headers)
                #expect(reply.status == 200)
            }
            let resumed = live.events(after: lastSeq, epoch: oldEpoch)
            let snapshot = try await resumed.first("a snapshot of the new run") { $0.type == "snapshot" }
            #expect(snapshot.epoch != nil && snapshot.epoch != oldEpoch)
            #expect(Set(missed).isSubset(of: Set(snapshot.sessions?.map(\.id) ?? [])))
            // Nothing before the snapshot: no event of the new run passed off as following the old one.
            #expect(await resumed.events.first?.type == "snapshot")
            _ = try await live.hooks.post(
                CompanionAgents.hookPath, Self.body("Stop", session: "new-1"), headers: headers)
            let next = try await resumed.first("the next change") { $0.update("new-1", state: "idle") }
            #expect(next.epoch == snapshot.epoch)
            let following = await resumed.events.dropFirst().first
            #expect(following?.seq == (snapshot.seq ?? -1) + 1)
            await resumed.stop()

            // Resuming within this run (its epoch) still replays exactly what was missed.
            let again = live.events(after: snapshot.seq, epoch: snapshot.epoch)
            _ = try await again.first("the replayed change") { $0.update("new-1", state: "idle") }
            #expect(await again.events.first?.type != "snapshot")
            await again.stop()
        }
    }
}
