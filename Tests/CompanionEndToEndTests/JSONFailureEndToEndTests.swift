import CompanionTestSupport
import Foundation
import Testing

/// Every command that prints data, run with `--json` where it must fail: standard output is still one JSON
/// document, `{"ok":false,"error":{code,message,hint,exitCode}}`, whose exit code is the process's.
@Suite struct JSONFailureEndToEndTests {
    /// Nothing listens on the discard port of loopback: connections are refused.
    static let dead = "http://127.0.0.1:9"
    static let missingDirectory = "/nonexistent/companion-\(UUID().uuidString)"
    /// A data directory the hook commands may create (their settings file, `/`, is what fails).
    static let scratchDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("companion-json-\(UUID().uuidString)").path
    static let session = UUID().uuidString.lowercased()

    static let failing: [[String]] = [
        ["connect", dead], ["status", "--url", dead], ["disconnect", "--url", dead],
        ["devices", "list", "--url", dead], ["devices", "revoke", "0123", "--url", dead],
        ["pair", "code", "123456", "--url", dead], ["pair", "code", "12x456", "--url", dead],
        ["pair", "scan", missingDirectory + "/qr.png"],
        ["keys", "show", "--profile", "json-none-\(UUID().uuidString.prefix(8))"],
        ["keys", "unlock", "--vault", "secret-service"], ["keys", "lock", "--vault", "secret-service"],
        ["keys", "init", "--vault", "plaintext"],
        ["qr", "encode", ""], ["qr", "decode", missingDirectory + "/qr.png"],
        ["sidecar", "serve", "--port", "70000"], ["sidecar", "pair", "--url", dead],
        ["sidecar", "devices", "list", "--data-dir", missingDirectory],
        ["sidecar", "devices", "revoke", "0123", "--data-dir", missingDirectory],
        ["sidecar", "audit", "--data-dir", missingDirectory],
        ["sidecar", "service", "install", "--no-start", "--vault", "file"],
        ["tasks", "list", "--url", dead], ["tasks", "show", "t1", "--url", dead],
        ["tasks", "create", "--title", "x", "--url", dead], ["tasks", "start", "t1", "--url", dead],
        ["tasks", "cancel", "t1", "--url", dead], ["logs", "t1", "--url", dead],
        ["projects", "--url", dead], ["sessions", "list", "--url", dead], ["chat", "--new", "hi", "--url", dead],
        ["status", "--no-such-option"],
        ["sessions", "delete", session, "--url", dead], ["agents", "list", "--url", dead],
        ["watch", "--url", dead], ["approve", "0123", "--url", dead],
        ["skills", "list", "--url", dead], ["plugins", "list", "--url", dead], ["mcp", "list", "--url", dead],
        ["config", "get", "--url", dead],
        // No D-Bus system bus (the environment below): avahi-daemon cannot be reached.
        ["discover", "--timeout", "1"],
        ["sidecar", "devices", "scope", "0123", "read", "--data-dir", missingDirectory],
        ["sidecar", "hooks", "install", "--settings", "/", "--data-dir", scratchDirectory],
        ["sidecar", "hooks", "uninstall", "--settings", "/", "--data-dir", scratchDirectory],
        ["sidecar", "hooks", "status", "--settings", "/", "--data-dir", scratchDirectory],
        ["tasks", "api-key"],
    ]

    @Test(arguments: failing)
    func stdoutIsTheFailureAsJSON(arguments: [String]) async throws {
        let result = try await CompanionCLI(environment: [
            "COMPANION_CONFIG": "/nonexistent/config.toml",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/companion-json-bus",
        ]).run(arguments + ["--json"], stdin: "")
        #expect(result.status != 0, "\(arguments) should fail: \(result)")
        let document = try JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        // `qr decode --json` reports per file: an array whose failed entries carry the error.
        let error = document["error"] ?? document.arrayValue?.compactMap { $0["error"] }.first
        if document.arrayValue == nil { #expect(document["ok"]?.boolValue == false, "\(arguments): \(result.stdout)") }
        #expect(error?["exitCode"]?.description == "\(result.status)", "\(arguments): \(result.stdout)")
        #expect(error?["message"]?.stringValue?.isEmpty == false, "\(arguments): \(result.stdout)")
        if document.arrayValue == nil {
            #expect(!result.stderr.isEmpty, "the person still gets the message on standard error")
        }
    }

    /// `--json` as an option's value (`mcp add … --arg --json`) or after `--` is not the flag: the failure is not
    /// printed as JSON on standard output.
    @Test(arguments: [
        ["mcp", "add", "tester", "--command", "server", "--arg", "--json", "--url", dead],
        ["chat", "--new", "--url", dead, "--", "--json"],
    ])
    func jsonAsAValueIsNotTheFlag(arguments: [String]) async throws {
        let result = try await CompanionCLI(environment: ["COMPANION_CONFIG": "/nonexistent/config.toml"])
            .run(arguments, stdin: "")
        #expect(result.status == Exit.network, "\(arguments): \(result)")
        #expect(result.stdout.isEmpty && result.stderr.contains("companion: error:"), "\(arguments): \(result)")
    }

    /// An error of no known kind (here the system's own, for a data directory below a file) is described
    /// generically, never dumped; its details appear only with COMPANION_LOG_LEVEL=debug.
    @Test func anUnexpectedErrorIsNeverPrintedRaw() async throws {
        let arguments = [
            "sidecar", "hooks", "status", "--settings", "/", "--data-dir", "/dev/null/companion", "--json",
        ]
        let plain = try await CompanionCLI().run(arguments, stdin: "")
        #expect(plain.status == Exit.failure, "\(plain)")
        #expect(plain.stderr.contains("the command failed in an unexpected way"), "\(plain)")
        #expect(plain.stderr.contains("COMPANION_LOG_LEVEL=debug"), "\(plain)")
        #expect(!plain.stderr.contains("Domain") && !plain.stderr.contains("debug: unexpected"), "\(plain)")
        #expect(try JSONValue.parse(plain.stdout)["error"]?["exitCode"]?.description == "1", "\(plain)")
        let debug = try await CompanionCLI(environment: ["COMPANION_LOG_LEVEL": "debug"]).run(arguments, stdin: "")
        #expect(debug.status == Exit.failure && debug.stderr.contains("debug: unexpected"), "\(debug)")
    }
}
