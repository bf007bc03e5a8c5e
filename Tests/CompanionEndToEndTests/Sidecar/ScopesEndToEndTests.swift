import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// Scopes end to end through the CLI: the workstation pairs a device with `companion sidecar pair --scopes read`,
/// and that device can look but not start tasks or answer agents' permission requests.
@Suite struct ScopesEndToEndTests {
    @Test func aReadDevicePairedWithSidecarPairScopesCannotStartTasksOrApprove() async throws {
        let sidecar = try await SidecarProcess.start(.tasks())
        defer { sidecar.stop() }
        let pair = try ProcessRunner.spawn(
            TestPaths.companionBinary.path, ["sidecar", "pair", "--url", sidecar.url, "--scopes", "read", "--json"])
        defer { pair.kill(SIGKILL) }
        try await pair.waitForOutput { out, _ in out.contains("\n") }
        let started = try JSONValue.parse(String(pair.stdout.prefix { $0 != "\n" }))
        let code = try #require(started["code"]?.stringValue)
        // A real sidecar's QR payload announces pairing v2 (downgrade protection for whoever scans it).
        let payload = try QRPayload.parse(try #require(started["qrPayload"]?.stringValue))
        #expect(payload.pairingVersion == 2 && payload.fingerprint != nil, "\(payload)")

        let reader = CompanionCLI()
        let (paired, outcome) = try await reader.json(
            ["pair", "code", code, "--url", sidecar.url, "--name", "reader"])
        #expect(paired.status == Exit.success, "\(paired)")
        #expect(outcome["pairingVersion"] == .integer(2))
        let readerID = try #require(outcome["device"]?["id"]?.stringValue)
        #expect(outcome["device"]?["scopes"]?.arrayValue?.compactMap(\.stringValue) == ["read"], "\(outcome)")
        let shown = try await pair.finish(timeout: 30)
        #expect(shown.status == Exit.success, "\(shown)")
        #expect(shown.stdout.contains(#""event":"paired""#) && shown.stdout.contains(readerID), "\(shown)")

        // Someone allowed to (the API key) creates a task; the reader sees it but cannot start it or make another.
        let created = try await CompanionCLI.taskKey.run([
            "tasks", "create", "--url", sidecar.url, "--title", "scoped", "--description", "echo hi", "--json",
        ])
        #expect(created.status == Exit.success, "\(created)")
        let task = try #require(try created.json()["task"]?["id"]?.stringValue)
        let listed = try await reader.run(["tasks", "list"])
        #expect(listed.status == Exit.success && listed.stdout.contains(task), "\(listed)")
        for command in [
            ["tasks", "start", task], ["tasks", "create", "--title", "mine", "--description", "echo no", "--start"],
        ] {
            let refused = try await reader.run(command)
            #expect(refused.status != Exit.success, "\(command): \(refused)")
            #expect(refused.stderr.contains("lacks the 'tasks' scope"), "\(command): \(refused)")
            #expect(refused.stderr.contains("companion sidecar devices scope \(readerID) read,tasks"), "\(refused)")
        }
        // Approving or denying an agent's permission request needs `control`: refused before any request is looked up.
        for verb in ["approve", "deny"] {
            let refused = try await reader.run([verb, "ap-\(UUID().uuidString.prefix(8))"])
            #expect(refused.status != Exit.success, "\(verb): \(refused)")
            #expect(refused.stderr.contains("lacks the 'control' scope"), "\(verb): \(refused)")
        }
        let status = try await CompanionCLI.taskKey.run(["tasks", "show", task, "--url", sidecar.url, "--json"])
        #expect(try status.json()["task"]?["status"]?.stringValue == "queued", "\(status)")
    }
}
