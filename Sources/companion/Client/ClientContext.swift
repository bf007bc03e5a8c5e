import CompanionAPI
import CompanionClient
import CompanionVault

/// What a client command works with: the stored state and a way to build an API client.
struct ClientContext {
    let state: ClientState
    let timeout: Double

    init(vault: any CredentialVault, timeout: Double) {
        state = ClientState(vault: vault)
        self.timeout = timeout
    }

    /// The URL to use: `override` if given, else the stored one; fails with `notPaired` when there is none.
    func sidecarURL(override: String?) throws -> String {
        if let override { return try Self.normalized(override) }
        guard let stored = try state.sidecarURL() else {
            throw CLIFailure(
                .notPaired, "no sidecar configured for this companion",
                hint: "run `companion connect URL` or pair with `companion pair scan IMAGE`, or pass --url")
        }
        return stored
    }

    /// A client for `url`. With `signed`, requests to endpoints that require it are signed with this device's
    /// key when it is paired with that very sidecar (nothing is signed for another URL).
    func client(url: String, signed: Bool = false) throws -> CompanionAPIClient {
        let signer = signed ? try signer(for: url) : nil
        do { return try CompanionAPIClient(baseURL: url, timeout: timeout, signer: signer) } catch {
            throw ClientFailures.failure(for: error)
        }
    }

    private func signer(for url: String) throws -> RequestSigner? {
        guard let record = try state.pairing(), record.sidecarURL == url, let keyPair = try state.storedIdentity()
        else { return nil }
        return RequestSigner(keyPair: keyPair, deviceID: record.deviceId)
    }

    /// `url` checked by ``SidecarURLPolicy`` and normalised.
    static func normalized(_ url: String) throws -> String {
        do { return try SidecarURLPolicy.validate(url).absoluteString } catch {
            throw ClientFailures.failure(for: error)
        }
    }
}
