import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The workstation owner in control: `companion sidecar devices list|revoke` and `companion sidecar audit`,
/// without pairing, against a real sidecar process and a real paired companion.
@Suite struct OwnerControlEndToEndTests {
    /// Pairs a fresh companion with `sidecar` by scanning its QR code; returns the companion and its device id.
    static func pairedCompanion(with sidecar: SidecarProcess) async throws -> (CompanionCLI, String) {
        let start = try await sidecar.startPairing()
        let image = try await QRImages.write(start.qrPayload, with: .qrencodeCLI)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let cli = CompanionCLI()
        let paired = try await cli.run(["pair", "scan", image])
        #expect(paired.status == Exit.success, "\(paired)")
        let (_, status) = try await cli.json(["status"])
        let id = try #require(status["thisDevice"]?["deviceId"]?.stringValue)
        return (cli, id)
    }

    /// Runs an owner command with `--data-dir` and `--json`, with `sidecar`'s vault profile (its audit key) if any.
    static func owner(_ arguments: [String], dataDirectory: URL, sidecar: SidecarProcess? = nil) async throws
        -> (ProcessRunner.Result, JSONValue)
    {
        var environment: [String: String?] = [:]
        if case .keyringProfile(let profile)? = sidecar?.options.identity {
            environment = ["COMPANION_SIDECAR_PROFILE": profile, "COMPANION_VAULT": "secret-service"]
        }
        let result = try await CompanionCLI(environment: environment).run(
            arguments + ["--data-dir", dataDirectory.path, "--json"])
        return (result, try result.json())
    }

