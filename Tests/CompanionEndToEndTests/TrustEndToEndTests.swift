import CompanionAPI
import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

/// Issue 6 end to end: the companion pins the sidecar named by the QR code, asks for the verification code
/// on the manual path, and no secret (private key, token, code) leaks into output, logs or files.
@Suite(.timeLimit(.minutes(3)))
struct TrustEndToEndTests {
    @Test func qrNamingAnotherSidecarIsRefused() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        var payload = try QRPayload.parse(start.qrPayload)
        #expect(payload.fingerprint != nil, "a CompanionKit sidecar puts its fingerprint in the QR code")
        payload.fingerprint = Ed25519KeyPair.generate().publicKey.fingerprint.description
        let image = try await QRImages.write(try payload.jsonString(), with: .companionQR)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let cli = CompanionCLI()
        let result = try await cli.run(["pair", "scan", image])
        #expect(result.status == Exit.trust, "\(result)")
        #expect(result.stderr.contains("not the one in the QR code"))
        let status = try await cli.run(["status"])
        #expect(status.status == Exit.notPaired, "nothing was stored: \(status)")
    }

    /// Pairing v1's manual path (`--pairing-version 1`; v2 needs no verification code).
    @Test func manualPathShowsTheWorkstationsVerificationCodeAndStopsWithoutConsent() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let declined = try await cli.run(
            ["pair", "code", try await sidecar.startPairing().code, "--url", sidecar.url, "--pairing-version", "1"],
            stdin: "n\n")
        #expect(declined.status == Exit.trust, "\(declined)")
        #expect(try await cli.run(["status"]).status == Exit.notPaired)

        let accepted = try await cli.run(
            ["pair", "code", try await sidecar.startPairing().code, "--url", sidecar.url, "--pairing-version", "1"],
            stdin: confirmsVerification)
        #expect(accepted.status == Exit.success, "\(accepted)")
        let shown = try #require(Self.verificationCode(in: accepted.stderr))
        let last = try await ProcessRunner.run("/usr/bin/curl", ["-s", sidecar.url + "/companion/pairing/last"])
        #expect(try last.json()["pairing"]?["verificationCode"]?.stringValue == shown)
    }

    @Test func noSecretLeaksIntoOutputLogsOrFiles() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("sidecar-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // Tasks too: the sidecar has an API key (from its environment) and runs each task's description, here
        // `env`, so the task's own environment is checked for secrets as well.
        let apiKey = "leak-test-key-\(UUID().uuidString)"
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("leak-key-\(UUID())")
        try apiKey.write(to: keyFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(
                logFile: log, arguments: ["--task-command", "sh -s"],
                environment: ["COMPANION_SIDECAR_API_KEY": apiKey]))
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        var outputs: [String] = []
        var secrets: [String] = [apiKey]
        var codes: [String] = []
        for round in 0..<2 {
            let start = try await sidecar.startPairing()
            let payload = try QRPayload.parse(start.qrPayload)
            codes.append(start.code)
            secrets.append(payload.token)
            let image = try await QRImages.write(start.qrPayload, with: .qrencodeCLI)
            defer { try? FileManager.default.removeItem(atPath: image) }
            let steps: [([String], String?)] = [
                (["pair", "scan", image], nil), (["status"], nil), (["devices", "list"], nil),
                (["keys", "show"], nil), (["keys", "audit"], nil),
                (["tasks", "create", "--title", "env \(round)", "--description", "env", "--start"], nil),
                (["tasks", "api-key", "--file", keyFile.path], nil), (["tasks", "list"], nil),
                (round == 0 ? ["disconnect"] : ["status"], nil),
            ]
            for (arguments, stdin) in steps {
                let result = try await cli.run(arguments, stdin: stdin)
                #expect(result.status == Exit.success, "\(arguments): \(result)")
                outputs += [result.stdout, result.stderr]
            }
        }
        #expect(outputs.joined().contains("COMPANION_TASK_ID="), "the tasks' environments were printed and checked")
        // The private key, as the vault holds it (never printed by us).
        let secretKey = try await Self.storedSecretKey(profile: cli.profile)
        if !secretKey.isEmpty {
            secrets += [Data(secretKey).base64EncodedString(), secretKey.map { String(format: "%02x", $0) }.joined()]
        }
        let sidecarLog = try String(contentsOf: log, encoding: .utf8)
        #expect(sidecarLog.contains("/companion/pairing/v2/confirm"), "the request log was captured")
        for secret in secrets + codes {
            for text in outputs + [sidecarLog] { #expect(!text.contains(secret), "a secret appears in output/logs") }
        }
        // Files: the sidecar's data directory and everything under the (temporary) HOME except the keyring, which
        // is the vault itself. Six-digit codes are left out here: any binary file may hold six such bytes.
        let home = URL(fileURLWithPath: ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory())
        // Only a temporary HOME (under scripts/with-keyring.sh) is scanned, never a developer's own.
        for root in TestKeyring.isAvailable ? [sidecar.dataDirectory, home] : [sidecar.dataDirectory] {
            for file in Self.files(under: root) where !file.path.contains("/keyrings/") {
                guard let bytes = try? Data(contentsOf: file) else { continue }
                for secret in secrets {
                    #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.path) holds a secret")
                }
                if !secretKey.isEmpty {
                    #expect(bytes.range(of: Data(secretKey)) == nil, "\(file.path) holds the raw private key")
                }
            }
        }
    }

    static func verificationCode(in text: String) -> String? {
        let pattern = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/
        return text.firstMatch(of: pattern).map { String($0.output) }
    }

    /// The 64-byte identity secret key of `profile`, read back with `secret-tool` (the standard tool).
    static func storedSecretKey(profile: String) async throws -> [UInt8] {
        guard TestKeyring.isAvailable else {
            // Without the keyring the vault is an encrypted file, whose bytes are ciphertext: no key to compare.
            return []
        }
        let result = try await ProcessRunner.run(
            "/usr/bin/secret-tool", ["lookup", "service", "companionkit", "profile", profile, "name", "identity"])
        let bytes = result.stdoutBytes
        #expect(bytes.count == 64, "secret-tool returns the 64-byte key")
        return bytes
    }

    static func files(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}
