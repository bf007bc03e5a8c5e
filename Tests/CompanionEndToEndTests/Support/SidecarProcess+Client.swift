import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport

extension SidecarProcess {
    /// A client for this sidecar (loopback, so `pairing/start` is allowed).
    func client() throws -> CompanionAPIClient { try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds) }

    /// Starts a pairing, as the workstation does: over loopback TCP within the default scopes, through the owner
    /// socket for `control` or `admin` (which loopback refuses).
    func startPairing(ttlSeconds: Int? = nil, scopes: Set<DeviceScope>? = nil) async throws -> PairingStartResponse {
        if let scopes, !scopes.isSubset(of: DeviceScope.pairingDefault) {
            return try await OwnerControl(dataDirectory: dataDirectory, timeout: TestDeadline.seconds).startPairing(
                ttlSeconds: ttlSeconds, scopes: scopes)
        }
        return try await client().startPairing(ttlSeconds: ttlSeconds, scopes: scopes)
    }
}
