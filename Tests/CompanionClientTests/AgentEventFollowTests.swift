import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClient

/// The `/ws` client's resume position and its retrying of an unreachable sidecar.
struct AgentEventFollowTests {
    func event(_ seq: Int?, epoch: String?) -> AgentEventMessage {
        AgentEventMessage(type: "session_update", seq: seq, epoch: epoch)
    }

    @Test func theCursorFollowsOneRunAndStartsAgainWithANewOne() {
        let cursor = AgentEventCursor()
        #expect(cursor.position.seq == nil && cursor.position.epoch == nil)
        cursor.note(event(7, epoch: "run-a"))
        cursor.note(event(9, epoch: "run-a"))
        cursor.note(event(8, epoch: "run-a"))  // an older number of the same run never moves it back
        cursor.note(AgentEventMessage(type: "error", message: "x"))  // no seq: ignored
        #expect(cursor.position.seq == 9 && cursor.position.epoch == "run-a")
        // A restarted sidecar numbers from 1 again: its snapshot's number is the position now.
        cursor.note(event(2, epoch: "run-b"))
        #expect(cursor.position.seq == 2 && cursor.position.epoch == "run-b")
        // An older sidecar's events (no epoch) keep the run as it was.
        cursor.note(event(3, epoch: nil))
        #expect(cursor.position.seq == 3 && cursor.position.epoch == "run-b")
    }

    /// A sidecar that cannot be reached at the first attempt (a wrong URL, a stopped sidecar) is an error at once:
    /// only a stream that was being followed is retried (`AgentsReconnectCLITests` drops one and sees it resumed).
    /// The first retry would wait an hour, so a retry cannot pass within the time limit; no clock is read (under
    /// load, time measured here is mostly time spent waiting for a thread).
    @Test(.timeLimit(.minutes(3))) func aSidecarUnreachableAtTheStartIsAnErrorAtOnce() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let port = refusing.port
        let socket = AgentEventSocket(
            transport: try SidecarTransport(
                baseURL: "http://127.0.0.1:\(port)",
                authentication: SidecarAuthentication(apiKey: "k-0123456789abcdef"),
                timeout: .seconds(5)))
        do {
            _ = try await socket.follow(
                cursor: AgentEventCursor(),
                reconnection: .init(first: .seconds(3600), maximum: .seconds(3600), giveUpAfter: .seconds(7200))
            ) { _ in [] }
            Issue.record("follow returned against a port nothing listens on")
        } catch let error as CompanionClientError {
            guard case .network = error else {
                Issue.record("expected a network error, got \(error)")
                return
            }
        }
    }
}
