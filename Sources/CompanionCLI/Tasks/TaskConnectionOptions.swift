import ArgumentParser
import CompanionKit
import CompanionVault
import Foundation

/// Where the sidecar is and how to authenticate to its task and Claude Code endpoints.
///
/// URL: `--url`, else `$COMPANION_SIDECAR_URL`, else the stored one (vault item `sidecar-url`).
/// API key (`X-API-Key` for tasks, `Authorization: Bearer` for `/api/v1`): `--api-key-file`, else `$COMPANION_API_KEY`, else the vault item `api-key`.
/// Requests are signed with this device's key when it is paired with that sidecar (``TaskAccess``).
struct TaskConnectionOptions: ParsableArguments {
    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var vault: VaultOptions

    @Option(
        name: .long,
        help: "File holding the sidecar's API key, sent as X-API-Key or a Bearer token (default: the stored one).")
    var apiKeyFile: String?

    /// The URL given (`--url` or `$COMPANION_SIDECAR_URL`), the API key given, and the store: with an explicit
    /// URL the vault is optional (nothing stored is needed); otherwise it must open.
    /// A usage failure (an invalid settings file or `COMPANION_VAULT`) is never passed over, URL or not.
    func access() throws -> (url: String?, apiKey: String?, store: CompanionStore?) {
        _ = try CLISettings.resolution()
        let given = sidecar.given
        let store: CompanionStore?
        do { store = CompanionStore(vault: try vault.open()) } catch {
            if let failure = error as? CLIFailure, failure.status == .usage { throw failure }
            if given == nil { throw error } else { store = nil }
        }
        return (given, try apiKey(), store)
    }

    /// The task endpoints; their failures carry their advice (pair, or give the API key; list tasks).
    func tasks() throws -> WorkstationTasks {
        let (url, apiKey, store) = try access()
        return try TaskAccess.tasks(url: url, apiKey: apiKey, store: store, timeout: sidecar.timeout)
    }

    /// Runs task calls.
    func run<T>(_ body: (WorkstationTasks) async throws -> T) async throws -> T {
        try await body(tasks())
    }

    /// The key from `--api-key-file` or `$COMPANION_API_KEY`; nil leaves the stored one.
    private func apiKey() throws -> String? {
        if let apiKeyFile {
            guard let data = FileManager.default.contents(atPath: apiKeyFile) else {
                throw CLIFailure(.usage, "cannot read the API key file \(apiKeyFile)", hint: "check the path")
            }
            return CompanionStore.firstLine(data)
        }
        return try CLISettings.resolution().resolve(.apiKey)?.value
    }
}
