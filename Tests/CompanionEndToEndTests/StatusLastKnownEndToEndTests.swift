import CompanionTestSupport
import Foundation
import Testing

/// The orca connection flow's last step: a workstation that cannot be reached is shown "offline with last-known
/// status". `companion status` then prints the state it saw last, marked stale with its age (text, or `lastKnown`
/// in the `--json` failure document), and still exits 4 (network) as docs/exit-codes.md says.
@Suite(.timeLimit(.minutes(3)))
struct StatusLastKnownEndToEndTests {
    @Test func anUnreachableWorkstationShowsTheLastKnownStateMarkedStale() async throws {
        let state = try TestPaths.temporaryDirectory("status-state")
        defer { try? FileManager.default.removeItem(at: state) }
        let cli = CompanionCLI(environment: ["XDG_STATE_HOME": state.path])
        let sidecar = try await SidecarProcess.start()
        let url = sidecar.url
        do {
            _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone")
            let seen = try await cli.run(["status"])
            #expect(seen.status == Exit.success, "\(seen)")
        }
        await sidecar.stopAndWait()
        let file = state.appendingPathComponent("companionkit/\(cli.profile)/last-status.json")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Public data only: what status prints (names, ids, times, scopes), no token, key or pairing secret.
        let kept = try JSONValue.parse(Data(contentsOf: file))
        guard case .object(let members) = kept, case .object(let device)? = kept["connectedDevice"] else {
            Issue.record("not the state status prints: \(kept)")
            return
        }
        #expect(
            Set(members.keys) == ["sidecarURL", "connected", "connectedDevice", "thisDeviceConnected", "observedAt"])
        #expect(Set(device.keys).isSubset(of: ["id", "name", "connectedAt", "pairedAt", "lastSeenAt", "scopes"]))

        let text = try await cli.run(["status"])
        #expect(text.status == Exit.network, "\(text)")
        #expect(text.stdout.contains("Workstation unreachable. Last known state (stale: seen "), "\(text.stdout)")
        let age = #"stale: seen [0-9]+ s ago, at [0-9]{4}-[0-9]{2}-[0-9]{2}T"#
        #expect(text.stdout.range(of: age, options: .regularExpression) != nil, "\(text.stdout)")
        #expect(text.stdout.contains("Status:       connected") && text.stdout.contains("Phone (this device)"))
        #expect(!text.stderr.isEmpty, "the failure and its hint still go to standard error")

        let (failed, document) = try await cli.json(["status"])
        #expect(failed.status == Exit.network, "\(failed)")
        #expect(document["ok"] == .bool(false) && document["error"]?["code"]?.stringValue == "network")
        let last = try #require(document["lastKnown"], "\(document)")
        #expect(last["stale"] == .bool(true) && last["connected"] == .bool(true))
        #expect(last["thisDeviceConnected"] == .bool(true) && last["sidecarURL"]?.stringValue == url)
        #expect(last["connectedDevice"]?["name"]?.stringValue == "Phone")
        guard case .integer(let age)? = last["ageSeconds"] else {
            Issue.record("no ageSeconds: \(last)")
            return
        }
        #expect(age >= 0 && age < 600)

        // Another unreachable sidecar, never seen: the failure alone, as before.
        let (other, otherDocument) = try await cli.json(["status", "--url", "http://127.0.0.1:9"])
        #expect(other.status == Exit.network && otherDocument["lastKnown"] == nil, "\(otherDocument)")
        let otherText = try await cli.run(["status", "--url", "http://127.0.0.1:9"])
        #expect(!otherText.stdout.contains("Last known"), "\(otherText)")
    }
}
