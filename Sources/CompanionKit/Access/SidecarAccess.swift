import CompanionAPI
import CompanionClient
import Foundation

/// How a companion reaches the sidecar's task and Claude Code endpoints: the sidecar URL, and the credentials
/// it sends — this device's signature when it is paired with exactly that sidecar, and the API key when one is
/// given or stored. One definition of "sign only for the paired URL" for every client path. Internal: the facades
/// (``TaskAccess``, ``ClaudeCodeAccess``, ``AgentAccess``…) are what CompanionKit hands out, never a transport.
enum SidecarAccess {
    /// A transport for `url` (else the stored sidecar URL), with `apiKey` (else the stored one).
    ///
    /// `store` may be nil when the vault cannot be opened: then `url` is required and requests carry only the
    /// API key given here.
    static func transport(
        url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval = 10
    ) throws(CompanionError) -> SidecarTransport {
        let resolved: String
        if let url {
            resolved = try Companion.normalizedURL(url)
        } else if let store, let stored = try store.sidecarURL() {
            resolved = stored
        } else {
            throw CompanionError(.notPaired, "no sidecar URL", hint: "pass --url http://HOST:7878 or pair first")
        }
        var key = apiKey
        if key == nil, let store { key = try store.apiKey() }
        var signer: RequestSigner?
        var tls = SidecarTLSPolicy.systemTrust
        if let store {
            let record = try store.pairing()
            signer = try Companion(vault: store.vault, timeout: timeout).signer(for: resolved, record: record)
            tls = Companion.tlsPolicy(for: resolved, record: record)
        }
        do {
            return try SidecarTransport(
                baseURL: resolved, authentication: SidecarAuthentication(signer: signer, apiKey: key),
                timeout: .milliseconds(Int64((timeout * 1000).rounded())), tls: tls)
        } catch {
            throw CompanionError.from(error)
        }
    }
}
