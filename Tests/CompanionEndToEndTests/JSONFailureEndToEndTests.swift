import CompanionTestSupport
import Foundation
import Testing

/// Every command that prints data, run with `--json` where it must fail: standard output is still one JSON
/// document, `{"ok":false,"error":{code,message,hint,exitCode}}`, whose exit code is the process's. These need the
/// real process (the vault, the sidecar's network or the system bus, which the libraries find through the
/// process's environment); those that fail before: `JSONFailureTests` (CompanionCLITests), in process.
@Suite struct JSONFailureEndToEndTests {
    /// Nothing listens on the discard port of loopback: connections are refused.
    static let dead = "http://127.0.0.1:9"
    static let missingDirectory = "/nonexistent/companion-\(UUID().uuidString)"
    static let session = UUID().uuidString.lowercased()

    static let failing: [[String]] = [
        ["connect", dead], ["status", "--url", dead], ["disconnect", "--url", dead],
        ["devices", "list", "--url", dead], ["devices", "revoke", "0123", "--url", dead],
        ["pair", "code", "123456", "--url", dead], ["pair", "code", "12x456", "--url", dead],
        ["pair", "scan", missingDirectory + "/qr.png"],
        ["keys", "show", "--profile", "json-none-\(UUID().uuidString.prefix(8))"],
        ["sidecar", "pair", "--url", dead],
        ["sidecar", "service", "install", "--no-start", "--vault", "file"],
        ["tasks", "list", "--url", dead], ["tasks", "show", "t1", "--url", dead],
        ["tasks", "create", "--title", "x", "--url", dead], ["tasks", "start", "t1", "--url", dead],
        ["tasks", "cancel", "t1", "--url", dead], ["logs", "t1", "--url", dead],
        ["projects", "--url", dead], ["sessions", "list", "--url", dead], ["chat", "--new", "hi", "--url", dead],
        ["sessions", "delete", session, "--url", dead], ["agents", "list", "--url", dead],
        ["watch", "--url", dead], ["approve", "0123", "--url", dead],
        ["skills", "list", "--url", dead], ["plugins", "list", "--url", dead], ["mcp", "list", "--url", dead],
        ["config", "get", "--url", dead],
        // No D-Bus system bus (the environment below): avahi-daemon cannot be reached.
        ["discover", "--timeout", "1"],
        ["tasks", "api-key"],
    ]

    @Test(arguments: failing)
    func stdoutIsTheFailureAsJSON(arguments: [String]) async throws {
        let result = try await CompanionCLI(environment: [
            "COMPANION_CONFIG": "/nonexistent/config.toml",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/companion-json-bus",
        ]).run(arguments + ["--json"], stdin: "")
        let problems = JSONFailureShape.problems(status: result.status, stdout: result.stdout, stderr: result.stderr)
        #expect(problems.isEmpty, "\(arguments): \(problems)")
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
}
