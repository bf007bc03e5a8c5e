import Foundation
import Testing

@testable import CompanionAgents

@Suite struct ApprovalCenterTests {
    static func request(_ id: String = ApprovalRequest.newID()) -> ApprovalRequest {
        ApprovalRequest(
            id: id, sessionKey: "s-1", toolName: "Bash", inputSummary: "touch x", project: "/p", since: Date(),
            digestSource: Array("{\"tool_name\":\"Bash\"}".utf8))
    }

    @Test func theFirstDecisionWinsAndALaterOneIsTold() async {
        let center = ApprovalCenter()
        let request = Self.request()
        let (raised, raise) = AsyncStream<Void>.makeStream()
        async let decision = center.hold(request, holdTime: .seconds(600)) { raise.yield() }
        for await _ in raised { break }
        #expect(await center.pending().map(\.id) == [request.id])
        #expect(await center.decide(request.id, .allow(always: true)) == .decided(request))
        #expect(await center.decide(request.id, .deny) == .alreadySettled(request))
        #expect(await decision == .allow(always: true))
        #expect(await center.pending().isEmpty)
        #expect(await center.decide("ap-unknown", .deny) == .unknown)
    }

    @Test func noDecisionWithinTheHoldTimeAnswersNil() async {
        let center = ApprovalCenter()
        let request = Self.request()
        let decision = await center.hold(request, holdTime: .milliseconds(1)) {}
        #expect(decision == nil)
        #expect(await center.decide(request.id, .allow(always: false)) == .alreadySettled(request))
    }

    @Test func aDecisionBeforeTheWaitIsKeptAndASettledSessionAnswersNothing() async {
        let center = ApprovalCenter()
        let early = Self.request()
        await center.register(early)
        #expect(await center.decide(early.id, .deny) == .decided(early))
        #expect(await center.decide(early.id, .allow(always: false)) == .alreadySettled(early))
        #expect(await center.wait(early.id, holdTime: .seconds(600)) == .deny)

        let moot = Self.request()
        let (raised, raise) = AsyncStream<Void>.makeStream()
        async let decision = center.hold(moot, holdTime: .seconds(600)) { raise.yield() }
        for await _ in raised { break }
        await center.settle(sessionKey: moot.sessionKey)
        #expect(await decision == nil)
        #expect(await center.decide(moot.id, .allow(always: false)) == .alreadySettled(moot))
    }

    @Test func theHookAnswersAreClaudeCodesDocumentedShapes() {
        func text(_ decision: PermissionDecision?) -> String {
            String(decoding: PermissionHookAnswer.body(for: decision, toolName: "Bash"), as: UTF8.self)
        }
        #expect(
            text(.allow(always: false))
                == #"{"hookSpecificOutput":{"decision":{"behavior":"allow"},"hookEventName":"PermissionRequest"}}"#)
        #expect(
            text(.deny)
                == #"{"hookSpecificOutput":{"decision":{"behavior":"deny","message":"Denied from the paired companion device."},"hookEventName":"PermissionRequest"}}"#
        )
        #expect(
            text(.allow(always: true))
                == #"{"hookSpecificOutput":{"decision":{"behavior":"allow","updatedPermissions":[{"behavior":"allow","destination":"session","rules":[{"toolName":"Bash"}],"type":"addRules"}]},"hookEventName":"PermissionRequest"}}"#
        )
        #expect(text(nil) == "{}")
    }
}
