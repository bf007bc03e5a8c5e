import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// A sidecar killed (`kill -9`) while `claude` is answering: the next sidecar on the same data directory kills
    /// the run's process group before it serves, and the session is not left `active`.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct ChatCrashTests {
        /// Live processes whose environment names `marker` (the sandbox's own directory): the `claude` runs.
        static func processes(mentioning marker: String) -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(pid_t.init).filter { pid in
                guard pid != getpid(),
                    let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let state = stat.split(separator: ")").last?.split(separator: " ").first, state != "Z",
                    let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
                else { return false }
                let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
                let program = String(decoding: command.prefix { $0 != 0 }, as: UTF8.self)
                return program.hasSuffix("/claude") && String(decoding: environment, as: UTF8.self).contains(marker)
            }
        }

        /// Waits until no such process is left (a SIGKILLed process is gone within moments; the kernel gives no
        /// event for a process that is not our child, so this looks every 50 ms, for at most 10 s).
        static func waitUntilGone(_ marker: String) async throws -> Bool {
            for _ in 0..<200 {
                if processes(mentioning: marker).isEmpty { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }

        @Test func aRestartAfterACrashLeavesNoOrphanAndNoActiveSession() async throws {
            let world = try await ChatCLITests.world { _ in .stalling("an answer cut by a crash", pieces: 5, after: 1) }
            defer {
                world.endpoint.stop()
                world.sandbox.remove()
            }
            let marker = world.sandbox.root.path
            let chat = try world.cli.spawn(["chat", "--new", "crash"])
            defer { chat.kill(SIGKILL) }
            try await chat.waitForOutput { out, _ in !out.isEmpty }
            let running = Self.processes(mentioning: marker)
            #expect(!running.isEmpty, "claude should be answering")

            try await world.sidecar.killHard()
            // The run outlives the sidecar: claude is in a process group of its own.
            #expect(!Self.processes(mentioning: marker).isEmpty)
            let restarted = try await world.sidecar.restart()
            defer { restarted.stop() }
            // The new sidecar killed the leftover group (SIGKILL) before it started serving.
            #expect(try await Self.waitUntilGone(marker))
            let (result, sessions) = try await world.cli.json(["sessions", "list", "--url", restarted.url])
            #expect(result.status == Exit.success, "\(result)")
            #expect(sessions["items"]?.arrayValue?.first?["status"]?.stringValue == "cancelled")
        }
    }
}
