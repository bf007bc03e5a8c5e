import CompanionAPI
import CompanionClient
import CompanionTestSupport

extension SidecarProcess {
    /// A client for this sidecar (loopback, so `pairing/start` is allowed).
    func client() throws -> CompanionAPIClient { try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds) }

    /// Starts a pairing, as the workstation does.
    func startPairing(ttlSeconds: Int? = nil, scopes: Set<DeviceScope>? = nil) async throws -> PairingStartResponse {
        try await client().startPairing(ttlSeconds: ttlSeconds, scopes: scopes)
    }
}
