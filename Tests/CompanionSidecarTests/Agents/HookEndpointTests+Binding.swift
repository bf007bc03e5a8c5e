import CompanionAgents
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Synchronization
import Testing

/// Approvals bind to what the approver saw (issue 29, finding 4): a decision names the held request by its approval id
/// and carries its digest; the audit row is written before the hook is answered. Raw HTTP with the API key, as a
/// device would send it.
extension HookEndpointTests {
    /// A held `Bash touch FILE` request of session `session`, posted as Claude Code posts it; returns the hook's
    /// answer (a task) and the request as `GET /api/attention` lists it.
    func hold(
        _ live: AgentsFixture.Live, _ fixture: AgentsFixture, session: String, command: String
    ) async throws -> (answer: Task<HTTPReply, any Error>, approval: [String: Any]) {
        let headers: [String: String] = [:]
        let body = Self.body(
            "PermissionRequest", session: session, extra: ["tool_name": "Bash", "tool_input": ["command": command]])
        let hooks = live.hooks
        let answer = Task { try await hooks.post(CompanionAgents.hookPath, body, headers: headers) }
        let deadline = Date().addingTimeInterval(TestDeadline.seconds)
        while Date() < deadline {
            if let approval = try await Self.listedApprovals(live).first(where: {
                $0["input_summary"] as? String == command
            }) {
                return (answer, approval)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TimedOut(what: "the held request of \(session)")
    }

    static let bearer = ["Authorization": "Bearer \(AgentsFixture.apiKey)"]

    /// `approvals` of `GET /api/attention`, as JSON objects.
    static func listedApprovals(_ live: AgentsFixture.Live) async throws -> [[String: Any]] {
        let reply = try await live.probe.get("/api/attention", headers: bearer)
        let document = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        return (document?["data"] as? [String: Any])?["approvals"] as? [[String: Any]] ?? []
    }

    /// `POST /api/approvals/ID/VERB` with `body`.
    static func decide(_ live: AgentsFixture.Live, _ id: String, _ verb: String, _ body: [String: Any]) async throws
        -> HTTPReply
    {
        try await live.probe.post(
            "/api/approvals/\(id)/\(verb)", try JSONSerialization.data(withJSONObject: body),
            headers: bearer.merging(["Content-Type": "application/json"]) { $1 })
    }

    struct TimedOut: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    @Test func aDecisionWithAnotherDigestOrNoneIsRefusedAndDecidesNothing() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(holdTime: .seconds(60)) { live in
            let (answer, approval) = try await hold(live, fixture, session: "bind-1", command: "touch /tmp/shown")
            let id = try #require(approval["approval_id"] as? String)
            let digest = try #require(approval["digest"] as? String, "the listing carries the digest: \(approval)")
            #expect(digest.count == 64)
            // The digest of another request (what a device showed before the request changed), and none at all.
            let other = String(repeating: "ab", count: 32)
            for (verb, body) in [("approve", ["digest": other]), ("deny", ["digest": other]), ("approve", [:])] {
                let refused = try await Self.decide(live, id, verb, body)
                #expect(refused.status == 409, "\(verb) \(body): \(refused.status)")
            }
            #expect(try await Self.listedApprovals(live).map { $0["approval_id"] as? String } == [id])
            #expect(try await live.sidecar.registry.auditLog().allSatisfy { !$0.event.rawValue.hasPrefix("approval") })
            let allowed = try await Self.decide(live, id, "approve", ["digest": digest])
            #expect(allowed.status == 200)
            #expect(String(decoding: try await answer.value.body, as: UTF8.self).contains(#""behavior":"allow""#))
        }
    }

    @Test func aSessionsIdIsNotAnApprovalId() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(holdTime: .seconds(60)) { live in
            let (answer, approval) = try await hold(live, fixture, session: "bind-2", command: "touch /tmp/by-session")
            let digest = approval["digest"] as? String ?? ""
            for verb in ["approve", "deny"] {
                let refused = try await Self.decide(live, "bind-2", verb, ["digest": digest])
                #expect(refused.status == 400, "\(verb) by the session's id: \(refused.status)")
            }
            #expect(try await Self.listedApprovals(live).count == 1)
            let id = try #require(approval["approval_id"] as? String)
            #expect(try await Self.decide(live, id, "deny", ["digest": digest]).status == 200)
            #expect(String(decoding: try await answer.value.body, as: UTF8.self).contains(#""behavior":"deny""#))
        }
    }

    /// While the registry is locked by another writer, the decision cannot be recorded: the hook must not have its
    /// answer yet. Before the fix the hook was answered first and the row written after.
    @Test func theAuditRowIsWrittenBeforeTheHookIsAnswered() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(holdTime: .seconds(60)) { live in
            let (answer, approval) = try await hold(live, fixture, session: "bind-3", command: "touch /tmp/recorded")
            let id = try #require(approval["approval_id"] as? String)
            let database = fixture.dataDirectory.appendingPathComponent("registry.sqlite").path
            let locker = try ProcessRunner.spawn("/usr/bin/sqlite3", [database])
            defer { locker.kill(SIGKILL) }
            locker.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
            try await locker.waitForOutput { out, _ in out.contains("locked") }
            let digest = approval["digest"] as? String ?? ""
            let decision = Task { try await Self.decide(live, id, "approve", ["digest": digest]) }
            let answered = Answered()
            Task {
                _ = try? await answer.value
                answered.flag.withLock { $0 = true }
            }
            // The registry's busy timeout is 5 s: within 1.5 s the blocked write is still waiting.
            let deadline = Date().addingTimeInterval(1.5)
            var answeredEarly = false
            while Date() < deadline, !answeredEarly {
                try await Task.sleep(for: .milliseconds(20))
                answeredEarly = answered.flag.withLock { $0 }
            }
            let rows = try await live.sidecar.registry.auditLog().filter { $0.event == .approvalAllowed }
            #expect(!answeredEarly || rows.count == 1, "the hook was answered before the audit row was written")
            locker.write("COMMIT;\n.quit\n")
            #expect(try await decision.value.status == 200)
            #expect(String(decoding: try await answer.value.body, as: UTF8.self).contains(#""behavior":"allow""#))
            #expect(try await live.sidecar.registry.auditLog().filter { $0.event == .approvalAllowed }.count == 1)
        }
    }

    /// Set once the hook's answer arrived.
    final class Answered: Sendable {
        let flag = Mutex(false)
    }
}