    @Test func tablesFitTheTerminalAndWideShowsEverything() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        defer { sidecar.stop() }
        let (cli, id) = try await Self.pairedCompanion(with: sidecar)
        let narrow = CompanionCLI(environment: ["COLUMNS": "40"])
        let owner = try await narrow.run(["sidecar", "devices", "list", "--data-dir", sidecar.dataDirectory.path])
        #expect(owner.status == Exit.success, "\(owner)")
        let ownerLines = owner.stdout.split(separator: "\n")
        #expect(ownerLines.count >= 2 && ownerLines.allSatisfy { $0.count <= 40 }, "\(owner.stdout)")
        #expect(owner.stdout.contains("…") && !owner.stdout.contains(id), "\(owner.stdout)")
        let wide = try await narrow.run([
            "sidecar", "devices", "list", "--data-dir", sidecar.dataDirectory.path, "--wide",
        ])
        #expect(wide.stdout.contains(id), "\(wide.stdout)")
        // The paired companion's own listing too (its vault profile, with the narrow terminal).
        let mine = try await CompanionCLI(profile: cli.profile, environment: ["COLUMNS": "40"]).run(["devices", "list"])
        #expect(mine.status == Exit.success, "\(mine)")
        #expect(mine.stdout.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(mine.stdout)")
        #expect(try await cli.run(["devices", "list", "--wide"]).stdout.contains(id))
    }

    @Test func scopingThroughTheOwnerSocketAppliesAtOnceAndKeepsTheAuditChain() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        defer { sidecar.stop() }
        let (cli, id) = try await Self.pairedCompanion(with: sidecar)
        #expect(try await cli.run(["devices", "list"]).status == Exit.success)

        let (narrow, narrowed) = try await Self.owner(
            ["sidecar", "devices", "scope", id, "tasks"], dataDirectory: sidecar.dataDirectory)
        #expect(narrow.status == Exit.success, "\(narrow)")
        #expect(narrowed["scopes"]?.stringValue == "tasks")
        // The running sidecar applies it to the very next request: listing devices needs `read`.
        let refused = try await cli.run(["devices", "list"])
        #expect(refused.status != Exit.success, "\(refused)")
        #expect(refused.stderr.contains("'read' scope"), "\(refused)")
        #expect(refused.stderr.contains("companion sidecar devices scope \(id) read,tasks"), "\(refused)")

        let (widen, _) = try await Self.owner(
            ["sidecar", "devices", "scope", id, "read,tasks"], dataDirectory: sidecar.dataDirectory)
        #expect(widen.status == Exit.success, "\(widen)")
        #expect(try await cli.run(["devices", "list"]).status == Exit.success)

        // Unknown scopes and unknown devices: clear errors, nothing changed.
        let (bad, _) = try await Self.owner(
            ["sidecar", "devices", "scope", id, "read,root"], dataDirectory: sidecar.dataDirectory)
        #expect(bad.status == Exit.usage, "\(bad)")
        let (missing, _) = try await Self.owner(
            ["sidecar", "devices", "scope", String(repeating: "0", count: 32), "read"],
            dataDirectory: sidecar.dataDirectory)
        #expect(missing.status != Exit.success, "\(missing)")

        // Both changes are in the audit log, and its hash chain is whole.
        let (verify, audit) = try await Self.owner(
            ["sidecar", "audit", "--verify"], dataDirectory: sidecar.dataDirectory)
        #expect(verify.status == Exit.success, "\(verify)")
        #expect(audit["verification"]?["intact"]?.boolValue == true, "\(audit)")
        let changes = try #require(audit["entries"]?.arrayValue).filter { $0["event"]?.stringValue == "scopes_changed" }
        #expect(changes.map { $0["detail"]?.stringValue } == ["tasks", "read,tasks"])
    }

    /// The companion shows scopes: `sidecar devices list`, `devices list` and `status`, as JSON and as text, the
    /// default ones after pairing and the owner's choice after a change.
    @Test func listingsAndStatusShowEachDevicesScopes() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        defer { sidecar.stop() }
        let (cli, _) = try await Self.pairedCompanion(with: sidecar)
        func scopes(_ value: JSONValue?) -> [String]? { value?.arrayValue?.compactMap(\.stringValue) }
        let (_, paired) = try await Self.owner(["sidecar", "devices", "list"], dataDirectory: sidecar.dataDirectory)
        #expect(scopes(paired["devices"]?.arrayValue?.first?["scopes"]) == ["read", "tasks", "chat"], "\(paired)")
        let id = try #require(paired["devices"]?.arrayValue?.first?["id"]?.stringValue)
        let (scoped, _) = try await Self.owner(
            ["sidecar", "devices", "scope", id, "control,read"], dataDirectory: sidecar.dataDirectory)
        #expect(scoped.status == Exit.success, "\(scoped)")

        let (_, owner) = try await Self.owner(["sidecar", "devices", "list"], dataDirectory: sidecar.dataDirectory)
        #expect(scopes(owner["devices"]?.arrayValue?.first?["scopes"]) == ["read", "control"], "\(owner)")
        let ownerTable = try await CompanionCLI().run([
            "sidecar", "devices", "list", "--data-dir", sidecar.dataDirectory.path, "--wide",
        ])
        #expect(ownerTable.stdout.contains("SCOPES") && ownerTable.stdout.contains("read,control"), "\(ownerTable)")

        let (_, mine) = try await cli.json(["devices", "list"])
        #expect(scopes(mine["devices"]?.arrayValue?.first?["scopes"]) == ["read", "control"], "\(mine)")
        let mineTable = try await cli.run(["devices", "list", "--wide"])
        #expect(mineTable.stdout.contains("SCOPES") && mineTable.stdout.contains("read,control"), "\(mineTable)")

        let (_, status) = try await cli.json(["status"])
        #expect(scopes(status["connectedDevice"]?["scopes"]) == ["read", "control"], "\(status)")
        let statusText = try await cli.run(["status"])
        #expect(statusText.stdout.contains("Scopes:       read,control"), "\(statusText)")
    }

    @Test func revokingThroughTheOwnerSocketRefusesTheDeviceAtOnce() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        defer { sidecar.stop() }
        let (cli, id) = try await Self.pairedCompanion(with: sidecar)

        let socket = sidecar.dataDirectory.appendingPathComponent("owner.sock").path
        let mode = try FileManager.default.attributesOfItem(atPath: socket)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let (list, devices) = try await Self.owner(
            ["sidecar", "devices", "list"], dataDirectory: sidecar.dataDirectory)
        #expect(list.status == Exit.success, "\(list)")
        #expect(devices["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [id])

        let (revoke, revoked) = try await Self.owner(
            ["sidecar", "devices", "revoke", id], dataDirectory: sidecar.dataDirectory)
        #expect(revoke.status == Exit.success, "\(revoke)")
        #expect(revoked["revoked"]?.stringValue == id)
        // The running sidecar acts at once: the companion's next signed request is refused.
        let status = try await cli.run(["status"])
        #expect(status.status == Exit.notPaired, "\(status)")

        let (_, audit) = try await Self.owner(["sidecar", "audit"], dataDirectory: sidecar.dataDirectory)
        let rows = try #require(audit["entries"]?.arrayValue)
        #expect(rows.contains { $0["event"]?.stringValue == "revoked" && $0["peer"]?.stringValue == "owner" })
        #expect(rows.contains { $0["event"]?.stringValue == "paired" && $0["deviceId"]?.stringValue == id })

        // Revoking it again: a clear error, as JSON on stdout too, exit 5.
        let (again, failure) = try await Self.owner(
            ["sidecar", "devices", "revoke", id], dataDirectory: sidecar.dataDirectory)
        #expect(again.status == Exit.server, "\(again)")
        #expect(failure["ok"]?.boolValue == false)
        #expect(failure["error"]?["code"]?.stringValue == "server")
        #expect(again.stderr.contains("sidecar devices list"))
    }

    @Test func withTheSidecarStoppedTheRegistryIsChangedDirectly() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        let (cli, id) = try await Self.pairedCompanion(with: sidecar)
        #expect(try await sidecar.terminate() == 0)
        #expect(
            !FileManager.default.fileExists(atPath: sidecar.dataDirectory.appendingPathComponent("owner.sock").path))

        let (list, devices) = try await Self.owner(
            ["sidecar", "devices", "list"], dataDirectory: sidecar.dataDirectory)
        #expect(list.status == Exit.success, "\(list)")
        #expect(devices["devices"]?.arrayValue?.count == 1)
        if case .keyringProfile = sidecar.options.identity {
            let (keyless, _) = try await Self.owner(
                ["sidecar", "devices", "revoke", id], dataDirectory: sidecar.dataDirectory)
            #expect(keyless.status == Exit.vault && keyless.stderr.contains("audit key"), "keyless: \(keyless)")
        }
        let (revoke, _) = try await Self.owner(
            ["sidecar", "devices", "revoke", id], dataDirectory: sidecar.dataDirectory, sidecar: sidecar)
        #expect(revoke.status == Exit.success, "\(revoke)")

        let restarted = try await sidecar.restart()
        defer { restarted.stop() }
        let status = try await cli.run(["status"])
        #expect(status.status == Exit.notPaired, "\(status)")
        let (_, audit) = try await Self.owner(
            ["sidecar", "audit", "--limit", "1"], dataDirectory: sidecar.dataDirectory)
        #expect(audit["entries"]?.arrayValue?.map { $0["event"]?.stringValue } == ["revoked"])
    }

    @Test func aDataDirectoryNoSidecarUsedIsAClearError() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-sidecar-\(UUID().uuidString)")
        let (result, json) = try await Self.owner(["sidecar", "devices", "list"], dataDirectory: missing)
        #expect(result.status == Exit.failure, "\(result)")
        #expect(json["error"]?["message"]?.stringValue?.contains("no sidecar has used") == true)
        #expect(result.stderr.contains("companion sidecar serve"))
        #expect(!FileManager.default.fileExists(atPath: missing.path), "nothing is created")
    }
}
