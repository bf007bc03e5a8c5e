import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// Acceptance criteria: disconnect updates status at once; the devices list loads and revoke works; revoking
/// the connected device (this one) returns to disconnected, locally too.
@Suite(.timeLimit(.minutes(3)))
struct ConnectionEndToEndTests {
    /// A sidecar with `cli` paired to it under `name`; returns the device id.
    static func pair(
        _ cli: CompanionCLI, _ sidecar: SidecarProcess, name: String, scopes: Set<DeviceScope>? = nil
    ) async throws -> String {
        let start = try await sidecar.startPairing(scopes: scopes)
        let (result, json) = try await cli.json(
            ["pair", "code", start.code, "--url", sidecar.url, "--name", name], stdin: confirmsVerification)
        #expect(result.status == Exit.success, "\(result)")
        return try #require(json["device"]?["id"]?.stringValue)
    }

    @Test func disconnectUpdatesStatusImmediately() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        _ = try await Self.pair(cli, sidecar, name: "Phone")
        #expect(try await cli.json(["status"]).1["connected"] == .bool(true))

        let (result, json) = try await cli.json(["disconnect"])
        #expect(result.status == Exit.success, "\(result)")
        #expect(json["connected"] == .bool(false))
        #expect(json["connectedDevice"] == .null)
        // The very next status, from a new process, already shows it.
        let status = try await cli.run(["status"])
        #expect(status.status == Exit.success)
        #expect(status.stdout.contains("disconnected"), "\(status)")
        #expect(status.stdout.contains("paired as Phone"), "the device stays trusted after a disconnect")
        #expect(try await sidecar.client().status().connected == false)
    }

    @Test func devicesListLoadsAndRevokeWorks() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let phone = CompanionCLI()
        let tablet = CompanionCLI()
        // Revoking another device needs the admin scope, which a pairing grants only when asked.
        let phoneID = try await Self.pair(phone, sidecar, name: "Phone", scopes: DeviceScope.all)
        let tabletID = try await Self.pair(tablet, sidecar, name: "Tablet")

        let (listed, json) = try await phone.json(["devices", "list"])
        #expect(listed.status == Exit.success, "\(listed)")
        let ids = json["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(Set(ids ?? []) == [phoneID, tabletID])
        #expect(json["thisDeviceId"] == .string(phoneID))
        let table = try await phone.run(["devices", "list"])
        #expect(table.stdout.contains("Phone (this device)") && table.stdout.contains("Tablet"), "\(table)")

        // Revoke the other device: it disappears, this one stays paired.
        let (revoked, answer) = try await phone.json(["devices", "revoke", tabletID])
        #expect(revoked.status == Exit.success, "\(revoked)")
        #expect(answer["thisDevice"] == .bool(false))
        let after = try await phone.json(["devices", "list"]).1["devices"]?.arrayValue?.compactMap {
            $0["id"]?.stringValue
        }
        #expect(after == [phoneID])
        #expect(try await phone.json(["status"]).1["thisDevice"]?["deviceId"] == .string(phoneID))
        // The revoked tablet's next (signed) status says so, instead of showing it as still paired.
        FailureOutput.expect(try await tablet.run(["status"]), status: Exit.notPaired, mentioning: "revoked")

        // Revoking an id that does not exist is a clear server error.
        let missing = try await phone.run(["devices", "revoke", tabletID])
        #expect(missing.status == Exit.server, "\(missing)")
        #expect(missing.stderr.split(separator: "\n").first?.hasPrefix("companion: error:") == true)
    }

    @Test func revokingTheConnectedDeviceReturnsToDisconnected() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let id = try await Self.pair(cli, sidecar, name: "Phone")
        #expect(try await cli.json(["status"]).1["thisDeviceConnected"] == .bool(true))

        let (result, json) = try await cli.json(["devices", "revoke", id])
        #expect(result.status == Exit.success, "\(result)")
        #expect(json["thisDevice"] == .bool(true))
        #expect(json["status"]?["connected"] == .bool(false))
        #expect(json["status"]?["thisDevice"] == .null)

        let (status, statusJSON) = try await cli.json(["status"])
        #expect(status.status == Exit.success)
        #expect(statusJSON["connected"] == .bool(false))
        #expect(statusJSON["thisDevice"] == .null, "the local pairing is forgotten")
        #expect(try await sidecar.client().status().connected == false)
    }
}
