import CompanionAPI
import CompanionKit
import Foundation
import Testing

/// The watch reducer: `/ws` events folded into the session board, attention raised once per new attention, the
/// order of the list and the numbers of held requests.
@Suite struct AgentSessionBoardTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func session(_ id: String, minute: Double, attention: String? = nil, approval: String? = nil)
        -> AgentSessionInfo
    {
        AgentSessionInfo(
            id: id, source: "tmux", state: attention == nil ? "running" : "needs_input",
            attention: attention.map {
                AgentAttentionInfo(kind: $0, since: start, approvalId: approval, digest: approval.map { "d-\($0)" })
            },
            project: "p-\(id)", group: "default", lastActivity: start.addingTimeInterval(minute * 60), summary: nil,
            claudeSessionId: nil, tmuxSession: nil)
    }

    static func held(_ id: String, session: String) -> AgentPendingApproval {
        AgentPendingApproval(
            approvalId: id, sessionId: session, tool: "Bash", inputSummary: "ls", project: nil, since: start,
            digest: "listed-\(id)")
    }

    @Test func aSnapshotReplacesTheSessionsAndRaisesTheFirstNeedingAttention() {
        var board = AgentSessionBoard()
        #expect(board.apply(AgentEventMessage(type: "session_update", session: Self.session("old", minute: 0))) == nil)
        let waiting = Self.session("b", minute: 1, attention: "permission", approval: "ap1")
        let raised = board.apply(
            AgentEventMessage(type: "snapshot", sessions: [Self.session("a", minute: 2), waiting]))
        #expect(raised == waiting)
        #expect(Set(board.sessions.keys) == ["a", "b"])
        #expect(board.needingAttention == 1)
    }

    @Test func attentionIsRaisedOnceForTheSameAttention() {
        var board = AgentSessionBoard()
        let running = Self.session("a", minute: 0)
        let needing = Self.session("a", minute: 1, attention: "permission", approval: "ap1")
        #expect(board.apply(AgentEventMessage(type: "session_update", session: running)) == nil)
        #expect(board.apply(AgentEventMessage(type: "attention", session: needing)) == needing)
        #expect(board.apply(AgentEventMessage(type: "attention", session: needing)) == nil, "the same attention again")
        #expect(board.apply(AgentEventMessage(type: "session_update", session: running)) == nil, "attention cleared")
        let again = Self.session("a", minute: 2, attention: "permission", approval: "ap2")
        #expect(board.apply(AgentEventMessage(type: "attention", session: again)) == again, "a new request")
        _ = board.apply(AgentEventMessage(type: "removed", sessionId: "a"))
        #expect(board.sessions.isEmpty)
    }

    @Test func sessionsNeedingAttentionAreListedFirstThenTheMostRecent() {
        var board = AgentSessionBoard()
        _ = board.apply(
            AgentEventMessage(
                type: "snapshot",
                sessions: [
                    Self.session("old", minute: 1), Self.session("new", minute: 5),
                    Self.session("waiting-old", minute: 0, attention: "idle"),
                    Self.session("waiting-new", minute: 3, attention: "permission", approval: "ap1"),
                ]))
        #expect(board.ordered.map(\.id) == ["waiting-new", "waiting-old", "new", "old"])
        #expect(board.approvalIDs == ["ap1"])
    }

    @Test func aHeldRequestKeepsItsNumberAndNoNumberIsGivenTwice() {
        var board = AgentSessionBoard()
        board.pending([Self.held("ap1", session: "a"), Self.held("ap2", session: "b")])
        #expect(board.approvalIDs.map { board.number(of: $0) } == [1, 2])
        #expect(board.approval("2") == "ap2" && board.approval("ap9") == "ap9")
        // ap1 is answered and leaves the list; ap3 arrives: it gets a new number, never ap1's.
        board.pending([Self.held("ap2", session: "b"), Self.held("ap3", session: "c")])
        #expect(board.approvalIDs.map { board.number(of: $0) } == [2, 3])
        #expect(board.approval("1") == "ap1", "1 still names the request it was drawn with, which is gone")
        #expect(board.approval("4") == "4", "a number never drawn names nothing")
    }

    @Test func digestsComeFromTheListElseFromTheAttention() {
        var board = AgentSessionBoard()
        _ = board.apply(
            AgentEventMessage(
                type: "attention", session: Self.session("a", minute: 0, attention: "permission", approval: "ap1")))
        #expect(board.digest(of: "ap1") == "d-ap1")
        board.pending([Self.held("ap1", session: "a")])
        #expect(board.digest(of: "ap1") == "listed-ap1")
        #expect(board.digest(of: "ap2") == nil)
    }

    @Test func approvalsAreAskedAgainWhenAnEventMayChangeThem() {
        var board = AgentSessionBoard()
        #expect(board.mayChangeApprovals(AgentEventMessage(type: "snapshot", sessions: [])))
        #expect(board.mayChangeApprovals(AgentEventMessage(type: "attention")))
        #expect(
            !board.mayChangeApprovals(AgentEventMessage(type: "session_update", session: Self.session("a", minute: 0))))
        #expect(
            board.mayChangeApprovals(
                AgentEventMessage(type: "session_update", session: Self.session("a", minute: 0, attention: "idle"))))
        board.pending([Self.held("ap1", session: "a")])
        #expect(board.mayChangeApprovals(AgentEventMessage(type: "summary_update", sessionId: "a")), "requests held")
    }
}
