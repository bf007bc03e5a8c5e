import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// The real interactive `claude` in a real tmux session, against the scripted model endpoint that asks for a Bash
    /// tool call: Claude Code's real permission dialog, its hooks posting to the sidecar, a paired client deciding.
    @Suite struct ApprovalRoundTripTests {
        @Test func anApprovalFromTheCompanionLetsTheToolRun() async throws {
            let file = NSTemporaryDirectory() + "approved-\(UUID().uuidString)"
            let fixture = try AgentsFixture(rule: AgentsFixture.touching(file))
            defer { fixture.remove() }
            try await fixture.live { live in
                let (session, log) = try await live.startClaude(fixture)
                _ = try await live.client.send(id: session.id, text: "please make the file")
                let raised = try await log.first("a permission request") {
                    $0.type == "attention" && $0.session?.id == session.id && $0.session?.attention?.kind == "approval"
                }
                let attention = try #require(raised.session?.attention)
                #expect(raised.session?.state == "needs_input")
                #expect(attention.tool == "Bash")
                #expect(attention.inputSummary == "touch \(file)")
                #expect(!FileManager.default.fileExists(atPath: file))
                #expect(try await live.client.attention().sessions.map(\.id) == [session.id])

                #expect(attention.digest?.count == 64)
                let answer = try await live.client.approve(
                    id: try #require(attention.approvalId), digest: attention.digest)
                #expect(answer.decision == "allow")
                // The decision puts the session back to running (the tool runs), before the turn ends.
                let resumed = try await log.first("running again") {
                    $0.update(session.id, state: "running") && ($0.seq ?? 0) > (raised.seq ?? 0)
                }
                #expect(resumed.session?.attention == nil)
                // A second decision is refused: the first one won.
                await #expect(throws: CompanionClientError.self) {
                    try await live.client.deny(id: attention.approvalId!, digest: attention.digest)
                }
                let idle = try await log.first("the turn's end") {
                    $0.update(session.id, state: "idle") && $0.session?.summary == "Done."
                }
                #expect(idle.session?.attention == nil)
                #expect(FileManager.default.fileExists(atPath: file))
                _ = try await log.first("the hook's answer on the screen") {
                    $0.terminal(session.id, contains: "Allowed by PermissionRequest hook")
                }
                let audit = try await live.sidecar.registry.auditLog().filter { $0.event == .approvalAllowed }
                #expect(audit.count == 1)
                #expect(
                    audit.first?.detail?.contains("session=\(session.id) approval=\(attention.approvalId!) sha256=")
                        == true)
                // The prompt itself is nowhere in the audit log.
                #expect(
                    try await live.sidecar.registry.auditLog().allSatisfy { !($0.detail ?? "").contains("please make") }
                )
                // Claude Code exits: the session ends (SessionEnd, and its tmux session is gone).
                _ = try await live.client.send(id: session.id, text: "/exit")
                let dead = try await log.first("the session's end") { $0.update(session.id, state: "dead") }
                #expect(dead.session?.attention == nil)
                let states = await log.events.filter { $0.session?.id == session.id }.compactMap(\.session?.state)
                #expect(states.last == "dead")
                await log.stop()
            }
        }

        /// `approve --always` keeps only an allow rule Claude Code suggested. For `touch /tmp/…` the real `claude`
        /// suggests none (`permission_suggestions`: `addDirectories` /tmp and `setMode` acceptEdits, both wider than
        /// the request), so `always` is refused and decides nothing, an allow once works, and the next Bash call of
        /// the turn asks again (it used to run unasked under a rule for the whole Bash tool).
        @Test func approveAlwaysIsRefusedWithoutASuggestedRuleAndTheNextCallAsksAgain() async throws {
            let first = NSTemporaryDirectory() + "always-1-\(UUID().uuidString)"
            let second = NSTemporaryDirectory() + "always-2-\(UUID().uuidString)"
            let fixture = try AgentsFixture(rule: { request in
                let results = request.messages.filter { $0.blockTypes.contains("tool_result") }.count
                if results == 1 { return .bash("touch \(second)", description: "Create the second file") }
                if results >= 2 { return .text("Done.", pieces: 1) }
                if request.lastUserPrompt == "please make two files" {
                    return .bash("touch \(first)", description: "Create the first file")
                }
                return .text("OK", pieces: 1)
            })
            defer { fixture.remove() }
            try await fixture.live { live in
                let (session, log) = try await live.startClaude(fixture)
                _ = try await live.client.send(id: session.id, text: "please make two files")
                let raised = try await log.first("the first permission request") {
                    $0.type == "attention" && $0.session?.attention?.kind == "approval"
                }
                let attention = try #require(raised.session?.attention)
                #expect(attention.inputSummary == "touch \(first)")
                let id = try #require(attention.approvalId)
                let listed = try await live.client.attention().approvals?.first { $0.approvalId == id }
                #expect(listed?.alwaysRules == [], "\(String(describing: listed))")
                await #expect(throws: (any Error).self) {
                    try await live.client.approve(id: id, digest: attention.digest, always: true)
                }
                #expect(try await live.client.approve(id: id, digest: attention.digest).decision == "allow")
                let next = try await log.first("the second permission request") {
                    $0.type == "attention" && $0.session?.attention?.inputSummary == "touch \(second)"
                }
                let nextAttention = try #require(next.session?.attention)
                _ = try await live.client.approve(
                    id: try #require(nextAttention.approvalId), digest: nextAttention.digest)
                _ = try await log.first("the turn's end") {
                    $0.update(session.id, state: "idle") && $0.session?.summary == "Done."
                }
                #expect(FileManager.default.fileExists(atPath: first))
                #expect(FileManager.default.fileExists(atPath: second))
                let audit = try await live.sidecar.registry.auditLog().filter { $0.event == .approvalAllowed }
                #expect(audit.count == 2 && audit.allSatisfy { $0.detail?.contains("always=") == false })
                await log.stop()
            }
        }

        @Test func aDenialFromTheCompanionStopsTheTool() async throws {
            let file = NSTemporaryDirectory() + "denied-\(UUID().uuidString)"
            let fixture = try AgentsFixture(rule: AgentsFixture.touching(file))
            defer { fixture.remove() }
            try await fixture.live { live in
                let (session, log) = try await live.startClaude(fixture)
                _ = try await live.client.send(id: session.id, text: "please make the file")
                let raised = try await log.first("a permission request") {
                    $0.type == "attention" && $0.session?.attention?.kind == "approval"
                }
                let attention = try #require(raised.session?.attention)
                _ = try await live.client.deny(id: try #require(attention.approvalId), digest: attention.digest)
                _ = try await log.first("the turn's end") { $0.update(session.id, state: "idle") }
                #expect(!FileManager.default.fileExists(atPath: file))
                #expect(raised.session?.attention?.approvalId != nil)
                let denied = try await live.sidecar.registry.auditLog().filter { $0.event == .approvalDenied }
                #expect(denied.count == 1)
                await log.stop()
            }
        }

        @Test func withoutADecisionTheDialogStaysInTheTerminalAndTypingThereWorks() async throws {
            let file = NSTemporaryDirectory() + "terminal-\(UUID().uuidString)"
            let fixture = try AgentsFixture(rule: AgentsFixture.touching(file))
            defer { fixture.remove() }
            try await fixture.live(holdTime: .seconds(2)) { live in
                let (session, log) = try await live.startClaude(fixture)
                _ = try await live.client.send(id: session.id, text: "please make the file")
                let raised = try await log.first("a permission request") {
                    $0.type == "attention" && $0.session?.attention?.kind == "approval"
                }
                // Claude Code shows its own dialog while the hook waits; nobody decides, so the sidecar answers
                // "no decision" at the end of its hold time and hands the attention to the terminal.
                _ = try await log.first("the dialog in the terminal") {
                    $0.terminal(session.id, contains: "Do you want to proceed?")
                }
                let handedBack = try await log.first("the attention handed to the terminal") {
                    $0.type == "attention" && $0.session?.attention?.kind == "input"
                        && $0.session?.attention?.approvalId == nil && $0.seq! > raised.seq!
                }
                #expect(handedBack.session?.state == "needs_input")
                await #expect(throws: CompanionClientError.self) {
                    try await live.client.approve(
                        id: raised.session!.attention!.approvalId!, digest: raised.session!.attention!.digest)
                }
                // Enter in the terminal picks "1. Yes".
                _ = try await live.client.send(id: session.id, text: "", enter: true)
                _ = try await log.first("the turn's end") {
                    $0.update(session.id, state: "idle") && $0.session?.summary == "Done."
                }
                #expect(FileManager.default.fileExists(atPath: file))
                await log.stop()
            }
        }
    }
}
