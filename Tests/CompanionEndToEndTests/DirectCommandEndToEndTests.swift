import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionQR

/// The command lines `companion` runs without ArgumentParser (`DirectCommand`: `qr decode FILE...`, `keys show`)
/// behave exactly as when ArgumentParser parses them: each is run both ways, the parsed way forced by words that
/// change nothing (`--` before the files, the profile passed as `--profile`), and output and exit status compared.
@Suite struct DirectCommandEndToEndTests {
    /// Runs `direct` and `parsed` and expects the same exit status, standard output and standard error.
    static func expectSame(
        _ direct: [String], _ parsed: [String], environment: [String: String?] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ProcessRunner.Result {
        let binary = TestPaths.companionBinary.path
        let first = try await ProcessRunner.run(binary, direct, environment: environment)
        let second = try await ProcessRunner.run(binary, parsed, environment: environment)
        #expect(
            first.status == second.status, "\(direct): \(first)\n\(parsed): \(second)", sourceLocation: sourceLocation)
        #expect(first.stdoutBytes == second.stdoutBytes, "\(direct) and \(parsed)", sourceLocation: sourceLocation)
        #expect(first.stderr == second.stderr, "\(direct) and \(parsed)", sourceLocation: sourceLocation)
        return first
    }

    @Test func qrDecodeOfEveryKindOfFileMatchesTheParsedCommand() async throws {
        let directory = try TestPaths.temporaryDirectory("direct-qr")
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let good = TestPaths.testVectors.appendingPathComponent("qr/utf8.png").path
        let blank = try file(
            "blank image.png", try QRPNGWriter.encodePNG(GrayImage(width: 40, height: 40, filledWith: 255)))
        let text = try file("notes.txt", Array("not an image".utf8))
        let missing = directory.appendingPathComponent("help").path

        let one = try await Self.expectSame(["qr", "decode", good], ["qr", "decode", "--", good])
        #expect(one.status == 0 && one.stdout.contains("東京タワー"), "\(one)")
        let several = try await Self.expectSame(
            ["qr", "decode", good, blank, text, missing, good],
            ["qr", "decode", "--", good, blank, text, missing, good])
        #expect(several.status == 8, "\(several)")
        #expect(several.stdout.hasPrefix(good + ": "), "\(several)")
        #expect(several.stderr.contains("blank image.png") && several.stderr.contains("notes.txt"), "\(several)")
        let unreadable = try await Self.expectSame(["qr", "decode", text], ["qr", "decode", "--", text])
        #expect(unreadable.status == 9, "\(unreadable)")
    }

    @Test(.enabled(if: TestKeyring.isAvailable, "needs a real keyring: run under scripts/with-keyring.sh"))
    func keysShowMatchesTheParsedCommand() async throws {
        let profile = TestKeyring.uniqueProfile()
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        let environment: [String: String?] = ["COMPANION_VAULT": "secret-service", "COMPANION_PROFILE": profile]

        let empty = try await Self.expectSame(
            ["keys", "show"], ["keys", "show", "--profile", profile], environment: environment)
        #expect(empty.status == 1 && empty.stderr.contains("keys init"), "\(empty)")

        let created = try await ProcessRunner.run(
            TestPaths.companionBinary.path, ["keys", "init"], environment: environment)
        #expect(created.status == 0, "\(created)")
        let shown = try await Self.expectSame(
            ["keys", "show"], ["keys", "show", "--profile", profile], environment: environment)
        #expect(shown.status == 0 && shown.stdout.contains("Device identity (Ed25519)"), "\(shown)")
        #expect(shown.stdout.contains(profile), "\(shown)")
    }

    @Test func anInvalidSettingsFileStopsTheDirectCommandAsItStopsTheParsedOne() async throws {
        let directory = try TestPaths.temporaryDirectory("direct-settings")
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = directory.appendingPathComponent("config.toml")
        try Data("vualt = \"file\"\n".utf8).write(to: settings)
        let good = TestPaths.testVectors.appendingPathComponent("qr/utf8.png").path
        let result = try await Self.expectSame(
            ["qr", "decode", good], ["qr", "decode", "--", good], environment: ["COMPANION_CONFIG": settings.path])
        #expect(result.status == 64 && result.stderr.contains("vualt"), "\(result)")
    }

    @Test(.timeLimit(.minutes(3)))
    func statusMatchesTheParsedCommand() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        // `--interval` only matters with `--watch`: given its default, it only makes ArgumentParser parse.
        let parsed = ["status", "--interval", "2"]
        func same() async throws -> ProcessRunner.Result {
            let direct = try await cli.run(["status"])
            let other = try await cli.run(parsed)
            // Every signed request moves the device's "last seen", and "(3 s ago)" may have become "(4 s ago)"
            // between the two runs; the audit witness line says what this device saw before (the first status
            // records the head, the next compares with it: AuditWitnessEndToEndTests); an unreachable workstation's
            // last-known state says how old it is ("stale: seen 5 s ago"); everything else is the same.
            func stable(_ text: String) -> [String] {
                text.split(separator: "\n").filter { !$0.hasPrefix("Last seen") && !$0.hasPrefix("Audit log:") }.map {
                    line in
                    if let stale = line.range(of: " (stale: ") { return String(line[..<stale.lowerBound]) }
                    guard line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return String(line) }
                    return String(line[..<open])
                }
            }
            #expect(direct.status == other.status, "\(direct)\n\(other)")
            #expect(stable(direct.stdout) == stable(other.stdout), "\(direct)\n\(other)")
            #expect(direct.stderr == other.stderr, "\(direct)\n\(other)")
            return direct
        }

        let unpaired = try await same()
        #expect(unpaired.status == Exit.notPaired, "\(unpaired)")
        let paired = try await cli.run(
            ["pair", "code", try await sidecar.startPairing().code, "--url", sidecar.url, "--name", "Tablet"],
            stdin: confirmsVerification)
        #expect(paired.status == Exit.success, "\(paired)")
        let shown = try await same()
        #expect(shown.status == Exit.success && shown.stdout.contains("Tablet (this device)"), "\(shown)")
        await sidecar.stopAndWait()
        let unreachable = try await same()
        #expect(unreachable.status == Exit.network, "\(unreachable)")
    }
}
