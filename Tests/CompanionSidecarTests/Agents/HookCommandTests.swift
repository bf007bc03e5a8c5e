import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// `companion hook`, the command Claude Code's hooks run (issue 29, finding 3).
@Suite struct HookCommandTests {
    /// The event on its standard input reaches the sidecar over the owner socket and the answer comes out on its
    /// standard output; with no sidecar it prints nothing and exits 0 (no decision: the prompt stays in the terminal).
    @Test func theHookCommandDeliversAndFailsClosed() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        let socket = OwnerSocket.path(in: fixture.dataDirectory)
        let binary = TestPaths.companionBinary.path
        let event = String(decoding: HookEndpointTests.body("UserPromptSubmit", session: "cmd-1"), as: UTF8.self)
        try await fixture.live { live in
            let delivered = try await ProcessRunner.run(binary, ["hook", "--socket", socket], input: event)
            #expect(delivered.status == 0 && delivered.stdout == "{}", "\(delivered)")
            #expect(try await live.client.sessions().map(\.id) == ["cmd-1"])
        }
        let permission = String(
            decoding: HookEndpointTests.body(
                "PermissionRequest", session: "cmd-2", extra: ["tool_name": "Bash", "tool_input": ["command": "x"]]),
            as: UTF8.self)
        let started = ContinuousClock.now
        let stopped = try await ProcessRunner.run(binary, ["hook", "--socket", socket], input: permission)
        #expect(stopped.status == 0 && stopped.stdout.isEmpty, "\(stopped)")
        // At once: Claude Code waits for the hook (up to 600 s for a permission request) before it shows its dialog.
        #expect(ContinuousClock.now - started < .seconds(5), "the hook waited for a sidecar that is not running")
        #expect(stopped.stderr.contains("no decision"))
    }
}
