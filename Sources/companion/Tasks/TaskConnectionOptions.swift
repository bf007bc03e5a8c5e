import ArgumentParser
import CompanionAPI
import CompanionClient
import CompanionVault
import Foundation

/// Where the sidecar is and how to authenticate to its task endpoints.
///
/// URL: `--url`, else `$COMPANION_SIDECAR_URL`, else the stored one (vault item `sidecar-url`).
/// API key (`X-API-Key`): `--api-key-file`, else `$COMPANION_API_KEY`, else the vault item `api-key`.
/// Requests are signed with this device's key when it is paired with that sidecar.
struct TaskConnectionOptions: ParsableArguments {
    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var vault: VaultOptions

    @Option(name: .long, help: "File holding the sidecar's API key, sent as X-API-Key (default: the stored one).")
    var apiKeyFile: String?

    /// A client for the task endpoints.
    func client() throws -> TaskClient {
        let environment = ProcessInfo.processInfo.environment
        let given = sidecar.url ?? environment["COMPANION_SIDECAR_URL"].flatMap { $0.isEmpty ? nil : $0 }
        // With an explicit URL the vault is optional (nothing stored is needed); otherwise it must open.
        let store: (any CredentialVault)?
        do { store = try vault.open() } catch { if given == nil { throw error } else { store = nil } }
        let state = store.map { ClientState(vault: $0) }
        let url: String
        if let given {
            url = try ClientContext.normalized(given)
        } else if let state {
            url = try ClientContext(vault: state.vault, timeout: sidecar.timeout).sidecarURL(override: nil)
        } else {
            throw CLIFailure(.notPaired, "no sidecar URL", hint: "pass --url http://HOST:7878 or pair first")
        }
        guard let base = URL(string: url) else { throw CLIFailure(.usage, "invalid sidecar URL \(url.prefix(200))") }
        return TaskClient(
            baseURL: base, apiKey: try apiKey(environment, state: state), timeout: sidecar.timeout,
            sign: try signer(for: url, state: state))
    }

    private func apiKey(_ environment: [String: String], state: ClientState?) throws -> String? {
        if let apiKeyFile {
            guard let data = FileManager.default.contents(atPath: apiKeyFile) else {
                throw CLIFailure(.usage, "cannot read the API key file \(apiKeyFile)", hint: "check the path")
            }
            return Self.firstLine(data)
        }
        if let key = environment["COMPANION_API_KEY"], !key.isEmpty { return key }
        guard let stored = try? state?.vault.get(TasksAPIKeyCommand.itemName) else { return nil }
        return stored.withUnsafeBytes { Self.firstLine(Data($0)) }
    }

    /// Signs with this device's key when it is paired with exactly this sidecar.
    private func signer(for url: String, state: ClientState?) throws -> TaskClient.HeaderSigner? {
        guard let state, let record = try? state.pairing(), record.sidecarURL == url,
            let keyPair = try? state.storedIdentity()
        else { return nil }
        let signer = RequestSigner(keyPair: keyPair, deviceID: record.deviceId)
        return { method, pathAndQuery, body in signer.headers(method: method, pathAndQuery: pathAndQuery, body: body) }
    }

    static func firstLine(_ data: Data) -> String? {
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let key = line.trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }
}

extension TaskClientError: CLIFailureConvertible {
    var cliFailure: CLIFailure {
        switch self {
        case .transport(let why):
            CLIFailure(.network, "cannot reach the sidecar: \(why)", hint: "is `companion sidecar serve` running?")
        case .server(let status, _, let message) where status == 401:
            CLIFailure(
                .notPaired, "the sidecar refused the request: \(message)",
                hint: "pair this device with the sidecar (`companion pair scan|code`), or give the sidecar's API key "
                    + "(`companion tasks api-key --file FILE`, --api-key-file or $COMPANION_API_KEY)")
        case .server(_, _, let message):
            CLIFailure(.server, "the sidecar answered: \(message)")
        case .malformedAnswer(let why):
            CLIFailure(.server, "the sidecar's answer is malformed: \(why)", hint: "is the URL a companion sidecar?")
        case .noSuchTask(let id):
            CLIFailure(.server, "no such task: \(id)", hint: "list tasks with `companion tasks list`")
        }
    }
}
