import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClaudeCode

/// The environment entry that proves a process is a run's or a task's, read from a real process's
/// `/proc/<pid>/environ`: only the exact `NAME=value` entry counts.
@Suite struct ProcessMarkerTests {
    @Test func onlyTheExactEntryOfALiveProcessCounts() async throws {
        let marker = ProcessMarker.claudeRun("run-1")
        #expect(marker.entry == "COMPANION_CLAUDE_RUN_ID=run-1")
        let process = try ProcessRunner.spawn(
            "/bin/sh", ["-c", "echo ready; exec sleep infinity"],
            environment: [ProcessMarker.claudeRunVariable: "run-1", "OTHER": "COMPANION_CLAUDE_RUN_ID=run-2"])
        defer { process.kill(SIGKILL) }
        try await process.waitForOutput(timeout: TestDeadline.seconds) { out, _ in out.hasSuffix("ready\n") }

        #expect(marker.isCarried(by: process.pid))
        // Another run's id, a prefix of the value, or the entry as part of another variable's value: not ours.
        #expect(!ProcessMarker.claudeRun("run-2").isCarried(by: process.pid))
        #expect(!ProcessMarker.claudeRun("run").isCarried(by: process.pid))
        #expect(!ProcessMarker(variable: "COMPANION_TASK_ID", value: "run-1").isCarried(by: process.pid))
        // This process does not carry it, and neither do ids that name no process.
        #expect(!marker.isCarried(by: getpid()))
        #expect(!marker.isCarried(by: 0))
        #expect(!marker.isCarried(by: -1))

        process.kill(SIGKILL)
        _ = try await process.finish(timeout: TestDeadline.seconds)
        #expect(!marker.isCarried(by: process.pid))
    }
}
