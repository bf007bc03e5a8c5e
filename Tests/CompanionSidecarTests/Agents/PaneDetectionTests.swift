import CompanionAPI
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// With no hooks installed, the sidecar follows a real `claude` in tmux from its screen alone.
    @Suite struct PaneDetectionTests {
        @Test func statesFollowTheScreenWhenNoHookSpeaks() async throws {
            let file = NSTemporaryDirectory() + "pane-\(UUID().uuidString)"
            let fixture = try AgentsFixture(rule: AgentsFixture.touching(file))
            defer { fixture.remove() }
            try await fixture.live(hooks: false) { live in
                let (session, log) = try await live.startClaude(fixture)
                _ = try await log.first("idle at the prompt") { $0.update(session.id, state: "idle") }
                _ = try await live.client.send(id: session.id, text: "please make the file")
                let waiting = try await log.first("the dialog seen on the screen") {
                    $0.update(session.id, state: "needs_input")
                }
                #expect(waiting.session?.attention?.kind == "input")
                #expect(waiting.session?.claudeSessionId == nil)  // no hook ever spoke
                // Enter on the dialog's "1. Yes". Claude Code ignores keys that arrive the moment a permission
                // dialog appears (a guard against accidental answers), so a key it dropped is pressed again while
                // the screen still shows the dialog, as a person would.
                var answered = false
                for attempt in 1...6 where !answered {
                    let count = await log.events.count
                    _ = try await live.client.send(id: session.id, text: "", enter: true)
                    do {
                        _ = try await log.next(after: count, "idle again after the answer", timeout: .seconds(15)) {
                            $0.update(session.id, state: "idle")
                        }
                        answered = true
                    } catch {
                        let screen = try await live.client.terminal(id: session.id, lines: 40).lines
                        guard attempt < 6, screen.contains(where: { $0.contains("Do you want to proceed?") }) else {
                            Issue.record("the screen: \(screen)")
                            throw error
                        }
                    }
                }
                #expect(FileManager.default.fileExists(atPath: file))
                // Leaving claude ends the tmux session: dead.
                _ = try await live.client.send(id: session.id, text: "/exit")
                _ = try await log.first("the session's end") { $0.update(session.id, state: "dead") }
                let states = await log.events.filter { $0.session?.id == session.id && $0.type == "session_update" }
                    .compactMap { $0.session?.state }
                // The snapshot had it running; the screen then said idle, needs_input, idle, and the end dead.
                let waitingAt = try #require(states.firstIndex(of: "needs_input"))
                #expect(states[..<waitingAt].contains("idle"))
                #expect(states[waitingAt...].contains("idle"))
                #expect(states.last == "dead")
                try await live.client.remove(id: session.id)
                #expect(try await live.client.sessions().isEmpty)
                await log.stop()
            }
        }
    }
}
