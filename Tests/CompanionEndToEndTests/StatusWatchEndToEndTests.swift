import CompanionTestSupport
import Foundation
import Testing

/// `status --watch`: on a terminal the block is redrawn in place; otherwise one block (or JSON line) per change.
@Suite(.timeLimit(.minutes(3)))
struct StatusWatchEndToEndTests {
    @Test func statusWatchPrintsChangesAsTheyHappen() async throws {
        let sidecar = try await SidecarProcess()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone")
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: TestPaths.companionBinary.path)
        watcher.arguments = ["status", "--watch", "--interval", "0.2", "--json"]
        watcher.environment = cli.environment
        let pipe = Pipe()
        watcher.standardOutput = pipe
        let output = DataCollector(pipe.fileHandleForReading)
        try watcher.run()
        defer { if watcher.isRunning { watcher.terminate() } }
        try await Self.waitFor { output.text.contains(#""connected":true"#) }
        _ = try await cli.run(["disconnect"])
        try await Self.waitFor { output.text.contains(#""connected":false"#) }
        watcher.terminate()
        let lines = output.finish().split(separator: "\n")
        // One line per change, plain (not a terminal). The signed `disconnect` first moves the device's
        // `lastSeenAt` (a change the watcher may catch), then disconnects: two or three distinct lines.
        #expect((2...3).contains(lines.count), "one line per change, plain (not a terminal): \(lines)")
        #expect(Set(lines).count == lines.count, "no line repeats an unchanged status")
        #expect(lines.first?.contains(#""connected":true"#) == true)
        #expect(lines.last?.contains(#""connected":false"#) == true)
        #expect(try lines.allSatisfy { try JSONValue.parse(String($0))["sidecarURL"] == .string(sidecar.baseURL) })
    }

    static func waitFor(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test func watchRedrawsInPlaceOnATerminal() async throws {
        let sidecar = try await SidecarProcess()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone")
        let session = try PseudoTerminalSession(
            [TestPaths.companionBinary.path, "status", "--watch", "--interval", "0.3"], environment: cli.environment)
        defer { session.stop() }
        try await Self.waitFor { session.output.text.contains("Phone (this device)") }
        _ = try await cli.run(["disconnect"])
        try await Self.waitFor { session.output.text.contains("disconnected") }
        session.stop()
        let text = session.output.finish()
        #expect(text.contains("\u{1B}[6A\u{1B}[J"), "the previous block is erased before each redraw")
    }
}
