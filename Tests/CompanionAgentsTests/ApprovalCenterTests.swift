import Foundation
import Testing

@testable import CompanionAgents

@Suite struct ApprovalCenterTests {
    static func request(_ id: String = ApprovalRequest.newID()) -> ApprovalRequest {
        ApprovalRequest(
            id: id, sessionKey: "s-1", toolName: "Bash", inputSummary: "touch x", input: #"{"command":"touch x"}"#,
            alwaysRules: [PermissionRule(toolName: "Bash", ruleContent: "touch x")], project: "/p", since: Date(),
            digestSource: Array("{\"tool_name\":\"Bash\"}".utf8))
    }

    @Test func theFirstDecisionWinsAndALaterOneIsTold() async throws {
        let center = ApprovalCenter()
        let request = Self.request()
        let (raised, raise) = AsyncStream<Void>.makeStream()
        async let decision = center.hold(request, holdTime: .seconds(600)) { raise.yield() }
        for await _ in raised { break }
        #expect(await center.pending().map(\.id) == [request.id])
        #expect(try await center.decide(request.id, .allow(always: true), digest: request.digest) == .decided(request))
        #expect(try await center.decide(request.id, .deny, digest: request.digest) == .alreadySettled(request))
        #expect(await decision == .allow(always: true))
        #expect(await center.pending().isEmpty)
        #expect(try await center.decide("ap-unknown", .deny, digest: request.digest) == .unknown)
    }

    @Test func noDecisionWithinTheHoldTimeAnswersNil() async throws {
        let center = ApprovalCenter()
        let request = Self.request()
        let decision = await center.hold(request, holdTime: .milliseconds(1)) {}
        #expect(decision == nil)
        #expect(
            try await center.decide(request.id, .allow(always: false), digest: request.digest)
                == .alreadySettled(request))
    }

    @Test func aDecisionBeforeTheWaitIsKeptAndASettledSessionAnswersNothing() async throws {
        let center = ApprovalCenter()
        let early = Self.request()
        await center.register(early)
        #expect(try await center.decide(early.id, .deny, digest: early.digest) == .decided(early))
        #expect(
            try await center.decide(early.id, .allow(always: false), digest: early.digest) == .alreadySettled(early))
        #expect(await center.wait(early.id, holdTime: .seconds(600)) == .deny)

        let moot = Self.request()
        let (raised, raise) = AsyncStream<Void>.makeStream()
        async let decision = center.hold(moot, holdTime: .seconds(600)) { raise.yield() }
        for await _ in raised { break }
        await center.settle(sessionKey: moot.sessionKey)
        #expect(await decision == nil)
        #expect(try await center.decide(moot.id, .allow(always: false), digest: moot.digest) == .alreadySettled(moot))
    }

    /// A decision carrying another request's digest, or none, decides nothing; the right digest (any case) then does.
    @Test func aDecisionWithAnotherDigestOrNoneDecidesNothing() async throws {
        let center = ApprovalCenter()
        let request = Self.request()
        await center.register(request)
        let other = String(repeating: "0", count: 64)
        #expect(try await center.decide(request.id, .allow(always: false), digest: other) == .digestMismatch(request))
        #expect(try await center.decide(request.id, .allow(always: false), digest: nil) == .digestMismatch(request))
        #expect(await center.pending().map(\.id) == [request.id])
        #expect(try await center.decide(request.id, .deny, digest: request.digest.uppercased()) == .decided(request))
        #expect(await center.wait(request.id, holdTime: .seconds(600)) == .deny)
    }

    /// The record runs before the answer: while it runs nothing else decides, and a record that fails decides nothing.
    @Test func theRecordComesFirstAndAFailedRecordDecidesNothing() async throws {
        let center = ApprovalCenter()
        let request = Self.request()
        let (raised, raise) = AsyncStream<Void>.makeStream()
        async let decision = center.hold(request, holdTime: .seconds(600)) { raise.yield() }
        for await _ in raised { break }
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await center.decide(request.id, .deny, digest: request.digest) { _ in throw Refused() }
        }
        #expect(await center.pending().map(\.id) == [request.id])
        let result = try await center.decide(request.id, .allow(always: false), digest: request.digest) { _ in
            // Claimed meanwhile: a second decision is told it was answered.
            let second = try await center.decide(request.id, .deny, digest: request.digest)
            #expect(second == .alreadySettled(request))
        }
        #expect(result == .decided(request))
        #expect(await decision == .allow(always: false))
    }

    @Test func theHookAnswersAreClaudeCodesDocumentedShapes() {
        func text(_ decision: PermissionDecision?) -> String {
            String(
                decoding: PermissionHookAnswer.body(
                    for: decision, rules: [PermissionRule(toolName: "Bash", ruleContent: "npm test:*")]),
                as: UTF8.self)
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
                == #"{"hookSpecificOutput":{"decision":{"behavior":"allow","updatedPermissions":[{"behavior":"allow","destination":"session","rules":[{"ruleContent":"npm test:*","toolName":"Bash"}],"type":"addRules"}]},"hookEventName":"PermissionRequest"}}"#
        )
        #expect(text(nil) == "{}")
    }
}
