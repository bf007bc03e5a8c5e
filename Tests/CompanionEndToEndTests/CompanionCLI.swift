import CompanionTestSupport
import Foundation

/// The real `companion` binary, run as a new process each time, with its own vault profile.
///
/// Under `scripts/with-keyring.sh` (COMPANION_TEST_KEYRING=1) the vault is the real gnome-keyring
/// (Secret Service); elsewhere an encrypted file vault in a temporary directory, so the tests still run.
struct CompanionCLI {
    let profile: String
    let environment: [String: String]

    init(profile: String = "e2e-\(UUID().uuidString.prefix(8))") {
        self.profile = profile
        var environment = ProcessInfo.processInfo.environment
        environment["COMPANION_PROFILE"] = profile
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "LD_PRELOAD")
        if Self.usesKeyring {
            environment["COMPANION_VAULT"] = "secret-service"
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vault-\(profile)")
            environment["COMPANION_VAULT"] = "file"
            environment["COMPANION_VAULT_PASSPHRASE"] = "e2e passphrase \(profile)"
            environment["XDG_DATA_HOME"] = directory.path
        }
        self.environment = environment
    }

    /// True when a real, unlocked Secret Service is provided (CI runs tests under scripts/with-keyring.sh).
    static var usesKeyring: Bool { ProcessInfo.processInfo.environment["COMPANION_TEST_KEYRING"] == "1" }

    /// Runs `companion <arguments>` to completion.
    func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 60) async throws -> ProcessResult {
        try await ChildProcess.run(
            TestPaths.companionBinary.path, arguments, environment: environment, stdin: stdin, timeout: timeout)
    }

    /// Runs `companion <arguments> --json` and parses standard output.
    func json(_ arguments: [String], stdin: String? = nil) async throws -> (ProcessResult, JSONValue) {
        let result = try await run(arguments + ["--json"], stdin: stdin)
        return (result, try result.json())
    }
}

/// The answer to `pair code`'s question "does the workstation show the same verification code?".
let confirmsVerification = "y\n"

/// Exit codes of `companion` (Sources/companion/Support/CLIFailure.swift), as the tests expect them.
enum Exit {
    static let success: Int32 = 0
    static let network: Int32 = 4
    static let server: Int32 = 5
    static let pairing: Int32 = 6
    static let notPaired: Int32 = 7
    static let trust: Int32 = 11
    static let usage: Int32 = 64
}
