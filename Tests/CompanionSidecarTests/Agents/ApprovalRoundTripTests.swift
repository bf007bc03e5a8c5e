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

                let answer = try await live.client.approve(id: try #require(attention.approvalId))
                #expect(answer.decision == "allow")
                // A second decision is refused: the first one won.
                await #expect(throws: CompanionClientError.self) {
                    try await live.client.deny(id: attention.approvalId!)
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
                _ = try await live.client.deny(id: session.id)  // by the session's id
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
                    try await live.client.approve(id: raised.session!.attention!.approvalId!)
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
