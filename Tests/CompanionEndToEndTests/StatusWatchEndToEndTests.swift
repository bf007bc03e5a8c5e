import CompanionTestSupport
import Foundation
import Testing

/// `status --watch`: on a terminal the block is redrawn in place; otherwise one block (or JSON line) per change.
@Suite(.timeLimit(.minutes(3)))
struct StatusWatchEndToEndTests {
    @Test func statusWatchPrintsChangesAsTheyHappen() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone")
        let watcher = try cli.spawn(["status", "--watch", "--interval", "0.2", "--json"])
        defer { watcher.kill(SIGKILL) }
        try await watcher.waitForOutput { out, _ in out.contains(#""connected":true"#) }
        _ = try await cli.run(["disconnect"])
        try await watcher.waitForOutput { out, _ in out.contains(#""connected":false"#) }
        watcher.kill(SIGTERM)
        let lines = try await watcher.finish().stdout.split(separator: "\n")
        // One line per change, plain (not a terminal). The signed `disconnect` first moves the device's
        // `lastSeenAt` (a change the watcher may catch), then disconnects: two or three distinct lines.
        #expect((2...3).contains(lines.count), "one line per change, plain (not a terminal): \(lines)")
        #expect(Set(lines).count == lines.count, "no line repeats an unchanged status")
        #expect(lines.first?.contains(#""connected":true"#) == true)
        #expect(lines.last?.contains(#""connected":false"#) == true)
        #expect(try lines.allSatisfy { try JSONValue.parse(String($0))["sidecarURL"] == .string(sidecar.url) })
    }

    @Test func watchRedrawsInPlaceOnATerminal() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone")
        let session = try PseudoTerminalSession(
            [TestPaths.companionBinary.path, "status", "--watch", "--interval", "0.3"], environment: cli.environment)
        defer { session.stop() }
        try await session.process.waitForOutput { out, _ in out.contains("Phone (this device)") }
        _ = try await cli.run(["disconnect"])
        try await session.process.waitForOutput { out, _ in out.contains("disconnected") }
        session.stop()
        let text = try await session.finish().stdout
        // The connected block is 7 lines (sidecar, status, device, connected at, last seen, scopes, this device).
        #expect(text.contains("\u{1B}[7A\u{1B}[J"), "the previous block is erased before each redraw")
    }
}
