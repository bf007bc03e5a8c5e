import CompanionTestSupport
import Foundation
import Testing

/// Acceptance criteria: pair via QR without typing a name, pair via manual code, status shows the device name
/// from the server, the keypair survives a cold restart. Real binary, real sidecar, real keyring.
@Suite(.timeLimit(.minutes(3)))
struct PairingEndToEndTests {
    static let hostName = ProcessInfo.processInfo.hostName

    @Test(arguments: QRImages.Encoder.allCases)
    func pairViaQRImageWithoutTypingAName(encoder: QRImages.Encoder) async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing()
        let image = try await QRImages.write(start.qrPayload, with: encoder)
        defer { try? FileManager.default.removeItem(atPath: image) }

        // No --name, no --url, nothing stored: everything comes from the QR code and the host name.
        let (result, json) = try await cli.json(["pair", "scan", image])
        #expect(result.status == Exit.success, "\(result)")
        #expect(json["paired"] == .bool(true))
        #expect(json["method"] == .string("qr"))
        #expect(json["device"]?["name"] == .string(Self.hostName))
        #expect(json["sidecarURL"] == .string(sidecar.url))
        #expect(!result.stdout.contains(start.code), "the full code is never printed")

        let status = try await sidecar.client().status()
        #expect(status.connected && status.connectedDevice?.name == Self.hostName)
    }

    @Test func humanOutputOfAQRPairing() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing()
        let image = try await QRImages.write(start.qrPayload, with: .qrencodeCLI)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let result = try await cli.run(["pair", "scan", image])
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stdout.contains("code expires in"), "shows the time left")
        #expect(result.stdout.contains("•••••\(start.code.suffix(1))"), "shows only the last digit")
        #expect(result.stdout.contains("Paired with workstation"))
        #expect(!result.stdout.contains(start.code))
        #expect(!result.stdout.contains("\u{1B}"), "no escape sequences when not on a terminal")
    }

    @Test func pairViaManualCode() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let connect = try await cli.run(["connect", sidecar.url])
        #expect(connect.status == Exit.success, "\(connect)")
        #expect(connect.stdout.contains("disconnected"))
        let start = try await sidecar.startPairing()
        let (result, json) = try await cli.json(
            ["pair", "code", start.code, "--name", "Pixel 9"], stdin: confirmsVerification)
        #expect(result.status == Exit.success, "\(result)")
        #expect(json["method"] == .string("manual"))
        #expect(json["device"]?["name"] == .string("Pixel 9"))
    }

    /// Pairing v1's manual path without a terminal or an answer on standard input: `--yes` accepts the
    /// verification code (and still prints it), `--verification-code` compares it: the right one pairs, a wrong
    /// one exits 11 and stores no pairing.
    @Test func nonInteractiveVersion1PairingWithYesOrTheVerificationCode() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let version1 = ["--url", sidecar.url, "--pairing-version", "1"]
        let accepted = try await cli.run(
            ["pair", "code", try await sidecar.startPairing().code, "--yes"] + version1, stdin: "")
        #expect(accepted.status == Exit.success, "\(accepted)")
        let shown = try #require(try await sidecar.client().lastPairing()?.verificationCode)
        #expect(accepted.stderr.contains("verification code \(shown) accepted without comparing"), "\(accepted)")

        // The code derives from both keys, so pairing this device again shows the same one on the workstation.
        let (matched, matchedJSON) = try await cli.json(
            ["pair", "code", try await sidecar.startPairing().code, "--verification-code", shown] + version1,
            stdin: "")
        #expect(matched.status == Exit.success, "\(matched)")
        #expect(matchedJSON["pairingVersion"]?.description == "1" && matchedJSON["paired"] == .bool(true), "\(matched)")

        let stranger = CompanionCLI()
        let wrong = shown.first == "0" ? "1111-1111" : "0000-0000"
        let (mismatched, mismatchedJSON) = try await stranger.json(
            ["pair", "code", try await sidecar.startPairing().code, "--verification-code", wrong] + version1,
            stdin: "")
        #expect(mismatched.status == Exit.trust, "\(mismatched)")
        #expect(mismatched.stderr.contains("verification code does not match"), "\(mismatched)")
        #expect(mismatchedJSON["error"]?["exitCode"]?.description == "11", "\(mismatched)")
        let (_, status) = try await stranger.json(["status", "--url", sidecar.url])
        #expect(status["thisDevice"] == .null, "a refused pairing is not stored: \(status)")
    }

    @Test func statusShowsTheConnectedDeviceNameFromTheServer() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing()
        let paired = try await cli.run(
            ["pair", "code", start.code, "--url", sidecar.url, "--name", "Tablet"], stdin: confirmsVerification)
        #expect(paired.status == Exit.success, "\(paired)")
        let serverName = try await sidecar.client().status().connectedDevice?.name
        #expect(serverName == "Tablet")

        let (result, json) = try await cli.json(["status"])
        #expect(result.status == Exit.success, "\(result)")
        #expect(json["connected"] == .bool(true))
        #expect(json["connectedDevice"]?["name"] == .string("Tablet"))
        #expect(json["thisDeviceConnected"] == .bool(true))
        let human = try await cli.run(["status"])
        #expect(human.stdout.contains("Tablet (this device)"), "\(human)")
        #expect(human.stdout.contains("connected"))
    }

    @Test func keypairSurvivesAColdRestart() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let first = try await cli.json(
            [
                "pair", "code", try await sidecar.startPairing().code, "--url", sidecar.url,
            ], stdin: confirmsVerification)
        #expect(first.0.status == Exit.success, "\(first.0)")
        #expect(first.1["identityCreated"] == .bool(true))
        let fingerprint = try #require(first.1["identityFingerprint"]?.stringValue)

        // A new process finds the same key in the vault: pairing again is the same device to the sidecar.
        let second = try await cli.json(
            ["pair", "code", try await sidecar.startPairing().code], stdin: confirmsVerification)
        #expect(second.0.status == Exit.success, "\(second.0)")
        #expect(second.1["identityCreated"] == .bool(false))
        #expect(second.1["identityFingerprint"] == .string(fingerprint))
        #expect(second.1["device"]?["id"] == first.1["device"]?["id"])
        let devices = try await cli.json(["devices", "list"])
        #expect(devices.1["devices"]?.arrayValue?.count == 1, "\(devices.0)")
        let status = try await cli.json(["status"])
        #expect(status.1["thisDevice"]?["deviceId"] == first.1["device"]?["id"])
    }
}
