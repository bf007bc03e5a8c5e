import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// A following command writes each line to a pipe as it prints it. Standard output to a pipe is block-buffered by C
/// unless the program says otherwise, so before the fix `agents tail --follow | …` showed nothing until 4 KiB of
/// terminal redraws had piled up: with a quiet pane, never (and `AgentsCLITests` timed out under load, when the
/// real `claude` redrew less often).
@Suite(.timeLimit(.minutes(3)))
struct FollowOutputEndToEndTests {
    @Test func agentsTailFollowDeliversTheFirstScreenWhileItRuns() async throws {
        let tmuxSocket = "companion-follow-\(UUID().uuidString.prefix(8))"
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let sidecar = try await SidecarProcess.start(SidecarOptions(arguments: ["--tmux-socket", tmuxSocket]))
        defer {
            sidecar.stop()
            ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", tmuxSocket, "kill-server"], timeout: 10)
            try? FileManager.default.removeItem(at: project)
        }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone", scopes: [.read, .control])

        // A pane that prints one short line and then stays silent: no redraw will ever fill a buffer.
        let script = project.appendingPathComponent("quiet-agent.sh")
        try await ExecutableScript.write("#!/bin/sh\necho follow-marker\nexec cat\n", to: script)
        let (created, session) = try await cli.json(
            ["agents", "new", "--project", project.path, "--command", script.path])
        let id = try #require(session["id"]?.stringValue, "\(created)")
        let follow = try cli.spawn(["agents", "tail", id, "--follow"])
        defer { follow.kill(SIGKILL) }
        try await follow.waitForOutput(timeout: 30) { out, _ in out.contains("follow-marker") }
    }
}
