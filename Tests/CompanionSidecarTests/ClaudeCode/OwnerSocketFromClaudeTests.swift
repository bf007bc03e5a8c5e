import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

extension RealClaudeSidecarSuites {
    /// The real `claude` runs `curl` through its Bash tool (allowed, so it does run) against the owner socket and
    /// loopback TCP, trying to raise a device to `admin` and to start pairings with `admin` (issue 29, finding 1).
    @Suite(.timeLimit(.minutes(3))) struct OwnerSocketFromClaudeTests {
        /// The three attempts, each writing its HTTP status into `statuses` (one line each).
        static func attempts(socket: String, tcp: String, device: String, statuses: String) -> String {
            let write = "-s -o /dev/null -w '%{http_code}\\n'"
            return [
                "curl \(write) --unix-socket \(socket) -X PUT 'http://owner/devices/\(device)/scopes?set=read,control,admin'",
                "curl \(write) --unix-socket \(socket) -X POST -H 'Content-Type: application/json' "
                    + #"-d '{"scopes":["read","admin"]}' http://owner/pairing/start"#,
                "curl \(write) -X POST -H 'Content-Type: application/json' "
                    + #"-d '{"scopes":["read","admin"]}' \#(tcp)/companion/pairing/start"#,
            ].map { "\($0) >> \(statuses)" }.joined(separator: "; ")
        }

        @Test func aBashToolOfClaudeCannotRaiseScopesOrPairWithAdmin() async throws {
            let fixture = try SidecarFixture()
            defer { fixture.remove() }
            try await fixture.live { probe, running in
                let device = try await TestDevice().pair(probe)
                let statuses = fixture.directory.appendingPathComponent("statuses").path
                let command = Self.attempts(
                    socket: OwnerSocket.path(in: fixture.directory), tcp: running.baseURL.absoluteString,
                    device: device, statuses: statuses)
                let lower =
                    "curl -s -o /dev/null -w '%{http_code}\\n' --unix-socket \(OwnerSocket.path(in: fixture.directory)) "
                    + "-X PUT 'http://owner/devices/\(device)/scopes?set=read' >> \(statuses)"
                let endpoint = try ScriptedModelEndpoint { request in
                    if request.answersToolUse { return .text("Done.", pieces: 1) }
                    if request.lastUserPrompt == "raise the phone" { return .bash(command) }
                    if request.lastUserPrompt == "lower the phone" { return .bash(lower) }
                    return .text("OK", pieces: 1)
                }
                defer { endpoint.stop() }
                let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
                defer { sandbox.remove() }
                let project = try sandbox.makeProject("owner")
                let claude = try ClaudeCLIBinary.locate()
                func claudeRuns(_ prompt: String) async throws {
                    let run = try await ProcessRunner.run(
                        "/usr/bin/env",
                        ["-i", "-C", project] + sandbox.environment.map { "\($0.key)=\($0.value)" }
                            + [claude, "-p", prompt, "--allowedTools", "Bash", "--output-format", "text"],
                        timeout: 120)
                    #expect(run.status == 0, "\(run)")
                }
                try await claudeRuns("raise the phone")
                // The tool ran (each attempt wrote its status) and each was refused.
                let written = try String(contentsOfFile: statuses, encoding: .utf8)
                #expect(written.split(separator: "\n") == ["403", "403", "403"], "\(written)")
                #expect(try await fixture.sidecar.registry.devices().first?.scopeSet == DeviceScope.pairingDefault)
                let started = try await fixture.sidecar.registry.auditLog().filter { $0.event == .pairingStarted }
                #expect(started.count == 1, "only the test's own pairing started")

                // The same attempts from the test process itself (no agent above it): the owner's routes work, so
                // the refusal above is the ancestry check's; loopback TCP still refuses admin to everyone.
                try? FileManager.default.removeItem(atPath: statuses)
                let direct = try await ProcessRunner.run("/bin/sh", ["-c", command], timeout: TestDeadline.seconds)
                #expect(direct.status == 0, "\(direct)")
                let mine = try String(contentsOfFile: statuses, encoding: .utf8)
                #expect(mine.split(separator: "\n") == ["200", "200", "403"], "\(mine)")
                #expect(try await fixture.sidecar.registry.devices().first?.scopeSet == [.read, .control, .admin])

                // Lowering stays every owner process's: from the Bash tool too (a runaway agent may be narrowed).
                try? FileManager.default.removeItem(atPath: statuses)
                try await claudeRuns("lower the phone")
                #expect(try String(contentsOfFile: statuses, encoding: .utf8) == "200\n")
                #expect(try await fixture.sidecar.registry.devices().first?.scopeSet == [.read])
            }
        }
    }
}
