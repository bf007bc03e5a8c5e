import CompanionTestSupport
import Foundation
import Testing

/// Commands that fail before they reach a vault, a sidecar or D-Bus, run in process with `--json`: standard output
/// is still one JSON document, `{"ok":false,"error":{code,message,hint,exitCode}}`, whose exit code is the run's.
/// (Those that need the vault, the network or the system bus: `JSONFailureEndToEndTests`.)
@Suite struct JSONFailureTests {
    static let missingDirectory = "/nonexistent/companion-\(UUID().uuidString)"
    /// A data directory the hook commands may create (their settings file, `/`, is what fails).
    static let scratchDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("companion-json-\(UUID().uuidString)").path

    static let failing: [[String]] = [
        ["keys", "unlock", "--vault", "secret-service"], ["keys", "lock", "--vault", "secret-service"],
        ["keys", "init", "--vault", "plaintext"],
        ["qr", "encode", ""], ["qr", "decode", missingDirectory + "/qr.png"],
        ["sidecar", "serve", "--port", "70000"],
        ["sidecar", "devices", "list", "--data-dir", missingDirectory],
        ["sidecar", "devices", "revoke", "0123", "--data-dir", missingDirectory],
        ["sidecar", "audit", "--data-dir", missingDirectory],
        ["status", "--no-such-option"],
        ["sidecar", "devices", "scope", "0123", "read", "--data-dir", missingDirectory],
        ["sidecar", "hooks", "install", "--settings", "/", "--data-dir", scratchDirectory],
        ["sidecar", "hooks", "uninstall", "--settings", "/", "--data-dir", scratchDirectory],
        ["sidecar", "hooks", "status", "--settings", "/", "--data-dir", scratchDirectory],
    ]

    @Test(arguments: failing)
    func stdoutIsTheFailureAsJSON(arguments: [String]) async throws {
        let result = try await InProcessCLI(["COMPANION_CONFIG": "/nonexistent/config.toml"])
            .run(arguments + ["--json"])
        let problems = JSONFailureShape.problems(status: result.status, stdout: result.stdout, stderr: result.stderr)
        #expect(problems.isEmpty, "\(arguments): \(problems)")
    }

    /// An error of no known kind (here the system's own, for a data directory below a file) is described
    /// generically, never dumped; its details appear only with COMPANION_LOG_LEVEL=debug.
    @Test func anUnexpectedErrorIsNeverPrintedRaw() async throws {
        let arguments = [
            "sidecar", "hooks", "status", "--settings", "/", "--data-dir", "/dev/null/companion", "--json",
        ]
        let plain = try await InProcessCLI().run(arguments)
        #expect(plain.status == Exit.failure, "\(plain)")
        #expect(plain.stderr.contains("the command failed in an unexpected way"), "\(plain)")
        #expect(plain.stderr.contains("COMPANION_LOG_LEVEL=debug"), "\(plain)")
        #expect(!plain.stderr.contains("Domain") && !plain.stderr.contains("debug: unexpected"), "\(plain)")
        #expect(try JSONValue.parse(plain.stdout)["error"]?["exitCode"]?.description == "1", "\(plain)")
        let debug = try await InProcessCLI(["COMPANION_LOG_LEVEL": "debug"]).run(arguments)
        #expect(debug.status == Exit.failure && debug.stderr.contains("debug: unexpected"), "\(debug)")
    }
}
