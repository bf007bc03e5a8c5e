import CompanionTestSupport
import Foundation
import Testing

/// `--confirm`: the QR screen's "Complete Pairing" button. The countdown redraws in place on a terminal and
/// prints plain lines otherwise; no confirmation means no pairing.
@Suite(.timeLimit(.minutes(3)))
struct ConfirmEndToEndTests {
    @Test func enterCompletesThePairing() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        let result = try await CompanionCLI().run(
            ["pair", "code", start.code, "--url", sidecar.url, "--confirm"], stdin: "\n" + confirmsVerification)
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stdout.contains("press Enter to complete pairing"))
        #expect(try await sidecar.client().status().connected)
    }

    @Test func noConfirmationMeansNoPairing() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        let result = try await CompanionCLI().run(["pair", "code", start.code, "--url", sidecar.url, "--confirm"])
        FailureOutput.expect(result, status: Exit.failure, mentioning: "cancelled")
        #expect(try await sidecar.client().status().connected == false)
    }

    @Test func countdownPrintsPlainLinesWhenNotATerminal() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let image = try await QRImages.write(try await sidecar.startPairing().qrPayload, with: .companionQR)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let result = try await CompanionCLI().run(["pair", "scan", image, "--confirm"], stdin: "\n")
        #expect(result.status == Exit.success, "\(result)")
        let countdown = result.stdout.split(separator: "\n").filter { $0.contains("code expires in ") }
        #expect(!countdown.isEmpty, "\(result)")
        #expect(!result.stdout.contains("\r") && !result.stdout.contains("\u{1B}"))
    }

    @Test func countdownRedrawsInPlaceOnATerminal() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let image = try await QRImages.write(try await sidecar.startPairing().qrPayload, with: .qrencodeCLI)
        defer { try? FileManager.default.removeItem(atPath: image) }
        // A pseudo-terminal; Enter is typed once the countdown has shown two different values.
        let session = try PseudoTerminalSession(
            [TestPaths.companionBinary.path, "pair", "scan", image, "--confirm"],
            environment: CompanionCLI().environment)
        defer { session.stop() }
        try await session.process.waitForOutput(timeout: 30) { out, _ in Self.ticks(in: out).count >= 2 }
        session.type("\n")
        let result = try await session.finish()
        let text = result.stdout
        #expect(result.status == Exit.success, "\(text)")
        #expect(text.contains("\r\u{1B}[2K"), "the line is redrawn in place")
        let ticks = Self.ticks(in: text)
        #expect(ticks.count >= 2, "the countdown moved: \(ticks)")
        #expect(text.contains("Paired with workstation"))
    }

    /// The different countdown values a transcript shows.
    static func ticks(in text: String) -> Set<Substring> {
        Set(text.components(separatedBy: "code expires in ").dropFirst().map { $0.prefix(4) })
    }
}
