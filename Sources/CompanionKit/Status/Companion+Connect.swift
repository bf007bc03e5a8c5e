import CompanionAPI
import CompanionClient

/// What ``Companion/connect(_:)`` found.
public struct ConnectReport: Sendable, Equatable {
    /// The normalised URL, now stored as this companion's sidecar.
    public let sidecarURL: String
    /// `GET /health`, nil for a sidecar without it (the brief makes it optional).
    public let health: HealthResponse?
    /// True when `/health` says this is a CompanionKit sidecar speaking the pairing protocol.
    public let isCompanionSidecar: Bool
    /// The open status.
    public let status: StatusReport
}

extension Companion {
    /// The onboarding step "check the workstation": `GET /health` (optional) and `GET /companion/status` of
    /// the sidecar at `url`; on success the URL is stored as this companion's sidecar.
    public func connect(_ url: String) async throws(CompanionError) -> ConnectReport {
        let url = try Self.normalizedURL(url)
        let client = try client(url: url)
        let health: HealthResponse?
        do { health = try await client.health() } catch {
            guard case .server(404, _, _) = error else { throw CompanionError.from(error) }
            health = nil
        }
        let status = try await Self.call { () throws(CompanionClientError) in try await client.status() }
        try store.saveSidecarURL(url)
        let isSidecar = health.map { $0.service == "companion-sidecar" && $0.protocol == QRPayload.protocolName }
        return ConnectReport(
            sidecarURL: url, health: health, isCompanionSidecar: isSidecar ?? true,
            status: StatusReport(status, url: url, record: try store.pairing()))
    }
}
