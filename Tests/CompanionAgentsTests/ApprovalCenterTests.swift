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

    @Test func theHookAnswersAreClaudeCodesDocumentedShapes() throws {
        func object(_ bytes: [UInt8]) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
        }
        #expect(
            try object(PermissionHookAnswer.body(for: .allow(always: false), toolName: "Bash"))
                == ["hookSpecificOutput": ["hookEventName": "PermissionRequest", "decision": ["behavior": "allow"]]])
        #expect(
            try object(PermissionHookAnswer.body(for: .deny, toolName: "Bash"))
                == [
                    "hookSpecificOutput": [
                        "hookEventName": "PermissionRequest",
                        "decision": ["behavior": "deny", "message": PermissionHookAnswer.denyMessage],
                    ]
                ])
        let always = try object(PermissionHookAnswer.body(for: .allow(always: true), toolName: "Bash"))
        let decision = (always["hookSpecificOutput"] as? NSDictionary)?["decision"] as? NSDictionary
        #expect(
            decision?["updatedPermissions"] as? NSArray
                == [["type": "addRules", "rules": [["toolName": "Bash"]], "behavior": "allow", "destination": "session"]])
        #expect(PermissionHookAnswer.body(for: nil, toolName: "Bash") == Array("{}".utf8))
    }
}
