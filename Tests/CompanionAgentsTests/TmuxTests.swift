import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAgents

/// `Tmux` against the real tmux, on a private server.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "needs tmux"))
struct TmuxTests {
    /// Killing a session that is already gone is "no such session", also while the server is still up with no
    /// session left, when tmux answers "no current target" (the moment after claude exits and ends the last one,
    /// which a sidecar removing that session met under load).
    @Test func aSessionAlreadyGoneIsNoSuchSessionEvenOnAnEmptyServer() async throws {
        let socket = "companion-tmux-test-\(UUID().uuidString.prefix(8))"
        let tmux = Tmux(socketName: socket)
        // A server that stays up once its last session has ended, and a session that never ends by itself (a
        // `sleep 60` ended before the first kill in a run under load, where this test took 94 s).
        defer {
            ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", socket, "kill-server"], timeout: TestDeadline.seconds)
        }
        let started = try await ProcessRunner.run(
            "/usr/bin/tmux",
            [
                "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "a", "sleep infinity", ";", "set", "-g",
                "exit-empty", "off",
            ])
        #expect(started.status == 0, "\(started)")
        do {
            try await tmux.kill("a")
        } catch {
            Issue.record("the first kill failed: \(error)")
        }
        await #expect(throws: TmuxError.noSuchSession("=a")) { try await tmux.kill("a") }
    }

    /// Killing the last session makes the server exit, and a client that loses the race prints "server exited
    /// unexpectedly" and fails (the sidecar answered 500 for a stopped session in one full-suite run): the session
    /// is gone, so it is "no such session", which stopping a session ignores. A stand-in `tmux` answers that way.
    @Test func aServerThatExitsWhileAnsweringMeansTheSessionIsGone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = directory.appendingPathComponent("tmux")
        try await ExecutableScript.write("#!/bin/sh\necho 'server exited unexpectedly' >&2\nexit 1\n", to: fake)
        let tmux = Tmux(executable: fake.path, socketName: "unused")
        await #expect(throws: TmuxError.noSuchSession("=a")) { try await tmux.kill("a") }
    }
}
