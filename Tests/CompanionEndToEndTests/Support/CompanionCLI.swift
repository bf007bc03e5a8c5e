import CompanionTestSupport
import Foundation

/// The real `companion` binary, run as a new process each time, with its own vault profile.
///
/// Under `scripts/with-keyring.sh` (``TestKeyring/isAvailable``) the vault is the real gnome-keyring (Secret
/// Service); elsewhere an encrypted file vault in a temporary directory, so the tests still run.
struct CompanionCLI {
    let profile: String
    /// Added to (nil: removed from) this process's environment for every run.
    let environment: [String: String?]

    init(profile: String = "e2e-\(UUID().uuidString.prefix(8))", environment extra: [String: String?] = [:]) {
        self.profile = profile
        var environment: [String: String?] = ["COMPANION_PROFILE": profile, "NO_COLOR": "1", "LD_PRELOAD": nil]
        if TestKeyring.isAvailable {
            environment["COMPANION_VAULT"] = "secret-service"
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vault-\(profile)")
            environment["COMPANION_VAULT"] = "file"
            environment["COMPANION_VAULT_PASSPHRASE"] = "e2e passphrase \(profile)"
            environment["XDG_DATA_HOME"] = directory.path
        }
        self.environment = environment.merging(extra) { $1 }
    }

    /// A companion that sends the task sidecars' API key (``SidecarOptions/taskAPIKey``).
    static let taskKey = CompanionCLI(environment: ["COMPANION_API_KEY": SidecarOptions.taskAPIKey])

    /// Runs `companion <arguments>` to completion.
    func run(_ arguments: [String], stdin: String? = nil, timeout: Double = 120) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            TestPaths.companionBinary.path, arguments, input: stdin, environment: environment, timeout: timeout)
    }

    /// Starts `companion <arguments>`; the test watches its output and ends it.
    func spawn(_ arguments: [String]) throws -> RunningProcess {
        try ProcessRunner.spawn(TestPaths.companionBinary.path, arguments, environment: environment)
    }

    /// Runs `companion <arguments> --json` and parses standard output.
    func json(_ arguments: [String], stdin: String? = nil) async throws -> (ProcessRunner.Result, JSONValue) {
        let result = try await run(arguments + ["--json"], stdin: stdin)
        return (result, try result.json())
    }
}

/// The answer to `pair code`'s question "does the workstation show the same verification code?".
let confirmsVerification = "y\n"
