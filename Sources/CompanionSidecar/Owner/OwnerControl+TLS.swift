import CompanionAPI
import CompanionTLS
import Foundation

extension OwnerControl {
    /// The running sidecar's TLS pins (``TLSStatusResponse``); nil when no sidecar serves from the data directory.
    package func tlsStatus() async throws -> TLSStatusResponse? {
        try await perform(
            running: { try await $0.get("/tls", as: TLSStatusResponse.self) }, stopped: { _ in nil })
    }

    /// Announces `rotation` to the running sidecar (it switches at its time; until then `GET /companion/tls`
    /// names the next pin); nil when no sidecar runs (the next start reads the rotation from the vault).
    package func announceTLSRotation(_ rotation: TLSRotation) async throws -> TLSStatusResponse? {
        let key = rotation.next.secret.base64Encoded().withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        let body = TLSRotateRequest(nextKey: key, switchAt: rotation.switchAt)
        return try await perform(
            running: { try await $0.post("/tls/rotate", json: body, as: TLSStatusResponse.self) },
            stopped: { _ in nil })
    }
}
