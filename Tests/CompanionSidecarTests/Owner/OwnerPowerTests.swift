import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

#if canImport(Glibc)
    import Glibc
#endif

/// Who may add power to devices (issue 29, finding 1): loopback TCP pairs only within the default scopes, the owner
/// socket pairs with any, and an agent's process (``PeerAncestry``) may not add power through it.
@Suite struct OwnerPowerTests {
    static func start(_ probe: HTTPProbe, scopes: [String], headers: [String: String] = [:]) async throws -> HTTPReply {
        try await probe.post(
            "/companion/pairing/start", try JSONSerialization.data(withJSONObject: ["scopes": scopes]),
            headers: headers.merging(["Content-Type": "application/json"]) { $1 })
    }

    @Test func loopbackTCPPairsOnlyWithinTheDefaultScopesAndNeverChoosesThemForABrowser() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            for scopes in [["read", "admin"], ["read", "tasks", "chat", "control"]] {
                let refused = try await Self.start(probe, scopes: scopes)
                #expect(refused.status == 403, "\(scopes)")
                #expect(String(decoding: refused.body, as: UTF8.self).contains("companion sidecar pair"))
            }
            let browser = try await Self.start(probe, scopes: ["read"], headers: ["Origin": "http://localhost:3000"])
            #expect(browser.status == 403)
            #expect(try await Self.start(probe, scopes: ["read", "tasks", "chat"]).status == 200)
            let audit = try await fixture.sidecar.registry.auditLog().filter { $0.event == .pairingStarted }
            #expect(audit.count == 1 && audit.first?.detail?.contains("admin") == false)
        }
    }

    @Test func theOwnerSocketPairsWithAdminForTheOwnersOwnProcess() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let started = try await ProcessRunner.run(
                "/usr/bin/curl",
                [
                    "-s", "--unix-socket", OwnerSocket.path(in: fixture.directory), "-X", "POST",
                    "-H", "Content-Type: application/json", "-d", #"{"scopes":["read","control","admin"]}"#,
                    "http://owner/pairing/start",
                ], timeout: TestDeadline.seconds)
            let answer = try CompanionJSON.decode(PairingStartResponse.self, from: Data(started.stdoutBytes))
            let device = TestDevice()
            let paired = try await probe.post(
                "/companion/pairing/complete", try device.completeBody(code: answer.code),
                headers: ["Content-Type": "application/json"])
            #expect(paired.status == 200, "\(String(decoding: paired.body, as: UTF8.self))")
            let devices = try await fixture.sidecar.registry.devices()
            #expect(devices.first?.scopeSet == [.read, .control, .admin])
        }
    }

    /// A fake `/proc`: each process a directory with `stat` and `environ`.
    struct FakeProc {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fake-proc-\(UUID().uuidString)")

        func add(_ pid: Int32, name: String, parent: Int32, environment: [String]) throws {
            let directory = root.appendingPathComponent(String(pid))
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("\(pid) (\(name)) S \(parent) \(pid) \(pid) 0 -1".utf8).write(
                to: directory.appendingPathComponent("stat"))
            try Data(environment.map { $0 + "\0" }.joined().utf8).write(to: directory.appendingPathComponent("environ"))
        }

        func refusal(_ pid: Int32) -> String? { PeerAncestry.refusal(pid: pid, proc: root.path) }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func anAgentAnywhereInTheAncestryRefusesAndAVanishedProcessToo() throws {
        let proc = FakeProc()
        defer { proc.remove() }
        try proc.add(1, name: "systemd", parent: 0, environment: ["HOME=/root"])
        try proc.add(10, name: "bash", parent: 1, environment: ["CLAUDECODE=0", "TERM=xterm"])
        try proc.add(11, name: "curl", parent: 10, environment: ["COMPANION_TEST_RUN=1"])
        #expect(proc.refusal(11) == nil)
        try proc.add(20, name: "claude", parent: 10, environment: [])
        try proc.add(21, name: "bash", parent: 20, environment: [])
        try proc.add(22, name: "curl", parent: 21, environment: [])
        #expect(proc.refusal(22)?.contains("Claude Code") == true)
        try proc.add(30, name: "node", parent: 10, environment: ["CLAUDECODE=1"])
        try proc.add(31, name: "env", parent: 30, environment: ["PATH=/bin"])
        #expect(proc.refusal(31)?.contains("CLAUDECODE") == true)
        for variable in ["COMPANION_TASK_ID", "COMPANION_AGENT_ID", "COMPANION_CLAUDE_RUN_ID"] {
            try proc.add(40, name: "sh", parent: 10, environment: ["\(variable)=x"])
            try proc.add(41, name: "daemon", parent: 40, environment: [])
            #expect(proc.refusal(41)?.contains(variable) == true, "\(variable)")
        }
        // A parent that vanished (or cannot be read) refuses.
        try proc.add(50, name: "orphan-ish", parent: 4242, environment: [])
        #expect(proc.refusal(50)?.contains("could not be read") == true)
        // An ancestor whose environment cannot be read (init, sshd) is checked by name; the caller's own must be read.
        try FileManager.default.removeItem(at: proc.root.appendingPathComponent("1/environ"))
        #expect(proc.refusal(11) == nil)
        try FileManager.default.removeItem(at: proc.root.appendingPathComponent("11/environ"))
        #expect(proc.refusal(11)?.contains("calling process 11") == true)
        // The test process itself runs under no agent (this suite is not run from Claude Code).
        #expect(PeerAncestry.refusal(pid: getpid()) == nil)
    }
}
