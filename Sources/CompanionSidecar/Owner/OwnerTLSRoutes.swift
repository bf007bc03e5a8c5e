import CompanionAPI
import CompanionCrypto
import CompanionTLS
import Foundation
import Hummingbird

/// The owner socket's TLS routes: `GET /tls` (the pins, as `GET /companion/tls` answers them) and
/// `POST /tls/rotate` (``TLSRotateRequest``: announce the next key and when to switch; answered with the new
/// ``TLSStatusResponse``). Refused (409) when the sidecar serves the user's own certificate, 404 without TLS.
struct OwnerTLSRoutes {
    let tls: SidecarTLS?

    func register(on router: Router<OwnerRequestContext>) {
        router.get("tls") { _, _ in try JSONBody.response(try served().status) }
        router.post("tls/rotate") { request, _ in
            let tls = try served()
            guard let body = try await JSONBody.decode(TLSRotateRequest.self, from: request, limit: 4096),
                let bytes = Data(base64Encoded: body.nextKey),
                let key = try? TLSServerKey(secret: SecureBytes([UInt8](bytes)))
            else { throw SidecarError.badRequest("nextKey is not the base64 of a P-256 private key (32 bytes)") }
            do { try tls.announce(TLSRotation(next: key, switchAt: body.switchAt)) } catch {
                throw SidecarError(.conflict, "\(error)")
            }
            return try JSONBody.response(tls.status)
        }
    }

    private func served() throws -> SidecarTLS {
        guard let tls else { throw SidecarError.notFound(TLSRotationError.noTLS.description) }
        return tls
    }
}
